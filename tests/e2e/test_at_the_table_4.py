"""At the table, a fourth look (issue 43; review 2026-11-29): on a 360×780 phone a win at
once is never ended by one slip of the thumb, two automas share one screen, tiles drawn from
the box are picked by their pictures, a count read off the board starts empty and the turn
just played is read whole, Home starts a new game on its first screen however many games go
on, and "Share" is under the game's title. Each test is named after the item it guards."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page

from tests.e2e.helpers import answer, open_app, shown, start_game, wait_ready

pytestmark = pytest.mark.e2e
GLORY = "glory_of_civilizations"


def phone(page: Page, base_url_app: str, lang: str = "en") -> None:
    """The app on a 360×780 phone, in ``lang``, with a clean storage."""
    page.set_viewport_size({"width": 360, "height": 780})
    open_app(page, base_url_app, lang=lang)


def key(page: Page) -> str:
    """The key of the question on screen ("" at the game's end)."""
    return str(page.evaluate("document.querySelector('#prompt')?.dataset.key || ''"))


def answer_until(page: Page, *wanted: str, limit: int = 200) -> str:
    """Answer the first choice until a question whose key ends with one of ``wanted``."""
    for _ in range(limit):
        found = key(page)
        if found.endswith(wanted):
            return found
        assert answer(page, 0.0) is not None, f"the game ended before {wanted}"
    raise AssertionError(f"{wanted} never asked")


def records_kept(page: Page) -> int:
    """How many game records the browser keeps."""
    return int(page.evaluate(
        "Object.keys(localStorage).filter(k => k.startsWith('automa.record.')).length"))


def two_automas(page: Page, players: str = "1", seed: str = "6") -> None:
    """The new-game form of Glory with two automas and the ``players`` choice (index)."""
    page.click(f'button[data-act="new"][data-arg="{GLORY}"]')
    page.wait_for_selector("#new-form")
    page.check('input[data-option="automas"][value="1"]')      # 2 automas
    page.check(f'input[data-option="players"][value="{players}"]')
    page.fill("#seed", seed)
    page.click('button[data-act="start"]')


LINES_JS = """() => {
  const dock = document.querySelector('#dock').getBoundingClientRect().top;
  const box = document.querySelector('.play > .summary');
  const lines = [...document.querySelectorAll('.play > .summary li')];
  const rows = document.querySelector('#row-strip');
  return {dock, top: box ? box.getBoundingClientRect().top : null,
          bottoms: lines.map(li => li.getBoundingClientRect().bottom),
          rows: rows ? rows.getBoundingClientRect().top : null, scroll: scrollY};
}"""
"""Where the bots' last turn lies against the dock and the rows, as drawn."""


# --- 1. Glory: a "Yes" in the achievement phase ends nothing by itself ----------------------
def test_1_glory_a_yes_in_the_achievement_phase_asks_end_the_game(
        page: Page, base_url_app: str) -> None:
    """Shots 34 → 35: "Yes" to "Has any player now reached a complexity of 4 or more…?" ended
    and recorded the game at once. It asks "End the game?" as the procedure does: "No, go
    back" brings the question back with nothing recorded; "Yes, end the game" ends it."""
    phone(page, base_url_app)
    start_game(page, GLORY, seed=6)
    answer_until(page, "prompt.instant_victory")
    page.click('#dock button.answer:has-text("Yes")')
    assert key(page).endswith("prompt.instant_victory_sure")
    assert records_kept(page) == 0 and "End the game?" in page.inner_text("#prompt")
    page.click('#dock button.answer:has-text("No, go back")')
    assert key(page).endswith("prompt.instant_victory") and records_kept(page) == 0
    page.click('#dock button.answer:has-text("Yes")')
    page.click('#dock button.answer:has-text("Yes, end the game")')
    page.wait_for_selector('#prompt[data-kind="over"]')
    assert records_kept(page) == 1


# --- 2. Glory with two automas on one screen ------------------------------------------------
def test_2_glory_two_automas_need_a_person_at_the_table(page: Page,
                                                         base_url_app: str) -> None:
    """Shot 30: the form took "2 players" with "2 Automas". It refuses them with a sentence
    naming the rule, keeps the choices, and starts with 3 players."""
    phone(page, base_url_app)
    two_automas(page, players="0")
    shown(page, ".banner-error")
    assert "proxy player" in page.inner_text(".banner-error")
    assert page.is_checked('input[data-option="automas"][value="1"]')
    assert page.input_value("#seed") == "6" and not page.query_selector("#prompt")
    page.check('input[data-option="players"][value="1"]')
    page.click('button[data-act="start"]')
    page.wait_for_selector("#prompt")


def test_2_glory_the_other_automas_turn_comes_before_the_rows_and_names_its_automa(
        page: Page, base_url_app: str) -> None:
    """Shot 31: at "Is it Automa 1's turn?" the two row strips pushed Automa 2's actions under
    the dock, and the turn's questions said "the Automa". The turn just played comes right
    under the question, the rows after it, its lines on the first screen; and no question of
    the round says "the Automa" where it means one of them."""
    phone(page, base_url_app)
    two_automas(page)
    page.wait_for_selector("#prompt")
    answer(page, 0.0)                                             # the set-up list
    checked = 0
    for _ in range(150):
        k = key(page)
        text = page.inner_text("#prompt")
        assert "the Automa" not in text and "The Automa" not in text, (k, text)
        title = page.inner_text(".summary-title") if page.query_selector(
            ".play > .summary") else ""
        if k.endswith("prompt.ready_n") and ", turn " in title:  # (an automa's turn)
            seen: dict[str, Any] = page.evaluate(LINES_JS)
            assert seen["scroll"] == 0 and seen["top"] < seen["rows"], seen
            shown_ = [b for b in seen["bottoms"] if b <= seen["dock"]]
            assert len(shown_) >= min(4, len(seen["bottoms"])), seen
            checked += 1
        if k.endswith("achievements_n"):
            break
        answer(page, 0.0)
    assert checked >= 4


def test_2_glory_the_achievement_phase_lists_the_same_once_and_the_rest_side_by_side(
        page: Page, base_url_app: str) -> None:
    """Shots 33, 40: one "Done" over 24 board lines (3,500–3,900 px), 10 of each automa's 12
    alike. The phase's 13 steps are listed once for both; each automa's vote and what it has
    to spend sit side by side, named."""
    phone(page, base_url_app)
    two_automas(page)
    page.wait_for_selector("#prompt")
    answer_until(page, "prompt.achievements_n")
    lines = page.locator(".play > .summary li")
    assert lines.count() == 13
    names = [e.inner_text().strip() for e in page.query_selector_all(".each-name")]
    assert names == ["Automa 1", "Automa 2"] * 2
    cells = page.query_selector_all(".each-cell")
    first, second = (cells[0].bounding_box(), cells[1].bounding_box())
    assert first and second and abs(first["y"] - second["y"]) < 2   # side by side
    height = page.evaluate("document.querySelector('.play > .summary').offsetHeight")
    assert height < 2400, height                                      # (was 3,500–3,900)


# --- 3. Age of Innovation: the tiles drawn from the box, by their pictures ------------------
def test_3_aoi_i_drew_mine_picks_each_tile_by_its_picture_in_one_tap(
        page: Page, base_url_app: str) -> None:
    """Shots 17–19: 11–12-item dropdowns and buttons without pictures, 18 taps for the board
    tiles. Each tile is a picture of the tile (as the Done screen draws it), the app's draw
    framed; one tap each: the board's 9 tiles in 9 taps, and the Planning displays with their
    colour chips under "Pick 3:"; your native terrain among the 3 displays on offer."""
    phone(page, base_url_app)
    start_game(page, "age_of_innovation", seed=4)
    page.click('#dock button.answer[data-arg="1"]')                 # I drew mine
    taps = 0
    while re.search(r"enter_(round|final|palace)$", key(page)):
        pictures = page.locator("#dock .dock-form.pictures button.picture")
        assert pictures.count() >= 2
        assert page.locator("#dock .picture svg").count() == pictures.count()
        assert page.locator("#dock .picture.primary").count() == 1   # the app's draw
        assert page.query_selector("#dock select") is None
        page.click("#dock .picture.primary")
        taps += 1
    assert taps == 9 and key(page).endswith("setup.board_two")
    page.click('#dock button.answer[data-arg="0"]')                 # the board as entered
    assert key(page).endswith("setup.player_faction")
    page.click('#dock button.answer[data-arg="1"]')                 # the offer: I drew mine
    page.wait_for_selector("#subset")
    legend = page.inner_text("#subset legend")
    assert legend == "Pick 3:" and page.locator("#subset .swatch").count() == 7
    page.click('#dock button[data-act="submit-subset"]')
    while key(page).endswith("enter_faction"):
        page.click("#dock .picture.primary, #dock .picture >> nth=0")
    page.click('#dock button.answer[data-arg="0"]')                 # the offer as entered
    assert key(page).endswith("setup.your_terrain")
    assert page.locator("#dock button.answer").count() == 3
    assert page.locator("#dock button.answer .swatch").count() == 3


def test_3_aoi_the_terrain_question_is_never_a_dropdown_at_the_largest_text(
        page: Page, base_url_app: str) -> None:
    """Shot 23: at "Very large" (Ukrainian) the terrain priority question was a dropdown.
    Its terrains are colour chips, one tap each, with the question on the first screen."""
    phone(page, base_url_app, lang="uk")
    page.evaluate("localStorage.setItem('automa.settings', JSON.stringify({lang: 'uk', "
                  "text: 1.3}))")
    page.reload()
    wait_ready(page)
    start_game(page, "age_of_innovation", seed=14)
    answer_until(page, "prompt.tb_atp_first", "prompt.tb_atp", limit=300)
    assert page.query_selector("#dock select") is None
    chips = page.locator("#dock button.answer .swatch")
    assert chips.count() >= 7
    for i in range(chips.count()):
        box = page.locator("#dock button.answer").nth(i).bounding_box()
        assert box is not None and box["y"] + box["height"] <= 780
    question = page.locator("#question").bounding_box()
    dock = page.locator("#dock").bounding_box()
    assert question and dock and question["y"] + question["height"] <= dock["y"]


# --- 4. Civilization: counts typed, a beaten city named, the turn read whole ----------------
def test_4_civ_counts_read_off_the_board_start_empty_and_an_empty_ok_says_so(
        page: Page, base_url_app: str) -> None:
    """Shots 26, 28: the count of legal spaces started at 0, so a quick OK placed nothing;
    OK on an empty box answered "(you gave '')". The box starts empty, and an empty OK says
    that nothing was typed, changing nothing."""
    phone(page, base_url_app)
    start_game(page, "civ_new_dawn", seed=5)
    answer_until(page, "prompt.legal_spaces", "prompt.city_sites", "prompt.wonders",
                 "prompt.caravan_distance", limit=300)
    asked = key(page)
    assert page.input_value("#count") == ""
    page.click('#dock button[data-act="submit-count"]')
    error = shown(page, ".banner-error").inner_text()
    assert "Nothing was typed" in error and "you gave" not in error
    assert key(page) == asked


def test_4_civ_a_won_attack_on_a_city_says_what_becomes_of_it(page: Page,
                                                                base_url_app: str) -> None:
    """Shot 27: "AP: Attack 1 won" said nothing of the beaten city. After "Was it the rival's
    capital? No" the board list says to put one of the AP's unused cities in its place."""
    phone(page, base_url_app)
    start_game(page, "civ_new_dawn", seed=5)
    for _ in range(400):
        k = key(page)
        if k.endswith("prompt.target_class") and page.query_selector(
                '#dock button.answer:has-text("rival’s city")'):
            page.click('#dock button.answer:has-text("rival’s city")')
            continue
        if k.endswith("prompt.was_capital"):
            page.click('#dock button.answer:has-text("No")')
            break
        if k.endswith(("prompt.defender_total", "prompt.defender_tokens")):
            page.fill("#count", "0")
            page.click('#dock button[data-act="submit-count"]')
            continue
        answer(page, 0.0)
    else:
        raise AssertionError("no attack on a rival's city")
    text = page.inner_text(".play > .summary")
    assert "one of the AP’s unused cities" in text


def test_4_civ_the_turn_just_played_is_read_whole_on_the_ready_screen(
        page: Page, base_url_app: str) -> None:
    """Shots 24, 29: on the ready screen the focus row and a two-line dock left 1–2 of the
    turn's 4–8 lines above the dock. The turn comes right under the question, before the
    focus row, and "Someone won" sits beside "AP's turn": a turn of up to 5 lines is read
    whole on the first screen, a longer one at least 4."""
    phone(page, base_url_app)
    start_game(page, "civ_new_dawn", seed=5)
    readies = 0
    for _ in range(300):
        if key(page).endswith("prompt.ready") and page.query_selector(".play > .summary li"):
            seen: dict[str, Any] = page.evaluate(LINES_JS)
            above = [b for b in seen["bottoms"] if b <= seen["dock"]]
            assert seen["top"] < seen["rows"], seen
            assert len(above) >= min(len(seen["bottoms"]), 4), seen
            if len(seen["bottoms"]) <= 5:
                assert len(above) == len(seen["bottoms"]), seen
            readies += 1
            if readies == 6:
                return
        answer(page, 0.0)
    raise AssertionError(f"only {readies} ready screens")


# --- 5. Home: New game on the first screen whatever the list holds --------------------------
def test_5_home_new_game_is_on_the_first_screen_with_twelve_games_in_progress(
        page: Page, base_url_app: str) -> None:
    """Shot 38: unfinished saves were ~250-px cards: New game at 939 px with 3 in progress,
    3,036 px with 12. Games in progress are compact rows, the latest three open and the
    others folded into one line; New game and its first game are on the first screen."""
    phone(page, base_url_app)
    games = ["tapestry", "age_of_innovation", "civ_new_dawn", GLORY]
    for i in range(12):
        page.goto(base_url_app + "#/")
        page.wait_for_selector("#saves")
        start_game(page, games[i % 4], seed=i + 1)
        answer(page, 0.0)
    page.goto(base_url_app + "#/")
    page.wait_for_selector("#saves")
    assert page.locator("#saves li.save").count() == 12
    tile = page.locator('button[data-act="new"]').first.bounding_box()
    heading = page.locator("h2", has_text="New game").bounding_box()
    assert heading and tile and tile["y"] + tile["height"] <= 780, (heading, tile)
    page.locator("#saves li.save.compact").first.click()
    page.wait_for_selector("#prompt")


# --- 6. Share near the game's title ---------------------------------------------------------
def test_6_share_this_set_up_is_under_the_games_title(page: Page,
                                                      base_url_app: str) -> None:
    """Shot 15: "Share this set-up" lay in the Print panel about 3,190 px down. "Share" is in
    the line under the game's title on the first screen, and opens the link and QR code."""
    phone(page, base_url_app)
    start_game(page, "tapestry", seed=3)
    link = shown(page, '#play-status a[href="#/share"]')
    box = link.bounding_box()
    assert box is not None and box["y"] + box["height"] < 160
    link.click()
    shown(page, "#share-link")
