// The page's shell as the rest of the page sees it: `window.automaShell`, declared once, with
// every field typed, and the few functions the Python glue (web/main.py) calls on `window`.
// Written by the shell's modules (web/shell/*.mjs) and the engine's loader
// (web/pyodide/boot.mjs); read by them and by web/main.py. Not shipped (types only).

/** The storage keys and formats the shell reads (the build writes them: web/shell/built.mjs). */
export interface StorageKeys {
  settings: string;
  last: string;
  index: string;
  index_v: number;
  save: string;
  save_id: string;
  header_max: number;
  /** The shape of a stored ``when_text`` (a regular expression's source). */
  when_text: string;
  screen: string;
  format: string;
  reload: string;
  snapshot_failed: string;
  home_unless: string[];
  home_key: string;
}

/** The values the settings the shell writes accept, the first the default. */
export interface SettingChoices {
  theme: string[];
  text: number[];
}

/** The look the shell applies before Python is ready (and Python through it afterwards). */
export interface Look {
  theme: string;
  text: number;
}

/** What the shell lets through of a stored play screen (automa/app/screens.py). */
export interface ScreenAllow {
  v: number;
  max: number;
  tags: string[];
  attrs: string[];
  classes: string[];
  href: string;
  /** The taps kept for the engine: on a stored play screen, on the build's Home. */
  early: { play: string[]; home: string[] };
}

/** What the snapshot's reader worker answers (web/pyodide/snapshot-reader.mjs). */
export interface SnapshotFound {
  memory: Uint8Array<ArrayBuffer> | null;
  length: string | null;
  pyodide: string | null;
  format: string | null;
  build: string | null;
  damaged: boolean;
}

/** How the engine's start-up snapshot went (web/pyodide/boot.mjs). */
export type SnapshotState = "off" | "none" | "used" | "making" | "made" | "failed" | "refused"
  | "damaged" | "foreign" | "dropped";

export interface AutomaShell {
  // --- read before Python is ready (web/shell/state.mjs) ---
  /** The shell's texts, by language then key. */
  strings: Record<string, Record<string, string>>;
  keys: StorageKeys;
  /** The page's language (a setting, else the browser's first one the app speaks). */
  lang: string;
  /** The last game opened (automa.last; storage is hostile: checked where it is read). */
  last: unknown;
  /** When the shell started (ms, the page's clock). */
  t0: number;
  /** Whether the page cannot use its storage (site data blocked). */
  blocked: boolean;
  /** A tap on the stored screen or the build's Home kept for the engine (JSON, "" if none). */
  early: string;
  /** The build's version stamp. */
  stamp: string;
  /** The version of every format this build writes. */
  formats: Record<string, number>;
  /** Whether the storage was opened by a newer version of the app (nothing is written then). */
  newerOpen: () => boolean;
  /** The games with a rule guide. */
  guides: string[];
  choices: SettingChoices;
  /** Apply one setting of the look; the value applied (a value not offered: the default). */
  apply: (name: keyof Look, value: unknown) => string | number;
  settings: Look;
  // --- the engine's start-up snapshot ---
  /** Its cache ("": none, the engine always starts plainly). */
  snapshotCache: string;
  /** Its place in that cache: this build's. */
  snapshotKey: string;
  /** Whether this page is the reload after a start from the snapshot failed. */
  snapshotFailed: boolean;
  /** Mark the next start to go without a snapshot (false: it cannot be marked). */
  retryPlain: () => boolean;
  /** The snapshot read off the page's thread (null: none, or no storage). */
  snapshotRead: Promise<SnapshotFound | null> | null;
  snapshot?: SnapshotState;
  /** Why this start went without the snapshot it found. */
  snapshotSkipped?: SnapshotState;
  snapshotBytes?: number;
  /** When each stage of the engine's start was reached (ms), for the benchmarks. */
  startMarks?: Record<string, number>;
  // --- the shell's screens ---
  /** The build's Home, painted by the shell (first visit). */
  home?: HTMLElement & { lang: string };
  /** The game whose stored screen the shell painted. */
  resumed?: string;
  /** The engine stopped for good: say so, offer Home. */
  engineFailed?: (detail: string) => void;
  /** When the shell was painted, and when Python's first screen was (ms). */
  painted?: number;
  ready?: number;
  /** Python's start, as JSON (app_ms, first_screen_ms). */
  timing?: string;
  // --- updates (web/shell/updates.mjs) ---
  /** Whether a new version waits. */
  updated: boolean;
  /** Its version name ("" if it did not say). */
  updateVersion?: string;
  /** Why a new version could not be installed, as its worker said. */
  installFailed?: string;
  /** Reload into the new version. */
  applyUpdate: () => void;
  // --- the screen kept on (web/shell/device.mjs) ---
  wantWake?: boolean;
  lock?: WakeLockSentinel | null;
  wakeListener?: () => void;
}

declare global {
  interface Window {
    automaShell: AutomaShell;
    /** Write to localStorage: "" or the name of the browser's refusal. */
    automaStore: (key: string, value: string) => string;
    /** Put play-screen part ``i`` in its place: only the nodes that changed (shell/put.mjs). */
    automaPut: (play: Element, i: number, markup: string) => void;
    /** Hand a file to the player. */
    automaDownload: (name: string, text: string) => void;
    /** Read a chosen file: done(name, text, null) or done(name, null, why). */
    automaReadFile: (file: File, done: (name: string, text: string | null, error: string | null) => void) => void;
    /** Hold (or release) a screen wake lock. */
    automaWake: (on: boolean) => void;
    /** A job of the shell's, by name, its arguments as a JSON list: say, copy, send. */
    automaCall: (name: string, json: string) => void;
    /** The game in play as JSON (web/main.py, for the tests). */
    automaDebug?: () => string;
    /** "off": the engine starts without a snapshot (the tests and benchmarks). */
    automaSnapshot?: string;
    /** How long the shell waits for the snapshot's reader (ms; the tests). */
    automaSnapshotWait?: number;
  }
  // (the shell's globals are read as `globalThis.x` by the modules the workers share)
  var automaShell: AutomaShell;
  var automaSnapshot: string | undefined;
}

// The sanitizer the shell shows a stored screen through: vendored DOMPurify, a classic script
// (purify/purify.min.js) that sets the global.
declare global {
  var DOMPurify: import("dompurify").DOMPurify;
}
