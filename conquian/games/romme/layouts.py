"""Hand-Rommé: which melds some laying out of a whole hand uses, found by a search over the hand's natural cards.

Where Hand-Rommé is open, a player who has not melded may lay a meld worth fewer points than a first meld needs
if he can then lay out the rest of his hand in the same turn.  The engine offers a meld only if so (see
:mod:`conquian.games.romme.moves`): it must know, for every meld the hand can make, whether some laying out of the hand
but ``left`` cards (0 or 1) uses it.

Jokers are what makes this large: with six of them a hand of twenty cards makes tens of thousands of melds, most
of them the same natural cards with jokers in different places.  So the search here runs over the *natural*
cards only.  For a bag of natural cards it computes the numbers of jokers with which the bag can be laid out, as a
mask (bit ``j``: with ``j`` jokers), by covering the lowest natural card with each group of natural cards that,
with some number of jokers, makes a meld (the group's mask of joker numbers), and adding up the jokers; the bags
are remembered, so the search visits each at most once.  A meld (its natural cards and its jokers) is then used
exactly when the rest of the hand's natural cards can be laid out with the jokers the meld leaves: one look-up in
those masks per group of natural cards, however many melds share the group.

Where the hand makes thousands of groups, the search would spend a step on every group for nearly every one of
the hand's sub-bags; a table of every sub-bag (``_Table``) then fills the masks of all of them at once, with
a handful of big-integer operations per group.  The search runs first and gives way to the table once it has
taken as many steps as the table would cost, so each hand costs about the quicker of the two (the test suite
holds both to the same answers).

Bags are those of :mod:`conquian.games.romme.bags`: four bits per card code, code 52 the jokers.
"""

from __future__ import annotations

from typing import Iterable

from ...cards import JOKER_CODE
from .bags import GUARD, JOKER_SHIFT, NATURALS, lowest
from .melds import Meld, meld_bag

__all__ = ["Layouts"]


def _sum(a: int, b: int, full: int) -> int:
    """The joker numbers ``x + y`` for ``x`` in mask ``a`` and ``y`` in mask ``b``, up to the hand's."""
    out = 0
    while a:
        low = a & -a
        out |= b * low  # b shifted by the bit's place
        a ^= low
    return out & full


_FLIPS: dict[int, list[int]] = {}


def _flips(jokers: int) -> list[int]:
    """The rest of a hand's joker numbers ``n`` (a mask) turned into ``jokers - n``: those a group may take for the
    rest to be laid out with the others (a table, made once per number of jokers)."""
    found = _FLIPS.get(jokers)
    if found is None:
        found = _FLIPS[jokers] = [sum(1 << (jokers - n) for n in range(jokers + 1) if rest >> n & 1)
                                  for rest in range(1 << (jokers + 1))]
    return found


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

    __slots__ = ("part", "code", "jokers", "children")

    def __init__(self, part: int, code: int):
        """``code``: the card this branch adds to its parent's (the lowest card for a root)."""
        self.part, self.code, self.jokers, self.children = part, code, 0, []


#: Bits per sub-bag in a table: the joker numbers 0 to 6 (a byte; sums are cut back to the hand's jokers before
#: they are made, so no lane spills into the next).
LANE = 8
#: Below this many groups of natural cards the search bag by bag is quicker (measured: 0.1 ms against 0.3 ms at 16
#: to 31 groups, 0.5 against 0.4 at 32 to 63; 147 ms against 8 at 2,048 to 4,095).
TABLE_FEWEST = 48
#: A table costs about 30 ns a sub-bag, the search about 0.5 µs a step (a group tried on a sub-bag), and which is
#: quicker depends on the hand: the search runs first, and gives way to a table after this many steps a sub-bag
#: (plus TABLE_START), so that a hand never costs much more than the quicker of the two.
TABLE_STEPS = 1 / 16
TABLE_START = 300
#: The most sub-bags a table holds (then 1 MB an int).
TABLE_MOST = 1 << 20


def _repeat(pattern: int, width: int, times: int) -> int:
    """``pattern`` (``width`` bits) written ``times`` times side by side, by doubling."""
    out = placed = 0
    block, size = pattern, 1
    while times:
        if times & 1:
            out |= block << (width * placed)
            placed += size
        times >>= 1
        if times:
            block |= block << (width * size)
            size *= 2
    return out


