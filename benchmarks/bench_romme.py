"""Random-legal-play throughput of the Rommé engine: deals/s and decisions/s for 2 and 4 players (and any others).

Plays whole deals between players who pick uniformly among ``legal_actions()`` and applies each choice with
``play()`` (the public API, as a library user would), under the Spielwiki rules.  Each player count is run
``--repeat`` times on the same seeds; the figures are the median of the repeats, with their range, since this
virtual machine's speed wanders over minutes.

    python benchmarks/bench_romme.py [--players 2 4] [--deals N] [--repeat R] [--json]
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from conquian import RommeGame, parse_rules  # noqa: E402


def run(rules, players: int, deals: int, seed: str) -> tuple[int, int, float]:
    """Deals played, decisions made and seconds taken, the same deals for the same seed."""
    rng = random.Random(seed)
    choice = rng.choice
    decisions = 0
    start = time.perf_counter()
    for _ in range(deals):
        g = RommeGame(rules, players, seed=rng.getrandbits(64))
        while not g.is_over:
            g.play(choice(g.legal_actions()))
        decisions += g.decisions
    return deals, decisions, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4], help="player counts (default 2 4)")
    parser.add_argument("--deals", type=int, default=300, help="deals per player count and repeat (default 300)")
    parser.add_argument("--repeat", type=int, default=5, help="repeats (default 5)")
    parser.add_argument("--variant", default="romme-spielwiki")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rules = parse_rules(args.variant)
    rows = []
    for n in args.players:
        deals_s, decisions_s = [], []
        for r in range(args.repeat):
            deals, decisions, seconds = run(rules, n, args.deals, f"romme-{n}")
            deals_s.append(deals / seconds)
            decisions_s.append(decisions / seconds)
        rows.append({"players": n, "deals_per_s": round(statistics.median(deals_s), 1),
                     "deals_per_s_range": [round(min(deals_s), 1), round(max(deals_s), 1)],
                     "decisions_per_s": round(statistics.median(decisions_s)),
                     "decisions_per_s_range": [round(min(decisions_s)), round(max(decisions_s))],
                     "decisions_per_deal": round(decisions / deals, 1)})
    meta = {"python": platform.python_version(), "variant": str(rules), "deals": args.deals, "repeat": args.repeat}
    if args.json:
        print(json.dumps({"meta": meta, "rows": rows}))
        return
    print(f"{meta['variant']}: {args.deals} deals per player count, {args.repeat} repeats (median, range), "
          f"Python {meta['python']}")
    print()
    print("| players | deals/s | range | decisions/s | range | decisions per deal |")
    print("|---:|---:|---:|---:|---:|---:|")
    for r in rows:
        print(f"| {r['players']} | {r['deals_per_s']:,} | {r['deals_per_s_range'][0]:,}–{r['deals_per_s_range'][1]:,} | "
              f"{r['decisions_per_s']:,} | {r['decisions_per_s_range'][0]:,}–{r['decisions_per_s_range'][1]:,} | "
              f"{r['decisions_per_deal']} |")


if __name__ == "__main__":
    main()
