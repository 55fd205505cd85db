"""What a game of the family gives the tools, and what they get back: :class:`GameType`, :class:`Tally`,
:class:`DealResult`.

As in OpenSpiel, tools look a game up and ask it; they never ask *which* game they hold.  Each game's room
(:mod:`conquian.games.conquian`, :mod:`conquian.games.romme`) exports one :class:`GameType`, its ``GAME``;
:mod:`conquian.games` lists them, and the command line, the simulation, the statistics and the site loop over that
list.  A game's own modules import only the shared layer (this module among them), never the list nor the registry.

A rule-set class is a frozen dataclass of axes declared with :func:`conquian.axes.axis`, with the class
attributes ``GAME`` (its game's name) and ``AXES`` (its axes, in order) and a ``source`` field; a declaration
of that game must have an entry for exactly those axes.  Axes of the same name in two games mean the same
thing: the comparison matrix shows them side by side, and an axis one game lacks is "not applicable" there,
never "no".
"""

from __future__ import annotations

import operator
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Callable

from .errors import ConquianError, SimulationError
from .text import shown_number

__all__ = ["GameType", "Tally", "DealResult", "MAX_DECISIONS", "UNFINISHED", "MAX_GAMES", "whole_number"]

#: A simulated deal still going after this many decisions is stopped, on either engine.  Some rule sets let a deal
#: go on for ever (where the card on offer may be taken into the hand, two players can hand one card back and forth);
#: an ordinary deal takes well under two hundred.
MAX_DECISIONS = 2000
#: The ending of a deal stopped at :data:`MAX_DECISIONS`.
UNFINISHED = "unfinished"
#: The most deals one simulation plays: some hours of the kernel's play, weeks of the Python engine's.
MAX_GAMES = 100_000_000

def whole_number(value, name: str, lowest: "int | None" = None, highest: "int | None" = None) -> int:
    """``value`` as a whole number from ``lowest`` to ``highest`` (if given): anything that is not an int (a float, even
    ``2.0``, a bool, text) is a TypeError, a number out of range a :class:`~conquian.errors.SimulationError`; both
    name ``name``."""
    if isinstance(value, bool):
        raise TypeError(f"{name} must be a whole number, not a bool")
    try:
        number = operator.index(value)
    except TypeError:
        raise TypeError(f"{name} must be a whole number (an int), not {type(value).__name__}") from None
    if lowest is not None and highest is not None and not lowest <= number <= highest:
        raise SimulationError(f"{name} must be from {lowest:,} to {highest:,}, not {shown_number(number)}")
    return number



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
    rules: type
    """Its rule-set class: a frozen dataclass of axes on :class:`~conquian.rulesets.RuleSetText`, with ``GAME`` (this
    name) and ``AXES``."""
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

    def __post_init__(self):
        if getattr(self.rules, "GAME", None) != self.name:  # a declaration's game key finds the class by this name
            raise ConquianError(f"game {self.name!r}: its rule-set class {self.rules.__name__} names the game "
                                f"{getattr(self.rules, 'GAME', None)!r}; a game's rule set names its own game as GAME")

    def new_deal(self, rules, players: "int | None" = None, *, seed: "Any" = None):
        """A fresh deal under ``rules`` (a rule set or its text) for ``players`` (the fewest by default)."""
        return self.start(rules, self.players[0] if players is None else players, seed)


@dataclass(frozen=True)
class DealResult:
    """One simulated deal, as plain values."""

    ending: str
    """How it ended: the value of the game's termination (``win``, ``tableau``; Rommé ``stock``, ``idle``...), or
    ``unfinished`` for a deal stopped at :data:`MAX_DECISIONS`."""
    winner: "int | None"
    """The seat that won (Conquian: 0 the dealer, 1 the pone), or None."""
    first: int
    """The seat that acted first (had the first say)."""
    decisions: int
    """Player decisions in the deal: its length."""
    stock_left: int
    """Cards left in the stock at the end."""
    flags: tuple[str, ...] = ()
    """The game's tallies (:attr:`~conquian.gametype.GameType.tallies`) this deal's outcome had, e.g. ``hand_romme``."""
    final: Any = None
    """The final state as the game's snapshot, when the simulation was asked to keep it."""
