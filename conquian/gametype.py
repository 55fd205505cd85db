"""What a game of the family gives the tools, and what they get back: :class:`GameType`, :class:`Statistics`,
:class:`Tally`, :class:`DealResult`.

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
from typing import Any, Callable, Mapping

from .errors import ConflictingRules, ConquianError, SimulationError
from .text import shown_number

__all__ = ["GameType", "Statistics", "Tally", "DealResult", "MAX_DECISIONS", "UNFINISHED", "MAX_GAMES", "whole_number",
           "axis_cells", "other_values"]

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


# -- a game's part of the statistics -------------------------------------------------------------------------------
@dataclass(frozen=True, eq=False)  # eq=False: hashed by identity, as its mappings are not hashable
class Statistics:
    """A game's part of the statistics (``make stats``, :mod:`conquian.statistics`): the cells of deals a source's rule
    set gives, and the few words the statistics pages need to name them.  :mod:`conquian.statistics` plays every
    game's cells and the site draws them, neither asking which game it holds."""

    by: str
    """What a source's cells vary: ``axes`` (its rule set as declared, then each axis that can change a deal switched
    to each other value: the pages' tables by source and by ruling) or ``players`` (its rule set at each number of
    players it allows: the pages' tables by number of players)."""
    cells: Callable[[Any], list]
    """``cells(rules)``: a source's cells, in order, as dicts: each with the ``rules`` text to play (and, by
    ``players``, its ``players``), or with ``skipped``, saying why it cannot be played."""
    deals: int
    """The deals a cell plays unless told otherwise."""
    cell_words: str
    """What a cell is, in the words that follow its number of deals: ``for each Conquian rule set``."""
    not_in_play: Mapping[str, str] = field(default_factory=dict)
    """Axes nothing in a deal's play depends on, so never switched -> why, in words."""
    tally_words: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    """Each of the game's :attr:`GameType.tallies` -> its name as readers see it, and a sentence saying what it is."""

    def __post_init__(self):
        if self.by not in ("axes", "players"):
            raise ConquianError(f"statistics by {self.by!r}: a game's cells vary by 'axes' or by 'players'")


def other_values(ax, value) -> list:
    """The values a cell switches an axis to: every other choice, or the neighbouring whole numbers."""
    if ax.choices:
        return [v for v in ax.choices if v != value]
    return [v for v in (value - 1, value + 1) if ax.minimum <= v <= ax.maximum]


def _with_companion(base, ax, v, conflict: ConflictingRules):
    """Switch ``ax`` to ``v`` together with one more axis the conflict names (e.g. forcing=none needs
    add_to_opponent=never), as the declarations' other readings do, that axis taking the allowed value nearest to
    the source's own; None if no single companion resolves it."""
    named = [a for a in type(base).AXES if a.name != ax.name and a.name in conflict.axes]
    for other in named:
        now = getattr(base, other.name)
        # the companion's allowed value nearest to the source's own: the smallest change that makes the switch
        for w in other.choices or sorted(range(other.minimum, other.maximum + 1), key=lambda w: (abs(w - now), w)):
            try:
                return base.replace(**{ax.name: v, other.name: w}), {other.name: other.format(w)}
            except ConflictingRules:
                continue
    return None


def axis_cells(base, in_play) -> list[dict]:
    """The cells ``by="axes"`` of a rule set: itself, then each axis named in ``in_play`` (those that can change a
    deal), in the order of its class's ``AXES``, switched to each other value, or why not."""
    out: list[dict] = [{"axis": None, "value": None, "rules": str(base)}]
    for ax in type(base).AXES:
        if ax.name not in in_play:
            continue
        value = getattr(base, ax.name)
        if not ax.applies(base):
            out.append({"axis": ax.name, "value": None,
                        "skipped": f"does not arise here (only when {ax.applies_when})"})
            continue
        for v in other_values(ax, value):
            try:
                rules, companion = base.replace(**{ax.name: v}), {}
            except ConflictingRules as exc:
                found = _with_companion(base, ax, v, exc)
                if found is None:
                    out.append({"axis": ax.name, "value": ax.format(v), "skipped": f"cannot be set: {exc}"})
                    continue
                rules, companion = found
            out.append({"axis": ax.name, "value": ax.format(v), "with": companion, "rules": str(rules)})
    return out


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
    actions: "dict | None" = field(default_factory=dict)
    """Actions played, by kind (``use``, ``pass``, ``force`` ...): None once a deal was played whose actions were not
    counted (the kernel's deals kept one by one, see :meth:`conquian.simulation.Simulation.play`)."""


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
    hidden: "Any" = None
    """What a seat cannot see (:mod:`conquian.montecarlo` asks it for the strong player's samples): a module with
    ``hidden_places(seat, players)`` (names of :meth:`~conquian.deal.Deal.places`), ``hand_place(seat)`` and
    ``with_cards(deal, contents)`` (a copy with those places holding the card codes given)."""
    kernel: "Any" = None
    """The game's compiled kernel for simulations (see :mod:`conquian.simulation`), or None: an object with
    ``why_not(rules, strategies) -> str`` (empty when it can play them), ``play(rules, strategies, rng, deals,
    final) -> list[DealResult]``, ``tally(rules, strategies, rng, deals) -> dict`` (the counts only) and
    ``playouts(deals, limit) -> list | None`` (deals from given positions played out between greedy players: each
    winner's seat, -1 for none, -2 unfinished; None where it cannot play them)."""
    statistics: "Statistics | None" = None
    """The game's part of ``make stats`` and of the statistics pages, or None for a game they leave out."""

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
