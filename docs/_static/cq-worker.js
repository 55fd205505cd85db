/* The engine in a Web Worker, so that the page never freezes: Pyodide (copied into the site's _pyodide/ from
   the npm package) runs the conquian package and the site's playroom module, packed into cq-engine.zip; it starts
   from the build's memory snapshot of the interpreter with the engine imported (cq-engine.snap.gz), or, without
   a snapshot that matches the zip, starts Python and imports the engine itself (some seconds more).
   Messages in: {id, request} (a JSON request for conquian_site.playroom.handle).  Messages out: {progress},
   {ready, snapshot, steps}, {failed}, and {id, answer} (the JSON answer). */
import { loadPyodide } from "../_pyodide/pyodide.mjs";
import { fingerprint } from "./cq-digest.mjs";

let handle = null;
const indexURL = new URL("../_pyodide/", import.meta.url).href;
const quiet = { indexURL, stdout: () => {}, stderr: () => {} };

async function bytes(name) {
  const response = await fetch(new URL(name, import.meta.url));
  if (!response.ok) throw new Error(`${name}: ${response.status} ${response.statusText}`);
  return new Uint8Array(await response.arrayBuffer());
}

/* The interpreter restored from the build's memory snapshot (docs/_ext/conquian_site/snapshot.mjs), the engine
   already imported in it; null if the snapshot is missing, unreadable or made from another zip than this one. */
async function restored(zip) {
  try {
    let snap = await bytes("cq-engine.snap.gz");
    if (snap[0] === 0x1f && snap[1] === 0x8b)  // still gzipped (a host may have unpacked it on the way)
      snap = new Uint8Array(await new Response(new Blob([snap]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
    const py = await loadPyodide({ ...quiet, _loadSnapshot: snap });
    if (py.runPython("import conquian_site; getattr(conquian_site, 'PACKED', '')") !== fingerprint(await zip)) return null;
    return py;
  } catch (err) {
    return null;
  }
}

async function start() {
  const t0 = performance.now();
  postMessage({ progress: "Loading the engine (about 20 MB the first time, then from the browser's cache)…" });
  const zip = bytes("cq-engine.zip");
  let py = await restored(zip);
  const snapshot = py !== null;
  if (!snapshot) {
    postMessage({ progress: "Starting Python (step 1 of 2)…" });
    py = await loadPyodide(quiet);
  }
  const t1 = performance.now();
  // The engine's files, for what it reads after its import; already on the path in a restored snapshot.
  py.unpackArchive(await zip, "zip", { extractDir: "/cq" });
  if (!snapshot) {
    postMessage({ progress: "Reading the declarations (step 2 of 2)…" });
    py.runPython("import sys; sys.path.insert(0, '/cq')");
  }
  const t2 = performance.now();
  // Python's generator seeded afresh: a snapshot would otherwise give every reader the same one.
  py.runPython("import random; random.seed()");
  handle = py.pyimport("conquian_site.playroom").handle;
  const t3 = performance.now();
  postMessage({ ready: true, snapshot, steps: { python: t1 - t0, engine: t2 - t1, imports: t3 - t2 } });
}

const started = start().catch((err) => postMessage({ failed: String((err && err.message) || err) }));

onmessage = async (event) => {
  await started;
  const { id, request } = event.data;
  let answer;
  if (!handle) answer = JSON.stringify({ error: "the engine did not start" });
  else {
    try {
      answer = handle(request);
    } catch (err) {
      answer = JSON.stringify({ error: `the engine failed: ${(err && err.message) || err}` });
    }
  }
  postMessage({ id, answer });
};
