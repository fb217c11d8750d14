"""Start-up benchmark of the web app, all in one run (ratios measured side by side).

    .venv/bin/python bench/startup.py [--cold 7] [--warm 11] [--taps 50] [--dist DIR] [--no-build]
                                      [--against OLD_DIST] [--no-webkit]

Every row of issue 31's table in one run: ``--against /tmp/b588/dist`` (``git worktree add
/tmp/b588 588bb06`` and ``build.py`` there: a scratch place, never committed) adds the taps of
every game at full CPU and ``--cpu`` slower and the long saves (``bench/long_save.py``) against
that build; the WebKit rows come from ``bench/webkit.py`` (WebKit ÷ Chromium, same run).

The machine this runs on is shared and noisy, so every comparison is interleaved: app and
bare loads alternate (the order flips every round, ABBA), each app load is paired with the
bare load next to it, and the figures are medians with their spread (min–max and the
interquartile range), plus the median of the per-pair ratios, which cancels slow drifts of
the machine's load.

* bare page: a page that only starts the same vendored Pyodide (``./pyodide/``, the same
  trimmed standard library) and runs ``import sys``; it is served from the same server, under
  the same path, so on a warm start its files come from the same service-worker cache;
* cold start: a fresh browser context (empty caches, service workers blocked) per load;
* warm start: ONE persistent profile in which the app installed its service worker and made
  its start-up snapshot (as a first visit left open a few seconds does); app and bare pages
  are then loaded alternately in the same tab, so both get their files from
  that worker's cache and share the same compiled-code caches (checked and reported: the
  share of loads whose ``pyodide.asm.wasm`` came through the worker);
* shell painted: first contentful paint of the app page (the shell is the first paint);
* tap latency: real taps (mouse events through the browser's input pipeline) on the
  answer of the prompt on screen, timed in the page from the tap's event time stamp to the
  first frame painted after the new screen (a ``requestAnimationFrame`` callback, then a
  task after it: that task runs once the frame is presented); p50 and p95 over ``--taps``
  taps that drew a new card ("bot turn" to the card drawn) and over every tap;
* reopening a saved game (``--resume`` loads per game, every game): a game of each is played
  for a few answers and saved, then, offline through the service worker with the CPU slowed
  ``--cpu`` times (CDP ``Emulation.setCPUThrottlingRate``, a mid-range phone), its URL is
  loaded alternately with the bare page (ABBA): the time until the game's screen (the question
  in ``#app .play``) is first painted, whoever drew it, and until the engine is ready. The bare
  page itself is loaded online (its Pyodide files still come from the worker's cache): offline,
  the worker serves none but the build's own files (each checked against the build's hashes)
  and answers a navigation to any other page with the app's own page, so an offline "bare"
  load would time the app's home screen instead (as this benchmark did until 2026-11-28; the
  bench checks that the bare page is the one loaded);
* taps against an earlier build (``--against``): every game, in interleaved blocks, with the
  CPU at full speed and slowed ``--cpu`` times (after the game is on screen), p50/p95 of every
  tap's time to the new screen painted, and of the same taps by the browser's Event Timing
  (the click's next paint, as INP counts it; rounded to 8 ms): the task the first figure
  waits for runs after any task the app queued for after that frame (since the partial
  repaint, the play screen's other parts and the save), so it counts those too;
* a save of 10,000 start/cancel actions per game loaded in Pyodide, against that build;
* WebKit against Chromium: first-visit bytes, warm start, taps;
* the size of ``dist/``, raw and gzip.

* a saved game reopened from a spoiled start-up snapshot (``--spoiled`` loads each): damaged,
  or another build's (the attack review of 2026-11-29, S2 and U2), offline with the CPU slowed
  ``--cpu`` times, interleaved with the same app started plainly: until the engine is ready.

The app is built for an origin of its own (``build.py --own-origin``: the start-up snapshot's
rows need it; a build for a shared origin makes none, and says so in the rows).

Start time is from navigation start to "Python ready" (the page's ``automaShell.ready``,
set when the first screen is on the page). Targets: a reopened game's screen ≤ 0.25 × the bare
start, its engine ready ≤ 1.0 × (stretch 0.5); app ÷ bare ≤ 1.15 cold and warm; shell
≤ 0.5 s; tap p95 ≤ 50 ms (≤ 100 ms at CPU 4×); long saves no slower than 588bb06 and ≤ 3 s;
WebKit: the same bytes as Chromium, warm start and taps ≤ 1.5×; dist ≤ 5 MB gzip.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import threading
import time
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

import long_save  # noqa: E402
import webkit  # noqa: E402
from playwright.sync_api import Browser, Page, sync_playwright  # noqa: E402

from buildsteps.common import DIST, PREFIX  # noqa: E402
from buildsteps.pipeline import build  # noqa: E402
from buildsteps.serve import make_server  # noqa: E402
from buildsteps.sw import sizes  # noqa: E402
from tests.e2e.helpers import (  # noqa: E402
    FIND_ANSWER_JS,
    answer,
    open_app,
    percentile,
    start_game,
    wait_ready,
)

BARE = b"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bare</title></head>
<body><p>bare Pyodide</p><script type="module">
const { loadPyodide } = await import("./pyodide/pyodide.mjs");
const py = await loadPyodide({ indexURL: "./pyodide/" });
py.runPython("import sys");
window.automaShell = { ready: performance.now() };
document.body.dataset.pyReady = "1";
</script></body></html>"""
CHROMIUM = "/usr/bin/chromium"
RESUME_ANSWERS = 12  # answers played into each game before it is reopened
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
        "--disable-background-networking", "--disable-component-update",
        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]

