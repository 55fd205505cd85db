"""What a Rommé seat cannot see, and the deal with those cards placed otherwise: the strong player's samples
(see :mod:`conquian.montecarlo`).

A seat sees its own hand, the table and the discard pile; it does not see the stock or the other hands.
"""

from __future__ import annotations

__all__ = ["hand_place", "hidden_places", "with_cards"]


def hand_place(seat: int) -> str:
    """The name :meth:`~conquian.deal.Deal.places` gives the seat's hand."""
    return f"hand {seat}"


def hidden_places(me: int, players: int) -> list[str]:
    """The places of :meth:`~conquian.deal.Deal.places` whose cards seat ``me`` cannot see."""
    return ["stock"] + [f"hand {seat}" for seat in range(players) if seat != me]


def with_cards(game, contents: dict) -> "object":
    """A copy of ``game`` with each named hidden place holding the card codes given (the stock in any order)."""
    g = game.copy()
    s = g.state
    for name, codes in contents.items():
        if name == "stock":
            s.stock = list(codes)
        else:
            s.hands[int(name.split(" ")[1])] = tuple(sorted(codes))
    g._legal = None
    return g
