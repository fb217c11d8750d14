"""Tapestry's map where the eye needs it (issue 42), on a 360×780 phone, in English at the
default text size and in Ukrainian at the largest:

- after "Bots' turn ▸" the turn's checklist and the drawn cards come right under the
  question, the map folded to one line (its tap opens it; a mark keeps it open);
- at a hex question (explore, conquer, the trap question) the map comes first under the
  question, cropped around the ringed hex where the screen is short, the ringed hex whole
  on the first screen, filled (never taken for the walk's start), every hex a 44-px tap
  target, the walk's numbers readable, and the card folded to a line.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page

from automa.games.tapestry import map as twin
from tests.e2e.helpers import FIRST_SCREEN_JS, answer, open_app, wait_ready

pytestmark = pytest.mark.e2e

TURN_JS = """() => {
  const dock = document.querySelector('#dock').getBoundingClientRect().top;
  const q = document.querySelector('#question').getBoundingClientRect().bottom;
  const title = document.querySelector('#summary-title');
  const lines = [...document.querySelectorAll('.summary .steps > li')]
    .map(li => li.getBoundingClientRect().bottom);
  const cards = document.querySelector('.cards-panel');
  const map = document.querySelector('#prompt-body svg.board-map');
  const fold = document.querySelector('#prompt-body details.board-fold');
  return {dock, question: q, title: title ? title.getBoundingClientRect().top : null, lines,
          cards: cards ? cards.getBoundingClientRect().top : null,
          map: map && !(fold && !fold.open) ? map.getBoundingClientRect().height : 0,
          fold: fold ? fold.getBoundingClientRect().height : null, scrollY};
}"""
"""The bots' new turn as drawn: the dock's top, the question's bottom, the checklist's
heading and the bottom of each of its lines, the top of the drawn cards, how tall the map is
drawn (0: folded) and its line."""

HEX_JS = """() => {
  const dock = document.querySelector('#dock').getBoundingClientRect().top;
  const q = document.querySelector('#question').getBoundingClientRect().bottom;
  const map = document.querySelector('#prompt-body svg.board-map');
  if (!map) return null;
  const m = map.getBoundingClientRect();
  const ring = map.querySelector('g.hex polygon[stroke="#111"]');
  const r = ring.getBoundingClientRect();
  const hexes = [...map.querySelectorAll('g.hex')].map(g => {
    const p = g.querySelector('polygon').getBoundingClientRect();
    return {size: Math.min(p.width, p.height), tap: g.dataset.act === 'proc'};
  });
  const numbers = [...map.querySelectorAll('g.hex text')].map(t => {
    const b = t.getBoundingClientRect();
    return {n: t.textContent, h: b.height, top: b.top, bottom: b.bottom};
  });
  const start = numbers.find(t => t.n === '1');
  const card = document.querySelector('#prompt-body .fold-cards');
  return {dock, question: q, map: {top: m.top, bottom: m.bottom},
          ring: {top: r.top, bottom: r.bottom, fill: ring.getAttribute('fill')},
          start, hexes, numbers: numbers.length,
          smallest: Math.min(...numbers.filter(t => t.top >= m.top && t.bottom <= m.bottom)
                             .map(t => t.h)),
          card: card ? {open: card.open, top: card.getBoundingClientRect().top} : null};
}"""
"""A hex question as drawn: the map (under the question), its ringed hex, each hex's size
and whether a tap marks it, the walk's numbers (the smallest shown), and the card's line."""

MARKED = ("1,0", "3,0")
"""Hexes next to the Automa's start marked as yours with 1 token: its conquests ask the trap."""


def _settings(page: Page, base: str, lang: str, text: float) -> None:
    open_app(page, base, lang=lang)
    page.evaluate("([lang, text]) => localStorage.setItem('automa.settings',"
                  " JSON.stringify({lang, text}))", [lang, text])
    page.reload()
    wait_ready(page)


def _start(page: Page, seed: int) -> None:
    page.click('button[data-act="new"][data-arg="tapestry"]')
    page.wait_for_selector("#new-form")
    page.fill("#seed", str(seed))
    page.check('input[name="opt-map"][value="0"]')  # "yes": the map
    page.click('button[data-act="start"]')
    page.wait_for_selector("#prompt")


def _key(page: Page) -> str:
    return page.get_attribute("#prompt", "data-key") or ""


def _mark_yours(page: Page, hex_id: str) -> None:
    """Open the folded map (if folded), tap the hex, tap "yours ●"."""
    if page.locator("#prompt-body details.board-fold:not([open])").count():
        page.click("#prompt-body details.board-fold > summary")
    page.click(f'svg.board-map g.hex[data-arg="map.{hex_id}"]')
    page.wait_for_selector('#prompt[data-key="tapestry.q.map_mark"]')
    index = twin.marks_for(hex_id).index(twin.YOU1)
    if page.locator("#dock #pick").count():  # a list at this text size
        page.select_option("#dock #pick", str(index))
        page.click("#dock button[data-act=submit-pick]")
    else:
        page.click(f'#dock button[data-act=pick][data-arg="{index}"]')
    page.wait_for_selector('#prompt[data-key="tapestry.q.bots_turn"]')


