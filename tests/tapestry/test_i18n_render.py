"""Tapestry's messages in both languages, option labels, card images and board-scan patterns."""

from __future__ import annotations

import pytest

from automa.render import card_svg, deck
from tests.golden_games import assert_messages_match_across_languages, assert_options_named
from tests.tapestry.play import default_answer, new


def test_messages_exist_in_both_languages_with_the_same_placeholders() -> None:
    assert_messages_match_across_languages("tapestry")


def test_option_labels_exist_for_every_value() -> None:
    assert_options_named("tapestry")


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_every_decision_card_renders_both_halves(lang: str) -> None:
    assert deck("tapestry") == [str(i) for i in range(1, 23)]
    for card in deck("tapestry"):
        for highlight in ((), ("track",), ("tiebreaker",)):
            svg = card_svg("tapestry", card, highlight, lang)
            assert 'viewBox="0 0 630 880"' in svg and 'role="img"' in svg
            assert "<title" in svg and "<desc" in svg
            assert ("#efe4f7" in svg) == bool(highlight)


def test_disputed_card_values_are_marked_on_the_image_and_in_the_view() -> None:
    assert "?" in card_svg("tapestry", "19", ("tiebreaker",))
    s = new(2, 5)
    while s.prompt is not None and s.prompt.key != "tapestry.q.bots_turn":
        s.answer(default_answer(s.prompt))
    view = s.view()
    assert view["vp"] == 0 and view["sections"][0]["rows"][0]["value"] == 0


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_scan_prompts_draw_their_hex_pattern(lang: str) -> None:
    from automa.games.tapestry import data as tdata
    from automa.render.tapestry import pattern_svg

    for card in (1, 2, 4, 5, 7, 8, 9, 10, 11, 12):
        svg = pattern_svg(tdata.pattern_of_card(card), lang)
        assert 'role="img"' in svg and svg.count("<path") == 34
