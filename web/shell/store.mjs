// The storage guards: what the shell reads of localStorage before Python is ready, every value
// checked (storage is hostile: another version, another page of the origin or a person may
// have written anything there), and its one way of writing.

/** @typedef {import("./shell").StorageKeys} StorageKeys */
/** @typedef {{getItem(key: string): string | null}} Readable */

/**
 * @param {object} o
 * @param {PropertyKey} k
 */
export const own = (o, k) => Object.prototype.hasOwnProperty.call(o, k);

/**
 * ``value`` if it is a plain object (not null, not a list), else null.
 * @param {unknown} value
 * @returns {Record<string, unknown> | null}
 */
export function plainObject(value) {
  return value && typeof value === "object" && !Array.isArray(value)
    ? /** @type {Record<string, unknown>} */ (value) : null;
}

/**
 * The JSON stored under ``key`` (null: none, not JSON, or the storage refused).
 * @param {string} key
 * @param {() => Readable} storage
 * @returns {unknown}
 */
export function readJson(key, storage = () => localStorage) {
  try {
    return JSON.parse(storage().getItem(key) ?? "null");
  } catch (e) {
    return null;
  }
}

/**
 * Whether the stored format record (automa/app/storage.py: ``{versions: {name: n}}``) names a
 * format newer than this build writes (``formats``): a newer version of the app opened this
 * storage, and nothing is written over it.
 * @param {unknown} found
 * @param {Record<string, number>} formats
 */
export function newerFormats(found, formats) {
  const versions = found && typeof found === "object"
    ? /** @type {{versions?: unknown}} */ (found).versions : null;
  const v = plainObject(versions);
  if (!v) return false;
  return Object.keys(v).some((k) => {
    const n = v[k];
    return typeof n === "number" && n > (own(formats, k) ? formats[k] : 0);
  });
}

/**
 * @typedef {{game: string, updated?: unknown, turn?: unknown, finished?: unknown,
 *            turn_text?: unknown, when_text?: unknown}} SaveMeta
 */

/**
 * When a saved game was last played, as the engine wrote it into the list (``when_text``,
 * in the shape the build hands over: ``keys.when_text``); "" if it wrote none or it is off.
 * @param {SaveMeta} meta
 * @param {string} shape
 */
export function writtenWhen(meta, shape) {
  const text = meta.when_text;
  return typeof text === "string" && new RegExp(`^(?:${shape})$`).test(text) ? text : "";
}

/**
 * The saved games of the stored list (automa/app/saves.py: ``{v, saves: {id: meta}}``, or the
 * older bare ``{id: meta}``), the last written first; an entry without its game is left out.
 * @param {unknown} stored
 * @param {number} version
 * @returns {[string, SaveMeta][]}
 */
export function savedGames(stored, version) {
  const list = plainObject(stored);
  const index = plainObject(list && list.v === version ? list.saves : list) || {};
  /** @type {[string, SaveMeta][]} */
  const found = [];
  for (const id of Object.keys(index)) {
    const meta = plainObject(index[id]);
    if (meta && typeof meta.game === "string") found.push([id, /** @type {SaveMeta} */ (meta)]);
  }
  const when = (/** @type {SaveMeta} */ m) => Number(m.updated) || 0;
  return found.sort((a, b) => when(b[1]) - when(a[1]));
}

/**
 * The header line of a stored text (a save, a stored screen: JSON, then a newline, within
 * ``max`` characters), or null.
 * @param {string} text
 * @param {number} max
 * @returns {Record<string, unknown> | null}
 */
export function header(text, max) {
  const end = text.indexOf("\n");
  if (end < 0 || end > max) return null;
  try {
    return plainObject(JSON.parse(text.slice(0, end)));
  } catch (e) {
    return null;
  }
}

/**
 * A game's stored screen (automa/app/screens.py) if it may be shown: within ``allow.max``, of
 * the format ``allow.v``, of the save's revision and game, in the page's language; else null.
 * @param {unknown} save the save's stored text
 * @param {unknown} raw the stored screen's text
 * @param {{v: number, max: number}} allow
 * @param {string} lang
 * @param {number} max the longest header
 * @returns {{rev: number, game: string, markup: string} | null}
 */
export function storedScreen(save, raw, allow, lang, max) {
  if (typeof save !== "string" || typeof raw !== "string" || raw.length > allow.max) return null;
  const of = header(save, max), h = header(raw, max);
  if (!of || !h || h.v !== allow.v || typeof h.rev !== "number" || h.rev !== of.rev
      || typeof h.game !== "string" || h.game !== of.game || h.lang !== lang) return null;
  return { rev: h.rev, game: h.game, markup: raw.slice(raw.indexOf("\n") + 1) };
}

/**
 * Whether the storage holds a key that makes Home look other than a first visit's
 * (automa/app/first_home.py SHOWN_UNLESS: prefixes).
 * @param {string[]} names
 * @param {string[]} prefixes
 */
export function homeChanged(names, prefixes) {
  return names.some((k) => prefixes.some((prefix) => k.startsWith(prefix)));
}

/**
 * The page's way of writing to localStorage (``window.automaStore``: "" or the name of the
 * browser's refusal). Storage is best-effort (evicted under pressure) unless the browser grants
 * persist(): asked in the gesture of the first game written (Firefox asks the player; Chromium
 * and Safari decide by themselves), once a page; the grant is the browser's to remember.
 * @param {StorageKeys} keys
 * @returns {(key: string, value: string) => string}
 */
export function writer(keys) {
  let persistAsked = false;
  return (key, value) => {
    try {
      localStorage.setItem(key, value);
    } catch (e) {
      return String((e && /** @type {{name?: unknown}} */ (e).name) || "Error");
    }
    const st = navigator.storage;
    if (!persistAsked && key.startsWith(keys.save) && st && st.persist) {
      persistAsked = true;
      st.persist().catch(() => {});
    }
    return "";
  };
}
