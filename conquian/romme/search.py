"""Whether a player who has not yet melded can still reach his first meld, or go out at once: two exact searches.

A player's first meld must reach a number of points (``first_meld``) with the melds he lays in one turn.  The
engine lets him lay them one action at a time (see :mod:`conquian.romme.moves`), and offers a meld only if,
after it, he can still finish: reach the points with further melds from his hand and keep a card to discard,
or, where Hand-Rommé is open to him, lay out every card at once.  Both questions are answered here exactly,
by a search over the melds the hand can make, so no offered meld leads into a turn that cannot end.

A hand is a *bag*: an ``int`` with four bits per card code (the count of that card; code 52 the jokers), so a
meld's cards are subtracted from a hand, and tested for fitting, in a few integer operations.
"""

from __future__ import annotations

from typing import Iterable

from ..cards import JOKER_CODE
from .melds import Meld

__all__ = ["bag", "meld_bag", "cost", "bag_counts", "Opening", "NO_WAY"]

_GUARD = sum(8 << (4 * c) for c in range(JOKER_CODE + 1))
_NATURALS = sum(15 << (4 * c) for c in range(JOKER_CODE))
_JOKER_SHIFT = 4 * JOKER_CODE
#: The points of a hand from which no first meld can be reached.
NO_WAY = -10_000


def bag(codes: Iterable[int]) -> int:
    """The bag of a hand given as card codes."""
    b = 0
    for c in codes:
        b += 1 << (4 * c)
    return b


def meld_bag(m: Meld) -> int:
    return bag(m.naturals()) + (m.jokers << _JOKER_SHIFT)


_COSTS: dict = {}


def cost(m: Meld, ace: int) -> tuple[int, int]:
    """A meld's bag and its first-meld points (with the ace counting ``ace``), remembered (up to 100,000 melds)."""
    key = (m, ace)
    found = _COSTS.get(key)
    if found is None:
        if len(_COSTS) > 100_000:
            _COSTS.clear()
        found = _COSTS[key] = (meld_bag(m), m.first_points(ace))
    return found


def bag_counts(b: int) -> list[int]:
    """Copies of each card code (index 52: the jokers)."""
    return [(b >> (4 * c)) & 15 for c in range(JOKER_CODE + 1)]


def _lowest(b: int) -> int:
    """The lowest natural card code in a bag (which must hold one)."""
    nat = b & _NATURALS
    return ((nat & -nat).bit_length() - 1) >> 2


