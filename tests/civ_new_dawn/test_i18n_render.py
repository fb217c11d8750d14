"""Messages in both languages, card data validity, card images, the view."""

from __future__ import annotations

import tomllib
import xml.dom.minidom
from pathlib import Path

import pytest

from automa.core.i18n import render
from automa.games.civ_new_dawn import data
from automa.render import card_svg, deck
from automa.render import civ_new_dawn as faces
from tests.civ_new_dawn.play import new
from tests.golden_games import assert_messages_match_across_languages, assert_options_named
from tests.sessions import asked

GAME = "civ_new_dawn"


def test_every_message_in_both_languages_with_the_same_placeholders() -> None:
    """en and uk have the same keys and placeholders."""
    assert_messages_match_across_languages(GAME)


def test_option_labels_exist_for_every_value() -> None:
    """Each option, its help and each allowed value has a label; readings are advanced."""
    options = assert_options_named(GAME)
    advanced = {o["id"] for o in options if o["advanced"]}
    assert {"difficulty", "humans", "leader"}.isdisjoint(advanced) and len(advanced) == 16


def test_ukrainian_plurals_read_right() -> None:
    """CLDR forms: 1 жетон, 3 жетони, 5 жетонів."""
    key = "civ_new_dawn.log.place_tokens"
    assert render(key, {"n": 1}, "uk") == "АГ розміщує 1 жетон контролю"
    assert render(key, {"n": 3}, "uk") == "АГ розміщує 3 жетони контролю"
    assert render(key, {"n": 5}, "uk") == "АГ розміщує 5 жетонів контролю"
    assert render(key, {"n": 1}, "en") == "AP places 1 control token"



@pytest.mark.parametrize("reading", ["to_15", "to_17", "stay_24"])
def test_the_tech_dials_reading_is_a_tlumachennia_in_ukrainian(reading: str) -> None:
    """A rule reading is «тлумачення» in Ukrainian, as on the new-game form and in the
    guide's readings (the table review found «Прочитання:» left in the dial's Why?)."""
    text = render(f"civ_new_dawn.why.dial_past.{reading}", {}, "uk")
    assert text.startswith("Тлумачення: ") and "Прочитання" not in text

def test_card_data_loads_with_one_card_per_type_and_level() -> None:
    """20 focus cards, 8 leaders with every type once, 6 levels, 6 level spaces."""
    assert len(data.cards()) == 20
    assert len(data.leaders()) == 8 and len(data.levels()) == 6
    assert [p for p, _lv in data.dial()["spaces"]] == [3, 6, 10, 14, 19, 24]
    assert data.leaders()["rome"]["row"] == ["science", "economy", "military", "culture",
                                             "industry"]


@pytest.mark.parametrize("lang", ["en", "uk"])
@pytest.mark.parametrize("card", deck("civ_new_dawn"))
def test_card_images_are_valid_svg_with_text_alternative(card: str, lang: str) -> None:
    """Every card face (and the focus bar) parses, has a title and a description."""
    svg = card_svg("civ_new_dawn", card, ("priority", "strip"), lang)
    doc = xml.dom.minidom.parseString(svg)
    root = doc.documentElement
    assert root is not None
    assert root.getAttribute("viewBox") == "0 0 630 880" and root.getAttribute("role") == "img"
    assert doc.getElementsByTagName("title") and doc.getElementsByTagName("desc")
    assert "civ_new_dawn." not in svg


@pytest.mark.parametrize("lang", ["en", "uk"])
@pytest.mark.parametrize("card", deck("civ_new_dawn"))
def test_card_faces_read_at_phone_size_and_fit(card: str, lang: str) -> None:
    """Issue 13: no print under 30 units (about 7 px on a card 160 px wide), no message ids,
    the steps end above the trade-token strip, and a highlight frames its part."""
    plain = card_svg("civ_new_dawn", card, (), lang)
    doc = xml.dom.minidom.parseString(plain)
    texts = doc.getElementsByTagName("text")
    sizes = [int(t.getAttribute("font-size")) for t in texts]
    assert sizes and min(sizes) >= 30
    assert "civ_new_dawn." not in plain  # no untranslated message ids
    for t in texts:
        assert 0 < float(t.getAttribute("x")) < faces.W and 0 < float(t.getAttribute("y")) < faces.H
    if card == faces.BAR:
        return
    c = data.card(card)
    _svg, end = faces._body(c, (), lang)
    assert end <= faces.STRIP_TOP
    for part in ["steps", "priority", "strip", *(f"step{i}" for i in range(len(c["steps"])))]:
        if part == "priority" and not any(s.get("priority") or s.get("targets")
                                          for s in c["steps"]):
            continue
        lit = card_svg("civ_new_dawn", card, (part,), lang)
        assert lit.count(faces.HIGHLIGHT) == plain.count(faces.HIGHLIGHT) + (
            sum(bool(s.get("priority") or s.get("targets")) for s in c["steps"])
            if part == "priority" else 1), part


