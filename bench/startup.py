"""Start-up benchmark of the web app, all in one run (prints ratios measured side by side).

    .venv/bin/python bench/startup.py [--loads 5] [--taps 50]

* cold start: a fresh browser context (empty caches) per load, the app against a bare page
  that only starts the same vendored Pyodide from the same server; medians of ``--loads``
  loads, interleaved so that both see the same machine load;
* warm start: reloads in a persistent profile (the app from its service-worker cache, the bare
  page from the HTTP cache);
* time until the shell is painted (first contentful paint of the app page);
* tap latency: taps on the answer of the prompt on screen, from the tap to the new screen laid
  out, p50 and p95, over all taps and over the "bot turn" taps that drew a card;
* the size of ``dist/``, raw and gzip.

Start time is from navigation start to "Python ready" (the page's ``automaShell.ready``).
Targets: app ÷ bare ≤ 1.15 cold and warm; shell ≤ 0.5 s; tap p95 ≤ 50 ms; dist ≤ 6 MB gzip.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "e2e")]

import build  # noqa: E402
from helpers import answer, open_app, percentile, start_game, wait_ready  # noqa: E402
from playwright.sync_api import Browser, BrowserContext, sync_playwright  # noqa: E402

BARE = b"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bare</title></head>
<body><p>bare Pyodide</p><script type="module">
const { loadPyodide } = await import("./pyodide/pyodide.mjs");
const py = await loadPyodide({ indexURL: "./pyodide/" });
py.runPython("import sys");
window.automaShell = { ready: performance.now() };
document.body.dataset.pyReady = "1";
</script></body></html>"""
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
        "--disable-background-networking", "--disable-component-update",
        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]


def ready_ms(context: BrowserContext, url: str, page: Any = None) -> tuple[float, float]:
    """Load ``url`` and return (ms until Python ready, ms until first contentful paint)."""
    page = page or context.new_page()
    page.goto(url)
    wait_ready(page)
    ready = float(page.evaluate("window.automaShell.ready"))
    fcp = float(page.evaluate(
        "(performance.getEntriesByName('first-contentful-paint')[0] || {startTime: NaN})"
        ".startTime"))
    return ready, fcp


def cold(browser: Browser, app: str, bare: str, loads: int) -> dict[str, list[float]]:
    """Fresh contexts, interleaved app / bare."""
    out: dict[str, list[float]] = {"app": [], "bare": [], "shell": []}
    for _ in range(loads):
        for name, url in (("app", app), ("bare", bare)):
            context = browser.new_context(service_workers="block")
            ready, fcp = ready_ms(context, url)
            out[name].append(ready)
            if name == "app":
                out["shell"].append(fcp)
            context.close()
    return out


def warm(play: Any, app: str, bare: str, loads: int) -> tuple[dict[str, list[float]], Any]:
    """Reloads in persistent profiles: the app from its service worker, bare from HTTP cache."""
    out: dict[str, list[float]] = {"app": [], "bare": [], "shell": []}
    contexts, pages = {}, {}
    for name, url in (("app", app), ("bare", bare)):
        contexts[name] = play.chromium.launch_persistent_context(
            tempfile.mkdtemp(prefix=f"bench-{name}-"), executable_path=CHROMIUM, args=ARGS,
            headless=True, viewport={"width": 390, "height": 844})
        pages[name] = contexts[name].pages[0] if contexts[name].pages else \
            contexts[name].new_page()
        ready_ms(contexts[name], url, pages[name])
    pages["app"].wait_for_function("navigator.serviceWorker.controller !== null",
                                   timeout=60_000)
    for _ in range(loads):
        for name, url in (("app", app), ("bare", bare)):
            ready, fcp = ready_ms(contexts[name], url, pages[name])
            out[name].append(ready)
            if name == "app":
                out["shell"].append(fcp)
    contexts["bare"].close()
    return out, (contexts["app"], pages["app"])


def taps(page: Any, base: str, game: str, count: int) -> dict[str, list[float]]:
    """Tap the answer of the prompt on screen ``count`` times (new games when one ends)."""
    rnd = random.Random(1)
    out: dict[str, list[float]] = {"all": [], "drew": []}
    open_app(page, base)
    start_game(page, game)
    while len(out["all"]) < count:
        result = answer(page, rnd.random())
        if result is None:
            page.goto(base + "#/")
            wait_ready(page)
            start_game(page, game)
            continue
        out["all"].append(result["ms"])
        if result["drew"]:
            out["drew"].append(result["ms"])
    return out


def median(values: list[float]) -> float:
    """The median, or NaN for no values."""
    return statistics.median(values) if values else float("nan")


def main() -> int:
    """Run every measurement and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=5)
    parser.add_argument("--taps", type=int, default=50)
    parser.add_argument("--no-build", action="store_true")
    args = parser.parse_args()
    if not args.no_build or not (build.DIST / "index.html").is_file():
        report = build.build(quiet=True)
    else:
        report = {**build.sizes(build.DIST), "games": []}
    games = report.get("games") or ["tapestry"]
    server = build.make_server(port=0, quiet=True, extra={"bare.html": BARE})
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}{build.PREFIX}"
    with sync_playwright() as play:
        browser = play.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        c = cold(browser, base, base + "bare.html", args.loads)
        browser.close()
        w, (context, page) = warm(play, base, base + "bare.html", args.loads)
        t = taps(page, base, games[0], args.taps)
        context.close()
    server.shutdown()

    def line(label: str, app: list[float], bare: list[float]) -> str:
        ratio = median(app) / median(bare)
        return (f"{label:<6} app {median(app) / 1000:6.2f} s   bare {median(bare) / 1000:6.2f} s"
                f"   app/bare {ratio:5.2f}  (target ≤ 1.15)")

    print(f"start-up, medians of {args.loads} loads (navigation start → Python ready):")
    print("  " + line("cold", c["app"], c["bare"]))
    print("  " + line("warm", w["app"], w["bare"]))
    print(f"  all cold app {sorted(round(x) for x in c['app'])}  bare "
          f"{sorted(round(x) for x in c['bare'])}")
    print(f"  all warm app {sorted(round(x) for x in w['app'])}  bare "
          f"{sorted(round(x) for x in w['bare'])}")
    print(f"shell painted (first contentful paint): cold {median(c['shell']) / 1000:.2f} s, "
          f"warm {median(w['shell']) / 1000:.2f} s  (target ≤ 0.5 s)")
    print(f"tap latency over {len(t['all'])} taps on {games[0]}: p50 "
          f"{percentile(t['all'], 50):.1f} ms, p95 {percentile(t['all'], 95):.1f} ms; "
          f"bot-turn taps that drew a card ({len(t['drew'])}): p50 "
          f"{percentile(t['drew'], 50):.1f} ms, p95 {percentile(t['drew'], 95):.1f} ms"
          f"  (target p95 ≤ 50 ms)")
    print(f"dist/: {report['files']} files, {report['raw'] / 1e6:.2f} MB raw, "
          f"{report['gzip'] / 1e6:.2f} MB gzip  (target ≤ 6 MB gzip)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
