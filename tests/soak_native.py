"""The soak at scale, on the native kernel: a million deals per declared source and many over derived rule sets.

The kernel plays in its checked mode (each state's invariants verified in C: every card in one place, melds valid,
cards down the union of the melds, a winner with the cards down), random players and greedy players alternating by
chunk.  Two checks from outside the kernel: every ``--check-every``-th deal's final position is set up in the Python
engine (``Game.from_snapshot``, whose own check refuses impossible positions) and judged by the independent checker
of tests/support.py; and the first deals of every chunk are played again by the Python engine, which must give the
same outcomes and final positions.

    python tests/soak_native.py [--deals N] [--derived M] [--derived-deals K] [--seed S]
    make soak-native SOAK="--deals 1000000"

Not collected by pytest; exit status 1 if anything broke.  The slower soak of the Python engine itself, with round
trips at every position, is tests/soak.py.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from conquian import VARIANTS, Game  # noqa: E402
from conquian.games.conquian import kernel  # noqa: E402
from conquian.simulation import Simulation  # noqa: E402
from soak import derived_rule_sets  # noqa: E402
from support import CONQUIAN, check_invariants  # noqa: E402

CHUNK = 20_000
COMPARED = 20  # deals of each chunk played again by the Python engine


def soak(rules, deals: int, seed: int, check_every: int) -> dict:
    rng = random.Random(seed)
    done = decisions = checked = compared = wins = 0
    start = time.perf_counter()
    while done < deals:
        n = min(CHUNK, deals - done)
        strategy = ["random", "random"] if (done // CHUNK) % 2 == 0 else ["greedy", "greedy"]
        before = rng.getstate()
        results = kernel.play(rules, strategy, rng, n, final=True, check=True)
        for i, r in enumerate(results):
            decisions += r.decisions
            wins += r.winner is not None
            if i % check_every == 0:
                check_invariants(Game.from_snapshot(r.final))
                checked += 1
        sim = Simulation(str(rules), 0, strategy=",".join(strategy), engine="python")
        sim.rng.setstate(before)  # the same generator object the random players draw from
        python = sim.play(min(COMPARED, n), keep=True, final=True)
        if python != results[:len(python)]:
            raise AssertionError(f"{rules}: the Python engine plays chunk {done // CHUNK} differently")
        compared += len(python)
        done += n
    return {"rules": str(rules), "deals": done, "decisions": decisions, "wins": wins, "checked": checked,
            "compared": compared, "seconds": round(time.perf_counter() - start, 1)}


def main(argv: "list[str] | None" = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=1_000_000, help="deals per declared source (default 10⁶)")
    parser.add_argument("--derived", type=int, default=40, help="derived rule sets (default 40)")
    parser.add_argument("--derived-deals", type=int, default=50_000, help="deals per derived rule set")
    parser.add_argument("--check-every", type=int, default=50, help="every Nth final position checked from outside")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    if not kernel.available():
        print(f"soak_native: {kernel.why_not(VARIANTS['foster-1913'], ['random'])}", file=sys.stderr)
        return 2
    rows, broken = [], 0
    jobs = [(VARIANTS[s], args.deals) for s in CONQUIAN]
    jobs += [(r, args.derived_deals) for r in derived_rule_sets(args.derived, args.seed)]
    for i, (rules, deals) in enumerate(jobs):
        try:
            row = soak(rules, deals, args.seed + i, max(1, args.check_every))
        except (AssertionError, RuntimeError) as exc:
            broken += 1
            print(f"BROKEN {rules}: {exc}", flush=True)
            continue
        rows.append(row)
        print(f"{row['rules']}: {row['deals']:,} deals, {row['decisions']:,} decisions, {row['checked']:,} final "
              f"positions checked, {row['compared']} compared with Python, {row['seconds']} s", flush=True)
    total = sum(r["deals"] for r in rows)
    print(f"soak_native: {total:,} deals under {len(rows)} rule sets, {broken} broken")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
