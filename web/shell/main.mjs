// The page's shell, started in this order: the fetch wrapper (before any other script fetches),
// the state read from storage and the build (window.automaShell, shell.d.ts), the device's
// jobs, the play screen's parts and speech for the Python glue, updates, then the loading
// screen: the loading line, a stored screen or the build's Home put up, and the panels painted. index.html loads this module
// before Pyodide's loader and PyScript (module scripts run in the page's order).

import { startDevice } from "./device.mjs";
import { wrapFetch } from "./fetch.mjs";
import { paint, startPanels } from "./panels.mjs";
import { startProgress } from "./progress.mjs";
import { startPut } from "./put.mjs";
import { resume } from "./resume.mjs";
import { startSpeech } from "./speech.mjs";
import { startShell } from "./state.mjs";
import { writer } from "./store.mjs";
import { startUpdates } from "./updates.mjs";

wrapFetch();
const shell = startShell();
window.automaStore = writer(shell.keys);
startDevice();
startPut();
startSpeech();
startUpdates();
document.addEventListener("DOMContentLoaded", () => { shell.painted = performance.now(); });
startProgress();
startPanels();
resume();
paint();
