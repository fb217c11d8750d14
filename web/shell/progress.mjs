// The loading line: the megabytes loaded so far (counted as they arrive, on a first visit;
// every file's once it is in), or what stopped the engine, or what a screen painted early says.

import { NUMBER_STYLE, TOTAL } from "./built.mjs";
import { countResponses } from "./fetch.mjs";
import { megabytes } from "./format.mjs";
import { $, s } from "./page.mjs";

/** The files whose bytes are counted (buildsteps/page.py SHELL_FILES). */
const BIG = /(pyodide\.asm\.wasm|python_stdlib\.zip|automa\.zip|pyodide\.asm\.mjs)$/;
// Without WebAssembly (turned off by iOS's Lockdown Mode, or by a policy) Python cannot start
// at all: the loading screen says why at once instead of waiting for the failure.
const noWasm = typeof WebAssembly !== "object" || typeof WebAssembly.instantiate !== "function";
/** @type {"starting" | "loading" | "loaded" | "failed"} */
let state = noWasm ? "failed" : "starting";
let notice = ""; // what the status line says instead of the loading (a screen painted early)
let got = 0;
/** @type {Record<string, number>} */
const seen = {};

const ready = () => Boolean(document.body.dataset.pyReady);

/**
 * Bytes in MB as the page's language writes them.
 * @param {number} n
 */
function mb(n) {
  const style = NUMBER_STYLE[window.automaShell.lang] || NUMBER_STYLE.en || [".", ","];
  return megabytes(n, style[0], style[1]);
}

/** Say where the start is. */
export function progress() {
  const text = document.getElementById("progress"); // (gone once the engine failed)
  if (ready() || !text) return;
  if (notice && state !== "failed") {
    text.textContent = s(`shell.${notice}`);
    return;
  }
  const failed = state === "failed" && (noWasm ? "no_wasm" : window.automaShell.blocked ? "blocked" : "");
  text.textContent = state !== "loaded" ? s(`shell.${failed || state}`)
    : got >= TOTAL ? s("shell.unpacking") // every byte is in: the engine starts
      : s("shell.loaded").replace("{done}", mb(got)).replace("{total}", mb(TOTAL));
}

/**
 * What the line says instead of the loading (a word of shell.*), or the engine failed.
 * @param {string} word
 */
export function say(word) {
  notice = word;
  progress();
}

/** The engine stopped for good. */
export function failed() {
  state = "failed";
  progress();
}

function show() {
  if (ready() || !TOTAL || state === "failed") return;
  got = Math.min(Object.values(seen).reduce((a, b) => a + b, 0), TOTAL);
  /** @type {HTMLProgressElement} */ ($("shell-meter")).value = got / TOTAL;
  state = "loaded";
  progress();
}

/**
 * ``answer`` with its bytes counted as they pass on their way (no copy of the body is read),
 * so the wasm still streams straight into the compiler while it arrives.
 * @param {RequestInfo | URL} input
 * @param {Promise<Response>} answer
 */
function counted(input, answer) {
  const m = BIG.exec(String((input && /** @type {Request} */ (input).url) || input).split("?")[0]);
  // From the service worker's cache (every visit after the first) loading is quick: nothing
  // is counted then, so nothing is added to the start-up.
  const cached = navigator.serviceWorker && navigator.serviceWorker.controller;
  if (!m || cached || ready() || !window.TransformStream) return answer;
  return answer.then((r) => {
    if (!r.ok || !r.body) return r;
    const name = m[1];
    let bytes = 0; // (a preloaded file read again is not counted twice)
    const body = r.body.pipeThrough(new TransformStream({
      transform(chunk, out) {
        bytes += chunk.byteLength;
        seen[name] = Math.max(seen[name] || 0, bytes);
        show();
        out.enqueue(chunk);
      },
    }));
    return new Response(body, { status: r.status, statusText: r.statusText, headers: r.headers });
  });
}

/** Count the engine's bytes as they arrive, and say where the start is. */
export function startProgress() {
  addEventListener("py:progress", () => {
    if (state === "starting") { state = "loading"; progress(); }
  });
  addEventListener("error", failed);
  countResponses(counted);
  if (window.PerformanceObserver) {
    try {
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) {
          const m = BIG.exec(e.name.split("?")[0]);
          const size = /** @type {PerformanceResourceTiming} */ (e).decodedBodySize || 0;
          if (m) { seen[m[1]] = Math.max(seen[m[1]] || 0, size); show(); }
        }
      }).observe({ type: "resource", buffered: true });
    } catch (e) { /* no resource timing: counted as they arrive only */ }
  }
}
