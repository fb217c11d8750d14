"""A cold first visit: how long after the page's first paint Home's New game buttons exist,
and until the engine is ready, this build side by side with an older one (issue 49; issue
43 item 6).

    .venv/bin/python bench/first_visit.py --against OLD_DIST [--loads 5] [--cpu 4]
                                          [--dist DIR] [--no-build]

``OLD_DIST``: an older build (``git archive <commit> | tar -x -C /tmp/old`` and ``build.py``
there: a scratch place, never committed). Every load is a fresh browser context (empty
caches, no service worker), at 360×780; the two builds alternate (ABBA) at full CPU and with
the CPU slowed ``--cpu`` times (CDP ``Emulation.setCPUThrottlingRate``, a mid-range phone).
Both times are the page's own clock: the ``first-paint`` entry, the moment a game's New game
button (``[data-act=new]``) first exists (whoever drew it: the build's Home painted by the
shell, or the engine's), and ``automaShell.ready`` (the engine's first screen). The machine
is shared, so read the medians and their ratio.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import threading
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "py")]

from playwright.sync_api import Browser, sync_playwright  # noqa: E402

from buildsteps.pipeline import add_build_options, built  # noqa: E402
from buildsteps.serve import make_server  # noqa: E402
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tests.e2e.helpers import PREFIX  # noqa: E402
from tests.e2e.test_first_visit import BUTTON_SEEN_JS  # noqa: E402

TIMES_JS = """() => {
  const paint = performance.getEntriesByName('first-paint')[0];
  return paint && window.__newGameAt !== undefined && window.automaShell.ready
    ? [paint.startTime, window.__newGameAt, window.automaShell.ready] : null;
}"""


def serve(dist: Path) -> str:
    """The app's URL on a server of ``dist``."""
    server = make_server(dist, port=0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}{PREFIX}"


def load(browser: Browser, url: str, cpu: float) -> tuple[float, float]:
    """One cold first visit: ms from first paint to New game, and to the engine ready."""
    context = browser.new_context(viewport={"width": 360, "height": 780},
                                  service_workers="block", locale="en-US")
    try:
        page = context.new_page()
        if cpu > 1:
            context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": cpu})
        page.add_init_script(BUTTON_SEEN_JS)
        page.goto(url, wait_until="commit")
        page.wait_for_function(f"({TIMES_JS})() !== null", timeout=240_000, polling=100)
        paint, button, ready = page.evaluate(TIMES_JS)
        return button - paint, ready - paint
    finally:
        context.close()


def median(values: list[float]) -> str:
    """A median with its spread."""
    return f"{statistics.median(values):7.0f} ms ({min(values):.0f}–{max(values):.0f})"


def main() -> None:
    """Measure and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_build_options(parser)
    parser.add_argument("--against", type=Path, required=True, help="an older build's dist")
    parser.add_argument("--loads", type=int, default=5)
    parser.add_argument("--cpu", type=float, default=4.0)
    args = parser.parse_args()
    urls = {"this": serve(built(args)), "older": serve(args.against.resolve())}
    found: dict[tuple[str, float], list[tuple[float, float]]] = {}
    with sync_playwright() as play:
        browser = play.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for cpu in (1.0, args.cpu):
            for i in range(args.loads):
                order = ["this", "older"] if i % 2 == 0 else ["older", "this"]
                for name in order:
                    found.setdefault((name, cpu), []).append(load(browser, urls[name], cpu))
        browser.close()
    print("first paint → New game button (→ engine ready), medians (min–max), "
          f"{args.loads} cold loads each")
    for cpu in (1.0, args.cpu):
        row: dict[str, Any] = {n: found[(n, cpu)] for n in ("this", "older")}
        this, older = ([b for b, _ in row[n]] for n in ("this", "older"))
        print(f"CPU ×{cpu:g}: this build {median(this)}  older {median(older)}  "
              f"ratio {statistics.median(this) / statistics.median(older):.3f}")
        print(f"         engine ready: this {median([r for _, r in row['this']])}  "
              f"older {median([r for _, r in row['older']])}")


if __name__ == "__main__":
    main()
