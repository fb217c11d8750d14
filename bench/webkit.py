"""WebKit (the engine of every iPhone browser) measured against Chromium in one run.

    .venv/bin/python bench/webkit.py [--runs 2] [--warm 3] [--taps 30] [--no-build] [--dist DIR]

WebKitGTK's MiniBrowser is driven by Selenium through ``WebKitWebDriver`` under Xvfb (it
has no headless mode), Chromium by Playwright; both load the same build from one server, one
engine after the other in every run (the order flips each run). Every time is taken inside
the page with the same JavaScript, so the drivers' own overheads are not in the figures:

* bytes of a first visit: a fresh profile loads the app until Python is ready: the bytes of
  every file the server answered in full (200), as counted by the server (the service worker
  is registered after that; its install is counted apart: WebKitWebDriver's session has no
  HTTP cache, so there it downloads every file again where a person's Safari revalidates);
* warm start: reloads from the service worker's cache, navigation start to the page's
  ``automaShell.ready``;
* taps: ``element.click()`` on the answer of the prompt on screen (the tests' own finder), to
  the next frame painted after it (a ``requestAnimationFrame`` then a task), over Tapestry's
  first ``--taps`` answers.

Each row is printed as WebKit ÷ Chromium (targets: bytes 1.0, warm start ≤ 1.5, taps ≤ 1.5).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

from playwright.sync_api import sync_playwright  # noqa: E402

from buildsteps.common import PREFIX  # noqa: E402
from buildsteps.pipeline import add_build_options, built  # noqa: E402
from buildsteps.serve import make_server  # noqa: E402
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tests.e2e.helpers import FIND_ANSWER_JS, percentile  # noqa: E402

ARGS = CHROMIUM_ARGS  # (the e2e tests' flags: nothing leaves 127.0.0.1)
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
WEBKITWEBDRIVER = "/usr/bin/WebKitWebDriver"
GAME = "tapestry"

READY_JS = "() => !!(document.body && document.body.dataset.pyReady)"
CONTROLLED_JS = "() => !!(navigator.serviceWorker && navigator.serviceWorker.controller)"
START_JS = "() => (window.automaShell && window.automaShell.ready) || null"
SNAPSHOT_JS = ("() => ['made', 'used', 'failed', 'refused'].includes(window.automaShell.snapshot)"
               " && window.automaShell.snapshot")
USED_JS = "() => window.automaShell.snapshot === 'used'"
READY_AT_JS = "() => performance.timeOrigin + window.automaShell.ready"  # ms since 1970
CLICK_JS = """(sel) => { const e = document.querySelector(sel); if (!e) return false;
  e.click(); return true; }"""
FOUND_JS = "(sel) => !!document.querySelector(sel)"
# One answer tapped: ms from the click to the next frame painted after the new screen.
TAP_JS = "async (x) => {" + FIND_ANSWER_JS + """
  if (!button) return null;
  const t0 = performance.now();
  button.click();
  await new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
  return performance.now() - t0;
}"""


class Engine:
    """A browser driven by JavaScript functions of one argument (they may be async)."""

    name = ""

    def launch(self) -> None:
        """Start the browser with a fresh profile."""

    def goto(self, url: str) -> None:
        """Navigate (back once the document is parsed)."""

    def eval(self, src: str, arg: Any = None) -> Any:
        """Run ``src`` (a function of one argument) in the page; its result."""

    def close(self) -> None:
        """Quit the browser."""

    def until(self, src: str, arg: Any = None, timeout: float = 240) -> Any:
        """Poll ``src`` until it returns something true."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                value = self.eval(src, arg)
            except Exception:  # a page navigating away between two polls
                value = None
            if value:
                return value
            time.sleep(0.05)
        raise TimeoutError(f"{self.name}: {src[:60]}")


