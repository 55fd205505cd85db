"""Computer players for both games: one that plays any legal move at random, one that plays for melds.

A player is an object with ``choose(game) -> action``, one of ``game.legal_actions()``; it sees only what the
seat to act may see (its own hand, the melds, the cards on offer or on the discard pile), never the stock.

- :class:`RandomPlayer` picks uniformly among the legal actions with the generator it is given.
- :class:`GreedyPlayer` looks one action ahead and keeps what is worth most to it, as its game judges (each game
  registers its judgement, see :attr:`conquian.gametype.GameType.greedy`): cards down (Conquian) or out of the hand
  (Rommé) first, then the cards still in the hand by how many others they could make a meld with (:func:`conquian.judgement.potential`).  So it takes and keeps cards that make or extend melds, discards the card least likely to be used and
  goes down whenever it can.  It draws nothing at random: among actions worth the same it plays the first in
  ``legal_actions`` order, so a deal between greedy players is fixed by the deal's seed.

:func:`parse_strategies` reads the command line's ``--strategy`` (one name, or one per seat).
"""

from __future__ import annotations

import random

from .errors import StrategyError
from .games import game_of
from .text import shorten

__all__ = ["RandomPlayer", "GreedyPlayer", "STRATEGIES", "parse_strategies", "make_players"]


class RandomPlayer:
    """Any legal action, chosen with ``rng`` (a :class:`random.Random`)."""

    name = "random"

    def __init__(self, rng: "random.Random | None" = None):
        self.rng = rng if rng is not None else random.Random(0)

    def choose(self, game):
        return self.rng.choice(game.legal_actions())


class GreedyPlayer:
    """One action ahead, by what the seat to act can see (see the module's description); deterministic."""

    name = "greedy"

    def choose(self, game):
        actions = game.legal_actions()
        if len(actions) == 1:
            return actions[0]
        judge = game_of(game).greedy
        shortcut = judge.shortcut(game, actions)
        if shortcut is not None:
            return shortcut
        me = game.to_act
        best, best_value = actions[0], None
        for a in actions:
            v = judge.value(game.copy().play(a), me)
            if best_value is None or v > best_value:
                best, best_value = a, v
        return best


STRATEGIES = {"random": RandomPlayer, "greedy": GreedyPlayer}
"""Strategy name -> player class, as ``--strategy`` names them."""


def parse_strategies(text: str, seats: int) -> list[str]:
    """``'greedy'`` (every seat) or ``'greedy,random'`` (one per seat, seat 0 first) to a list of names.

    >>> from conquian.players import parse_strategies
    >>> parse_strategies('greedy,random', 2)
    ['greedy', 'random']
    >>> parse_strategies('random', 3)
    ['random', 'random', 'random']
    """
    if not isinstance(text, str):
        raise TypeError(f"strategies are text, not {type(text).__name__}")
    names = [n.strip().lower() for n in text.split(",")]
    for seat, n in enumerate(names):
        if n not in STRATEGIES:
            where = f"seat {seat}" if len(names) > 1 else "every seat"
            raise StrategyError(f"--strategy {shorten(text)!r}: {where} has {shorten(n)!r}, which is no strategy; "
                                f"strategies: {', '.join(STRATEGIES)}")
    if len(names) == 1:
        return names * seats
    if len(names) != seats:
        raise StrategyError(f"--strategy {shorten(text)!r} names {len(names)} strategies for {seats} seats: name one "
                            f"for every seat, or one for all")
    return names


def make_players(names: list[str], rng: random.Random) -> list:
    """One player per seat; the random players share ``rng``."""
    return [RandomPlayer(rng) if n == "random" else STRATEGIES[n]() for n in names]
