"""Rommé's score on the play page: a :class:`~conquian.games.romme.match.RommeMatch` of the reader's deals
(penalty points; the deal passing as the rules say), seen as :mod:`conquian_site.playscore` asks."""

from __future__ import annotations

from conquian.games.romme.match import RommeMatch

__all__ = ["Score"]


class Score:
    """``names``: the players in seat order for the first deal, the dealer first (the seats are taken: no draw)."""

    def __init__(self, rules, names: tuple):
        self.match = RommeMatch(rules, names, drawn=False)

    def seated(self) -> tuple:
        """The players in seat order for the next deal, the dealer first."""
        return self.match.seats

    def add(self, outcome) -> None:
        self.match.add(outcome)

    def standing(self) -> tuple:
        """(what is counted, each player's count, a note)."""
        return "penalty points (the fewest is ahead)", dict(self.match.penalties), ""