class Chromium(Engine):
    """Debian's Chromium through Playwright, headless, the project's flags."""

    name = "chromium"

    def launch(self) -> None:
        self.play = sync_playwright().start()
        self.context = self.play.chromium.launch_persistent_context(
            tempfile.mkdtemp(prefix="bench-wk-c-"), executable_path=CHROMIUM, args=ARGS,
            headless=True, viewport={"width": 447, "height": 806})
        self.page = self.context.pages[0] if self.context.pages else self.context.new_page()

    def goto(self, url: str) -> None:
        self.page.goto(url, wait_until="domcontentloaded")

    def eval(self, src: str, arg: Any = None) -> Any:
        return self.page.evaluate(src, arg)

    def close(self) -> None:
        self.context.close()
        self.play.stop()


class WebKit(Engine):
    """WebKitGTK's MiniBrowser through Selenium and WebKitWebDriver (a fresh automation
    session each launch: its own profile, no HTTP cache)."""

    name = "webkit"

    def launch(self) -> None:
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        options = Options()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")  # WebKitWebDriver matches nothing without it
        options.page_load_strategy = "eager"  # back at DOMContentLoaded, as Chromium's
        self.driver = webdriver.WebKitGTK(options=options, service=Service(WEBKITWEBDRIVER))
        self.driver.set_script_timeout(60)
        self.driver.set_page_load_timeout(180)
        self.driver.set_window_size(447, 806)  # MiniBrowser's narrowest

    def goto(self, url: str) -> None:
        self.driver.get(url)

    def eval(self, src: str, arg: Any = None) -> Any:
        wrapped = ("const done = arguments[arguments.length - 1];"
                   "Promise.resolve().then(() => (" + src + ")(arguments[0]))"
                   ".then(v => done({ok: true, v: v === undefined ? null : v}),"
                   "      e => done({ok: false, e: String(e && e.stack || e)}));")
        result = self.driver.execute_async_script(wrapped, arg)
        if not result.get("ok"):
            raise RuntimeError(f"webkit page: {result.get('e')}")
        return result.get("v")

    def close(self) -> None:
        self.driver.quit()


def xvfb() -> subprocess.Popen[bytes]:
    """A virtual display for MiniBrowser (``DISPLAY`` set to it)."""
    for n in range(131, 180):
        if not Path(f"/tmp/.X11-unix/X{n}").exists() and not Path(f"/tmp/.X{n}-lock").exists():
            proc = subprocess.Popen(["Xvfb", f":{n}", "-screen", "0", "1280x1024x24",
                                     "-nolisten", "tcp"], stdout=subprocess.DEVNULL,
                                    stderr=subprocess.DEVNULL)
            os.environ["DISPLAY"] = f":{n}"
            for _ in range(100):
                if Path(f"/tmp/.X11-unix/X{n}").exists():
                    break
                time.sleep(0.05)
            return proc
    raise RuntimeError("no free X display")


Served = list[tuple[str, int, float]]
"""Every request answered: its path, status and when the answer began (``time.time()``)."""


def counting_server(dist: Path) -> tuple[Any, Served]:
    """The app's server, keeping (path, status, time) of every request answered."""
    server = make_server(dist, port=0, quiet=True)
    served: Served = []

    def log_request(handler: Any, code: Any = "-", size: Any = "-") -> None:
        parts = str(handler.requestline).split()
        if len(parts) >= 2:
            served.append((parts[1].split("?", 1)[0], int(getattr(code, "value", code)),
                           time.time()))

    server.RequestHandlerClass.log_request = log_request  # type: ignore[attr-defined]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, served


def bytes_served(dist: Path, served: Served,
                 until: float = float("inf")) -> tuple[int, dict[str, int]]:
    """Bytes of the files answered in full (those begun by ``until``, a ``time.time()``), and
    how often each big file was."""
    total, big = 0, dict[str, int]()
    for path, code, when in served:
        if code != 200 or not path.startswith(PREFIX) or when > until:
            continue
        file = dist / path[len(PREFIX):]
        if file.is_file():
            size = file.stat().st_size
            total += size
            if size > 100_000:
                big[file.name] = big.get(file.name, 0) + 1
    return total, big


