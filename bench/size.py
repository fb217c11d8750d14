"""The size of two builds side by side: every file of ``dist/`` gzipped (``gzip -9``, as
``build.py`` reports it), and with ``--loads N`` what the difference costs a first visit.

    .venv/bin/python bench/size.py --against OLD_DIST [--dist DIR] [--no-build] [--loads 5]

``--against``: the build to compare with (e.g. ``git worktree add /tmp/main main`` and
``build.py`` there, or ``build.py --out``: a scratch place, never committed). Per file and in
total: bytes gzip of each build and the difference; files present in one build only are shown
with a dash. ``--loads N``: N cold first visits of each build in Chromium (fresh context, no
service worker), interleaved ABBA on the same server thread: the time until the engine is
ready (the first screen on the page), then the time from the tap on a game's "Start" to its
first question (a game's modules are imported then); medians with their spread, and the
median of the per-pair ratios.
"""

from __future__ import annotations

import argparse
import gzip
import statistics
import sys
import threading
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

from playwright.sync_api import Browser, sync_playwright  # noqa: E402
from startup import ARGS, CHROMIUM, median, spread  # noqa: E402

from buildsteps.common import PREFIX  # noqa: E402
from buildsteps.pipeline import add_build_options, built  # noqa: E402
from buildsteps.serve import make_server  # noqa: E402
from tests.e2e.helpers import wait_ready  # noqa: E402

GAME = "tapestry"


def gzip_sizes(dist: Path) -> dict[str, int]:
    """Every file of ``dist`` (relative path) → its ``gzip -9`` size."""
    return {p.relative_to(dist).as_posix(): len(gzip.compress(p.read_bytes(), 9, mtime=0))
            for p in sorted(dist.rglob("*")) if p.is_file()}


def size_table(new: dict[str, int], old: dict[str, int], top: int = 12) -> list[str]:
    """The largest files and the total, old build then new, in MB gzip."""
    names = sorted(set(new) | set(old), key=lambda n: -max(new.get(n, 0), old.get(n, 0)))

    def mb(value: int | None) -> str:
        return f"{value / 1e6:8.3f}" if value is not None else "       —"

    lines = [f"{'file':<34} {'against':>8} {'this':>8} {'change':>8}"]
    for name in names[:top]:
        a, b = old.get(name), new.get(name)
        lines.append(f"{name[:34]:<34} {mb(a)} {mb(b)} {mb((b or 0) - (a or 0))}")
    rest_a = sum(old.get(n, 0) for n in names[top:])
    rest_b = sum(new.get(n, 0) for n in names[top:])
    lines.append(f"{f'{len(names) - top} other files':<34} {mb(rest_a)} {mb(rest_b)} "
                 f"{mb(rest_b - rest_a)}")
    total_a, total_b = sum(old.values()), sum(new.values())
    lines.append(f"{'total (MB gzip; goal ≤ 5)':<34} {mb(total_a)} {mb(total_b)} "
                 f"{mb(total_b - total_a)}")
    return lines


def serve(dist: Path) -> str:
    """Serve ``dist`` on a free port (a daemon thread); its app URL."""
    server = make_server(dist, port=0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}{PREFIX}"


def first_visit(browser: Browser, url: str) -> tuple[float, float]:
    """A cold first visit: ms until the engine is ready, then ms from "Start" to the game's
    first question."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.goto(url)
    wait_ready(page, timeout=180_000)
    ready = float(page.evaluate("window.automaShell.ready"))
    page.click(f'button[data-act="new"][data-arg="{GAME}"]')
    page.wait_for_selector("#new-form")
    page.evaluate("""() => document.querySelector('button[data-act="start"]')
        .addEventListener('pointerdown', () => { window.__t0 = performance.now(); },
                          {capture: true, once: true})""")
    page.click('button[data-act="start"]')
    page.wait_for_selector("#prompt", timeout=60_000)
    opened = float(page.evaluate("performance.now() - window.__t0"))
    context.close()
    return ready, opened


def loads(urls: dict[str, str], count: int) -> dict[str, dict[str, list[float]]]:
    """``count`` first visits of each build, interleaved ABBA."""
    found: dict[str, dict[str, list[float]]] = {k: {"ready": [], "open": []} for k in urls}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for i in range(count):
            order = list(urls) if i % 2 == 0 else list(urls)[::-1]
            for name in order:
                ready, opened = first_visit(browser, urls[name])
                found[name]["ready"].append(ready)
                found[name]["open"].append(opened)
        browser.close()
    return found


def load_report(found: dict[str, dict[str, list[float]]]) -> list[str]:
    """Medians and spreads of each build, and the median ratio this ÷ against per pair."""
    lines = []
    for what, label in (("ready", "first visit, engine ready"),
                        ("open", f"Start → first question ({GAME})")):
        lines.append(f"{label}:")
        for name in ("against", "this"):
            lines.append(f"  {name:<8} {spread(found[name][what])}")
        ratios = [b / a for a, b in zip(found["against"][what], found["this"][what], strict=True)
                  if a > 0]
        lines.append(f"  this ÷ against, median of pairs: {median(ratios):.3f}"
                     + (f" (min–max {min(ratios):.3f}–{max(ratios):.3f})" if ratios else ""))
    return lines


def main() -> int:
    """Command line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_build_options(parser, "the build to measure (default dist/)")
    parser.add_argument("--against", type=Path, required=True, help="the build to compare with")
    parser.add_argument("--loads", type=int, default=0, help="cold first visits of each build")
    args = parser.parse_args()
    dist = built(args)
    against = args.against.resolve()
    print("\n".join(size_table(gzip_sizes(dist), gzip_sizes(against))), flush=True)
    if args.loads:
        found = loads({"against": serve(against), "this": serve(dist)}, args.loads)
        print("\n".join(load_report(found)))
        pairs: list[Any] = [statistics.median(found[k]["ready"]) for k in found]
        print(f"(medians of engine ready: {pairs[0] / 1000:.2f} s → {pairs[1] / 1000:.2f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
