"""The engine against the one before the rebuild, counted in instructions rather than seconds.

Wall-clock rates on this shared virtual machine drift by up to a factor of two; instruction counts do not.  This
script plays the same deals under each source with each engine inside ``valgrind --tool=callgrind`` (which
counts the instructions the interpreter executes, repeatably whatever else the machine does), subtracts the cost
of starting Python and importing the engine, and reports the ratio baseline / new: above 1.0, the new engine
does the same work in fewer instructions.

    python benchmarks/bench_instructions.py [--games N] [--baseline REV]

Needs valgrind (Debian's package); the baseline is taken from git as in bench_games.py, and each source plays
under the rules the baseline declared (:data:`bench_games.AS_AT_BASELINE`), so both engines play the same games.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from bench_games import AS_AT_BASELINE, BASELINE, ROOT, load_baseline  # noqa: E402

WORK = """
import random, sys
sys.path.insert(0, {path!r})
import {module} as engine
rules = engine.RuleSet.parse({rules!r})
rng = random.Random(1)
for i in range({games}):
    g = engine.Game(rules, seed=i)
    while not g.is_over:
        g.play(rng.choice(g.legal_actions()))
"""


def instructions(code: str) -> int:
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(code)
    out = Path(f.name).with_suffix(".out")
    done = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable, f.name],
                          capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"})
    os.unlink(f.name)
    out.unlink(missing_ok=True)
    for line in done.stderr.splitlines():
        if "Collected :" in line:
            return int(line.split(":")[-1].strip())
    raise SystemExit(f"bench_instructions: valgrind failed:\n{done.stderr[-2000:]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--baseline", default=BASELINE)
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("bench_instructions: valgrind is not installed (apt-get install valgrind)")
    with tempfile.TemporaryDirectory() as tmp:
        load_baseline(args.baseline, Path(tmp))
        sides = {"baseline": (tmp, "conquian_baseline"), "new": (str(ROOT), "conquian")}
        start = {k: instructions(WORK.format(path=p, module=m, rules="dutch", games=0)) for k, (p, m) in sides.items()}
        print(f"{args.games} deals per source, the same deals for both engines; instructions counted by callgrind, "
              f"start-up subtracted; baseline {args.baseline}\n")
        print("| source | baseline, M instructions | new, M instructions | ratio |\n|---|---:|---:|---:|")
        for source, today in AS_AT_BASELINE.items():
            old = instructions(WORK.format(path=tmp, module="conquian_baseline", rules=source, games=args.games))
            new = instructions(WORK.format(path=str(ROOT), module="conquian", rules=today, games=args.games))
            o, n = old - start["baseline"], new - start["new"]
            print(f"| {source} | {o / 1e6:,.0f} | {n / 1e6:,.0f} | {o / n:.3f} |", flush=True)


if __name__ == "__main__":
    main()
