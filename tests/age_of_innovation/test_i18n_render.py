"""Messages in both languages, card data validity, card images."""

from __future__ import annotations

import re
import xml.dom.minidom

import pytest

from automa.games.age_of_innovation import data
from automa.render import card_svg, deck
from tests.golden_games import assert_messages_match_across_languages, assert_options_named

GAME = "age_of_innovation"


def test_every_message_in_both_languages_with_the_same_placeholders() -> None:
    """en and uk have the same keys and placeholders."""
    assert_messages_match_across_languages(GAME)


def test_option_labels_exist_for_every_value() -> None:
    """Each option and each allowed value has a label."""
    assert_options_named(GAME)


def test_card_data_loads_and_matches_the_rulebook_counts() -> None:
    """14 decision cards (1-6 starting), 5 levels, 7 ATP cards, 12 + 4 score tiles."""
    cards = data.decision_cards()
    assert len(cards) == 14
    assert sorted(c["number"] for c in cards.values() if c["starting"]) == [1, 2, 3, 4, 5, 6]
    assert len(data.levels()) == 5 and len(data.atp_cards()) == 7
    kinds = [t["kind"] for t in data.tiles().values()]
    assert kinds.count("round") == 12 and kinds.count("final") == 4
    assert len(data.factions()) == 10
    assert sum(t["spade"] for t in data.tiles().values()) == 1


@pytest.mark.parametrize("lang", ["en", "uk"])
@pytest.mark.parametrize("card", deck("age_of_innovation"))
def test_card_images_are_valid_svg_with_text_alternative(card: str, lang: str) -> None:
    """Every card face parses, has a title and a description, and highlights on request."""
    svg = card_svg("age_of_innovation", card, ("action",), lang)
    doc = xml.dom.minidom.parseString(svg)
    root = doc.documentElement
    assert root is not None
    assert root.getAttribute("viewBox") == "0 0 630 880" and root.getAttribute("role") == "img"
    assert doc.getElementsByTagName("title") and doc.getElementsByTagName("desc")
    plain = card_svg("age_of_innovation", card, (), lang)
    assert "#f2b705\" stroke-width=\"14\"" in svg and "stroke-width=\"14\"" not in plain
    assert "age_of_innovation." not in svg  # no untranslated message ids
    # readable at phone size (160 px wide: 1 px is about 4 units): no print below 7 px
    sizes = [int(t.getAttribute("font-size")) for t in doc.getElementsByTagName("text")]
    assert sizes and min(sizes) >= 30


PICTURES = ["score:r03,r07,r01,r11,r02,r09:f02", "palace:4,11",
            "offer:lake.3.7,forest.1.12,desert.5.9", "bonus:3,7,1,9,5", "bonus:3,7,1,9,5:8"]


def _numbers_of(picture: str) -> list[int]:
    """Every tile number a picture shows, in order."""
    kind, content = data.read_picture(picture)
    if kind == "score":
        return [data.tiles()[t]["number"] for t in [*content[0], content[1]]]
    if kind == "palace":
        return [*content, data.PALACE_ALWAYS]
    if kind == "offer":
        return [n for _, a, b in content for n in (a, b)]
    return [*content[0], *([content[1]] if content[1] else [])]


@pytest.mark.parametrize("lang", ["en", "uk"])
@pytest.mark.parametrize("picture", PICTURES)
def test_setup_draw_pictures_are_valid_svg_named_in_both_languages(picture: str,
                                                                    lang: str) -> None:
    """A set-up draw's picture parses, is named by its title (every tile in it), and reads at
    phone size."""
    svg = card_svg("age_of_innovation", picture, (), lang)
    doc = xml.dom.minidom.parseString(svg)
    root = doc.documentElement
    assert root is not None and root.getAttribute("role") == "img"
    title = doc.getElementsByTagName("title")[0].firstChild
    named = [int(n) for n in re.findall(r"\d+", str(getattr(title, "data", "")))]
    assert named == _numbers_of(picture)
    assert "age_of_innovation." not in svg
    sizes = [int(t.getAttribute("font-size")) for t in doc.getElementsByTagName("text")]
    assert sizes and min(sizes) >= 28


@pytest.mark.parametrize("picture", [
    "palace:4,4", "palace:0,3", "palace:99", "palace:<script>", "palace:4,²", "bonus:1,2:1",
    "offer:lake.3.3", "offer:lake.1.2,lake.3.4", "offer:moon.1.2", "score:r01:f01",
    "score:r01,r02,r03,r04,r05,f01:r06", "nothing:1", "palace:4:11"])
def test_a_picture_id_that_spells_no_draw_is_refused(picture: str) -> None:
    """An id read from a save is checked before it is drawn: anything else is no picture."""
    with pytest.raises(KeyError):
        card_svg("age_of_innovation", picture, (), "en")
