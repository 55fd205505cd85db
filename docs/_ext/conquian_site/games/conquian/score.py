"""Conquian's score on the play page: a :class:`~conquian.games.conquian.match.Match` of the reader's deals (a
point or a stake a game, or the loser's pips; a tableau's stake carried or doubled; the deal passing as the rules
say), seen as :mod:`conquian_site.playscore` asks."""

from __future__ import annotations

from conquian.games.conquian.match import Match
from conquian.games.conquian.state import Role

__all__ = ["Score"]

_UNITS = {"point": "points", "stake": "stakes", "pips": "points"}


class Score:
    """``names``: the players in seat order for the first deal, the dealer first."""

    def __init__(self, rules, names: tuple):
        self.match = Match(rules, names, first_dealer=names[0])

    def seated(self) -> tuple:
        """The players in seat order (dealer, pone, middle) for the next deal."""
        return tuple(self.match.seated(Role(s)) for s in range(len(self.match.players)))

    def add(self, outcome) -> None:
        self.match.add(outcome)

    def standing(self) -> tuple:
        """(what is counted, each player's count, a note on what the next game won counts or "")."""
        m = self.match
        note = ""
        if m.ties:
            ties = "a tableau" if m.ties == 1 else f"{m.ties} tableaux"
            worth = "is worth more" if m.rules.scoring.value == "pips" else f"counts {m.stake}"
            note = f"The next game won {worth} ({ties} before it)."
        return _UNITS.get(m.rules.scoring.value, "points"), dict(m.scores), note
