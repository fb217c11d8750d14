"""Reading aloud and sharing a game, in the built app in Chromium: the speech synthesis is
replaced only at the browser API's boundary (a recorder of what it was asked to say); a
shared link is opened in a fresh browser profile."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserType, Page

from tests.e2e.conftest import launch
from tests.e2e.helpers import answer, open_app, save_text, shown, start_game, wait_ready

pytestmark = pytest.mark.e2e

SPEECH_RECORDER = """
(() => {
  const said = [], cancelled = [];
  const voices = [{name: 'English test voice', lang: 'en-GB'},
                  {name: 'Ukrainian test voice', lang: 'uk-UA'}];
  const synth = {
    getVoices: () => voices,
    speak: (u) => said.push({text: u.text, lang: u.lang, rate: u.rate}),
    cancel: () => cancelled.push(said.length),
    addEventListener: () => {}, speaking: false,
  };
  Object.defineProperty(window, 'speechSynthesis', {value: synth, configurable: true});
  window.SpeechSynthesisUtterance = function (text) { this.text = text; };
  window.spoken = {said, cancelled};
})();
"""


def spoken(page: Page) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate("() => window.spoken")
    return found


def test_a_bot_turn_is_read_once_in_the_app_s_language_and_an_answer_stops_it(
        page: Page, base_url_app: str) -> None:
    page.add_init_script(SPEECH_RECORDER)
    page.set_viewport_size({"width": 360, "height": 780})
    open_app(page, base_url_app, lang="uk")
    page.goto(base_url_app + "#/settings")
    page.check('input[data-setting="speech"][value="on"]')
    shown(page, "#voice-state:not([hidden])")
    page.wait_for_function("() => document.getElementById('voice-state').textContent"
                           ".includes('Ukrainian test voice')")
    page.goto(base_url_app + "#/")
    start_game(page, "tapestry", seed=3)
    for _ in range(12):  # through the set-up, up to the bots' first turn
        if spoken(page)["said"]:
            break
        answer(page)
        page.wait_for_timeout(150)
    said = spoken(page)["said"]
    assert len(said) == 1, said
    assert said[0]["lang"] == "uk-UA" and said[0]["text"]
    assert "→" not in said[0]["text"] and " ПО" not in said[0]["text"]
    before = len(spoken(page)["cancelled"])
    page.click("#dock [data-act]")  # an answer stops the reading
    assert len(spoken(page)["cancelled"]) > before
    page.click('[data-act="speak"]')
    page.wait_for_function("() => window.spoken.said.length >= 2")


def test_with_no_voice_for_the_language_nothing_is_read_and_the_screen_says_so(
        page: Page, base_url_app: str) -> None:
    page.add_init_script(SPEECH_RECORDER.replace(
        "{name: 'Ukrainian test voice', lang: 'uk-UA'}", ""))
    open_app(page, base_url_app, lang="uk")
    start_game(page, "civ_new_dawn", seed=4)
    page.click('[data-act="speak"]')
    shown(page, "#speech-state:not(:empty)")
    assert spoken(page)["said"] == []


def test_a_shared_link_starts_the_same_game_in_a_fresh_profile(
        page: Page, base_url_app: str, chromium: BrowserType, tmp_path: Path) -> None:
    open_app(page, base_url_app)
    start_game(page, "glory_of_civilizations", seed=123)
    answer(page)
    page.goto(base_url_app + "#/share")
    link = shown(page, "#share-link").get_attribute("value")
    assert link is not None and "#/join/" in link
    assert page.locator(".share-qr svg").count() == 1
    mine = save_text(page)

    friend = launch(chromium, tmp_path / "friend")
    try:
        tab = friend.new_page()
        tab.goto(base_url_app + "icons/icon.svg")  # a saved game of the friend's own
        tab.goto(base_url_app)
        wait_ready(tab)
        start_game(tab, "tapestry", seed=9)
        tab.goto(link)
        wait_ready(tab)
        shown(tab, '[data-act="share-start"]')
        tab.click('[data-act="share-start"]')
        tab.wait_for_function("() => location.hash.startsWith('#/play/')")
        shown(tab, "#prompt")
        joined = json.loads(save_text(tab))
        assert joined["seed"] == 123 and joined["game"] == "glory_of_civilizations"
        assert joined["actions"] == []
        ours = json.loads(mine)
        assert joined["options"] == ours["options"]
        saved = tab.evaluate("() => Object.keys(localStorage)"
                             ".filter(k => k.startsWith('automa.save.')).length")
        assert saved == 2  # the friend's own game is still there, beside the shared one

        tampered = link[:-6] + ("A" if link[-6] != "A" else "B") + link[-5:]
        tab.goto(tampered)
        tab.reload()
        wait_ready(tab)
        shown(tab, ".banner")
        assert "damaged" in tab.inner_text(".banner")
    finally:
        friend.close()
