"""Nothing lost, nothing crashes (issue 21), in headless Chromium on the built app: a browser
that blocks site data is told why the app cannot run; "My decks" in two tabs, a deck deleted
before a game starts, a deck printed, numbers that are not numbers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext

from automa.core.i18n import catalog
from conftest import launch

pytestmark = pytest.mark.e2e


def blocked_profile(folder: Path) -> Path:
    """A fresh Chromium profile whose settings block cookies and site data for every site
    (the browser's own setting: ``localStorage`` then throws ``SecurityError``)."""
    (folder / "Default").mkdir(parents=True)
    prefs = {"profile": {"default_content_setting_values": {"cookies": 2}}}
    (folder / "Default" / "Preferences").write_text(json.dumps(prefs))
    return folder


@pytest.mark.parametrize("locale,lang", [("en-GB", "en"), ("uk-UA", "uk")])
def test_a_browser_that_blocks_site_data_says_why_in_the_players_language(
        chromium: object, base_url_app: str, tmp_path: Path, locale: str, lang: str) -> None:
    """With site data blocked Chromium refuses ``localStorage`` and IndexedDB. The vendored
    PyScript needs IndexedDB to start, so today the shell names the cause (instead of
    "reload to try again"); should it ever start, the app plays on with its notice that
    nothing can be kept (the controller's side of this is tested in CPython)."""
    shell, notice = (catalog(lang)["web.shell.blocked"][:30],
                     catalog(lang)["web.memory.notice"][:30])
    context = launch(chromium, blocked_profile(tmp_path / "profile"), locale=locale)
    assert isinstance(context, BrowserContext)
    try:
        page = context.new_page()
        page.goto(base_url_app)
        assert page.evaluate("() => window.automaShell.blocked") is True
        page.wait_for_function("""([shell, notice]) =>
            (document.getElementById('memory-notice') || {textContent: ''})
                .textContent.includes(notice)
            || (document.getElementById('progress') || {textContent: ''})
                .textContent.includes(shell)""", arg=[shell, notice], timeout=60_000)
    finally:
        context.close()
