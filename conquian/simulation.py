"""Many deals between computer players: the tally ``conquian simulate`` prints, and each deal's result for statistics.

A :class:`Simulation` draws everything from one seeded generator (each deal's shuffle and cut, and the random
players' choices), so the same seed gives the same deals, whichever engine plays them:

- ``python``: the engine itself (:mod:`conquian.deal`), one :meth:`~conquian.deal.Deal.play` at a time;
- ``native``: a game's compiled kernel, where the game registers one (:attr:`conquian.gametype.GameType.kernel`) and it
  was built when the package was installed.  It plays whole deals inside, with the same generator, the same move
  order and the same players, so its results are those of the Python engine, deal for deal (a differential test
  holds it to that).

``engine='auto'`` (the default) takes the kernel when there is one and it plays the rule set, else the Python engine
(``Simulation.why_python`` says why; ``conquian simulate`` prints it in one line).

A simulation plays from 1 to :data:`MAX_GAMES` deals (a whole number: ``2.5``, ``nan`` or ``True`` are refused, not
rounded), and can be interrupted: the kernel plays in calls of about :attr:`Simulation.CALL_SECONDS` each (their
deals sized by the pace measured so far), the Python engine one deal at a time, and the tally changes only when a
call or a deal is finished, so a Ctrl-C (``KeyboardInterrupt``) is answered at once and leaves the tally of the
deals finished.

>>> from conquian.simulation import Simulation
>>> sim = Simulation('foster-1913', seed=1, strategy='greedy', engine='python')
>>> results = sim.play(3, keep=True)
>>> [r.ending for r in results], sim.tally.games
(['tableau', 'win', 'win'], 3)
>>> results[0].first, results[0].decisions > 0
(1, True)
"""

from __future__ import annotations

import enum
import random
import time

from .errors import ConquianError, SimulationError
from .gametype import MAX_DECISIONS, MAX_GAMES, UNFINISHED, DealResult, Tally, whole_number
from .games import game_of
from .players import make_players, parse_strategies
from .registry import parse_rules
from .text import shorten, shown_number
from .vocabulary import action_kind  # noqa: F401 (the tally's kinds; named here as before)

__all__ = ["Engine", "DealResult", "Simulation", "simulate", "engine_for", "MAX_DECISIONS", "UNFINISHED", "MAX_GAMES",
           "MAX_SEED", "whole_number", "action_kind"]

#: The largest seed (the generator is seeded with 64 bits, as a deal's seed may be).
MAX_SEED = 2 ** 64 - 1
#: Beyond this many players, not even the game is asked (its message would write the number out in full).
MAX_PLAYERS = 999


class Engine(enum.Enum):
    """Which engine plays the deals."""

    AUTO = "auto"
    PYTHON = "python"
    NATIVE = "native"

    @classmethod
    def parse(cls, text: "Engine | str") -> "Engine":
        if isinstance(text, cls):
            return text
        if not isinstance(text, str):
            raise TypeError(f"an engine is text, not {type(text).__name__}")
        try:
            return cls(text.strip().lower())
        except ValueError:
            raise ConquianError(f"engine {shorten(text)!r} is none of: {', '.join(e.value for e in cls)}") from None


def engine_for(game, engine: "Engine | str", rules, strategies) -> tuple[Engine, str]:
    """The engine that will play, and why when the kernel was asked for (or preferred) and cannot play."""
    engine = Engine.parse(engine)
    if engine is Engine.PYTHON:
        return Engine.PYTHON, ""
    kernel = game.kernel
    why = (f"{game.title} has no native kernel" if kernel is None else kernel.why_not(rules, strategies))
    if not why:
        return Engine.NATIVE, ""
    if engine is Engine.NATIVE:
        raise ConquianError(f"--engine native: {why}; use --engine python")
    return Engine.PYTHON, why


