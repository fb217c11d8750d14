// The shell's own panels while the engine loads: the saved games, the rule guides (static
// pages) and the settings that work without Python (written into the stored settings the app
// reads at start). Python's first screen replaces them all.

import { $, el, s } from "./page.mjs";
import { failed, progress } from "./progress.mjs";
import { homeMarkup } from "./resume.mjs";
import { plainObject, readJson, savedGames, writtenWhen } from "./store.mjs";

/** Why the settings were not written ("newer", a refusal's name, or ""). */
let problem = "";

function saves() {
  const shell = window.automaShell, K = shell.keys;
  const games = savedGames(readJson(K.index), K.index_v);
  const box = $("shell-saves"), ul = el("ul", { class: "plain stack" });
  box.replaceChildren(el("h2", {}, [s("home.saved")]), el("p", { class: "muted" }, [s("shell.ready_soon")]), ul);
  for (const [, meta] of games.slice(0, 8)) {
    const texts = plainObject(meta.turn_text), when = writtenWhen(meta, K.when_text);
    const told = texts && typeof texts[shell.lang] === "string" ? String(texts[shell.lang]) : "";
    const done = meta.finished ? s("home.finished")
      : told || s("home.turn").replace("{n}", String(Number(meta.turn) || 0));
    ul.append(el("li", {}, [[s(`game.${meta.game}`) || meta.game, done, when].filter(Boolean).join(" · ")]));
  }
  box.hidden = !games.length;
}

function guides() {
  const shell = window.automaShell;
  const list = el("ul", { class: "plain stack" }, shell.guides.map((id) => el("li", {}, [
    el("a", { class: "button wide", href: `./guide/${id}.${shell.lang}.html` }, [s(`game.${id}`) || id])])));
  // the guides' index names the languages each guide is written in (issue 51)
  $("shell-guides").replaceChildren(el("h2", {}, [s("shell.guides")]),
                                    el("p", { class: "muted" }, [s("app.languages")]), list);
}

/**
 * One group of choices of the settings form.
 * @param {string} name
 * @param {string} legend
 * @param {[string | number, string][]} options value and label
 * @param {string | number} now
 */
function group(name, legend, options, now) {
  return el("fieldset", { class: "field" }, [el("legend", {}, [legend]), ...options.map(([value, label]) =>
    el("label", { class: "choice" }, [
      el("input", { type: "radio", name: `shell-${name}`, value: String(value), "data-shell": name,
                    id: `shell-${name}-${value}`, checked: String(now) === String(value) ? "" : null }),
      el("span", name === "lang" ? { lang: String(value) } : {}, [label])]))]);
}

function settings() {
  const shell = window.automaShell;
  $("shell-settings").replaceChildren(el("h2", {}, [s("settings.title")]), el("form", { class: "stack" }, [
    group("lang", s("settings.language"), Object.keys(shell.strings).map((l) =>
      [l, shell.strings[l][`settings.lang_${l}`] || l]), shell.lang),
    group("theme", s("settings.theme"), shell.choices.theme.map((t) => [t, s(`settings.theme_${t}`)]),
          shell.settings.theme),
    group("text", s("settings.text"), shell.choices.text.map((t, i) => [t, s(`settings.text_${i}`)]),
          shell.settings.text),
  ]), el("p", { class: "muted" }, [s("shell.settings_more")]),
  el("p", { class: "muted", role: "status" }, [problem === "newer" ? s("store.newer_open")
    : problem ? s("error.settings_not_saved").replace("{detail}", problem) : ""]));
}

/** Paint the shell in the page's language. */
export function paint() {
  const shell = window.automaShell;
  document.title = $("title").textContent = s("app.title");
  for (const [id, key] of [["guides", "shell.guides_short"], ["settings", "nav.settings"]]) {
    const button = $(`shell-${id}-open`);
    button.setAttribute("aria-label", s(key));
    /** @type {ChildNode} */ (button.lastChild).textContent = s(key);
  }
  $("shell-guides-open").hidden = !shell.guides.length;
  if (shell.resumed) $("title").textContent = s(`game.${shell.resumed}`);
  if (shell.home && !shell.early && shell.home.lang !== shell.lang) { // a language chosen
    shell.home.replaceChildren(homeMarkup());
    shell.home.lang = shell.lang;
  }
  const last = plainObject(shell.last), names = plainObject(last && last.name);
  const name = names && names[shell.lang];
  if (typeof name === "string") {
    const l = $("shell-last");
    l.textContent = s("shell.last").replace("{game}", name);
    l.hidden = false;
  }
  progress();
  if (shell.resumed) return; // the game's screen covers the shell's lists and panels
  saves(); guides(); settings();
}

/**
 * One setting written into the stored settings (nothing over a newer version's storage).
 * @param {string} name
 * @param {string | number} value
 */
function store(name, value) {
  const shell = window.automaShell;
  if (shell.newerOpen()) { problem = "newer"; return; }
  const now = plainObject(readJson(shell.keys.settings)) || {};
  now[name] = value;
  problem = window.automaStore(shell.keys.settings, JSON.stringify(now));
}

/** The panels' buttons and the settings form answer. */
export function startPanels() {
  const shell = window.automaShell;
  for (const name of ["guides", "settings"]) {
    const button = $(`shell-${name}-open`);
    button.addEventListener("click", () => {
      const panel = $(`shell-${name}`), open = panel.hidden;
      panel.hidden = !open;
      button.setAttribute("aria-expanded", String(open));
      if (open) panel.scrollIntoView({ block: "nearest" });
    });
  }
  $("shell-settings").addEventListener("change", (e) => {
    const input = /** @type {HTMLInputElement} */ (e.target), name = input.dataset.shell;
    if (!name) return;
    const value = name === "text" ? parseFloat(input.value) : input.value;
    if (name === "lang") {
      shell.lang = String(value);
      document.documentElement.lang = shell.lang;
    } else if (name === "theme") {
      shell.settings.theme = String(shell.apply(name, value));
    } else if (name === "text") {
      shell.settings.text = Number(shell.apply(name, value));
    }
    store(name, value);
    paint();
    const again = document.getElementById(`shell-${name}-${value}`);
    if (again) again.focus();
  });
  // The engine stopped for good (a fatal error of Pyodide: pyodide/boot.mjs calls this, before
  // or after the first screen): what happened, and Home, which starts the app again there.
  shell.engineFailed = (detail) => {
    failed();
    const home = el("button", { type: "button", class: "primary", id: "engine-home" }, [s("nav.home")]);
    home.addEventListener("click", () => { location.hash = "#/"; location.reload(); });
    $("app").replaceChildren(el("section", { class: "panel stack", id: "engine-failed", role: "alert" }, [
      el("p", {}, [s("shell.engine_failed").replace("{detail}", String(detail).slice(0, 120))]), home]));
    document.body.dataset.engineFailed = "1";
  };
}
