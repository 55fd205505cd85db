"""Rommé (German rummy), the best-known descendant of Conquian, played by the same engine's parts: its room.

Rommé shares with Conquian the cards and card text (:mod:`conquian.cards`), the axes and their vocabulary
(:mod:`conquian.axes`), the declarations and the registry, the lexical layer (:mod:`conquian.text`) and the
errors; it has its own rule-set class, melds with jokers, state machine and text formats:

=========================  ====================================================================================
module                     its one job
=========================  ====================================================================================
:mod:`.rules`              :class:`~conquian.games.romme.rules.RommeRules`: the axes, their conflicts, rule-set text
:mod:`.melds`              melds with jokers as canonical values, their text, and what a hand can make
:mod:`.bags`               hands and melds as bags: a count of each card, four bits a card, in one integer
:mod:`.hands`              every valid meld within a hand, each once, with its bag
:mod:`.layouts`            Hand-Rommé: which melds some laying out of a whole hand uses
:mod:`.search`             whether a player who has not yet melded can still reach the first meld's points
:mod:`.walk`               which melds of a hand can be part of a first meld (compiled from ``native/romme_walk.c`` where built)
:mod:`.actions`            the actions, as values that print and parse back
:mod:`.state`              phases, the outcome, the snapshot, the deal's :class:`~conquian.games.romme.state.State`, and the
                           check that a snapshot is reachable
:mod:`.notation`           position and record text
:mod:`.moves`              the legal actions of each phase and, beside them, why anything else is illegal
:mod:`.transitions`        the deal, and one action applied to the deal's state
:mod:`.words`              an action in plain English, in the context of its game
:mod:`.game`               :class:`~conquian.games.romme.game.RommeGame`: one deal for 2 to 6 players
:mod:`.match`              the seating, the deal passing on, and the penalty points over several deals
:mod:`.greedy`             the greedy computer player's judgement of a Rommé deal
:mod:`.hidden`             what a seat cannot see, for the strong player's samples
=========================  ====================================================================================

Its entry, :data:`GAME` (a :class:`~conquian.gametype.GameType`), is what :mod:`conquian.games` lists.
"""

from __future__ import annotations

import random

from ...gametype import GameType, Statistics, Tally
from . import greedy, hidden, notation
from .game import RommeGame
from .rules import RommeRules

__all__ = ["GAME"]


# -- the game's entry (conquian.games lists it) ----------------------------------------------------------------
def _start(rules, players: int, seed: "int | random.Random | None") -> RommeGame:
    return RommeGame(rules, players, seed=seed)


def _summary(t: Tally) -> dict:
    return {"variant": t.variant, "players": t.players, "games": t.games, "seed": t.seed, "wins": list(t.wins.values()),
            "ties": t.ties, "decisions": t.decisions, "seconds": round(t.seconds, 3), "hand_romme": t.counts["hand_romme"]}


def _summary_lines(result: dict) -> list[str]:
    g, wins = max(result["games"], 1), result["wins"]
    return [f"{result['variant']}: {result['players']} players, {result['games']} games, seed {result['seed']}",
            "  wins by seat (0 deals): " + ", ".join(f"{i}: {w} ({100 * w / g:.1f}%)" for i, w in enumerate(wins))
            + f"; nobody {result['ties']} ({100 * result['ties'] / g:.1f}%); Hand-Rommé {result['hand_romme']}"]


_PLAYERS = (2, 6)


def _cells(rules) -> list[dict]:
    """A source's statistics: its rule set at each number of players it allows."""
    lo, hi = max(_PLAYERS[0], rules.min_players), min(_PLAYERS[1], rules.max_players)
    return [{"players": p, "rules": str(rules)} for p in range(lo, hi + 1)]


# Rommé has no kernel: the Python engine plays its cells, so fewer deals each.
STATISTICS = Statistics("players", _cells, 4_000, "for each number of players at Rommé",
                        tally_words={"hand_romme": ("Hand-Rommé",
                                                    "a Hand-Rommé is a win by laying the whole hand down at once")})

GAME = GameType("romme", "Rommé", RommeRules, RommeGame, _PLAYERS, notation, _start,
                lambda players: tuple(range(players)), _summary, _summary_lines, tallies=("hand_romme",), greedy=greedy,
                hidden=hidden, statistics=STATISTICS)
