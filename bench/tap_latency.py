"""Taps on the play screen, this build side by side with an older one in one run (issue 49):
tap → next paint and the longest task of each tap, per game, at full CPU and slowed, and
WebKit's taps ÷ Chromium's.

    .venv/bin/python bench/tap_latency.py --against OLD_DIST [--before DIST] [--taps 30]
                                          [--cpu 4] [--games tapestry,...] [--pace 700]
                                          [--webkit-taps 15] [--no-webkit]
                                          [--dist DIR] [--no-build]

``OLD_DIST``: an older build (``git archive 588bb06 | tar -x -C /tmp/old588`` and ``build.py``
there: a scratch place, never committed); ``--before``: this code before a change, built the
same way (its figures beside this build's, in the same run). The builds are served side by
side and measured in the same Chromium (360×780), in interleaved blocks (the order reversed
every block) per game: a block is a fresh
context, a new game (seed 1) started, then ``--taps``/2 trusted taps (mouse events through
the browser's input pipeline, as ``bench/startup.py`` taps) at full CPU and as many with the
CPU slowed ``--cpu`` times (CDP ``Emulation.setCPUThrottlingRate``, a mid-range phone), one
every ``--pace`` ms at least (a player's pace: the work the app leaves for after the frame
is done before the next tap, and counted to the tap that caused it). Per tap:

* next paint: the browser's Event Timing of the click (what INP counts: the click's start to
  the next frame presented, rounded to 8 ms; a click under 16 ms is not recorded and counts
  as the frame after it, ``bench/startup.py``'s timer);
* longest task: the longest of the Long Tasks (every task over 50 ms) from the tap until the
  next tap is armed (the app's after-frame work: the rest of the screen, the save), 0 when
  none was over 50 ms;
* quiet: from the tap to the end of the last of those tasks (or the paint).

WebKit: the same taps (``element.click()`` to the next frame, ``bench/webkit.py``) on every
game in WebKitGTK and Chromium, full CPU, WebKit ÷ Chromium p95 per build (with ``--before``:
this build and that one). The machine is shared: read the ratios measured in this run, never
absolute times across runs. Targets: p95 ≤ 100 ms at 4× and ≤ 0.6× the older build; no task
over 50 ms at 4×; WebKit ≤ 2× Chromium.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "py"), str(ROOT / "bench")]

import webkit  # noqa: E402
from first_visit import serve  # noqa: E402
from playwright.sync_api import Browser, Page, sync_playwright  # noqa: E402
from startup import ARM_JS, tap_armed  # noqa: E402

from buildsteps.pipeline import add_build_options, built  # noqa: E402
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tests.e2e.helpers import open_app, percentile, start_game  # noqa: E402

GAMES = ["tapestry", "age_of_innovation", "civ_new_dawn", "glory_of_civilizations"]

# On every page: the browser's records of clicks (Event Timing), long tasks and long
# animation frames, kept until the bench takes them.
OBSERVE_JS = """(() => {
  const b = window.__tapBench = {event: [], longtask: []};
  for (const type of Object.keys(b)) {
    try {
      new PerformanceObserver((l) => b[type].push(...l.getEntries().map((e) => (
        {name: e.name, start: e.startTime, duration: e.duration}))))
        .observe({type, buffered: true, ...(type === 'event' ? {durationThreshold: 16} : {})});
    } catch (e) {}
  }
})();"""
CLEAR_JS = "() => { window.__tapBench.event.length = 0; window.__tapBench.longtask.length = 0; }"
# One tap's figures: its click's next paint (null: under 16 ms, not recorded), the longest
# task since it (0: none over 50 ms) and the end of the last one, all from the tap's time.
TAKE_JS = """(t0) => {
  const b = window.__tapBench;
  const click = b.event.find((e) => e.name === 'click' && e.start >= t0 - 1);
  const tasks = b.longtask.filter((e) => e.start + e.duration >= t0);
  const paint = click ? click.start + click.duration - t0 : null;
  const longest = Math.max(0, ...tasks.map((e) => e.duration));
  const quiet = Math.max(paint || 0, ...tasks.map((e) => e.start + e.duration - t0));
  b.event.length = 0; b.longtask.length = 0;
  return {paint, longest, quiet};
}"""

Found = dict[str, list[float]]
"""A block's figures: ``paint``, ``longest``, ``quiet`` per tap."""


def new_game(page: Page, base: str, game: str) -> None:
    """A new game of ``game`` on screen (storage cleared), its start's work done."""
    open_app(page, base)
    start_game(page, game)
    page.wait_for_timeout(1500)  # (the engine's warm-up steps after the first screen)


def tap_block(page: Page, base: str, game: str, count: int, pace: int,
              rnd: random.Random) -> Found:
    """``count`` trusted taps on the answers of the prompt on screen, one every ``pace`` ms at
    least (a new game when one ends)."""
    out: Found = {"paint": [], "longest": [], "quiet": []}
    page.evaluate(CLEAR_JS)
    while len(out["paint"]) < count:
        if page.evaluate(ARM_JS, rnd.random()) is None:
            new_game(page, base, game)
            page.evaluate(CLEAR_JS)
            continue
        bench = tap_armed(page, timeout=30_000)
        page.wait_for_timeout(pace)
        got = page.evaluate(TAKE_JS, bench["t0"])
        out["paint"].append(bench["ms"] if got["paint"] is None else got["paint"])
        out["longest"].append(got["longest"])
        out["quiet"].append(max(got["quiet"], out["paint"][-1]))
    return out


