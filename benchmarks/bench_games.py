"""Random-legal-play throughput of the engine, per source, in one process.

Plays whole deals between two players who pick uniformly among ``legal_actions()`` and applies each
choice with ``play()`` (the public API, as a library user would).  Reports games/s and player
decisions/s for each source, and their ratio to the targets of the engine issue (40,000 decisions/s,
2,000 games/s) and to the pure-Python reference quoted there (RLCard's gin rummy, ~20,000 decisions/s).

    python benchmarks/bench_games.py [--games N] [--repeat R] [--json]

Each figure is the best of R repeats (the least disturbed by other load on the machine).
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time

from conquian import VARIANTS, Game

TARGET_DECISIONS, TARGET_GAMES, RLCARD_DECISIONS = 40_000, 2_000, 20_000


def run(rules, games: int, seed: str) -> tuple[int, float]:
    rules.table.memo.clear()  # start cold: identical rule sets share a table, and repeats must not replay a warm cache
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


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=3000)
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    rows = []
    for source, rules in VARIANTS.items():
        best = None
        for r in range(args.repeat):
            decisions, seconds = run(rules, args.games, seed=f"{source}/{r}")
            rate = decisions / seconds
            if best is None or rate > best[2]:
                best = (decisions, seconds, rate, args.games / seconds)
        decisions, seconds, dps, gps = best
        rows.append({"source": source, "games": args.games, "decisions": decisions, "seconds": round(seconds, 3),
                     "games_per_s": round(gps), "decisions_per_s": round(dps),
                     "decisions_per_game": round(decisions / args.games, 1),
                     "vs_target_decisions": round(dps / TARGET_DECISIONS, 2), "vs_target_games": round(gps / TARGET_GAMES, 2),
                     "vs_rlcard_decisions": round(dps / RLCARD_DECISIONS, 2)})
    if args.json:
        print(json.dumps({"python": platform.python_version(), "machine": platform.machine(), "rows": rows}, indent=1))
        return 0
    print(f"Python {platform.python_version()} on {platform.machine()}, {args.games} games per source, best of {args.repeat}")
    print(f"{'source':<12} {'games/s':>8} {'decisions/s':>12} {'dec/game':>9} {'×40k dec':>9} {'×2k games':>10} {'×RLCard':>8}")
    for r in rows:
        print(f"{r['source']:<12} {r['games_per_s']:>8,} {r['decisions_per_s']:>12,} {r['decisions_per_game']:>9} "
              f"{r['vs_target_decisions']:>9} {r['vs_target_games']:>10} {r['vs_rlcard_decisions']:>8}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
