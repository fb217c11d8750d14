"""Reading aloud and sharing a game, in the built app in Chromium: the speech synthesis is
replaced only at the browser API's boundary (a recorder of what it was asked to say); a
shared link is opened in a fresh browser profile."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserType, Page

from tests.e2e.conftest import launch
from tests.e2e.helpers import (
    answer,
    open_app,
    save_text,
    shown,
    start_game,
    strategy_x,
    wait_ready,
)

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


NO_VOICES = SPEECH_RECORDER.replace("{name: 'English test voice', lang: 'en-GB'},", "").replace(
    "{name: 'Ukrainian test voice', lang: 'uk-UA'}", "")
"""A browser with no voice at all: ``getVoices()`` stays empty, ``voiceschanged`` never comes."""
SCREEN_JS = """() => ({
  title: (document.querySelector('#summary-title') || {}).textContent || '',
  steps: [...document.querySelectorAll('.summary .steps .step-text')].map(e => e.textContent),
  question: [document.querySelector('#question'),
             ...document.querySelectorAll('#prompt-body .instructions .step-text')]
            .filter(Boolean).map(e => e.innerText).join(' '),
  said: window.spoken.said.length})"""
"""What the play screen shows of the bots' turn (its checklist) and of the question."""
SEEDS = {"tapestry": 3, "age_of_innovation": 31, "civ_new_dawn": 3,
         "glory_of_civilizations": 3}


def spoken(page: Page) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate("() => window.spoken")
    return found


def reading_on(page: Page, base_url_app: str, recorder: str = SPEECH_RECORDER,
               lang: str = "en") -> None:
    """The app with its speech synthesis recorded and "Read the bots' turn aloud" on."""
    page.add_init_script(recorder)
    page.set_viewport_size({"width": 360, "height": 780})
    open_app(page, base_url_app, lang=lang)
    page.evaluate("""() => {
        const s = JSON.parse(localStorage.getItem('automa.settings') || '{}');
        s.speech = 'on';
        localStorage.setItem('automa.settings', JSON.stringify(s));
    }""")
    page.reload()
    wait_ready(page)


def words(text: str) -> int:
    return len(text.split())


def new_shown(before: dict[str, Any], after: dict[str, Any]) -> tuple[int, bool]:
    """The words of what ``after`` shows new after ``before``: the checklist's new steps (its
    heading too when the turn is new), and the question when it changed and belongs to a bot
    turn or comes with new steps; and whether the checklist gained steps."""
    if after["title"] != before["title"]:
        fresh = after["steps"]
        count = words(after["title"]) if fresh else 0
    else:
        seen, fresh, count = list(before["steps"]), [], 0
        for step in after["steps"]:
            if step in seen:
                seen.remove(step)
            else:
                fresh.append(step)
    count += sum(map(words, fresh))
    bot_turn = bool(after["steps"]) and not after["title"].startswith("Setup")
    if after["question"] != before["question"] and (bot_turn or fresh):
        count += words(after["question"])
    return count, bool(fresh)


@pytest.mark.parametrize("game", list(SEEDS))
def test_over_40_taps_the_voice_reads_each_new_step_and_question_once(
        page: Page, base_url_app: str, game: str) -> None:
    """Issue 44, done when: over 40 taps the words spoken are at most 1.2× the words of the
    new checklists and questions shown (2.5–3.5× before: a turn was read again after every
    answer given during it), and no set-up question is read unasked."""
    reading_on(page, base_url_app)
    start_game(page, game, seed=SEEDS[game])
    pick = random.Random(SEEDS[game])
    screen = page.evaluate(SCREEN_JS)
    shown_words = new_shown({"title": "", "steps": [], "question": ""}, screen)[0]
    for tap in range(40):
        if answer(page, strategy_x(page, game, tap, pick.random())) is None:
            break
        after = page.evaluate(SCREEN_JS)
        added, fresh = new_shown(screen, after)
        shown_words += added
        if after["said"] > screen["said"]:  # read: a bot turn's news, never a set-up alone
            assert fresh or (after["steps"] and not after["title"].startswith("Setup")), after
        screen = after
    said = [u["text"] for u in spoken(page)["said"]]
    spoken_words = sum(map(words, said))
    print(f"{game}: {spoken_words} words spoken for {shown_words} new words shown "
          f"({spoken_words / max(shown_words, 1):.2f}×) in {len(said)} readings")
    assert said and spoken_words <= 1.2 * shown_words, said


