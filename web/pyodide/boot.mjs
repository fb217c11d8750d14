// The interpreter module PyScript loads (its config's "interpreter"): the vendored Pyodide's
// loadPyodide, started from a memory snapshot of this very build when the device keeps one.
//
// A snapshot is Pyodide's memory once the engine's modules are imported and its data read
// (automa/app/snapshot.py): a start from it skips Python's own start-up and every import. It is
// made on the device, never downloaded: once the page is ready and has been idle a moment, a
// worker (snapshot-worker.mjs) starts a second Pyodide off the page, prepares it and writes its
// memory to Cache Storage, under this build's stamp and Pyodide's version, with its length.
// Storage is hostile: an entry of another build or version is never read, a short one is
// dropped, and one Pyodide refuses (its own magic number and build id are checked) is dropped
// and the page starts as it would without it. `automaShell.snapshot` says what happened.
import { loadPyodide as startPyodide, version } from "./pyodide.mjs";

export { version };

const CACHE = "automa-snapshot";
const DELAY_MS = 4000; // idle time after the page is ready, before a snapshot is made
const shell = globalThis.automaShell || (globalThis.automaShell = {});
const base = new URL("./snapshot.bin", import.meta.url).href;
const key = `${base}?build=${encodeURIComponent(String(shell.stamp || ""))}&pyodide=${version}`;

function usable() {
  return Boolean(shell.stamp && globalThis.caches && globalThis.Worker &&
                 globalThis.automaSnapshot !== "off");
}

async function stored() {
  try {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(key);
    if (!hit) return null;
    const bytes = new Uint8Array(await hit.arrayBuffer());
    if (bytes.length > 0 && String(bytes.length) === hit.headers.get("x-length")) return bytes;
    await cache.delete(key);
    shell.snapshot = "dropped";
  } catch (e) { /* no storage: start without */ }
  return null;
}

async function forget(all) {
  try {
    const cache = await caches.open(CACHE);
    for (const request of await cache.keys()) {
      if (request.url.startsWith(base) && (all || request.url !== key)) await cache.delete(request);
    }
  } catch (e) { /* nothing to forget */ }
}

function whenIdle(run) {
  const later = () => (globalThis.requestIdleCallback
    ? requestIdleCallback(run, { timeout: DELAY_MS }) : setTimeout(run, 0));
  const ready = () => document.body && document.body.dataset.pyReady;
  if (ready()) { setTimeout(later, DELAY_MS); return; }
  const watch = new MutationObserver(() => {
    if (!ready()) return;
    watch.disconnect();
    setTimeout(later, DELAY_MS);
  });
  watch.observe(document.documentElement, { attributes: true, subtree: true,
                                            attributeFilter: ["data-py-ready"] });
}

function makeSnapshot() {
  shell.snapshot = "making";
  const worker = new Worker(new URL("./snapshot-worker.mjs", import.meta.url), { type: "module" });
  worker.onmessage = async ({ data }) => {
    worker.terminate();
    if (data && data.made) {
      await forget(false); // the snapshots of earlier builds
      shell.snapshot = "made";
      shell.snapshotBytes = data.made;
    } else {
      shell.snapshot = "failed";
      console.info("No start-up snapshot:", data && data.failed);
    }
  };
  worker.onerror = (event) => {
    worker.terminate();
    shell.snapshot = "failed";
    console.info("No start-up snapshot:", event.message);
  };
  worker.postMessage({ cache: CACHE, key });
}

export async function loadPyodide(options) {
  if (!usable()) {
    shell.snapshot = "none";
    return startPyodide(options);
  }
  const snapshot = await stored();
  if (snapshot) {
    try {
      const py = await startPyodide({ ...options, _loadSnapshot: snapshot });
      shell.snapshot = "used";
      return py;
    } catch (e) {
      console.info("The start-up snapshot was refused:", e && e.message);
      await forget(true);
      shell.snapshot = "dropped";
    }
  }
  const py = await startPyodide(options);
  if (shell.snapshot !== "dropped") shell.snapshot = "none";
  whenIdle(makeSnapshot);
  return py;
}
