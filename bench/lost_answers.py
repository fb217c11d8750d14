"""How many answers a build loses when the page is reloaded, closed or hidden right after a
tap (issue 24), counted in real Chromium; ``--against OLD_DIST`` counts an earlier build's too.

    .venv/bin/python bench/lost_answers.py [--rounds 20] [--against OLD_DIST]

Each build is served on its own port with a fresh profile; the scenario is
``tests/e2e/durability.py`` (the same the end-to-end test asserts on).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]

from playwright.sync_api import sync_playwright  # noqa: E402

from buildsteps.common import DIST, PREFIX  # noqa: E402
from buildsteps.serve import make_server  # noqa: E402
from tests.e2e.durability import MODES, lifecycle_context, run  # noqa: E402


def count(dist: Path, rounds: int) -> dict[str, tuple[int, int]]:
    """Per mode: answers lost and screens not as they were, of ``rounds`` tries."""
    server = make_server(dist, port=0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}{PREFIX}"
    try:
        with tempfile.TemporaryDirectory() as profile, sync_playwright() as play, \
                lifecycle_context(play.chromium, Path(profile)) as ctx:
            tally = run(ctx, url, rounds)
    finally:
        server.shutdown()
    return {m: (len(tally.lost[m]), len(tally.wrong_screen[m])) for m in MODES}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--dist", type=Path, default=DIST)
    parser.add_argument("--against", type=Path, help="an earlier build's dist/")
    args = parser.parse_args()
    builds = [("this build", args.dist)] + ([("earlier", args.against)] if args.against else [])
    for name, dist in builds:
        t0 = time.perf_counter()
        found = count(dist, args.rounds)
        print(f"{name} ({dist}), {time.perf_counter() - t0:.0f} s:")
        for mode, (lost, wrong) in found.items():
            print(f"  {mode:7s} answers lost {lost:2d} of {args.rounds}; "
                  f"screens not as they were {wrong:2d}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
