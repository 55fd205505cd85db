"""Melds: sets and sequences, as bitmasks, precomputed once per rule set.

A group of cards is an ``int`` with bit ``card.code`` set for each card (``code`` is pack-independent,
0–51), so a hand, a meld and a whole table are single integers and the test "is this a meld" is one
dictionary look-up.  :class:`MeldTable` holds every valid meld of a rule set and, for each card, the
melds that contain it; :func:`explain` says in words why a group is not a meld, naming the axis.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterable, Iterator

from .cards import Card, Pack, SUITS, format_cards
from .errors import CardError

__all__ = ["MeldKind", "MeldTable", "bits", "mask_of", "popcount"]

_CARD_BY_CODE = [Card(r, s) for s in SUITS for r in range(1, 14)]


class MeldKind(enum.Enum):
    SET = "set"
    SEQUENCE = "sequence"


def popcount(mask: int) -> int:
    return mask.bit_count()


def bits(mask: int) -> Iterator[int]:
    """The single-bit masks of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low
        mask ^= low


def mask_of(cs: Iterable[Card]) -> int:
    m = 0
    for c in cs:
        m |= 1 << c.code
    return m


@dataclass(eq=False)
class MeldTable:
    """Every valid meld of one rule set, and helpers to print and explain card groups."""

    pack: Pack
    melds: dict[int, MeldKind]
    containing: dict[int, tuple[int, ...]]
    """Single-bit mask of a card -> the melds that contain it (largest first)."""
    position: dict[int, int]
    """Card code -> its place in sequence order within the suit (0–9)."""
    deck_mask: int
    rules: object
    minimal_with: dict[int, tuple[int, ...]] = None
    """Single-bit mask of a card -> the smallest melds that hold it."""
    lowest: dict[int, tuple[int, ...]] = None
    """Single-bit mask of a card -> the melds whose lowest card (by code) it is."""
    minimal: tuple[int, ...] = ()
    """The smallest melds (min_set cards of a rank, min_sequence cards in a row): a card is in some meld
    within a group of cards exactly when it is in one of these within the group."""
    hand_memo: dict = field(default_factory=dict)
    lay_memo: dict = field(default_factory=dict)
    """The melds a player could lay from his hand, keyed by (his melds, his hand): see ``meld_without_use``."""
    """Sets of disjoint melds within a group of hand cards, keyed by the group's mask."""

    def any_meld_takes(self, cards: int, avail: int) -> bool:
        """Whether some meld within ``avail`` takes at least one of ``cards``."""
        for m in self.minimal:
            if m & cards and not m & ~avail:
                return True
        return False

    def could_meld(self, card: int, avail: int) -> bool:
        """Whether ``card`` is in some meld made of cards in ``avail`` (``card`` itself need not be in ``avail``).

        Exact, and cheap: every meld holding the card holds a smallest meld (``min_set`` of a rank or
        ``min_sequence`` in a row) that holds it too, and each card is in only a handful of those.
        """
        avail |= card
        for m in self.minimal_with[card]:
            if not m & ~avail:
                return True
        return False

    # -- construction ----------------------------------------------------------------------
    @classmethod
    def for_rules(cls, rules) -> "MeldTable":
        return _table(rules.pack, rules.min_set, rules.max_set, rules.min_sequence, rules.max_sequence,
                      rules.ace.value, rules.round_the_corner, rules)

    # -- conversions -----------------------------------------------------------------------
    def mask(self, cs: Iterable[Card]) -> int:
        """Cards to a mask; a card that is not in this pack raises CardError."""
        m = 0
        for c in cs:
            if c.code not in self.position:
                raise CardError(f"{c} is not in the {self.pack.value} pack (its ranks: "
                                f"{' '.join(Card(r, 0).__str__()[:-1] for r in self.pack.ranks)})")
            m |= 1 << c.code
        return m

    def cards(self, mask: int) -> tuple[Card, ...]:
        """The cards of a mask in display order: a sequence in rank order (ace high where it is high), else by suit."""
        cs = [_CARD_BY_CODE[b.bit_length() - 1] for b in bits(mask)]
        kind = self.melds.get(mask)
        if kind is MeldKind.SEQUENCE or (kind is None and len({c.suit for c in cs}) == 1 and len(cs) > 1
                                         and all(c.code in self.position for c in cs)):
            # A sequence, or a failed one, reads in rank order from after its widest gap: Q K A, not A Q K.
            return tuple(_sequence_order(cs, self))
        cs.sort(key=lambda c: (self.position.get(c.code, c.rank), c.suit))
        return tuple(cs)

    def hand_order(self, mask: int) -> tuple[Card, ...]:
        """Cards of a hand, suit by suit in sequence order (the order of the deck)."""
        cs = [_CARD_BY_CODE[b.bit_length() - 1] for b in bits(mask)]
        cs.sort(key=lambda c: (c.suit, self.position.get(c.code, c.rank)))
        return tuple(cs)

    def text(self, mask: int, ascii: bool = False) -> str:
        return format_cards(self.cards(mask), ascii)

    def fits(self, meld: int, card_bit: int) -> bool:
        """Whether a card can be added to a meld, the meld staying valid."""
        return (meld | card_bit) in self.melds

    # -- explanations ------------------------------------------------------------------------
    def explain(self, mask: int) -> tuple[str, str | None]:
        """Why a group of cards is not a meld: (reason, axis or None).  For a valid meld: ("", None)."""
        if mask in self.melds:
            return "", None
        cs = [_CARD_BY_CODE[b.bit_length() - 1] for b in bits(mask)]
        text = "[" + format_cards(self.cards(mask)) + "]"
        r = self.rules
        if len({c.rank for c in cs}) == 1:
            if len(cs) < r.min_set:
                return f"{text} is not a meld: a set needs at least {r.min_set} cards", "min_set"
            return f"{text} is not a meld: a set holds at most {r.max_set} cards", "max_set"
        if len({c.suit for c in cs}) > 1:
            return f"{text} is not a meld: its cards are neither of one rank nor of one suit", "min_set"
        n = len(cs)
        if n < r.min_sequence:
            return f"{text} is not a meld: a sequence needs at least {r.min_sequence} cards", "min_sequence"
        if n > r.max_sequence:
            return f"{text} is not a meld: a sequence holds at most {r.max_sequence} cards", "max_sequence"
        positions = sorted(self.position[c.code] for c in cs)
        cyclic = _cyclic_run(positions)
        has_ace = 0 in positions
        if cyclic and has_ace and 9 in positions:
            # Runs through the top card and the ace: high ace (Q K A) or round the corner (K A 2).
            if 1 in positions and not r.round_the_corner:
                return f"{text} is not a meld: a sequence may not go round the corner", "round_the_corner"
            return f"{text} is not a meld: the ace is low only, below the 2", "ace"
        if cyclic and not r.round_the_corner:
            return f"{text} is not a meld: a sequence may not go round the corner", "round_the_corner"
        return f"{text} is not a meld: its cards are not consecutive", "min_sequence"


