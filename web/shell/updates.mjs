// Updates: a new version installed by the service worker waits; the page is told it is ready
// ("automa:updated") and applies it on the player's word or at a safe moment
// (automaShell.applyUpdate, after the save is written): the waiting worker takes over and the
// page reloads. A page still running when another tab applied it is told the same.

import { onScreen } from "./device.mjs";

/** A plain version name, as a new version's worker says it (anything else is not kept). */
export const VERSION_NAME = /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,63}$/;

// The time of a reload for a newer version: a tab that still finds itself older right after it
// tells the player what else to do instead of asking for the same reload again.
function markReload() {
  try { localStorage.setItem(window.automaShell.keys.reload, String(Date.now())); } catch (e) { /* not kept */ }
}

// Settings say when a new version of the app could not be installed (#install-state brings the
// words, in the screen's language; shell.installFailed: why, as its worker said).
function installState() {
  const p = document.getElementById("install-state"), why = window.automaShell.installFailed;
  if (!p || !why) return;
  p.textContent = String(/quota/i.test(why) ? p.dataset.full : p.dataset.failed).replace("{detail}", why);
  p.hidden = false;
}

/** The service worker watched for a new version; applyUpdate on automaShell. */
export function startUpdates() {
  const shell = window.automaShell;
  shell.applyUpdate = () => { markReload(); location.reload(); };
  onScreen(installState);
  if (!("serviceWorker" in navigator)) return;
  // The new version's name (shell.updateVersion, a string once one is ready), asked of the
  // worker that brings it (its sw.js names its build).
  let asking = false;
  const updateReady = (/** @type {ServiceWorker | null} */ worker) => {
    if (shell.updated || asking || !worker) return;
    asking = true;
    let told = false;
    const tell = (/** @type {unknown} */ name) => {
      if (told) return;
      told = true;
      shell.updateVersion = typeof name === "string" && VERSION_NAME.test(name) ? name : "";
      shell.updated = true;
      dispatchEvent(new Event("automa:updated"));
    };
    try {
      const channel = new MessageChannel();
      channel.port1.onmessage = (e) => tell(e.data);
      worker.postMessage({ type: "version" }, [channel.port2]);
      setTimeout(tell, 2000, ""); // (an older worker does not answer)
    } catch (e) { tell(""); }
  };
  const sw = navigator.serviceWorker;
  let controlled = Boolean(sw.controller), asked = false;
  sw.addEventListener("controllerchange", () => {
    if (asked) location.reload();
    else if (controlled) updateReady(sw.controller);
    controlled = true;
  });
  const track = (/** @type {ServiceWorker | null} */ w) => {
    if (w) w.addEventListener("statechange", () => {
      if (w.state === "installed" && sw.controller) updateReady(w);
    });
  };
  const watch = (/** @type {ServiceWorkerRegistration} */ reg) => {
    if (reg.waiting && sw.controller) updateReady(reg.waiting);
    track(reg.installing);
    reg.addEventListener("updatefound", () => track(reg.installing));
  };
  // A new version whose install failed (storage full, a file that is not the build's) tells
  // every page of the app why (sw.js): Settings say it.
  sw.addEventListener("message", (e) => {
    if (!e.data || e.data.type !== "install-failed") return;
    shell.installFailed = String(e.data.why || "Error").slice(0, 80);
    installState();
  });
  if (sw.startMessages) sw.startMessages();
  shell.applyUpdate = () => {
    asked = true;
    markReload();
    sw.getRegistration().then((reg) => {
      if (reg && reg.waiting) reg.waiting.postMessage({ type: "skip-waiting" });
      else location.reload();
    }, () => location.reload());
  };
  addEventListener("py:all-done", () => {
    sw.register("./sw.js").then(watch).catch(() => {});
  }, { once: true });
}
