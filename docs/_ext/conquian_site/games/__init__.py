"""Each game's part of the site, one folder per game, listed by looping over :data:`conquian.games.GAMES`: no
other module of the extension asks which game it holds.

A game's folder, ``games/<game>/`` (its name as :mod:`conquian.games` lists it), exports what
:class:`SiteGame` holds: its words (a module with the same functions for every game: :data:`WORDS_FUNCTIONS`)
and its drawing of a position (``position_html``, ``table_html``, ``seat_words``, ``text_lines``) and its
play page's score (``Score``).  Like the
engine's rooms, it imports the shared modules of the site and its own game's modules, never this list.  A game
the engine plays without a folder here stops the build, saying which game and what to add.

Pure (no docutils, no Sphinx): the "Try it" table in the reader's browser draws with it too.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, fields
from types import ModuleType
from typing import Any, Callable

from conquian.errors import ConquianError
from conquian.games import GAMES, game_of
from conquian.gametype import GameType

__all__ = ["SiteGame", "SITE_GAMES", "WORDS_FUNCTIONS", "site_game", "site_part"]

#: What a game's ``words`` module gives the site, the same functions in every game (:mod:`conquian_site.scenario`
#: calls them): how a scenario starts under its rules, action text, a player and where a deal stands in words,
#: and the facts of a ``then`` column.
WORDS_FUNCTIONS = ("start", "parse_action", "action_text", "the", "state_words", "fact_words", "fact_value",
                   "fact_matches")


@dataclass(frozen=True)
class SiteGame:
    """What the site needs of a game beyond the engine."""

    words: ModuleType
    """Its deal in words and the facts of a ``then`` column (:data:`WORDS_FUNCTIONS`)."""
    position_html: Callable[..., str]
    """``position_html(deal, figcaption, label, text)``: the table diagram, as HTML."""
    table_html: Callable[..., str]
    """``table_html(deal, hidden, names, below=None, persons=None)``: the table alone, the seats in ``hidden`` face
    down (the "Try it" table); the seat ``below``, if given, drawn alone under the middle of the table (the reader's,
    on the play page); ``persons`` (:class:`conquian_site.persons.Persons`), who is who in its sentence."""
    seat_words: Callable[[int], str]
    """``seat_words(seat)``: a seat (by index) as the "Try it" table names it."""
    text_lines: Callable[[Any], list]
    """``text_lines(deal)``: the same position as plain sentences, for the search index and other builders."""
    Score: Callable[..., Any]
    """``Score(rules, names)``: the play page's match of the reader's deals, the players in seat order for the first
    deal; with ``seated()`` (the players in seat order for the next deal), ``add(outcome)`` and ``standing()`` (what
    is counted, each player's count, a note)."""


def site_part(game: GameType) -> SiteGame:
    """The site's part of a game, from its folder ``games/<game.name>/``; a :class:`~conquian.errors.ConquianError`
    naming the game and what to add where the folder, or a part of it, is missing."""
    folder = f"docs/_ext/conquian_site/games/{game.name}/"
    wanted = ", ".join(f.name for f in fields(SiteGame))
    try:
        module = importlib.import_module(f"{__name__}.{game.name}")
    except ModuleNotFoundError as exc:
        if exc.name != f"{__name__}.{game.name}":  # the folder is there; something it imports is not
            raise
        raise ConquianError(f"the game {game.name!r} ({game.title}) has no part in the site: add the folder {folder} "
                            f"whose __init__.py exports {wanted} (see the folders of the other games)") from None
    missing = [f.name for f in fields(SiteGame) if not hasattr(module, f.name)]
    missing += [f"words.{name}" for name in WORDS_FUNCTIONS if not missing and not hasattr(module.words, name)]
    if missing:
        raise ConquianError(f"the game {game.name!r} ({game.title}): its site part ({folder}) lacks "
                            f"{', '.join(missing)}; a game's site part exports {wanted}, its words the functions "
                            f"{', '.join(WORDS_FUNCTIONS)}")
    return SiteGame(**{f.name: getattr(module, f.name) for f in fields(SiteGame)})


#: Game name (as :mod:`conquian.games` lists it) -> its part of the site, in the order of the games.
SITE_GAMES: dict[str, SiteGame] = {name: site_part(game) for name, game in GAMES.items()}


def site_game(thing: Any) -> SiteGame:
    """The site's part of the game of a rule set or a deal."""
    return SITE_GAMES[game_of(thing).name]