def run(engine: Engine, base: str, dist: Path, served: Served, warm: int,
        taps: int) -> dict[str, Any]:
    """One engine, fresh profile: first visit, warm starts, taps."""
    out: dict[str, Any] = {"warm": [], "taps": []}
    engine.launch()
    try:
        del served[:]
        engine.goto(base)
        engine.until(READY_JS)
        # the page's own downloads, up to the moment Python was ready: the service worker is
        # registered then, and its install may begin before the driver's next poll returns
        ready = float(engine.eval(READY_AT_JS)) / 1000
        out["bytes"], out["big"] = bytes_served(dist, served, until=ready)
        out["cold"] = engine.eval(START_JS)
        engine.until(CONTROLLED_JS, timeout=120)
        time.sleep(4)  # the worker's install fetches
        out["with_sw"], _ = bytes_served(dist, served)
        out["snapshot"] = engine.until(SNAPSHOT_JS, timeout=240)  # made once the page is idle
        for n in range(warm + 1):
            engine.goto(f"{base}?warm={n}")
            engine.until(READY_JS)
            if n:  # the first reload settles the worker
                out["warm"].append(float(engine.eval(START_JS)))
                out.setdefault("used", []).append(engine.eval(USED_JS))
        out["taps"] = play(engine, GAME, taps)
    finally:
        engine.close()
    return out


def play(engine: Engine, game: str, taps: int) -> list[float]:
    """A new game of ``game`` started from Home and up to ``taps`` answers tapped: ms from
    each click to the next frame painted."""
    engine.eval(CLICK_JS, f'button[data-act="new"][data-arg="{game}"]')
    engine.until(FOUND_JS, "#new-form")
    engine.eval(CLICK_JS, 'button[data-act="start"]')
    engine.until(FOUND_JS, "#prompt")
    found: list[float] = []
    x = 0.37
    while len(found) < taps:
        ms = engine.eval(TAP_JS, x)
        if ms is None:
            break
        found.append(float(ms))
        x = (x * 7.3 + 0.11) % 1
    return found


def tap_ratio(dist: Path, games: list[str], taps: int, runs: int = 2) -> dict[str, list[float]]:
    """Only the taps: every game in both engines (fresh profiles, the order flipping each
    run), ``taps`` answers each a run; ms per tap, keyed ``<engine> <game>``."""
    display = xvfb()
    server, _served = counting_server(dist)
    base = f"http://127.0.0.1:{server.server_address[1]}{PREFIX}"
    makers: dict[str, Callable[[], Engine]] = {"chromium": Chromium, "webkit": WebKit}
    found: dict[str, list[float]] = {}
    try:
        for i in range(runs):
            for name in (["chromium", "webkit"] if i % 2 == 0 else ["webkit", "chromium"]):
                engine = makers[name]()
                engine.launch()
                try:
                    engine.goto(f"{base}?run={i}#/")
                    engine.until(READY_JS)
                    engine.until(CONTROLLED_JS, timeout=120)  # (no reload of the worker's
                    time.sleep(4)  # install or the snapshot's making while tapping)
                    for game in games:
                        engine.goto(f"{base}?run={i}{game}#/")
                        engine.until(READY_JS)
                        found.setdefault(f"{name} {game}", []).extend(play(engine, game, taps))
                finally:
                    engine.close()
    finally:
        server.shutdown()
        display.terminate()
    return found


