"""Fuzz the native kernel under AddressSanitizer and UndefinedBehaviorSanitizer: random rule sets, random seeds.

The kernel is compiled again with ``-fsanitize=address,undefined`` into a scratch copy of the package, and a child
Python (with the sanitizer's runtime preloaded) plays there: for each random rule set (a declared source with one
to six axes changed, conflicting draws skipped) it plays deals with random, greedy and mixed players in the kernel's
checked mode (every state's invariants verified), and compares the first deals with the Python engine's.  Any
sanitizer report, broken invariant or difference stops the run with a non-zero status.

    python tests/fuzz_kernel.py [--rule-sets N] [--deals N] [--seed S]

Not part of ``make test`` (it takes minutes); its figures are in the README.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHILD = r'''
import random, sys, time
sys.path.insert(0, sys.argv[4])
from conquian import kernel
from conquian.simulation import Simulation
from soak import derived_rule_sets

rule_sets, deals, seed = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
assert kernel.available(), kernel.why_not(None, ["random"])
rng = random.Random(seed)
done = total_deals = total_decisions = compared = 0
start = time.perf_counter()
for rules in derived_rule_sets(rule_sets, seed):  # the soak's: a source with one to six axes changed
    for strategy in (["random"] * 2, ["greedy"] * 2, ["greedy", "random"]):
        results = kernel.play(rules, strategy, random.Random(rng.getrandbits(64)), deals, final=True, check=True)
        total_deals += len(results)
        total_decisions += sum(r.decisions for r in results)
    s = rng.getrandbits(32)
    a = Simulation(str(rules), s, strategy="random", engine="python").play(10, keep=True, final=True)
    b = Simulation(str(rules), s, strategy="random", engine="native").play(10, keep=True, final=True)
    if a != b:
        sys.exit(f"the engines differ under {rules}, seed {s}")
    compared += 10
    done += 1
print(f"{done} rule sets, {total_deals} deals, {total_decisions} decisions in the checked mode, "
      f"{compared} deals compared with the Python engine, {time.perf_counter() - start:.0f} s: no report")
'''


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rule-sets", type=int, default=200)
    parser.add_argument("--deals", type=int, default=200, help="deals per rule set and pair of players")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    cc = shutil.which("gcc")
    if cc is None:
        print("fuzz_kernel: needs gcc (with AddressSanitizer)", file=sys.stderr)
        return 2
    asan = subprocess.run([cc, "-print-file-name=libasan.so"], capture_output=True, text=True).stdout.strip()
    ubsan = subprocess.run([cc, "-print-file-name=libubsan.so"], capture_output=True, text=True).stdout.strip()
    with tempfile.TemporaryDirectory() as tmp:
        package = Path(tmp) / "conquian"
        shutil.copytree(ROOT / "conquian", package, ignore=shutil.ignore_patterns("*.so", "__pycache__"))
        suffix = sysconfig.get_config_var("EXT_SUFFIX")
        build = [cc, "-shared", "-fPIC", "-g", "-O1", "-std=c11", "-Wall", "-Wextra", "-Werror",
                 "-fsanitize=address,undefined", "-fno-omit-frame-pointer", "-fno-sanitize-recover=undefined",
                 f"-I{sysconfig.get_paths()['include']}", str(ROOT / "native" / "kernel.c"), "-o", str(package / f"_kernel{suffix}")]
        subprocess.run(build, check=True)
        env = {**os.environ, "LD_PRELOAD": f"{asan} {ubsan}", "ASAN_OPTIONS": "detect_leaks=0:abort_on_error=1",
               "UBSAN_OPTIONS": "print_stacktrace=1:halt_on_error=1", "PYTHONPATH": tmp,
               "CONQUIAN_VARIANTS": str(ROOT / "variants")}
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-c", CHILD, str(args.rule_sets), str(args.deals), str(args.seed),
                               str(ROOT / "tests")],
                              env=env, cwd=tmp)
        print(f"fuzz_kernel: exit status {done.returncode} after {time.perf_counter() - start:.0f} s "
              f"(seed {args.seed})")
        return done.returncode


if __name__ == "__main__":
    sys.exit(main())
