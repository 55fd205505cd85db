/* The engine's memory snapshot, made once at build time so that the reader's browser need not start Python and
   import the engine itself (about 4-5 s on this project's machine; restoring the snapshot takes under 1 s).

   node snapshot.mjs PYODIDE_DIR ENGINE_ZIP OUT_GZ

   Pyodide (the pinned npm package) starts in Node, unpacks the engine into /cq as the worker does, imports the
   play room (which reads the declarations), records the zip's fingerprint in conquian_site.PACKED and writes the
   interpreter's memory, gzipped.  The worker (docs/_static/cq-worker.js) restores it only if the fingerprint is
   that of the zip it fetched, and otherwise starts Python the slow way.  Pyodide's snapshot options are marked
   private in its API (pyodide.d.ts: _makeSnapshot, _loadSnapshot), hence the pinned version and the fallback. */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { pathToFileURL } from "node:url";
import { fingerprint } from "../../_static/cq-digest.mjs";

const [pyodideDir, zipPath, outPath] = process.argv.slice(2);
if (!outPath) {
  console.error("usage: node snapshot.mjs PYODIDE_DIR ENGINE_ZIP OUT_GZ");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: pyodideDir + path.sep, _makeSnapshot: true, stdout: () => {}, stderr: () => {} });
const zip = new Uint8Array(fs.readFileSync(zipPath));
py.unpackArchive(zip, "zip", { extractDir: "/cq" });
py.runPython(`import json, sys; sys.path.insert(0, '/cq')
import conquian_site, conquian_site.playroom as room
# One deal of each kind, played a few moves and thrown away: what the engine imports or caches on its first deal
# is then in the snapshot, not paid for on the reader's first one.
def ask(**request):
    answer = json.loads(room.handle(json.dumps({**request, "table": "warm"})))
    if "error" in answer:
        raise SystemExit(f"the warm-up deal failed: {request}: {answer['error']}")
for rules, players in (("foster-1913", 2), ("pagat-mexican", 3), ("romme-spielwiki", 3)):
    ask(op="deal", rules=rules, players=players, seed=1, level="normal")
    for _ in range(3):
        ask(op="play", move=0)
    ask(op="hint")
room.ROOMS.pop("warm", None)
conquian_site.PACKED = ${JSON.stringify(fingerprint(zip))}`);
const snapshot = py.makeMemorySnapshot();
fs.writeFileSync(outPath, zlib.gzipSync(snapshot, { level: 9 }));
