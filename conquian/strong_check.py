"""The statistics checked with the strong computer player: each source's rule set as declared, and the rulings whose
switch changes most with greedy players, played again between two strong players.

The statistics (:mod:`conquian.statistics`) come from greedy players, who look one move ahead; a change they find
could be a habit of theirs rather than of the game.  ``make stats-strong`` (``python -m conquian.strong_check``)
reads the greedy figures (``docs/_data/statistics.json``) and, for each Conquian source whose rules the native kernel
plays (the strong player's playouts run there; elsewhere a decision costs some tens of times more), plays between
two strong players at the ``normal`` level (:class:`conquian.players.StrongPlayer`, ``normal``):

- the rule set as declared, and
- the ``--checks`` switches with the largest change in the share of deals won, the same deals compared one by one
  (``paired``), leaving out the switches the kernel does not play, those with more than
  :data:`~conquian.statistics.UNFINISHED_LIMIT` of their deals unfinished, and those that give the very same deals.

Each cell is played from the same seed as the greedy figures and with :func:`conquian.statistics.play_cell`, so it is
compared deal by deal with its own rule set as declared, and is the same whichever process or cluster plays it
(``--processes``, ``--scheduler``).  The file (``docs/_data/statistics-strong.json``) names the greedy figures it
checked (their date and seed); the site refuses a check of another seed's figures or of other rules.

>>> from conquian.strong_check import largest
>>> data = {"conquian": {"s": {"rules": "s", "cells": [
...     {"axis": None, "rules": "s", "figures": {"deals": 10, "wins": 5, "endings": {"win": 5, "tableau": 5}}},
...     {"axis": "a", "rules": "s(a=1)", "figures": {"deals": 10, "wins": 9, "endings": {"win": 9, "tableau": 1}},
...      "paired": {"deals": 10, "won_here_only": 4, "won_there_only": 0}},
...     {"axis": "b", "rules": "s(b=1)", "figures": {"deals": 10, "wins": 4, "endings": {"win": 4, "tableau": 6}},
...      "paired": {"deals": 10, "won_here_only": 0, "won_there_only": 1}}]}}}
>>> [c["rules"] for c in largest(data["conquian"]["s"], 1, lambda rules: True)]
['s(a=1)']
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import sys
import time
from pathlib import Path

from . import __version__
from .errors import ConquianError
from .games import HOME, game_of
from .registry import parse_rules
from .statistics import UNFINISHED_LIMIT, paired, run_here, runner, said, write

__all__ = ["largest", "kernel_plays", "jobs_for", "compute", "main", "SCHEMA", "LEVEL", "DEALS", "CHECKS"]

#: The version of the file's layout; the site refuses another.
SCHEMA = 1
#: The strong player's level in these cells (its name as ``--strategy`` takes it).
LEVEL = "normal"
#: Deals a cell, and switches checked a source, by default.
DEALS, CHECKS = 2_000, 2


def _moved(cell: dict) -> float:
    """How far a switch moves the share of deals won, deal by deal (0 where it has no pairs)."""
    p = cell.get("paired")
    return abs(p["won_here_only"] - p["won_there_only"]) / p["deals"] if p and p["deals"] else 0.0


def largest(block: dict, checks: int, playable) -> list[dict]:
    """A source's switched cells (of its block in the greedy figures) that move the share of deals won most, at most
    ``checks``; only those ``playable(rules)`` accepts, with few deals unfinished, for two players, and not the very
    same deals as the rules as declared."""
    base = next(c for c in block["cells"] if c["axis"] is None and "players" not in c)["figures"]
    fit = [c for c in block["cells"] if c["axis"] is not None and "players" not in c and "figures" in c
           and c["figures"] != base and playable(c["rules"])
           and c["figures"]["endings"].get("unfinished", 0) <= UNFINISHED_LIMIT * c["figures"]["deals"]]
    return sorted(fit, key=lambda c: -_moved(c))[:checks]


def kernel_plays(rules: str) -> bool:
    """Whether the native kernel plays these rules (so the strong player's playouts run there)."""
    r = parse_rules(rules)
    kernel = game_of(r).kernel
    return kernel is not None and kernel.available() and not kernel.plays(r)


def jobs_for(greedy: dict, checks: int, deals: int, playable=kernel_plays) -> dict:
    """Source -> its cells to play (the rule set as declared first), each ``{"axis", "value", "with", "rules",
    "job"}``, from the greedy figures: the sources of the home game whose declared rules ``playable`` accepts,
    each identical rule set once."""
    out: dict[str, list] = {}
    for source, block in greedy.get(HOME, {}).items():
        if "same_as" in block or not playable(block["rules"]):
            continue
        base = next(c for c in block["cells"] if c["axis"] is None and "players" not in c)
        cells = [base] + largest(block, checks, playable)
        out[source] = [{"axis": c["axis"], "value": c.get("value"), "with": c.get("with", {}), "rules": c["rules"],
                        "job": (c["rules"], None, deals, "auto", greedy["seed"], LEVEL)} for c in cells]
    return out


def compute(greedy: dict, checks: int, deals: int, run=run_here, progress=None, playable=kernel_plays) -> dict:
    """The file's content: every chosen cell played by ``run`` (see :mod:`conquian.statistics`), each switch compared
    deal by deal with its rule set as declared."""
    started = time.time()
    chosen = jobs_for(greedy, checks, deals, playable)
    jobs = [c["job"] for cells in chosen.values() for c in cells]
    played = dict(zip(jobs, run(jobs, progress)))
    block = {}
    for source, cells in chosen.items():
        base = played[cells[0]["job"]]
        rows = []
        for c in cells:
            figures, pairs, _engine = played[c["job"]]
            row = {k: v for k, v in c.items() if k != "job"} | {"figures": figures}
            if c["axis"] is not None:
                row["paired"] = paired(pairs, base[1])
            rows.append(row)
        block[source] = {"rules": greedy[HOME][source]["rules"], "cells": rows}
    return {"schema": SCHEMA, "version": __version__, "players": LEVEL, "deals": deals, "checks": checks,
            "seed": greedy["seed"], "greedy_made": greedy["made"], "greedy_seed": greedy["seed"],
            "made": datetime.date.today().isoformat(), "seconds": round(time.time() - started), HOME: block}


def main(argv: "list[str] | None" = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m conquian.strong_check", description=__doc__.split("\n\n")[0])
    parser.add_argument("--greedy", type=Path, default=Path("docs/_data/statistics.json"),
                        help="the greedy figures to check (made by make stats)")
    parser.add_argument("--checks", type=int, default=CHECKS, help=f"switches checked a source (default {CHECKS})")
    parser.add_argument("--deals", type=int, default=DEALS, help=f"deals a cell (default {DEALS:,})")
    parser.add_argument("--out", type=Path, default=Path("docs/_data/statistics-strong.json"))
    parser.add_argument("--processes", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--scheduler", default="", help="a Dask scheduler's address (tcp://host:port)")
    args = parser.parse_args(argv)
    if args.checks < 0 or args.deals < 1 or args.processes < 1:
        raise SystemExit("strong_check: --checks must be at least 0, --deals and --processes at least 1")
    try:
        greedy = json.loads(args.greedy.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise SystemExit(f"strong_check: {args.greedy}: {exc}") from None
    if not isinstance(greedy, dict) or not all(k in greedy for k in ("seed", "made", HOME)):
        raise SystemExit(f"strong_check: {args.greedy}: not the statistics' data file (no seed, made or {HOME})")
    try:
        data = compute(greedy, args.checks, args.deals, runner(args.processes, args.scheduler), said)
    except ConquianError as exc:
        raise SystemExit(f"strong_check: {exc}") from None
    write(data, args.out, "strong_check", argv)
    return 0


if __name__ == "__main__":
    sys.exit(main())
