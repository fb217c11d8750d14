// The storage guards of the shell (web/shell/store.mjs): storage is hostile, whatever it holds
// is read without a throw and shown only if it is what the app writes.
import assert from "node:assert/strict";
import { test } from "node:test";

import { header, homeChanged, newerFormats, plainObject, readJson, savedGames, storedScreen, writtenWhen }
  from "../../web/shell/store.mjs";

/** A storage holding ``items`` (a function that throws: the browser refuses). */
const holding = (items) => () => ({ getItem: (k) => (k in items ? items[k] : null) });

test("a stored value is read as JSON, anything else as none", () => {
  const storage = holding({ a: '{"x": 1}', b: "{nope", c: "[1]" });
  assert.deepEqual(readJson("a", storage), { x: 1 });
  assert.equal(readJson("b", storage), null);
  assert.equal(readJson("missing", storage), null);
  assert.deepEqual(readJson("c", storage), [1]);
  assert.equal(readJson("a", () => { throw new Error("SecurityError"); }), null);
  assert.equal(plainObject([1]), null);
  assert.equal(plainObject("x"), null);
  assert.deepEqual(plainObject({ a: 1 }), { a: 1 });
});

test("a storage that names a newer format than this build writes was opened by a newer version", () => {
  const ours = { save: 3, settings: 1 };
  assert.equal(newerFormats({ versions: { save: 3, settings: 1 } }, ours), false);
  assert.equal(newerFormats({ versions: { save: 4 } }, ours), true);
  assert.equal(newerFormats({ versions: { deck: 1 } }, ours), true); // a format we do not know
  assert.equal(newerFormats({ versions: { save: "9" } }, ours), false); // not a number: ignored
  assert.equal(newerFormats({ versions: [9] }, ours), false);
  assert.equal(newerFormats(null, ours), false);
  assert.equal(newerFormats("x", ours), false);
});

test("the saved games are listed last written first, entries without their game left out", () => {
  const stored = { v: 2, saves: { a: { game: "tapestry", updated: 5 }, b: { game: "civ_new_dawn", updated: 9 },
                                  c: { updated: 99 }, d: "junk", e: { game: 7 } } };
  assert.deepEqual(savedGames(stored, 2).map(([id]) => id), ["b", "a"]);
  assert.deepEqual(savedGames({ a: { game: "tapestry" } }, 2).map(([id]) => id), ["a"]); // older list
  assert.deepEqual(savedGames({ v: 2, saves: [1] }, 2), []);
  assert.deepEqual(savedGames([1, 2], 2), []);
  assert.deepEqual(savedGames(null, 2), []);
});

test("a saved game's date is painted as the engine wrote it, or not at all", () => {
  const shape = "[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}"; // (the build hands over saves.WHEN_TEXT)
  assert.equal(writtenWhen({ game: "tapestry", when_text: "2026-11-29 08:05" }, shape), "2026-11-29 08:05");
  assert.equal(writtenWhen({ game: "tapestry", updated: 1.7e12 }, shape), ""); // an older list: none
  for (const off of ["<b>2026</b>", "2026-11-29 08:05x", 20261129, null, ["2026-11-29 08:05"]]) {
    assert.equal(writtenWhen({ game: "tapestry", when_text: off }, shape), "", String(off));
  }
});

test("a stored text's header is its first line of JSON, within the longest header", () => {
  assert.deepEqual(header('{"rev": 3}\nrest', 100), { rev: 3 });
  assert.equal(header('{"rev": 3}', 100), null); // no newline
  assert.equal(header('{"rev": 3}\nrest', 5), null); // too long
  assert.equal(header("[3]\nrest", 100), null);
  assert.equal(header("{\nrest", 100), null);
});

test("a stored screen is shown only if it is of the save's revision, game and the page's language", () => {
  const allow = { v: 1, max: 1000 };
  const save = '{"rev": 4, "game": "tapestry"}\n{}';
  const screen = (h) => `${JSON.stringify(h)}\n<section class="play"></section>`;
  const ok = { v: 1, rev: 4, game: "tapestry", lang: "en" };
  assert.deepEqual(storedScreen(save, screen(ok), allow, "en", 200),
                   { rev: 4, game: "tapestry", markup: '<section class="play"></section>' });
  for (const change of [{ v: 2 }, { rev: 3 }, { rev: "4" }, { game: "civ_new_dawn" }, { lang: "uk" }]) {
    assert.equal(storedScreen(save, screen({ ...ok, ...change }), allow, "en", 200), null, JSON.stringify(change));
  }
  assert.equal(storedScreen(save, screen(ok), { v: 1, max: 10 }, "en", 200), null); // too large
  assert.equal(storedScreen(null, screen(ok), allow, "en", 200), null);
  assert.equal(storedScreen(save, 7, allow, "en", 200), null);
});

test("Home looks as a first visit's unless the storage holds one of the keys that change it", () => {
  const prefixes = ["automa.index", "automa.save."];
  assert.equal(homeChanged(["automa.settings", "other"], prefixes), false);
  assert.equal(homeChanged(["automa.save.abc"], prefixes), true);
});
