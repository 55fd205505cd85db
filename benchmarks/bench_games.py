"""Random-legal-play throughput of the engine, per source, in one process.

Plays whole deals between two players who pick uniformly among ``legal_actions()`` and applies each
choice with ``play()`` (the public API, as a library user would).  Reports games/s and player
decisions/s for each source, and their ratio to the targets of the engine issue (40,000 decisions/s,
2,000 games/s) and to the pure-Python reference quoted there (RLCard's gin rummy, ~20,000 decisions/s).

    python benchmarks/bench_games.py [--games N] [--repeat R] [--json]

Each figure is the median of R repeats, with the slowest and fastest repeat beside it: on a shared
virtual machine the same work can take ±20% longer from one minute to the next.  To show how fast the
machine was at the time, each repeat also times a fixed pure-Python loop (3 million additions), and
the report gives the engine's rate per loop run as well: a ratio that varies less with the machine.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time

from conquian import VARIANTS, Game

TARGET_DECISIONS, TARGET_GAMES, RLCARD_DECISIONS = 40_000, 2_000, 20_000


def run(rules, games: int, seed: str) -> tuple[int, float]:
    rules.table.hand_memo.clear(), rules.table.lay_memo.clear()  # start cold: identical rule sets share a table, and repeats must not replay a warm cache
    rng = random.Random(seed)
    choice = rng.choice
    decisions = 0
    start = time.perf_counter()
    for _ in range(games):
        g = Game(rules, seed=rng.getrandbits(64))
        while not g.is_over:
            g.play(choice(g.legal_actions()))
        decisions += g.decisions
    return decisions, time.perf_counter() - start


def calibration() -> float:
    """Seconds for a fixed pure-Python loop: how fast this machine runs Python right now."""
    start = time.perf_counter()
    s = 0
    for i in range(3_000_000):
        s += i & 7
    return time.perf_counter() - start


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=3000)
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    rows = []
    for source, rules in VARIANTS.items():
        runs = []
        for r in range(args.repeat):
            loop = calibration()
            decisions, seconds = run(rules, args.games, seed=f"{source}/{r}")
            runs.append((decisions / seconds, args.games / seconds, loop, decisions))
        dps = statistics.median(x[0] for x in runs)
        gps = statistics.median(x[1] for x in runs)
        loop = statistics.median(x[2] for x in runs)
        decisions = statistics.median(x[3] for x in runs)
        rows.append({"source": source, "games": args.games, "repeats": args.repeat,
                     "games_per_s": round(gps), "games_per_s_range": [round(min(x[1] for x in runs)), round(max(x[1] for x in runs))],
                     "decisions_per_s": round(dps),
                     "decisions_per_s_range": [round(min(x[0] for x in runs)), round(max(x[0] for x in runs))],
                     "decisions_per_game": round(decisions / args.games, 1),
                     "calibration_loop_s": round(loop, 3),
                     "decisions_per_loop": round(statistics.median(x[0] * x[2] for x in runs)),
                     "vs_target_decisions": round(dps / TARGET_DECISIONS, 2), "vs_target_games": round(gps / TARGET_GAMES, 2),
                     "vs_rlcard_decisions": round(dps / RLCARD_DECISIONS, 2)})
    if args.json:
        print(json.dumps({"python": platform.python_version(), "machine": platform.machine(), "rows": rows}, indent=1))
        return 0
    print(f"Python {platform.python_version()} on {platform.machine()}, {args.games} games per source, "
          f"median of {args.repeat} (slowest–fastest)")
    print(f"{'source':<12} {'games/s':>20} {'decisions/s':>24} {'dec/game':>9} {'×40k dec':>9} {'×2k games':>10} "
          f"{'×RLCard':>8} {'loop s':>7} {'dec/loop':>9}")
    for r in rows:
        g, d = r["games_per_s_range"], r["decisions_per_s_range"]
        print(f"{r['source']:<12} {r['games_per_s']:>7,} ({g[0]:,}–{g[1]:,}) {r['decisions_per_s']:>9,} ({d[0]:,}–{d[1]:,}) "
              f"{r['decisions_per_game']:>9} {r['vs_target_decisions']:>9} {r['vs_target_games']:>10} "
              f"{r['vs_rlcard_decisions']:>8} {r['calibration_loop_s']:>7} {r['decisions_per_loop']:>9,}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
