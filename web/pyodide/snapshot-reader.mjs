// Reads the engine's start-up snapshot (see boot.mjs) off the page: the page's shell starts this
// worker at its first script, and the memory comes back whole, its buffer handed over (not
// copied), while the page's own thread parses the page and paints the stored screen. Reading
// 17 MB and laying out 31 MB on the page's thread cost it a quarter of a second on a phone.
//
// Asked: {cache, key, build}. Answers one message: null (no snapshot of this build, or no
// storage), or {memory, length, pyodide, format, build, damaged}: memory is null if the entry is
// short, of another build (its "x-build"), not the bytes its maker wrote (their SHA-256:
// damaged) or its runs do not fit together (boot.mjs then drops it); length is "refused" for
// the mark of a snapshot that is not to be made again.
import { sha256, unpack } from "./snapshot-format.mjs";

/**
 * @param {string} cacheName
 * @param {string} key
 * @param {string} build
 * @returns {Promise<import("../shell/shell").SnapshotFound | null>}
 */
async function read(cacheName, key, build) {
  const hit = await (await caches.open(cacheName)).match(key);
  if (!hit) return null;
  const length = hit.headers.get("x-length");
  /** @type {import("../shell/shell").SnapshotFound} */
  const found = { memory: null, length, pyodide: hit.headers.get("x-pyodide"),
                  format: hit.headers.get("x-format"), build: hit.headers.get("x-build"),
                  damaged: false };
  if (length === "refused" || found.build !== build) return found;
  const packed = new Uint8Array(await hit.arrayBuffer());
  if (packed.length === 0 || String(packed.length) !== length) return found;
  found.damaged = (await sha256(packed)) !== hit.headers.get("x-sha256");
  if (!found.damaged) found.memory = unpack(packed);
  return found;
}

self.onmessage = async ({ data }) => {
  /** @type {import("../shell/shell").SnapshotFound | null} */
  let found = null;
  try {
    found = await read(String(data.cache), String(data.key), String(data.build));
  } catch (e) { /* no storage: the page starts without */ }
  postMessage(found, found && found.memory ? [found.memory.buffer] : []);
};
