"""What a start-up snapshot made at build time would cost a player's network, beside the one made
on the device (issue 46, attack review 2026-11-29 S1). Measured side by side in one run.

    .venv/bin/python bench/snapshot_cost.py [--runs 2] [--mbit 10] [--rtt 40] [--no-build]
                                            [--dist DIR]

On an origin shared with other sites (every project site ``user.github.io/<repo>/``), a
snapshot made on the device can be planted by any of their pages; one made at build time and
precached with its SHA-256, like every other file, could not. What would that cost? Two builds
of this commit, served one after the other from a link of ``--mbit`` Mbit/s with ``--rtt`` ms
per request (the server paces its answers: a phone's connection, the service worker's
downloads included), each loaded in a fresh profile, interleaved run by run:

* device: the app as built for an origin of its own (``build.py --own-origin``): its first
  visit downloads the app's files, and the device then makes its snapshot (a second Pyodide in
  a worker, off the page: no bytes, some seconds of a core);
* build: the same files plus the snapshot made at build time (in Node, by the vendored Pyodide,
  as the worker makes it, ``web/pyodide/snapshot-format.mjs``) in the service worker's
  precache list (``sw.js`` with its SHA-256). Its reopening would be as quick as the device's
  (the same memory read and checked by the same worker).

Per build: the first visit until the engine is ready and until the app works offline (the
service worker installed), bytes sent and seconds; then the next release (restamped: its
engine, its page and, for "build", its snapshot are new) until its service worker is
installed. The local server sends every file as it is; the bytes of the same files gzipped
(``gzip -9``, what a server that compresses them would send) are printed beside.

Measured 2026-11-29 (10 Mbit/s, 40 ms; 2 runs each on the shared 2-core machine): until the
app works offline, "build" sent 29.9 MB against 12.4 (2.41×) in 1.50× the time; each next
release 18.0 MB against 0.5 (35×; 18.0 s against 1.7 s); gzipped, a first visit would be
11.8 MB instead of 5.0. The device made its own in 30 s after the engine was ready (a worker,
no bytes). Hence README, Hosting: the snapshot is made on the device, and only in a build for
an origin of its own (``build.py --own-origin``); a build for a shared origin makes none.
"""

from __future__ import annotations

import argparse
import gzip
import http.server
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

from playwright.sync_api import sync_playwright  # noqa: E402

from buildsteps.common import PREFIX  # noqa: E402
from buildsteps.pipeline import add_build_options, built  # noqa: E402
from buildsteps.serve import make_server  # noqa: E402
from buildsteps.stamp import restamp  # noqa: E402
from buildsteps.sw import build_stamp, service_worker  # noqa: E402
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tests.e2e.helpers import wait_ready  # noqa: E402

SNAPSHOT = "pyodide/snapshot.bin"
MAKE_MJS = """
import { readFileSync, writeFileSync } from "node:fs";
const [dist, out] = process.argv.slice(1);  // (node -e: no script name)
const { loadPyodide } = await import(dist + "/pyodide/pyodide.mjs");
const { pack } = await import(dist + "/pyodide/snapshot-format.mjs");
const py = await loadPyodide({ indexURL: dist + "/pyodide/", _makeSnapshot: true });
py.unpackArchive(new Uint8Array(readFileSync(dist + "/pkgs/automa.zip")), "zip",
                 { extractDir: "." });
py.runPython("import automa.app.snapshot as _s; _s.prepare(); del _s");
writeFileSync(out, pack(py.makeMemorySnapshot()));
"""
# The moment the page's service worker took control (the app works offline from then on).
OFFLINE_JS = """navigator.serviceWorker.addEventListener('controllerchange',
  () => { window.__benchOffline = performance.now(); });"""
# Asks the page's service worker to look for a new version: ms until it is installed, and
# its state ("installed", or "redundant" if the install failed).
UPDATE_JS = """async () => {
  const reg = await navigator.serviceWorker.getRegistration(), t0 = performance.now();
  await reg.update();
  const w = reg.installing || reg.waiting;
  if (!w) return [performance.now() - t0, 'none'];
  if (w.state === 'installing') await new Promise((done) => w.addEventListener('statechange',
    () => { if (w.state !== 'installing') done(); }));
  return [performance.now() - t0, w.state];
}"""


class Link:
    """A connection of ``mbit`` Mbit/s shared by every request, ``rtt`` ms before each
    answer: the bytes sent so far are counted."""

    def __init__(self, mbit: float, rtt: float) -> None:
        self.rate = mbit * 1e6 / 8  # bytes a second
        self.rtt = rtt / 1000
        self.sent = 0
        self.free_at = time.monotonic()
        self.lock = threading.Lock()

    def send(self, size: int) -> None:
        """Wait until ``size`` bytes more have passed the link."""
        with self.lock:
            start = max(self.free_at, time.monotonic())
            self.free_at = start + size / self.rate
            self.sent += size
            done = self.free_at
        time.sleep(max(0.0, done - time.monotonic()))


def paced_server(dist: Path, link: Link) -> http.server.ThreadingHTTPServer:
    """``dist`` served under the app's sub-path, every answer through ``link``."""
    server = make_server(dist, port=0, quiet=True)
    base: Any = server.RequestHandlerClass

    class Handler(base):  # type: ignore[misc]
        def send_head(self) -> Any:
            time.sleep(link.rtt)
            return super().send_head()

        def copyfile(self, source: Any, outputfile: Any) -> None:
            while chunk := source.read(64 * 1024):
                link.send(len(chunk))
                outputfile.write(chunk)

    server.RequestHandlerClass = Handler
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def with_build_snapshot(source: Path, out: Path) -> Path:
    """``source`` copied to ``out`` with its snapshot made at build time (in Node) in the
    precache list, the page told not to make one; ``out``."""
    shutil.copytree(source, out, dirs_exist_ok=True)
    subprocess.run(["node", "--input-type=module", "-e", MAKE_MJS, str(out.resolve()),
                    str(out / SNAPSHOT)], check=True, capture_output=True,
                   cwd=tempfile.gettempdir())
    service_worker(out)
    return out


