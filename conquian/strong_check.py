"""The statistics checked with the strong computer player: each source's rule set as declared, and the rulings whose
switch changes most with greedy players, played again between two strong players.

The statistics (:mod:`conquian.statistics`) come from greedy players, who look one move ahead; a change they find
could be a habit of theirs rather than of the game.  ``make stats-strong`` (``python -m conquian.strong_check``)
reads the greedy figures (``docs/_data/statistics.json``) and, for each Conquian source, plays between two strong
players at the ``normal`` level (:class:`conquian.players.StrongPlayer`, ``normal``):

- the rule set as declared, and
- every switch (or the ``--checks`` with the largest change in the share of deals won), the largest first, the same
  deals compared one by one (``paired``), leaving out those with more than
  :data:`~conquian.statistics.UNFINISHED_LIMIT` of their deals unfinished, and those that give the very same deals.

The strong player's playouts run on the native kernel wherever it plays the position (in pagat's Mexican game, once
the exchange before play is over), so a cell of rules the kernel does not play from the deal costs less than twice
one it does (20 deals: 5.8–6.4 s against 3.6–3.8 s under the Dutch page's rules).

The whole check is hours of work on one machine, so the file is written after every cell (``complete`` false until
the last), and a run carries on from the cells the file already holds (:func:`kept_from`; ``--afresh`` plays them all
again): each source's rules as declared first, then every source's largest switch, then each one's next.

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
>>> [c["rules"] for c in largest(data["conquian"]["s"], 1)]
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
from .games import HOME
from .statistics import UNFINISHED_LIMIT, paired, play_cell, run_here, runner, said, write

__all__ = ["largest", "jobs_for", "compute", "kept_from", "still_played_so", "each_deal", "deals_of",
           "main", "SCHEMA", "LEVEL", "DEALS", "CHECKS", "RECHECKED"]

#: The version of the file's layout; the site refuses another.
SCHEMA = 1
#: The strong player's level in these cells (its name as ``--strategy`` takes it).
LEVEL = "normal"
#: Deals a cell, and switches checked a source, by default (None: every switch :func:`largest` admits).
DEALS, CHECKS = 2_000, None


def _moved(cell: dict) -> float:
    """How far a switch moves the share of deals won, deal by deal (0 where it has no pairs)."""
    p = cell.get("paired")
    return abs(p["won_here_only"] - p["won_there_only"]) / p["deals"] if p and p["deals"] else 0.0


def largest(block: dict, checks: int) -> list[dict]:
    """A source's switched cells (of its block in the greedy figures) that move the share of deals won most, at most
    ``checks``; only those with few deals unfinished, for two players, and not the very
    same deals as the rules as declared."""
    base = next(c for c in block["cells"] if c["axis"] is None and "players" not in c)["figures"]
    fit = [c for c in block["cells"] if c["axis"] is not None and "players" not in c and "figures" in c
           and c["figures"] != base
           and c["figures"]["endings"].get("unfinished", 0) <= UNFINISHED_LIMIT * c["figures"]["deals"]]
    return sorted(fit, key=lambda c: -_moved(c))[:checks]


def jobs_for(greedy: dict, checks: "int | None", deals: int) -> dict:
    """Source -> its cells to play (the rule set as declared first), each ``{"axis", "value", "with", "rules",
    "job"}``, from the greedy figures: every source of the home game, each identical rule set once; ``checks``
    switches a source at most (None: every one :func:`largest` admits)."""
    out: dict[str, list] = {}
    for source, block in greedy.get(HOME, {}).items():
        if "same_as" in block:
            continue
        base = next(c for c in block["cells"] if c["axis"] is None and "players" not in c)
        cells = [base] + largest(block, len(block["cells"]) if checks is None else checks)
        out[source] = [{"axis": c["axis"], "value": c.get("value"), "with": c.get("with", {}), "rules": c["rules"],
                        "job": (c["rules"], None, deals, "auto", greedy["seed"], LEVEL)} for c in cells]
    return out


def _order(chosen: dict) -> list:
    """The jobs in the order to play them: every source's rules as declared, then each source's largest switch,
    then each one's next (a run stopped half-way has checked the largest switches of every source)."""
    columns = list(chosen.values())
    return [cells[k]["job"] for k in range(max(map(len, columns), default=0)) for cells in columns if k < len(cells)]


