"""Actions: what a player can do, as small immutable values that print and parse back.

==========================================  ==================================================================
text                                        meaning
==========================================  ==================================================================
``use [8♠ 9♠ 10♠] [10♥ 10♦ 10♣]``           use the card on offer; the player's melds *after* the move, all of them
``pass``                                    decline the card on offer
``take``                                    take the card on offer into the hand (only where ``drawn_to_hand``)
``lay [A♠ 2♠ 3♠] [10♥ 10♦ 10♣]``            meld from the hand without using the card (only where ``meld_without_use``)
``force [4♥ 5♥ 6♥]``                        active forcing: put the card on offer on that meld of the opponent
``force as [3♣ 4♣ 5♣ 6♣] [J♣ J♥ J♦]``       forcing by regrouping: the opponent's melds *after*, the card among them
``discard 6♦``                              discard a hand card
``discard 7♥ onto [4♥ 5♥ 6♥]``              discard by forcing the card on the opponent's meld (active forcing)
``discard 7♥ as [5♥ 6♥ 7♥] [7♠ 7♦ 7♣]``     discard by forcing, regrouping the opponent's melds (``force_regrouping``)
``demand``                                  reactive forcing: make the opponent take the card he declined
``waive``                                   let the declined card go
``give 5♣``                                 pass a hand card face down to the next player (only where ``exchange``)
==========================================  ==================================================================

Groups of cards are held as masks of :attr:`Card.code <conquian.cards.Card.code>`, so an action does not
depend on the pack and compares by value.  What an action means in a game, in words, is
given by the game (see :mod:`conquian.games.conquian.words`).
"""

from __future__ import annotations

import enum

from ...cards import JOKER_CODE, cards as _cards, cards_of, format_cards, mask_of
from ...errors import ActionError
from ...text import shorten, shown_number, split_groups
from ...vocabulary import ActionBase

__all__ = ["Action", "Kind"]

_CARD_BITS = (1 << JOKER_CODE) - 1


class Kind(enum.Enum):
    USE = "use"
    PASS = "pass"
    TAKE = "take"
    LAY = "lay"
    FORCE = "force"
    DISCARD = "discard"
    DEMAND = "demand"
    WAIVE = "waive"
    GIVE = "give"


_WITH_MELDS = (Kind.USE, Kind.LAY)
_BARE = (Kind.PASS, Kind.TAKE, Kind.DEMAND, Kind.WAIVE)


def _group_text(mask: int, ascii: bool = False) -> str:
    cs = sorted(cards_of(mask), key=lambda c: (c.suit, c.rank))
    return "[" + format_cards(cs, ascii) + "]"


class Action(ActionBase):
    """One action: ``(kind, melds, card, onto)``.

    ``melds`` is the player's whole table after a ``use``/``lay`` (sorted masks), or the opponent's after a forcing
    move that regroups them; ``card`` the discarded card's bit; ``onto`` the opponent's meld a card is forced onto.
    A tuple, so that the engine can make thousands a second and compare them cheaply.  Built by hand, an action is
    checked for its shape:
    ``Action(Kind.DISCARD)`` without a card raises :class:`~conquian.errors.ActionError`.
    """

    __slots__ = ()
    KINDS = Kind
    MAX_TEXT = 1_000  # a use of twenty cards in ten melds is about 110 characters: room for any spacing typed

    def __new__(cls, kind: Kind, melds: tuple[int, ...] = (), card: int = 0, onto: int = 0) -> "Action":
        _check_shape(kind, melds, card, onto)
        return tuple.__new__(cls, (kind, tuple(sorted(melds)), card, onto))

    kind: Kind = property(lambda self: self[0])  # type: ignore[assignment]
    melds: tuple[int, ...] = property(lambda self: self[1])  # type: ignore[assignment]
    card: int = property(lambda self: self[2])  # type: ignore[assignment]
    onto: int = property(lambda self: self[3])  # type: ignore[assignment]

    # -- text ---------------------------------------------------------------------------------
    def text(self, table=None, ascii: bool = False) -> str:
        """The action as text; with a meld table, cards print in the pack's sequence order."""
        group = (lambda m: "[" + table.text(m, ascii) + "]") if table is not None else (lambda m: _group_text(m, ascii))
        k = self.kind
        if k in _WITH_MELDS:
            return k.value + " " + " ".join(group(m) for m in self.melds)
        regrouped = " as " + " ".join(group(m) for m in self.melds) if self.melds else ""
        if k is Kind.FORCE:
            return "force" + regrouped if regrouped else f"force {group(self.onto)}"
        if k is Kind.DISCARD or k is Kind.GIVE:
            (c,) = cards_of(self.card)
            return f"{k.value} {c.ascii if ascii else c}" + (f" onto {group(self.onto)}" if self.onto else regrouped)
        return k.value

    @classmethod
    def _read(cls, kind: Kind, rest: str, shown: str) -> "Action":
        """The action of that kind (:meth:`~conquian.vocabulary.ActionBase.parse` reads its text, Unicode or ASCII).

        >>> Action.parse('use [8S 9S TS] [10h 10d 10c]')
        Action.parse('use [8♠ 9♠ 10♠] [10♥ 10♦ 10♣]')
        """
        if kind in _WITH_MELDS:
            groups = _groups(rest, shown)
            if not groups:
                raise ActionError(f"action {shown!r}: '{kind.value}' needs the melds after the move, e.g. "
                                  f"'{kind.value} [5♥ 6♥ 7♥]'")
            return cls(kind, tuple(groups))
        if kind is Kind.FORCE:
            word, _, after = rest.partition(" ")
            if word.isascii() and word.lower() == "as":
                return cls(kind, tuple(_regrouped(after, shown)))
            groups = _groups(rest, shown)
            if len(groups) != 1:
                raise ActionError(f"action {shown!r}: 'force' names one meld of the opponent, e.g. 'force [4♥ 5♥ 6♥]', "
                                  "or his melds after regrouping them, e.g. 'force as [3♣ 4♣ 5♣ 6♣] [J♣ J♥ J♦]'")
            return cls(kind, onto=groups[0])
        if kind is Kind.DISCARD:
            return _discard(rest, shown)
        if kind is Kind.GIVE:
            found = _cards(rest)
            if len(found) != 1:
                raise ActionError(f"action {shown!r}: 'give' needs one card, e.g. 'give 6♦'"
                                  + (f"; found {len(found)}" if found else ""))
            return cls(kind, card=1 << found[0].code)
        if rest:
            raise ActionError(f"action {shown!r}: '{kind.value}' takes nothing after it")
        return cls(kind)


