"""What a ruling does to the game: figures from many simulated deals between greedy players, with 95 % intervals.

``make stats`` (``python -m conquian.statistics``) plays, game by game (:data:`conquian.games.GAMES`), the cells of
deals between greedy players (:mod:`conquian.players`) that each source's rule set gives by the game's
:class:`~conquian.gametype.Statistics`: for Conquian its rule set as declared and each axis that can change a deal
switched to each other value (:data:`conquian.games.conquian.kernel.PLAY_AXES` and
:data:`~conquian.games.conquian.kernel.TABLE_AXES`), for Rommé one cell per number of players.  It writes them all to
one JSON file (``docs/_data/statistics.json``) with the command, seed, engine and version that made them, each game's
figures under its name.  A cell whose rules (or number of players: three, for a Conquian rule set that seats three)
the native kernel does not play runs on the Python engine with fewer deals (``--python-deals``), its count in its
figures.  The site draws its statistics pages from that file only, so ``make
html`` stays fast; a source declared since then is named there as having no figures yet, until ``make stats`` runs
again.

Intervals: Wilson's for a share, mean ± 1.96 standard errors for a mean, and for the change a ruling makes, the
difference of two shares ± 1.96 times the square root of the sum of their variances (two independent cells).

>>> from conquian.statistics import wilson, share_difference
>>> [round(x, 3) for x in wilson(50, 100)]
[0.404, 0.596]
>>> [round(x, 3) for x in share_difference(60, 100, 50, 100)]
[0.1, -0.037, 0.237]
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import sys
import time
from pathlib import Path

from . import __version__
from .errors import ConquianError
from .games import HOME, game_of, games
from .gametype import GameType
from .registry import VARIANTS, parse_rules, sources
from .simulation import MAX_DECISIONS, Simulation

__all__ = ["wilson", "mean_interval", "share_difference", "figures", "cells", "compute", "main", "SCHEMA", "deals_key",
           "counted"]

#: The version of the data file's layout; the site refuses another.
SCHEMA = 1
Z = 1.96
#: Deals a cell where the kernel does not play the rules (they run on the Python engine, some hundred times slower).
PYTHON_DEALS = 2_000


def wilson(k: int, n: int) -> tuple[float, float]:
    """Wilson's 95 % interval for a share of ``k`` in ``n``."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + Z * Z / n
    c = p + Z * Z / (2 * n)
    h = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n))
    return max(0.0, (c - h) / d), min(1.0, (c + h) / d)


def mean_interval(total: float, squares: float, n: int) -> tuple[float, float, float]:
    """Mean and its 95 % interval from a sum and a sum of squares."""
    mean = total / n
    var = max(squares / n - mean * mean, 0.0) * n / max(n - 1, 1)
    h = Z * math.sqrt(var / n)
    return mean, mean - h, mean + h


def share_difference(k1: int, n1: int, k2: int, n2: int) -> tuple[float, float, float]:
    """``k1/n1 - k2/n2`` and its 95 % interval (independent samples)."""
    p1, p2 = k1 / n1, k2 / n2
    h = Z * math.sqrt(p1 * (1 - p1) / n1 + p2 * (1 - p2) / n2)
    return p1 - p2, p1 - p2 - h, p1 - p2 + h


def counted() -> list[GameType]:
    """The games the statistics play (those with a :attr:`~conquian.gametype.GameType.statistics`), in order."""
    return [g for g in games() if g.statistics is not None]


def deals_key(g: GameType) -> str:
    """The data file's key (and, with hyphens, the option) for a game's deals a cell: ``deals`` for the home game, else
    ``<game>_deals``."""
    return "deals" if g.name == HOME else f"{g.name}_deals"


def _tallies() -> list[str]:
    return list(dict.fromkeys(t for g in games() for t in g.tallies))


def figures(results) -> dict:
    """A cell's counts from its deals' results (:class:`~conquian.simulation.DealResult`); every game's tallies are
    counted, so that all cells have the same keys."""
    n = len(results)
    endings: dict[str, int] = {}
    first_wins = decisions = squares = left = 0
    tallies = dict.fromkeys(_tallies(), 0)
    for r in results:
        endings[r.ending] = endings.get(r.ending, 0) + 1
        if r.winner is not None and r.winner == r.first:
            first_wins += 1
        decisions += r.decisions
        squares += r.decisions * r.decisions
        left += r.stock_left
        for t in tallies:
            tallies[t] += t in r.flags
    return {"deals": n, "endings": dict(sorted(endings.items())), "wins": endings.get("win", 0),
            "first_wins": first_wins, "decisions": decisions, "decisions_squared": squares, "stock_left": left,
            **tallies}


