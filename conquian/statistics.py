"""What a ruling does to the game: figures from many simulated deals between greedy players, with 95 % intervals.

``make stats`` (``python -m conquian.statistics``) plays, game by game (:data:`conquian.games.GAMES`), the cells of
deals between greedy players (:mod:`conquian.players`) that each source's rule set gives by the game's
:class:`~conquian.gametype.Statistics`: for Conquian its rule set as declared and each axis that can change a deal
switched to each other value (:data:`conquian.games.conquian.kernel.PLAY_AXES` and
:data:`~conquian.games.conquian.kernel.TABLE_AXES`), for Rommé one cell per number of players.  It writes them all to
one JSON file (``docs/_data/statistics.json``) with the command, seed, engine and version that made them, each game's
figures under its name.  A cell whose rules (or number of players: three, for a Conquian rule set that seats three)
the native kernel does not play runs on the Python engine with fewer deals (``--python-deals``), its count in its
figures.  The cells are played on every core of this machine (``--processes``), or on a Dask cluster
(``--scheduler tcp://host:port``, ``make stats SCHEDULER=…``); each is fixed by its seed, so the figures are the same
however the cells are shared out.  The site draws its statistics pages from that file only, so ``make
html`` stays fast; a source declared since then is named there as having no figures yet, until ``make stats`` runs
again.

Intervals: Wilson's for a share, mean ± 1.96 standard errors for a mean.  For the change a ruling makes, every cell
is played with the same seed as the rule set as declared, so the two are compared deal by deal (paired): the
difference of the shares of deals won and of the mean length, each with the standard error of the differences of
the pairs (:func:`paired_share_difference`, :func:`paired_mean_difference`).  A switch that deals other cards (another
pack, another cut) pairs deals that have nothing in common, and the same formulas then give the independent
interval.  How many changes are called clear is controlled for the number of comparisons on a page by Holm's method
(:func:`holm`).

>>> from conquian.statistics import wilson, share_difference, paired_share_difference, holm
>>> [round(x, 3) for x in wilson(50, 100)]
[0.404, 0.596]
>>> [round(x, 3) for x in share_difference(60, 100, 50, 100)]
[0.1, -0.037, 0.237]
>>> [round(x, 3) for x in paired_share_difference(15, 5, 100)]   # won here only 15 times, there only 5
[0.1, 0.014, 0.186]
>>> holm([0.01, 0.04, 0.03])          # which of three p-values hold at 5 % together
[True, False, False]
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import multiprocessing
import os
import sys
import time
from pathlib import Path

from . import __version__
from .cluster import run_on_dask
from .errors import ConquianError
from .games import HOME, game_of, games
from .gametype import GameType
from .registry import VARIANTS, parse_rules, sources
from .simulation import MAX_DECISIONS, Simulation

__all__ = ["play_cell", "run_here", "run_on_cores", "cost", "wilson", "mean_interval", "share_difference", "paired_share_difference", "paired_mean_difference",
           "p_value", "holm", "paired", "UNFINISHED_LIMIT", "runner", "write", "said", "figures", "cells", "compute", "main", "SCHEMA", "deals_key",
           "counted"]

#: The version of the data file's layout; the site refuses another.  2: each switched cell has its comparison with
#: the rules as declared deal by deal (``paired``); a companion rule takes its value nearest the source's.
SCHEMA = 2
Z = 1.96
#: A cell with more of its deals stopped unfinished than this share describes a loop, not a game: the pages grey it,
#: and the strong player's check (:mod:`conquian.strong_check`) leaves it out.
UNFINISHED_LIMIT = 0.05
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


def paired_share_difference(here_only: int, there_only: int, n: int) -> tuple[float, float, float]:
    """The difference of two shares measured on the same ``n`` deals, from the deals counted on one side only
    (``here_only`` by the first, ``there_only`` by the second), and its 95 % interval."""
    d = (here_only - there_only) / n
    var = max((here_only + there_only) / n - d * d, 0.0) / max(n - 1, 1)
    h = Z * math.sqrt(var)
    return d, d - h, d + h


def paired_mean_difference(total: float, squares: float, n: int) -> tuple[float, float, float]:
    """The mean of ``n`` paired differences (their sum and sum of squares) and its 95 % interval."""
    return mean_interval(total, squares, n)


def p_value(d: tuple[float, float, float]) -> float:
    """The two-sided p-value of a difference given as (value, low, high) with a 95 % interval (normal)."""
    x, lo, hi = d
    se = (hi - lo) / (2 * Z)
    if se <= 0:
        return 0.0 if x else 1.0
    return math.erfc(abs(x) / se / math.sqrt(2))


def holm(p_values: list[float], alpha: float = 0.05) -> list[bool]:
    """Holm's step-down method: which of the hypotheses are rejected together at level ``alpha`` (the chance of
    calling any true null effect clear stays within ``alpha`` however many are tested)."""
    order = sorted(range(len(p_values)), key=lambda i: p_values[i])
    out = [False] * len(p_values)
    m = len(p_values)
    for rank, i in enumerate(order):
        if p_values[i] > alpha / (m - rank):
            break
        out[i] = True
    return out


def paired(here: list, there: list) -> dict:
    """A cell's deals compared with the rule set as declared, deal by deal over the first deals of both (each deal
    given as ``(won, decisions)``): deals won on one side only, and the differences in length."""
    n = min(len(here), len(there))
    here_only = there_only = 0
    total = squares = 0
    for (w1, d1), (w0, d0) in zip(here[:n], there[:n]):
        here_only += w1 and not w0
        there_only += w0 and not w1
        total += d1 - d0
        squares += (d1 - d0) ** 2
    return {"deals": n, "won_here_only": here_only, "won_there_only": there_only, "decisions_difference": total,
            "decisions_difference_squared": squares}


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


def play_cell(job: tuple) -> tuple:
    """One cell's deals, ``(rules, players, deals, engine, seed[, strategy])`` -> its figures, its deals as ``(won,
    decisions)`` (to compare deal by deal) and the engine that played them; the players greedy unless a strategy is
    given (:mod:`conquian.strong_check` gives ``normal``).  Fixed by the job alone, so that a cell gives the same
    figures in whichever process or machine plays it (a top-level function: a process pool or a Dask worker runs it)."""
    rules, players, n, use, seed, *strategy = job
    sim = Simulation(rules, seed, players, strategy[0] if strategy else "greedy", use)
    results = sim.play(n, keep=True)
    return figures(results), [(r.ending == "win", r.decisions) for r in results], sim.engine.value


def run_here(jobs: list, progress=None, each=None) -> list:
    """Play the cells one after the other, in this process; ``each(i, result)``, if given, as each cell is played (a
    runner's contract: :mod:`conquian.strong_check` saves its file there, so that a run stopped half-way is not lost)."""
    out = []
    for i, job in enumerate(jobs):
        out.append(play_cell(job))
        if each:
            each(i, out[-1])
        if progress:
            progress(f"played {len(out)} of {len(jobs)} cells")
    return out


def run_on_cores(processes: int):
    """Play the cells on ``processes`` processes of this machine (the slowest first, so that none waits alone at the
    end)."""
    def run(jobs: list, progress=None, each=None) -> list:
        order = sorted(range(len(jobs)), key=lambda i: -cost(jobs[i]))  # stable: equal costs keep the jobs' order
        out: list = [None] * len(jobs)
        with multiprocessing.get_context("spawn").Pool(processes) as pool:
            for done, (i, result) in enumerate(pool.imap_unordered(_indexed, [(i, jobs[i]) for i in order]), 1):
                out[i] = result
                if each:
                    each(i, result)
                if progress:
                    progress(f"played {done} of {len(jobs)} cells")
        return out
    return run


def _indexed(item: tuple) -> tuple:
    i, job = item
    return i, play_cell(job)


def cost(job: tuple) -> float:
    """About how long a cell takes, to start the slowest first: a deal on the Python engine costs some hundred on the
    kernel, and one between strong players some hundred again."""
    _rules, players, n, use, _seed, *strategy = job
    return n * (100 if use == "python" or players else 1) * (300 if strategy and strategy[0] != "greedy" else 1)


def compute(deals: dict, seed: int, engine: str, progress=None, python_deals: int = PYTHON_DEALS,
            run=run_here) -> dict:
    """Every game's cells, played (``deals``: game name -> deals a cell); the data file's content.  A cell of a game
    with a kernel whose rules the kernel does not play (an exchange before play, three players) runs on the Python
    engine, with at most ``python_deals`` deals: the figures say how many.  ``run`` plays the cells (:func:`run_here`,
    :func:`run_on_cores`, or :func:`conquian.cluster.run_on_dask` with :func:`play_cell`): each cell is fixed by its
    seed, so the figures are the same however they are shared out."""
    started = time.time()
    blocks: dict[str, dict] = {}
    slower = 0
    wanted: list[tuple] = []  # (row, key, its base's key): the rows to fill once their cells are played
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
            base_key = None
            for row in rows:
                if "rules" in row:
                    # rules the game's kernel does not play: the Python engine's count, whichever engine was asked
                    # for (so that the same seed gives the same figures on both)
                    slow = g.kernel is not None and bool(g.kernel.plays(parse_rules(row["rules"])) or row.get("players"))
                    n = min(deals[g.name], python_deals) if slow else deals[g.name]
                    slower += slow
                    key = (row["rules"], row.get("players"), n, use, seed)
                    if row.get("axis") is None and "players" not in row:
                        base_key = key
                    wanted.append((row, key, base_key))
            if g.statistics.by == "players":
                block[source] = {"rules": str(rules), "players": rows}
            else:
                block[source] = {"rules": str(rules), "cells": rows}
        blocks[g.name] = block
    jobs = list(dict.fromkeys(key for _row, key, _base in wanted))
    played = dict(zip(jobs, run(jobs, progress)))
    for row, key, base_key in wanted:
        row["figures"] = played[key][0]
        if key != base_key and not row.get("players"):  # a rule switched: the same deals, compared one by one
            row["paired"] = paired(played[key][1], played[base_key][1])
    for g in counted():
        if g.statistics.by == "players":
            for block in blocks[g.name].values():
                block["players"] = {str(r["players"]): r["figures"] for r in block["players"]}
    return {"schema": SCHEMA, "version": __version__, "seed": seed,
            **{deals_key(g): deals[g.name] for g in counted()},
            "python_deals": python_deals, "python_cells": slower,
            "players": "greedy", "engine": engine, "companion": "nearest",
            "engines_used": sorted({engine_used for _f, _d, engine_used in played.values()}),
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
    parser.add_argument("--processes", type=int, default=os.cpu_count() or 1,
                        help="processes of this machine to play the cells on (default: one per core)")
    parser.add_argument("--scheduler", default="", help="the address of a Dask cluster's scheduler (tcp://host:port) "
                                                         "to play the cells on instead of this machine")
    args = parser.parse_args(argv)
    deals = {g.name: getattr(args, deals_key(g)) for g in counted()}
    if args.processes < 1:
        raise SystemExit("statistics: --processes must be at least 1")
    if min(deals.values(), default=1) < 1 or args.python_deals < 1:
        raise SystemExit("statistics: " + " and ".join("--" + deals_key(g).replace("_", "-") for g in counted())
                         + " and --python-deals must be at least 1")
    try:
        data = compute(deals, args.seed, args.engine, said, args.python_deals, runner(args.processes, args.scheduler))
    except ConquianError as exc:
        raise SystemExit(f"statistics: {exc}") from None
    write(data, args.out, "statistics", argv)
    return 0


def said(what: str) -> None:
    """A line of progress, on standard error."""
    print(what, file=sys.stderr, flush=True)


def runner(processes: int, scheduler: str = ""):
    """How the cells are played: on the Dask cluster at ``scheduler``, else on ``processes`` cores of this machine,
    else in this process."""
    return (run_on_dask(scheduler, play_cell, cost) if scheduler else
            run_on_cores(processes) if processes > 1 else run_here)


def write(data: dict, out: Path, module: str, argv: "list[str] | None", quiet: bool = False) -> None:
    """A data file written, with the command that made it (``python -m conquian.<module>`` and its arguments); whole
    or not at all (written beside it, then renamed: a run stopped while writing leaves the file as it was)."""
    data["command"] = f"python -m conquian.{module} " + " ".join(argv if argv is not None else sys.argv[1:])
    out.parent.mkdir(parents=True, exist_ok=True)
    part = out.with_name(out.name + ".part")
    part.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    os.replace(part, out)
    if not quiet:
        print(f"{module}: {out} written in {data['seconds']} s", file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
