// A screen painted before the engine starts. A saved game reopened (#/play/<id>): its last
// screen, stored beside the save by the app (automa/app/screens.py). Storage is hostile: the
// screen is shown only if its format, revision, game and language match the save and the page
// (store.mjs storedScreen), and only through DOMPurify with our own tags, attributes and
// classes, links to our own screens and ids the page does not use. Or Home as a first visit
// sees it, in each language, drawn by the build with the app's own views
// (automa/app/first_home.py): painted when the page opens on Home and the storage holds nothing
// that makes Home look otherwise (K.home_unless), guides open (static pages).
// Either stays inert until the engine draws its own: one tap on an answer (a game's tile on
// Home) is kept for the engine (it is given once, if it still answers the same question), any
// other tap says that the engine is still starting.

import { ALLOW, HOMES } from "./built.mjs";
import { $, el } from "./page.mjs";
import { say } from "./progress.mjs";
import { homeChanged, own, storedScreen } from "./store.mjs";

/**
 * @typedef {{home: boolean, save: string, rev: number, key: string | null, acts: string[],
 *            screen: Node, game?: string}} Found
 */

/** The build's Home in the page's language (the build's own markup, in the page itself). */
export function homeMarkup() {
  const t = document.createElement("template");
  t.innerHTML = HOMES[window.automaShell.lang];
  return t.content;
}

/** @returns {Found | null} */
function firstHome() {
  const shell = window.automaShell, K = shell.keys;
  if (!/^(#\/?)?$/.test(location.hash) || shell.blocked || !own(HOMES, shell.lang)
      || shell.newerOpen()) return null;
  /** @type {string[]} */
  const names = [];
  try {
    for (let i = 0; i < localStorage.length; i++) names.push(String(localStorage.key(i)));
  } catch (e) { return null; }
  return homeChanged(names, K.home_unless) ? null
    : { home: true, save: "", rev: 0, key: K.home_key, acts: ALLOW.early.home, screen: homeMarkup() };
}

/**
 * ``markup`` through DOMPurify: our own screens pass untouched; one that needs anything taken
 * out was not written by the app, so none of it is shown (null).
 * @param {string} markup
 */
function sanitized(markup) {
  /** @type {Record<string, boolean>} */
  const classes = {};
  const ids = /^[a-z][a-z0-9_-]{0,60}$/, href = new RegExp(`^(?:${ALLOW.href})`);
  let foreign = false;
  for (const c of ALLOW.classes) classes[c] = true;
  DOMPurify.addHook("uponSanitizeAttribute", (node, data) => {
    if (data.attrName === "class") {
      foreign = foreign || data.attrValue.split(/\s+/).some((c) => c && !own(classes, c));
    } else if (data.attrName === "id") {
      foreign = foreign || !ids.test(data.attrValue) || Boolean(document.getElementById(data.attrValue));
    } else if (data.attrName === "href") {
      foreign = foreign || !href.test(data.attrValue);
    }
  });
  const out = DOMPurify.sanitize(markup, { // (text, and the body the markup is parsed into)
    ALLOWED_TAGS: [...ALLOW.tags, "#text", "body"], ALLOWED_ATTR: ALLOW.attrs,
    ALLOW_DATA_ATTR: false, ALLOW_ARIA_ATTR: false, KEEP_CONTENT: false, RETURN_DOM_FRAGMENT: true,
  });
  DOMPurify.removeAllHooks();
  return foreign || DOMPurify.removed.length ? null : out;
}

/** @returns {Found | null} */
function playScreen() {
  const shell = window.automaShell, K = shell.keys;
  const m = new RegExp(`^#/play/(${K.save_id})$`).exec(location.hash);
  if (!m || !window.DOMPurify || !DOMPurify.isSupported) return null;
  let save = null, raw = null;
  try {
    save = localStorage.getItem(K.save + m[1]);
    raw = localStorage.getItem(K.screen + m[1]);
  } catch (e) { /* not shown */ }
  const found = storedScreen(save, raw, ALLOW, shell.lang, K.header_max);
  const screen = found && sanitized(found.markup), play = screen && screen.firstElementChild;
  const prompt = play && play.querySelector("#prompt");
  if (!found || !screen || !play || !prompt || screen.children.length !== 1
      || !play.classList.contains("play")) return null;
  return { home: false, save: m[1], rev: found.rev, game: found.game, screen,
           key: prompt.getAttribute("data-key"), acts: ALLOW.early.play };
}

/**
 * Keep the screen inert until the engine is ready: the first tap it offers kept for the
 * engine (automaShell.early), any other stopped and answered on the loading line.
 * @param {HTMLElement} box
 * @param {Found} found
 */
function inert(box, found) {
  const shell = window.automaShell;
  /** @type {object | null} */
  let kept = null;
  /** An event on the screen stopped (and its control found); null if not the screen's.
   * @param {Event} e */
  const busy = (e) => {
    const target = /** @type {Element} */ (e.target);
    if (document.body.dataset.pyReady || !box.contains(target)) return null;
    e.preventDefault();
    e.stopPropagation();
    return target.closest("[data-act]") || box;
  };
  /** @param {Event} e */
  const within = (e, /** @type {string} */ selector) => {
    const target = /** @type {Element} */ (e.target);
    return Boolean(target.closest && target.closest(selector));
  };
  document.addEventListener("click", (e) => {
    if (found.home && within(e, 'a[href^="./guide/"]')) return;
    const button = busy(e), act = button && button.getAttribute("data-act");
    if (!button) return;
    if (!kept && act !== null && found.acts.includes(act)) {
      kept = { save: found.save, rev: found.rev, key: found.key,
               act, arg: button.getAttribute("data-arg"), json: button.getAttribute("data-json") };
      shell.early = JSON.stringify(kept);
      button.setAttribute("aria-pressed", "true");
    }
    say(!kept ? "tap_wait" : found.home ? "home_kept" : "tap_kept");
  }, true);
  document.addEventListener("beforeinput", busy, true);
  document.addEventListener("mousedown", (e) => { if (within(e, "select")) busy(e); }, true);
  document.addEventListener("keydown", (e) => {
    if (e.key !== "Tab" && within(e, "input, select")) busy(e);
  }, true);
}

/**
 * Put a stored play screen or the build's Home up, if there is one to show. Put up at once, so
 * the page's first paint is the game's screen (bench/startup.py: a tenth of a second sooner on
 * a phone than once the engine's modules ran, its start no later).
 */
export function resume() {
  const shell = window.automaShell;
  const found = playScreen() || firstHome();
  if (!found) return;
  const box = el("div", { id: "shell-screen", class: "shell-screen", "aria-busy": "true",
                          lang: found.home ? shell.lang : null }, [found.screen]);
  if (found.home) { // below the loading line; the shell's guides and settings work
    $("app").append(box);
    shell.home = /** @type {HTMLElement & {lang: string}} */ (box);
  } else {
    $("shell").classList.add("shell-resuming");
    $("app").insertBefore(box, $("shell"));
    shell.resumed = found.game;
    say("resume");
  }
  inert(box, found);
}
