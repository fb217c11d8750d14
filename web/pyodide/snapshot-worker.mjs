// Makes the start-up snapshot (see boot.mjs), off the page: a fresh Pyodide started so that it
// can write its memory, the engine unpacked where the page unpacks it (the working folder, as
// PyScript's "files" does), its modules imported and its data read, then the memory written
// to Cache Storage with its length. Nothing of the page is in it: no page object is reachable
// from the worker.
import { loadPyodide } from "./pyodide.mjs";

self.onmessage = async ({ data }) => {
  try {
    const py = await loadPyodide({ indexURL: new URL("./", import.meta.url).href,
                                   _makeSnapshot: true });
    const zip = await fetch(new URL("../pkgs/automa.zip", import.meta.url));
    if (!zip.ok) throw new Error(`engine: ${zip.status}`);
    py.unpackArchive(await zip.arrayBuffer(), "zip", { extractDir: "." });
    py.runPython("import automa.app.snapshot as _s; _s.prepare(); del _s");
    const snapshot = py.makeMemorySnapshot();
    const cache = await caches.open(data.cache);
    await cache.put(data.key, new Response(snapshot, {
      headers: { "content-type": "application/octet-stream", "x-length": String(snapshot.length),
                 "x-pyodide": data.version },
    }));
    postMessage({ made: snapshot.length });
  } catch (e) {
    postMessage({ failed: String((e && e.message) || e) });
  }
};
