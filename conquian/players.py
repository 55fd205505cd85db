"""Computer players for both games: one that plays any legal move at random, one that plays for melds.

A player is an object with ``choose(game) -> action``, one of ``game.legal_actions()``; it sees only what the
seat to act may see (its own hand, the melds, the cards on offer or on the discard pile), never the stock.

- :class:`RandomPlayer` picks uniformly among the legal actions with the generator it is given.
- :class:`StrongPlayer` weighs its choices by determinised Monte Carlo (:mod:`conquian.montecarlo`): it deals the
  cards it cannot see anew many times, consistently with what it knows, plays each choice out between greedy players
  in every such deal, and keeps the choice that wins most often.  It forces and demands where that pays.  Two
  levels: ``normal`` (fewer samples, quicker) and ``strong``.
- :class:`GreedyPlayer` looks one action ahead and keeps what is worth most to it, as its game judges (each game
  registers its judgement, see :attr:`conquian.gametype.GameType.greedy`): cards down (Conquian) or out of the hand
  (Rommé) first, then the cards still in the hand by how many others they could make a meld with (:func:`conquian.judgement.potential`).  So it takes and keeps cards that make or extend melds, discards the card least likely to be used and
  goes down whenever it can.  It draws nothing at random: among actions worth the same it plays the first in
  ``legal_actions`` order, so a deal between greedy players is fixed by the deal's seed.

:func:`parse_strategies` reads the command line's ``--strategy`` (one name, or one per seat).
"""

from __future__ import annotations

import random
from typing import NamedTuple

from .errors import StrategyError
from .games import game_of
from .montecarlo import READS, Weighing, knowledge, weigh
from .text import shorten

__all__ = ["RandomPlayer", "GreedyPlayer", "StrongPlayer", "Level", "LEVELS", "STRATEGIES", "parse_strategies",
           "make_players"]


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


class Level(NamedTuple):
    """A level of the strong player: deals sampled for each decision (a batch), actions weighed at most besides
    every force and demand, what it reads in the opponent's moves (:data:`conquian.montecarlo.READS`), and batches
    at most, the later ones only for the actions still near the best (:func:`conquian.montecarlo.weigh`)."""

    samples: int
    width: int
    reads: str
    batches: int


LEVELS = {"normal": Level(8, 4, "passes", 1), "strong": Level(96, 8, "passes", 3)}
"""Level -> :class:`Level`.  The strong level weighs each choice in 96 deals, and a close call in up to three
batches of them (the actions left behind after a batch are not played in the next): where the native kernel plays
them out, about 0.13 s a decision (a second or more on the Python engine).  Over 1,200 games of Foster's rules
against greedy the batches won 66.5 % of the won deals where one batch of 96 won 62.4 %, the same deals (the Dutch
page's: 63.6 % and 63.0 %); over 76 positions they came half as far short of a 1,024-deal weighing of every action as
one batch did, nearer than a fixed 256 deals (benchmarks/README.md).  Reading every move of the opponent
(``reads="moves"``, a :class:`StrongPlayer` option) guesses his hand better but won no more deals over 3,200 games
against greedy under four sources (benchmarks/README.md), at twice the time: not a level."""


class StrongPlayer:
    """Determinised Monte Carlo (see the module's description) at a level of :data:`LEVELS`; deterministic: the
    samples of a decision are drawn from a generator seeded with ``seed``, the decision's number and what the seat
    sees of its hand, so the same position asks the same question whatever came before.  ``reads`` overrides what the
    level reads in the opponent's moves (:func:`conquian.montecarlo.sampled`).

    >>> from conquian import Game
    >>> from conquian.players import StrongPlayer
    >>> g = Game('foster-1913', seed=3)
    >>> a = StrongPlayer('normal').choose(g)
    >>> a in g.legal_actions() and a == StrongPlayer('normal').choose(g)
    True
    """

    name = "strong"

    def __init__(self, level: str = "strong", seed: int = 0, reads: "str | None" = None):
        if level not in LEVELS:
            raise StrategyError(f"level {shorten(str(level))!r}: levels are {', '.join(LEVELS)}")
        if reads is not None and reads not in READS:
            raise StrategyError(f"reads {shorten(str(reads))!r}: {' or '.join(READS)}")
        self.level, self.seed = level, seed
        self.samples, self.width, self.reads, self.batches = LEVELS[level]
        self.reads = reads or self.reads
        self._policy = GreedyPlayer()
        self._known = None  # what it knew at its last choice: the next one in the same deal carries on from there

    def __repr__(self) -> str:
        reads = f", reads={self.reads!r}" if self.reads != LEVELS[self.level].reads else ""
        return f"StrongPlayer({self.level!r}, seed={self.seed}{reads})"

    def weigh(self, game) -> Weighing:
        """The choice at this position and what it rests on (each action weighed, its mean score)."""
        me = game.to_act
        sees = sorted(c.code for c in game.places()[game_of(game).hidden.hand_place(int(me))])
        rng = random.Random(f"{self.seed}/{game.decisions}/{sees}")
        self._known = knowledge(game, me, self._known)
        return weigh(game, rng, self.samples, self.width, self._policy, reads=self.reads, batches=self.batches,
                     known=self._known)

    def choose(self, game):
        return self.weigh(game).chosen


class NormalPlayer(StrongPlayer):
    """The strong player at the ``normal`` level."""

    name = "normal"

    def __init__(self, level: str = "normal", seed: int = 0):
        super().__init__(level, seed)


STRATEGIES = {"random": RandomPlayer, "greedy": GreedyPlayer, "normal": NormalPlayer, "strong": StrongPlayer}
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
    """One player per seat; the random players share ``rng``; a strong player's seed is its seat (its samples
    draw on a generator of their own, so that ``rng`` deals the same cards whoever plays them)."""
    return [RandomPlayer(rng) if n == "random" else STRATEGIES[n](seed=seat) if n in ("normal", "strong")
            else STRATEGIES[n]() for seat, n in enumerate(names)]
