"""Melds: sets and sequences as card masks, one table per pack shape and meld rules; and the search for arrangements.

A :class:`MeldTable` holds every valid meld for one combination of what makes a meld (the pack's shape and the
axes ``min_set``, ``max_set``, ``min_sequence``, ``max_sequence``, ``ace`` and ``round_the_corner``), so "is
this a meld" is one dictionary look-up.  Rule sets that differ only elsewhere share a table
(:func:`meld_table`, a bounded cache).  :meth:`MeldTable.explain` says in words why a group is not a meld,
naming the axis; :func:`arrangements` lists every way a player's melds can stand after he uses a card.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterable, NamedTuple

from ...axes import Rearranging
from ...cards import Card, PackShape, bits, card_of, cards_of, format_cards, mask_of

__all__ = ["MeldKind", "MeldTable", "meld_table", "Melding", "arrangements", "laid_off", "from_hand_ok", "regroupings",
           "bits", "mask_of"]

#: Entries a table's memo of hand melds or lay-out options keeps before it starts afresh.
MEMO_LIMIT = 200_000


class MeldKind(enum.Enum):
    SET = "set"
    SEQUENCE = "sequence"


@dataclass(eq=False)
class MeldTable:
    """Every valid meld of one pack shape under one set of meld rules, and helpers to show and explain groups."""

    shape: PackShape
    min_set: int
    max_set: int
    min_sequence: int
    max_sequence: int
    ace_high: bool
    round_the_corner: bool
    melds: dict[int, MeldKind] = field(repr=False)
    containing: dict[int, tuple[int, ...]] = field(repr=False)
    """Single-bit mask of a card -> the melds that contain it (largest first)."""
    lowest: dict[int, tuple[int, ...]] = field(repr=False)
    """Single-bit mask of a card -> the melds whose lowest card (by code) it is."""
    minimal: tuple[int, ...] = field(repr=False)
    """The smallest melds (min_set cards of a rank, min_sequence cards in a row): a card is in some meld
    within a group of cards exactly when it is in one of these within the group."""
    minimal_with: dict[int, tuple[int, ...]] = field(repr=False)
    """Single-bit mask of a card -> the smallest melds that hold it."""
    hand_memo: dict = field(default_factory=dict, repr=False)
    """Sets of disjoint melds within a group of hand cards, keyed by the group's mask."""
    lay_memo: dict = field(default_factory=dict, repr=False)
    """The melds a player could lay out from his hand, keyed by (his melds, his hand, the melding rules)."""

    @property
    def position(self) -> dict[int, int]:
        """Card code -> its place in sequence order within its suit."""
        return self.shape.place

    @property
    def deck_mask(self) -> int:
        return self.shape.mask

    # -- questions -----------------------------------------------------------------------------
    def is_meld(self, cs: Iterable[Card]) -> bool:
        return self.mask(cs) in self.melds

    def fits(self, meld: int, card_bit: int) -> bool:
        """Whether a card can be added to a meld, the meld staying valid."""
        return (meld | card_bit) in self.melds

    def any_meld_takes(self, cards: int, avail: int) -> bool:
        """Whether some meld within ``avail`` takes at least one of ``cards``."""
        for m in self.minimal:
            if m & cards and not m & ~avail:
                return True
        return False

    def could_meld(self, card: int, avail: int) -> bool:
        """Whether ``card`` is in some meld made of cards in ``avail`` (``card`` itself need not be in ``avail``).

        Exact, and cheap: every meld holding the card holds a smallest meld that holds it too.
        """
        avail |= card
        for m in self.minimal_with[card]:
            if not m & ~avail:
                return True
        return False

    # -- conversions -----------------------------------------------------------------------------
    def mask(self, cs: Iterable[Card]) -> int:
        """Cards to a mask; a card that is not in this pack raises CardError."""
        cs = list(cs)
        self.shape.check(cs)
        return mask_of(cs)

    def cards(self, mask: int) -> tuple[Card, ...]:
        """The cards of a mask in display order: a sequence in rank order (ace high where it is high), else by rank."""
        cs = cards_of(mask)
        place = self.shape.place
        kind = self.melds.get(mask)
        if kind is MeldKind.SEQUENCE or (kind is None and len(cs) > 1 and len({c.suit for c in cs}) == 1
                                         and all(c.code in place for c in cs)):
            # A sequence, or a failed one, reads in rank order from after its widest gap: Q K A, not A Q K.
            return tuple(self._sequence_order(cs))
        cs.sort(key=lambda c: (place.get(c.code, c.rank), c.suit))
        return tuple(cs)

    def hand_order(self, mask: int) -> tuple[Card, ...]:
        """Cards of a hand, suit by suit in sequence order (the order of the deck)."""
        return tuple(self.shape.hand_order(cards_of(mask)))

    def text(self, mask: int, ascii: bool = False) -> str:
        return format_cards(self.cards(mask), ascii)

    def _sequence_order(self, cs: list[Card]) -> list[Card]:
        n = len(self.shape.ranks)
        place = self.shape.place
        ordered = sorted(cs, key=lambda c: place[c.code])
        ps = [place[c.code] for c in ordered]
        if len(ps) < n:
            # Start after the widest gap on the circle of ranks, so Q K A and K A 2 read as runs.
            gaps = [((ps[(i + 1) % len(ps)] - ps[i]) % n, i) for i in range(len(ps))]
            width, widest = max(gaps)
            if (ps[0] - ps[-1]) % n < width:
                ordered = ordered[widest + 1:] + ordered[:widest + 1]
        return ordered

    # -- explanations ------------------------------------------------------------------------------
    def explain(self, mask: int) -> tuple[str, str | None]:
        """Why a group of cards is not a meld: (reason, axis or None).  For a valid meld: ("", None)."""
        if mask in self.melds:
            return "", None
        cs = cards_of(mask)
        text = "[" + format_cards(self.cards(mask)) + "]"
        if len({c.rank for c in cs}) == 1:
            if len(cs) < self.min_set:
                return f"{text} is not a meld: a set needs at least {self.min_set} cards", "min_set"
            return f"{text} is not a meld: a set holds at most {self.max_set} cards", "max_set"
        if len({c.suit for c in cs}) > 1:
            return f"{text} is not a meld: its cards are neither of one rank nor of one suit", "min_set"
        if len(cs) < self.min_sequence:
            return f"{text} is not a meld: a sequence needs at least {self.min_sequence} cards", "min_sequence"
        if len(cs) > self.max_sequence:
            return f"{text} is not a meld: a sequence holds at most {self.max_sequence} cards", "max_sequence"
        n = len(self.shape.ranks)
        places = {self.shape.place[c.code] for c in cs}
        cyclic = sum(1 for p in places if (p + 1) % n not in places) == 1 or len(places) == n
        if cyclic and 0 in places and n - 1 in places:
            # Runs through the top card and the ace: high ace (Q K A) or round the corner (K A 2).
            if 1 in places and not self.round_the_corner:
                return f"{text} is not a meld: a sequence may not go round the corner", "round_the_corner"
            return f"{text} is not a meld: the ace is low only, below the 2", "ace"
        if cyclic and not self.round_the_corner:
            return f"{text} is not a meld: a sequence may not go round the corner", "round_the_corner"
        return f"{text} is not a meld: its cards are not consecutive", "min_sequence"


