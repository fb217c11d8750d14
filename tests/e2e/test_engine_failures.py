"""Issue 45, items 1, 2 and 8 in headless Chromium: nothing an outsider sends stops the app.
A shared link nested thousands of levels deep (it once killed the page's Python, leaving the
app on "starting the game engine…" for good) is refused with a translated sentence; a link
with nothing after ``#/join`` says so; a fatal error of the engine itself is said, with Home;
a tap whose handler fails is said, with Undo and Home — never nothing."""

from __future__ import annotations

import base64
import zlib

import pytest
from playwright.sync_api import Page

from tests.e2e.helpers import answer, app_url, open_app, shown, start_game, wait_ready

pytestmark = pytest.mark.e2e
HOME = 'button[data-act="new"]'
"""Home, its games listed (the engine answers)."""
DEEP_LINK = "eNrtwTENAAAAAqCgzv41DOELJAAAAAAAwKsAAAAAAMBthhTZcQ"
"""The attack's 50-character link: a JSON list nested tens of thousands of levels deep."""
ENGINE_JS = """async (source) => {
    const boot = await import("./pyodide/boot.mjs");
    const py = await boot.engine;
    try { py.runPython(source); return "ran"; } catch (e) { return String(e && e.message); }
}"""
"""Run Python in the page's own interpreter (the real one the app runs on)."""


def deep_code(levels: int) -> str:
    raw = zlib.compress(b"[" * levels + b"]" * levels, 9)
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


@pytest.mark.parametrize("code", [DEEP_LINK, deep_code(6_000)], ids=["attack", "6000"])
@pytest.mark.parametrize("lang", ["en", "uk"])
def test_a_deeply_nested_link_opened_fresh_is_refused_and_the_app_goes_on(
        page: Page, base_url_app: str, code: str, lang: str) -> None:
    """Item 1: the link is refused before its JSON is parsed (nesting limited first): the
    page shows home with the translated sentence, its Python alive (a game starts)."""
    open_app(page, base_url_app, lang=lang)
    page.goto(app_url(base_url_app, f"#/join/{code}"))
    page.reload()
    wait_ready(page)
    banner = shown(page, ".banner-error").text_content() or ""
    expected = {"en": "does not hold a game", "uk": "немає гри"}[lang]
    assert expected in banner
    assert page.evaluate("document.body.dataset.engineFailed") is None
    page.goto(app_url(base_url_app, "#/"))
    shown(page, HOME)
    start_game(page, "tapestry")


@pytest.mark.parametrize("hash_", ["#/join", "#/join/"])
def test_a_join_link_with_nothing_after_it_says_so(page: Page, base_url_app: str,
                                                    hash_: str) -> None:
    """Item 2: not a silent Home."""
    open_app(page, base_url_app)
    page.goto(app_url(base_url_app, hash_))
    assert "holds no game" in (shown(page, ".banner-error").text_content() or "")


def test_a_fatal_error_of_the_engine_is_said_with_a_way_home(page: Page,
                                                             base_url_app: str) -> None:
    """Item 1: the engine's own fatal error (here the C stack overflowed by Python's JSON
    parser on text nested 100,000 deep, in the page's interpreter: the hazard the link was)
    leaves no dead screen — the page says what happened, and Home starts the app again."""
    open_app(page, base_url_app)
    start_game(page, "tapestry")
    said = page.evaluate(ENGINE_JS, "import json; json.loads('[' * 100000 + ']' * 100000)")
    assert said != "ran"
    failed = shown(page, "#engine-failed")
    assert "game engine stopped" in (failed.text_content() or "")
    page.click("#engine-home")
    wait_ready(page)
    assert page.url.endswith("#/")
    shown(page, HOME)


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_a_tap_whose_handler_fails_is_said_with_undo_and_home(page: Page, base_url_app: str,
                                                              lang: str) -> None:
    """Item 8: a tap whose handler raises (a fault put into the page's own engine: the
    answer step of the game in play fails, as the attack's Glory rows once made "no" fail
    at the round's cleanup) says so in the player's language, with Undo and Home; the game
    is as it was, and Undo works."""
    open_app(page, base_url_app, lang=lang)
    start_game(page, "tapestry")
    answer(page, 0.0)
    before = page.evaluate("automaDebug()")
    assert page.evaluate(ENGINE_JS, """
import automa.app.taps as taps
def failing(c, arg, form):
    raise ValueError("list.remove(x): x not in list")
for act in ("answer", "pick", "submit-pick", "submit-count", "submit-subset"):
    taps.ACTIONS[act] = failing
""") == "ran"
    tapped = answer(page, 0.0)
    assert tapped is not None
    banner = shown(page, ".banner-error")
    assert "ValueError" in (banner.text_content() or "")
    assert banner.query_selector('button[data-act="undo"]') is not None
    assert banner.query_selector('a[href="#/"]') is not None
    assert page.evaluate("automaDebug()") == before
    banner.query_selector('button[data-act="undo"]').click()  # type: ignore[union-attr]
    page.wait_for_function("(b) => automaDebug() !== b", arg=before)
