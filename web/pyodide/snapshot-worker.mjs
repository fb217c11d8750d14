// Makes the start-up snapshot (see boot.mjs), off the page: a fresh Pyodide started so that it
// can write its memory, the engine unpacked where the page unpacks it (the working folder, as
// PyScript's "files" does), its modules imported and its data read, then the memory written
// to Cache Storage with its length. Nothing of the page is in it: no page object is reachable
// from the worker.
import { loadPyodide } from "./pyodide.mjs";

const PAGE = 4096;

// The snapshot without its pages of zeros (nearly half of Pyodide's memory is free space): the
// whole length and the number of runs, each run's offset and length, then the runs' bytes (all
// numbers 32-bit little-endian). snapshot-reader.js unpacks it; less to read at every start.
function pack(memory) {
  const runs = [];
  let start = -1;
  for (let at = 0; at < memory.length; at += PAGE) {
    const page = memory.subarray(at, Math.min(at + PAGE, memory.length));
    const zero = page.every((byte) => byte === 0);
    if (!zero && start < 0) start = at;
    if (zero && start >= 0) { runs.push([start, at]); start = -1; }
  }
  if (start >= 0) runs.push([start, memory.length]);
  const head = 8 + 8 * runs.length;
  const out = new Uint8Array(head + runs.reduce((sum, [a, b]) => sum + b - a, 0));
  const view = new DataView(out.buffer);
  view.setUint32(0, memory.length, true);
  view.setUint32(4, runs.length, true);
  let at = head;
  runs.forEach(([a, b], n) => {
    view.setUint32(8 + 8 * n, a, true);
    view.setUint32(12 + 8 * n, b - a, true);
    out.set(memory.subarray(a, b), at);
    at += b - a;
  });
  return out;
}

self.onmessage = async ({ data }) => {
  try {
    const py = await loadPyodide({ indexURL: new URL("./", import.meta.url).href,
                                   _makeSnapshot: true });
    const zip = await fetch(new URL("../pkgs/automa.zip", import.meta.url));
    if (!zip.ok) throw new Error(`engine: ${zip.status}`);
    py.unpackArchive(await zip.arrayBuffer(), "zip", { extractDir: "." });
    py.runPython("import automa.app.snapshot as _s; _s.prepare(); del _s");
    const snapshot = pack(py.makeMemorySnapshot());
    const cache = await caches.open(data.cache);
    await cache.put(data.key, new Response(snapshot, {
      headers: { "content-type": "application/octet-stream", "x-length": String(snapshot.length),
                 "x-pyodide": data.version, "x-format": data.format },
    }));
    postMessage({ made: snapshot.length });
  } catch (e) {
    postMessage({ failed: String((e && e.message) || e) });
  }
};
