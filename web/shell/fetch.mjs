// The page's one wrapper of `window.fetch`. The big files the engine fetches once it is up are
// asked for at once (as a preload would) and handed to the first fetch() of each: WebKit never
// gives a fetch() the response of a <link rel=preload as=fetch>, so it downloaded each of them
// twice. And each response passes the loading line's counter, if one is set (progress.mjs).

/** The files asked for at once (the engine's package, Pyodide's wasm and standard library). */
const EARLY = ["./pkgs/automa.zip", "./pyodide/pyodide.asm.wasm", "./pyodide/python_stdlib.zip"];

/** @typedef {(input: RequestInfo | URL, answer: Promise<Response>) => Promise<Response>} Counter */
/** @type {Counter | null} */
let counter = null;

/**
 * Pass every response from now on through ``count`` (it returns the response to hand on).
 * @param {Counter} count
 */
export function countResponses(count) {
  counter = count;
}

/**
 * The URL a fetch() asks for, if it is a plain GET ("" otherwise).
 * @param {RequestInfo | URL} input
 * @param {RequestInit | undefined} init
 * @param {string} base
 */
export function getUrl(input, init, base) {
  if (init && init.method && init.method !== "GET") return "";
  if (typeof input === "string" || input instanceof URL) return new URL(input, base).href;
  return input && input.method === "GET" ? input.url : "";
}

/** Ask for the early files and put the wrapper in place (before any other script fetches). */
export function wrapFetch() {
  /** @type {Map<string, Promise<Response>>} */
  const early = new Map();
  const plain = window.fetch;
  for (const file of EARLY) {
    const url = new URL(file, location.href).href;
    const got = plain(url);
    got.catch(() => {}); // a failure is the consumer's to see
    early.set(url, got);
  }
  window.fetch = (input, init) => {
    const url = getUrl(input, init, location.href);
    const got = early.get(url);
    if (got) early.delete(url);
    const answer = got || plain(input, init);
    return counter ? counter(input, answer) : answer;
  };
}
