"""Records in the real page: a short game of each game finishes, the player's score is entered
on the end screen, and the records screen has them after a reload and after export → delete →
import (no duplicates).

To keep it short: Civilization ends when the player says so at the AP's turn, Glory by the
"instant victory" procedure, and Tapestry and Age of Innovation are imported at their last
question (played to there in CPython with seeded random answers) and finished in the page.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page

import automa
from automa.core.rng import Rng
from tests.conformance import random_answer
from tests.e2e.helpers import open_app, start_game

pytestmark = pytest.mark.e2e
SCORES = {"tapestry": 150, "age_of_innovation": 140, "glory_of_civilizations": 60,
          "civ_new_dawn": 2}
LAST_QUESTION = {"tapestry": "tapestry.q.game_over",
                 "age_of_innovation": "age_of_innovation.prompt.final_area"}


def at_last_question(game: str) -> str:
    """A save of ``game`` at its last question (seeded random answers up to there)."""
    s = automa.new_game(game, {}, seed=5)
    rng = Rng(Rng.initial_state(5))
    while s.prompt is not None and s.prompt.key != LAST_QUESTION[game]:
        s.answer(random_answer(s.prompt, rng))
    return s.to_json()


def tap_until(page: Page, key_end: str, limit: int = 40) -> None:
    """Tap the first (or suggested) answer until the question ``key_end`` is on screen (a
    count the player reads off the board starts empty: its least value is typed)."""
    for _ in range(limit):
        key = page.get_attribute("#prompt", "data-key") or ""
        if key.endswith(key_end):
            return
        page.evaluate("""() => {
            const p = document.querySelector('#dock');  // the answers
            const count = p.querySelector('#count');  // a count read off the board: empty
            if (count && count.value === '') count.value = count.min || '0';
            const b = p.querySelector('button.answer.primary') || p.querySelector('button.answer')
                || p.querySelector('button[data-act^=submit]');
            b.click(); }""")
        page.wait_for_function("(k) => document.querySelector('#prompt').dataset.key !== k",
                               arg=key)
    raise AssertionError(f"{key_end} never came")


def finish_in_page(page: Page, game: str, tmp_path: Path) -> None:
    """Bring a game of ``game`` to its end screen through the page."""
    if game in LAST_QUESTION:
        path = tmp_path / f"{game}.json"
        path.write_text(at_last_question(game), encoding="utf-8")
        page.set_input_files("#import-file", str(path))
        page.wait_for_selector(f'#prompt[data-key="{LAST_QUESTION[game]}"]')
        for _ in range(5):
            if page.locator('#prompt[data-kind="over"]').count():
                break
            page.locator("#dock button.answer, #dock button[data-act^=submit]").first.click()
            page.wait_for_timeout(50)
    else:
        start_game(page, game, seed=5)
        tap_until(page, ".prompt.ready")
        if game == "civ_new_dawn":  # game over → a human won → yes
            page.click('#dock button[data-act="pick"][data-arg="1"]')
            page.click('#dock button[data-act="pick"][data-arg="1"]')
            page.click('#dock button.answer[data-json="true"]')
        else:  # a player reached complexity 4 in instant achievements (said twice)
            page.click('button[data-act="proc"][data-arg="instant_victory"]')
            page.click('#dock button[data-act="pick"][data-arg="0"]')
    page.wait_for_selector('#prompt[data-kind="over"] #end')


def enter_score(page: Page, game: str) -> None:
    """Enter the player's score on the end screen (and who won, where it is asked)."""
    page.fill("#score-0", str(SCORES[game]))
    if page.locator('input[data-winner][value="you"]').count():
        page.check('input[data-winner][value="you"]')
    page.click('button[data-act="record-save"]')
    page.wait_for_selector(".banner-info")


def records_shown(page: Page, base: str) -> dict[str, int]:
    """How many records each game's list shows on the records screen (read as a person)."""
    page.goto(base + "#/records")
    page.wait_for_selector("body[data-py-ready]", state="attached")
    page.wait_for_selector("section.records-game, .panel p.muted")
    counts = {}
    for game in SCORES:
        page.goto(base + f"#/records/{game}")
        page.wait_for_selector("h2")
        counts[game] = page.locator("li.record").count()
    return counts


def test_a_short_game_of_each_game_is_recorded_with_your_score_and_survives_reload_and_files(
        page: Page, base_url_app: str, tmp_path: Path) -> None:
    open_app(page, base_url_app)
    for game in SCORES:
        page.goto(base_url_app + "#/")
        page.wait_for_selector("#saves")
        finish_in_page(page, game, tmp_path)
        assert page.locator("#end .end-bot").inner_text()
        enter_score(page, game)
        assert "You" in page.locator("#end-result").inner_text()

    page.reload()
    assert records_shown(page, base_url_app) == dict.fromkeys(SCORES, 1)
    page.goto(base_url_app + "#/records")
    page.wait_for_selector("section.records-game")
    heights = page.locator('section.records-game a[href^="#/records/"]').evaluate_all(
        "els => els.map(e => e.getBoundingClientRect().height)")
    assert len(heights) == len(SCORES) and min(heights) >= 44, heights  # a thumb's tap
    page.goto(base_url_app + "#/records/tapestry")
    page.wait_for_selector("li.record")
    assert f"{SCORES['tapestry']} to" in page.locator("li.record").inner_text()
    assert page.locator("svg.chart").count() == 2

    # a saved game's export carries its record; deleting the save keeps the record
    page.goto(base_url_app + "#/")
    page.click("#saves details.finished-saves > summary")  # (finished games: folded)
    page.wait_for_selector("#saves li.save")
    with page.expect_download() as saved:
        page.locator('#saves button[data-act="export"]').first.click()
    save_file = tmp_path / "save.json"
    saved.value.save_as(save_file)
    assert json.loads(save_file.read_text())["records"][0]["players"][0] in SCORES.values()
    page.locator('#saves button[data-act="delete"]').first.click()
    page.click('button[data-act="delete-yes"]')
    assert records_shown(page, base_url_app) == dict.fromkeys(SCORES, 1)

    # every record exported, all deleted, imported (twice): each back once, scores and all
    page.goto(base_url_app + "#/records")
    page.wait_for_selector("section.records-game")
    with page.expect_download() as exported:
        page.click('button[data-act="record-export"]')
    records_file = tmp_path / "records.json"
    exported.value.save_as(records_file)
    for game in SCORES:
        page.goto(base_url_app + f"#/records/{game}")
        page.wait_for_selector("li.record")
        page.click('button[data-act="record-delete"]')
        page.click('button[data-act="record-delete-yes"]')
        page.wait_for_selector("li.record", state="detached")
    assert records_shown(page, base_url_app) == dict.fromkeys(SCORES, 0)
    page.goto(base_url_app + "#/records")
    for added in (4, 0):  # the second import adds nothing
        page.set_input_files("#import-file", str(records_file))
        page.wait_for_selector(f'.banner-info:has-text("added or updated: {added}.")')
    page.set_input_files("#import-file", str(save_file))  # a game and its record, again
    page.wait_for_selector("#prompt")
    assert records_shown(page, base_url_app) == dict.fromkeys(SCORES, 1)
    page.goto(base_url_app + "#/records/civ_new_dawn")
    page.wait_for_selector("li.record")
    assert "You won (2 to" in page.locator("li.record").inner_text()
