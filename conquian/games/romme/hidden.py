"""What a Rommé seat cannot see, and the deal with those cards placed otherwise: the strong player's samples
(see :mod:`conquian.montecarlo`).

A seat sees its own hand, the table and the discard pile; it does not see the stock or the other hands.
"""

from __future__ import annotations

from dataclasses import replace

__all__ = ["hand_place", "hidden_places", "with_cards"]


def hand_place(seat: int) -> str:
    """The name :meth:`~conquian.deal.Deal.places` gives the seat's hand."""
    return f"hand {seat}"


def hidden_places(me: int, players: int) -> list[str]:
    """The places of :meth:`~conquian.deal.Deal.places` whose cards seat ``me`` cannot see."""
    return ["stock"] + [f"hand {seat}" for seat in range(players) if seat != me]


def with_cards(game, contents: dict):
    """A deal like ``game`` (without its history) whose named hidden places hold the card codes given (the stock in
    any order); made from its snapshot, and checked as any snapshot is."""
    s = game.snapshot()
    hands, stock = list(s.hands), s.stock
    for name, codes in contents.items():
        if name == "stock":
            stock = tuple(codes)
        else:
            hands[int(name.split(" ")[1])] = tuple(sorted(codes))
    return type(game).from_snapshot(replace(s, hands=tuple(hands), stock=stock))