class Simulation:
    """Deals between computer players (random by default, see :mod:`conquian.players`), tallied as they are
    played (so an interrupted run can report).

    The rule set's game deals (see :mod:`conquian.games`): Conquian to two players (wins tallied by role), Rommé to
    ``players`` seats (wins tallied per seat, seat 0 dealing every deal).  ``engine`` is the engine that plays,
    ``why_python`` why the kernel does not (empty when it does, or when the Python engine was asked for).
    """

    #: Engine time one kernel call aims at, its deals sized by the pace measured so far: a Ctrl-C is answered when
    #: the call returns (or inside it, where the kernel checks for signals) and the call's deals are then not
    #: tallied, so an interrupted run loses at most about this much play.
    CALL_SECONDS = 0.1
    #: Deals in the first kernel call, before the pace is known (a deal between greedy players of the largest hands
    #: with pairs may take a second in C); each call after it holds at most four times the deals of the one before,
    #: and at most MAX_CALL.
    FIRST_CALL = 1
    MAX_CALL = 20_000

    def __init__(self, variant: str, seed: int, players: "int | None" = None, strategy: str = "random",
                 engine: "Engine | str" = Engine.AUTO):
        seed = whole_number(seed, "seed", 0, MAX_SEED)
        self.rules = parse_rules(variant)
        self.game = game_of(self.rules)
        if players is not None:  # a count the game does not allow is the game's to refuse, naming its rule
            players = whole_number(players, "players")
            if not -MAX_PLAYERS <= players <= MAX_PLAYERS:
                raise SimulationError(f"players: {shown_number(players)}; no game is played by so many")
        self.players = players if players is not None else self.game.players[0]
        self.game.new_deal(self.rules, self.players, seed=0)  # a player count the rules do not allow is an error now
        self.seed = seed
        self.rng = random.Random(seed)
        self.strategies = parse_strategies(strategy, self.players)
        self.engine, self.why_python = engine_for(self.game, engine, self.rules, self.strategies)
        self.seats = make_players(self.strategies, self.rng)  # random players draw from self.rng, as before
        self.tally = Tally(str(self.rules), self.players, seed, dict.fromkeys(self.game.seats(self.players), 0),
                           dict.fromkeys(self.game.tallies, 0))

    @property
    def games(self) -> int:
        return self.tally.games

    def deal(self):
        # The deal shuffles with the simulation's own generator: seeding a generator for every deal would cost the
        # kernel more than the deal's play.
        return self.game.new_deal(self.rules, self.players, seed=self.rng)

    def play(self, games: int, progress=None, keep: bool = False, final: bool = False) -> "list[DealResult] | None":
        """Play ``games`` deals (1 to :data:`MAX_GAMES`); with ``keep``, return each deal's :class:`DealResult`
        (with ``final``, its end state).

        Interrupted (``KeyboardInterrupt``), it stops at once and the tally holds the deals finished; the deal or
        kernel call in flight is dropped (its deals, of a kernel call, are not tallied, and the generator is left
        where that call began).
        """
        games = whole_number(games, "games", 1, MAX_GAMES)
        results: list[DealResult] | None = [] if keep else None
        last, done = time.monotonic(), 0
        native = self.engine is Engine.NATIVE
        n = self.FIRST_CALL
        while done < games:
            n = min(n, games - done) if native else 1
            start = time.perf_counter()
            counts = None
            actions: dict = {}
            if native and not keep:  # counts only: the kernel sums them
                counts, batch = self.game.kernel.tally(self.rules, self.strategies, self.rng, n), []
            elif native:  # deals kept one by one: the kernel does not count their actions
                batch, actions = self._native(n, final), None
            else:
                batch = [self._python(final, actions)]
            elapsed = time.perf_counter() - start
            # The tally changes only from here, once the call or the deal is finished.
            self.tally.seconds += elapsed
            if counts is not None:
                self._add(counts)
            else:
                self._add_actions(actions)
            for r in batch:
                self._count(r)
            if results is not None:
                results.extend(batch)
            done += n
            if native:  # the next call sized to take about CALL_SECONDS at the pace of this one
                n = max(1, min(4 * n, self.MAX_CALL, int(n * self.CALL_SECONDS / max(elapsed, 1e-6))))
            if progress and (time.monotonic() - last > 1.0 or done == games):
                progress(done, games)
                last = time.monotonic()
        return results

    def _python(self, final: bool, actions: dict) -> DealResult:
        g = self.deal()
        first = int(g.to_act)
        seats = self.seats
        while not g.is_over and g.decisions < MAX_DECISIONS:
            a = seats[g.to_act].choose(g)
            kind = action_kind(a)
            actions[kind] = actions.get(kind, 0) + 1
            g.play(a)
        o = g.outcome
        if o is None:
            return DealResult(UNFINISHED, None, first, g.decisions, len(g.stock), (), g.snapshot() if final else None)
        winner = o.winner
        return DealResult(o.termination.value, None if winner is None else int(winner), first, g.decisions,
                          len(g.stock), tuple(n for n in self.game.tallies if getattr(o, n)),
                          g.snapshot() if final else None)

    def _native(self, n: int, final: bool) -> list:
        return self.game.kernel.play(self.rules, self.strategies, self.rng, n, final)

    def _add(self, counts: dict) -> None:
        """Add a kernel's counts (see :func:`conquian.games.conquian.kernel.tally`) to the tally."""
        t = self.tally
        t.games += counts["deals"]
        t.decisions += counts["decisions"]
        t.ties += counts["ties"]
        t.unfinished += counts["unfinished"]
        seats = self.game.seats(self.players)
        for seat, n in zip(seats, counts["wins"]):
            t.wins[seat] += n
        self._add_actions({k: n for k, n in counts["actions"].items() if n})

    def _add_actions(self, actions: "dict | None") -> None:
        t = self.tally
        if actions is None or t.actions is None:
            t.actions = None
            return
        for kind, n in actions.items():
            t.actions[kind] = t.actions.get(kind, 0) + n

    def _count(self, r: DealResult) -> None:
        ending, winner, decisions, flags = r.ending, r.winner, r.decisions, r.flags
        t = self.tally
        t.games += 1
        t.decisions += decisions
        if ending == UNFINISHED:
            t.unfinished += 1
        elif winner is None:
            t.ties += 1
        else:
            t.wins[self.game.seats(self.players)[winner]] += 1
            for name in flags:
                t.counts[name] += 1

    def summary(self) -> dict:
        out = self.game.summary(self.tally)
        if set(self.strategies) != {"random"}:
            out["strategies"] = list(self.strategies)
        if self.tally.unfinished:
            out["unfinished"] = self.tally.unfinished
        if self.tally.actions is not None:  # by kind, in one order whichever engine played
            out["actions"] = dict(sorted(self.tally.actions.items()))
        out["engine"] = self.engine.value
        out["seconds"] = round(self.tally.seconds, 6)  # to the microsecond: a rate from it is the rate measured
        return out


def simulate(variant: str, games: int, seed: int, progress=None, players: "int | None" = None,
             strategy: str = "random", engine: "Engine | str" = Engine.AUTO) -> dict:
    """Play ``games`` deals between computer players; the same seed gives the same result, on either engine.

    The summary holds the counts and the engine time (``seconds``, to the microsecond, so that the rates a reader
    works out from it are those measured)."""
    sim = Simulation(variant, seed, players, strategy, engine)
    sim.play(games, progress)
    return sim.summary()