LOAD_JS = """() => {
  const wasm = performance.getEntriesByType('resource')
    .find(e => e.name.endsWith('/pyodide.asm.wasm'));
  const fcp = performance.getEntriesByName('first-contentful-paint')[0];
  return {ready: window.automaShell.ready, fcp: fcp ? fcp.startTime : NaN,
          sw: !!(wasm && wasm.workerStart > 0)};
}"""

# Marks the control that answers the prompt on screen (as a person would; x in [0, 1) picks
# among the choices) and arms the timer: from the time stamp of the tap's pointerup (the
# click follows it) to the first frame painted after the app has handled the click.
ARM_JS = "(x) => {" + FIND_ANSWER_JS + """
  if (!button) return null;
  button.scrollIntoView({block: 'center'});
  document.querySelectorAll('[data-bench-tap]').forEach(e => e.removeAttribute('data-bench-tap'));
  button.dataset.benchTap = '1';
  const shown = () => [...document.querySelectorAll('.cards [data-card]')]
    .map(e => e.dataset.card).join();
  const before = shown();
  const bench = window.automaBench = {done: false};
  // A tap is done when the finger lifts: the click follows the pointerup.
  addEventListener('pointerup', (e) => { bench.t0 = e.timeStamp; }, {capture: true, once: true});
  // Bubbling on window: runs after the app's own click handler (on document).
  addEventListener('click', () => {
    bench.handled = performance.now();
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        bench.ms = performance.now() - bench.t0;
        bench.handler_ms = bench.handled - bench.t0;
        const after = shown();
        bench.drew = after !== before && after !== '';
        bench.done = true;
      };
      channel.port2.postMessage(0);
    });
  }, {once: true});
  return kind;
}"""
# The browser's own record of the same tap (Event Timing, the measure behind INP): the click's
# next paint, from the entry's start and duration (rounded by the browser to 8 ms). The task
# that ``ARM_JS`` waits for runs after the frame, but also after any task the app queued for
# after that frame (the play screen's other parts, the save): this one does not count those.
PAINT_JS = """(t0) => new Promise((done) => {
  const seen = (list) => list.find(e => e.name === 'click' && e.startTime >= t0 - 1);
  const found = seen(window.__benchEvents || []);
  if (found) return done(found.startTime + found.duration - t0);
  setTimeout(() => { const e = seen(window.__benchEvents || []);
                     done(e ? e.startTime + e.duration - t0 : null); }, 300);
})"""
EVENTS_JS = """() => { if (window.__benchEvents) return;
  window.__benchEvents = [];
  new PerformanceObserver((l) => window.__benchEvents.push(...l.getEntries()))
    .observe({type: 'event', durationThreshold: 16, buffered: true});
}"""


