"""Hand-Rommé: which melds some laying out of a whole hand uses, found by a search over the hand's natural cards.

Where Hand-Rommé is open, a player who has not melded may lay a meld worth fewer points than a first meld needs
if he can then lay out the rest of his hand in the same turn.  The engine offers a meld only if so (see
:mod:`conquian.romme.moves`): it must know, for every meld the hand can make, whether some laying out of the hand
but ``left`` cards (0 or 1) uses it.

Jokers are what makes this large: with six of them a hand of twenty cards makes tens of thousands of melds, most
of them the same natural cards with jokers in different places.  So the search here runs over the *natural*
cards only.  For a bag of natural cards it computes the numbers of jokers with which the bag can be laid out, as a
mask (bit ``j``: with ``j`` jokers), by covering the lowest natural card with each group of natural cards that,
with some number of jokers, makes a meld (the group's mask of joker numbers), and adding up the jokers; the bags
are remembered, so the search visits each at most once.  A meld (its natural cards and its jokers) is then used
exactly when the rest of the hand's natural cards can be laid out with the jokers the meld leaves: one look-up in
those masks per group of natural cards, however many melds share the group.

Bags are those of :mod:`conquian.romme.search`: four bits per card code, code 52 the jokers.
"""

from __future__ import annotations

from typing import Iterable

from .melds import Meld
from .search import GUARD, JOKER_SHIFT, NATURALS, lowest, meld_bag

__all__ = ["Layouts"]


def _sum(a: int, b: int, full: int) -> int:
    """The joker numbers ``x + y`` for ``x`` in mask ``a`` and ``y`` in mask ``b``, up to the hand's."""
    out = 0
    while a:
        low = a & -a
        out |= b * low  # b shifted by the bit's place
        a ^= low
    return out & full


_SUMS: dict[int, list[list[int]]] = {}


def _sums(jokers: int) -> list[list[int]]:
    """:func:`_sum` for every pair of masks of up to ``jokers`` jokers, as a table (made once per number)."""
    found = _SUMS.get(jokers)
    if found is None:
        full = (1 << (jokers + 1)) - 1
        found = _SUMS[jokers] = [[_sum(a, b, full) for b in range(full + 1)] for a in range(full + 1)]
    return found


class _Group:
    """A branch of the tree of natural groups with one lowest card: ``part`` its natural cards, ``jokers`` the mask
    of the joker numbers with which these cards make a meld (0: none, only a way further), ``children`` the groups
    one natural card larger."""

    __slots__ = ("part", "jokers", "children", "_by_code")

    def __init__(self, part: int):
        self.part, self.jokers, self.children, self._by_code = part, 0, [], {}

    def child(self, code: int) -> "_Group":
        found = self._by_code.get(code)
        if found is None:
            found = self._by_code[code] = _Group(self.part + (1 << (4 * code)))
            self.children.append(found)
        return found


class Layouts:
    """The layings out of one hand (its melds given), with ``left`` cards kept back (0 or 1)."""

    def __init__(self, melds: Iterable[Meld], hand: int, left: int):
        self.hand, self.left = hand, left
        jokers = hand >> JOKER_SHIFT
        self.full = (1 << (jokers + 1)) - 1
        groups: dict[int, list] = {}  # natural cards -> [joker mask, a meld]
        for m in melds:
            b = meld_bag(m)
            nat = b & NATURALS
            found = groups.get(nat)
            if found is None:
                groups[nat] = [1 << (b >> JOKER_SHIFT), m]
            else:
                found[0] |= 1 << (b >> JOKER_SHIFT)
        self._roots: dict[int, _Group] = {}
        for nat, (mask, m) in groups.items():
            codes = sorted(m.naturals())
            node = self._roots.get(codes[0])
            if node is None:
                node = self._roots[codes[0]] = _Group(1 << (4 * codes[0]))
            for c in codes[1:]:
                node = node.child(c)
            node.jokers |= mask & self.full  # (a meld with more jokers than the hand holds is not within it)
        self._groups = [(nat, mask) for nat, (mask, _) in groups.items()]
        self._after: dict[int, int] = {}  # (natural bag, cards still to keep back) -> joker mask
        self._sums = _sums(jokers)

    def _within(self, nat: int) -> list[tuple[int, int]]:
        """The natural groups within ``nat`` that hold its lowest card: ``(group, joker mask)``."""
        root = self._roots.get(lowest(nat))
        out: list[tuple[int, int]] = []
        if root is None:
            return out
        guarded = nat + GUARD
        stack = [root]
        while stack:
            node = stack.pop()
            if node.jokers:
                out.append((node.part, node.jokers))
            for child in node.children:
                if (guarded - child.part) & GUARD == GUARD:
                    stack.append(child)
        return out

    def after(self, nat: int, left: int) -> int:
        """The joker numbers with which the natural cards ``nat`` can be laid out but exactly ``left`` cards (a
        kept-back card may be a joker), as a mask."""
        key = nat * 2 + left
        found = self._after.get(key)
        if found is not None:
            return found
        if not nat:
            mask = 1 << left & self.full  # nothing more to lay out: no joker, or the one joker kept back
        else:
            sums, full, mask = self._sums, self.full, 0
            for part, jokers in self._within(nat):
                rest = self.after(nat - part, left)
                if rest:
                    mask |= sums[jokers][rest]
                    if mask == full:  # every number of jokers works: no other group can add one
                        break
            if left and mask != full:  # the lowest card is the one kept back (a joker kept back: see above)
                mask |= self.after(nat - (1 << (4 * lowest(nat))), 0)
        self._after[key] = mask
        return mask

    def used(self) -> "set[int] | None":
        """The melds (their bags: natural cards and jokers) that some laying out of the whole hand uses; ``None``
        if the hand cannot be laid out so.  A meld is used exactly when the rest of the hand can be laid out: its
        natural cards with the jokers the meld leaves."""
        nat, jokers = self.hand & NATURALS, self.hand >> JOKER_SHIFT
        if not self.after(nat, self.left) >> jokers & 1:
            return None
        used: set[int] = set()
        guarded = nat + GUARD
        for part, mask in self._groups:
            if (guarded - part) & GUARD != GUARD:
                continue
            after = self.after(nat - part, self.left)
            for j in range(jokers + 1):
                if mask >> j & 1 and after >> (jokers - j) & 1:
                    used.add(part + (j << JOKER_SHIFT))
        return used
