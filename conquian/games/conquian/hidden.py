"""What a Conquian seat cannot see, and the deal with those cards placed otherwise: the strong player's samples
(see :mod:`conquian.montecarlo`).

A seat sees its own hand, every meld, the card on offer and the cards out of play; it does not see the stock,
its opponents' hands or, before play, the cards they chose to pass on.  A card an opponent passed tells something
of his hand: that he could not use it (:func:`tells`, :func:`contradicts`), or chose not to.
"""

from __future__ import annotations

from dataclasses import replace

from ...errors import PositionError
from .actions import Kind
from .melds import arrangements
from .state import Role, seats

__all__ = ["hand_place", "hidden_places", "with_cards", "tells", "contradicts", "reading"]


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


def with_cards(game, contents: dict):
    """A deal like ``game`` (without its history) whose named hidden places hold the card codes given (the stock in
    any order); made from its snapshot.  Only what moved is checked (:meth:`~conquian.deal.Deal.moved`: as many
    cards in each place, the same cards, once each): the full check of every sample was a third of a strong
    decision."""
    s = game.snapshot()
    hands, given, stock = list(s.hands), list(s.given), s.stock
    for name, codes in contents.items():
        if not all(type(c) is int and 0 <= c < 53 for c in codes):
            raise PositionError(f"with_cards: {str(name)[:40]!r}: card codes are whole numbers 0 to 52, not "
                                f"{str(list(codes)[:8])[:60]}")
        masks = [1 << c for c in codes]
        if name == "stock":
            stock = tuple(masks)
            continue
        role, _, what = str(name).partition(" ")
        if role.upper() not in Role.__members__ or what not in ("hand", "gives") or Role[role.upper()] >= len(hands):
            raise PositionError(f"with_cards: {str(name)[:40]!r} is no place: 'stock', '<role> hand' or "
                                f"'<role> gives' of a seat at this table")
        seat = Role[role.upper()]
        mask = 0
        for m in masks:
            mask |= m
        if what == "hand":
            hands[seat] = mask
        elif masks:  # a card chosen to pass on, before play
            given[seat] = mask
    # only the cards moved are checked (Deal.moved): the rest is the deal's own, found possible when play reached it
    return game.moved(replace(s, hands=tuple(hands), given=tuple(given), stock=stock), ("hands", "given", "stock"))


def tells(action) -> bool:
    """Whether another seat's action tells something of his hand: a card passed (he could not, or would not, use
    it)."""
    return action.kind is Kind.PASS


def _codes(mask: int) -> tuple:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)


def reading(game):
    """:func:`contradicts` for one deal, as a function of the renaming alone: what the deal holds is read once, and
    each of the thousands of renamings a decision asks about costs only the renaming and the test."""
    s = game.snapshot()
    me = int(s.actor)
    hand, card = _codes(s.hands[me]), _codes(s.offer)
    melds, r = s.melds[me], s.rules
    down = 0
    for m in melds:
        down |= m
    table, melding = r.table, r.melding

    def contradicted(mapping: dict) -> bool:
        mine = offered = 0
        for c in hand:
            mine |= 1 << mapping.get(c, c)
        for c in card:
            offered |= 1 << mapping.get(c, c)
        return table.could_meld(offered, down | mine) and bool(arrangements(table, melding, melds, mine, offered, down))
    return contradicted


def contradicts(game, mapping: dict) -> bool:
    """Whether the seat to act in ``game``, facing the card on offer that it then passed (see :func:`tells`), could
    have used it had the unseen cards been dealt otherwise: every card of the hands, the stock and the offer renamed
    by ``mapping`` (code -> code, one to one on the cards it names; the melds, seen by all, stay).  The deal's own
    test (a use among the legal actions) asked of the renamed cards directly, without setting up a deal."""
    return reading(game)(mapping)