def median(values: list[float]) -> float:
    """The median, or NaN for no values."""
    return statistics.median(values) if values else float("nan")


def spread(values: list[float]) -> str:
    """``median [q1–q3] (min–max)`` in seconds."""
    if not values:
        return "—"
    q = statistics.quantiles(values, n=4) if len(values) > 1 else [values[0]] * 3
    return (f"{median(values) / 1000:5.2f} s [IQR {q[0] / 1000:.2f}–{q[2] / 1000:.2f}]"
            f" (min–max {min(values) / 1000:.2f}–{max(values) / 1000:.2f})")


def load(page: Page, url: str) -> dict[str, Any]:
    """Navigate ``page`` to ``url``; ms until Python ready, first paint, wasm via the worker."""
    page.goto(url)
    wait_ready(page)
    result: dict[str, Any] = page.evaluate(LOAD_JS)
    return result


def rounds(count: int, app: str, bare: str) -> list[tuple[str, str]]:
    """Interleaved loads, ABBA: the order flips every round so neither side always goes first."""
    out: list[tuple[str, str]] = []
    for i in range(count):
        pair = [("app", app), ("bare", bare)]
        out += pair if i % 2 == 0 else pair[::-1]
    return out


def cold(browser: Browser, app: str, bare: str, count: int) -> dict[str, list[Any]]:
    """Fresh contexts (nothing cached), app and bare interleaved."""
    out: dict[str, list[Any]] = {"app": [], "bare": [], "shell": []}
    for name, url in rounds(count, app, bare):
        context = browser.new_context(service_workers="block")
        result = load(context.new_page(), url)
        out[name].append(result["ready"])
        if name == "app":
            out["shell"].append(result["fcp"])
        context.close()
    return out


def warm(page: Page, app: str, bare: str, count: int) -> dict[str, list[Any]]:
    """One profile with the app's service worker installed and its start-up snapshot made (as
    after a first visit that stayed open a few seconds); app and bare alternate in it."""
    out: dict[str, list[Any]] = {"app": [], "bare": [], "shell": [], "sw_app": [],
                                 "sw_bare": [], "used": []}
    load(page, app)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
    wait_snapshot(page)
    for _name, url in rounds(2, app, bare):  # settle: both pages once from the worker
        load(page, url)
    for name, url in rounds(count, app, bare):
        result = load(page, url)
        out[name].append(result["ready"])
        out[f"sw_{name}"].append(result["sw"])
        if name == "app":
            out["shell"].append(result["fcp"])
            out["used"].append(float(page.evaluate("window.automaShell.snapshot") == "used"))
    return out


def taps(page: Page, base: str, game: str, wanted: int, rate: float = 1.0,
         every: bool = False) -> dict[str, list[float]]:
    """Tap answers until ``wanted`` taps drew a card (``every``: until ``wanted`` taps), new
    games when one ends; with the CPU slowed ``rate`` times once the game is on screen."""
    rnd = random.Random(1)
    out: dict[str, list[float]] = {"all": [], "drew": [], "handler": [], "paint": []}
    open_app(page, base)
    start_game(page, game)
    page.evaluate(EVENTS_JS)
    if rate != 1:
        page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})
    limit = wanted * 20
    while len(out["all" if every else "drew"]) < wanted and len(out["all"]) < limit:
        kind = page.evaluate(ARM_JS, rnd.random())
        if kind is None:
            page.goto(base + "#/")
            wait_ready(page)
            start_game(page, game)
            page.evaluate(EVENTS_JS)
            continue
        result = tap_armed(page)
        out["all"].append(result["ms"])
        out["handler"].append(result["handler_ms"])
        paint = page.evaluate(PAINT_JS, result["t0"])  # (None: under 16 ms, not recorded)
        out["paint"].append(result["ms"] if paint is None else min(paint, result["ms"]))
        if result["drew"]:
            out["drew"].append(result["ms"])
    return out


