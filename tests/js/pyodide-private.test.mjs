// The start-up snapshot (web/pyodide/boot.mjs, snapshot-worker.mjs) rests on Pyodide's private
// API: makeMemorySnapshot is @private, the options _makeSnapshot and _loadSnapshot are @ignore in
// its pyodide.d.ts, and the fatal-error hook is _api.on_fatal. package.json pins the version;
// this fails loudly if the pinned Pyodide no longer has them (then the snapshot must be made
// another way, or turned off: boot.mjs's start() always falls back to a plain start).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

const root = new URL("../../", import.meta.url);
const read = (path) => readFileSync(new URL(path, root), "utf8");
const pinned = JSON.parse(read("package.json")).dependencies.pyodide;

test("the pinned Pyodide is the one installed", () => {
  assert.equal(JSON.parse(read("node_modules/pyodide/package.json")).version, pinned);
});

test("the pinned Pyodide still declares the private snapshot API the app uses", () => {
  const types = read("node_modules/pyodide/pyodide.d.ts");
  assert.match(types, /@private\s*\*\/\s*static makeMemorySnapshot\(/, "makeMemorySnapshot");
  assert.match(types, /\/\*\* @ignore \*\/\s*_makeSnapshot\?: boolean;/, "_makeSnapshot");
  assert.match(types, /\/\*\* @ignore \*\/\s*_loadSnapshot\?: Uint8Array/, "_loadSnapshot");
});

test("the pinned Pyodide's code still reads the snapshot options and has the fatal hook", () => {
  const loader = read("node_modules/pyodide/pyodide.mjs");
  const runtime = read("node_modules/pyodide/pyodide.asm.mjs");
  assert.ok(loader.includes("_loadSnapshot"), `_loadSnapshot is gone from pyodide.mjs ${pinned}`);
  for (const name of ["_makeSnapshot", "makeMemorySnapshot", "on_fatal"]) {
    assert.ok(runtime.includes(name), `${name} is gone from pyodide.asm.mjs ${pinned}`);
  }
});