def each_deal(pairs: list) -> str:
    """A cell's deals ``(won, decisions)`` as the file keeps those of a rule set as declared (so that a later run
    compares new switches with them without playing it again): ``"37w 52 41w"``, each deal's decisions and ``w`` if
    it was won."""
    return " ".join(f"{d}{'w' if won else ''}" for won, d in pairs)


def deals_of(text: str, deals: int) -> list:
    """:func:`each_deal` read back; a ConquianError if it is not ``deals`` such deals."""
    out = []
    for token in text.split(" ") if isinstance(text, str) and text else ():
        digits = token[:-1] if token.endswith("w") else token
        if not (digits.isascii() and digits.isdigit() and len(digits) <= 6):
            raise ConquianError(f"each_deal: {token[:12]!r} is not a deal's decisions (then w if won)")
        out.append((token.endswith("w"), int(digits)))
    if len(out) != deals:
        raise ConquianError(f"each_deal: {len(out)} deals, not {deals}")
    return out


def kept_from(before: "dict | None", greedy: dict, deals: int) -> dict:
    """The cells of an earlier run that this one keeps, rules -> row: those of a file made by this version, at this
    level and deal count, from the same greedy seed, for the same rules as declared (so the same deals and play)."""
    if not isinstance(before, dict) or any(before.get(k) != v for k, v in (
            ("schema", SCHEMA), ("version", __version__), ("players", LEVEL), ("deals", deals),
            ("greedy_seed", greedy["seed"]))):
        return {}
    out = {}
    for source, block in before.get(HOME, {}).items():
        theirs = greedy.get(HOME, {}).get(source)
        if isinstance(block, dict) and theirs is not None and block.get("rules") == theirs.get("rules"):
            out.update({c["rules"]: c for c in block.get("cells", ()) if isinstance(c, dict) and "rules" in c})
    return out


#: Deals of a kept rule set as declared played again to see that the player still plays them so.
RECHECKED = 12


def still_played_so(kept: dict, seed: int, deals: int) -> bool:
    """Whether the first :data:`RECHECKED` deals of a rule set as declared among the cells kept (the first that
    keeps its deals) are played again the same: a player changed since (the same version number, other choices)
    would otherwise leave cells of two players in one file.  True when no cell keeps its deals (nothing to pair)."""
    row = next((r for r in kept.values() if r.get("axis", "") is None and "each_deal" in r), None)
    if row is None:
        return True
    n = min(RECHECKED, deals)
    _figures, pairs, _engine = play_cell((row["rules"], None, n, "auto", seed, LEVEL))
    return pairs == deals_of(row["each_deal"], deals)[:n]


def compute(greedy: dict, checks: "int | None", deals: int, run=run_here, progress=None,
            before: "dict | None" = None, save=None) -> dict:
    """The file's content: every chosen cell played by ``run`` (see :mod:`conquian.statistics`), each switch compared
    deal by deal with its rule set as declared.  Cells of an earlier run (``before``, see :func:`kept_from`) are kept,
    not played again; ``save(data)``, if given, receives the content so far each time a cell is played (``complete``
    false until the last), so that a run stopped half-way is carried on by the next."""
    started = time.time()
    chosen = jobs_for(greedy, checks, deals)
    kept = kept_from(before, greedy, deals)
    if kept and not still_played_so(kept, greedy["seed"], deals):
        if progress:
            progress("strong_check: the cells kept were played otherwise (the player changed since): all played again")
        kept = {}
    rows: dict = {}  # rules -> the row as the file keeps it
    for cells in chosen.values():
        for c in cells:
            row = kept.get(c["rules"])
            if row is not None and "figures" in row and (c["axis"] is None or "paired" in row):
                rows[c["rules"]] = row  # a rule set as declared without its deals: shown until it is played again
    cell_of = {c["rules"]: c for cells in chosen.values() for c in cells}
    base_of = {c["rules"]: cells[0] for cells in chosen.values() for c in cells[1:]}
    waiting: dict = {}  # a switch played before its rule set as declared: rules -> (figures, pairs)
    earlier = before.get("seconds", 0) if kept else 0

    def content() -> dict:
        block = {source: {"rules": greedy[HOME][source]["rules"],
                          "cells": [rows[c["rules"]] for c in cells if c["rules"] in rows]}
                 for source, cells in chosen.items() if cells[0]["rules"] in rows}  # a source once its base is in
        planned = sum(len(cells) for cells in chosen.values())
        done = sum(1 for rules, row in rows.items() if rules in base_of or "each_deal" in row)
        return {"schema": SCHEMA, "version": __version__, "players": LEVEL, "deals": deals,
                "checks": "all" if checks is None else checks, "planned": planned, "played": done,
                "complete": done == planned, "seed": greedy["seed"], "greedy_made": greedy["made"],
                "greedy_seed": greedy["seed"], "made": datetime.date.today().isoformat(),
                "seconds": round(earlier + time.time() - started), HOME: block}

    def settle(rules: str, figures: dict, pairs: list) -> None:
        c = cell_of[rules]
        row = {k: v for k, v in c.items() if k != "job"} | {"figures": figures}
        if c["axis"] is None:
            rows[rules] = row | {"each_deal": each_deal(pairs)}
            for other, (f, p) in list(waiting.items()):
                if base_of[other]["rules"] == rules:
                    del waiting[other]
                    settle(other, f, p)
            return
        base = rows.get(base_of[rules]["rules"])
        if base is None or "each_deal" not in base:
            waiting[rules] = (figures, pairs)
            return
        rows[rules] = row | {"paired": paired(pairs, deals_of(base["each_deal"], deals))}

    # every cell not kept, and each rule set as declared kept without its deals (played again: new switches pair)
    jobs = [job for job in _order(chosen)
            if job[0] not in rows or (job[0] not in base_of and "each_deal" not in rows[job[0]])]

    def each(i: int, result: tuple) -> None:
        figures, pairs, _engine = result
        settle(jobs[i][0], figures, pairs)
        if save:
            save(content())

    run(jobs, progress, each)
    return content()


