"""What a ruling does to the game: figures from many simulated deals between greedy players, with 95 % intervals.

``make stats`` (``python -m conquian.statistics``) plays, for every distinct Conquian rule set a source declares, a
cell of deals between two greedy players (:mod:`conquian.players`), then one cell for every other value of every
axis that can change a deal's play (:data:`conquian.games.conquian.kernel.PLAY_AXES` and :data:`~conquian.games.conquian.kernel.TABLE_AXES`), and
for Rommé one cell per number of players; it writes them all to one JSON file (``docs/_data/statistics.json``) with
the command, seed, engine and version that made them.  The site draws its statistics pages from that file only, so
``make html`` stays fast.

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
from .games.conquian import kernel
from .errors import ConflictingRules, ConquianError
from .games import game_of
from .registry import VARIANTS, sources
from .games.conquian.rules import AXES
from .simulation import MAX_DECISIONS, Simulation

__all__ = ["wilson", "mean_interval", "share_difference", "figures", "cells", "compute", "main", "SCHEMA"]

#: The version of the data file's layout; the site refuses another.
SCHEMA = 1
Z = 1.96


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


def figures(results) -> dict:
    """A cell's counts from its deals' results (:class:`~conquian.simulation.DealResult`)."""
    n = len(results)
    endings: dict[str, int] = {}
    first_wins = decisions = squares = left = hand_romme = 0
    for r in results:
        endings[r.ending] = endings.get(r.ending, 0) + 1
        if r.winner is not None and r.winner == r.first:
            first_wins += 1
        decisions += r.decisions
        squares += r.decisions * r.decisions
        left += r.stock_left
        hand_romme += "hand_romme" in r.flags
    return {"deals": n, "endings": dict(sorted(endings.items())), "wins": endings.get("win", 0),
            "first_wins": first_wins, "decisions": decisions, "decisions_squared": squares, "stock_left": left,
            "hand_romme": hand_romme}


def _play(text: str, deals: int, seed: int, engine: str, players: "int | None" = None) -> tuple[dict, str]:
    sim = Simulation(text, seed, players, "greedy", engine)
    results = sim.play(deals, keep=True)
    return figures(results), sim.engine.value


def other_values(ax, value) -> list:
    """The values a cell switches an axis to: every other choice, or the neighbouring whole numbers."""
    if ax.choices:
        return [v for v in ax.choices if v != value]
    return [v for v in (value - 1, value + 1) if ax.minimum <= v <= ax.maximum]


def with_companion(base, ax, v, conflict: ConflictingRules):
    """Switch ``ax`` to ``v`` together with one more axis the conflict names (e.g. forcing=none needs
    add_to_opponent=never), as the declarations' other readings do; None if no single companion resolves it."""
    named = [a for a in AXES if a.name != ax.name and a.name in conflict.axes]
    for other in named:
        for w in other.choices or range(other.minimum, other.maximum + 1):
            try:
                return base.replace(**{ax.name: v, other.name: w}), {other.name: other.format(w)}
            except ConflictingRules:
                continue
    return None


def cells(source: str) -> list[dict]:
    """The cells of one source: its own rule set, then each axis switched to each other value (or why not)."""
    base = VARIANTS[source]
    out = [{"axis": None, "value": None, "rules": str(base)}]
    for ax in AXES:
        if ax.name in kernel.NOT_IN_PLAY:
            continue
        value = getattr(base, ax.name)
        if not ax.applies(base):
            out.append({"axis": ax.name, "value": None, "skipped": f"does not arise here (only when {ax.applies_when})"})
            continue
        for v in other_values(ax, value):
            try:
                rules, companion = base.replace(**{ax.name: v}), {}
            except ConflictingRules as exc:
                found = with_companion(base, ax, v, exc)
                if found is None:
                    out.append({"axis": ax.name, "value": ax.format(v), "skipped": f"cannot be set: {exc}"})
                    continue
                rules, companion = found
            out.append({"axis": ax.name, "value": ax.format(v), "with": companion, "rules": str(rules)})
    return out


def compute(deals: int, romme_deals: int, seed: int, engine: str, progress=None) -> dict:
    """Every cell, played; the data file's content."""
    started = time.time()
    conquian, played = {}, {}
    engines = set()
    for source in sources("conquian"):
        rules = VARIANTS[source]
        same = next((s for s in conquian if VARIANTS[s] == rules), None)
        if same is not None:  # an identical rule set (the Dutch and French pages): the same cells
            conquian[source] = {**conquian[same], "same_as": same, "rules": str(rules)}
            continue
        rows = cells(source)
        for row in rows:
            if "rules" in row:
                key = row["rules"]
                if key not in played:
                    played[key], used = _play(key, deals, seed, engine)
                    engines.add(used)
                row["figures"] = played[key]
            if progress:
                progress(f"{source}: {row['axis'] or 'as declared'} {row['value'] or ''}".strip())
        conquian[source] = {"rules": str(rules), "cells": rows}
    romme = {}
    for source in sources("romme"):
        lo, hi = game_of(VARIANTS[source]).players
        by_players = {}
        for p in range(max(lo, VARIANTS[source].min_players), min(hi, VARIANTS[source].max_players) + 1):
            by_players[str(p)], used = _play(source, romme_deals, seed, "python", p)
            engines.add(used)
            if progress:
                progress(f"{source}: {p} players")
        romme[source] = {"rules": str(VARIANTS[source]), "players": by_players}
    return {"schema": SCHEMA, "version": __version__, "seed": seed, "deals": deals, "romme_deals": romme_deals,
            "players": "greedy", "engine": engine, "engines_used": sorted(engines),
            "max_decisions": MAX_DECISIONS,
            "made": datetime.date.today().isoformat(), "seconds": round(time.time() - started),
            "not_in_play": dict(kernel.NOT_IN_PLAY),
            "conquian": conquian, "romme": romme}


def main(argv: "list[str] | None" = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m conquian.statistics", description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=100_000, help="deals per Conquian cell (default 100,000)")
    parser.add_argument("--romme-deals", type=int, default=4_000, help="deals per Rommé cell (Python engine)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--engine", default="auto", choices=["auto", "native", "python"])
    parser.add_argument("--out", type=Path, default=Path("docs/_data/statistics.json"))
    args = parser.parse_args(argv)
    if args.deals < 1 or args.romme_deals < 1:
        raise SystemExit("statistics: --deals and --romme-deals must be at least 1")
    try:
        data = compute(args.deals, args.romme_deals, args.seed, args.engine,
                       lambda what: print(what, file=sys.stderr, flush=True))
    except ConquianError as exc:
        raise SystemExit(f"statistics: {exc}") from None
    data["command"] = "python -m conquian.statistics " + " ".join(argv if argv is not None else sys.argv[1:])
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"statistics: {args.out} written in {data['seconds']} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
