"""Who is who in a sentence about a deal: each seat by its name, and, on the play page, the reader spoken to.

A game's ``state_words`` say where a deal stands in the third person ("the pone has the say", "seat 1 begins his
turn"): that is how a page's diagram reads.  At the play page's table the same sentence names the players as the
table does ("You", "The computer", "Computer 1") and speaks to the reader: "you have the say", "you begin your
turn".  A :class:`Persons` gives each form; without names it gives the game's own, so a page reads as before.
"""

from __future__ import annotations

from typing import Callable

__all__ = ["Persons"]


class Persons:
    """The words for each seat: ``default(seat)`` the game's own name for it, lower case ("the pone", "seat 1");
    ``names`` (seat -> a name as the play page's table gives it, "You" for the reader) and ``you`` (the reader's
    seat) for the play page."""

    def __init__(self, default: Callable[[int], str], names: "dict | None" = None, you: "int | None" = None):
        self.default, self.names, self.you = default, names or {}, you

    def name(self, seat, start: bool = False) -> str:
        """The seat as a sentence's subject or object; ``start``: at the head of the sentence."""
        seat = int(seat)
        if seat == self.you:
            return "You" if start else "you"
        said = self.names.get(seat) or self.default(seat)
        if start:
            return said[:1].upper() + said[1:]
        return "the" + said[3:] if said.startswith("The ") else said  # "The computer", within a sentence

    def his(self, seat) -> str:
        return "your" if int(seat) == self.you else "his"

    def he(self, seat) -> str:
        return "you" if int(seat) == self.you else "he"

    def verb(self, seat, third: str, second: str) -> str:
        """``third`` ("has") for another seat, ``second`` ("have") for the reader's."""
        return second if int(seat) == self.you else third
