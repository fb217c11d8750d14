// The start-up snapshot's layout (web/pyodide/snapshot-format.mjs): the worker that makes it
// packs the memory without its pages of zeros, the reader lays it out again; a packed text
// whose runs do not fit together is refused, never laid out.
import assert from "node:assert/strict";
import { test } from "node:test";

import { FORMAT, pack, sha256, unpack } from "../../web/pyodide/snapshot-format.mjs";

const PAGE = 4096;

function memory() {
  const m = new Uint8Array(PAGE * 5 + 100); // zero pages between, a short last page
  m.fill(1, 0, PAGE);
  m.fill(2, PAGE * 3, PAGE * 4);
  m[PAGE * 5 + 50] = 3;
  return m;
}

test("the memory packed without its zero pages is laid out again byte for byte", () => {
  const m = memory();
  const packed = pack(m);
  assert.ok(packed.length < m.length / 2);
  const view = new DataView(packed.buffer);
  assert.equal(view.getUint32(0, true), m.length); // the whole length
  assert.equal(view.getUint32(4, true), 3); // three runs
  assert.deepEqual(unpack(packed), m);
  assert.equal(FORMAT, "pages-1");
});

test("a memory of zeros packs to its length alone; an empty one too", () => {
  assert.equal(pack(new Uint8Array(PAGE * 2)).length, 8);
  assert.deepEqual(unpack(pack(new Uint8Array(PAGE * 2))), new Uint8Array(PAGE * 2));
  assert.deepEqual(unpack(pack(new Uint8Array(0))), new Uint8Array(0));
});

test("a packed text cut short, grown or with runs out of place is refused", () => {
  const packed = pack(memory());
  assert.equal(unpack(packed.subarray(0, packed.length - 1)), null);
  const longer = new Uint8Array(packed.length + 1);
  longer.set(packed);
  assert.equal(unpack(longer), null);
  const moved = packed.slice();
  new DataView(moved.buffer).setUint32(8, 0xfffffff0, true); // a run past the end
  assert.equal(unpack(moved), null);
  const many = packed.slice();
  new DataView(many.buffer).setUint32(4, 1e6, true); // more runs than the text holds
  assert.equal(unpack(many), null);
  assert.equal(unpack(new Uint8Array(4)), null);
});

test("the checksum is the SHA-256 in base64, as the service worker writes a file's", async () => {
  assert.equal(await sha256(new TextEncoder().encode("abc")),
               "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=");
});
