"""Issue 49 and issue 43 item 6: a cold first visit shows a usable Home within 1 s of the
first paint (the build's Home, drawn by the app's own views, painted by the shell before the
engine has started), in the browser's language; a tap on a game made before the engine is
ready leads to its New game form once it is."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import BrowserType, Page

from tests.e2e.conftest import launch
from tests.e2e.helpers import wait_ready
from tests.e2e.test_resume import HOLD_ENGINE_JS, tap

pytestmark = pytest.mark.e2e
# The page's own clock: when a game's New game button first exists (whoever drew it).
BUTTON_SEEN_JS = """(() => {
  const seen = () => {
    if (window.__newGameAt === undefined && document.querySelector('[data-act=new]'))
      window.__newGameAt = performance.now();
  };
  new MutationObserver(seen).observe(document, { childList: true, subtree: true });
})();"""
# Milliseconds from the first paint to the New game button, both by the page's clock.
AFTER_FIRST_PAINT_JS = """() => {
  const paint = performance.getEntriesByName('first-paint')[0];
  return paint && window.__newGameAt !== undefined ? window.__newGameAt - paint.startTime : null;
}"""
HOME = {"en": ("en-US", "New game", "Kept:"), "uk": ("uk-UA", "Нова гра", "Збережено:")}


def first_visit(chromium: BrowserType, profile: Path, base: str, locale: str) -> Page:
    """A fresh profile's first visit to the app (the engine's package held back)."""
    context = launch(chromium, profile, locale=locale)
    page = context.pages[0] if context.pages else context.new_page()
    page.set_viewport_size({"width": 360, "height": 780})
    page.add_init_script(HOLD_ENGINE_JS)
    page.add_init_script(BUTTON_SEEN_JS)
    page.goto(base, wait_until="commit")
    return page


@pytest.mark.parametrize("lang", sorted(HOME))
def test_a_first_visit_shows_a_usable_home_within_a_second_of_the_first_paint(
        chromium: BrowserType, base_url_app: str, tmp_path: Path, lang: str) -> None:
    locale, heading, kept = HOME[lang]
    page = first_visit(chromium, tmp_path / "profile", base_url_app, locale)
    try:
        page.wait_for_function(f"({AFTER_FIRST_PAINT_JS})() !== null", timeout=30_000)
        assert page.evaluate(AFTER_FIRST_PAINT_JS) <= 1000
        assert not page.evaluate("document.body.dataset.pyReady")  # the engine is held back
        first = page.locator("#shell-screen button[data-act=new]").first.bounding_box()
        assert first is not None and first["y"] + first["height"] <= 780  # on the first screen
        tile = page.locator('#shell-screen button[data-act=new][data-arg="tapestry"]')
        tile.scroll_into_view_if_needed()
        assert page.locator("#shell-screen h2").first.inner_text() == heading
        assert page.evaluate("document.documentElement.lang") == lang

        tap(page, '#shell-screen button[data-act=new][data-arg="tapestry"]')
        assert page.inner_text("#progress").startswith(kept)
        assert page.locator('#shell-screen [aria-pressed="true"]').count() == 1
        page.evaluate("window.__releaseEngine()")
        wait_ready(page)
        page.wait_for_selector('#new-form[data-game="tapestry"]')
        assert page.evaluate("location.hash") == "#/new/tapestry"
        assert page.locator("#shell-screen").count() == 0
        assert page.locator(".banner").count() == 0
    finally:
        page.context.close()
