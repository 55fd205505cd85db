"""The games the engine plays, listed once: each game's room exports one :class:`~conquian.gametype.GameType`.

This is the one place where games are listed.  The command line, the simulation, the statistics, the registry (which
reads each game's declarations into its rule-set class) and the site loop over :data:`GAMES`; no other shared module
imports a game's room, and no game's room imports this list.

==============================  ===============================================================================
room                            the game
==============================  ===============================================================================
:mod:`conquian.games.conquian`  Conquian (Cooncan), two players, 40 cards: the home game, whose sources fill the
                                ruling pages
:mod:`conquian.games.romme`     Rommé (German rummy), Conquian's best-known descendant, 2 to 6 players
==============================  ===============================================================================

>>> from conquian.games import game, game_of
>>> g = game('romme')
>>> g.title, g.players, g.deal.__name__
('Rommé', (2, 6), 'RommeGame')
>>> game_of(g.new_deal('romme-spielwiki', 4, seed=1)).name
'romme'
"""

from __future__ import annotations

from typing import Any

from ..errors import UnknownVariant
from ..gametype import GameType
from ..text import shorten, word_key
from . import conquian, romme

__all__ = ["GAMES", "RULE_SETS", "HOME", "game", "game_of", "games", "home_game", "axes_of_game"]

#: Game name -> its :class:`~conquian.gametype.GameType`, the home game first, then in the order sources are listed.
GAMES: dict[str, GameType] = {g.name: g for g in (conquian.GAME, romme.GAME)}

#: Game name (as a declaration's ``game`` key gives it) -> its rule-set class.
RULE_SETS: dict[str, type] = {name: g.rules for name, g in GAMES.items()}

#: The game the site is about, the first of :data:`GAMES`: its sources fill the ruling pages, and other games'
#: sources stand beside them on the axes they share.
HOME: str = next(iter(GAMES))


def game(name: str) -> GameType:
    """A game by name (case and spacing as for source names)."""
    found = GAMES.get(word_key(name)) if isinstance(name, str) else None
    if found is None:
        raise UnknownVariant(f"unknown game {shorten(str(name))!r}; games: {', '.join(GAMES)}")
    return found


def game_of(thing: Any) -> GameType:
    """The game of a rule set, of a deal (anything with ``rules``), or of a name."""
    if isinstance(thing, str):
        return game(thing)
    rules = getattr(thing, "rules", thing)
    return game(getattr(type(rules), "GAME", ""))


def games() -> list[GameType]:
    """Every game, the home game (Conquian) first."""
    return list(GAMES.values())


def home_game() -> str:
    """The name of the game the site is about (:data:`HOME`)."""
    return HOME


def axes_of_game(game: str):
    """The axes of a game's rule sets, in order."""
    return RULE_SETS[game].AXES
