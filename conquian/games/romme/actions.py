"""Rommé actions: what a player can do, as small immutable values that print and parse back.

- ``keep``, ``leave``: keep the joker found at the cut, or leave it in the pack;
- ``draw``: take the top card of the stock into the hand;
- ``take``: take the top card of the discard pile;
- ``meld [7♠ 🃏=8♠ 9♠]``: lay out one meld from the hand;
- ``lay 5♠ on [2♠ 3♠ 4♠]``: lay off one card on a meld on the table; ``lay 🃏=A♠ on [2♠ 3♠ 4♠]`` lays off a
  joker, saying which card it stands for (bare on a set);
- ``exchange 6♣ in [6♠ 6♥ 🃏] meld [🃏=9♦ 10♦ J♦]``: put the card in the joker's place, and meld the joker at
  once;
- ``discard 7♥``: discard, ending the turn (the last card: going out).

A sequence of twelve cards can take the same card at either end: ``lay A♠ on [2♠ … K♠] low`` (or ``high``)
says which; so does ``exchange A♠ in [...] low meld [...]`` where two jokers stand for the same ace.

An action is a tuple ``(kind, card, meld, after, new)``: the card's code (-1 for none), the meld laid or the
meld on the table that is laid off on or exchanged in, that meld ``after`` the move (None where the card does
not fit it), and the ``new`` meld of an exchange.  Melds are :class:`~conquian.games.romme.melds.Meld` values, so
an action compares by value and identical cards make one action.
"""

from __future__ import annotations

import enum

from ...cards import BY_CODE, JOKER_CODE, cards as _cards
from ...errors import ActionError
from ...text import ascii_lower, shorten, split_groups
from ...vocabulary import ActionBase
from .melds import RUN, SET, Meld, exchange_results, lay_results, rank_at, read_meld

__all__ = ["Kind", "Action", "MAX_ACTION"]

MAX_ACTION = 400
"""The most characters action text may have."""


class Kind(enum.Enum):
    KEEP = "keep"
    LEAVE = "leave"
    DRAW = "draw"
    TAKE = "take"
    MELD = "meld"
    LAY = "lay"
    EXCHANGE = "exchange"
    DISCARD = "discard"


_BARE = (Kind.KEEP, Kind.LEAVE, Kind.DRAW, Kind.TAKE)
_SIDES = {"low": 1, "high": 2}


def _card(code: int, ascii: bool) -> str:
    c = BY_CODE[code]
    return c.ascii if ascii else str(c)


class Action(ActionBase):
    """One action: ``(kind, card, meld, after, new)`` (see the module's description)."""

    __slots__ = ()
    KINDS = Kind
    MAX_TEXT = MAX_ACTION  # the longest exchange of two sequences of fourteen is about 200 characters

    def __new__(cls, kind: Kind, card: int = -1, meld: "Meld | None" = None, after: "Meld | None" = None,
                new: "Meld | None" = None) -> "Action":
        if not isinstance(kind, Kind):
            raise TypeError(f"Action(kind) must be a Kind, not {type(kind).__name__}")
        for name, m in (("meld", meld), ("after", after), ("new", new)):
            if m is not None and not isinstance(m, Meld):
                raise ActionError(f"Action({name}) must be a Meld or None")
        if type(card) is not int or not -1 <= card <= JOKER_CODE:
            raise ActionError(f"Action(card) must be a card code or -1, not {card!r:.40}")
        need_card = kind in (Kind.LAY, Kind.EXCHANGE, Kind.DISCARD)
        if need_card != (card >= 0) or (kind in (Kind.MELD, Kind.LAY, Kind.EXCHANGE)) != (meld is not None):
            raise ActionError(f"a '{kind.value}' action has the wrong parts")
        if (kind is Kind.EXCHANGE) != (new is not None) or (after is not None and kind not in (Kind.LAY, Kind.EXCHANGE)):
            raise ActionError(f"a '{kind.value}' action has the wrong parts")
        return tuple.__new__(cls, (kind, card, meld, after, new))

    kind: Kind = property(lambda self: self[0])  # type: ignore[assignment]
    card: int = property(lambda self: self[1])  # type: ignore[assignment]
    meld: "Meld | None" = property(lambda self: self[2])  # type: ignore[assignment]
    after: "Meld | None" = property(lambda self: self[3])  # type: ignore[assignment]
    new: "Meld | None" = property(lambda self: self[4])  # type: ignore[assignment]

    def text(self, ascii: bool = False) -> str:
        kind, card, meld, after, new = self
        if kind in _BARE:
            return kind.value
        if kind is Kind.MELD:
            return "meld " + meld.text(ascii)
        if kind is Kind.DISCARD:
            return "discard " + _card(card, ascii)
        if kind is Kind.LAY:
            what = _card(card, ascii)
            if card == JOKER_CODE and meld[0] == RUN and after is not None:
                low = after[2] != meld[2]
                stands = meld[1] * 13 + (meld[2] - 1 if low else meld[2] + meld[3]) % 13
                what += "=" + _card(stands, ascii)
            side = _side(meld, after, lay_results(meld, card)) if meld[0] == RUN and meld[3] == 12 else ""
            return f"lay {what} on {meld.text(ascii)}{side}"
        side = _side(meld, after, exchange_results(meld, card))
        return f"exchange {_card(card, ascii)} in {meld.text(ascii)}{side} meld {new.text(ascii)}"

    @classmethod
    def _read(cls, kind: Kind, rest: str, shown: str) -> "Action":
        """The action of that kind (:meth:`~conquian.vocabulary.ActionBase.parse` reads its text, Unicode or ASCII).

        >>> from conquian.games.romme.actions import Action
        >>> Action.parse('lay JK=8S on [5s 6s 7s]')
        Action.parse('lay 🃏=8♠ on [5♠ 6♠ 7♠]')
        """
        if kind in _BARE:
            if rest:
                raise ActionError(f"action {shown!r}: '{kind.value}' takes nothing after it")
            return cls(kind)
        if kind is Kind.DISCARD:
            found = _cards(rest, copies=None)
            if len(found) != 1:
                raise ActionError(f"action {shown!r}: 'discard' needs one card, e.g. 'discard 6♦'")
            return cls(kind, found[0].code)
        pieces = _pieces(rest, shown)
        if kind is Kind.MELD:
            if len(pieces) != 1 or not pieces[0][1]:
                raise ActionError(f"action {shown!r}: 'meld' names one meld in brackets, e.g. 'meld [5♥ 6♥ 7♥]'")
            return cls(kind, meld=read_meld(pieces[0][0]))
        if kind is Kind.LAY:
            return _lay(pieces, shown)
        return _exchange(pieces, shown)