class Opening:
    """The searches over one hand's melds (each meld: its bag and its first-meld points), remembered by sub-hand."""

    def __init__(self, melds: Iterable[Meld], ace: int):
        self.by_low: dict[int, list[tuple[int, int]]] = {}
        for m in melds:
            b, points = cost(m, ace)
            self.by_low.setdefault(_lowest(b), []).append((b, points))
        for found in self.by_low.values():
            found.sort(key=lambda bp: -bp[1])  # the richest melds first: a decision search succeeds sooner
        self._best: dict[int, int] = {}
        self._out: dict[int, bool] = {}
        self._value = [min(c % 13 + 1, 10) if c % 13 else ace for c in range(JOKER_CODE)] + [ace]
        self._yes: dict[int, int] = {}  # sub-hand -> the most points it is known to reach
        self._no: dict[int, int] = {}   # sub-hand -> the fewest points it is known not to reach
        self._caps: dict[int, list[tuple[int, int, int]]] = {}
        self._bits: dict[int, int] = {}  # a meld's bag -> its bit in the masks of usable(), numbered as met
        self._lows: dict[int, list[int]] = {}
        self._use: dict[int, int] = {}

    def most(self, hand: int) -> int:
        """An upper bound of the points of the melds within ``hand``: every card at its highest value."""
        value = self._value
        total = 0
        while hand:
            low = (hand & -hand).bit_length() - 1
            code = low >> 2
            total += value[code] * ((hand >> (4 * code)) & 15)
            hand &= ~(15 << (4 * code))
        return total

    def _capped(self, low: int) -> list[tuple[int, int, int]]:
        """The melds whose lowest card is ``low``: bag, points, and the bound :meth:`most` gives their cards."""
        found = self._caps.get(low)
        if found is None:
            found = self._caps[low] = [(b, pts, self.most(b)) for b, pts in self.by_low.get(low, ())]
        return found

    def reaches(self, hand: int, need: int, keep: bool = True) -> bool:
        """Whether the melds within ``hand`` can make ``need`` points, keeping a card in hand if ``keep``: the
        question :meth:`best` answers, decided with bounds so that a large hand with many jokers is quick."""
        if need <= 0:
            return not keep or hand != 0
        return self._reaches(hand, need, keep, self.most(hand))

    def _reaches(self, hand: int, need: int, keep: bool, most: int) -> bool:
        if need <= 0:
            return not keep or hand != 0
        if most < need:
            return False
        key = hand * 2 + keep
        if self._yes.get(key, -1) >= need:
            return True
        if self._no.get(key, 1 << 30) <= need:
            return False
        nat = hand & _NATURALS
        found = False
        if nat:
            low = _lowest(nat)
            guarded = hand + _GUARD
            for b, pts, cap in self._capped(low):
                d = guarded - b
                if d & _GUARD == _GUARD and self._reaches(d - _GUARD, need - pts, keep, most - cap):
                    found = True
                    break
            if not found:  # the lowest card stays in the hand
                rest = hand - (1 << (4 * low))
                found = self._reaches(rest, need, False, most - self._value[low])
        if found:
            self._yes[key] = max(self._yes.get(key, 0), need)
        else:
            self._no[key] = min(self._no.get(key, 1 << 30), need)
        return found

    def best(self, hand: int, keep: bool = True) -> int:
        """The most points the melds within ``hand`` can make, keeping a card in hand if ``keep``;
        :data:`NO_WAY` if a card cannot be kept (a hand of no card)."""
        key = hand * 2 + keep
        found = self._best.get(key)
        if found is not None:
            return found
        nat = hand & _NATURALS
        if not nat:
            value = 0 if (hand or not keep) else NO_WAY
        else:
            low = _lowest(nat)
            value = self.best(hand - (1 << (4 * low)), False)  # the lowest card stays in the hand
            guarded = hand + _GUARD
            for b, pts in self.by_low.get(low, ()):
                d = guarded - b
                if d & _GUARD == _GUARD:
                    v = pts + self.best(d - _GUARD, keep)
                    if v > value:
                        value = v
        self._best[key] = value
        return value

    def usable(self, hand: int, left: int) -> int:
        """The melds (by their cards) that some laying out of ``hand`` but exactly ``left`` cards uses, as a mask of
        :meth:`bit`; -1 if the hand cannot be laid out so.  Meld ``m`` is in the mask exactly when what is left
        after it goes out: one search over the whole hand answers for all its melds."""
        key = hand * 2 + left
        found = self._use.get(key)
        if found is not None:
            return found
        nat = hand & _NATURALS
        if not nat:
            value = 0 if (hand >> _JOKER_SHIFT) == left else -1
        else:
            low = _lowest(nat)
            value = -1
            guarded = hand + _GUARD
            for b in self._low_bags(low):
                d = guarded - b
                if d & _GUARD == _GUARD:
                    sub = self.usable(d - _GUARD, left)
                    if sub >= 0:
                        value = max(value, 0) | sub | self.bit(b)
            if left:
                sub = self.usable(hand - (1 << (4 * low)), 0)
                if sub >= 0:
                    value = max(value, 0) | sub
        self._use[key] = value
        return value

    def bit(self, b: int) -> int:
        """The bit of a meld's bag in the masks of :meth:`usable`."""
        found = self._bits.get(b)
        if found is None:
            found = self._bits[b] = 1 << len(self._bits)
        return found

    def _low_bags(self, low: int) -> list[int]:
        found = self._lows.get(low)
        if found is None:
            found = self._lows[low] = list(dict.fromkeys(b for b, _ in self.by_low.get(low, ())))
        return found

    def goes_out(self, hand: int, left: int) -> bool:
        """Whether ``hand`` can be laid out in melds but exactly ``left`` cards (0 or 1)."""
        key = hand * 2 + left
        found = self._out.get(key)
        if found is not None:
            return found
        nat = hand & _NATURALS
        if not nat:
            value = (hand >> _JOKER_SHIFT) == left
        else:
            low = _lowest(nat)
            value = False
            guarded = hand + _GUARD
            for b, _ in self.by_low.get(low, ()):  # the largest melds first: a hand that goes out is found soon
                d = guarded - b
                if d & _GUARD == _GUARD and self.goes_out(d - _GUARD, left):
                    value = True
                    break
            if not value and left:  # the lowest card is the one left
                value = self.goes_out(hand - (1 << (4 * low)), 0)
        self._out[key] = value
        return value