def cells(source: str) -> list[dict]:
    """The cells of one source, as its game's statistics give them (without figures)."""
    rules = VARIANTS[source]
    return game_of(rules).statistics.cells(rules)


def _label(row: dict) -> str:
    if "players" in row:
        return f"{row['players']} players"
    return f"{row['axis'] or 'as declared'} {row['value'] or ''}".strip()


def compute(deals: dict, seed: int, engine: str, progress=None, python_deals: int = PYTHON_DEALS) -> dict:
    """Every game's cells, played (``deals``: game name -> deals a cell); the data file's content.  A cell of a game
    with a kernel whose rules the kernel does not play (forcing both ways) runs on the Python engine, with at most
    ``python_deals`` deals: the figures say how many."""
    started = time.time()
    blocks: dict[str, dict] = {}
    engines = set()
    played: dict[tuple, dict] = {}
    slower = 0
    for g in counted():
        block: dict[str, dict] = {}
        # a game without a kernel is played by the Python engine, whatever the engine asked for
        use = engine if g.kernel is not None else "python"
        for source in sources(g.name):
            rules = VARIANTS[source]
            same = next((s for s in block if VARIANTS[s] == rules), None)
            if same is not None:  # an identical rule set (the Dutch and French pages): the same cells
                block[source] = {**block[same], "same_as": same, "rules": str(rules)}
                continue
            rows = g.statistics.cells(rules)
            for row in rows:
                if "rules" in row:
                    # rules the game's kernel does not play: the Python engine's count, whichever engine was asked
                    # for (so that the same seed gives the same figures on both)
                    slow = g.kernel is not None and bool(g.kernel.plays(parse_rules(row["rules"])) or row.get("players"))
                    n = min(deals[g.name], python_deals) if slow else deals[g.name]
                    slower += slow
                    key = (row["rules"], row.get("players"), n, use)
                    if key not in played:
                        sim = Simulation(row["rules"], seed, row.get("players"), "greedy", use)
                        played[key] = figures(sim.play(n, keep=True))
                        engines.add(sim.engine.value)
                    row["figures"] = played[key]
                if progress:
                    progress(f"{source}: {_label(row)}")
            if g.statistics.by == "players":
                block[source] = {"rules": str(rules), "players": {str(r["players"]): r["figures"] for r in rows}}
            else:
                block[source] = {"rules": str(rules), "cells": rows}
        blocks[g.name] = block
    return {"schema": SCHEMA, "version": __version__, "seed": seed,
            **{deals_key(g): deals[g.name] for g in counted()},
            "python_deals": python_deals, "python_cells": slower,
            "players": "greedy", "engine": engine, "engines_used": sorted(engines),
            "max_decisions": MAX_DECISIONS,
            "made": datetime.date.today().isoformat(), "seconds": round(time.time() - started),
            "not_in_play": {k: v for g in counted() for k, v in g.statistics.not_in_play.items()},
            **blocks}


def main(argv: "list[str] | None" = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m conquian.statistics", description=__doc__.split("\n\n")[0])
    for g in counted():
        parser.add_argument("--" + deals_key(g).replace("_", "-"), type=int, default=g.statistics.deals,
                            help=f"deals per {g.title} cell (default {g.statistics.deals:,}"
                                 f"{'' if g.kernel is not None else ', on the Python engine'})")
    parser.add_argument("--python-deals", type=int, default=PYTHON_DEALS,
                        help=f"deals per cell whose rules the native kernel does not play, on the Python engine "
                             f"(default {PYTHON_DEALS:,})")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--engine", default="auto", choices=["auto", "native", "python"])
    parser.add_argument("--out", type=Path, default=Path("docs/_data/statistics.json"))
    args = parser.parse_args(argv)
    deals = {g.name: getattr(args, deals_key(g)) for g in counted()}
    if min(deals.values(), default=1) < 1 or args.python_deals < 1:
        raise SystemExit("statistics: " + " and ".join("--" + deals_key(g).replace("_", "-") for g in counted())
                         + " and --python-deals must be at least 1")
    try:
        data = compute(deals, args.seed, args.engine, lambda what: print(what, file=sys.stderr, flush=True),
                       args.python_deals)
    except ConquianError as exc:
        raise SystemExit(f"statistics: {exc}") from None
    data["command"] = "python -m conquian.statistics " + " ".join(argv if argv is not None else sys.argv[1:])
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"statistics: {args.out} written in {data['seconds']} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
