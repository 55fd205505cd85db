"""The games the engine plays, and what each registers: its name, player counts, rule-set class, deal class, notation.

As in OpenSpiel, tools look a game up and ask it; they never ask *which* game they hold.  Two tables:

- :data:`RULE_SETS`: game name (as a declaration's ``game`` key gives it) -> its rule-set class.  It is filled
  here, below the registry, because declarations are read into these classes.
- :data:`GAMES`: game name -> its :class:`GameType`, registered by the game's own deal module (with
  :func:`register`) when ``conquian`` is imported: :mod:`conquian.game` for Conquian, :mod:`conquian.romme.game`
  for Rommé.  :func:`game` looks one up by name, :func:`game_of` by a rule set or a deal.

A rule-set class is a frozen dataclass of axes declared with :func:`conquian.axes.axis`, with the class
attributes ``GAME`` (its game's name) and ``AXES`` (its axes, in order) and a ``source`` field; a declaration
of that game must have an entry for exactly those axes.  Axes of the same name in two games mean the same
thing: the comparison matrix shows them side by side, and an axis one game lacks is "not applicable" there,
never "no".

>>> from conquian.games import game, game_of
>>> g = game('romme')
>>> g.title, g.players, g.deal.__name__
('Rommé', (2, 6), 'RommeGame')
>>> game_of(g.new_deal('romme-spielwiki', 4, seed=1)).name
'romme'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Callable

from .errors import ConquianError, UnknownVariant
from .romme.rules import RommeRules
from .rules import RuleSet
from .text import shorten, word_key

__all__ = ["RULE_SETS", "GAMES", "GameType", "Tally", "register", "game", "game_of", "games", "home_game", "HOME",
           "axes_of_game"]

#: Game name -> its rule-set class (each class names its game as ``GAME``), in the order sources are listed.
RULE_SETS: dict[str, type] = {"conquian": RuleSet, "romme": RommeRules}


@dataclass
class Tally:
    """Deals between random players, counted as they are played: what a game's :attr:`GameType.summary` reads."""

    variant: str
    players: int
    seed: int
    wins: dict
    """Seat (as the deal's :attr:`~conquian.deal.Deal.to_act` gives it) -> deals it won."""
    counts: dict
    """Each of the game's :attr:`GameType.tallies` -> deals whose outcome had it."""
    games: int = 0
    ties: int = 0
    """Deals that ended without a winner."""
    unfinished: int = 0
    """Deals stopped unfinished (see :data:`conquian.simulation.MAX_DECISIONS`): neither won nor tied."""
    decisions: int = 0
    seconds: float = 0.0


@dataclass(frozen=True)
class GameType:
    """One game of the family, as the tools see it."""

    name: str
    """The name a declaration's ``game`` key and rule-set text use: ``conquian``, ``romme``."""
    title: str
    """The name readers see: ``Conquian``, ``Rommé``."""
    deal: type
    """The deal class, a :class:`~conquian.deal.Deal`; its ``__init__`` deals from a seed or a pack."""
    players: tuple[int, int]
    """The fewest and the most players any of its rule sets allows."""
    notation: ModuleType
    """The module of its text forms: ``parse_position``, ``format_position``, ``parse_record``, ``format_record``."""
    start: Callable[..., Any]
    """``start(rules, players, seed)``: a fresh shuffled deal, ``seed`` a number or the :class:`random.Random` to
    shuffle with (raises a ConquianError for a player count the rules
    refuse)."""
    seats: Callable[[int], tuple]
    """``seats(players)``: the seats of a deal, in order, as :attr:`~conquian.deal.Deal.to_act` gives them."""
    summary: Callable[[Tally], dict]
    """The summary of simulated deals, as plain values (``conquian simulate --json`` prints it)."""
    summary_lines: Callable[[dict], list]
    """That summary in words: the lines before the speed line."""
    tallies: tuple[str, ...] = field(default=())
    """Outcome attributes the summary counts (each a flag of the outcome: Rommé's ``hand_romme``)."""
    greedy: "Any" = None
    """The game's greedy judgement (:class:`conquian.players.GreedyPlayer` asks it): a module or object with
    ``value(deal, seat) -> float`` (what the deal is worth to the seat, by what it sees) and ``shortcut(deal,
    actions) -> action | None`` (an action taken without looking ahead, e.g. the draw)."""
    kernel: "Any" = None
    """The game's compiled kernel for simulations (see :mod:`conquian.simulation`), or None: an object with
    ``why_not(rules, strategies) -> str`` (empty when it can play them), ``play(rules, strategies, rng, deals,
    final) -> list[DealResult]`` and ``tally(rules, strategies, rng, deals) -> dict`` (the counts only)."""

    @property
    def rules(self) -> type:
        """Its rule-set class."""
        return RULE_SETS[self.name]

    def new_deal(self, rules, players: "int | None" = None, *, seed: "Any" = None):
        """A fresh deal under ``rules`` (a rule set or its text) for ``players`` (the fewest by default)."""
        return self.start(rules, self.players[0] if players is None else players, seed)


GAMES: dict[str, GameType] = {}
"""Game name -> its :class:`GameType`, in the order of :data:`RULE_SETS`, once ``conquian`` is imported."""


def register(game_type: GameType) -> GameType:
    """Register a game (its deal module calls this); its rule-set class must be in :data:`RULE_SETS`."""
    if game_type.name not in RULE_SETS:
        raise ConquianError(f"game {game_type.name!r}: add its rule-set class to conquian.games.RULE_SETS first")
    GAMES[game_type.name] = game_type
    ordered = {n: GAMES[n] for n in RULE_SETS if n in GAMES}
    GAMES.clear()
    GAMES.update(ordered)
    return game_type


def game(name: str) -> GameType:
    """A registered game by name (case and spacing as for source names)."""
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
    """Every registered game, the home game (Conquian) first."""
    return list(GAMES.values())


#: The game the site is about, the first of :data:`RULE_SETS`: its sources fill the ruling pages, and other games'
#: sources stand beside them on the axes they share.
HOME: str = next(iter(RULE_SETS))


def home_game() -> str:
    """The name of the game the site is about (:data:`HOME`)."""
    return HOME


def axes_of_game(game: str):
    """The axes of a game's rule sets, in order."""
    return RULE_SETS[game].AXES