def test_deck_is_the_20_cards_and_the_focus_bar() -> None:
    """Printable like the other games: every card once."""
    cards = deck("civ_new_dawn")
    assert len(cards) == 21 and cards[-1] == "focus_bar"


def test_view_shows_the_focus_row_dial_and_checklist() -> None:
    """The AP's state at a glance, the focus row in table order (slot 1 on the left, as on
    the table) with each card's level and tokens, the dial with the next level space."""
    s = new(1, leader="rome")
    view = s.view()
    titles = [sec["title"]["key"] for sec in view["sections"]]
    assert titles[:2] == ["civ_new_dawn.view.ap", "civ_new_dawn.view.row"]
    row = view["sections"][1]["rows"]
    assert row[0]["label"]["params"]["n"] == 1 and len(row) == 5
    assert [c["card"] for c in view["cards"]] == s._state["data"]["row"]
    assert view["strip"] and all(c["tokens"] == 0 for c in view["cards"])
    assert view["dial"]["at"] == s._state["data"]["dial"]


def test_every_tracked_value_can_be_corrected() -> None:
    """Dial, cities, tokens, resources, wonders, city-states, each slot's card."""
    s = new(1, leader="rome")
    s.start("correct")
    ids = asked(s).choices
    for want in ("dial", "cities", "nw_pool", "tokens_culture", "resource_oil",
                 "wonders_science", "city_states_military", "slot_5"):
        assert want in ids
    s.answer("dial")
    s.answer(9)
    assert s._state["data"]["dial"] == 9


@pytest.mark.parametrize(("lang", "trajan"), [("en", "Trajan"), ("uk", "Траяна")])
def test_the_guide_flags_what_only_fan_sources_give(lang: str, trajan: str) -> None:
    """``tech_dial.toml`` and ``leaders.toml`` are ``verified = false`` (fan sources, no
    publisher text; issue 20): the guide says so, with the level spaces the app uses, so a
    player whose dial or leader sheet differs follows the table."""
    root = Path(__file__).resolve().parents[2]
    for name in ("tech_dial", "leaders"):
        with (root / "cards" / GAME / f"{name}.toml").open("rb") as f:
            assert tomllib.load(f)["verified"] is False, name
    text = (root / "i18n" / lang / "guide" / f"{GAME}.toml").read_text(encoding="utf-8")
    line = next(x for x in text.splitlines() if trajan in x)
    at, both = {"en": ("at", "and"), "uk": ("на", "і")}[lang]
    by_level: dict[int, list[int]] = {}
    for space, level in data.dial()["spaces"]:
        by_level.setdefault(level, []).append(space)
    for level, spaces in by_level.items():
        numeral = ("II", "III", "IV")[level - 2]
        assert f"{numeral} {at} {f' {both} '.join(map(str, spaces))}" in line, (level, line)


@pytest.mark.parametrize(("lang", "setup", "next_word"),
                         [("en", "Setup", "Next:"), ("uk", "Підготовку", "Далі:")])
def test_the_first_ap_turn_is_announced_as_next_after_the_setup(
        lang: str, setup: str, next_word: str) -> None:
    """The at-the-table review (old problem 11): the status line reads "Setup" while the question
    announced "AP turn 1" as if it were under way. The question now says the setup is done and
    AP turn 1 comes next, as every later turn's question says "Next: AP turn N"."""
    params = {"notice": "", "card": "Pottery", "turn": 2}
    first = render("civ_new_dawn.prompt.first_turn", params, lang)
    later = render("civ_new_dawn.prompt.ready", params, lang)
    assert first.startswith(setup) and next_word in first and next_word in later
