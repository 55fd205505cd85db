"""Actions: what a player can do, as small immutable values that print and parse back.

======================================  ==================================================================
text                                    meaning
======================================  ==================================================================
``use [8♠ 9♠ 10♠] [10♥ 10♦ 10♣]``       use the card on offer; the player's melds *after* the move, all of them
``pass``                                decline the card on offer
``take``                                take the card on offer into the hand (only where ``drawn_to_hand``)
``lay [A♠ 2♠ 3♠] [10♥ 10♦ 10♣]``        meld from the hand without using the card (only where ``meld_without_use``)
``force [4♥ 5♥ 6♥]``                    active forcing: put the card on offer on that meld of the opponent
``discard 6♦``                          discard a hand card
``discard 7♥ onto [4♥ 5♥ 6♥]``          discard by forcing the card on the opponent's meld (active forcing)
``demand``                              reactive forcing: make the opponent take the card he declined
``waive``                               let the declined card go
======================================  ==================================================================

Groups of cards are held as bitmasks of :attr:`Card.code <conquian.cards.Card.code>`, so an action
does not depend on the pack and compares by value.
"""

from __future__ import annotations

import enum
import re

from .cards import Card, SUITS, cards as _cards, format_cards
from .errors import ActionError, CardError
from .melds import bits

__all__ = ["Action", "Kind"]

_BY_CODE = [Card(r, s) for s in SUITS for r in range(1, 14)]


class Kind(enum.Enum):
    USE = "use"
    PASS = "pass"
    TAKE = "take"
    LAY = "lay"
    FORCE = "force"
    DISCARD = "discard"
    DEMAND = "demand"
    WAIVE = "waive"


def _group_text(mask: int, ascii: bool = False) -> str:
    cs = sorted((_BY_CODE[b.bit_length() - 1] for b in bits(mask)), key=lambda c: (c.suit, c.rank))
    if len({c.rank for c in cs}) == 1:
        cs.sort(key=lambda c: c.suit)
    return "[" + format_cards(cs, ascii) + "]"


class Action(tuple):
    """One action: ``(kind, melds, card, onto)``.

    ``melds`` is the player's whole table after a ``use``/``lay`` (sorted masks); ``card`` the discarded
    card's bit; ``onto`` the opponent's meld a card is forced onto.  A tuple, so that the engine can make
    thousands a second and compare them cheaply.
    """

    __slots__ = ()

    def __new__(cls, kind: Kind, melds: tuple[int, ...] = (), card: int = 0, onto: int = 0) -> "Action":
        return tuple.__new__(cls, (kind, melds, card, onto))

    kind: Kind = property(lambda self: self[0])  # type: ignore[assignment]
    melds: tuple[int, ...] = property(lambda self: self[1])  # type: ignore[assignment]
    card: int = property(lambda self: self[2])  # type: ignore[assignment]
    onto: int = property(lambda self: self[3])  # type: ignore[assignment]

    # -- text ---------------------------------------------------------------------------------
    def text(self, table=None, ascii: bool = False) -> str:
        """The action as text; with a meld table, cards print in the pack's sequence order."""
        group = (lambda m: "[" + table.text(m, ascii) + "]") if table is not None else (lambda m: _group_text(m, ascii))
        k = self.kind
        if k in (Kind.USE, Kind.LAY):
            return k.value + (" " + " ".join(group(m) for m in self.melds) if self.melds else "")
        if k is Kind.FORCE:
            return f"force {group(self.onto)}"
        if k is Kind.DISCARD:
            c = _BY_CODE[self.card.bit_length() - 1]
            c = c.ascii if ascii else str(c)
            return f"discard {c}" + (f" onto {group(self.onto)}" if self.onto else "")
        return k.value

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"Action.parse({self.text()!r})"

    @classmethod
    def parse(cls, text: str) -> "Action":
        """Read action text (Unicode or ASCII cards).

        >>> Action.parse('use [8S 9S TS] [10h 10d 10c]')
        Action.parse('use [8♠ 9♠ 10♠] [10♥ 10♦ 10♣]')
        """
        if isinstance(text, Action):
            return text
        if not isinstance(text, str):
            raise ActionError(f"an action must be text or an Action, not {text!r}")
        t = text.strip()
        word, _, rest = t.partition(" ")
        try:
            kind = Kind(word.lower())
        except ValueError:
            raise ActionError(f"action {text!r}: {word!r} is not an action; actions: "
                              f"{', '.join(k.value for k in Kind)}") from None
        rest = rest.strip()
        try:
            if kind in (Kind.USE, Kind.LAY):
                groups = _groups(rest, text)
                if not groups:
                    raise ActionError(f"action {text!r}: '{kind.value}' needs the melds after the move, e.g. "
                                      f"'{kind.value} [5♥ 6♥ 7♥]'")
                seen = 0
                for g in groups:
                    if g & seen:
                        raise ActionError(f"action {text!r}: a card stands in two melds")
                    seen |= g
                return cls(kind, tuple(sorted(groups)))
            if kind is Kind.FORCE:
                groups = _groups(rest, text)
                if len(groups) != 1:
                    raise ActionError(f"action {text!r}: 'force' names one meld of the opponent, e.g. 'force [4♥ 5♥ 6♥]'")
                return cls(kind, onto=groups[0])
            if kind is Kind.DISCARD:
                m = re.fullmatch(r"(\S+)(?:\s+onto\s+(.*))?", rest, re.S | re.I)
                if not m:
                    raise ActionError(f"action {text!r}: 'discard' needs a card, e.g. 'discard 6♦'")
                (card,) = _cards(m.group(1)) or (None,)
                onto = 0
                if m.group(2) is not None:
                    groups = _groups(m.group(2), text)
                    if len(groups) != 1:
                        raise ActionError(f"action {text!r}: 'onto' names one meld of the opponent")
                    onto = groups[0]
                return cls(kind, card=1 << card.code, onto=onto)
        except CardError as exc:
            raise ActionError(f"action {text!r}: {exc}") from None
        if rest:
            raise ActionError(f"action {text!r}: '{kind.value}' takes nothing after it")
        return cls(kind)


def _groups(text: str, whole: str) -> list[int]:
    groups = []
    for m in re.finditer(r"\[([^\[\]]*)\]|(\S)", text):
        if m.group(2) is not None:
            raise ActionError(f"action {whole!r}: cards must be grouped in brackets, e.g. [5♥ 6♥ 7♥]; "
                              f"unexpected {text[m.start():].split()[0]!r}")
        cs = _cards(m.group(1))
        if not cs:
            raise ActionError(f"action {whole!r}: an empty meld []")
        mask = 0
        for c in cs:
            mask |= 1 << c.code
        groups.append(mask)
    return groups
