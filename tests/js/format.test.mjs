// The shell's one megabyte formatter (web/shell/format.mjs), with each language's number style
// (automa/core/i18n.py NUMBER_STYLE: the build hands it over, the settings screen carries it).
import assert from "node:assert/strict";
import { test } from "node:test";

import { megabytes } from "../../web/shell/format.mjs";

test("megabytes are written with at most one decimal, in the language's style", () => {
  assert.equal(megabytes(12.34e6, ".", ","), "12.3");
  assert.equal(megabytes(2048.5e6, ".", ","), "2,048.5");
  assert.equal(megabytes(2048.5e6, ",", "\u00a0"), "2\u00a0048,5");
  assert.equal(megabytes(3e6, ",", "\u202f"), "3");
  assert.equal(megabytes(1234567.8e6, ".", ","), "1,234,567.8");
});

test("what is not a number of bytes is written as none", () => {
  assert.equal(megabytes(undefined, ".", ","), "0");
  assert.equal(megabytes("junk", ".", ","), "0");
  assert.equal(megabytes(null, ".", ","), "0");
});
