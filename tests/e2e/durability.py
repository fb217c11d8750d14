"""Answer, then at once reload, close or hide the page, as a player does (a pull-to-refresh,
a closed tab, a locked phone): shared by ``test_durability.py`` (every answer kept) and
``bench/lost_answers.py`` (how many answers an earlier build lost).

Everything is real Chromium: "hide" leaves the page for another one and comes back, so the
app is hidden and frozen in the back-forward cache (``pagehide``, ``visibilitychange``,
``freeze``; no timer or frame runs) and comes back as it was, with no engine reload;
Playwright's switches that turn off that cache and the throttling of hidden pages' timers are
dropped (:data:`LIFECYCLE`). The stored game is read from a second page of the same origin.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, BrowserType, Page

from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS
from tests.e2e.helpers import FIND_ANSWER_JS, start_game, wait_ready

GAMES = ("tapestry", "age_of_innovation", "civ_new_dawn", "glory_of_civilizations")
MODES = ("reload", "close", "hide")
LIFECYCLE = ["--disable-back-forward-cache", "--disable-background-timer-throttling"]
"""Playwright's default switches that hide a real browser's page lifecycle."""

# Tap the answer, read what the game is now (in memory) and what the question on screen is,
# and, for "reload", start the reload in the same task: no frame or timer runs in between.
TAP_JS = "([x, reload]) => {" + FIND_ANSWER_JS + """
  button.click();
  const save = JSON.parse(automaDebug());
  const shown = document.querySelector('#prompt');
  const seen = {actions: save.actions.length, prompt: shown ? shown.textContent : ''};
  if (reload) location.reload();
  return seen;
}"""


@dataclass
class Tally:
    """What one run found: answers lost and screens not as they were, per mode."""

    rounds: dict[str, int] = field(default_factory=dict)
    lost: dict[str, list[str]] = field(default_factory=dict)
    wrong_screen: dict[str, list[str]] = field(default_factory=dict)


@contextmanager
def lifecycle_context(chromium: BrowserType, profile: Path) -> Iterator[BrowserContext]:
    """A Chromium profile with the real page lifecycle (back-forward cache, throttling)."""
    context = chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True,
        viewport={"width": 390, "height": 844}, ignore_default_args=LIFECYCLE)
    try:
        yield context
    finally:
        context.close()


def stored_actions(reader: Page, save_id: str) -> int:
    """How many answers the stored game holds (read from another page of the origin)."""
    raw = reader.evaluate("k => localStorage.getItem(k)", f"automa.save.{save_id}")
    if not raw:
        return -1
    text = raw.split("\n", 1)[1] if raw.startswith("{\"") and "\n" in raw else raw
    return len(json.loads(text)["actions"])


def kept(reader: Page, save_id: str, answers: int, wait_ms: int = 2000) -> bool:
    """Whether the stored game holds ``answers`` answers, given the page that was left the
    time to run its own handlers of being hidden or left (a frozen or closed page runs
    nothing else: a save put off to a timer or a frame is not made meanwhile)."""
    for _ in range(wait_ms // 50):
        if stored_actions(reader, save_id) >= answers:
            return True
        reader.wait_for_timeout(50)
    return stored_actions(reader, save_id) >= answers


def prompt_text(page: Page) -> str:
    return page.text_content("#prompt") or ""


def run(context: BrowserContext, url: str, rounds: int, modes: tuple[str, ...] = MODES,
        games: tuple[str, ...] = GAMES, on_round: Callable[[str], None] | None = None) -> Tally:
    """``rounds`` answers per mode, the games in turn, each followed at once by the mode's
    reload, close or hide; counts the answers the stored game lost and the screens that
    did not come back as they were."""
    tally = Tally()
    reader = context.new_page()
    reader.goto(url + "icons/icon.svg")
    reader.evaluate("localStorage.clear()")
    page = context.new_page()
    page.goto(url)
    wait_ready(page)
    saves: dict[str, str] = {}
    for mode in modes:
        tally.rounds[mode] = rounds
        tally.lost[mode], tally.wrong_screen[mode] = [], []
        for i in range(rounds):
            game = games[i % len(games)]
            page = on_game(page, context, url, game, saves)
            save_id = saves[game]
            seen: dict[str, Any] = page.evaluate(TAP_JS, [(0.37 * i) % 1, mode == "reload"])
            if mode == "close":
                page.close()
            elif mode == "hide":
                page.goto(url + "icons/icon.svg", wait_until="commit")
            where = f"{game} round {i}"
            if mode == "reload":  # (read once the page is gone: the new one is up)
                wait_ready(page)
            if not kept(reader, save_id, seen["actions"]):
                tally.lost[mode].append(where)
            if mode == "close":
                page = context.new_page()
                page.goto(url + f"#/play/{save_id}")
            elif mode == "hide":  # back: from the back-forward cache (else loaded again)
                page.evaluate("history.back()")
                page.wait_for_url(f"**#/play/{save_id}", wait_until="commit")
            wait_ready(page)
            page.wait_for_selector("#prompt", state="attached")
            if prompt_text(page) != seen["prompt"] or not page.url.endswith(save_id):
                tally.wrong_screen[mode].append(where)
            if on_round:
                on_round(mode)
    return tally


def on_game(page: Page, context: BrowserContext, url: str, game: str,
            saves: dict[str, str]) -> Page:
    """The page showing ``game`` (started the first time, with a fixed seed)."""
    if game not in saves:
        page.evaluate("location.hash = '#/'")
        page.wait_for_selector(f'button[data-act="new"][data-arg="{game}"]')
        start_game(page, game, seed=11 + len(saves))
        saves[game] = page.url.split("#/play/")[1]
    elif not page.url.endswith(f"#/play/{saves[game]}"):
        page.evaluate("id => { location.hash = '#/play/' + id; }", saves[game])
        page.wait_for_function("id => location.hash.endsWith(id) && "
                               "document.querySelector('#app .play')", arg=saves[game])
    page.wait_for_selector("#prompt", state="attached")
    return page