def _side(meld: Meld, after: "Meld | None", results) -> str:
    if after is None or len(results) < 2:
        return ""
    return " low" if results[0][1] == after else " high"


def _pieces(rest: str, shown: str) -> list[tuple[str, bool]]:
    try:
        return [(content, bracketed) for content, bracketed, _ in split_groups(rest)]
    except ValueError as exc:
        raise ActionError(f"action {shown!r}: {exc}") from None


def _words(piece: "tuple[str, bool] | None") -> list[str]:
    return [] if piece is None or piece[1] else piece[0].split()


def _choose(results, side_word: "str | None", shown: str, what: str) -> "Meld | None":
    if side_word is not None:
        side = _SIDES.get(ascii_lower(side_word))
        if side is None:
            raise ActionError(f"action {shown!r}: {shorten(side_word, 20)!r} is not 'low' or 'high'")
        results = [r for r in results if r[0] == side]
    if len(results) > 1:
        raise ActionError(f"action {shown!r}: {what} fits at both ends of the sequence: add 'low' or 'high'")
    return results[0][1] if results else None


def _lay(pieces, shown: str) -> Action:
    usage = f"action {shown!r}: write 'lay CARD on [MELD]', e.g. 'lay 5♠ on [2♠ 3♠ 4♠]'"
    if len(pieces) not in (2, 3) or pieces[0][1] or not pieces[1][1]:
        raise ActionError(usage)
    head = _words(pieces[0])
    tail = _words(pieces[2]) if len(pieces) == 3 else []
    if len(head) != 2 or ascii_lower(head[1]) != "on" or len(tail) > 1 or (len(pieces) == 3 and not tail):
        raise ActionError(usage)
    target = read_meld(pieces[1][0])
    token = head[0]
    stands = None
    if "=" in token:
        joker, _, right = token.partition("=")
        left = _cards(joker) if joker else ()
        found = _cards(right) if right else ()
        if len(left) != 1 or not left[0].is_joker or len(found) != 1 or found[0].is_joker:
            raise ActionError(f"action {shown!r}: only a joker says which card it stands for ('🃏=8♠')")
        stands = found[0].code
        code = JOKER_CODE
    else:
        found = _cards(token, copies=None)
        if len(found) != 1:
            raise ActionError(usage)
        code = found[0].code
    results = lay_results(target, code)
    if code == JOKER_CODE and target[0] == SET and stands is not None:
        raise ActionError(f"action {shown!r}: a joker laid on a set stands bare: 'lay 🃏 on {target.text()}'")
    if code == JOKER_CODE and target[0] == RUN:
        if stands is None:
            raise ActionError(f"action {shown!r}: say which card the joker stands for, e.g. 'lay 🃏=8♠ on [...]'")
        suit, start, length = target[1], target[2], target[3]
        ends = {1: suit * 13 + rank_at(start - 1) - 1, 2: suit * 13 + rank_at(start + length) - 1}
        results = [r for r in results if ends[r[0]] == stands]
    after = _choose(results, tail[0] if tail else None, shown, BY_CODE[code] if stands is None else BY_CODE[stands])
    return Action(Kind.LAY, code, target, after)


def _exchange(pieces, shown: str) -> Action:
    usage = f"action {shown!r}: write 'exchange CARD in [MELD] meld [NEW MELD]'"
    if len(pieces) != 4 or pieces[0][1] or not pieces[1][1] or pieces[2][1] or not pieces[3][1]:
        raise ActionError(usage)
    head, middle = _words(pieces[0]), _words(pieces[2])
    if len(head) != 2 or ascii_lower(head[1]) != "in" or not middle or ascii_lower(middle[-1]) != "meld" or len(middle) > 2:
        raise ActionError(usage)
    found = _cards(head[0], copies=None)
    if len(found) != 1:
        raise ActionError(usage)
    if found[0].is_joker:
        raise ActionError(f"action {shown!r}: a joker is exchanged for the natural card it stands for, not for a joker")
    target = read_meld(pieces[1][0])
    after = _choose(exchange_results(target, found[0].code), middle[0] if len(middle) == 2 else None, shown, found[0])
    return Action(Kind.EXCHANGE, found[0].code, target, after, read_meld(pieces[3][0]))
