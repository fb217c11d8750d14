// Makes the start-up snapshot (see boot.mjs), off the page: a fresh Pyodide started so that it
// can write its memory, the engine unpacked where the page unpacks it (the working folder, as
// PyScript's "files" does), its modules imported and its data read, then the memory written
// to Cache Storage with its length, its SHA-256 and the build stamp it was made under (the
// stamp is in the memory too: automa/app/snapshot.py). Nothing of the page is in it: no page
// object is reachable from the worker.
//
// Asked: {cache, key, version, format, stamp}; answers {made: bytes} or {failed: why}.
import { loadPyodide } from "./pyodide.mjs";
import { MADE_BY, pack, sha256 } from "./snapshot-format.mjs";

/**
 * @param {{cache: string, key: string, version: string, format: string, stamp: string}} data
 * @returns {Promise<number>}
 */
async function make(data) {
  const py = await loadPyodide({ indexURL: new URL("./", import.meta.url).href,
                                 _makeSnapshot: true });
  const zip = await fetch(new URL("../pkgs/automa.zip", import.meta.url));
  if (!zip.ok) throw new Error(`engine: ${zip.status}`);
  py.unpackArchive(await zip.arrayBuffer(), "zip", { extractDir: "." });
  py.runPython("import automa.app.snapshot as _s; _s.prepare(); del _s");
  const madeBy = py.runPython(MADE_BY);
  // (an engine of another build: a new version took over the files meanwhile)
  if (madeBy !== data.stamp) throw new Error(`the engine is ${madeBy}, not ${data.stamp}`);
  const snapshot = pack(py.makeMemorySnapshot());
  const cache = await caches.open(data.cache);
  await cache.put(data.key, new Response(snapshot, {
    headers: { "content-type": "application/octet-stream", "x-length": String(snapshot.length),
               "x-sha256": await sha256(snapshot), "x-build": data.stamp,
               "x-pyodide": data.version, "x-format": data.format },
  }));
  return snapshot.length;
}

self.onmessage = async ({ data }) => {
  try {
    postMessage({ made: await make(data) });
  } catch (e) {
    postMessage({ failed: String((e instanceof Error && e.message) || e) });
  }
};
