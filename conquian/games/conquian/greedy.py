"""Conquian's judgement for the greedy player (:class:`conquian.players.GreedyPlayer`): the cards down count most,
then what the hand could still meld."""

from __future__ import annotations

from ...judgement import outcome_value, potential

__all__ = ["value", "shortcut"]


def value(g, me) -> float:
    """What the deal is worth to seat ``me``, by what that seat sees."""
    if g.is_over:
        return outcome_value(g, me)
    codes = [c.code for c in g.hand(me)]
    return 20.0 * g.down(me) + potential(codes, g.rules.pack.shape.place)


def shortcut(g, actions):
    """Every Conquian decision is judged by looking one action ahead."""
    return None
