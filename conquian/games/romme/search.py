"""Whether a player who has not yet melded can still reach his first meld, or go out at once: exact searches.

A player's first meld must reach a number of points (``first_meld``) with the melds he lays in one turn.  The
engine lets him lay them one action at a time (see :mod:`conquian.games.romme.moves`), and offers a meld only if,
after it, he can still finish: reach the points with further melds from his hand and keep a card to discard,
or, where Hand-Rommé is open to him, lay out every card at once.  Both questions are answered here exactly,
by a search over the melds the hand can make, so no offered meld leads into a turn that cannot end.

A hand is a *bag* (see :mod:`conquian.games.romme.bags`), so a meld's cards are subtracted from a hand, and tested for
fitting, in a few integer operations.

Why the searches stay fast with many jokers.  Every search covers the highest natural card of what is left with
each meld that can hold it, then goes on with the rest.  (Highest first: a court card or a ten left out loses ten
points and a joker standing for one loses one, so where the points are close to what the hand could count, few
ways past the high cards are left to follow; the low cards, cheap to leave out, come last, when few cards are
left.  Measured over twenty of the hardest hands, the walk below took 714 ms highest first and 997 ms lowest
first, on the hardest meeting 2,786 sub-hands instead of 6,448, though on a few hands more.)  With six jokers a
hand makes tens of thousands of melds (a joker may stand anywhere in a sequence), but the melds within a given rest
are few: the melds whose highest card is the same are kept in a tree by their natural cards, in falling order, so a
search walks only the branches whose cards the rest holds; melds of the same cards (the jokers standing elsewhere in
the same sequence) are one entry, with the most points they can count.  A search that needs all but a few points of
what the rest could count at most (every card at its highest) walks only the branches whose melds lose no more than
that, with no more jokers than the rest holds.  Which melds some laying out of the whole hand uses (Hand-Rommé) is
the question of :mod:`conquian.games.romme.layouts`.

Meld by meld, or every meld at once.  Which melds of a hand can be part of a first meld is asked meld by meld
(:meth:`Opening.reaches` on the rest of the hand), which is quick where the answer is mostly yes (a way is found at
once), but where a hand can only just make the points most answers are no, and each no is a whole search.  There
:func:`conquian.games.romme.walk.fewest` answers for every meld in two passes over the sub-hands, and the listing turns to
it once the searches meld by meld have taken a set number of steps (at once, where the walk is compiled).
"""

from __future__ import annotations

from typing import Iterable

from ...cards import JOKER_CODE
from .bags import GUARD, JOKER_SHIFT, NATURALS, highest, lowest
from .melds import Meld, meld_bag
from .rules import AXIS_BY_NAME

__all__ = ["card_values", "cost", "Opening", "NO_WAY"]

#: The points of a hand from which no first meld can be reached.
NO_WAY = -10_000

_COSTS: dict = {}


def cost(m: Meld, ace: int) -> tuple[int, int, int]:
    """A meld's bag, its first-meld points (with the ace counting ``ace``) and the bound :meth:`Opening.most` gives
    its cards, remembered (up to 100,000 melds)."""
    key = (m, ace)
    found = _COSTS.get(key)
    if found is None:
        if len(_COSTS) > 100_000:
            _COSTS.clear()
        b = meld_bag(m)
        found = _COSTS[key] = (b, m.first_points(ace), _most(b, card_values(ace)))
    return found


_VALUES: dict[int, list[int]] = {}


def card_values(ace: int) -> list[int]:
    """The most each card code can count in a first meld (a joker: as an ace)."""
    found = _VALUES.get(ace)
    if found is None:
        found = _VALUES[ace] = [min(c % 13 + 1, 10) if c % 13 else ace for c in range(JOKER_CODE)] + [ace]
    return found


def _most(hand: int, value: list[int]) -> int:
    total = 0
    while hand:
        code = ((hand & -hand).bit_length() - 1) >> 2
        total += value[code] * ((hand >> (4 * code)) & 15)
        hand &= ~(15 << (4 * code))
    return total


class _Node:
    """A branch of the tree of melds with one highest card: ``part`` the natural cards on the way here; ``ends`` the
    melds of exactly these natural cards, as ``[bag, points, bound, losses]`` by rising number of jokers (the
    points the best meld of that bag counts, and what its melds fall short of the bound, once for each points they
    count); ``children``
    the branches one natural card further (a lower code, or the same code again); ``most`` the bound of
    :meth:`Opening.most` for ``part``; ``by_jokers[j]`` the least any meld of the branch with ``j`` jokers at most
    falls short of its bound (a walk with that many jokers left and less room passes the branch by);
    ``by_loss`` the ends as ``(loss, jokers, bag, losses, bound)`` by rising loss (what the best meld of the bag
    falls short of its bound)."""

    __slots__ = ("part", "most", "ends", "children", "by_loss", "by_jokers")

    def __init__(self, part: int, most: int):
        self.part, self.most, self.ends, self.children = part, most, [], []
        self.by_loss, self.by_jokers = [], _NONE_BY_JOKERS