def tap_armed(page: Page, timeout: float = 10_000) -> dict[str, Any]:
    """A trusted tap (mouse events) on the control :data:`ARM_JS` marked, once the frame
    after it is painted: the page's figures of it (``window.automaBench``)."""
    box = page.locator("[data-bench-tap]").bounding_box()
    assert box is not None, "the answer button is not on screen"
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_function("window.automaBench.done", timeout=timeout, polling=10)
    result: dict[str, Any] = page.evaluate("window.automaBench")
    return result


def side_by_side(context: Any, bases: dict[str, str], games: list[str], wanted: int,
                 rate: float = 1.0, blocks: int = 2) -> dict[str, list[float]]:
    """Taps on two builds in the same browser, in interleaved blocks (ABBA), one tab at a time
    (a background tab gets no frames to paint), every game in turn, the CPU slowed ``rate``
    times: every tap's time to the new screen painted, per build (``<build> paint``: the same
    taps by Event Timing)."""
    out: dict[str, list[float]] = {n: [] for name in bases for n in (name, f"{name} paint")}
    names = list(bases)
    for game in games:
        for i in range(blocks):
            for name in names if i % 2 == 0 else names[::-1]:
                page = context.new_page()
                found = taps(page, bases[name], game, max(1, wanted // blocks), rate, every=True)
                out[name] += found["all"]
                out[f"{name} paint"] += found["paint"]
                page.close()
    return out


# Marks the moment the game's current screen is first painted (any screen holding the question,
# whoever drew it: the shell from storage or Python): the first frame after it is in the page.
SCREEN_SEEN_JS = """(() => {
  const seen = () => document.querySelector('#app .play #prompt');
  const mark = () => requestAnimationFrame(() => { window.__benchScreen = performance.now(); });
  new MutationObserver((_, observer) => {
    if (seen()) { observer.disconnect(); mark(); }
  }).observe(document, {subtree: true, childList: true});
})();"""


def play_games(page: Page, base: str, games: list[str], answers: int) -> dict[str, str]:
    """A game of each of ``games`` played for ``answers`` answers and saved: its hash."""
    rnd = random.Random(7)
    hashes = {}
    open_app(page, base)
    for game in games:
        page.goto(base + "#/")
        wait_ready(page)
        start_game(page, game, seed=7)
        for _ in range(answers):
            if answer(page, rnd.random()) is None:
                break
        page.wait_for_timeout(600)  # the autosave after the frame
        hashes[game] = str(page.evaluate("location.hash"))
    return hashes


def wait_snapshot(page: Page, seconds: float = 120) -> float:
    """Wait (on a page of the app) until the start-up snapshot of this build is made or in
    use: 1.0 if it is, 0.0 if the page made none (refused, or no storage)."""
    page.goto(page.url.split("#")[0] + "#/")
    wait_ready(page)
    state = ""
    for _ in range(int(seconds * 2)):
        state = str(page.evaluate("window.automaShell.snapshot"))
        if state in ("made", "used", "failed"):
            break
        page.wait_for_timeout(500)
    return float(state in ("made", "used"))


# The app's start-up snapshot left unused for a load (sessionStorage "bench-plain" set): the
# loader's own switch (web/pyodide/boot.mjs, ``automaSnapshot``).
NO_SNAPSHOT_JS = ("if (sessionStorage.getItem('bench-plain') === '1')"
                  " window.automaSnapshot = 'off';")


def plain_start(page: Page, url: str) -> float:
    """The app at ``url`` loaded once with its start-up snapshot unused: ms to engine ready."""
    page.evaluate("sessionStorage.setItem('bench-plain', '1')")
    try:
        page.goto(url.replace("#", "&plain=1#", 1) if "#" in url else url + "&plain=1")
        wait_ready(page, timeout=180_000)
        return float(page.evaluate("window.automaShell.ready"))
    finally:
        page.evaluate("sessionStorage.removeItem('bench-plain')")


def resume(context: Any, base: str, bare: str, games: list[str], count: int, rate: float,
           answers: int) -> tuple[dict[str, dict[str, list[float]]], dict[str, str]]:
    """Reopening a saved game offline with the CPU slowed ``rate`` times (a phone), app and
    bare Pyodide interleaved (ABBA) per game: ms until the game's screen is painted and until
    the engine is ready; and each game's hash (its URL)."""
    page = context.new_page()
    page.goto(base)
    wait_ready(page)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
    hashes = play_games(page, base, games, answers)
    made = wait_snapshot(page)
    page.close()
    out: dict[str, dict[str, list[float]]] = {}
    try:
        for game in games:
            page = context.new_page()
            page.add_init_script(SCREEN_SEEN_JS)
            page.add_init_script(NO_SNAPSHOT_JS)
            cdp = context.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
            got: dict[str, list[float]] = {"screen": [], "app": [], "bare": [], "used": [],
                                           "made": [made], "plain": []}
            app = base + "?n={n}" + hashes[game]
            for n, (name, url) in enumerate(rounds(count + 1, app, bare + "?n={n}")):
                context.set_offline(name == "app")
                page.goto(url.format(n=n))
                wait_ready(page, timeout=180_000)
                if n < 2:
                    continue  # a round to settle (the worker started, code cached)
                times = page.evaluate("[window.automaShell.ready, window.__benchScreen,"
                                      " window.automaShell.snapshot, document.title]")
                assert (times[3] == "bare") == (name == "bare"), f"{name}: {times[3]} loaded"
                got[name].append(times[0])
                if name == "app":
                    assert times[1] is not None, f"{game}: the game's screen never showed"
                    got["screen"].append(times[1])
                    got["used"].append(float(times[2] == "used"))
                    got["plain"].append(plain_start(page, url.format(n=n)))
            out[game] = got
            page.close()
    finally:
        context.set_offline(False)
    return out, hashes


SKIPPED = "started without its start-up snapshot"
"""What the first screen says (in English) when the engine started without the snapshot."""
# Puts the start-up snapshot kept aside (in cache "bench-kept": this build's, taken the first
# time) back in its place, spoiled as the attack review of 2026-11-29 spoiled it: "damaged",
# 4 KB flipped in the middle, headers kept (S2); "foreign", the build stamp in its memory
# changed and its SHA-256 written again, as another build's memory under this build's headers
# (U2). False if there is no snapshot to spoil.
SPOIL_JS = """async (how) => {
  const { sha256 } = await import('./pyodide/snapshot-format.mjs');
  const key = automaShell.snapshotKey, kept = await caches.open('bench-kept');
  const cache = await caches.open(automaShell.snapshotCache);
  if (!(await kept.keys()).length) {
    const found = await cache.match(key);
    if (!found) return false;
    await kept.put(key, found);
  }
  const response = await kept.match(key);
  const packed = new Uint8Array(await response.arrayBuffer());
  const headers = Object.fromEntries(response.headers.entries());
  if (how === 'damaged') {
    const m = packed.length >> 1;
    for (let i = m; i < m + 4096; i++) packed[i] ^= 0x5a;
  } else {
    const stamp = new TextEncoder().encode(automaShell.stamp);
    let changed = 0;
    for (let at = packed.indexOf(stamp[0]); at >= 0; at = packed.indexOf(stamp[0], at + 1)) {
      if (stamp.every((b, i) => packed[at + i] === b)) { packed[at] ^= 1; changed++; }
    }
    if (!changed) return false;
    headers['x-sha256'] = await sha256(packed);
  }
  await cache.put(key, new Response(packed, { headers }));
  return true;
}"""


def spoiled(context: Any, base: str, hash_: str, rate: float,
            count: int) -> dict[str, list[float]]:
    """The saved game at ``hash_`` reopened offline with the CPU slowed ``rate`` times from a
    damaged and from a foreign snapshot (:data:`SPOIL_JS`), and started plainly (the
    snapshot unused), ``count`` times each, interleaved: ms until the engine is ready (the
    game's screen usable), and whether the screen said it started without the snapshot."""
    page = context.new_page()
    page.add_init_script(NO_SNAPSHOT_JS)
    cdp = context.new_cdp_session(page)
    out: dict[str, list[float]] = {"damaged": [], "foreign": [], "plain": [], "said": []}
    url = base + "?spoiled={n}" + hash_
    try:
        page.goto(base + hash_)
        wait_ready(page)
        for n in range(count):
            for how in ("damaged", "foreign") if n % 2 == 0 else ("foreign", "damaged"):
                # (no new snapshot is made meanwhile: the loader makes none while it is told
                # an update waits)
                page.evaluate("window.automaShell.updated = true")
                assert page.evaluate(SPOIL_JS, how), "no snapshot to spoil"
                context.set_offline(True)
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
                page.goto(url.format(n=f"{n}{how}"))
                wait_ready(page, timeout=180_000)
                ready, state, said = page.evaluate(
                    "(words) => [automaShell.ready, automaShell.snapshotSkipped,"
                    " document.body.textContent.includes(words)]", SKIPPED)
                assert state == how, f"{how}: the engine started {state}"
                out[how].append(ready)
                out["said"].append(float(said))
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
                context.set_offline(False)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
            out["plain"].append(plain_start(page, url.format(n=f"{n}plain")))
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    finally:
        context.set_offline(False)
        page.close()
    return out


def spoiled_report(game: str, got: dict[str, list[float]], rate: float) -> list[str]:
    """The lines of the spoiled-snapshot scenario."""
    plain = median(got["plain"])
    return [
        f"a saved game ({game}) reopened from a spoiled start-up snapshot, offline, CPU slowed "
        f"{rate:g}× (attack review 2026-11-29, S2 and U2; target: its screen usable within "
        f"10 s, and a sentence):",
        f"    damaged (4 KB flipped)       engine {spread(got['damaged'])}"
        f" ({median(got['damaged']) / plain:.2f} × plain)",
        f"    foreign (another build's)    engine {spread(got['foreign'])}"
        f" ({median(got['foreign']) / plain:.2f} × plain)",
        f"    the same app started plainly engine {spread(got['plain'])}",
        f"    the screen said the engine started without it: {sum(got['said']):.0f} of "
        f"{len(got['said'])}",
    ]


def resume_report(found: dict[str, dict[str, list[float]]], rate: float) -> list[str]:
    """The lines of the resume scenario: per game, screen and engine-ready ÷ bare start."""
    lines = [f"reopening a saved game, offline, CPU slowed {rate:g}× (navigation start → "
             f"screen painted / engine ready; bare Pyodide interleaved):"]
    for game, got in found.items():
        bare = median(got["bare"])
        screen = [a / b for a, b in zip(got["screen"], got["bare"], strict=False)]
        ready = [a / b for a, b in zip(got["app"], got["bare"], strict=False)]
        lines += [
            f"  {game}: {len(got['app'])} loads each; started from the start-up snapshot: "
            f"{sum(got['used']):.0f} of {len(got['used'])}"
            + ("" if got["made"][0] else " (none was made)"),
            f"    screen {spread(got['screen'])}",
            f"    engine {spread(got['app'])}",
            f"    bare   {spread(got['bare'])}",
            f"    the same app with its snapshot unused: engine {spread(got['plain'])}"
            f" ({median(got['plain']) / bare:.2f} × bare)",
            f"    resume ratio (screen ÷ bare) {median(got['screen']) / bare:.2f}"
            f" (per-pair median {median(screen):.2f})  (target ≤ 0.25);"
            f"  engine-ready ratio {median(got['app']) / bare:.2f}"
            f" (per-pair median {median(ready):.2f})  (target ≤ 1.0, stretch 0.5)",
        ]
    return lines


def packed_games(dist: Path) -> list[str]:
    """The games packed into the build in ``dist``."""
    with zipfile.ZipFile(dist / "pkgs" / "automa.zip") as z:
        return [g["id"] for g in json.loads(z.read("automa/_data/games.json"))]


def pair_ratios(result: dict[str, list[Any]], count: int) -> list[float]:
    """app ÷ bare of each round's two loads."""
    return [a / b for a, b in zip(result["app"][:count], result["bare"][:count], strict=True)]


def report(label: str, result: dict[str, list[Any]], count: int) -> list[str]:
    """The lines of one scenario."""
    ratios = pair_ratios(result, count)
    q = statistics.quantiles(ratios, n=4) if len(ratios) > 1 else [ratios[0]] * 3
    of_medians = median(result["app"]) / median(result["bare"])
    return [
        f"{label}: {count} loads each, interleaved",
        f"    app  {spread(result['app'])}",
        f"    bare {spread(result['bare'])}",
        f"    app/bare: ratio of medians {of_medians:.2f}; per-pair median {median(ratios):.2f}"
        f" [IQR {q[0]:.2f}–{q[2]:.2f}] (min–max {min(ratios):.2f}–{max(ratios):.2f})"
        f"  (target ≤ 1.15)",
    ]


def main() -> int:
    """Run every measurement and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cold", type=int, default=7, help="cold loads of each page")
    parser.add_argument("--warm", type=int, default=11, help="warm loads of each page")
    parser.add_argument("--taps", type=int, default=50, help="taps that draw a card")
    parser.add_argument("--game", default="tapestry", help="game for the taps")
    parser.add_argument("--resume", type=int, default=5,
                        help="reopenings of a saved game (each with a bare load), per game")
    parser.add_argument("--resume-games", default="",
                        help="games to reopen, comma-separated (default: every game)")
    parser.add_argument("--cpu", type=float, default=4.0, help="CPU slow-down of the resume run")
    parser.add_argument("--spoiled", type=int, default=3,
                        help="reopenings from a damaged and from a foreign start-up snapshot "
                             "(each, with a plain start), of the first game reopened (0: none)")
    parser.add_argument("--only-resume", action="store_true",
                        help="measure only the resume scenario")
    parser.add_argument("--no-build", action="store_true", help="measure the existing build")
    parser.add_argument("--against", type=Path, default=None,
                        help="an earlier build (a dist folder, its source tree around it: "
                             "git worktree add /tmp/b588 588bb06, then build.py there): its "
                             "taps (every game, full CPU and --cpu slower) and long-save loads "
                             "are measured interleaved with this build's, in the same browser")
    parser.add_argument("--long-loads", type=int, default=3,
                        help="loads of each long save per build")
    parser.add_argument("--no-webkit", action="store_true",
                        help="skip the WebKit rows (bench/webkit.py)")
    parser.add_argument("--webkit-runs", type=int, default=2, help="runs of each engine")
    parser.add_argument("--dist", type=Path, default=DIST,
                        help="where to build (and what to serve); a private folder keeps the "
                             "figures safe from other builds of dist/ during the run")
    args = parser.parse_args()
    started = time.monotonic()
    dist = args.dist.resolve()
    if not args.no_build or not (dist / "index.html").is_file():
        built = build(dist, quiet=True, own_origin=True)  # (the snapshot's rows)
    else:
        built = {**sizes(dist), "games": packed_games(dist)}
    game = args.game
    server = make_server(dist, port=0, quiet=True, extra={"bare.html": BARE})
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}{PREFIX}"
    bare = base + "bare.html"
    resume_games = [g for g in args.resume_games.split(",") if g] or built["games"]
    c: dict[str, list[Any]] = {}
    w: dict[str, list[Any]] = {}
    t: dict[str, list[float]] = {}
    versus: dict[float, dict[str, list[float]]] = {}
    long: dict[str, dict[str, list[float]]] = {}
    with sync_playwright() as play:
        if not args.only_resume:
            browser = play.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            c = cold(browser, base, bare, args.cold)
            browser.close()
        context = play.chromium.launch_persistent_context(
            tempfile.mkdtemp(prefix="bench-warm-"), executable_path=CHROMIUM, args=ARGS,
            headless=True, viewport={"width": 360, "height": 780})
        page = context.pages[0] if context.pages else context.new_page()
        if not args.only_resume:
            w = warm(page, base, bare, args.warm)
            t = taps(page, base, game, args.taps)
            if args.against is not None:
                other = make_server(args.against.resolve(), port=0, quiet=True)
                threading.Thread(target=other.serve_forever, daemon=True).start()
                bases = {"this": base,
                         "against": f"http://127.0.0.1:{other.server_address[1]}{PREFIX}"}
                for rate in (1.0, args.cpu):
                    versus[rate] = side_by_side(context, bases, built["games"], args.taps,
                                                rate)
                other.shutdown()
                tree = args.against.resolve().parent
                long = long_save.measure({"this": (ROOT, dist), "against": (tree, tree / "dist")},
                                         built["games"], args.long_loads, page)
        r, hashes = resume(context, base, bare, resume_games, args.resume, args.cpu,
                           RESUME_ANSWERS)
        first = resume_games[0]
        bad = spoiled(context, base, hashes[first], args.cpu, args.spoiled) if args.spoiled else {}
        context.close()
    server.shutdown()
    lines = resume_report(r, args.cpu) + (spoiled_report(first, bad, args.cpu) if bad else [])
    if not args.only_resume:
        lines += start_report(c, w, t, versus, args, game)
    if long:
        lines += long_save.report(long)
    lines.append(f"dist/: {built['files']} files, {built['raw'] / 1e6:.2f} MB raw, "
                 f"{built['gzip'] / 1e6:.2f} MB gzip  (target ≤ 5 MB gzip)")
    print("\n".join(lines), flush=True)  # (before WebKit, whose driver may stall)
    if not (args.no_webkit or args.only_resume):
        try:
            print("\n".join(webkit.measure(dist, args.webkit_runs, 3, 30)))
        except Exception as e:  # WebKitWebDriver sometimes stalls: the other rows stand
            print(f"WebKit rows: not measured ({type(e).__name__}: {e}); "
                  f"run bench/webkit.py --no-build --dist {dist}")
    print(f"(benchmark ran {time.monotonic() - started:.0f} s)")
    return 0


def start_report(c: dict[str, list[Any]], w: dict[str, list[Any]], t: dict[str, list[float]],
                 versus: dict[float, dict[str, list[float]]], args: argparse.Namespace,
                 game: str) -> list[str]:
    """The lines of the cold and warm starts and of the taps."""
    lines = ["start-up (navigation start → Python ready), median [IQR] (min–max):"]
    lines += ["  " + x for x in report("cold", c, args.cold)]
    lines += ["  " + x for x in report("warm", w, args.warm)]
    lines.append(f"    warm loads whose wasm came through the service worker: app "
                 f"{sum(w['sw_app'])}/{len(w['sw_app'])}, bare "
                 f"{sum(w['sw_bare'])}/{len(w['sw_bare'])}; app loads started from the start-up "
                 f"snapshot: {sum(w['used']):.0f}/{len(w['used'])}")
    lines.append(f"shell painted (first contentful paint): cold {spread(c['shell'])}; "
                 f"warm {spread(w['shell'])}  (target ≤ 0.5 s)")
    lines.append(f"tap latency on {game}, tap → next frame painted: {len(t['drew'])} taps that "
                 f"drew a card: p50 {percentile(t['drew'], 50):.1f} ms, p95 "
                 f"{percentile(t['drew'], 95):.1f} ms (max {max(t['drew'], default=0):.1f});"
                 f"  (target p95 ≤ 50 ms)")
    lines.append(f"    all {len(t['all'])} taps: p50 {percentile(t['all'], 50):.1f} ms, p95 "
                 f"{percentile(t['all'], 95):.1f} ms; tap → app's handler done: p50 "
                 f"{percentile(t['handler'], 50):.1f} ms, p95 "
                 f"{percentile(t['handler'], 95):.1f} ms")
    for rate, found in versus.items():
        lines.append(f"tap → new screen painted, every game, CPU slowed {rate:g}×, this build vs "
                     f"{args.against} (interleaved blocks in one browser):")
        for name, times in found.items():
            lines.append(f"    {name:8s} {len(times)} taps: p50 {percentile(times, 50):.1f} ms, "
                         f"p95 {percentile(times, 95):.1f} ms")
        for kind in ("", " paint"):
            this, against = (percentile(found[n + kind], 95) for n in ("this", "against"))
            lines.append(f"    ratio of p95 this/against{kind} {this / against:.2f}"
                         f"  (target p95 ≤ {50 if rate == 1 else 100} ms)")
    if versus:
        lines.append("    (paint: the click's next paint by Event Timing; the other figure waits "
                     "for a task after the frame, which runs after the app's own tasks queued "
                     "for after it: the other parts and the save)")
    return lines


if __name__ == "__main__":
    sys.exit(main())