@lru_cache(maxsize=32)
def meld_table(shape: PackShape, min_set: int, max_set: int, min_sequence: int, max_sequence: int,
               ace_high: bool, round_the_corner: bool) -> MeldTable:
    """The meld table for a pack shape and the meld axes; built once and shared (at most 32 kept)."""
    ranks = shape.ranks
    n = len(ranks)
    melds: dict[int, MeldKind] = {}
    for r in ranks:  # sets: every choice of min_set..max_set suits of one rank
        for subset in range(1, 1 << len(shape.suits)):
            if min_set <= subset.bit_count() <= max_set:
                melds[mask_of(Card(r, s) for i, s in enumerate(shape.suits) if subset >> i & 1)] = MeldKind.SET
    for s in shape.suits:  # sequences: runs of min_sequence..max_sequence consecutive places in one suit
        codes = [Card(r, s).code for r in ranks]
        for length in range(min_sequence, min(max_sequence, n) + 1):
            for start in range(n):
                places = [(start + k) % n for k in range(length)]
                if start + length > n:  # the run wraps past the top rank
                    ends_on_ace = places[-1] == 0  # ... Q K A
                    if length == n or not (round_the_corner or (ace_high and ends_on_ace)):
                        continue
                melds[sum(1 << codes[p] for p in places)] = MeldKind.SEQUENCE
    containing: dict[int, list[int]] = {}
    lowest: dict[int, list[int]] = {}
    for m in melds:
        for b in bits(m):
            containing.setdefault(b, []).append(m)
        lowest.setdefault(m & -m, []).append(m)
    minimal = tuple(m for m, kind in melds.items()
                    if m.bit_count() == (min_set if kind is MeldKind.SET else min_sequence))
    return MeldTable(
        shape, min_set, max_set, min_sequence, max_sequence, ace_high, round_the_corner, melds,
        {b: tuple(sorted(ms, key=lambda m: -m.bit_count())) for b, ms in containing.items()},
        {b: tuple(ms) for b, ms in lowest.items()}, minimal,
        {b: tuple(m for m in minimal if m & b) for b in containing})


