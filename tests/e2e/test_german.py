"""German in the browser (issue 51): chosen from the browser's language on a first visit and
in Settings, kept per device; every screen at 360 px and the largest text with nothing wider
than the phone and no word out of its box (German words are long: hyphenation where the
browser knows German, never a word broken without one)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, BrowserType, Page

from automa.core.i18n import render
from tests.e2e.conftest import launch
from tests.e2e.helpers import answer, dist_games, open_app, start_game, wait_ready
from tests.e2e.test_app import assert_no_horizontal_scroll
from tests.e2e.test_first_screen import settings

pytestmark = pytest.mark.e2e
GAMES = dist_games()
OUT_OF_BOX_JS = """() => [...document.querySelectorAll(
    ['button', 'label', 'legend', 'p', 'li', 'h1', 'h2', 'h3', 'a', 'select', 'summary', 'dt',
     'dd', 'th', 'td', '.button'].map(t => '#app ' + t + ', #nav ' + t).join(', '))].filter(e => {
    if (e.offsetParent === null || e.closest('.visually-hidden, svg')) return false;
    const st = getComputedStyle(e);
    if (st.overflowX === 'auto' || st.overflowX === 'scroll' || st.overflowX === 'hidden')
        return false;
    return e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1;
}).map(e => e.tagName + '.' + e.className + ': ' + e.textContent.trim().slice(0, 50))"""


def fits(page: Page, screen: str) -> None:
    """Nothing on the screen runs out of its box, and the page is no wider than the phone."""
    assert page.evaluate(OUT_OF_BOX_JS) == [], screen
    assert_no_horizontal_scroll(page, screen)


def test_a_first_visit_in_a_german_browser_opens_in_german(chromium: BrowserType,
                                                          base_url_app: str,
                                                          tmp_path: Path) -> None:
    """A browser whose language is German (``navigator.languages`` de-DE) opens the app in
    German on its first visit, before Python starts and after: the page's language de."""
    context = launch(chromium, tmp_path / "profile", locale="de-DE")
    assert isinstance(context, BrowserContext)
    try:
        page = context.new_page()
        page.goto(base_url_app)
        assert page.evaluate("navigator.language").startswith("de")
        assert page.evaluate("document.documentElement.lang") == "de"
        assert page.inner_text("#title") == render("web.app.title", {}, "de")
        wait_ready(page)
        assert page.evaluate("document.documentElement.lang") == "de"
        new = render("web.home.new_game", {}, "de")
        assert new in page.inner_text("#app")
    finally:
        context.close()


def test_german_chosen_in_settings_is_kept_on_this_device(page: Page, base_url_app: str) -> None:
    """Settings list the three languages, each named in its own language (and marked as
    such for a screen reader); German chosen there stays after a reload."""
    open_app(page, base_url_app)
    page.goto(base_url_app + "#/settings")
    for lang, name in (("en", "English"), ("uk", "Українська"), ("de", "Deutsch")):
        label = page.locator(f'input[data-setting="lang"][value="{lang}"]')
        assert label.count() == 1, lang
        assert name in page.inner_text("#app")
    page.check('input[data-setting="lang"][value="de"]')
    page.wait_for_selector("html[lang=de]")
    page.reload()
    wait_ready(page)
    assert page.get_attribute("html", "lang") == "de"
    assert page.evaluate("JSON.parse(localStorage.getItem('automa.settings')).lang") == "de"
    assert page.evaluate("getComputedStyle(document.body).hyphens") == "auto"


def test_every_screen_fits_a_360_px_phone_in_german_at_the_largest_text(
        page: Page, base_url_app: str) -> None:
    """Home, Settings, each game's new-game form (its rule readings open), a few screens of
    play with every fold open, the piles, Records, My decks and each guide: at 360 px and
    the largest text size, in German."""
    page.set_viewport_size({"width": 360, "height": 780})
    open_app(page, base_url_app, lang="de")
    settings(page, "de", 1.3)
    for screen in ("#/", "#/settings", "#/records"):
        page.goto(base_url_app + screen)
        page.wait_for_selector("#app h1, #app h2, #saves", state="attached")
        fits(page, screen)
    for game in GAMES:
        page.goto(base_url_app + f"#/new/{game}")
        page.wait_for_selector("#new-form")
        page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
        fits(page, f"new {game}")
        page.goto(base_url_app + "#/")
        page.wait_for_selector("#saves")
        start_game(page, game, seed=9)
        for i in range(8):
            page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
            fits(page, f"play {game} after {i} answers")
            if answer(page, (i * 0.37) % 1.0) is None:
                break
        piles = page.locator('a[href*="#/pile/"]')
        if piles.count():
            piles.first.click()
            page.wait_for_selector(".pile", state="attached")
            fits(page, f"pile {game}")
        page.goto(base_url_app + f"guide/{game}.de.html")
        page.wait_for_selector("main.guide h2")
        assert page.get_attribute("html", "lang") == "de"
        assert_no_horizontal_scroll(page, f"guide {game}")
    if "glory_of_civilizations" in GAMES:
        page.goto(base_url_app + "#/decks/glory_of_civilizations")
        page.wait_for_selector("#app h2")
        fits(page, "my decks")