def main() -> int:
    """Measure both engines in turn and print WebKit ÷ Chromium per row."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=2, help="runs of each engine")
    parser.add_argument("--warm", type=int, default=3, help="warm starts per run")
    parser.add_argument("--taps", type=int, default=30, help="taps per run")
    add_build_options(parser)
    args = parser.parse_args()
    dist = built(args, own_origin=True)  # (its warm starts use the snapshot)
    for line in measure(dist, args.runs, args.warm, args.taps):
        print(line)
    return 0


def measure(dist: Path, runs: int, warm: int, taps: int) -> list[str]:
    """The WebKit rows, each as WebKit ÷ Chromium measured in this run."""
    display = xvfb()
    server, served = counting_server(dist)
    base = f"http://127.0.0.1:{server.server_address[1]}{PREFIX}"
    found: dict[str, list[dict[str, Any]]] = {"chromium": [], "webkit": []}
    makers: dict[str, Callable[[], Engine]] = {"chromium": Chromium, "webkit": WebKit}
    try:
        for i in range(runs):
            for name in (["chromium", "webkit"] if i % 2 == 0 else ["webkit", "chromium"]):
                try:
                    found[name].append(run(makers[name](), base, dist, served, warm, taps))
                except Exception:  # WebKitWebDriver stalls now and then: once more, afresh
                    found[name].append(run(makers[name](), base, dist, served, warm, taps))
    finally:
        server.shutdown()
        display.terminate()
    return report(found)


def report(found: dict[str, list[dict[str, Any]]]) -> list[str]:
    """The lines of the WebKit rows."""
    def med(name: str, key: str) -> float:
        values = [v for r in found[name] for v in (r[key] if isinstance(r[key], list)
                                                    else [r[key]])]
        return statistics.median(values) if values else float("nan")

    def p95(name: str) -> float:
        return percentile([v for r in found[name] for v in r["taps"]], 95)

    c, w = found["chromium"], found["webkit"]
    lines = [f"WebKit (WebKitGTK MiniBrowser) ÷ Chromium, {len(w)} runs each, fresh profiles:"]
    lines.append(f"  first visit bytes: webkit {med('webkit', 'bytes') / 1e6:.2f} MB, chromium "
                 f"{med('chromium', 'bytes') / 1e6:.2f} MB: ratio "
                 f"{med('webkit', 'bytes') / med('chromium', 'bytes'):.2f}  (target 1.00)")
    lines.append(f"    per run: webkit {[round(r['bytes'] / 1e6, 2) for r in w]} MB, chromium "
                 f"{[round(r['bytes'] / 1e6, 2) for r in c]} MB; big files fetched in full"
                 f" (first run): webkit {w[0]['big']}; chromium {c[0]['big']}")
    lines.append(f"    with the service worker's install: webkit "
                 f"{med('webkit', 'with_sw') / 1e6:.2f} MB (no HTTP cache in its session), "
                 f"chromium {med('chromium', 'with_sw') / 1e6:.2f} MB")
    lines.append(f"  cold start (→ Python ready): webkit {med('webkit', 'cold') / 1000:.2f} s, "
                 f"chromium {med('chromium', 'cold') / 1000:.2f} s: ratio "
                 f"{med('webkit', 'cold') / med('chromium', 'cold'):.2f}")
    for name in found:
        used = [u for r in found[name] for u in r.get("used", [])]
        lines.append(f"  {name}: snapshot {[r.get('snapshot') for r in found[name]]}; warm starts "
                     f"from it: {sum(used)} of {len(used)}")
    lines.append(f"  warm start (→ Python ready): webkit {med('webkit', 'warm') / 1000:.2f} s, "
                 f"chromium {med('chromium', 'warm') / 1000:.2f} s: ratio "
                 f"{med('webkit', 'warm') / med('chromium', 'warm'):.2f}  (target ≤ 1.5)")
    lines.append(f"  taps on {GAME} (click → next frame): webkit p50 {med('webkit', 'taps'):.1f}"
                 f" ms p95 {p95('webkit'):.1f} ms, chromium p50 {med('chromium', 'taps'):.1f}"
                 f" ms p95 {p95('chromium'):.1f} ms: ratio of p50 "
                 f"{med('webkit', 'taps') / med('chromium', 'taps'):.2f}, of p95 "
                 f"{p95('webkit') / p95('chromium'):.2f}  (target ≤ 1.5)")
    return lines


if __name__ == "__main__":
    sys.exit(main())
