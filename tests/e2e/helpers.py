"""Helpers shared by the end-to-end tests and bench/startup.py: driving the page like a person."""

from __future__ import annotations

import json
import math
import re
import threading
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import ElementHandle, Page

from buildsteps.common import DIST
from buildsteps.pipeline import build
from buildsteps.serve import make_server
from buildsteps.stamp import restamp
from buildsteps.sw import build_stamp

ROOT = Path(__file__).resolve().parents[2]

READY = "body[data-py-ready]"
PREFIX = "/automa-companion/"

FIND_ANSWER_JS = """
  const prompt = document.querySelector('#prompt');
  if (!prompt || prompt.dataset.kind === 'over') return null;
  const kind = prompt.dataset.kind, key = prompt.dataset.key;
  const dock = document.querySelector('#dock') || prompt;  // (earlier builds: in the prompt)
  const pick = (list) => list[Math.min(list.length - 1, Math.floor(x * list.length))];
  let button;
  const list = dock.querySelector('#pick');
  if (kind === 'pick_one' && list) {
    list.selectedIndex = Math.min(list.options.length - 1, Math.floor(x * list.options.length));
    button = dock.querySelector('button[data-act=submit-pick]');
  } else if (kind === 'pick_one' || kind === 'yes_no') {
    button = pick([...dock.querySelectorAll('button.answer')]);
  } else if (kind === 'pick_subset') {
    const set = dock.querySelector('#subset');
    const boxes = [...set.querySelectorAll('input[type=checkbox]')];
    const lo = +set.dataset.lo, hi = +set.dataset.hi;
    const n = Math.max(lo, Math.min(hi, Math.floor(x * (hi - lo + 1)) + lo));
    boxes.forEach((b, i) => { b.checked = i < n; });
    button = dock.querySelector('button[data-act=submit-subset]');
  } else {
    const box = dock.querySelector('#count');
    if (box && box.value === '') box.value = box.min;  // (an empty box: a number typed)
    button = dock.querySelector('button.answer.primary') || dock.querySelector('button.answer');
  }
"""
"""JS statements that find the control answering the prompt on screen (``button``, with the
subset boxes ticked) for a number ``x`` in [0, 1); they return null when the game is over."""

# Answers the prompt on screen by tapping its controls, as a person would; x in [0, 1) picks
# among the choices. Returns {kind, key, ms} (ms: tap to screen updated and laid out), or
# null when the game is over.
ANSWER_JS = "(x) => {" + FIND_ANSWER_JS + """
  const shown = () => [...document.querySelectorAll('.cards [data-card]')]
    .map(e => e.dataset.card).join();
  const cardsBefore = shown();
  const t0 = performance.now();
  button.click();
  document.body.offsetHeight;  // the tap is done when the new screen is laid out
  const ms = performance.now() - t0;
  const cardsAfter = shown();
  const error = document.querySelector('.banner-error');
  return {kind, key, ms, drew: cardsAfter !== cardsBefore && cardsAfter !== '',
          error: error ? error.textContent : null};
}
"""


FIRST_SCREEN_JS = """() => {
  const prompt = document.querySelector('#prompt');
  if (!prompt || prompt.dataset.kind === 'over') return null;
  const bar = document.querySelector('.bar');
  const top = bar ? bar.getBoundingClientRect().bottom : 0;
  const dock = prompt.querySelector('.dock') || document.querySelector('.dock');
  const fold = dock ? dock.getBoundingClientRect().top : innerHeight;
  const controls = [...new Set([prompt, dock].filter(Boolean).flatMap(e => [...e.querySelectorAll(
    '[data-act=answer], [data-act=pick], [data-act^=submit], [data-act=step], #count, #pick,'
    + ' #subset input, #values select')]))];
  let lowest = 0;
  const off = controls.filter(e => {
    const r = e.getBoundingClientRect();
    const docked = dock && dock.contains(e);
    lowest = Math.max(lowest, r.bottom);
    if (r.width === 0 || r.height === 0) return true;
    return r.top < top - 1 || r.bottom > (docked ? innerHeight : fold) + 1;
  }).map(e => (e.dataset.act || e.id || e.tagName) + '@'
           + Math.round(e.getBoundingClientRect().top));
  const q = document.querySelector('#question').getBoundingClientRect();
  if (q.top < top - 1 || q.bottom > fold + 1) off.push('question@' + Math.round(q.top));
  const card = document.querySelector('.prompt-cards .card-drives');
  const c = card ? card.getBoundingClientRect() : null;
  return {kind: prompt.dataset.kind, key: prompt.dataset.key, controls: controls.length,
          off, lowest: Math.max(lowest, q.bottom), fold, scrollY, question: q.bottom,
          dock: dock ? dock.getBoundingClientRect().height : 0,
          card: c ? Math.max(0, Math.min(1, (fold - c.top) / c.height)) : null};
}"""
"""Where the question and its answer controls lie, as drawn (no scrolling): ``off`` lists
those not wholly between the top bar and the dock (or, in the dock, on screen); ``lowest``
is the bottom of the lowest one, in CSS px from the viewport's top; ``card`` the share of the
card driving the question above the dock (null: no such card)."""


