"""Hands and melds as *bags*: an ``int`` with four bits per card code holding the count of that card (code 52:
the jokers), so that a meld's cards are taken from a hand, and tested for fitting, in a few integer operations.

The searches of :mod:`conquian.games.romme.search` and :mod:`conquian.games.romme.layouts` work on bags; :func:`run_bag` and
:func:`set_bag` give a meld's bag from its canonical form (see :mod:`conquian.games.romme.melds`) without listing its
cards, since a hand with many jokers makes over a hundred thousand melds and every one is asked for.
"""

from __future__ import annotations

from typing import Iterable

from ...cards import JOKER_CODE

__all__ = ["GUARD", "NATURALS", "JOKER_SHIFT", "bag", "bag_counts", "highest", "lowest", "run_bag", "run_bags", "set_bag", "spread"]

#: Added to a bag before a meld is taken from it: a count that goes below zero clears its guard bit.
GUARD = sum(8 << (4 * c) for c in range(JOKER_CODE + 1))
#: The natural cards' counts of a bag (``bag & NATURALS``).
NATURALS = sum(15 << (4 * c) for c in range(JOKER_CODE))
#: Where a bag keeps its jokers' count (``bag >> JOKER_SHIFT``).
JOKER_SHIFT = 4 * JOKER_CODE

#: Bag of the first ``n`` places of a suit (``n`` cards in a row, one copy each).
ROW = [sum(1 << (4 * i) for i in range(n)) for n in range(15)]
#: The aces of the suits in a 4-bit suit mask, as a bag (shifted by ``4 * (rank - 1)`` for another rank).
_SUITS = [sum(1 << (4 * 13 * s) for s in range(4) if mask >> s & 1) for mask in range(16)]
_SPREAD: list[int] = []
_FOLD = (1 << 52) - 1  # a suit's thirteen counts: a run's places past the king fold back onto the ace and on


def bag(codes: Iterable[int]) -> int:
    """The bag of a hand given as card codes."""
    b = 0
    for c in codes:
        b += 1 << (4 * c)
    return b


def bag_counts(b: int) -> list[int]:
    """Copies of each card code (index 52: the jokers)."""
    return [(b >> (4 * c)) & 15 for c in range(JOKER_CODE + 1)]


def lowest(b: int) -> int:
    """The lowest natural card code in a bag (which must hold one)."""
    nat = b & NATURALS
    return ((nat & -nat).bit_length() - 1) >> 2


def highest(b: int) -> int:
    """The highest natural card code in a bag (which must hold one)."""
    return ((b & NATURALS).bit_length() - 1) >> 2


def spread() -> list[int]:
    """A sequence's joker mask (bit ``i``: its ``i``-th card) -> the bag of those places counted from its first
    (as if the first were code 0), made on first use: 16,384 entries."""
    if not _SPREAD:
        _SPREAD.extend(0 for _ in range(1 << 14))
        for mask in range(1, 1 << 14):
            low = mask & -mask
            _SPREAD[mask] = _SPREAD[mask ^ low] + (1 << (4 * (low.bit_length() - 1)))
    return _SPREAD


def run_bags(masks: list[int], start: int, length: int) -> tuple[list[int], list[int]]:
    """The bags of the sequences ``(RUN, 0, start, length, jm)`` for each joker mask ``jm`` of ``masks``, in the first
    suit (shift the natural cards by ``4 * 13 * suit`` for another): their natural cards (the places from the first
    card, less the jokers' places, folded round the corner onto the ace and on) and their jokers, as two lists."""
    places, row, at = _SPREAD or spread(), ROW[length], 4 * start
    naturals = [(row - places[jm]) << at for jm in masks]
    if start + length > 13:
        naturals = [(n & _FOLD) + (n >> 52) for n in naturals]
    return naturals, [jm.bit_count() << JOKER_SHIFT for jm in masks]


def run_bag(suit: int, start: int, length: int, jokers: int) -> int:
    """The bag of the sequence ``(RUN, suit, start, length, jokers)``: its natural cards and its jokers."""
    (nat,), (joker_part,) = run_bags([jokers], start, length)
    return (nat << (4 * 13 * suit)) + joker_part


def set_bag(rank: int, suits: int, jokers: int) -> int:
    """The bag of the set ``(SET, rank, suits, jokers, 0)``."""
    return (_SUITS[suits] << (4 * (rank - 1))) + (jokers << JOKER_SHIFT)
