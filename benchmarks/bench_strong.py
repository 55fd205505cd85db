"""The strong computer player against the greedy one and the random one, per source, from both seats; and how long
one of its decisions takes.

Each deal is played twice, with the strong player in each seat of a game of two (the same seeds on both sides,
so the comparison is paired); the share of the won deals that the strong player won is given with a Wilson 95 %
interval.  A decision's time is measured where the strong player has more than one legal action (a lone action is
played at once), in CPython, as the median and the 90th percentile; beside it, the greedy player's median on the
same kind of decision, in the same run (this machine's speed drifts: the ratio is what holds).  The deals are
shared out over the processes given.

    python benchmarks/bench_strong.py [--deals N] [--level normal|strong] [--against greedy|random]
                                      [--reads passes|moves] [--sources a,b] [--processes P] [--json]
                                      [--games FILE]

``--games FILE`` writes each game to FILE (a JSON line) as soon as it ends and, run again, carries on: the games
the file holds for the same rules, seed, seat, level, opponent and reading are not played again but counted.  A
long run stopped (or killed) keeps what it played.

The issue's aims: at least 65 % of the won deals against greedy under every Conquian source and 60 % in Rommé
for two, at least 95 % against random; a decision at the normal level in at most 50 ms (median).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from conquian.games import game_of  # noqa: E402
from conquian.montecarlo import READS  # noqa: E402
from conquian.players import GreedyPlayer, RandomPlayer, StrongPlayer  # noqa: E402
from conquian.registry import parse_rules  # noqa: E402

SOURCES = ("foster-1913", "rummy-ch", "dutch", "french", "pagat-mexican", "pagat-north-american", "romme-spielwiki")


def wilson(k: int, n: int) -> tuple:
    if n == 0:
        return (0.0, 0.0)
    z, p = 1.96, k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def one(job: tuple) -> dict:
    """One deal: (rules, seed, the strong player's seat, level, the opponent's name[, what it reads])."""
    rules, seed, seat, level, against, *reads = job
    r = parse_rules(rules)
    g = game_of(r).new_deal(r, 2, seed=seed)
    strong = StrongPlayer(level, seed=0, reads=reads[0] if reads else None)
    other = GreedyPlayer() if against == "greedy" else RandomPlayer(random.Random(seed))
    mine, theirs = [], []
    for _ in range(2000):
        if g.is_over:
            break
        actor = int(g.to_act)
        many = len(g.legal_actions()) > 1
        t = time.perf_counter()
        a = strong.choose(g) if actor == seat else other.choose(g)
        took = time.perf_counter() - t
        if many:
            (mine if actor == seat else theirs).append(took)
        g.play(a)
    w = g.outcome.winner if g.is_over else None
    return {"job": list(job), "rules": rules, "seat": seat, "won": w is not None and int(w) == seat,
            "lost": w is not None and int(w) != seat, "mine": mine, "theirs": theirs}


def _kept(path: Path, wanted: set) -> dict:
    """The games ``path`` holds (JSON lines), by their job, of the jobs ``wanted``; a line cut short by a run killed
    while writing it (the last, or one a later run wrote after) is left out, any other line that is not a game stops
    the run, naming it."""
    kept = {}
    if not path.exists():
        return kept
    lines = path.read_text(encoding="utf-8").splitlines()
    for n, line in enumerate(lines, 1):
        try:
            r = json.loads(line)
        except json.JSONDecodeError:
            r = None
        if not (isinstance(r, dict) and isinstance(r.get("job"), list) and {"won", "lost", "mine"} <= r.keys()):
            if line.startswith('{"job": [') and not line.endswith("}"):
                continue  # cut short
            raise SystemExit(f"bench_strong: {path}:{n}: not a game this benchmark wrote: {line[:60]!r}")
        job = tuple(r["job"])
        if job in wanted:
            kept[job] = r
    return kept


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=50, help="deals per source (each played from both seats)")
    ap.add_argument("--level", default="normal", choices=("normal", "strong"))
    ap.add_argument("--against", default="greedy", choices=("greedy", "random"))
    ap.add_argument("--sources", default=",".join(SOURCES))
    ap.add_argument("--processes", type=int, default=2)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--reads", default=None, choices=READS,
                    help="what the strong player reads in its opponent's moves (default: its level's)")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--games", type=Path, default=None, help="a file of the games played (JSON lines), carried on")
    a = ap.parse_args(argv)
    sources = [s.strip() for s in a.sources.split(",") if s.strip()]
    jobs = [(s, a.seed + d, seat, a.level, a.against, a.reads) for s in sources for d in range(a.deals)
            for seat in (0, 1)]
    kept = _kept(a.games, set(jobs)) if a.games else {}
    started = time.perf_counter()
    results = [kept[j] for j in jobs if j in kept]
    with Pool(a.processes) as pool, open(a.games or os.devnull, "a", encoding="utf-8") as log:
        if a.games and a.games.stat().st_size and not a.games.read_bytes().endswith(b"\n"):
            log.write("\n")  # after a line cut short, the next game starts a line of its own
        for r in pool.imap_unordered(one, [j for j in jobs if j not in kept], chunksize=1):
            results.append(r)
            log.write(json.dumps(r) + "\n")
            log.flush()
    out = {"level": a.level, "reads": a.reads, "against": a.against, "deals_per_source": a.deals, "seed": a.seed,
           "seconds": round(time.perf_counter() - started, 1), "games_kept": len(kept), "sources": {}}
    for s in sources:
        rs = [r for r in results if r["rules"] == s]
        won, lost = sum(r["won"] for r in rs), sum(r["lost"] for r in rs)
        low, high = wilson(won, won + lost)
        mine = [t for r in rs for t in r["mine"]]
        theirs = [t for r in rs for t in r["theirs"]]
        by_seat = {seat: sum(r["won"] for r in rs if r["seat"] == seat) for seat in (0, 1)}
        out["sources"][s] = {
            "games": len(rs), "won": won, "lost": lost, "neither": len(rs) - won - lost,
            "share_of_won": round(won / max(1, won + lost), 3), "interval": [round(low, 3), round(high, 3)],
            "won_as_seat": by_seat,
            "decision_ms_median": round(1000 * statistics.median(mine), 1) if mine else None,
            "decision_ms_p90": round(1000 * sorted(mine)[int(0.9 * len(mine))], 1) if mine else None,
            "opponent_ms_median": round(1000 * statistics.median(theirs), 2) if theirs else None,
            "decisions": len(mine)}
    if a.json:
        print(json.dumps(out, indent=2))
        return 0
    print(f"strong ({a.level}) against {a.against}: {a.deals} deals per source, each from both seats, seed {a.seed}; "
          f"{out['seconds']} s on {a.processes} processes" + (f"; {len(kept)} games kept from {a.games}" if kept else ""))
    print(f"{'source':22} {'won':>5} {'lost':>5} {'none':>5} {'share of won (95 %)':>22}  decision ms (median, p90; "
          f"{a.against})")
    for s, f in out["sources"].items():
        iv = f"{100 * f['share_of_won']:.1f} % ({100 * f['interval'][0]:.0f}–{100 * f['interval'][1]:.0f})"
        print(f"{s:22} {f['won']:5} {f['lost']:5} {f['neither']:5} {iv:>22}  {f['decision_ms_median']}, "
              f"{f['decision_ms_p90']}; {f['opponent_ms_median']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
