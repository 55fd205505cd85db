"""What the greedy computer player values, in terms every game's judgement shares: a finished deal's worth
(:func:`outcome_value`) and how much a hand's cards could still make melds (:func:`potential`).

Each game's room gives its own judgement (``greedy.value`` and ``greedy.shortcut``, see
:attr:`conquian.gametype.GameType.greedy`) built on these; :class:`conquian.players.GreedyPlayer` asks it.
"""

from __future__ import annotations

from .cards import JOKER_CODE

__all__ = ["WIN", "outcome_value", "potential"]

WIN = 1_000_000.0
"""What a won deal is worth to a greedy player (a lost one, minus that)."""


def outcome_value(g, me) -> float:
    """A finished deal's worth to seat ``me``: won, lost, or nobody's."""
    winner = g.outcome.winner
    return WIN if winner == me else (-WIN if winner is not None else 0.0)


def potential(codes, place: dict) -> float:
    """How much a hand's cards could still make melds: each pair of the same rank, or of one suit one or two
    apart in sequence, counts (closer pairs more); a joker counts as much as a card that fits anywhere."""
    total = 0.0
    naturals = [c for c in codes if c != JOKER_CODE]
    total += 3.0 * (len(codes) - len(naturals))
    for i, a in enumerate(naturals):
        ra, sa, pa = a % 13, a // 13, place.get(a)
        for b in naturals[i + 1:]:
            if a == b:  # the same card twice (two packs) makes no meld by itself
                continue
            if b % 13 == ra:
                total += 1.0
            elif b // 13 == sa and pa is not None:
                gap = abs(place.get(b, -9) - pa)
                total += 1.0 if gap == 1 else 0.5 if gap == 2 else 0.0
    return total