def test_a_set_up_question_after_a_game_whose_turn_was_read_is_not_read(
        page: Page, base_url_app: str) -> None:
    """Issue 44.2: after a game whose turn was read, Age of Innovation's "Done" read
    "Choose your faction…"; and 44.6: a game's first checklist is read as it appears."""
    reading_on(page, base_url_app)
    start_game(page, "civ_new_dawn", seed=4)
    page.wait_for_function("() => window.spoken.said.length === 1")  # its set-up list
    page.goto(page.url.split("#")[0] + "#/")
    start_game(page, "age_of_innovation", seed=31)
    for _ in range(4):
        answer(page)
        page.wait_for_timeout(100)
    assert len(spoken(page)["said"]) == 1, spoken(page)["said"]


def test_ticking_a_step_or_leaving_the_play_screen_stops_the_reading(
        page: Page, base_url_app: str) -> None:
    """Issue 44.6."""
    reading_on(page, base_url_app)
    start_game(page, "glory_of_civilizations", seed=3)
    page.wait_for_function("() => window.spoken.said.length === 1")
    before = len(spoken(page)["cancelled"])
    page.click(".summary .tick")
    assert len(spoken(page)["cancelled"]) > before
    page.click('[data-act="speak"]')
    before = len(spoken(page)["cancelled"])
    page.evaluate("() => { location.hash = '#/'; }")
    page.wait_for_function(f"() => window.spoken.cancelled.length > {before}")


def test_with_no_voice_at_all_the_play_screen_says_so_within_3_seconds_of_the_tap(
        page: Page, base_url_app: str) -> None:
    """Issue 44.3 and 43.6: a browser whose voices never come did nothing and said nothing."""
    page.add_init_script(NO_VOICES)
    page.set_viewport_size({"width": 360, "height": 780})
    open_app(page, base_url_app)
    start_game(page, "civ_new_dawn", seed=4)
    page.click('[data-act="speak"]')
    state = shown(page, "#speech-state:not(:empty)", timeout=3000)
    assert "no voice" in state.inner_text() and spoken(page)["said"] == []


def first_bot_turn_read(page: Page, base_url_app: str, recorder: str, lang: str,
                        voice: str) -> list[dict[str, Any]]:
    """Reading on in Settings (in ``lang``, whose voice is ``voice``), then a Tapestry game
    through its set-up up to the bots' first turn: what was said."""
    page.add_init_script(recorder)
    page.set_viewport_size({"width": 360, "height": 780})
    open_app(page, base_url_app, lang=lang)
    page.goto(base_url_app + "#/settings")
    page.check('input[data-setting="speech"][value="on"]')
    shown(page, "#voice-state:not([hidden])")
    page.wait_for_function("(v) => document.getElementById('voice-state').textContent"
                           ".includes(v)", arg=voice)
    page.goto(base_url_app + "#/")
    start_game(page, "tapestry", seed=3)
    for _ in range(12):  # through the set-up, up to the bots' first turn
        if spoken(page)["said"]:
            break
        answer(page)
        page.wait_for_timeout(150)
    said: list[dict[str, Any]] = spoken(page)["said"]
    return said


def test_a_bot_turn_is_read_once_in_the_app_s_language_and_an_answer_stops_it(
        page: Page, base_url_app: str) -> None:
    said = first_bot_turn_read(page, base_url_app, SPEECH_RECORDER, "uk", "Ukrainian test voice")
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


GERMAN_VOICES = SPEECH_RECORDER.replace(
    "{name: 'Ukrainian test voice', lang: 'uk-UA'}",
    "{name: 'Austrian test voice', lang: 'de-AT'}, {name: 'German test voice', lang: 'de-DE'}")


def test_german_is_read_by_a_german_voice_and_the_other_language_is_english(
        page: Page, base_url_app: str) -> None:
    """Issue 51: in German the bots' turn is read by a de-DE voice (before de-AT), in German
    words («Siegpunkte», never «SP»); "Ein, auf Englisch" reads it by the English voice."""
    said = first_bot_turn_read(page, base_url_app, GERMAN_VOICES, "de", "German test voice")
    assert said and said[0]["lang"] == "de-DE", said
    assert "→" not in said[0]["text"] and " SP" not in said[0]["text"], said[0]["text"]
    page.goto(base_url_app + "#/settings")
    page.check('input[data-setting="speech"][value="other"]')
    page.wait_for_function("() => document.getElementById('voice-state').textContent"
                           ".includes('English test voice')")
    assert "Englisch" in page.inner_text("#app")
