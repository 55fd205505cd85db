"""What the facts of every game share: :class:`ExpectationError` (an expectation that cannot be read), the words
for nothing (:data:`EMPTY`) and :func:`cards_equal`.  Pure, no Sphinx.

Each game's own facts (where its deal stands in words, the facts of a ``then`` column and whether a page's item
holds) are in its folder, :mod:`conquian_site.games` (``games/<game>/words.py``); :mod:`conquian_site.scenario`
picks the words of a rule set's game.
"""

from __future__ import annotations

__all__ = ["ExpectationError", "EMPTY", "cards_equal"]

EMPTY = ("", "—", "-", "nothing", "none")


class ExpectationError(ValueError):
    """An expectation table that cannot be read: the message says what is wrong, ``line`` (0-based) where."""

    def __init__(self, message: str, line: int = 0):
        super().__init__(message)
        self.line = line


def cards_equal(a: str, b: str) -> bool:
    """Two card lists hold the same cards (in any order, melds' brackets ignored)."""
    norm = lambda s: sorted(s.replace("[", " ").replace("]", " ").split()) if s.lower() not in EMPTY else []
    return norm(a) == norm(b)