def _civ_new_dawn_strategy(key: str, tap: int, x: float) -> float:
    """Civilization AP: a game ends only when the player says someone won (the rules have no
    other end), so play the AP's turns for a while, then end it."""
    if key.endswith(".prompt.ready"):
        return 0.0 if tap < 60 else 0.99
    if key.endswith((".prompt.who_won", ".prompt.confirm_end")):
        return 0.0
    return x


ANSWER_STRATEGIES: dict[str, Callable[[str, int, float], float]] = {
    "civ_new_dawn": _civ_new_dawn_strategy,
}
"""Per-game answer strategies for whole games: ``(prompt key, tap number, x) -> x``."""


def strategy_x(page: Page, game: str, tap: int, x: float) -> float:
    """The ``x`` a game's answer strategy picks for the prompt on screen (``x`` if none)."""
    strategy = ANSWER_STRATEGIES.get(game)
    if strategy is None:
        return x
    key = page.get_attribute("#prompt", "data-key") or ""
    return strategy(key, tap, x)


def dist_games() -> list[str]:
    """The games packed into the built app (build first when there is no dist/ yet)."""
    if not (DIST / "pkgs" / "automa.zip").is_file():
        build(quiet=True)
    with zipfile.ZipFile(DIST / "pkgs" / "automa.zip") as z:
        return [g["id"] for g in json.loads(z.read("automa/_data/games.json"))]


def origin_build(out: Path, own: bool, stamp: str = "") -> Path:
    """``dist/`` (built first if there is none) copied to ``out`` as a build for an origin of
    its own (``own``: its start-up snapshot made on the device) or a shared one (none), under
    ``stamp`` (default: its own stamp): whatever ``dist/`` was built for."""
    dist_games()
    restamp(DIST, out, stamp or build_stamp(DIST), own_origin=own)
    return out


def serve(dist: Path, extra: dict[str, bytes] | None = None) -> tuple[Any, str]:
    """A server of ``dist`` (and ``extra`` pages) under the app's sub-path on a free port,
    serving; and the app's URL there. ``server.dist`` switches what it serves;
    ``server.shutdown()`` stops it."""
    server = make_server(dist, port=0, quiet=True, extra=extra)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}{PREFIX}"


def app_url(base: str, hash_: str = "") -> str:
    """The app's URL with a screen hash."""
    return base + (hash_ or "")


def wait_ready(page: Page, timeout: float = 60_000) -> None:
    """Wait until the page's Python is ready."""
    page.wait_for_selector(READY, state="attached", timeout=timeout)


def open_app(page: Page, base: str, *, lang: str = "en", clear: bool = True,
             hash_: str = "") -> None:
    """Open the app with a clean storage (or not) and a language."""
    page.goto(base + "icons/icon.svg")
    page.evaluate("""([clear, lang]) => {
        if (clear) localStorage.clear();
        const s = JSON.parse(localStorage.getItem('automa.settings') || '{}');
        s.lang = lang;
        localStorage.setItem('automa.settings', JSON.stringify(s));
    }""", [clear, lang])
    page.goto(base + hash_)
    wait_ready(page)


def shown(page: Page, selector: str, timeout: float | None = None) -> ElementHandle:
    """The element ``selector`` once it is visible (Playwright waits for it, ``timeout`` ms
    or its default)."""
    element = page.wait_for_selector(selector, timeout=timeout)
    assert element is not None, selector
    return element


def start_game(page: Page, game_id: str, seed: int | None = 1) -> None:
    """Start a new game with its default options through the UI."""
    page.click(f'button[data-act="new"][data-arg="{game_id}"]')
    page.wait_for_selector("#new-form")
    if seed is not None:
        page.fill("#seed", str(seed))
    page.click('button[data-act="start"]')
    page.wait_for_selector("#prompt")


def answer(page: Page, x: float = 0.0) -> dict[str, Any] | None:
    """Answer the prompt on screen through the UI."""
    result: dict[str, Any] | None = page.evaluate(ANSWER_JS, x)
    return result


def save_text(page: Page) -> str:
    """The save text of the game in play (the app's debug hook)."""
    return str(page.evaluate("automaDebug()"))


def game_state(page: Page) -> dict[str, Any]:
    """The engine state of the game in play."""
    state: dict[str, Any] = json.loads(save_text(page))["snapshot"]
    return state


def percentile(values: list[float], p: float) -> float:
    """The p-th percentile (nearest rank)."""
    ordered = sorted(values)
    if not ordered:
        return math.nan
    rank = max(1, math.ceil(p / 100 * len(ordered)))
    return ordered[rank - 1]


LATIN_WORD = re.compile(r"[A-Za-z]{3,}")
