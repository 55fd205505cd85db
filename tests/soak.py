"""The soak: many random deals per source, each position checked by the independent checker of tests/support.py.

    python tests/soak.py [--games N] [--seed S]      (make soak: 20,000 deals per source)

Not collected by pytest (it takes minutes); its figures go in the README.  Every 50th deal is also replayed from
its record and every position of it printed and parsed back.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from conquian import VARIANTS, Game, RuleSet  # noqa: E402
from support import check_invariants, check_round_trips, play_random  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    total_positions = 0
    for source, rules in ((k, v) for k, v in VARIANTS.items() if isinstance(v, RuleSet)):
        rng = random.Random(f"{args.seed}-{source}")
        start = time.perf_counter()
        positions = wins = ties = replays = 0

        def check(game, actions):
            nonlocal positions
            positions += 1
            check_invariants(game)

        for n in range(args.games):
            deep = n % 50 == 0
            seed = rng.getrandbits(64)
            g = play_random(Game(rules, seed=seed), random.Random(seed),
                            (lambda game, actions: (check(game, actions), check_round_trips(game, actions))) if deep else check)
            check_invariants(g)
            if deep:
                assert Game.from_record(g.record()).record() == g.record()
                replays += 1
            wins += g.outcome.winner is not None
            ties += g.outcome.winner is None
        seconds = time.perf_counter() - start
        total_positions += positions
        print(f"{source:<12} {args.games:,} deals, {positions:,} positions checked, {replays} replayed; "
              f"{wins:,} won, {ties:,} tableaux; {seconds:.0f} s", flush=True)
    print(f"all sources: {total_positions:,} positions, no invariant broken")
    return 0


if __name__ == "__main__":
    sys.exit(main())