class _Table:
    """``Layouts._after`` for every sub-bag of a hand's natural cards at once, as lanes of a byte per number of
    cards kept back (:data:`LANE` bits; with one card kept back, two bytes a sub-bag, so that one walk serves both).

    A sub-bag's place is its counts in mixed radix, the highest card the lowest digit, so the sub-bags whose lowest
    card is a given one fill one stretch of places, after every stretch they are made from.  The stretches are
    filled from the highest card down; for each group of natural cards holding the stretch's card, the sub-bags it
    can be laid on (those that leave room for its other cards: a mask made once per card) are picked out of the
    stretch below with one ``&``, given the group's joker numbers with a few shifts, and moved up to their new
    place with one shift: a handful of operations on whole stretches per group, where the search bag by bag spends
    a step per sub-bag and group."""

    def __init__(self, roots: dict, nat: int, jokers: int, left: int):
        self.roots = roots
        codes = [c for c in range(JOKER_CODE) if nat >> (4 * c) & 15]
        count = {c: nat >> (4 * c) & 15 for c in codes}
        weight: dict[int, int] = {}
        size = 1
        for c in reversed(codes):
            weight[c] = size
            size *= count[c] + 1
        self.size, self.weight = size, weight
        lane = LANE * (left + 1)  # bits a sub-bag: a byte for no card kept back, then one for a card kept back
        ones: dict = {}

        def lanes(n: int, most: int = jokers, kept: int = left) -> int:
            """n sub-bags, each holding the joker numbers 0 to most in its bytes for 0 to kept cards kept back."""
            found = ones.get((n, most, kept))
            if found is None:
                one = (1 << (most + 1)) - 1
                found = ones[n, most, kept] = _repeat(sum(one << (LANE * i) for i in range(kept + 1)), lane, n)
            return found

        # room[c]: the places of the sub-bags holding fewer copies of c than the hand (room for one more)
        room = {c: _repeat(lanes(count[c] * weight[c]), lane * (count[c] + 1) * weight[c],
                           size // ((count[c] + 1) * weight[c])) for c in codes}
        # the empty bag: laid out with no joker; or with the one joker kept back
        table = 1 | ((2 if jokers else 0) << LANE if left else 0)
        for c in reversed(codes):
            w, root = weight[c], roots.get(c)
            span = lane * w
            low = (1 << span) - 1
            for k in range(1, count[c] + 1):  # the sub-bags holding k copies of c, made from those holding k - 1
                src, dst = span * (k - 1), span * k
                below = (table >> src) & low
                # the sub-bags each group makes, moved to their places, gathered by the group's joker numbers
                # (and by its copies of c: a group holding c twice makes sub-bags of k + 1 copies)
                moved: dict[tuple[int, int], int] = {}
                stack = [(root, below, 0, 0)] if root is not None and below else []
                while stack:
                    node, rest, at, up = stack.pop()
                    if node.jokers:
                        moved[up, node.jokers] = moved.get((up, node.jokers), 0) | rest << (lane * at)
                    for child in node.children:
                        if child.code != c:
                            fit = rest & room.get(child.code, 0)
                            if fit:  # else no sub-bag leaves room for these cards, nor for more
                                stack.append((child, fit, at + weight[child.code], up))
                        elif k < count[c]:  # c twice (both aces of a fourteen-card sequence)
                            stack.append((child, rest, at, 1))
                made = [0, 0]
                for (up, mask), bags in moved.items():
                    for j in range(jokers + 1):  # every joker number shifted up by each of the group's
                        if mask >> j & 1:
                            made[up] |= (bags & lanes(w, jokers - j)) << j  # (those within the hand's)
                table |= made[0] << dst | made[1] << (dst + span)
                if left:  # or the card c is the one kept back: the byte for none, moved to the byte for one
                    table |= (((table >> src) & lanes(w, jokers, 0)) << LANE) << dst
        whole = table.to_bytes(size * (left + 1), "little")
        #: for each number of cards kept back (up to ``left``), the lanes: one byte a sub-bag
        self.lanes = [whole[i::left + 1] for i in range(left + 1)]


_SUIT = (1 << 52) - 1  # one suit's thirteen counts in a bag
_NO_LIMIT = 1 << 62


class _OverBudget(Exception):
    """The search took more steps than a table would cost."""


def _tree(groups: dict[int, int], full: int) -> tuple[dict[int, _Group], bool]:
    """The tree of natural groups (``{natural cards: joker mask}``) by their lowest card, and whether a group holds
    a card twice that is not its lowest (see :meth:`Layouts.table`)."""
    roots: dict[int, _Group] = {}
    nodes: dict[int, _Group] = {}  # natural cards -> their branch
    twice = False

    def node(part: int) -> _Group:
        nonlocal twice
        found = nodes.get(part)
        if found is None:
            top = (part.bit_length() - 1) >> 2  # the highest card: the branch hangs from the one without it
            below = part - (1 << (4 * top))
            found = nodes[part] = _Group(part, top)
            if below:
                node(below).children.append(found)
                twice |= bool((below >> (4 * top)) & 15 and below & ((1 << (4 * top)) - 1))
            else:
                roots[top] = found
        return found

    for nat, mask in groups.items():
        node(nat).jokers |= mask & full  # (a meld with more jokers than the hand holds is not within it)
    return roots, twice


def _suit_order(nat: int) -> list[int]:
    """Where each suit goes in a table: the suits the hand holds fewest cards of first.  A card's stretch of the
    table halves (or thirds) with each card before it, and the groups whose first card it is are worked on
    that stretch, so the cards of many groups (a long suit with jokers) had better come last."""
    held = [bin((nat >> (52 * s)) & _SUIT).count("1") for s in range(4)]
    order = sorted(range(4), key=lambda s: (held[s], s))
    if [s for s in range(4) if held[s]] == [s for s in order if held[s]]:
        return [0, 1, 2, 3]  # the suits held are in that order already (where a suit not held goes is no matter)
    return [order.index(s) for s in range(4)]


def _moved(b: int, place: list[int]) -> int:
    """A natural bag with suit ``s`` moved to place ``place[s]``."""
    a, c, d, e = place
    return ((b & _SUIT) << (52 * a) | ((b >> 52) & _SUIT) << (52 * c) | ((b >> 104) & _SUIT) << (52 * d)
            | (b >> 156) << (52 * e))


class Layouts:
    """The layings out of one hand (its melds given), with ``left`` cards kept back (0 or 1: see :meth:`used`).

    Inside, bags have their suits reordered (see ``_suit_order``), for the table's sake; :meth:`used`
    answers in the usual order."""

    def __init__(self, melds: Iterable[Meld], hand: int, bags: "list[int] | None" = None):
        """``bags``: each meld's bag, where the caller has them (see :func:`~conquian.games.romme.hands.hand_melds`)."""
        self.hand = hand
        jokers = hand >> JOKER_SHIFT
        self.full = (1 << (jokers + 1)) - 1
        groups: dict[int, int] = {}  # natural cards -> joker mask
        #: each meld's bag, in the order given
        self.bags = bags = [meld_bag(m) for m in melds] if bags is None else bags
        for b in set(bags):  # (melds of the same cards, jokers elsewhere, are one bag: a few times fewer)
            nat = b & NATURALS
            groups[nat] = groups.get(nat, 0) | 1 << (b >> JOKER_SHIFT)
        place = _suit_order(hand & NATURALS)
        self._back = [place.index(s) for s in range(4)]
        self._reordered = place != [0, 1, 2, 3]
        if self._reordered:
            groups = {_moved(g, place): mask for g, mask in groups.items()}
        self._nat = _moved(hand & NATURALS, place)
        self._groups = groups
        self._table: "_Table | None" = None
        self._tree: "tuple | None" = None  # the tree of groups, made when first asked for
        self._masks: dict[int, int] = {}  # (natural bag, cards still to keep back) -> joker mask
        self._sums = _sums(jokers)
        self.steps = _NO_LIMIT  # the search's steps left before a table is made instead

    @property
    def _roots(self) -> dict[int, _Group]:
        if self._tree is None:
            self._tree = _tree(self._groups, self.full)
        return self._tree[0]

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

    def _after(self, nat: int, left: int) -> int:
        """The joker numbers with which the natural cards ``nat`` can be laid out but exactly ``left`` cards (a
        kept-back card may be a joker), as a mask."""
        key = nat * 2 + left
        found = self._masks.get(key)
        if found is not None:
            return found
        if not nat:
            mask = 1 << left & self.full  # nothing more to lay out: no joker, or the one joker kept back
        else:
            sums, full, mask = self._sums, self.full, 0
            within = self._within(nat)
            self.steps -= len(within)
            if self.steps < 0:
                raise _OverBudget  # (what is remembered so far stays right: a mask is stored once complete)
            for part, jokers in within:
                rest = self._after(nat - part, left)
                if rest:
                    mask |= sums[jokers][rest]
                    if mask == full:  # every number of jokers works: no other group can add one
                        break
            if left and mask != full:  # the lowest card is the one kept back (a joker kept back: see above)
                mask |= self._after(nat - (1 << (4 * lowest(nat))), 0)
        self._masks[key] = mask
        return mask

    def used(self, left: int) -> "set[int] | None":
        """The melds (their bags: natural cards and jokers) that some laying out of the whole hand but ``left``
        cards uses; ``None`` if the hand cannot be laid out so.  A meld is used exactly when the rest of the hand
        can be laid out: its natural cards with the jokers the meld leaves."""
        size = self.table()
        if not size:
            return self._used_by_search(left)
        if self._table is not None and len(self._table.lanes) > left:  # made for the other number kept back
            return self._used_by_table(left)
        self.steps = TABLE_START + int(size * TABLE_STEPS)
        try:
            return self._used_by_search(left)
        except _OverBudget:
            pass
        finally:
            self.steps = _NO_LIMIT
        return self._used_by_table(left)

    def _used_by_search(self, left: int) -> "set[int] | None":
        """:meth:`used` from :meth:`_after`, asked for the rest of the hand after each group."""
        nat, jokers = self._nat, self.hand >> JOKER_SHIFT
        if not self._after(nat, left) >> jokers & 1:
            return None
        used: set[int] = set()
        guarded, flip = nat + GUARD, _flips(jokers)
        for part, mask in self._groups.items():
            if (guarded - part) & GUARD != GUARD:
                continue
            fits = mask & flip[self._after(nat - part, left)]
            if fits:
                self._add(used, part, fits)
        return used

    def _used_by_table(self, left: int) -> "set[int] | None":
        """:meth:`used` from a table of every sub-bag: each group looks up the rest of the hand's lane."""
        nat, jokers = self._nat, self.hand >> JOKER_SHIFT
        if self._table is None or len(self._table.lanes) <= left:  # (one card kept back: both tables are made)
            roots = self._roots
            if self._tree[1]:  # no meld makes one (see table()), but the table could not take it
                return self._used_by_search(left)
            self._table = _Table(roots, nat, jokers, left)
        table = self._table
        lanes, weight = table.lanes[left], table.weight
        whole = table.size - 1  # the place of the whole hand: every count at its most
        if not lanes[whole] >> jokers & 1:
            return None
        flip = _flips(jokers)
        used: set[int] = set()
        guarded = nat + GUARD
        stack = [(root, weight[code]) for code, root in self._roots.items() if code in weight]
        while stack:  # every group, with its place found on the way down the tree
            node, at = stack.pop()
            if node.jokers:
                fits = node.jokers & flip[lanes[whole - at]]
                if fits:
                    self._add(used, node.part, fits)
            for child in node.children:
                if (guarded - child.part) & GUARD == GUARD:  # (melds not within the hand are passed over)
                    stack.append((child, at + weight[child.code]))
        return used


    def _add(self, used: set, part: int, fits: int) -> None:
        """Add the melds of the natural cards ``part`` with each number of jokers in ``fits``, in the usual order."""
        if self._reordered:
            part = _moved(part, self._back)
        while fits:
            bit = fits & -fits
            used.add(part + ((bit.bit_length() - 1) << JOKER_SHIFT))
            fits ^= bit

    def table(self) -> int:
        """The number of sub-bags a table of them would hold (see ``_Table``), or 0 where the search bag by
        bag is always the one to use: a hand of few groups, or too many sub-bags.  (The table takes a card twice
        in a group only as the group's first: a meld holds a card twice only in a sequence from ace to ace, whose
        lowest card is that ace.)"""
        if len(self._groups) < TABLE_FEWEST:
            return 0
        nat, size = self.hand & NATURALS, 1
        while nat:
            size *= (nat & 15) + 1
            nat >>= 4
        return size if size <= TABLE_MOST else 0