def _cyclic_run(positions: list[int]) -> bool:
    """Whether sorted positions 0–9 form one run on the circle of ten ranks."""
    s = set(positions)
    gaps = sum(1 for p in s if (p + 1) % 10 not in s)
    return gaps == 1 or len(s) == 10


def _sequence_order(cs: list[Card], table: MeldTable) -> list[Card]:
    pos = {c: table.position[c.code] for c in cs}
    ordered = sorted(cs, key=pos.__getitem__)
    ps = [pos[c] for c in ordered]
    if len(ps) < 10:
        # Start after the widest gap on the circle of ten ranks, so Q K A and K A 2 read as runs.
        gaps = [((ps[(i + 1) % len(ps)] - ps[i]) % 10, i) for i in range(len(ps))]
        widest = max(gaps)[1]
        if (ps[0] - ps[-1]) % 10 < max(gaps)[0]:
            ordered = ordered[widest + 1:] + ordered[:widest + 1]
    return ordered


@lru_cache(maxsize=None)
def _table(pack: Pack, min_set: int, max_set: int, min_seq: int, max_seq: int, ace: str, corner: bool,
           rules) -> MeldTable:
    ranks = pack.ranks
    position = {Card(r, s).code: i for s in SUITS for i, r in enumerate(ranks)}
    melds: dict[int, MeldKind] = {}
    # Sets: every choice of min_set..max_set suits of one rank.
    for r in ranks:
        for subset in range(1, 16):
            n = bin(subset).count("1")
            if min_set <= n <= max_set:
                melds[sum(1 << Card(r, s).code for s in SUITS if subset >> s & 1)] = MeldKind.SET
    # Sequences: runs of min_seq..max_seq consecutive places in one suit.
    for s in SUITS:
        codes = [Card(r, s).code for r in ranks]
        for length in range(min_seq, max_seq + 1):
            for start in range(0, 10):
                places = [(start + k) for k in range(length)]
                wraps = places[-1] >= 10
                if wraps:
                    places = [p % 10 for p in places]
                    through_ace_high = places[-1] == 0  # ends on the ace: ... Q K A
                    if not (corner or (ace == "low-or-high" and through_ace_high)) or length == 10:
                        continue
                melds[sum(1 << codes[p] for p in places)] = MeldKind.SEQUENCE
    containing: dict[int, list[int]] = {}
    for m in melds:
        for b in bits(m):
            containing.setdefault(b, []).append(m)
    frozen = {b: tuple(sorted(ms, key=lambda m: -m.bit_count())) for b, ms in containing.items()}
    deck_mask = sum(1 << c for c in position)
    lowest: dict[int, list[int]] = {}
    for m in melds:
        lowest.setdefault(m & -m, []).append(m)
    minimal = tuple(m for m, kind in melds.items()
                    if m.bit_count() == (min_set if kind is MeldKind.SET else min_seq))
    minimal_with = {b: tuple(m for m in minimal if m & b) for b in frozen}
    return MeldTable(pack, melds, frozen, position, deck_mask, rules, minimal_with,
                     {b: tuple(ms) for b, ms in lowest.items()}, minimal)
