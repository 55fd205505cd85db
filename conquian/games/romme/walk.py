"""Which melds of a hand can be part of a first meld, all at once: two passes over the sub-hands.

The listing asks, for each meld a player who has not melded could lay, whether the rest of his hand can still make
the first meld's points with it (:mod:`conquian.games.romme.search`, meld by meld).  Where a hand can only just make
them, most answers are no and each is a whole search; :func:`fewest` then answers for every meld at once, in two
passes over the sub-hands of the hand's natural cards, each step a few integer operations on bit sets that cover
every number of jokers left and every loss at once (see :func:`fewest`).

The same walk is compiled (``native/romme_walk.c``, built with the package where a C compiler is at hand, as
Conquian's kernel; :func:`compiled` says whether it is here): the same passes over the same sub-hands, with the two
numbers each lane's bit sets amount to (the most loss still open on the way to a sub-hand, the least loss on from
it), some ten times quicker; where it is built the listing asks it alone, for the first meld
(:func:`fewest_compiled`) and for Hand-Rommé's layings out of the whole hand (:func:`laid_out_compiled`: the walk
where no meld loses anything and no card is left out but the one kept).  In the reader's browser, and wherever it is
not built or ``CONQUIAN_NATIVE=0``, the walk in Python and :mod:`conquian.games.romme.layouts` answer, the same way: a
differential test holds the two to identical answers.
"""

from __future__ import annotations

import os
from heapq import heappop, heappush
from typing import Iterable

from ...cards import JOKER_CODE
from .bags import GUARD, JOKER_SHIFT, NATURALS, highest
from .search import Opening, card_values

try:  # the same walk compiled (native/romme_walk.c), where the package was installed with a C compiler
    from . import _walk as _compiled
except ImportError:  # not built (no compiler at install time), or in the reader's browser: the walk in Python
    _compiled = None

__all__ = ["compiled", "fewest", "fewest_compiled", "laid_out_compiled", "Lanes"]


def compiled() -> bool:
    """Whether the compiled walk is built here and not switched off (``CONQUIAN_NATIVE=0`` in the environment, as
    for Conquian's kernel)."""
    return _compiled is not None and os.environ.get("CONQUIAN_NATIVE", "1") != "0"


def fewest_compiled(bags: Iterable[int], points: Iterable[int], hand: int, need: int, keep: bool,
                    ace: int) -> dict[int, int]:
    """:func:`fewest` for the melds of bags ``bags`` that count ``points`` towards a first meld (the ace counting
    ``ace``), compiled: the same two passes over the same sub-hands, with the same answers (a differential test
    holds them to it), some ten times quicker.  Only where :func:`compiled`."""
    if _compiled is None:
        raise RuntimeError("the compiled walk is not built here (see conquian.games.romme.walk.compiled)")
    return _compiled.fewest(list(bags), list(points), hand, need, bool(keep), card_values(ace))


def laid_out_compiled(bags: Iterable[int], hand: int, none: bool, one: bool) -> set[int]:
    """The bags among ``bags`` (a hand's melds) that some laying out of the whole ``hand`` uses, with no card left
    (where ``none``) or one (where ``one``): what :meth:`conquian.games.romme.layouts.Layouts.used` answers (Hand-Rommé),
    from the same walk compiled, where no meld loses anything and no card is left out but the one kept.  Only where
    :func:`compiled`."""
    if _compiled is None:
        raise RuntimeError("the compiled walk is not built here (see conquian.games.romme.walk.compiled)")
    return _compiled.laid_out(list(bags), hand, bool(none), bool(one))


