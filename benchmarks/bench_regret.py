"""How far the strong player's choice falls short of the best, at a few settings of its search.

For positions taken from greedy deals (seed 1000 + k, 3 + 7k mod 30 moves in, then on to the first with a choice),
a reference weighs every legal action over 1,024 deals; each setting then weighs the position four times (seeds
0-3, no deal shared with the reference), and what its choice scores in the reference is taken from the best
score there (won 1, lost -1, neither 0).  The mean over the decisions is the setting's shortfall; the share of
its choices unlike the reference's, and the playouts it took beside one batch of 96, are printed with it.

    python benchmarks/bench_regret.py [--rules foster-1913] [--positions 80]

The reference is itself a sample: a shortfall near 0.001 is at its resolution.  A position takes about ten
seconds of a core with the native kernel.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from conquian import Game  # noqa: E402
from conquian.montecarlo import weigh  # noqa: E402
from conquian.players import GreedyPlayer  # noqa: E402

SETTINGS = ((24, 1), (96, 1), (256, 1), (96, 3), (96, 4), (96, 5))
"""(deals a batch, batches at most); 8 actions weighed at most, as the strong level."""


def positions(rules: str, n: int):
    greedy = GreedyPlayer()
    for k in range(n):
        g = Game(rules, seed=1000 + k)
        for _ in range(3 + (k * 7) % 30):
            if g.is_over:
                break
            g.play(greedy.choose(g))
        while not g.is_over and len(g.legal_actions()) < 2:
            g.play(greedy.choose(g))
        if not g.is_over:
            yield g


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rules", default="foster-1913")
    ap.add_argument("--positions", type=int, default=80)
    a = ap.parse_args(argv)
    greedy = GreedyPlayer()
    short = {s: 0.0 for s in SETTINGS}
    unlike = {s: 0 for s in SETTINGS}
    playouts = {s: 0 for s in SETTINGS}
    n = 0
    for g in positions(a.rules, a.positions):
        ref = weigh(g, random.Random(99), 1024, 99, greedy)
        score = dict(zip(map(str, ref.actions), ref.scores))
        best = max(ref.scores)
        for s in SETTINGS:
            for seed in range(4):
                w = weigh(g, random.Random(seed), s[0], 8, greedy, batches=s[1])
                short[s] += (best - score[str(w.chosen)]) / 4
                unlike[s] += w.chosen != ref.chosen
                playouts[s] += sum(w.tried)  # each action's deals: the playouts
        n += 1
    print(f"{a.rules}: {n} positions; reference: every action over 1,024 deals")
    print(f"{'deals a batch':>14} {'batches':>8} {'short of the best':>18} {'chose otherwise':>16} {'playouts':>9}")
    for s in SETTINGS:
        print(f"{s[0]:14} {s[1]:8} {short[s] / n:18.4f} {100 * unlike[s] / (4 * n):15.1f}% "
              f"{playouts[s] / playouts[(96, 1)]:8.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