def _check_turn(found: dict[str, Any], where: str) -> None:
    """With the 2 advances alone, the whole checklist and the top of the drawn cards on the
    first screen; in every turn the checklist right under the question, the map one line."""
    if len(found["lines"]) <= 2:
        assert max(found["lines"]) <= found["dock"] + 1, \
            f"{where}: the checklist ends at {max(found['lines']):.0f} px, the dock at " \
            f"{found['dock']:.0f}"
        assert found["cards"] is not None and found["cards"] < found["dock"], \
            f"{where}: the drawn cards start at {found['cards']}, the dock at {found['dock']}"
    assert found["map"] == 0 and found["fold"] is not None, f"{where}: the map is not folded"
    assert found["fold"] < 70, f"{where}: the map's line is {found['fold']:.0f} px tall"
    # between the question and the checklist: the map's line, the panels' edges
    assert found["title"] is not None \
        and found["title"] - found["question"] - found["fold"] < 64, \
        f"{where}: the checklist starts at {found['title']:.0f} px, the question ends " \
        f"at {found['question']:.0f}"


def _check_hex(found: dict[str, Any] | None, where: str) -> None:
    """The map first under the question, its ringed hex whole above the dock and filled, the
    hexes 44-px tap targets, the walk's numbers readable, the card folded below."""
    assert found is not None, f"{where}: no map with the question"
    ring = found["ring"]
    assert found["question"] - 1 <= ring["top"] and ring["bottom"] <= found["dock"] + 1, \
        f"{where}: the ringed hex at {ring['top']:.0f}-{ring['bottom']:.0f} px, the " \
        f"question ends at {found['question']:.0f}, the dock at {found['dock']:.0f}"
    assert found["map"]["top"] >= found["question"] - 1, where
    assert found["map"]["top"] - 1 <= ring["top"] and ring["bottom"] <= found["map"]["bottom"] + 1
    assert ring["fill"] not in (None, "none"), f"{where}: the picked hex is only ringed"
    small = [h for h in found["hexes"] if h["size"] < 44]
    assert len(found["hexes"]) == 34 and not small, f"{where}: {small[:3]}"
    assert all(h["tap"] for h in found["hexes"]), f"{where}: a hex is not a tap target"
    assert found["numbers"] >= 1 and found["smallest"] >= 12, f"{where}: {found['smallest']}"
    assert found["card"] is not None and not found["card"]["open"], where
    assert found["card"]["top"] > ring["bottom"], f"{where}: the card comes before the map"


def _play(page: Page, base: str, lang: str, text: float, *, turns_wanted: int,
          hexes_wanted: int) -> tuple[list[tuple[str, dict[str, Any]]],
                                      list[tuple[str, dict[str, Any] | None]]]:
    """Play with the map on (your two territories next to the Automa's start marked): the
    bots' new turns and the hex questions as drawn, every question held to the first
    screen on the way."""
    page.set_viewport_size({"width": 360, "height": 780})
    _settings(page, base, lang, text)
    _start(page, seed=3)
    turns: list[tuple[str, dict[str, Any]]] = []
    hexes: list[tuple[str, dict[str, Any] | None]] = []
    kinds: set[str] = set()
    marked = False
    for i in range(160):
        key = _key(page)
        screen = page.evaluate(FIRST_SCREEN_JS)
        assert screen is not None and not screen["off"], f"{lang} #{i} {key}: {screen}"
        if key == "tapestry.q.bots_turn" and not marked:
            for hex_id in MARKED:
                _mark_yours(page, hex_id)
            assert page.evaluate(TURN_JS)["map"] > 0  # marking keeps the map open
            marked = True
        if key == "tapestry.q.bots_turn" and marked:
            page.click('#dock button[data-act="answer"]')  # "Bots' turn ▸"
            if _key(page) == "tapestry.q.bots_turn":
                turns.append((f"{lang} turn #{i}", page.evaluate(TURN_JS)))
        else:
            if key in ("tapestry.q.map_explore", "tapestry.q.map_place",
                       "tapestry.q.map_trap"):
                hexes.append((f"{lang} #{i} {key}", page.evaluate(HEX_JS)))
                kinds.add(key)
            if answer(page, 0.99 if key == "tapestry.q.map_trap" else 0.0) is None:
                break
        if len(turns) >= turns_wanted and len(kinds) >= hexes_wanted:
            break
    return turns, hexes


LANGS = [("en", 1.0), ("uk", 1.3)]


@pytest.mark.parametrize(("lang", "text"), LANGS)
def test_after_bots_turn_the_checklist_and_cards_come_first_the_map_a_line(
        page: Page, base_url_app: str, lang: str, text: float) -> None:
    """Review 2026-11-29 ★1: after "Bots' turn ▸" the turn's checklist and the drawn cards
    are on the first screen; the map, folded to a line, is one tap away."""
    turns, _ = _play(page, base_url_app, lang, text, turns_wanted=4, hexes_wanted=0)
    assert len(turns) >= 4, f"only {len(turns)} bots' turns seen"
    assert any(len(found["lines"]) <= 2 for _, found in turns)
    for where, found in turns:
        _check_turn(found, where)


@pytest.mark.parametrize(("lang", "text"), LANGS)
def test_at_a_hex_question_the_map_comes_first_cropped_around_the_ringed_hex(
        page: Page, base_url_app: str, lang: str, text: float) -> None:
    """Review 2026-11-29 ★3: at an explore, a conquest and the trap question the map is on
    the first screen with the question, its ringed hex whole, filled, distinct from the
    walk's start; the card folded under it."""
    _, hexes = _play(page, base_url_app, lang, text, turns_wanted=0, hexes_wanted=3)
    assert {where.split()[-1] for where, _ in hexes} == {
        "tapestry.q.map_explore", "tapestry.q.map_place", "tapestry.q.map_trap"}
    for where, found in hexes:
        _check_hex(found, where)