class Lanes:
    """The masks of :func:`fewest`' bit sets: ``count`` lanes of ``width`` bits (a bit per loss)."""

    def __init__(self, width: int, count: int):
        self.lane = (1 << width) - 1
        self.ones = ones = sum(1 << (i * width) for i in range(count))  # the lowest bit of each lane
        self.kept = self.lane * sum(1 << (2 * i * width) for i in range(count // 2))  # lanes of no card to keep
        #: down[x]: the bits that stay in their lane when a set is shifted down by x; up[x]: up by x
        self.down = [(self.lane >> x) * ones for x in range(width)]
        self.up = [((self.lane >> x) << x) * ones for x in range(width)]
        self.width, self.count = width, count

    def done(self, joker: int) -> int:
        """The second set of a sub-hand of no natural card: the jokers left lose their bound (``joker`` each),
        and no card left where one must be kept is no way."""
        bits = 0
        for i in range(self.count):
            j, keep = divmod(i, 2)
            if (j or not keep) and joker * j < self.width:
                bits |= ((self.lane >> (joker * j)) << (joker * j)) << (i * self.width)
        return bits


def _reach(after: int, spread: int, left: int, ahead: dict, budget: dict, heap: list) -> None:
    """A step of the first pass to the sub-hand ``after``: the losses ``spread`` still open, ``left`` at most."""
    old = ahead.get(after)
    if old is None:
        ahead[after], budget[after] = spread, left
        if after:
            heappush(heap, -after)
    else:
        ahead[after] = old | spread
        if left > budget[after]:
            budget[after] = left


def fewest(search: Opening, hand: int, need: int, keep: bool = True) -> dict[int, int]:
    """For every meld bag that some first meld of ``need`` points or more within ``hand`` (keeping a card if
    ``keep``) can use, among the melds of ``search``: the fewest points a meld of that bag must count to be part
    of one (a meld of fewer points is part of none).  Two passes answer for every meld at once.

    Measured in what each step falls short of the bound :meth:`~conquian.games.romme.search.Opening.most` (its *loss*: a
    card left out loses its value, a joker that stands for a 5 loses what an ace counts less 5), a first meld is a
    way from the hand's natural cards to none whose losses add up to the *slack*, the bound less ``need``, at most.
    Each sub-hand of natural cards has two bit sets, one bit per (jokers left, whether a card must still be kept,
    loss): the losses still open to the ways that come to it (bits 0 to the slack less the loss so far), and the
    losses of the ways on from it to the end (a bit for each loss at least the least). A step of a meld shifts a set
    by the meld's jokers and loss, so a few integer operations take it for every number of jokers and every loss at
    once. A first walk, the largest sub-hand first (every step leads to a smaller one), fills the first sets; a
    second, smallest first, the second; a meld is part of a first meld where its step's two sets meet."""
    value, most = search.values, search.most(hand)
    slack = most - max(need, 0)  # (no collection of melds counts below 0: a need below it is a need of 0)
    if slack < 0:
        return {}
    jokers, width = hand >> JOKER_SHIFT, slack + 1
    lanes = Lanes(width, 2 * (jokers + 1))  # lane 2j + k: j jokers left, a card still to keep if k
    # (a joker fewer: a pair of lanes down)
    down, up, kept, ones, pair = lanes.down, lanes.up, lanes.kept, lanes.ones, 2 * width
    start = hand & NATURALS
    ahead = {start: lanes.lane << ((2 * jokers + keep) * width)}
    budget = {start: slack}  # sub-hand -> the most loss still open to a way to it, in any lane
    steps: dict[int, list] = {}  # sub-hand -> the groups of melds (tree nodes) that may take it on
    heap = [-start]
    while heap:
        nat = -heappop(heap)
        if nat in steps or not nat:
            continue
        room, bits, top = budget[nat], ahead[nat], (nat.bit_length() - 1) >> 2
        most_k = (bits.bit_length() - 1) // pair  # the most jokers left on a way to here
        steps[nat] = taken = []  # the groups of melds of a way within the slack
        root = search.tree(top)
        stack = [root] if root is not None and root.by_jokers[most_k] <= room else []
        guarded = nat + GUARD
        while stack:  # the tree's branches within nat and the room (a depth-first walk)
            node = stack.pop()
            for child in node.children:
                if child.by_jokers[most_k] <= room and (guarded - child.part) & GUARD == GUARD:
                    stack.append(child)
            spread = 0
            for x, k, _, _, _ in node.by_loss:
                if x > room:
                    break
                if k <= most_k:
                    spread |= (bits >> (k * pair + x)) & down[x]
            if spread:
                taken.append(node)
                _reach(nat - node.part, spread, room - node.by_loss[0][0], ahead, budget, heap)
        v = value[top]
        if v <= room:  # the highest card left out (the card kept, if one must be)
            spread = (bits >> v) & down[v]
            spread = (spread | spread >> width) & kept
            if spread:
                _reach(nat - (1 << (4 * top)), spread, room - v, ahead, budget, heap)
    on = {0: lanes.done(value[JOKER_CODE])}
    found: dict[int, int] = {}  # bag -> the most loss a meld of it may have
    bounds: dict[int, int] = {}  # bag -> its bound
    for nat in sorted(steps):  # every step leads to a smaller sub-hand: those after a step come first
        bits, here, room, top = 0, ahead[nat], budget[nat], highest(nat)
        most_k = (here.bit_length() - 1) // pair
        open_lanes = (here & ones) * lanes.lane  # the lanes a way comes to here in: the rest do not matter
        for node in steps[nat]:
            later = on[nat - node.part]
            for x, k, b, losses, bound in node.by_loss:
                if x > room:
                    break
                if k > most_k:
                    continue
                term = (later << (k * pair + x)) & up[x] & open_lanes
                bits |= term
                if term & here and found.get(b, -1) < losses[-1]:
                    moved = later << (k * pair)
                    bounds[b] = bound
                    for loss in losses:  # the bag's other melds, by rising loss, while they are part of one
                        if loss > found.get(b, -1):
                            if loss > slack or not (moved << loss) & up[loss] & here:
                                break
                            found[b] = loss
        v, after = value[top], nat - (1 << (4 * top))
        if v <= room and after in on:
            later = on[after] & kept
            bits |= ((later | later << width) << v) & up[v] & open_lanes
        on[nat] = bits
    return {b: bounds[b] - x for b, x in found.items()}
