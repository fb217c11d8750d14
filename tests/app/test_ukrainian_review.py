"""The native-speaker review of the Ukrainian text (issue 18, the review
``shared/reviews/ukrainian-2026-11.md``): each finding whose fix is a wording, as a test of
that wording, so it does not come back.

Findings #1, #2 (a count lost at 21): ``tests/core/test_core_i18n.py``; #3 (a button the
guide names): ``tests/app/test_guide.py``; #7, #8 (each game's correction label and score
word) and #19 (one spelling of «Автома»): ``tests/app/test_present.py``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from automa.core.i18n import load_source_catalog, render

ROOT = Path(__file__).resolve().parents[2]


def uk(key: str, **params: Any) -> str:
    """The Ukrainian text of a message, rendered."""
    return render(key, params, "uk")


def game_texts(game: str) -> str:
    """Every Ukrainian string of a game's catalog and of its guide, as one text."""
    catalog = load_source_catalog("uk")
    strings = [text for key, message in catalog.items() if key.startswith(f"{game}.")
               for text in ([message] if isinstance(message, str) else message.values())]
    return "\n".join(strings) + "\n" + guide(game)


def guide(game: str) -> str:
    """The Ukrainian guide of a game, as written."""
    return (ROOT / "i18n" / "uk" / "guide" / f"{game}.toml").read_text(encoding="utf-8")


def test_4_the_atp_card_is_named_so_a_player_can_find_it() -> None:
    """«ПМА» was our coinage, spelled out nowhere: the card is named in full, with the name
    printed on the English edition."""
    assert "ПМА" not in game_texts("age_of_innovation")
    for text in (uk("age_of_innovation.setup.native_terrain"), guide("age_of_innovation")):
        assert "карту пріоритету місцевостей Автоми" in text and "Automa Terrain Priority" in text


@pytest.mark.parametrize("step", ["remove_tapestries", "optional_tapestries", "remove_civs"])
def test_5_tapestry_cards_and_civilizations_are_named_in_ukrainian(step: str) -> None:
    """One policy for names (README, "Names in Ukrainian"): a card's Ukrainian name, then once
    the English printed name in brackets; no English name outside them."""
    text = uk(f"tapestry.step.setup_components.{step}")
    assert re.search(r"«[^»]+» \([A-Z]", text), text
    assert not re.search(r"[A-Za-z]", re.sub(r"\([^)]*\)", "", text)), text


def test_6_a_participle_after_many_agrees_in_the_genitive() -> None:
    """«5 карт, готових до гри», «2 карти, готові до гри»."""
    assert [uk("web.decks.playable", n=n).split(", ")[1] for n in (1, 2, 5, 11, 22, 25)] == [
        "готова до гри", "готові до гри", "готових до гри", "готових до гри", "готові до гри",
        "готових до гри"]


@pytest.mark.parametrize(("finding", "game", "calque"), [
    ("9", "glory_of_civilizations", "гексу"),      # the rulebook: «до цього гекса»
    ("10", "age_of_innovation", "дійсн"),          # a board gamer says «допустимий»
    ("11", "tapestry", "законно"),                 # law, not a game's rules
    ("13", "tapestry", "нечесно"),                 # "unfairly", word for word
    ("20", "glory_of_civilizations", "переписати"),
], ids=["9", "10", "11", "13", "20"])
def test_calques_and_off_rulebook_forms_stay_out(finding: str, game: str, calque: str) -> None:
    """The review's calques and forms that differ from the rulebook (findings #9, #10, #11,
    #13, #20) are in no text of the game, catalog or guide."""
    assert calque not in game_texts(game).lower(), (finding, calque)


def test_10_valid_is_one_word_in_age_of_innovation_and_tapestry() -> None:
    """«дійсний гекс» was a calque; Tapestry already said «допустимий»."""
    for key in ("age_of_innovation.no_valid_hex", "tapestry.rule.no_valid_hex"):
        assert "допустимих гексів немає" in uk(key).lower(), key


def test_12_the_shadow_empires_favourite_was_rolled_until_another_track_came_up() -> None:
    """«доки не» takes the perfective verb of the event that ends the rolling."""
    assert "доки не випав трек" in uk("tapestry.rule.setup_shadow")


def test_14_the_player_is_in_the_dative_inside_the_sentence() -> None:
    for who, dative in (("one", "вам"), ("both", "вам обом разом")):
        text = uk("age_of_innovation.prompt.tb_most_power",
                  you={"key": f"age_of_innovation.you.{who}", "params": {}})
        assert f"дасть {dative} найбільше сили." in text, text


def test_15_how_many_takes_the_impersonal_form() -> None:
    assert "скільки дій книги відкрито" in guide("age_of_innovation")


@pytest.mark.parametrize(("key", "male"), [
    ("glory_of_civilizations.prompt.someone_passed", r"Чи вже спасував\b"),
    ("glory_of_civilizations.prompt.instant_victory", r"\bздобув\b"),
    ("age_of_innovation.starts.two_2", r"Першим ходить той\b"),
], ids=["someone_passed", "instant_victory", "two_2"])
def test_16_17_questions_about_players_are_not_in_the_masculine_past(key: str,
                                                                     male: str) -> None:
    """«Чи вже спасував … хтось», «Чи здобув уже хтось», «Першим ходить той» defaulted to a
    man; a plural or present-tense wording is as short («хто першим спасував» agrees with
    «хто», as the review proposes)."""
    text = uk(key)
    assert not re.search(male, text), text


def test_18_wonders_have_one_plural_in_civilization() -> None:
    """«чудеса» / «чудес» throughout; «чуда» only as the genitive singular («без чуда»)."""
    text = game_texts("civ_new_dawn")
    assert not re.search(r"[а-яіїє]+і чуда\b|\bЧуда\b(?! там)", text), re.findall(
        r".{30}і чуда\b|\bЧуда\b.{20}", text)
    assert "військові чудеса" in uk("civ_new_dawn.log.defend_total")


def test_21_a_count_ending_in_one_keeps_a_true_sentence() -> None:
    """Unreachable at the table (rows of 4–6 cards, at most 3 buildings), yet «Усю 21 карту»
    was wrong: the count stands apart from the noun."""
    assert "(21)" in uk("glory_of_civilizations.log.pass", n=21)
    assert "чи є стільки в запасі" in uk("glory_of_civilizations.prompt.site_buildings", n=21)


def test_22_the_neutral_marker_is_marked_as_our_reading() -> None:
    """The rulebook says only «нейтральним» (its icon is lost): «кубиком» is our inference,
    and the text says so (kept, as a reading)."""
    for text in (uk("glory_of_civilizations.setup.aid"), guide("glory_of_civilizations")):
        assert "нейтральним (кубиком\u00a0— так ми читаємо" in text


def test_23_terrains_are_named_in_the_singular() -> None:
    assert uk("age_of_innovation.terrain.lake") == "Озеро"