def _discard(rest: str, shown: str) -> Action:
    parts = rest.split(None, 2)  # the card, then nothing, 'onto [meld]' or 'as [meld] [meld] ...'
    found = _cards(parts[0]) if parts else ()
    word = parts[1].lower() if len(parts) > 1 and parts[1].isascii() else ""
    onto_word = word == "onto"
    if len(found) == 1 and word == "as":
        return Action(Kind.DISCARD, tuple(_regrouped(parts[2] if len(parts) == 3 else "", shown)),
                      card=1 << found[0].code)
    if len(found) != 1 or (len(parts) > 1 and not onto_word):
        count = len(found) if len(parts) < 2 else len(rest.replace(",", " ").split())
        raise ActionError(f"action {shown!r}: 'discard' needs one card, e.g. 'discard 6♦'"
                          + (f"; found {count}" if count else ""))
    onto = 0
    if onto_word:
        groups = _groups(parts[2] if len(parts) == 3 else "", shown)
        if len(groups) != 1:
            raise ActionError(f"action {shown!r}: 'onto' names one meld of the opponent, e.g. 'onto [4♥ 5♥ 6♥]'")
        onto = groups[0]
    return Action(Kind.DISCARD, card=1 << found[0].code, onto=onto)


def _regrouped(text: str, shown: str) -> list[int]:
    groups = _groups(text, shown)
    if not groups:
        raise ActionError(f"action {shown!r}: 'as' needs the opponent's melds after the move, e.g. "
                          "'as [3♣ 4♣ 5♣ 6♣] [J♣ J♥ J♦]'")
    return groups


def _groups(text: str, shown: str) -> list[int]:
    groups = []
    try:
        pieces = list(split_groups(text))
    except ValueError as exc:
        raise ActionError(f"action {shown!r}: {exc}") from None
    for content, bracketed, _ in pieces:
        if not bracketed:
            raise ActionError(f"action {shown!r}: cards must be grouped in brackets, e.g. [5♥ 6♥ 7♥]; "
                              f"unexpected {shorten(content.split()[0], 20)!r}")
        cs = _cards(content)
        if not cs:
            raise ActionError(f"action {shown!r}: an empty meld []")
        if any(c.is_joker for c in cs):
            raise ActionError(f"action {shown!r}: there is no joker in Conquian")
        groups.append(mask_of(cs))
    seen = 0
    for g in groups:
        if g & seen:
            raise ActionError(f"action {shown!r}: a card stands in two melds")
        seen |= g
    return groups


def _is_mask(x: object) -> bool:
    return type(x) is int and x > 0 and not x & ~_CARD_BITS


def _check_shape(kind: Kind, melds: tuple, card: int, onto: int) -> None:
    """An action built by hand must have the shape its kind needs (the engine makes its own without this check)."""
    if not isinstance(kind, Kind):
        raise TypeError(f"Action(kind) must be a Kind, not {type(kind).__name__}")
    if not isinstance(melds, tuple) or not all(_is_mask(m) for m in melds):
        raise ActionError("Action(melds) must be a tuple of card masks (ints with a bit per card)")
    for name, value in (("card", card), ("onto", onto)):
        if type(value) is not int or value < 0 or value & ~_CARD_BITS:
            shown = shown_number(value) if type(value) is int else shorten(repr(value), 40) if isinstance(value, str) \
                else type(value).__name__
            raise ActionError(f"Action({name}) must be a card mask, not {shown}")
    need = {"melds": kind in _WITH_MELDS, "card": kind in (Kind.DISCARD, Kind.GIVE),
            "onto": kind is Kind.FORCE and not melds}
    for name, value in (("melds", melds), ("card", card), ("onto", onto)):
        if need[name] and not value:
            raise ActionError(f"a '{kind.value}' action needs {name}")
    if melds and kind not in _WITH_MELDS and kind not in (Kind.FORCE, Kind.DISCARD):
        raise ActionError(f"a '{kind.value}' action has no melds")
    if melds and onto:
        raise ActionError(f"a '{kind.value}' action names the meld it forces onto or, regrouping, the opponent's "
                          "melds after it ('as'), not both")
    if card and (kind not in (Kind.DISCARD, Kind.GIVE) or card & (card - 1)):
        raise ActionError("only a 'discard' or a 'give' has a card, and just one")
    if onto and kind not in (Kind.FORCE, Kind.DISCARD):
        raise ActionError(f"a '{kind.value}' action has no 'onto' meld")
    seen = 0
    for m in melds:
        if m & seen:
            raise ActionError("a card stands in two melds")
        seen |= m