def _branch(nodes: dict, part: int, value: list[int]) -> _Node:
    """The node of the natural cards ``part`` in a tree whose nodes by part are ``nodes``, made (with the nodes on
    the way to it) if the tree has none: its parent holds the same cards but the lowest."""
    low = lowest(part)
    parent = nodes.get(part - (1 << (4 * low)))
    if parent is None:
        parent = _branch(nodes, part - (1 << (4 * low)), value)
    node = nodes[part] = _Node(part, parent.most + value[low])
    parent.children.append(node)
    return node


#: The most jokers a hand holds: all the pack's, at most the jokers axis allows.
MOST_JOKERS = AXIS_BY_NAME["jokers"].maximum
_NONE_BY_JOKERS = [1 << 30] * (MOST_JOKERS + 1)


def _least(root: _Node) -> None:
    """Set ``by_loss`` and ``by_jokers`` on every node of a tree, leaves first."""
    order, stack = [], [root]
    while stack:
        node = stack.pop()
        order.append(node)
        stack += node.children
    for node in reversed(order):  # a node after all of its branches
        ends = node.ends
        if len(ends) == 1:  # (most nodes)
            b, _, bound, losses = ends[0]
            node.by_loss = [(losses[0], b >> JOKER_SHIFT, b, losses, bound)]
        elif ends:
            node.by_loss = sorted((losses[0], b >> JOKER_SHIFT, b, losses, bound) for b, _, bound, losses in ends)
        by_jokers = list(_NONE_BY_JOKERS)
        for x, k, _, _, _ in node.by_loss:
            if x < by_jokers[k]:
                by_jokers[k] = x
        for k in range(1, MOST_JOKERS + 1):
            if by_jokers[k - 1] < by_jokers[k]:
                by_jokers[k] = by_jokers[k - 1]
        for child in node.children:
            by_jokers = list(map(min, by_jokers, child.by_jokers))
        node.by_jokers = by_jokers


class _OutOfSteps(Exception):
    """A search has taken the steps it was given (caught by :meth:`Opening.reaches`)."""


