"""Each game's part of the site, looked up by a rule set's game (:mod:`conquian.games`): no other module of the
extension asks which game it holds.

A game brings its words (a module with the same functions for every game: ``start``, ``parse_action``,
``action_text``, ``the``, ``state_words``, ``fact_words``, ``fact_value``, ``fact_matches``, ``GAME_FACTS``) and
its drawing of a position (``position_html`` and ``text_lines``).  Adding a game adds a row here.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import Any, Callable

from conquian.games import game_of

from . import conquian_position, facts, romme_facts, romme_position

__all__ = ["SiteGame", "SITE_GAMES", "site_game"]


@dataclass(frozen=True)
class SiteGame:
    """What the site needs of a game beyond the engine."""

    words: ModuleType
    """Its deal in words and the facts of a ``then`` column (:mod:`conquian_site.facts` for Conquian)."""
    position_html: Callable[..., str]
    """``position_html(deal, figcaption, label, text)``: the table diagram, as HTML."""
    table_html: Callable[..., str]
    """``table_html(deal, hidden, names)``: the table alone, the seats in ``hidden`` face down (the "Try it" table)."""
    seat_words: Callable[[int], str]
    """``seat_words(seat)``: a seat (by index) as the "Try it" table names it."""
    text_lines: Callable[[Any], list]
    """``text_lines(deal)``: the same position as plain sentences, for the search index and other builders."""


#: Game name (as :mod:`conquian.games` registers it) -> its part of the site.
SITE_GAMES: dict[str, SiteGame] = {
    "conquian": SiteGame(facts, conquian_position.position_html, conquian_position.table_html,
                         conquian_position.seat_words, conquian_position.text_lines),
    "romme": SiteGame(romme_facts, romme_position.position_html, romme_position.table_html,
                      romme_position.seat_words, romme_position.text_lines),
}


def site_game(thing: Any) -> SiteGame:
    """The site's part of the game of a rule set or a deal."""
    return SITE_GAMES[game_of(thing).name]
