"""What a Conquian seat cannot see, and the deal with those cards placed otherwise: the strong player's samples
(see :mod:`conquian.montecarlo`).

A seat sees its own hand, every meld, the card on offer and the cards out of play; it does not see the stock,
its opponents' hands or, before play, the cards they chose to pass on.
"""

from __future__ import annotations

from .state import Role, seats

__all__ = ["hand_place", "hidden_places", "with_cards"]


def hand_place(seat: int) -> str:
    """The name :meth:`~conquian.deal.Deal.places` gives the seat's hand."""
    return f"{Role(seat)} hand"


def hidden_places(me: int, players: int) -> list[str]:
    """The places of :meth:`~conquian.deal.Deal.places` whose cards seat ``me`` cannot see."""
    out = ["stock"]
    for role in seats(players):
        if role != me:
            out += [f"{role} hand", f"{role} gives"]
    return out


def with_cards(game, contents: dict) -> "object":
    """A copy of ``game`` with each named hidden place holding the card codes given (the stock in any order)."""
    g = game.copy()
    s = g.state
    for name, codes in contents.items():
        masks = [1 << c for c in codes]
        if name == "stock":
            s.stock = masks
            continue
        role, what = name.split(" ")
        seat = Role[role.upper()]
        mask = 0
        for m in masks:
            mask |= m
        if what == "hand":
            s.hands[seat] = mask
        elif masks:  # a card chosen to pass on, before play
            s.given[seat] = mask
    g._legal = None
    return g
