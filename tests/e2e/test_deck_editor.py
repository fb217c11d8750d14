"""Issue 12: a player keys in a card of their own box in the deck editor and plays with it."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Page

from tests.e2e.helpers import game_state, open_app, save_text, shown

GAME = "glory_of_civilizations"


def _decks(page: Page) -> None:
    page.goto(page.url.split("#")[0] + f"#/decks/{GAME}")
    page.wait_for_selector(".decks")


def test_key_in_a_card_save_reload_play_export_import(page: Page, base_url_app: str,
                                                      tmp_path: Path) -> None:
    """Create a deck from the companion copy, change a main action, see a field error,
    save, reload, play with it, then export and import it."""
    open_app(page, base_url_app, hash_=f"#/decks/{GAME}")
    page.wait_for_selector(".decks")
    page.click('button[data-act="deck-new"][data-arg="companion"]')
    page.wait_for_selector(".deck-editor")
    page.fill("#deck-name", "My box")
    page.dispatch_event("#deck-name", "change")
    page.select_option('[data-field="main.1"]', "battles")
    page.wait_for_selector('[data-field="main.1"] option[value="battles"][selected]',
                           state="attached")
    # an invalid entry: card number 0 gets a translated error next to the field
    page.fill('[data-field="number"]', "0")
    page.dispatch_event('[data-field="number"]', "change")
    error = shown(page, "#field-number-error")
    assert "card" in (page.text_content(".deck-problems") or "").lower()
    assert error.text_content()
    page.fill('[data-field="number"]', "1")
    page.dispatch_event('[data-field="number"]', "change")
    page.wait_for_selector("#field-number-error", state="detached")
    page.click('button[data-act="deck-save"]')
    page.wait_for_selector(".banner")

    page.reload()
    page.wait_for_selector("body[data-py-ready]", state="attached")
    _decks(page)
    assert "My box" in (page.text_content(".deck-list") or "")

    page.goto(base_url_app + f"#/new/{GAME}")
    page.wait_for_selector("#deck-choice")
    deck_id = page.eval_on_selector("#deck-choice option:nth-child(2)", "e => e.value")
    page.select_option("#deck-choice", deck_id)
    page.fill("#seed", "4")
    page.click('button[data-act="start"]')
    page.wait_for_selector("#prompt")
    assert "your" in (page.text_content("#app") or "").lower()
    save = json.loads(save_text(page))
    assert save["options"]["custom_deck"][0]["main"][0] == "battles"
    assert game_state(page)

    _decks(page)
    with page.expect_download() as download:
        page.click(f'button[data-act="deck-export"][data-arg="{deck_id}"]')
    path = tmp_path / "box.json"
    download.value.save_as(path)
    assert json.loads(path.read_text())["cards"][0]["main"][0] == "battles"
    page.set_input_files("#deck-import-file", str(path))
    page.wait_for_function("document.querySelectorAll('.deck-list li.deck').length === 2")
    bad = tmp_path / "bad.json"
    bad.write_text('{"cards": [{"number": "x"}]}')
    page.set_input_files("#deck-import-file", str(bad))
    assert "bad.json" in (shown(page, ".banner-error").text_content() or "")
    assert page.locator(".deck-list li.deck").count() == 2


def test_a_hostile_stored_deck_shows_an_error(page: Page, base_url_app: str) -> None:
    """Whatever is in localStorage under a deck key, the page names it and keeps working."""
    open_app(page, base_url_app)
    page.evaluate("""() => {
        localStorage.setItem('automa.deck.bad1', '{"cards": [[[[');
        localStorage.setItem('automa.deck.bad2', '{"name": "<b>x</b>", "cards": 7}');
        localStorage.setItem('automa.deck.bad3', '[{"number": -1, "main": "no"}]');
    }""")
    _decks(page)
    assert page.locator(".deck-list li.deck").count() == 3
    assert page.locator(".deck-error").count() == 2
    assert page.locator(".deck-list b").count() == 0
    page.goto(base_url_app + f"#/new/{GAME}")
    page.wait_for_selector("#deck-choice")
    assert page.locator("#deck-choice option").count() == 1
    assert "cannot be played" in (page.text_content(".deck-choice") or "")
