// The shell's state, read before Python is ready (every stored value checked: storage may hold
// anything): settings, language and the last game, the build's values, and the start-up
// snapshot's read begun. It becomes `window.automaShell` (declared in shell.d.ts).

import * as built from "./built.mjs";
import { newerFormats, own, plainObject, readJson } from "./store.mjs";

/** @typedef {import("./shell").AutomaShell} AutomaShell */
/** @typedef {import("./shell").Look} Look */

/**
 * The page's language: the one chosen in the settings if the app speaks it, else the first of
 * the browser's it speaks, else English.
 * @param {unknown} chosen
 * @param {Record<string, unknown>} spoken
 * @param {readonly string[]} preferred
 */
export function pageLanguage(chosen, spoken, preferred) {
  if (typeof chosen === "string" && own(spoken, chosen)) return chosen;
  for (const code of preferred.map((p) => String(p).slice(0, 2).toLowerCase())) {
    if (own(spoken, code)) return code;
  }
  return "en";
}

/**
 * One setting of the look put on the page (a value the settings do not offer: the default).
 * @param {keyof Look} name
 * @param {unknown} value
 */
function apply(name, value) {
  const offered = /** @type {unknown[]} */ (built.CHOICES[name]);
  const ok = offered.includes(value) ? value : offered[0];
  const root = document.documentElement;
  if (name === "theme") {
    root.dataset.theme = String(ok);
  } else {
    root.style.setProperty("--text-scale", String(ok));
    root.dataset.text = String(ok);
  }
  return /** @type {string | number} */ (ok);
}

/**
 * A start from the snapshot that failed reloads the page (boot.mjs): that reload starts plainly
 * at once (snapshotFailed), whatever Cache Storage holds; a mark in this tab's sessionStorage,
 * read once.
 * @param {string} mark
 */
function snapshotRetry(mark) {
  let failed;
  try {
    failed = sessionStorage.getItem(mark) === "1";
    sessionStorage.removeItem(mark);
  } catch (e) { failed = false; }
  const retryPlain = () => {
    try { sessionStorage.setItem(mark, "1"); return true; } catch (e) { return false; }
  };
  return { snapshotFailed: failed, retryPlain };
}

/**
 * The engine's start-up snapshot (pyodide/boot.mjs), read from Cache Storage now, by a worker
 * (off this thread), while PyScript loads: the loader takes this promise (null: none, or no
 * storage), this key and this cache. Only a build for an origin the app has to itself names a
 * cache (build.py --own-origin; README, Hosting): elsewhere the engine starts plainly.
 * @param {AutomaShell} shell
 * @returns {Promise<import("./shell").SnapshotFound | null> | null}
 */
function snapshotRead(shell) {
  if (!window.caches || !window.Worker || !shell.stamp || !shell.snapshotCache
      || window.automaSnapshot === "off" || shell.snapshotFailed) return null;
  return new Promise((done) => {
    // A reader that has not answered in time (8 s; automaSnapshotWait for the tests) is not
    // waited for: the engine starts without the snapshot.
    const wait = typeof window.automaSnapshotWait === "number" ? window.automaSnapshotWait : 8000;
    /** @type {Worker | null} */
    let reader = null;
    const end = (/** @type {import("./shell").SnapshotFound | null} */ found) => {
      clearTimeout(late);
      if (reader) reader.terminate();
      done(found);
    };
    const late = setTimeout(() => end(null), wait);
    try {
      reader = new Worker("./pyodide/snapshot-reader.mjs", { type: "module" });
    } catch (e) { end(null); return; }
    reader.onmessage = (e) => end(e.data);
    reader.onerror = () => end(null);
    reader.postMessage({ cache: shell.snapshotCache, key: shell.snapshotKey, build: shell.stamp });
  });
}

/**
 * `window.automaShell`, made from the storage and the build's values.
 * @returns {AutomaShell}
 */
export function startShell() {
  const K = built.KEYS;
  const settings = plainObject(readJson(K.settings)) || {};
  const lang = pageLanguage(settings.lang, built.STRINGS,
                            navigator.languages || [navigator.language || "en"]);
  document.documentElement.lang = lang;
  let blocked = false;
  try { void localStorage.length; } catch (e) { blocked = true; } // site data blocked
  /** @type {AutomaShell} */
  const shell = {
    strings: built.STRINGS, keys: K, lang, last: readJson(K.last), t0: performance.now(),
    updated: false, blocked, early: "", stamp: built.STAMP, formats: built.FORMATS,
    newerOpen: () => newerFormats(readJson(K.format), built.FORMATS),
    guides: built.GUIDES, choices: built.CHOICES, apply,
    settings: { theme: String(apply("theme", settings.theme)), text: Number(apply("text", settings.text)) },
    snapshotCache: built.SNAPSHOT_CACHE,
    snapshotKey: new URL(`./pyodide/snapshot.bin?build=${encodeURIComponent(built.STAMP)}`,
                         location.href).href,
    ...snapshotRetry(K.snapshot_failed),
    snapshotRead: null,
    applyUpdate: () => location.reload(),
  };
  window.automaShell = shell;
  shell.snapshotRead = snapshotRead(shell);
  return shell;
}
