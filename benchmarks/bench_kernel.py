"""The native kernel against the Python engine, and ``conquian simulate`` against RLCard's gin rummy, in one run.

1. Whole deals per second on each engine, per Conquian source, with random players and with greedy players: both
   engines play from the same seed (so the same deals: the benchmark checks that the kernel's first deals are the
   Python engine's), repeats alternate between them so that this machine's drift falls on both alike, and the ratio
   is the median of the per-repeat ratios.
2. Games per second of ``conquian simulate`` (the Simulation behind the command, random players, native engine where
   built) against RLCard's gin rummy with its random agents (``pip install '.[bench]'``), alternating likewise.

    python benchmarks/bench_kernel.py [--repeat R] [--json]
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from conquian.games.conquian import kernel  # noqa: E402
from conquian.registry import sources  # noqa: E402
from conquian.simulation import Simulation  # noqa: E402

#: Deals per repeat: (Python engine, kernel), chosen so that each side runs for about a second.
DEALS = {"random": (600, 60_000), "greedy": (200, 40_000)}


def rate(source: str, strategy: str, engine: str, deals: int, seed: int) -> tuple[float, int]:
    sim = Simulation(source, seed, strategy=strategy, engine=engine)
    # Every run starts cold, as the kernel does: the Python engine's meld table keeps memos (shared by rule sets with
    # the same melds, so the Dutch run would warm the French one).
    sim.rules.table.hand_memo.clear()
    sim.rules.table.lay_memo.clear()
    start = time.perf_counter()
    sim.play(deals)
    return deals / (time.perf_counter() - start), sim.tally.decisions


def same_deals(source: str, strategy: str, deals: int, seed: int) -> bool:
    a = Simulation(source, seed, strategy=strategy, engine="python").play(deals, keep=True)
    b = Simulation(source, seed, strategy=strategy, engine="native").play(deals, keep=True)
    return a == b


def engines(repeat: int) -> list[dict]:
    rows = []
    for source in sources("conquian"):
        for strategy, (n_py, n_nat) in DEALS.items():
            if not same_deals(source, strategy, 50, 1):
                raise SystemExit(f"bench_kernel: the engines play different deals for {source} ({strategy})")
            py, nat, ratios = [], [], []
            for r in range(repeat):
                a, _ = rate(source, strategy, "python", n_py, r)
                b, _ = rate(source, strategy, "native", n_nat, r)
                py.append(a), nat.append(b), ratios.append(b / a)
            rows.append({"source": source, "strategy": strategy, "python": round(statistics.median(py)),
                         "native": round(statistics.median(nat)), "ratio": round(statistics.median(ratios), 1)})
    return rows


def rlcard_rate(seconds: float) -> "float | None":
    try:
        import rlcard
        from rlcard.agents import RandomAgent
    except ImportError:
        return None
    env = rlcard.make("gin-rummy", config={"seed": 0})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    start, n = time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        env.run(is_training=False)
        n += 1
    return n / (time.perf_counter() - start)


def against_rlcard(repeat: int) -> "dict | None":
    ours, theirs, ratios = [], [], []
    for r in range(repeat):
        b = rlcard_rate(1.0)
        if b is None:
            return None
        a, _ = rate("foster-1913", "random", "auto", DEALS["random"][1], r)
        ours.append(a), theirs.append(b), ratios.append(a / b)
    return {"conquian_simulate": round(statistics.median(ours)), "rlcard_gin_rummy": round(statistics.median(theirs)),
            "ratio": round(statistics.median(ratios), 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if not kernel.available():
        raise SystemExit(f"bench_kernel: {kernel.why_not(None, ['random'])}")
    rows = engines(args.repeat)
    rl = against_rlcard(args.repeat)
    result = {"machine": platform.machine(), "python": platform.python_version(), "engines": rows, "rlcard": rl}
    if args.json:
        print(json.dumps(result, indent=1))
        return
    print(f"{'source':<13} {'players':<8} {'python deals/s':>15} {'native deals/s':>15} {'ratio':>7}")
    for r in rows:
        print(f"{r['source']:<13} {r['strategy']:<8} {r['python']:>15,} {r['native']:>15,} {r['ratio']:>6.1f}×")
    print(f"lowest ratio: {min(r['ratio'] for r in rows):.1f}× (median of {args.repeat} alternating repeats each)")
    if rl is None:
        print("RLCard is not installed: pip install '.[bench]' to compare with its gin rummy")
    else:
        print(f"conquian simulate {rl['conquian_simulate']:,} games/s, RLCard gin rummy {rl['rlcard_gin_rummy']:,} "
              f"games/s (random players): {rl['ratio']:.0f}×")


if __name__ == "__main__":
    main()
