// Reading aloud with the device's own voices (they work offline), and passing a link on. A
// voice is only ever one of the language asked for: with none, nothing is read and the screen
// says so (#speech-state / #voice-state bring the words, in the app's language).

import { onScreen } from "./device.mjs";

const talk = window.speechSynthesis;
let reading = 0; // what was asked last: a reading waiting for the voices is dropped once it is not

/**
 * Of ``voices``, one of the language ``lang``, the language's home country first (German:
 * de-DE before de-AT or de-CH); null if none.
 * @template {{lang: string}} V
 * @param {V[]} voices
 * @param {string} lang
 * @returns {V | null}
 */
export function voiceOf(voices, lang) {
  const code = (/** @type {V} */ v) => String(v.lang).toLowerCase().replace("_", "-");
  const mine = voices.filter((v) => code(v).split("-")[0] === lang);
  return mine.find((v) => code(v) === `${lang}-${lang}`) || mine[0] || null;
}

/** @param {string} lang */
const voiceFor = (lang) => voiceOf(talk ? talk.getVoices() : [], lang);

/**
 * The paragraph ``id`` says its ``data-<key>`` (the voice named).
 * @param {string} id
 * @param {string} key
 * @param {string} [name]
 */
function said(id, key, name) {
  const p = document.getElementById(id);
  if (p) { p.hidden = false; p.textContent = (p.dataset[key] || "").replace("{voice}", name || ""); }
}

function hush() {
  reading++;
  if (talk) talk.cancel();
}

/**
 * @param {string} text
 * @param {string} lang
 * @param {unknown} rate
 * @param {boolean} again
 */
function say(text, lang, rate, again) {
  if (!talk || !window.SpeechSynthesisUtterance) { said("speech-state", "unsupported"); return; }
  hush();
  if (!text) return;
  const voice = voiceFor(lang);
  if (!voice && !again && !talk.getVoices().length) {
    // the voices come a moment later, or (a browser with none) never: after 1.5 s the
    // screen says there is none, and reads if they come after all
    const mine = reading;
    talk.addEventListener("voiceschanged", () => {
      if (mine === reading) say(text, lang, rate, true);
    }, { once: true });
    setTimeout(() => {
      if (mine === reading && !talk.getVoices().length) said("speech-state", "none");
    }, 1500);
    return;
  }
  if (!voice) { said("speech-state", "none"); return; }
  const state = document.getElementById("speech-state");
  if (state) state.textContent = "";
  const u = new SpeechSynthesisUtterance(text);
  u.voice = voice;
  u.lang = voice.lang;
  u.rate = Number(rate) || 1;
  talk.speak(u);
}

function selectLink() {
  const box = /** @type {HTMLInputElement | null} */ (document.getElementById("share-link"));
  if (box) { box.focus(); box.select(); }
}

/** @type {Window["automaCall"]} */
function call(name, json) {
  const a = JSON.parse(json);
  if (name === "say") {
    say(a[0], a[1], a[2], false);
  } else if (name === "copy" && navigator.clipboard) {
    navigator.clipboard.writeText(a[0]).then(() => said("share-state", "copied"), selectLink);
  } else if (name === "send") {
    if (navigator.share) navigator.share({ url: a[0] }).catch(() => {});
    else selectLink();
  }
}

function voiceState() {
  const p = document.getElementById("voice-state");
  if (!p || p.hidden) return;
  if (!talk) { said("voice-state", "unsupported"); return; }
  const v = voiceFor(p.dataset.lang || "");
  said("voice-state", v ? "yes" : "none", v ? v.name : "");
}

/** Speech on `window.automaCall`; what stops a reading. */
export function startSpeech() {
  window.automaCall = call;
  // An answer (any tap but "Read aloud"), a step ticked off or leaving the screen stops the
  // reading; what the next screen has new starts it again.
  document.addEventListener("click", (e) => {
    const target = /** @type {Element} */ (e.target);
    const t = target.closest && target.closest("[data-act]");
    if (t && t.getAttribute("data-act") !== "speak") hush();
  }, true);
  document.addEventListener("change", (e) => {
    const target = /** @type {Element} */ (e.target);
    if (target.classList && target.classList.contains("tick")) hush();
  }, true);
  addEventListener("hashchange", hush);
  if (talk) talk.addEventListener("voiceschanged", voiceState);
  onScreen(voiceState);
}
