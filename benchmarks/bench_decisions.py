"""The strong computer player's decisions: this checkout against a previous version, the same deals, in one run.

Whole deals between the strong player (at ``--level``, in seat ``seed % 2``) and the greedy one, under each source
the native kernel plays, are played by this checkout and by a baseline commit (by default the last before issue
31's stop 45 made the player's own work cheaper), each in a process of its own: the baseline's ``conquian`` and
``variants`` are taken from git into a temporary folder, with this checkout's compiled parts copied beside them
(the benchmark refuses a baseline whose ``native/`` differs: its kernel would not be the one copied).  Repeats
alternate between the two, so that the machine's drift (this virtual machine's speed wanders by up to a factor of
two over minutes) falls on both alike; the ratio is the median of the per-repeat ratios.  Both must choose the
very same moves, and the benchmark checks it.

    python benchmarks/bench_decisions.py [--deals N] [--repeat R] [--level normal] [--baseline REV] [--json]
"""

from __future__ import annotations

import argparse
import json
import platform
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: The last commit before stop 45 of issue 31 (a telling pass read once a decision, the unseen cards found once,
#: a snapshot's text written only when asked, what was known carried on from the last choice).
BASELINE = "e08cbcc"
SOURCES = ("foster-1913", "dutch", "rummy-ch", "pagat-north-american", "pagat-mexican")


def worker(level: str, deals: int) -> dict:
    """Run inside the tree to measure (on ``sys.path`` first): each source's deals, the strong player's decisions
    timed, the moves it chose."""
    from conquian.games import game_of
    from conquian.players import GreedyPlayer, StrongPlayer
    from conquian.registry import parse_rules

    times, chosen = [], []
    for rules in SOURCES:
        r = parse_rules(rules)
        for seed in range(2026, 2026 + deals):
            g = game_of(r).new_deal(r, 2, seed=seed)
            strong, greedy = StrongPlayer(level, seed=seed), GreedyPlayer()
            while not g.is_over and g.decisions < 2000:
                if int(g.to_act) == seed % 2 and len(g.legal_actions()) > 1:
                    t = time.perf_counter()
                    a = strong.choose(g)
                    times.append(time.perf_counter() - t)
                    chosen.append(f"{rules}/{seed}/{g.decisions}: {a}")
                else:
                    a = greedy.choose(g)
                g.play(a)
    return {"times": times, "chosen": chosen}


def baseline_tree(rev: str, folder: Path) -> Path:
    """The baseline's ``conquian`` and ``variants`` in ``folder``, with this checkout's compiled parts."""
    try:
        changed = subprocess.run(["git", "-C", str(ROOT), "diff", "--stat", rev, "--", "native", "setup.py"],
                                 capture_output=True, check=True, text=True).stdout
        data = subprocess.run(["git", "-C", str(ROOT), "archive", rev, "conquian", "variants"],
                              capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError) as exc:
        raise SystemExit(f"bench_decisions: cannot read commit {rev!r} from git: {exc}") from None
    if changed.strip():
        raise SystemExit(f"bench_decisions: the kernel changed since {rev} ({changed.strip().splitlines()[-1]}): "
                         f"this checkout's compiled kernel is not the baseline's")
    with tarfile.open(fileobj=BytesIO(data)) as tar:
        tar.extractall(folder, filter="data")
    for built in (ROOT / "conquian").rglob("*.so"):
        target = folder / built.relative_to(ROOT)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(built, target)
    return folder


def measure(tree: Path, level: str, deals: int) -> dict:
    """One repeat in a fresh process whose ``conquian`` is the one in ``tree``."""
    code = (f"import sys, json; sys.path.insert(0, {str(tree)!r}); sys.path.insert(1, {str(ROOT / 'benchmarks')!r}); "
            f"import bench_decisions as b; print(json.dumps(b.worker({level!r}, {deals})))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tempfile.gettempdir())
    if out.returncode:
        raise SystemExit(f"bench_decisions: the run in {tree} failed:\n{out.stderr[-2000:]}")
    result = json.loads(out.stdout)
    where = json.loads(subprocess.run([sys.executable, "-c", f"import sys; sys.path.insert(0, {str(tree)!r}); "
                                       "import conquian, json; print(json.dumps(conquian.__file__))"],
                                      capture_output=True, text=True, cwd=tempfile.gettempdir()).stdout)
    if not where.startswith(str(tree)):
        raise SystemExit(f"bench_decisions: {tree} imported conquian from {where}")
    return result


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=10, help="deals a source (default 10)")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--level", default="normal", choices=("normal", "strong"))
    ap.add_argument("--baseline", default=BASELINE)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if args.deals < 1 or args.repeat < 1:
        ap.error("--deals and --repeat: at least 1")
    with tempfile.TemporaryDirectory() as tmp:
        old = baseline_tree(args.baseline, Path(tmp))
        runs = {"this checkout": [], args.baseline: []}
        for _ in range(args.repeat):
            for name, tree in (("this checkout", ROOT), (args.baseline, old)):
                runs[name].append(measure(tree, args.level, args.deals))
    first = runs["this checkout"][0]["chosen"]
    for name, rs in runs.items():
        for r in rs:
            if r["chosen"] != first:
                raise SystemExit(f"bench_decisions: {name} chose other moves than this checkout: not the same player")
    rows = {}
    for name, rs in runs.items():
        medians = [statistics.median(r["times"]) * 1000 for r in rs]
        totals = [sum(r["times"]) for r in rs]
        rows[name] = {"median ms": statistics.median(medians), "median ms range": [min(medians), max(medians)],
                      "seconds": statistics.median(totals)}
    ratios = [sum(b["times"]) / sum(a["times"]) for a, b in zip(runs["this checkout"], runs[args.baseline])]
    report = {"level": args.level, "deals a source": args.deals, "sources": list(SOURCES), "decisions": len(first),
              "repeats": args.repeat, "baseline": args.baseline, "versions": rows,
              "speed-up (baseline time / this time, median of repeats)": statistics.median(ratios),
              "speed-ups": ratios, "same moves": True, "python": platform.python_version()}
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print(f"{len(first)} decisions of the strong player ({args.level} level), {args.deals} deals a source, "
          f"{args.repeat} repeats alternating; the same moves chosen by both")
    for name, r in rows.items():
        lo, hi = r["median ms range"]
        print(f"  {name:>14}: median decision {r['median ms']:.2f} ms ({lo:.2f}-{hi:.2f}), "
              f"{r['seconds']:.2f} s in all")
    print(f"  speed-up: {report['speed-up (baseline time / this time, median of repeats)']:.2f}x "
          f"({', '.join(f'{x:.2f}' for x in ratios)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
