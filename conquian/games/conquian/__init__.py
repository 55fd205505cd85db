"""Conquian (Cooncan), two players (three where the rules allow), 40 cards: the home game's room.

Conquian uses the shared layer (:mod:`conquian.cards`, :mod:`conquian.axes`, :mod:`conquian.rulesets`,
:mod:`conquian.deal`, :mod:`conquian.vocabulary`, :mod:`conquian.records`, :mod:`conquian.text`, the errors) and
has its own:

=========================  ====================================================================================
module                     its one job
=========================  ====================================================================================
:mod:`.rules`              :class:`~conquian.games.conquian.rules.RuleSet`: the axes and their conflicts
:mod:`.melds`              the meld table: every set and sequence a rule set allows, as card masks
:mod:`.actions`            the actions, as values that print and parse back
:mod:`.state`              phases, roles, the outcome, the snapshot and the deal's :class:`~conquian.games.conquian.state.State`
:mod:`.checks`             whether a snapshot is a state that play can reach
:mod:`.notation`           position and record text
:mod:`.moves`              the legal actions of each phase and, beside them, why anything else is illegal
:mod:`.transitions`        one action applied to the deal's state: the one way play changes a deal
:mod:`.words`              an action in plain English, in the context of its game
:mod:`.game`               :class:`~conquian.games.conquian.game.Game`: one deal for two or three players
:mod:`.match`              deals in a row: the deal passing on, the tableau and the score
:mod:`.greedy`             the greedy computer player's judgement of a Conquian deal
:mod:`.hidden`             what a seat cannot see, for the strong player's samples
:mod:`.kernel`             the compiled kernel (``native/``) that plays whole deals for simulations
=========================  ====================================================================================

Its entry, :data:`GAME` (a :class:`~conquian.gametype.GameType`), is what :mod:`conquian.games` lists.
"""

from __future__ import annotations

import random

from ...errors import PositionError
from ...gametype import GameType, Statistics, Tally, axis_cells
from . import greedy, hidden, kernel, notation
from .game import Game
from .rules import RuleSet
from .state import seats

__all__ = ["GAME"]


# -- the game's entry (conquian.games lists it) ----------------------------------------------------------------
def _start(rules, players: int, seed: "int | random.Random | None") -> Game:
    if players not in (2, 3):
        raise PositionError(f"{players} players: Conquian is a game for two players, or three where the rules allow "
                            f"(max_players); more players are for Rommé")
    return Game(rules, players, seed=seed)


def _summary(t: Tally) -> dict:
    out = {"variant": t.variant, "games": t.games, "seed": t.seed, "wins": {str(k): v for k, v in t.wins.items()},
           "ties": t.ties, "decisions": t.decisions, "seconds": round(t.seconds, 3)}
    if t.players != 2:  # a game of three says so; a game of two reads as it always did
        out = {"variant": t.variant, "players": t.players, **out}
    return out


def _summary_lines(result: dict) -> list[str]:
    g, wins = max(result["games"], 1), result["wins"]
    seats_won = ", ".join(f"{seat} wins {n} ({100 * n / g:.1f}%)" for seat, n in wins.items())
    return [f"{result['variant']}: {result['games']} games, seed {result['seed']}",
            f"  {seats_won}, tableaux {result['ties']} ({100 * result['ties'] / g:.1f}%)"]


# The statistics switch every axis that can change a deal (a rule of play or of the meld table, the kernel's or, where
# the kernel plays the default only, the Python engine's); the others cannot, and the pages say why.  The most players is not switched but played: a rule set that seats three gets a cell
# of three players, beside its cells of two.
_IN_PLAY = frozenset(kernel.PLAY_AXES + kernel.TABLE_AXES + kernel.DEFAULT_ONLY)  # the last, played on Python


def _cells(rules) -> list[dict]:
    out = axis_cells(rules, _IN_PLAY)
    for n in range(3, rules.max_players + 1):
        out.append({"axis": "max_players", "value": str(n), "players": n, "rules": str(rules)})
    return out


STATISTICS = Statistics("axes", _cells, 100_000, "for each Conquian rule set",
                        not_in_play={k: v for k, v in kernel.NOT_IN_PLAY.items() if k != "max_players"})

GAME = GameType("conquian", "Conquian", RuleSet, Game, (2, 3), notation, _start, seats, _summary,
                _summary_lines, greedy=greedy, hidden=hidden, kernel=kernel, statistics=STATISTICS)
