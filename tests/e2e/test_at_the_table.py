"""At the table, a third look (review 2026-11-28, problems 1–4): on a 360×780 phone the
bots' new turn is seen, a game is not ended by one slip of the thumb, the turn just played
comes before the next card, and a combat total is typed, never accepted as a default."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page

from tests.e2e.helpers import answer, open_app, start_game

pytestmark = pytest.mark.e2e


def phone(page: Page, base_url_app: str, game: str, seed: int) -> None:
    """A new game of ``game`` on a 360×780 phone, in English."""
    page.set_viewport_size({"width": 360, "height": 780})
    open_app(page, base_url_app)
    start_game(page, game, seed=seed)


def key(page: Page) -> str:
    """The key of the question on screen ("" at the game's end)."""
    return str(page.evaluate("document.querySelector('#prompt')?.dataset.key || ''"))


def answer_until(page: Page, wanted: str, limit: int = 80, x: float = 0.0) -> None:
    """Answer the first choice until the question ``wanted`` is on screen."""
    for _ in range(limit):
        if key(page) == wanted:
            return
        answer(page, x)
    raise AssertionError(f"{wanted} never asked")


def test_the_bots_new_turn_is_seen_though_the_question_reads_as_before(
        page: Page, base_url_app: str) -> None:
    """Problem 1: "Bots' turn ▸" tapped while scrolled down to the state brought a turn
    that asked nothing, so the question read as before and the page stayed down there, the
    new checklist off screen. Now the page goes to its top and marks the new checklist."""
    phone(page, base_url_app, "tapestry", 3)
    for _ in range(40):
        answer_until(page, "tapestry.q.bots_turn")
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        assert page.evaluate("window.scrollY") > 300
        page.click("#dock button.answer")
        if key(page) != "tapestry.q.bots_turn":
            continue  # (this turn asked something: a new question, at the top as before)
        seen: dict[str, Any] = page.evaluate("""() => {
            const box = document.querySelector('.play > .summary');
            const r = box.getBoundingClientRect();
            return {y: scrollY, top: r.top, fresh: document.body.classList.contains('new-turn')};
        }""")
        assert seen["y"] == 0, seen
        assert seen["top"] < 780 - 180, seen  # above the dock
        assert seen["fresh"], seen
        return
    raise AssertionError("no bots' turn without a question")


def records_kept(page: Page) -> int:
    """How many game records the browser keeps."""
    return int(page.evaluate(
        "Object.keys(localStorage).filter(k => k.startsWith('automa.record.')).length"))


def test_a_win_at_once_is_confirmed_and_its_record_goes_with_an_undo(
        page: Page, base_url_app: str) -> None:
    """Problem 2: one tap on "A player wins at once by instant achievements" ended and
    recorded the game, and after Undo the record stayed. Now the game asks once more ("No"
    goes back), and the record follows the game's end: undone with it."""
    phone(page, base_url_app, "glory_of_civilizations", 6)
    answer_until(page, "glory_of_civilizations.prompt.ready")
    page.click('button[data-act="proc"][data-arg="instant_victory"]')
    assert key(page) == "glory_of_civilizations.prompt.instant_victory_sure"
    assert records_kept(page) == 0
    page.click('#dock button.answer:has-text("No")')
    assert key(page) == "glory_of_civilizations.prompt.ready"
    page.click('button[data-act="proc"][data-arg="instant_victory"]')
    page.click('#dock button.answer:has-text("Yes")')
    page.wait_for_selector('#prompt[data-kind="over"]')
    assert records_kept(page) == 1
    page.click('button[data-act="undo"]')
    page.wait_for_selector('#prompt[data-key="glory_of_civilizations.prompt.instant_victory_sure"]')
    assert records_kept(page) == 0


CHECKLIST_JS = """() => {
  const dock = document.querySelector('#dock').getBoundingClientRect();
  const title = document.querySelector('.play > .summary .summary-title');
  const item = document.querySelector('.play > .summary li');
  const fold = document.querySelector('#prompt-body details.fold-cards');
  return {scroll: scrollY, dock: dock.top, title: title ? title.getBoundingClientRect().top : null,
          item: item ? item.getBoundingClientRect().bottom : null,
          fold: fold ? {open: fold.open, h: fold.getBoundingClientRect().height} : null};
}"""
"""Where the bots' last turn sits on the first screen, against the dock, and the folded card."""


@pytest.mark.parametrize(("game", "ready", "seed"), [
    ("civ_new_dawn", "civ_new_dawn.prompt.ready", 5),
    ("age_of_innovation", "age_of_innovation.prompt.ready", 4)])
def test_the_turn_just_played_comes_before_the_next_card(page: Page, base_url_app: str,
                                                         game: str, ready: str,
                                                         seed: int) -> None:
    """Problem 3: after the AP's turn the first screen was the next card at full size, and
    the checklist of the turn just played began under the dock (y ≈ 730 px). Now the next
    card is folded to one line that opens on a tap, and the checklist is on the first
    screen, above the dock."""
    phone(page, base_url_app, game, seed)
    answer_until(page, ready)
    answer(page, 0.0)  # the bot's turn …
    answer_until(page, ready)  # … and the next "ready" screen, after it
    seen: dict[str, Any] = page.evaluate(CHECKLIST_JS)
    assert seen["scroll"] == 0 and seen["title"] is not None, seen
    assert seen["item"] <= seen["dock"], seen  # its first line is seen, above the dock
    assert seen["fold"] is not None and not seen["fold"]["open"] and seen["fold"]["h"] < 80, seen
    page.click("#prompt-body details.fold-cards > summary")
    assert page.evaluate("document.querySelector('#prompt-body details.fold-cards').open")
    assert page.is_visible("#prompt-body details.fold-cards svg")


def test_a_combat_names_what_is_counted_and_the_defenders_total_is_typed(
        page: Page, base_url_app: str) -> None:
    """Problem 4: "Work out its combat total as the rules say" named no rule, and the
    defender's total was filled in with 0, so one quick OK handed the AP the win. Now the
    question names what the app counted and what to add (the rule under Why?), and the
    defender's box starts empty: OK alone is refused, a typed total is taken."""
    phone(page, base_url_app, "civ_new_dawn", 5)
    answer_until(page, "civ_new_dawn.prompt.ap_total")
    text = page.inner_text("#prompt")
    assert "on its card" in text and "military wonders" in text and "base game" in text, text
    rule = page.evaluate("document.querySelector('#prompt-body details.rule p').textContent")
    assert "base game’s rules" in rule and "military wonder" in rule, rule
    page.click("#dock button.answer.primary")  # the AP's total as filled in
    assert key(page) == "civ_new_dawn.prompt.defender_total"
    assert page.input_value("#count") == ""
    page.click("#dock button.answer.primary")  # one quick OK: refused, nothing changes
    assert key(page) == "civ_new_dawn.prompt.defender_total"
    assert page.is_visible(".banner-error")
    page.fill("#count", "7")
    page.click("#dock button.answer.primary")
    assert key(page) != "civ_new_dawn.prompt.defender_total"
