"""Issue 25: a fresh browser profile seeded with the whole storage of each corpus profile (a
player of an earlier version who played all four games) opens every game at its question,
with no error, its settings applied and its decks kept; issue 48: with its undo history."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page

from tests.corpus.frozen import ident, profiles, storage
from tests.e2e.helpers import wait_ready

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize("path", profiles(), ids=ident)
def test_a_corpus_profile_opens_every_game_with_its_settings_and_decks(
        page: Page, base_url_app: str, path: Path) -> None:
    stored = storage(path)
    page.goto(base_url_app + "icons/icon.svg")
    page.evaluate("""(stored) => {
        localStorage.clear();
        for (const [k, v] of Object.entries(stored)) localStorage.setItem(k, v);
    }""", stored)
    page.goto(base_url_app)
    wait_ready(page)
    settings = json.loads(stored["automa.settings"])
    root = page.locator("html")
    assert root.get_attribute("data-theme") == settings["theme"]
    assert root.get_attribute("lang") == settings["lang"]
    assert page.evaluate("getComputedStyle(document.documentElement)"
                         ".getPropertyValue('--text-scale').trim()") == str(settings["text"])
    ids = sorted(k.split(".", 2)[2] for k in stored if k.startswith("automa.save."))
    listed = page.eval_on_selector_all("[data-save]", "els => els.map(e => e.dataset.save)")
    assert sorted(listed) == ids
    for save_id in ids:
        page.evaluate("id => { location.hash = '#/play/' + id; }", save_id)
        page.wait_for_selector(f'#app .play, #app [data-save="{save_id}"]', state="attached")
        assert page.query_selector("#app .play"), save_id
        assert not page.query_selector(".banner-error"), (save_id, page.text_content(
            ".banner-error"))
        header, text = stored[f"automa.save.{save_id}"].split("\n", 1)
        assert json.loads(header)["finished"] or page.query_selector("#prompt"), save_id
        # issue 48: a game of an earlier release keeps its undo history after the update
        # (but the one whose answers had stopped replaying already, its original held aside)
        if json.loads(text)["actions"] and f"automa.held.{save_id}" not in stored:
            assert page.is_enabled("#undo"), save_id
    page.evaluate("location.hash = '#/decks/glory_of_civilizations'")
    page.wait_for_selector(".deck-list")
    decks = sum(k.startswith("automa.deck.") for k in stored)
    assert page.locator(".deck-list li.deck").count() == decks
    assert json.loads(page.evaluate("localStorage.getItem('automa.format')"))["versions"]
