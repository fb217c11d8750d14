"""Would a Pyodide memory snapshot start the engine sooner? Measured side by side in one run.

    .venv/bin/python bench/snapshot.py [--loads 5] [--cpu 4] [--no-build] [--dist DIR]

The vendored Pyodide (314.0.7) can write its memory after start-up (``loadPyodide({
_makeSnapshot: true})`` then ``makeMemorySnapshot()``, marked experimental) and start from such a
snapshot (``loadPyodide({_loadSnapshot})``). The snapshot would be made on the device after a
first start and kept in Cache Storage (no extra download). Three pages, served beside the
built app, each loaded in turn (the order rotates every round), with the CPU slowed ``--cpu``
times as a mid-range phone's:

* bare: the vendored Pyodide started, ``import sys`` (as in ``bench/startup.py``);
* engine: Pyodide started, the engine's zip unpacked and the app's controller and one game
  imported (what the page does before its first screen, without PyScript);
* snapshot: the same, started from a snapshot made once (by a fourth page) after that import
  and read from Cache Storage; the zip is still unpacked (later imports read it).

It prints the medians, engine ÷ bare and snapshot ÷ bare, and the snapshot's size (raw and
gzip) — what a device would keep, not download.
"""

from __future__ import annotations

import argparse
import gzip
import statistics
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

from playwright.sync_api import sync_playwright  # noqa: E402

from buildsteps.common import PREFIX  # noqa: E402
from buildsteps.pipeline import add_build_options, built  # noqa: E402
from buildsteps.serve import make_server  # noqa: E402
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tests.e2e.helpers import wait_ready  # noqa: E402

ARGS = CHROMIUM_ARGS  # (the e2e tests' flags: nothing leaves 127.0.0.1)
IMPORTS = "import automa.app.controller, automa.games.tapestry"


def page(body: str) -> bytes:
    """A page that runs ``body`` in a module script, then marks itself ready."""
    return (f"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>snap</title>
</head><body><p>snapshot bench</p><script type="module">
const {{ loadPyodide }} = await import("./pyodide/pyodide.mjs");
async function engine(py) {{
  const zip = await (await fetch("./pkgs/automa.zip")).arrayBuffer();
  py.unpackArchive(zip, "zip", {{ extractDir: "/home/pyodide" }});
  py.runPython("import os, sys; os.chdir('/home/pyodide'); sys.path.insert(0, '/home/pyodide')");
}}
{body}
window.automaShell = Object.assign(window.automaShell || {{}}, {{ ready: performance.now() }});
document.body.dataset.pyReady = "1";
</script></body></html>""").encode()


PAGES = {
    "bare.html": page("""const py = await loadPyodide({ indexURL: "./pyodide/" });
py.runPython("import sys");"""),
    "engine.html": page(f"""const py = await loadPyodide({{ indexURL: "./pyodide/" }});
await engine(py);
py.runPython("{IMPORTS}");"""),
    "make.html": page(f"""const py = await loadPyodide({{ indexURL: "./pyodide/",
                                    _makeSnapshot: true }});
await engine(py);
py.runPython("{IMPORTS}");
const snap = py.makeMemorySnapshot();
await (await caches.open("automa-snapshot")).put("./snapshot.bin", new Response(snap));
window.automaShell = {{ size: snap.byteLength }};"""),
    "snapshot.html": page(f"""const cache = await caches.open("automa-snapshot");
const stored = await cache.match("./snapshot.bin");
const py = await loadPyodide({{ indexURL: "./pyodide/", _loadSnapshot: stored.arrayBuffer() }});
await engine(py);
py.runPython("{IMPORTS}");"""),
}


def median(values: list[float]) -> float:
    """The median (NaN for none)."""
    return statistics.median(values) if values else float("nan")


def main() -> int:
    """Make a snapshot, then load the three pages in turn and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=5, help="loads of each page")
    parser.add_argument("--cpu", type=float, default=4.0, help="CPU slow-down")
    add_build_options(parser)
    args = parser.parse_args()
    dist = built(args)
    server = make_server(dist, port=0, quiet=True, extra=PAGES)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}{PREFIX}"
    names = ["bare", "engine", "snapshot"]
    found: dict[str, list[float]] = {name: [] for name in names}
    with sync_playwright() as play:
        context = play.chromium.launch_persistent_context(
            tempfile.mkdtemp(prefix="bench-snap-"), executable_path=CHROMIUM, args=ARGS,
            headless=True)
        tab = context.pages[0] if context.pages else context.new_page()
        tab.goto(base + "make.html")
        wait_ready(tab, timeout=180_000)
        size = int(tab.evaluate("window.automaShell.size"))
        packed = len(gzip.compress(bytes(tab.evaluate("""async () => {
            const r = await (await caches.open('automa-snapshot')).match('./snapshot.bin');
            return Array.from(new Uint8Array(await r.arrayBuffer()));
        }"""))))
        cdp = context.new_cdp_session(tab)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": args.cpu})
        for n in range(args.loads + 1):
            order = names[n % 3:] + names[:n % 3]
            for name in order:
                tab.goto(f"{base}{name}.html?n={n}")
                wait_ready(tab, timeout=180_000)
                if n:  # the first round warms the caches
                    found[name].append(float(tab.evaluate("window.automaShell.ready")))
        context.close()
    server.shutdown()
    bare = median(found["bare"])
    print(f"Pyodide start, CPU slowed {args.cpu:g}×, {args.loads} loads each, medians:")
    for name in names:
        print(f"  {name:8s} {median(found[name]) / 1000:6.2f} s  ({median(found[name]) / bare:.2f}"
              f" × bare)  {[round(x) for x in found[name]]}")
    print(f"  snapshot size {size / 1e6:.1f} MB raw, {packed / 1e6:.1f} MB gzip (kept on the "
          f"device in Cache Storage, not downloaded)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