def block(browser: Browser, base: str, game: str, count: int, rates: list[float], pace: int,
          seed: int) -> dict[float, Found]:
    """One build, one game: a fresh context and game, ``count`` taps at each CPU rate."""
    context = browser.new_context(viewport={"width": 360, "height": 780},
                                  service_workers="block", locale="en-US")
    context.add_init_script(OBSERVE_JS)
    try:
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        new_game(page, base, game)
        rnd = random.Random(seed)
        out: dict[float, Found] = {}
        for rate in rates:
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
            out[rate] = tap_block(page, base, game, count, pace, rnd)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
        return out
    finally:
        context.close()


def measure(urls: dict[str, str], games: list[str], taps: int, rates: list[float], pace: int,
            blocks: int = 2) -> dict[tuple[str, float, str], Found]:
    """Every game on every build in interleaved blocks (the order reversed every block),
    ``taps`` taps per build, game and CPU rate: the figures keyed (game, rate, build)."""
    names = list(urls)
    found: dict[tuple[str, float, str], Found] = {}
    with sync_playwright() as play:
        browser = play.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            for game in games:
                for i in range(blocks):
                    for name in names if i % 2 == 0 else names[::-1]:
                        got = block(browser, urls[name], game, max(1, taps // blocks), rates,
                                    pace, seed=i)
                        for rate, figures in got.items():
                            into = found.setdefault((game, rate, name), {})
                            for key, values in figures.items():
                                into.setdefault(key, []).extend(values)
        finally:
            browser.close()
    return found


def row(label: str, f: Found) -> str:
    """One line of figures: next paint p50/p95, longest task p95/max and taps over 50 ms,
    quiet p95."""
    over = sum(v > 50 for v in f["longest"])
    return (f"  {label:34} {len(f['paint']):3} taps  paint p50 {percentile(f['paint'], 50):5.0f}"
            f" p95 {percentile(f['paint'], 95):5.0f} ms  longest task p95 "
            f"{percentile(f['longest'], 95):4.0f} max {max(f['longest']):4.0f} ms "
            f"(>50 ms: {over:2})  quiet p95 {percentile(f['quiet'], 95):5.0f} ms")


def report(found: dict[tuple[str, float, str], Found], games: list[str],
           rates: list[float]) -> list[str]:
    """The table: per CPU rate, per game and for all games, every build and its ratio to the
    older one."""
    names = list(dict.fromkeys(name for _, _, name in found))
    lines = []
    for rate in rates:
        lines.append(f"CPU {'full' if rate == 1 else f'slowed {rate:g}×'}: tap → next paint "
                     f"(Event Timing), longest task per tap (Long Tasks), until quiet")
        for game in [*games, "all games"]:
            keys = games if game == "all games" else [game]
            both = {name: {k: [v for g in keys for v in found[(g, rate, name)][k]]
                           for k in ("paint", "longest", "quiet")} for name in names}
            for name in names:
                lines.append(row(f"{game} {name}", both[name]))
            older = percentile(both["older"]["paint"], 95)
            ratios = ", ".join(f"{name} {percentile(both[name]['paint'], 95) / older:.2f}"
                               for name in names if name != "older")
            lines.append(f"  {game}: p95 ÷ older: {ratios}"
                         f"  (target ≤ 0.6{'; ≤ 100 ms' if rate != 1 else ''})")
    return lines


def webkit_report(found: dict[str, dict[str, list[float]]], games: list[str]) -> list[str]:
    """WebKit ÷ Chromium (p95 and median of the taps), per build and game."""
    lines = ["WebKit (WebKitGTK MiniBrowser) ÷ Chromium, element.click() → next frame, full CPU:"]
    for name, got in found.items():
        for game in [*games, "all games"]:
            keys = games if game == "all games" else [game]
            w, c = ([v for g in keys for v in got.get(f"{e} {g}", [])]
                    for e in ("webkit", "chromium"))
            if not w or not c:
                continue
            lines.append(f"  {name:5} {game:24} webkit p95 {percentile(w, 95):5.0f} ms, chromium"
                         f" p95 {percentile(c, 95):5.0f} ms: ratio p95 "
                         f"{percentile(w, 95) / percentile(c, 95):.2f}, p50 "
                         f"{statistics.median(w) / statistics.median(c):.2f}  (target ≤ 2)")
    return lines


def main() -> None:
    """Measure and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_build_options(parser)
    parser.add_argument("--against", type=Path, required=True, help="an older build's dist")
    parser.add_argument("--before", type=Path, help="this code before a change, built")
    parser.add_argument("--taps", type=int, default=30, help="taps per game, build and CPU rate")
    parser.add_argument("--cpu", type=float, default=4.0)
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--pace", type=int, default=700, help="ms from a tap's paint to the next")
    parser.add_argument("--webkit-taps", type=int, default=15, help="taps per game in WebKit")
    parser.add_argument("--no-webkit", action="store_true")
    parser.add_argument("--only-webkit", action="store_true")
    args = parser.parse_args()
    games = [g for g in args.games.split(",") if g]
    dists = {"this": built(args), "older": args.against.resolve(),
             **({"before": args.before.resolve()} if args.before else {})}
    urls = {name: serve(dist) for name, dist in dists.items()}
    rates = [1.0, args.cpu]
    if not args.only_webkit:
        print("\n".join(report(measure(urls, games, args.taps, rates, args.pace), games, rates)),
              flush=True)
    if not args.no_webkit:
        try:
            found = {name: webkit.tap_ratio(dist, games, args.webkit_taps, runs=1)
                     for name, dist in dists.items() if name != "older" or not args.before}
            print("\n".join(webkit_report(found, games)))
        except Exception as e:  # WebKitWebDriver stalls now and then: the rows above stand
            print(f"WebKit rows: not measured ({type(e).__name__}: {e})")


if __name__ == "__main__":
    main()
