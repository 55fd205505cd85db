"""Random-legal-play throughput of the engine, per source, against a previous version of the engine, in one run.

Plays whole deals between two players who pick uniformly among ``legal_actions()`` and applies each choice
with ``play()`` (the public API, as a library user would).  The same deals (same seeds) are played by this
checkout's engine and by the engine of a baseline commit (by default the last one before the engine was
rebuilt), taken from git into a temporary folder and imported under another name.  Repeats alternate
between the two, so that the machine's drift (this virtual machine's speed wanders by up to a factor of
two over minutes) falls on both alike; the ratio is the median of the per-repeat ratios.

    python benchmarks/bench_games.py [--games N] [--repeat R] [--baseline REV] [--json]

Both engines must play the same games on the same seeds, and the benchmark checks it (the same number of
decisions).  Since the baseline, the declarations of three sources were corrected (Foster borrows rather than
regroups freely, rummy.ch recombines only into a new meld, a demanded card is laid off): the comparison plays
each source under the rules the baseline declared, written as overrides (:data:`AS_AT_BASELINE`), so that both
engines play the very same games; the last column gives the rate under today's declarations.
"""

from __future__ import annotations

import argparse
import importlib
import json
import platform
import random
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
sys.path.insert(0, str(ROOT))

from conquian import VARIANTS  # noqa: E402  (this checkout's engine)
import conquian  # noqa: E402

#: The last commit of the engine before it was rebuilt into modules of one job each.
BASELINE = "27aaf58"
#: Each source's rules as the baseline declared them, in today's rule-set text.
AS_AT_BASELINE = {
    "foster-1913": "foster-1913(rearranging=free)",
    "rummy-ch": "rummy-ch(rearranging=free, demanded_use=any)",
    "dutch": "dutch(demanded_use=any)",
    "french": "french(demanded_use=any)",
}


def load_baseline(rev: str, folder: Path):
    """The engine of commit ``rev`` as the module ``conquian_baseline`` (its declarations inside it)."""
    try:
        data = subprocess.run(["git", "-C", str(ROOT), "archive", rev, "conquian", "variants"],
                              capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError) as exc:
        raise SystemExit(f"bench_games: cannot read commit {rev!r} from git: {exc}") from None
    with tarfile.open(fileobj=BytesIO(data)) as tar:
        tar.extractall(folder, filter="data")
    package = folder / "conquian_baseline"
    shutil.move(str(folder / "conquian"), package)
    shutil.move(str(folder / "variants"), package / "variants")
    sys.path.insert(0, str(folder))
    return importlib.import_module("conquian_baseline")


def clear_caches(engine, rules) -> None:
    """Start cold: identical rule sets share a table, and repeats must not replay a warm cache."""
    t = rules.table
    for memo in ("hand_memo", "lay_memo"):
        if hasattr(t, memo):
            getattr(t, memo).clear()


def run(engine, source: str, games: int, seed: str) -> tuple[int, float]:
    rules = engine.RuleSet.parse(source)
    clear_caches(engine, rules)
    rng = random.Random(seed)
    choice = rng.choice
    game_class = engine.Game
    decisions = 0
    start = time.perf_counter()
    for _ in range(games):
        g = game_class(rules, seed=rng.getrandbits(64))
        while not g.is_over:
            g.play(choice(g.legal_actions()))
        decisions += g.decisions
    return decisions, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000, help="deals per source and repeat (default 2000)")
    parser.add_argument("--repeat", type=int, default=5, help="repeats per engine (default 5)")
    parser.add_argument("--baseline", default=BASELINE, help=f"the commit to compare with (default {BASELINE})")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        base = load_baseline(args.baseline, Path(tmp))
        rows = []
        for source in (k for k, v in VARIANTS.items() if isinstance(v, conquian.RuleSet)):  # Conquian's sources
            new_rates, old_rates, ratios, games_s, today = [], [], [], [], []
            for r in range(args.repeat):
                seed = f"{source}-{r}"
                nd, nt = run(conquian, AS_AT_BASELINE.get(source, source), args.games, seed)
                od, ot = run(base, source, args.games, seed)
                if nd != od:
                    raise SystemExit(f"bench_games: {source}: the engines made {nd} and {od} decisions on the same "
                                     f"deals: they do not play alike")
                td, tt = run(conquian, source, args.games, seed)
                today.append(td / tt)
                new_rates.append(nd / nt)
                old_rates.append(od / ot)
                ratios.append((nd / nt) / (od / ot))
                games_s.append(args.games / nt)
            rows.append({
                "source": source, "decisions_per_game": round(nd / args.games, 1),
                "games_per_s": round(statistics.median(games_s)),
                "decisions_per_s": round(statistics.median(new_rates)),
                "baseline_decisions_per_s": round(statistics.median(old_rates)),
                "ratio": round(statistics.median(ratios), 3),
                "ratio_range": [round(min(ratios), 3), round(max(ratios), 3)],
                "declared_decisions_per_s": round(statistics.median(today)),
            })
    meta = {"python": platform.python_version(), "games": args.games, "repeat": args.repeat, "baseline": args.baseline}
    if args.json:
        print(json.dumps({"meta": meta, "rows": rows}))
        return
    print(f"{args.games} deals per source, {args.repeat} alternating repeats per engine, Python {meta['python']}, "
          f"baseline {args.baseline}")
    print()
    print("| source | games/s | decisions/s | baseline decisions/s | ratio (median) | ratio range | decisions per game "
          "| decisions/s, today's rules |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for r in rows:
        print(f"| {r['source']} | {r['games_per_s']:,} | {r['decisions_per_s']:,} | {r['baseline_decisions_per_s']:,} | "
              f"{r['ratio']:.3f} | {r['ratio_range'][0]:.2f}–{r['ratio_range'][1]:.2f} | {r['decisions_per_game']} | "
              f"{r['declared_decisions_per_s']:,} |")


if __name__ == "__main__":
    main()
