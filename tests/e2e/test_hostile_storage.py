"""Nothing lost, nothing crashes (issue 21), in headless Chromium on the built app: a browser
that blocks site data is told why the app cannot run; "My decks" in two tabs, a deck deleted
before a game starts, a deck printed, numbers that are not numbers."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, BrowserType, Page

from automa.core.i18n import catalog
from tests.e2e.conftest import launch
from tests.e2e.helpers import open_app, shown, wait_ready

pytestmark = pytest.mark.e2e


def blocked_profile(folder: Path) -> Path:
    """A fresh Chromium profile whose settings block cookies and site data for every site
    (the browser's own setting: ``localStorage`` then throws ``SecurityError``)."""
    (folder / "Default").mkdir(parents=True)
    prefs = {"profile": {"default_content_setting_values": {"cookies": 2}}}
    (folder / "Default" / "Preferences").write_text(json.dumps(prefs))
    return folder


@pytest.mark.parametrize("locale,lang", [("en-GB", "en"), ("uk-UA", "uk"), ("de-DE", "de")])
def test_a_browser_that_blocks_site_data_says_why_in_the_players_language(
        chromium: BrowserType, base_url_app: str, tmp_path: Path, locale: str, lang: str) -> None:
    """With site data blocked Chromium refuses ``localStorage`` and IndexedDB. The vendored
    PyScript needs IndexedDB to start, so today the shell names the cause (instead of
    "reload to try again"); should it ever start, the app plays on with its notice that
    nothing can be kept (the controller's side of this is tested in CPython)."""
    shell, notice = catalog(lang)["web.shell.blocked"], catalog(lang)["web.memory.notice"]
    assert isinstance(shell, str) and isinstance(notice, str)
    shell, notice = shell[:30], notice[:30]
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


# --- My decks in two tabs -------------------------------------------------------------------
DECKS = "glory_of_civilizations"


def stored_deck(tab: Page, deck_id: str) -> dict[str, Any] | None:
    raw = tab.evaluate(f"localStorage.getItem('automa.deck.{deck_id}')")
    return json.loads(raw) if raw else None


def change_field(tab: Page, field: str, value: str) -> None:
    """Change one field of the card on screen, as a person does (then the screen redraws)."""
    control = f'[data-field="{field}"]'
    if tab.get_attribute(control, "type") == "number":
        tab.fill(control, value)
        tab.dispatch_event(control, "change")
    else:
        tab.select_option(control, value)


def test_two_tabs_editing_one_deck_never_overwrite_each_other(
        browser_context: BrowserContext, base_url_app: str) -> None:
    """Tab B's edit once wrote its older deck over tab A's, and brought a deleted deck back.
    Now: A's edit reaches B (storage event); a stale edit is refused with a message; a deck
    deleted in A is never written again by B."""
    one, two = browser_context.new_page(), browser_context.new_page()
    try:
        open_app(one, base_url_app, hash_=f"#/decks/{DECKS}")
        one.click('button[data-act="deck-new"][data-arg="companion"]')
        one.wait_for_selector(".deck-editor")
        deck_id = one.get_attribute(".deck-editor", "data-deck") or ""
        two.goto(base_url_app + f"#/deck/{deck_id}/1")
        wait_ready(two)
        two.wait_for_selector(".deck-editor")

        change_field(one, "main.1", "battles")
        one.wait_for_function(f"JSON.parse(localStorage.getItem('automa.deck.{deck_id}'))"
                              f".cards[0].main[0] === 'battles'")
        assert "another tab" in (shown(two, ".banner-info").text_content() or "")

        # a write the other tab made unheard: this tab's edit is refused, nothing lost
        two.evaluate(f"""() => {{
            const key = 'automa.deck.{deck_id}', deck = JSON.parse(localStorage.getItem(key));
            deck.rev += 5; deck.name = 'Written elsewhere';
            localStorage.setItem(key, JSON.stringify(deck));
        }}""")
        before = stored_deck(two, deck_id)
        change_field(two, "main.1", "gather")
        assert "another tab" in (shown(two, ".banner-error").text_content() or "")
        assert stored_deck(two, deck_id) == before

        # deleted in one tab: the other leaves the editor and never writes it back
        one.goto(base_url_app + f"#/decks/{DECKS}")
        one.click(f'li.deck[data-deck="{deck_id}"] button[data-act="deck-delete"]')
        one.click(f'li.deck[data-deck="{deck_id}"] button[data-act="deck-delete-yes"]')
        two.wait_for_selector(".decks")
        assert "deleted" in (two.text_content(".banner-error") or "")
        two.goto(base_url_app + f"#/deck/{deck_id}/0")
        two.wait_for_selector(".decks")
        assert stored_deck(two, deck_id) is None
    finally:
        one.close()
        two.close()


def test_numbers_that_are_not_numbers_in_the_deck_editor_and_its_urls(
        page: Page, base_url_app: str) -> None:
    """``²`` in a number field or as the card in the URL once showed "Something went
    wrong"; now the card is shown and the problem named."""
    open_app(page, base_url_app, hash_=f"#/decks/{DECKS}")
    page.click('button[data-act="deck-new"][data-arg="companion"]')
    page.wait_for_selector(".deck-editor")
    deck_id = page.get_attribute(".deck-editor", "data-deck") or ""
    page.goto(base_url_app + f"#/deck/{deck_id}/²")
    page.wait_for_selector('.deck-editor [data-card="0"]')
    page.evaluate("""() => { const box = document.querySelector('[data-field="number"]');
        box.type = 'text'; box.value = '²';
        box.dispatchEvent(new Event('change', {bubbles: true})); }""")
    page.wait_for_selector("#field-number-error")
    assert "Something went wrong" not in (page.text_content("#app") or "")
    assert (stored_deck(page, deck_id) or {})["cards"][0]["number"] == "²"
