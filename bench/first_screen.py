"""Where the answers are: how many questions have an answer control off the first screen.

    .venv/bin/python bench/first_screen.py [--answers 40] [--seed 7] [--no-build]
                                           [--against OLD_DIST] [--shots DIR]

Plays each game through the built app at 360×780 (seed 7, ``--answers`` answers, the same
answers the whole-game test taps) and counts, per game, the questions whose answer controls
(the number box and its buttons, every choice, every box or list, OK, the one-tap answers)
are not all inside the viewport between the top bar and the dock as the screen is drawn,
without scrolling; also how far down the lowest control lay and how far the page had to be
scrolled in all. With ``--against`` an earlier build is measured the same way, game by game
in turn, and both are printed side by side. ``--shots`` keeps a screenshot of every screen.
"""

from __future__ import annotations

import argparse
import sys
import threading
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

from playwright.sync_api import Page, sync_playwright  # noqa: E402

from buildsteps.common import DIST, PREFIX  # noqa: E402
from buildsteps.pipeline import build  # noqa: E402
from buildsteps.serve import make_server  # noqa: E402
from tests.e2e.helpers import (  # noqa: E402
    FIRST_SCREEN_JS,
    answer,
    open_app,
    start_game,
    strategy_x,
)

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
        "--disable-background-networking", "--disable-component-update",
        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
GAMES = ("civ_new_dawn", "age_of_innovation", "tapestry", "glory_of_civilizations")


def play(page: Page, base: str, game: str, answers: int, seed: int, lang: str, text: float,
         shots: Path | None, label: str, trace: bool = False) -> dict[str, Any]:
    """One game: the questions seen and those with a control off the first screen."""
    open_app(page, base, lang=lang)
    page.evaluate("(t) => { const s = JSON.parse(localStorage.getItem('automa.settings'));"
                  " s.text = t; localStorage.setItem('automa.settings', JSON.stringify(s)); }",
                  text)
    page.reload()
    page.wait_for_selector("body[data-py-ready]", state="attached")
    start_game(page, game, seed=seed)
    seen, off, lowest, scrolled, cards = 0, [], 0.0, 0.0, []
    for i in range(answers):
        found = page.evaluate(FIRST_SCREEN_JS)
        if found is None:
            break
        seen += 1
        if trace:
            print(f"      {game} {found['key']}: question ends {found['question']:.0f}, "
                  f"dock {found['dock']:.0f} px")
        lowest = max(lowest, found["lowest"])
        if found["card"] is not None:
            cards.append(found["card"])
        if found["off"]:
            off.append(f"{found['key']} ({found['lowest']:.0f} px: {' '.join(found['off'])})")
            scrolled += max(0.0, found["lowest"] - found["fold"])
        if shots is not None:
            shots.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(shots / f"{label}_{game}_{lang}_{text}_{i:02d}.png"))
        if answer(page, strategy_x(page, game, i, (i * 0.618) % 1.0)) is None:
            break
    return {"seen": seen, "off": off, "lowest": lowest, "scrolled": scrolled,
            "card": sorted(cards)[len(cards) // 2] if cards else None,
            "card_min": min(cards) if cards else None}


def main() -> int:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answers", type=int, default=40)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--lang", default="en")
    parser.add_argument("--text", type=float, default=1.0, help="text size (1, 1.15, 1.3)")
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--dist", type=Path, default=DIST)
    parser.add_argument("--against", type=Path, default=None)
    parser.add_argument("--shots", type=Path, default=None)
    parser.add_argument("--game", action="append", default=None)
    parser.add_argument("-v", "--verbose", action="store_true", help="name every question off")
    parser.add_argument("--trace", action="store_true",
                        help="print where each question ends and how tall the dock is")
    args = parser.parse_args()
    dist = args.dist.resolve()
    if not args.no_build or not (dist / "index.html").is_file():
        build(dist, quiet=True)
    builds = {"this": dist}
    if args.against is not None:
        builds["against"] = args.against.resolve()
    bases = {}
    servers = []
    for name, folder in builds.items():
        server = make_server(folder, port=0, quiet=True)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        bases[name] = f"http://127.0.0.1:{server.server_address[1]}{PREFIX}"
    results: dict[str, dict[str, dict[str, Any]]] = {name: {} for name in builds}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        for game in args.game or GAMES:
            for name, base in bases.items():
                context = browser.new_context(viewport={"width": 360, "height": 780},
                                              device_scale_factor=1, has_touch=True)
                page = context.new_page()
                results[name][game] = play(page, base, game, args.answers, args.seed,
                                           args.lang, args.text, args.shots, name,
                                           args.trace)
                context.close()
        browser.close()
    for server in servers:
        server.shutdown()
    print(f"answer controls off the first screen, 360×780, seed {args.seed}, "
          f"{args.answers} answers, {args.lang}, text ×{args.text}:")
    for name, per_game in results.items():
        total_off = sum(len(r["off"]) for r in per_game.values())
        total = sum(r["seen"] for r in per_game.values())
        print(f"  {name}: {total_off} of {total}")
        for game, r in per_game.items():
            card = ("" if r["card"] is None else f"; driving card on screen: median "
                    f"{r['card']:.0%}, least {r['card_min']:.0%}")
            print(f"    {game:24s} {len(r['off']):3d} of {r['seen']:3d}; lowest control "
                  f"{r['lowest']:6.0f} px; scrolling needed {r['scrolled']:7.0f} px{card}")
            if args.verbose:
                for item in r["off"]:
                    print(f"        {item}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
