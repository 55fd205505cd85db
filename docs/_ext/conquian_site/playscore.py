"""The play page's match: the score across the reader's deals, kept by the source's own scoring.

Each game's site part keeps it (its ``Score``, see :class:`conquian_site.games.SiteGame`: Conquian's points, stakes
or pips with a tableau's stake carried or doubled, Rommé's penalty points); this module names the players as the
table does ("You", "The computer" or "Computer 1" …), says which seat the reader has in the next deal, and puts the
score in words.  Pure: the worker runs it in Pyodide, the tests under CPython.
"""

from __future__ import annotations

from conquian.errors import ConquianError

from .games import site_game

__all__ = ["Score", "names", "YOU"]

YOU = "You"


def names(players: int, reader: int) -> tuple[str, ...]:
    """The players' names in seat order, the reader at ``reader``: "You", and "The computer" (two players) or
    "Computer 1", "Computer 2" … in seat order after the reader."""
    if players == 2:
        return tuple(YOU if s == reader else "The computer" for s in range(2))
    others = list(range(reader + 1, players)) + list(range(reader))
    return tuple(YOU if s == reader else f"Computer {others.index(s) + 1}" for s in range(players))


class Score:
    """The reader's match: started with the rules, the number of players and the reader's seat in the first deal."""

    def __init__(self, rules, players: int, reader: int):
        self.players = names(players, reader)
        self.deals = 0
        self.why_none = ""
        try:
            self.match = site_game(rules).Score(rules, self.players)
        except ConquianError as exc:  # a match these rules cannot keep (three players scored by pips, say)
            self.match, self.why_none = None, str(exc)

    def _seated(self) -> tuple:
        return self.players if self.match is None else self.match.seated()

    def seat(self) -> int:
        """The reader's seat in the next deal (the deal passes as the rules say)."""
        return self._seated().index(YOU)

    def name(self, seat: int) -> str:
        """Who sits at ``seat`` in the next deal (ask before :meth:`add` for the deal being played)."""
        return self._seated()[seat]

    def add(self, outcome) -> None:
        """A deal ended: its outcome counts."""
        self.deals += 1
        if self.match is not None:
            self.match.add(outcome)

    def words(self) -> str:
        """The score in a sentence: "After 2 deals, points: You 2, The computer 0." and, after a tableau, what the
        next game won counts."""
        if self.match is None:
            return f"No score is kept: {self.why_none}"
        unit, counts, note = self.match.standing()
        deals = f"After {self.deals} deal{'s' if self.deals != 1 else ''}"
        # the reader's count first, then Computer 1, Computer 2 … (in the order they play after the reader in the
        # first deal, whoever deals now)
        shown = ", ".join(f"{p} {n}" for p, n in sorted(counts.items(), key=lambda item: (item[0] != YOU, item[0])))
        return f"{deals}, {unit}: {shown}." + (f" {note}" if note else "")
