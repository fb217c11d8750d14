"""Glory's end screen in a two-automa game, at the largest text size in English (light),
after a reload and a visit to Settings: the dock (Games, undo, redo) lies wholly on the
360×780 screen, wherever the page is scrolled (a walk of 2026-11-28 saw it cut off at the
screen's foot)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from tests.e2e.helpers import answer, game_state, open_app, wait_ready

pytestmark = pytest.mark.e2e

DOCK_JS = """() => {
  const dock = document.querySelector('.dock');
  if (!dock) return ['no dock'];
  const parts = [dock, ...dock.querySelectorAll('a, button')];
  return parts.filter(e => {
    const r = e.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return r.height === 0 || r.top < 0 || r.bottom > innerHeight + 0.5
      || r.right > innerWidth + 0.5 || !(e === dock || e.contains(hit));  // (or covered)
  }).map(e => (e.textContent.trim() || e.className) + '@'
           + Math.round(e.getBoundingClientRect().bottom));
}"""


def test_glory_two_automa_end_screen_dock_on_screen_at_largest_text(
        page: Page, base_url_app: str) -> None:
    """Glory, 3 players with 2 automas, a few turns, then "A player wins at once by instant
    achievements" (confirmed); reload; Settings → largest text; back to the game: the dock
    and each of its controls are on screen, none covered, at the top, middle and foot of the
    page."""
    page.set_viewport_size({"width": 360, "height": 780})
    open_app(page, base_url_app, lang="en")
    page.evaluate("localStorage.setItem('automa.settings',"
                  " JSON.stringify({lang: 'en', theme: 'light'}))")
    page.reload()
    wait_ready(page)
    page.click('button[data-act="new"][data-arg="glory_of_civilizations"]')
    page.wait_for_selector("#new-form")
    page.check('input[data-option="automas"][value="1"]')  # (the second choice: 2 automas)
    page.check('input[data-option="players"][value="1"]')  # (3 players)
    page.fill("#seed", "7")
    page.click('button[data-act="start"]')
    page.wait_for_selector("#prompt")
    proc = "[data-act=proc][data-arg=instant_victory]"
    for tap in range(200):  # a few turns, until the automas' turn waits (its procedures)
        if tap > 5 and game_state(page)["phase"] == "waiting":
            break
        answer(page, 0.3)
    page.wait_for_selector(proc, state="attached")  # (drawn a frame after the question)
    page.evaluate(f"document.querySelector('{proc}').click()")
    page.wait_for_selector('#prompt[data-key$="prompt.instant_victory_sure"]')
    answer(page, 0.0)  # (end the game)
    page.wait_for_selector('#prompt[data-kind="over"]')
    page.reload()
    wait_ready(page)
    page.wait_for_selector('#prompt[data-kind="over"]')
    page.goto(base_url_app + "#/settings")
    page.check('input[data-setting=text][value="1.3"]')
    page.click("#back-to-game")
    page.wait_for_selector('#prompt[data-kind="over"]')
    off = {}
    for y in (0, 800, 100_000):
        page.evaluate(f"scrollTo(0, {y})")
        page.wait_for_timeout(100)
        off[y] = page.evaluate(DOCK_JS)
    assert not any(off.values()), off
