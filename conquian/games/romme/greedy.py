"""Rommé's judgement for the greedy player (:class:`conquian.players.GreedyPlayer`): fewer cards in hand first; then
melding on rather than ending the turn; then the hand's promise.  The cut's joker is kept, and the draw is decided
without looking ahead (the stock is not seen)."""

from __future__ import annotations

from ...judgement import outcome_value, potential
from .actions import Kind
from .state import Phase

__all__ = ["value", "shortcut"]


def value(g, me) -> float:
    """What the deal is worth to seat ``me``, by what that seat sees."""
    if g.is_over:
        return outcome_value(g, me)
    codes = [c.code for c in g.hand(me)]
    still_mine = 1.0 if g.to_act == me else 0.0  # a meld or lay-off that keeps the turn beats a discard
    return -10.0 * len(codes) + still_mine + potential(codes, g.rules.shape.place)


def shortcut(g, actions):
    """Keep the cut's joker; take the top discard when it joins two or more of the hand's cards (or must be melded
    at once, which the rules allow only when it can be), else draw blind from the stock; otherwise None."""
    if g.phase is Phase.KEEP:
        return next(a for a in actions if a.kind is Kind.KEEP)
    if g.phase is not Phase.DRAW:
        return None
    take = next((a for a in actions if a.kind is Kind.TAKE), None)
    draw = next((a for a in actions if a.kind is Kind.DRAW), None)
    if take is None or draw is None:
        return actions[0]
    if not g.rules.drawn_to_hand:
        return take
    place = g.rules.shape.place
    codes = [c.code for c in g.hand(g.to_act)]
    gain = potential(codes + [g.discards[-1].code], place) - potential(codes, place)
    return take if gain >= 2.0 else draw
