"""What the service worker's SHA-256 check of every cached file costs the resume of a saved
game, on a CPU slowed 4× (issue 24), both sides measured in one run, interleaved.

    .venv/bin/python bench/integrity.py [--rounds 9] [--dist DIR]

Two copies of ``dist/`` differ only in ``sw.js``: one checks every cached file against the
SHA-256 the build wrote into it each time it serves it, the other only at install. Each is
served on its own port (its own origin, worker and cache) to its own warm profile, in which
a Tapestry game was started and answered. A round reloads that game's play screen on both,
in ABBA order, with ``Emulation.setCPUThrottlingRate`` 4 on the page; the time is from
navigation start to the game's question on screen (``automaShell.ready``). The worker's own
time spent hashing is reported too: the page's CPU throttling does not reach the worker's
thread, so that time shows what a 4× slower phone would pay there.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import threading
from contextlib import ExitStack
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

from playwright.sync_api import Page, sync_playwright  # noqa: E402
from startup import ARGS, CHROMIUM, median, spread  # noqa: E402

from buildsteps.common import DIST, PREFIX  # noqa: E402
from buildsteps.serve import make_server  # noqa: E402
from buildsteps.sw import service_worker  # noqa: E402
from tests.e2e.helpers import answer, start_game, wait_ready  # noqa: E402

HASH_MS_JS = """() => new Promise((done) => {
  const channel = new MessageChannel();
  channel.port1.onmessage = (e) => done(e.data);
  navigator.serviceWorker.controller.postMessage({type: 'hash-ms'}, [channel.port2]);
})"""


def variant(dist: Path, out: Path, verify: bool) -> Path:
    """A copy of ``dist`` whose worker checks served files (``verify``) or not."""
    shutil.copytree(dist, out)
    service_worker(out, verify)
    return out


def prepared(stack: ExitStack, play: Any, dist: Path, tmp: Path) -> tuple[Page, str, Any]:
    """A warm profile on ``dist``'s own server, with a saved game open: page, URL, CDP."""
    server = make_server(dist, port=0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    stack.callback(server.shutdown)
    url = f"http://127.0.0.1:{server.server_address[1]}{PREFIX}"
    context = play.chromium.launch_persistent_context(
        str(tmp / dist.name), executable_path=CHROMIUM, args=ARGS, headless=True,
        viewport={"width": 390, "height": 844})
    stack.callback(context.close)
    page = context.new_page()
    page.goto(url)
    wait_ready(page)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
    start_game(page, "tapestry", seed=3)
    for i in range(5):
        answer(page, 0.3 * i)
    page.wait_for_timeout(500)
    for _ in range(2):  # warm: the worker's cache and the compiled-code caches
        page.reload()
        wait_ready(page)
    return page, url, context.new_cdp_session(page)


def resume(page: Page, cdp: Any) -> tuple[float, float]:
    """Reload the saved game at 4× slower CPU: ms to its question on screen, and the
    worker's hashing ms during the load."""
    before = page.evaluate(HASH_MS_JS)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    page.reload()
    wait_ready(page)
    page.wait_for_selector("#prompt", state="attached")
    ready = float(page.evaluate("automaShell.ready"))
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    return ready, float(page.evaluate(HASH_MS_JS)) - float(before)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--dist", type=Path, default=DIST)
    args = parser.parse_args()
    times: dict[str, list[float]] = {"check": [], "none": []}
    hashing: dict[str, list[float]] = {"check": [], "none": []}
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as play, ExitStack() as stack:
        root = Path(tmp)
        sides = {name: prepared(stack, play, variant(args.dist, root / name, name == "check"),
                                root / "profiles")
                 for name in ("check", "none")}
        for i in range(args.rounds):
            order = ["check", "none"] if i % 2 == 0 else ["none", "check"]
            for name in order:
                page, _, cdp = sides[name]
                ms, hashed = resume(page, cdp)
                times[name].append(ms)
                hashing[name].append(hashed)
    pairs = [c / n for c, n in zip(times["check"], times["none"], strict=True)]
    print(f"resume of a saved game at 4x CPU slowdown, {args.rounds} rounds each (ABBA):")
    for name in ("check", "none"):
        print(f"  {name:5s} {spread(times[name])}; worker hashing "
              f"{median(hashing[name]):.0f} ms per load")
    cost = median(times["check"]) / median(times["none"]) - 1
    print(f"  cost of the check: {100 * cost:+.1f} % (median of pair ratios "
          f"{100 * (median(pairs) - 1):+.1f} %)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
