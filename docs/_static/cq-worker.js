/* The engine in a Web Worker, so that the page never freezes: Pyodide (copied into the site's _pyodide/ from
   the npm package) runs the conquian package and the site's playroom module, packed into cq-engine.zip.
   Messages in: {id, request} (a JSON request for conquian_site.playroom.handle).  Messages out: {progress},
   {ready, seconds}, {failed}, and {id, answer} (the JSON answer). */
import { loadPyodide } from "../_pyodide/pyodide.mjs";

let handle = null;

async function start() {
  const t0 = performance.now();
  postMessage({ progress: "Loading Python (step 1 of 3; about 13 MB the first time, then from the browser's cache)…" });
  const py = await loadPyodide({
    indexURL: new URL("../_pyodide/", import.meta.url).href,
    stdout: () => {},
    stderr: () => {},
  });
  const t1 = performance.now();
  postMessage({ progress: "Loading the engine (step 2 of 3)…" });
  const response = await fetch(new URL("cq-engine.zip", import.meta.url));
  if (!response.ok) throw new Error(`cq-engine.zip: ${response.status} ${response.statusText}`);
  py.unpackArchive(await response.arrayBuffer(), "zip", { extractDir: "/cq" });
  py.runPython("import sys; sys.path.insert(0, '/cq')");
  const t2 = performance.now();
  postMessage({ progress: "Reading the declarations (step 3 of 3)…" });
  handle = py.pyimport("conquian_site.playroom").handle;
  const t3 = performance.now();
  postMessage({ ready: true, steps: { python: t1 - t0, engine: t2 - t1, imports: t3 - t2 } });
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
