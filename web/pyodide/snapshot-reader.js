// Reads the engine's start-up snapshot (see boot.mjs) off the page: the page's shell starts this
// worker at its first script, and the memory comes back whole, its buffer handed over (not
// copied), while the page's own thread parses the page and paints the stored screen. Reading
// 17 MB and laying out 31 MB on the page's thread cost it a quarter of a second on a phone.
//
// Asked: {cache, key}. Answers one message: null (no snapshot of this build, or no storage),
// or {memory, length, pyodide, format}; memory is null if the entry is short or its runs do not
// fit together (boot.mjs then drops it), and length is "refused" for the mark of a snapshot
// that is not to be made again.

// The memory the worker that made it packed (snapshot-worker.mjs: its pages of zeros left out),
// or null if the runs do not fit together.
function unpack(packed) {
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

async function read(cacheName, key) {
  const hit = await (await caches.open(cacheName)).match(key);
  if (!hit) return null;
  const length = hit.headers.get("x-length");
  const found = { memory: null, length, pyodide: hit.headers.get("x-pyodide"),
                  format: hit.headers.get("x-format") };
  if (length === "refused") return found;
  const packed = new Uint8Array(await hit.arrayBuffer());
  if (packed.length > 0 && String(packed.length) === length) found.memory = unpack(packed);
  return found;
}

self.onmessage = async ({ data }) => {
  let found = null;
  try {
    found = await read(String(data.cache), String(data.key));
  } catch (e) { /* no storage: the page starts without */ }
  postMessage(found, found && found.memory ? [found.memory.buffer] : []);
};
