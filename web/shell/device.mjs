// The device's jobs the Python glue asks for (web/main.py): a file handed over or read, the
// screen kept on, and what Settings say of the storage (the screen brings the words, in its
// language; the browser the figures).

import { megabytes } from "./format.mjs";

/**
 * Hand ``text`` to the player as the file ``name``.
 * @param {string} name
 * @param {string} text
 */
function download(name, text) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** @type {Window["automaReadFile"]} */
function readFile(file, done) {
  file.text().then((t) => done(file.name, t, null), (e) => done(file.name, null, String(e)));
}

/** @type {Window["automaWake"]} */
function wake(on) {
  const w = window.automaShell;
  w.wantWake = on;
  const ask = () => {
    if (w.wantWake && navigator.wakeLock && document.visibilityState === "visible") {
      navigator.wakeLock.request("screen").then((l) => { w.lock = l; }, () => {});
    }
  };
  if (on) {
    ask();
    if (!w.wakeListener) { w.wakeListener = ask; document.addEventListener("visibilitychange", ask); }
  } else if (w.lock) {
    w.lock.release();
    w.lock = null;
  }
}

// Whether the storage is persisted and how much of it is used (#storage-state). Safari on iOS
// deletes a site's data after 7 days of use without a visit, except on the Home Screen
// (navigator.standalone is false only in its browser tabs): home says so. The Home Screen app
// and Safari's tabs keep their saves apart: each says so (data-ios).
function storageState() {
  const ios = document.getElementById("ios-tab-notice");
  const where = /** @type {{standalone?: boolean}} */ (navigator).standalone;
  if (ios && where === false) ios.hidden = false;
  document.querySelectorAll("[data-ios]").forEach((p) => {
    if (typeof where === "boolean" && p instanceof HTMLElement) p.hidden = p.dataset.ios !== (where ? "app" : "tab");
  });
  const p = document.getElementById("storage-state"), st = navigator.storage;
  if (!p || p.dataset.filled || !st || !st.persisted || !st.estimate) return;
  p.dataset.filled = "1";
  const mb = (/** @type {unknown} */ n) => megabytes(n, p.dataset.point || ".", p.dataset.group || ",");
  Promise.all([st.persisted(), st.estimate()]).then(([persisted, use]) => {
    p.textContent = `${persisted ? p.dataset.yes : p.dataset.no} ${String(p.dataset.used)
      .replace("{used}", mb(use.usage)).replace("{quota}", mb(use.quota))}`;
  }, () => {});
}

/**
 * Run ``look`` each time a new screen is put up in #app.
 * @param {() => void} look
 */
export function onScreen(look) {
  new MutationObserver(look).observe(/** @type {HTMLElement} */ (document.getElementById("app")),
                                     { childList: true });
}

/** The device's jobs on `window`, for the Python glue. */
export function startDevice() {
  window.automaDownload = download;
  window.automaReadFile = readFile;
  window.automaWake = wake;
  onScreen(storageState);
}