def visit(play: Any, url: str, next_url_switch: Any, link: Link, device: bool,
          folder: Path) -> dict[str, float]:
    """A first visit to ``url`` in a fresh profile, then the next release (``next_url_switch``
    makes the server serve it): seconds and bytes of each stage."""
    context = play.chromium.launch_persistent_context(
        str(folder), executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True,
        viewport={"width": 360, "height": 780})
    try:
        page = context.new_page()
        page.add_init_script(OFFLINE_JS)
        if not device:  # (the precached snapshot is the build's: the device makes none)
            page.add_init_script("window.automaSnapshot = 'off';")
        sent = link.sent
        page.goto(url)
        wait_ready(page, timeout=600_000)
        out = {"ready_s": page.evaluate("automaShell.ready") / 1000,
               "ready_mb": (link.sent - sent) / 1e6}
        page.wait_for_function("window.__benchOffline", timeout=900_000, polling=100)
        out["offline_s"] = page.evaluate("window.__benchOffline") / 1000
        out["offline_mb"] = (link.sent - sent) / 1e6
        if device:  # the device makes its snapshot: seconds after the engine was ready
            page.wait_for_function("['made', 'failed'].includes(automaShell.snapshot)",
                                   timeout=600_000)
            out["made_s"] = page.evaluate("performance.now() - automaShell.ready") / 1000
        next_url_switch()
        sent = link.sent
        seconds, state = page.evaluate(UPDATE_JS)
        assert state == "installed", f"the next release: {state}"
        out["update_s"], out["update_mb"] = seconds / 1000, (link.sent - sent) / 1e6
        return out
    finally:
        context.close()


def gzip_mb(dist: Path, names: list[str]) -> float:
    """MB of ``names`` in ``dist`` gzipped (-9)."""
    return sum(len(gzip.compress((dist / n).read_bytes(), 9, mtime=0)) for n in names) / 1e6


def main() -> int:
    """Make the builds, measure them side by side and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_build_options(parser)
    parser.add_argument("--runs", type=int, default=2, help="first visits of each build")
    parser.add_argument("--mbit", type=float, default=10.0, help="the link's Mbit/s")
    parser.add_argument("--rtt", type=float, default=40.0, help="ms before each answer")
    args = parser.parse_args()
    dist = built(args, own_origin=True)
    work = Path(tempfile.mkdtemp(prefix="snapshot-cost-"))
    stamp = build_stamp(dist)
    builds = {"device": (dist, work / "device-next"),
              "build": (work / "build", work / "build-next")}
    restamp(dist, builds["device"][1], stamp + "-next", own_origin=True)
    with_build_snapshot(dist, builds["build"][0])
    with_build_snapshot(builds["device"][1], builds["build"][1])
    link = Link(args.mbit, args.rtt)
    found: dict[str, list[dict[str, float]]] = {name: [] for name in builds}
    with sync_playwright() as play:
        for n in range(args.runs):
            for name in list(builds) if n % 2 == 0 else list(builds)[::-1]:
                first, after = builds[name]
                server = paced_server(first, link)
                url = f"http://127.0.0.1:{server.server_address[1]}{PREFIX}"

                def switch(server: Any = server, after: Path = after) -> None:
                    server.dist = after

                found[name].append(visit(play, url, switch, link, name == "device",
                                         work / f"profile-{name}-{n}"))
                server.shutdown()
    snapshot = (builds["build"][0] / SNAPSHOT).stat().st_size / 1e6
    snapshot_gz = gzip_mb(builds["build"][0], [SNAPSHOT])
    files = sorted(str(p.relative_to(dist)) for p in dist.rglob("*") if p.is_file())
    print(f"link {args.mbit:g} Mbit/s, {args.rtt:g} ms a request; {args.runs} first visits of "
          f"each build, interleaved; medians (seconds from navigation start; MB sent):")
    for name, runs in found.items():
        def m(key: str, runs: list[dict[str, float]] = runs) -> float:
            return statistics.median(r[key] for r in runs)
        print(f"  {name:6s} first visit: engine ready {m('ready_s'):6.1f} s, "
              f"{m('ready_mb'):5.1f} MB; works offline {m('offline_s'):6.1f} s, "
              f"{m('offline_mb'):5.1f} MB"
              + (f"; its own snapshot made {m('made_s'):.1f} s after ready (no bytes)"
                 if name == "device" else ""))
        print(f"  {name:6s} next release installed: {m('update_s'):6.1f} s, "
              f"{m('update_mb'):5.1f} MB")
    pairs = list(zip(found["device"], found["build"], strict=True))
    for key, what in (("offline", "first visit until it works offline"),
                      ("update", "next release")):
        mb = statistics.median(b[f"{key}_mb"] / d[f"{key}_mb"] for d, b in pairs)
        seconds = statistics.median(b[f"{key}_s"] / d[f"{key}_s"] for d, b in pairs)
        print(f"  build ÷ device, {what}: bytes {mb:.2f}×, seconds {seconds:.2f}×")
    others = gzip_mb(dist, files)
    print(f"  the snapshot: {snapshot:.1f} MB as sent here, {snapshot_gz:.1f} MB gzipped; the "
          f"app's other files {others:.1f} MB gzipped (a first visit from a server that "
          f"compresses: {others + snapshot_gz:.1f} MB instead of {others:.1f})")
    shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
