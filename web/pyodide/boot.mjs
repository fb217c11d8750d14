// The interpreter module PyScript loads (its config's "interpreter"): the vendored Pyodide's
// loadPyodide, started from a memory snapshot of this very build when the device keeps one.
//
// A snapshot is Pyodide's memory once the engine's modules are imported and its data read
// (automa/app/snapshot.py): a start from it skips Python's own start-up and every import. It is
// made on the device, never downloaded, and only by a build for an origin the app has to itself
// (build.py --own-origin: the shell then names its cache): on an origin shared with other sites,
// any of their pages could put a snapshot of its own making in the cache, and the app would run
// its code (README, Hosting); there the engine always starts plainly ("off").
// Once the page is ready and has been idle a moment, a worker (snapshot-worker.mjs) starts a
// second Pyodide off the page, prepares it and writes its memory (without its pages of zeros)
// to Cache Storage, under this build's stamp, with its length, SHA-256, layout, Pyodide's
// version and the build stamp (which the memory holds too). At the next start another worker
// (snapshot-reader.mjs, started by the page's first script) reads it, checks its bytes and lays
// the memory out, off the page's thread.
// Storage is hostile: an entry of another build is never read; a short one, one whose bytes are
// not those its maker wrote ("damaged"), one of another Pyodide, or one whose memory was made
// by another build ("foreign") is dropped, the engine starts plainly at once and a new one is
// made; one Pyodide refuses (it checks its own magic number and build id), and a start from one
// that fails before the first screen, leave a mark that stops this build making another — the
// first starts plainly at once, the second reloads the page, which starts plainly (so does one
// that could not be made). `automaShell.snapshot` says what happened; `snapshotSkipped` says
// why when this start found a snapshot and went without it (the app then says so).
import { loadPyodide as startPyodide, version } from "./pyodide.mjs";
import { FORMAT, MADE_BY } from "./snapshot-format.mjs";

export { version };

/** @typedef {import("./pyodide.mjs").PyodideAPI} Pyodide */
/** @typedef {NonNullable<Parameters<typeof startPyodide>[0]>} Options */
/** @typedef {import("../shell/shell").SnapshotState} SnapshotState */

const DELAY_MS = 4000; // idle time after the page is ready, before a snapshot is made
const shell = globalThis.automaShell
  || (globalThis.automaShell = /** @type {import("../shell/shell").AutomaShell} */ ({}));
const CACHE = String(shell.snapshotCache || ""); // the cache the shell reads it from ("": none)
const key = String(shell.snapshotKey || ""); // and its place there: this build's
const base = key.split("?")[0]; // (every build's snapshot is kept under it)
const stamp = String(shell.stamp || "");

function usable() {
  // (the shell reads a snapshot only where workers and Cache Storage are there)
  return Boolean(key && shell.snapshotRead && globalThis.automaSnapshot !== "off");
}

// This start found a snapshot and went without it (``state``: what was wrong with it, which
// automaShell.snapshot says until a new one is being made, and snapshotSkipped for good).
/** @param {SnapshotState} state */
function skipped(state) {
  shell.snapshot = shell.snapshotSkipped = state;
}

// The memory of this build's snapshot (the page's shell began reading and unpacking it in a
// worker, snapshot-reader.mjs, while PyScript loaded), "refused", or null.
async function stored() {
  try {
    const found = await shell.snapshotRead;
    if (!found) return null;
    const { memory, length, pyodide, format, build, damaged } = found;
    if (length === "refused") return "refused";
    if (memory instanceof Uint8Array && memory.length > 0 && pyodide === version
        && format === FORMAT && build === stamp) return memory;
    await forget(true);
    skipped(damaged ? "damaged" : build !== stamp ? "foreign" : "dropped");
  } catch (e) { /* no storage: start without */ }
  return null;
}

/** @param {boolean} all */
async function forget(all) {
  try {
    const cache = await caches.open(CACHE);
    for (const request of await cache.keys()) {
      if (request.url.startsWith(base) && (all || request.url !== key)) await cache.delete(request);
    }
  } catch (e) { /* nothing to forget */ }
}

// In place of a snapshot Pyodide refused: the mark that stops this build making another.
// True if it is kept.
async function refuse() {
  try {
    await forget(true);
    const cache = await caches.open(CACHE);
    await cache.put(key, new Response("", { headers: { "x-length": "refused" } }));
    return true;
  } catch (e) { /* no storage: nothing is kept */ }
  return false;
}

