"""Issue 32, point 3: what an iPhone does that no engine here can: the loading screen names
WebAssembly turned off (iOS's Lockdown Mode) instead of failing without a word, and the
Home Screen app and Safari's tab each say that they keep their saved games apart."""

from __future__ import annotations

import pytest
from playwright.sync_api import BrowserContext, Page

from tests.e2e.helpers import open_app

pytestmark = pytest.mark.e2e
NO_WASM = {"en": "this browser has WebAssembly turned off",
           "uk": "у цьому браузері вимкнено WebAssembly"}


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_the_loading_screen_names_webassembly_turned_off(browser_context: BrowserContext,
                                                          base_url_app: str, lang: str) -> None:
    """Lockdown Mode turns WebAssembly off: the loading screen says so (and what to do) in
    the player's language, at once. (A tab of its own: Pyodide's errors are expected.)"""
    page = browser_context.new_page()
    page.goto(base_url_app + "icons/icon.svg")
    page.evaluate("(lang) => localStorage.setItem('automa.settings', JSON.stringify({lang}))",
                  lang)
    page.add_init_script("delete window.WebAssembly")
    page.goto(base_url_app)
    page.wait_for_function("(t) => document.getElementById('progress').textContent.includes(t)",
                           arg=NO_WASM[lang], timeout=30_000)
    assert "Lockdown" in (page.text_content("#progress") or "")
    assert not page.evaluate("!!document.body.dataset.pyReady")
    page.close()


@pytest.mark.parametrize("standalone", [False, True])
def test_safari_and_the_home_screen_app_say_they_keep_saves_apart(
        page: Page, base_url_app: str, standalone: bool) -> None:
    """``navigator.standalone``: false in Safari's tab, true in the Home Screen app; each
    shows its own notice on home and in the settings, and no other."""
    value = "true" if standalone else "false"
    page.add_init_script(f"Object.defineProperty(navigator, 'standalone', {{value: {value}}})")
    open_app(page, base_url_app)
    here, there = ("app", "tab") if standalone else ("tab", "app")
    for screen in ("#/", "#/settings"):
        page.goto(base_url_app + screen)
        page.wait_for_selector(f'[data-ios="{here}"]', state="visible")
        assert page.locator(f'[data-ios="{there}"]').is_hidden()
        assert "xport" in page.locator(f'[data-ios="{here}"]').inner_text()