# -- arrangements ------------------------------------------------------------------------------------
class Melding(NamedTuple):
    """The rules that shape an arrangement: may melds be regrouped, extended, joined by other hand melds?

    A named tuple, so that it hashes at C speed: it is part of the key of a memo looked up on every draw.
    """

    rearranging: Rearranging
    """How cards already down may be regrouped (the axis ``rearranging``)."""
    lay_off: bool
    """Old melds may be extended (``lay_off_own``)."""
    with_the_card: bool
    """Hand cards go down only in the meld that takes the card used (``hand_cards = with-the-card``)."""
    two_hand_cards: bool = False
    """A new meld that takes the card used holds two hand cards (``two_hand_cards``)."""


def arrangements(t: MeldTable, rules: Melding, old: tuple[int, ...], hand: int, card: int,
                 down: int | None = None) -> tuple[tuple[int, ...], ...]:
    """Every arrangement of a player's melds after using ``card`` (or, with ``card = 0``, after laying out from
    his hand), sorted; each is the sorted tuple of his melds afterwards.

    An arrangement covers every card already down, plus the card, plus any hand cards, in valid melds, as
    the melding rules allow.  Callers test :meth:`MeldTable.could_meld` first: most cards fit nothing.  ``down``,
    the mask of the old melds, may be given where the caller keeps it.
    """
    if down is None:
        down = _or_all(old)
    must = down | card
    avail = must | hand
    if not card and not t.any_meld_takes(hand, avail):
        return ()  # laying out from the hand: no hand card goes into any meld
    results: set[tuple[int, ...]] = set()
    # The melds that could cover each card, within what is available at the start: filled in as needed.
    candidates: dict[int, list[int]] = {}
    with_card = card if rules.with_the_card else 0
    extra = None if rules.with_the_card else t
    mode = rules.rearranging
    _search(must, avail, (), t.containing, candidates, avail, down, frozenset(old), hand, with_card,
            mode is not Rearranging.NONE, rules.lay_off, extra, results)
    if mode is Rearranging.BORROW or mode is Rearranging.WITH_NEW_MELD:
        results = {arr for arr in results if borrowing_ok(t, arr, old, mode is Rearranging.WITH_NEW_MELD)}
    if rules.two_hand_cards and card:
        results = {arr for arr in results if from_hand_ok(arr, old, hand, card)}
    return tuple(sorted(results))


#: How a forcer regroups his opponent's melds (``force_regrouping``): any way, the card among them, no hand card.
_REGROUPING = Melding(Rearranging.FREE, True, True)


def regroupings(t: MeldTable, old: tuple[int, ...], card: int) -> tuple[tuple[int, ...], ...]:
    """Every way a forcer may regroup his opponent's melds ``old`` so that ``card`` joins them, sorted; the plain
    additions (the card on one meld as it stands, the others untouched) are left out: they are forces onto a meld."""
    if not old or not t.could_meld(card, _or_all(old)):
        return ()
    plain = {tuple(sorted(m | card if m == o else m for m in old)) for o in old if o | card in t.melds}
    return tuple(arr for arr in arrangements(t, _REGROUPING, old, 0, card) if arr not in plain)


def _or_all(masks) -> int:
    out = 0
    for m in masks:
        out |= m
    return out


def meld_taking(arr: tuple[int, ...], card: int) -> int:
    """The meld of an arrangement that holds ``card``."""
    for m in arr:
        if m & card:
            return m
    return 0


def laid_off(arr: tuple[int, ...], old: tuple[int, ...], card: int) -> bool:
    """Whether the card joins a meld already down: the meld that takes it holds a whole old meld."""
    m = meld_taking(arr, card)
    return any(not o & ~m for o in old)


def from_hand_ok(arr: tuple[int, ...], old: tuple[int, ...], hand: int, card: int) -> bool:
    """Whether the card used joins a meld already down, or makes a new one with two cards from the hand."""
    return laid_off(arr, old, card) or (meld_taking(arr, card) & hand).bit_count() >= 2