class Opening:
    """The searches over one hand's melds (each meld: its bag and its first-meld points), remembered by sub-hand."""

    def __init__(self, melds: Iterable[Meld], ace: int, bags: "Iterable[int] | None" = None,
                 points: "Iterable[int] | None" = None, slack: "int | None" = None):
        """``bags`` and ``points``: each meld's bag and first-meld points, in the order of ``melds``, where the
        caller has them; ``slack``: the most any search will be asked to lose (what the hand's bound exceeds the
        points its first meld needs by): a meld that falls short of its own bound by more can be part of no first
        meld, and is left out of the trees."""
        self._value = card_values(ace)
        self._slack = 1 << 29 if slack is None else slack
        self.steps = 0  # how many times the searches for points have asked about a sub-hand (remembered or not)
        self._limit = 1 << 62
        melds = list(melds)
        if bags is None:
            bags = [cost(m, ace)[0] for m in melds]
        if points is None:
            points = [m.first_points(ace) for m in melds]
        best: dict[int, int] = {}  # a meld's bag -> the most points a meld of those cards counts
        every: dict[int, set] = {}  # a meld's bag -> the points its melds count, where they differ
        for b, p in zip(bags, points):
            q = best.get(b)
            if q is None:
                best[b] = p
            elif q != p:  # (until then, every meld of the bag counted q)
                found = every.get(b)
                if found is None:
                    every[b] = {q, p}
                else:
                    found.add(p)
                if p > q:
                    best[b] = p
        # highest card -> [bag, points, all points], the tree built when first asked for
        self._melds: dict[int, list] = {}
        by_top = self._melds
        for b, p in best.items():
            top = ((b & NATURALS).bit_length() - 1) >> 2  # (highest(b), inline: ten thousand bags)
            entry = [b, p, every.get(b) or (p,)]
            found = by_top.get(top)
            if found is None:
                by_top[top] = [entry]
            else:
                found.append(entry)
        self._roots: dict[int, "_Node | None"] = {}
        self._best: dict[int, int] = {}
        self._out: dict[int, bool] = {}
        self._yes: dict[int, int] = {}  # sub-hand -> the most points it is known to reach
        self._no: dict[int, int] = {}   # sub-hand -> the fewest points it is known not to reach

    @staticmethod
    def bound(hand: int, ace: int) -> int:
        """:meth:`most` without an Opening."""
        return _most(hand, card_values(ace))

    @property
    def values(self) -> list[int]:
        """The most each card code can count in a first meld (index 52: a joker, counted as an ace)."""
        return self._value

    def most(self, hand: int) -> int:
        """An upper bound of the points of the melds within ``hand``: every card at its highest value."""
        return _most(hand, self._value)

    def within(self, hand: int, slack: int = 1 << 29):
        """The melds within ``hand`` that hold its highest natural card, as ``[bag, points, bound, losses]``, one at
        a time (a search that stops at the first that works lists no more); ``hand`` must hold a natural card.  With
        ``slack``, only the melds that fall short of their bound by ``slack`` points at most: a search that needs
        all but ``slack`` of the rest's bound can use no other, and the branches that hold none are not walked
        (where the points needed are close to the bound, as when a hand can only just make them, that is most)."""
        root, jokers = self.tree(highest(hand)), min(hand >> JOKER_SHIFT, MOST_JOKERS)
        if root is None or root.by_jokers[jokers] > slack:
            return
        guarded = hand + GUARD
        stack = [root]
        while stack:
            node = stack.pop()
            for child in node.children:  # (branches of no meld within the slack and the hand's jokers passed over)
                if child.by_jokers[jokers] <= slack and (guarded - child.part) & GUARD == GUARD:
                    stack.append(child)
            for end in node.ends:
                if (guarded - end[0]) & GUARD != GUARD:
                    break  # the ends differ only in jokers, fewest first: none after it fits either
                if end[2] - end[1] <= slack:
                    yield end

    def _tree(self, top: int) -> "_Node | None":
        """The tree of the melds whose highest card is ``top``."""
        melds = self._melds.get(top)
        if not melds:
            return None
        value = self._value
        root = _Node(1 << (4 * top), value[top])
        melds.sort(key=lambda bpm: bpm[0] >> JOKER_SHIFT)  # fewest jokers first
        nodes, slack = {root.part: root}, self._slack
        for b, points, every in melds:
            node = nodes.get(b & NATURALS) or _branch(nodes, b & NATURALS, value)
            bound = node.most + value[JOKER_CODE] * (b >> JOKER_SHIFT)
            if bound - points <= slack:
                node.ends.append([b, points, bound, [bound - points] if len(every) == 1 else
                                  sorted(bound - p for p in every)])
        _least(root)
        return root

    def reaches(self, hand: int, need: int, keep: bool = True, most: "int | None" = None,
                steps: "int | None" = None) -> "bool | None":
        """Whether the melds within ``hand`` can make ``need`` points, keeping a card in hand if ``keep``: the
        question :meth:`best` answers, decided with bounds so that a large hand with many jokers is quick.
        ``most``: :meth:`most` of ``hand``, where the caller knows it; ``steps``: None (no answer) once the
        searches of this Opening have taken that many steps in all (what they found on the way is kept)."""
        if need <= 0:
            return not keep or hand != 0
        self._limit = 1 << 62 if steps is None else steps
        try:
            return self._reaches(hand, need, keep, self.most(hand) if most is None else most)
        except _OutOfSteps:
            return None

    def _reaches(self, hand: int, need: int, keep: bool, most: int) -> bool:
        self.steps += 1
        if self.steps > self._limit:
            raise _OutOfSteps
        if need <= 0:
            return not keep or hand != 0
        if most < need:
            return False
        key = hand * 2 + keep
        if self._yes.get(key, -1) >= need:
            return True
        if self._no.get(key, 1 << 30) <= need:
            return False
        found = False
        if hand & NATURALS:
            top = highest(hand)
            for b, pts, cap, _ in self.within(hand, most - need):
                if self._reaches(hand - b, need - pts, keep, most - cap):
                    found = True
                    break
            if not found:  # the highest card stays in the hand
                found = self._reaches(hand - (1 << (4 * top)), need, False, most - self._value[top])
        if found:
            self._yes[key] = max(self._yes.get(key, 0), need)
        else:
            self._no[key] = min(self._no.get(key, 1 << 30), need)
        return found

    def tree(self, top: int):
        """The tree of the melds whose highest natural card is ``top`` (None if there is none), made when first
        asked for: each node's ``children`` hold one natural card more (a lower one, or the same again), and its
        ``by_jokers`` says whether a branch holds a meld within a loss and a number of jokers, so a walk passes
        over those that cannot."""
        root = self._roots.get(top, False)
        if root is False:
            root = self._roots[top] = self._tree(top)
        return root

    def best(self, hand: int, keep: bool = True) -> int:
        """The most points the melds within ``hand`` can make, keeping a card in hand if ``keep``;
        :data:`NO_WAY` if a card cannot be kept (a hand of no card)."""
        key = hand * 2 + keep
        found = self._best.get(key)
        if found is not None:
            return found
        if not hand & NATURALS:
            value = 0 if (hand or not keep) else NO_WAY
        else:
            top = highest(hand)
            value = self.best(hand - (1 << (4 * top)), False)  # the highest card stays in the hand
            for b, pts, _, _ in self.within(hand):
                v = pts + self.best(hand - b, keep)
                if v > value:
                    value = v
        self._best[key] = value
        return value

    def goes_out(self, hand: int, left: int) -> bool:
        """Whether ``hand`` can be laid out in melds but exactly ``left`` cards (0 or 1)."""
        key = hand * 2 + left
        found = self._out.get(key)
        if found is not None:
            return found
        if not hand & NATURALS:
            value = (hand >> JOKER_SHIFT) == left
        else:
            value = any(self.goes_out(hand - end[0], left) for end in self.within(hand))
            if not value and left:  # the highest card is the one left
                value = self.goes_out(hand - (1 << (4 * highest(hand))), 0)
        self._out[key] = value
        return value
