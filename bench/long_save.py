"""Loading a long save in the browser's Python, this build against an earlier one, in one run.

    .venv/bin/python bench/long_save.py --against /tmp/b588 [--loads 3] [--no-build]

A save of 10,000 actions (a game played until a procedure can be started, then that
procedure started and cancelled 5,000 times) is written for each game by each build's own
engine (CPython, the build's ``py/``), and loaded by that build's engine in Pyodide: a page
served beside each build starts its Pyodide, unpacks its engine's zip and times
``automa.load_game`` (the whole replay and its checks). The builds' pages alternate (ABBA)
and the medians are printed with their ratio (this ÷ against; targets: ≤ 1.0 and ≤ 3 s).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

from playwright.sync_api import Page, sync_playwright  # noqa: E402

from buildsteps.common import PREFIX  # noqa: E402
from buildsteps.pipeline import add_build_options, built  # noqa: E402
from buildsteps.serve import make_server  # noqa: E402
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tests.e2e.helpers import wait_ready  # noqa: E402

ARGS = CHROMIUM_ARGS  # (the e2e tests' flags: nothing leaves 127.0.0.1)
ACTIONS = 10_000
GAMES = ("age_of_innovation", "civ_new_dawn", "glory_of_civilizations", "tapestry")
# Run by a build's own Python (its py/ and tests/ first on the path): the long saves, as JSON.
MAKE = """
import json, sys
import automa
from automa.core.rng import Rng
from tests.conformance import random_answer
out = {}
for game in sys.argv[1].split(","):
    rng = Rng.from_seed(1)
    s = automa.new_game(game, {}, seed=7)
    while not s.procedures:
        s.answer(random_answer(s.prompt, rng))
    data = json.loads(s.to_json())
    data["actions"] += [{"start": s.procedures[0]["id"]}, {"cancel": True}] * (ACTIONS // 2)
    out[game] = json.dumps(data)
print(json.dumps(out))
"""
PAGE = b"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>long save</title>
</head><body><p>long save bench</p><script type="module">
const { loadPyodide } = await import("./pyodide/pyodide.mjs");
const py = await loadPyodide({ indexURL: "./pyodide/" });
const zip = await (await fetch("./pkgs/automa.zip")).arrayBuffer();
py.unpackArchive(zip, "zip", { extractDir: "/home/pyodide" });
py.runPython(`import os, sys, time
os.chdir('/home/pyodide'); sys.path.insert(0, '/home/pyodide')
import automa`);
window.loadSave = async (game) => {
  const text = await (await fetch(`./long-${game}.json`)).text();
  py.globals.set("text", text);
  return py.runPython(`t0 = time.perf_counter()
automa.load_game(text)
(time.perf_counter() - t0) * 1000`);
};
document.body.dataset.pyReady = "1";
</script></body></html>"""


def long_saves(tree: Path, games: list[str]) -> dict[str, str]:
    """The long save of each game, written by the engine of the source tree ``tree``."""
    done = subprocess.run([sys.executable, "-c", f"ACTIONS = {ACTIONS}\n" + MAKE,
                           ",".join(games)], cwd=tree, capture_output=True, text=True,
                          env={"PYTHONPATH": f"{tree / 'py'}:{tree}", "PATH": "/usr/bin:/bin"},
                          check=True)
    saves: dict[str, str] = json.loads(done.stdout)
    return saves


def serve(dist: Path, saves: dict[str, str]) -> tuple[Any, str]:
    """A server of ``dist`` with the bench page and the long saves beside it."""
    extra = {"long.html": PAGE, **{f"long-{g}.json": t.encode() for g, t in saves.items()}}
    server = make_server(dist, port=0, quiet=True, extra=extra)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}{PREFIX}long.html"


def measure(builds: dict[str, tuple[Path, Path]], games: list[str], loads: int,
            page: Page) -> dict[str, dict[str, list[float]]]:
    """ms to load each game's long save, per build (name → (source tree, dist))."""
    servers, urls = [], {}
    for name, (tree, dist) in builds.items():
        server, urls[name] = serve(dist, long_saves(tree, games))
        servers.append(server)
    found: dict[str, dict[str, list[float]]] = {n: {g: [] for g in games} for n in builds}
    names = list(builds)
    try:
        for i in range(loads):
            for name in names if i % 2 == 0 else names[::-1]:
                page.goto(f"{urls[name]}?n={i}")
                wait_ready(page, timeout=240_000)
                for game in games:
                    found[name][game].append(float(page.evaluate("(g) => loadSave(g)", game)))
    finally:
        for server in servers:
            server.shutdown()
    return found


def report(found: dict[str, dict[str, list[float]]]) -> list[str]:
    """One line per game: this build's median, the other's, their ratio."""
    this, against = list(found)
    lines = [f"a save of {ACTIONS:,} start/cancel actions, loaded in Pyodide (medians of "
             f"{len(next(iter(found[this].values())))} loads, builds alternating):"]
    for game, values in found[this].items():
        a, b = statistics.median(values), statistics.median(found[against][game])
        lines.append(f"  {game:24s} {this} {a / 1000:5.2f} s, {against} {b / 1000:5.2f} s: "
                     f"ratio {a / b:.2f}  (target ≤ 1.00 and ≤ 3 s)")
    return lines


def main() -> int:
    """Build, write the saves, load them in both builds, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", type=Path, required=True,
                        help="the earlier build's source tree (with its dist/ built)")
    parser.add_argument("--loads", type=int, default=3, help="loads per game and build")
    add_build_options(parser, "this build's folder")
    args = parser.parse_args()
    dist = built(args)
    against = args.against.resolve()
    with sync_playwright() as play:
        browser = play.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        page = browser.new_page()
        found = measure({"this": (ROOT, dist), "against": (against, against / "dist")},
                        list(GAMES), args.loads, page)
        browser.close()
    print("\n".join(report(found)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