def borrowing_ok(t: MeldTable, arr: tuple[int, ...], old: tuple[int, ...], into_new_only: bool) -> bool:
    """Whether an arrangement only *borrows* from the old melds (Foster; rummy.ch with ``into_new_only``).

    Foster (``into_new_only`` false): what stays of each old meld must be whole melds by themselves, before
    anything joins them: each new meld's share of an old meld is either such a kept piece (a valid meld) or
    borrowed cards.  Every old meld keeps at least one piece and no new meld joins the kept pieces of two old melds.
    rummy.ch (``into_new_only``): its "danach" (afterwards) is read at the end of the move, see :func:`_into_new`.
    """
    if into_new_only:
        return _into_new(arr, old)
    keeper: dict[int, int] = {}
    for o in old:
        kept = 0
        for n in arr:
            part = n & o
            if part and part in t.melds:
                if keeper.setdefault(n, o) != o:
                    return False  # one meld would join what two old melds kept
                kept |= part
        if not kept:
            return False
    return True


def _is_set(mask: int) -> bool:
    return len({c.rank for c in cards_of(mask)}) == 1


def _into_new(arr: tuple[int, ...], old: tuple[int, ...]) -> bool:
    """Cards leave an old meld only to make a new meld, and what is left of it is a valid meld *afterwards*.

    Each old meld goes on as exactly one meld of the arrangement of its kind (its continuation: valid, as every meld of an
    arrangement is, once cards of the hand or the card used have joined it); no meld continues two old melds; every
    card of an old meld outside its continuation goes into a meld that continues none.  Old melds are few (at most
    the cards down over three), so every choice of continuations is tried.
    """
    # A meld goes on as a meld of its kind: a set as a set, a sequence as a sequence (of its suit, as it shares a card).
    options = [[n for n in arr if n & o and _is_set(n) == _is_set(o)] for o in old]
    chosen: list[int] = []

    def fits(i: int) -> bool:
        if i == len(old):
            continuing = set(chosen)
            return all(not n & o or n not in continuing for o, c in zip(old, chosen) for n in arr if n != c)
        for n in options[i]:
            if n not in chosen:
                chosen.append(n)
                if fits(i + 1):
                    return True
                chosen.pop()
        return False

    return fits(0)


def _search(must, avail, chosen, containing, candidates, start, down, old, hand, with_card, rearrange, lay_off,
            extra, results) -> None:
    """The arrangement search: cover the lowest card still to place with each meld that may take it.

    A plain recursive function with everything it reads passed in: no closure and no object per call, so no
    reference cycle is made and every name is a local (measured faster than a closure or a method).
    """
    if not must:
        if extra is not None:
            for more in hand_meld_sets(extra, avail & hand):
                results.add(tuple(sorted(chosen + more)))
        else:
            results.add(tuple(sorted(chosen)))
        return
    low = must & -must
    cands = candidates.get(low)
    if cands is None:
        cands = candidates[low] = [m for m in containing[low] if not m & ~start]
    for m in cands:
        if m & ~avail:
            continue
        inter = m & down
        if inter:
            if not rearrange and inter not in old:
                continue
            if not lay_off and inter != m and (inter in old or not rearrange):
                continue
        if with_card and not m & with_card and m & hand:
            continue
        _search(must & ~m, avail & ~m, chosen + (m,), containing, candidates, start, down, old, hand, with_card,
                rearrange, lay_off, extra, results)


def hand_meld_sets(t: MeldTable, rest: int) -> list[tuple[int, ...]]:
    """Every set of disjoint melds made of the cards in ``rest`` (the empty set included), remembered by ``rest``."""
    memo = t.hand_memo
    found = memo.get(rest)
    if found is not None:
        return found
    found = [()]
    lowest = t.lowest
    for b in bits(rest):
        above = rest & ~((b << 1) - 1)  # melds later in the enumeration start above b: no set is listed twice
        for m in lowest.get(b, ()):
            if not m & ~rest:
                found.extend((m,) + tail for tail in hand_meld_sets(t, above & ~m))
    if len(memo) > MEMO_LIMIT:
        memo.clear()
    memo[rest] = found
    return found


def lay_out_options(t: MeldTable, rules: Melding, old: tuple[int, ...], hand: int) -> list[tuple[int, ...]]:
    """The arrangements a player may reach by laying out cards from his hand without using a card.

    A player who passes what he draws asks the same question at his next draw, so the answer is remembered.
    """
    key = (old, hand, rules)
    found = t.lay_memo.get(key)
    if found is None:
        if len(t.lay_memo) > MEMO_LIMIT:
            t.lay_memo.clear()
        down = _or_all(old)
        found = t.lay_memo[key] = [arr for arr in arrangements(t, rules, old, hand, 0)
                                   if sum(m.bit_count() for m in arr) != down.bit_count()]
    return found


def card_text(bit: int) -> str:
    return str(card_of(bit))