def _checks(text: str) -> "int | None":
    """``--checks``: ``all`` (None) or a whole number of switches a source."""
    if text == "all":
        return None
    if not (text.isascii() and text.isdigit() and len(text) <= 6):
        raise argparse.ArgumentTypeError(f"{text[:20]!r}: all, or a whole number at least 0")
    return int(text)


def _earlier(out: Path) -> "dict | None":
    """The file an earlier run left, to carry on from (None if there is none); one that cannot be read stops."""
    if not out.exists():
        return None
    try:
        return json.loads(out.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise SystemExit(f"strong_check: {out}: {exc} (remove it, or run with --afresh)") from None


def main(argv: "list[str] | None" = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m conquian.strong_check", description=__doc__.split("\n\n")[0])
    parser.add_argument("--greedy", type=Path, default=Path("docs/_data/statistics.json"),
                        help="the greedy figures to check (made by make stats)")
    parser.add_argument("--checks", type=_checks, default=CHECKS,
                        help="switches checked a source, the largest first, or all (the default)")
    parser.add_argument("--deals", type=int, default=DEALS, help=f"deals a cell (default {DEALS:,})")
    parser.add_argument("--out", type=Path, default=Path("docs/_data/statistics-strong.json"))
    parser.add_argument("--afresh", action="store_true",
                        help="play every cell again (by default the cells --out already holds, played by this version "
                             "with these figures, are kept: a run stopped half-way goes on where it stopped)")
    parser.add_argument("--processes", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--scheduler", default="", help="a Dask scheduler's address (tcp://host:port)")
    args = parser.parse_args(argv)
    if args.deals < 1 or args.processes < 1:
        raise SystemExit("strong_check: --deals and --processes must be at least 1")
    try:
        greedy = json.loads(args.greedy.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise SystemExit(f"strong_check: {args.greedy}: {exc}") from None
    if not isinstance(greedy, dict) or not all(k in greedy for k in ("seed", "made", HOME)):
        raise SystemExit(f"strong_check: {args.greedy}: not the statistics' data file (no seed, made or {HOME})")
    before = None if args.afresh else _earlier(args.out)

    def save(data: dict) -> None:  # after every cell: a run stopped half-way loses at most the cells being played
        write(data, args.out, "strong_check", argv, quiet=True)
        said(f"strong_check: {data['played']} of {data['planned']} cells in {args.out}")

    try:
        data = compute(greedy, args.checks, args.deals, runner(args.processes, args.scheduler), said,
                       before=before, save=save)
    except ConquianError as exc:
        raise SystemExit(f"strong_check: {exc}") from None
    write(data, args.out, "strong_check", argv)
    return 0


if __name__ == "__main__":
    sys.exit(main())