/** @param {() => void} run */
function whenIdle(run) {
  const later = () => ("requestIdleCallback" in globalThis
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

// A snapshot that could not be made (storage full, no memory for a second Pyodide…) is not
// tried again at every start of this build: the mark of a refused one takes its place.
/** @param {unknown} why */
function notMade(why) {
  shell.snapshot = "failed";
  console.info("No start-up snapshot:", why);
  refuse();
}

// Whether a new version is installing or waiting: this build's snapshot would soon be of no
// use, and would take the room the new version needs (its service worker deletes it).
async function updating() {
  if (shell.updated) return true;
  try {
    const sw = navigator.serviceWorker, reg = sw && sw.controller && await sw.getRegistration();
    return Boolean(reg && (reg.installing || reg.waiting));
  } catch (e) { return false; }
}

async function makeSnapshot() {
  if (await updating()) return;
  shell.snapshot = "making";
  const worker = new Worker(new URL("./snapshot-worker.mjs", import.meta.url), { type: "module" });
  worker.onmessage = async ({ data }) => {
    worker.terminate();
    if (data && data.made) {
      await forget(false); // the snapshots of earlier builds
      shell.snapshot = "made";
      shell.snapshotBytes = data.made;
    } else {
      notMade(data && data.failed);
    }
  };
  worker.onerror = (event) => {
    worker.terminate();
    notMade(event.message);
  };
  worker.postMessage({ cache: CACHE, key, version, format: FORMAT, stamp });
}

// A page started from a snapshot that fails before it is ready (an error, or no first screen
// within a minute) refuses the snapshot and starts again at once, plainly: the page reloads,
// and the shell's mark (retryPlain) makes that start go without any snapshot.
function guard() {
  let done = false;
  const failed = async () => {
    if (done || (document.body && document.body.dataset.pyReady)) return;
    done = true;
    removeEventListener("error", failed);
    removeEventListener("unhandledrejection", failed);
    skipped("refused");
    const marked = await refuse();
    const retry = typeof shell.retryPlain === "function" && shell.retryPlain();
    if (retry || marked) location.reload();
  };
  addEventListener("error", failed);
  addEventListener("unhandledrejection", failed);
  setTimeout(failed, 60000);
}

// The build stamp the started engine's memory was prepared under ("" if it cannot say).
/** @param {Pyodide} py */
function madeBy(py) {
  try {
    return String(py.runPython(MADE_BY));
  } catch (e) {
    return "";
  }
}

// Pyodide started from ``memory``, or null (it refused it, or the memory holds another build's
// engine: the caller starts plainly).
/**
 * @param {Options} options
 * @param {Uint8Array} memory
 * @returns {Promise<Pyodide | null>}
 */
async function fromSnapshot(options, memory) {
  let py;
  try {
    py = await startPyodide({ ...options, _loadSnapshot: memory });
  } catch (e) {
    console.info("The start-up snapshot was refused:", e instanceof Error ? e.message : e);
    await refuse();
    skipped("refused");
    return null;
  }
  if (madeBy(py) !== stamp) { // another build's engine (its stamp was checked before)
    await forget(true);
    skipped("foreign");
    return null;
  }
  mark("started");
  shell.snapshot = "used";
  guard();
  return py;
}

// When each stage of the start was reached (ms since navigation start), for the benchmarks.
/** @type {Record<string, number>} */
const marks = shell.startMarks = {};
const mark = (/** @type {string} */ name) => { marks[name] = Math.round(performance.now()); };

/**
 * @param {Options} options
 * @returns {Promise<Pyodide>}
 */
async function start(options) {
  mark("loader");
  if (!CACHE) {
    shell.snapshot = "off";
    return startPyodide(options);
  }
  if (shell.snapshotFailed) { // the reload after a start from it failed
    skipped("refused");
    return startPyodide(options);
  }
  if (!usable()) {
    shell.snapshot = "none";
    return startPyodide(options);
  }
  const snapshot = await stored();
  mark("read");
  if (snapshot === "refused") {
    shell.snapshot = "refused";
    return startPyodide(options);
  }
  const fast = snapshot && await fromSnapshot(options, snapshot);
  if (fast) return fast;
  const py = await startPyodide(options);
  mark("started");
  if (shell.snapshot === "refused") return py;
  if (!shell.snapshotSkipped) shell.snapshot = "none";
  whenIdle(makeSnapshot);
  return py;
}

// Pyodide starts as soon as this module runs (the page loads it before PyScript's core), not
// when PyScript asks for it: the two load side by side. What PyScript passes is handed over
// when it asks: its output streams (our configuration names no package, so it passes none).
const early = start({ indexURL: new URL("./", import.meta.url).href });
early.catch(() => {});

/** @param {Options} options */
export async function loadPyodide(options) {
  mark("asked");
  let py = null;
  try {
    py = await early;
  } catch (e) {
    console.info("Pyodide did not start early:", e instanceof Error ? e.message : e);
  }
  if (!py) return watched(await startPyodide(options));
  if (typeof options.stdout === "function") py.setStdout({ batched: options.stdout });
  if (typeof options.stderr === "function") py.setStderr({ batched: options.stderr });
  return watched(py);
}

// A fatal error of the engine (Pyodide's own: Python cannot go on in this page) is never left
// on the loading screen or a screen that no longer answers: the shell says what happened and
// offers Home (automaShell.engineFailed). `engine` is the interpreter the page runs.
/** @type {(py: Pyodide) => void} */
let ran = () => {};
/** @type {Promise<Pyodide>} */
export const engine = new Promise((done) => { ran = done; });

/** @param {Pyodide} py */
function watched(py) {
  // (Pyodide's own hook, not in its types)
  const api = /** @type {{_api?: {on_fatal?: (e: unknown) => void}}} */ (/** @type {unknown} */ (py))._api;
  if (api) {
    api.on_fatal = (e) => {
      if (typeof shell.engineFailed === "function") shell.engineFailed(String((e instanceof Error && e.message) || e));
    };
  }
  ran(py);
  return py;
}
