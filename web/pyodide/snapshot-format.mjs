// The start-up snapshot's bytes (see boot.mjs), as the worker that makes it writes them and the
// worker that reads it back checks and lays them out: one module for both sides.

// The layout the memory is packed in (stored beside it as "x-format").
export const FORMAT = "pages-1";
const PAGE = 4096;

// Python that answers the build stamp the engine's memory was prepared under
// (automa.app.snapshot.made_by: "" if it never was).
export const MADE_BY = "__import__('automa.app.snapshot', fromlist=['made_by']).made_by()";

// The snapshot without its pages of zeros (nearly half of Pyodide's memory is free space): the
// whole length and the number of runs, each run's offset and length, then the runs' bytes (all
// numbers 32-bit little-endian). Less to read at every start.
/**
 * @param {Uint8Array} memory
 * @returns {Uint8Array<ArrayBuffer>}
 */
export function pack(memory) {
  /** @type {[number, number][]} */
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

// The memory :func:`pack` packed, or null if the runs do not fit together.
/**
 * @param {Uint8Array} packed
 * @returns {Uint8Array<ArrayBuffer> | null}
 */
export function unpack(packed) {
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  if (packed.length < 8) return null;
  const length = view.getUint32(0, true), count = view.getUint32(4, true);
  let at = 8 + 8 * count;
  if (at > packed.length) return null;
  const memory = new Uint8Array(length);
  for (let n = 0; n < count; n++) {
    const offset = view.getUint32(8 + 8 * n, true), size = view.getUint32(12 + 8 * n, true);
    if (offset + size > length || at + size > packed.length) return null;
    memory.set(packed.subarray(at, at + size), offset);
    at += size;
  }
  return at === packed.length ? memory : null;
}

// The SHA-256 of ``bytes`` in base64 (as the service worker writes a file's). The worker that
// makes a snapshot writes it beside the bytes, the reader checks it: bytes changed in storage
// (a flash error, a write by anything else on the origin) are never laid out as the engine's
// memory.
/**
 * @param {Uint8Array<ArrayBuffer>} bytes
 * @returns {Promise<string>}
 */
export async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  let text = "";
  for (const byte of digest) text += String.fromCharCode(byte);
  return btoa(text);
}
