"""The move listings of the reader's browser: the engine in the site's own Pyodide against this CPython, one run.

The browser runs the engine in Pyodide (CPython compiled to WebAssembly), with the walk in Python: the package's
compiled walk is not in the engine's zip.  This loads the built site's ``_pyodide/`` and ``_static/cq-engine.zip``
in Node.js (the same WebAssembly engine as the browser's, V8), runs :func:`listing_times.measure` there, then here
with ``CONQUIAN_NATIVE=0`` (the same Python code), and prints both with their ratio.  Build the site first.

    make html && python benchmarks/bench_romme_browser.py [--deals N] [--json]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SITE = ROOT / "_build" / "html"
sys.path[:0] = [str(ROOT), str(ROOT / "docs" / "_ext"), str(HERE)]

import listing_times  # noqa: E402

NODE = """
import { loadPyodide } from %(pyodide)s;
import { readFileSync } from "node:fs";
const bytes = (path) => new Uint8Array(readFileSync(path));
const py = await loadPyodide({ indexURL: %(index)s });
py.unpackArchive(bytes(%(engine)s), "zip", { extractDir: "/cq" });
py.FS.mkdir("/bench");
for (const name of ["bench_romme_moves.py", "listing_times.py"])
  py.FS.writeFile("/bench/" + name, bytes(%(bench)s + name));
py.runPython("import sys; sys.path[:0] = ['/cq', '/bench']");
console.log(py.runPython("import json, listing_times; json.dumps(listing_times.measure(%(deals)d))"));
"""


def in_browser_engine(deals: int) -> dict:
    """:func:`listing_times.measure` in the built site's Pyodide, under Node.js."""
    for needed in (SITE / "_pyodide" / "pyodide.mjs", SITE / "_static" / "cq-engine.zip"):
        if not needed.exists():
            sys.exit(f"{needed.relative_to(ROOT)} is missing: build the site first (make html)")
    script = NODE % {"pyodide": json.dumps((SITE / "_pyodide" / "pyodide.mjs").as_uri()),
                     "index": json.dumps(str(SITE / "_pyodide") + "/"),
                     "engine": json.dumps(str(SITE / "_static" / "cq-engine.zip")),
                     "bench": json.dumps(str(HERE) + "/"), "deals": deals}
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "measure.mjs"
        path.write_text(script, encoding="utf-8")
        done = subprocess.run(["node", str(path)], capture_output=True, text=True, check=False)
    if done.returncode:
        sys.exit(f"node failed ({done.returncode}): {done.stderr.strip()[-2000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def _rows(result: dict) -> list[tuple[str, float]]:
    rows = [(f"largest hand: {w['rules']} ({w['jokers']} jokers, {w['actions']} actions)", w["ms"])
            for w in result["offered_worst"]]
    rows += [(f"slowest in play: {p['rules']}, {p['players']} players ({p['listings']} listings)", p["slowest_ms"])
             for p in result["offered_play"]]
    rows += [(f"largest hand, offered by no page: {w['rules']} ({w['jokers']} jokers, {w['actions']} actions)",
              w["ms"]) for w in result["derived_worst"]]
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=20, help="random deals per rule set and player count (default 20)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    browser = in_browser_engine(args.deals)
    here = listing_times.measure(args.deals)
    if args.json:
        print(json.dumps({"pyodide": browser, "cpython": here}, indent=1))
        return
    print(f"{'Pyodide ms':>10} {'CPython ms':>10} {'ratio':>6}  listing (CPython: CONQUIAN_NATIVE=0)")
    for (what, b), (_, c) in zip(_rows(browser), _rows(here)):
        ratio = f"{b / c:.2f}" if c >= 1 else "-"  # (below a millisecond, the ratio is mostly noise)
        print(f"{b:>10.1f} {c:>10.1f} {ratio:>6}  {what}")


if __name__ == "__main__":
    main()
