"""The second native-speaker review of the Ukrainian text (issue 34, the review
``shared/reviews/ukrainian-2026-11-28.md``, findings N1–N32): each finding whose fix is a
wording, as a test of that wording, so it does not come back. The typography and the term
sheet the review asks for are kept for every text at once by ``tests/app/test_typography.py``.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from automa.app import game_records as rec
from automa.cli_records import words as records_words
from automa.core.i18n import render

ROOT = Path(__file__).resolve().parents[2]


def uk(key: str, **params: Any) -> str:
    """The Ukrainian text of a message, rendered, its no-break spaces read as spaces (they
    are kept by ``tests/app/test_typography.py``)."""
    return render(key, params, "uk").replace("\u00a0", " ")


def en(key: str, **params: Any) -> str:
    """The English text of a message, rendered."""
    return render(key, params, "en")


def test_n1_a_wonder_stage_takes_three_action_cubes_not_three_actions() -> None:
    """The rulebook's icon is lost («Покладіть 3 [кубики] дії»): «3 дії» read as "3 actions";
    the app's own rule line says «3 кубики дії на гекс»."""
    text = uk("glory_of_civilizations.option.wonder_stages_help")
    assert "3 кубики дії" in text and "3 дії" not in text and "3 дій" not in text


@pytest.mark.parametrize(("n", "tokens"), [(1, "1 жетон природного чуда"),
                                           (2, "2 жетони природних чудес"),
                                           (4, "4 жетони природних чудес"),
                                           (5, "5 жетонів природних чудес")])
def test_n2_teddys_tokens_agree_with_their_count(n: int, tokens: str) -> None:
    """Teddy keeps 1 to 4 tokens (``military.py``): «тримає 2 жетонів» was wrong."""
    text = uk("civ_new_dawn.prompt.teddy_another_target", n=n, next=2, of=3)
    assert f"тримає {tokens} " in text, text
    assert "1 natural wonder token for" in en("civ_new_dawn.prompt.teddy_another_target",
                                              n=1, next=2, of=3)


def guide(game: str, lang: str = "uk") -> str:
    """A guide as written."""
    text = (ROOT / "i18n" / lang / "guide" / f"{game}.toml").read_text(encoding="utf-8")
    return text.replace("\u00a0", " ")


def test_n4_one_game_is_the_game_and_its_record() -> None:
    """The English says "The game and its record" for 1; «Усі ігри по одній (1)» did not."""
    assert uk("web.records.all_games", n=1) == "Гра та її результат"
    assert uk("web.records.all_games", n=21) == "Усі ігри окремо (21)"


def test_n5_the_age_of_innovation_records_section_keeps_its_cases() -> None:
    text = guide("age_of_innovation")
    assert "проти її рахунку." in text and "потім за території, науку й фракцію." in text


def test_n10_the_rules_changed_notice_names_what_changed_in_sentences() -> None:
    """«змінилося (список)» had no subject; the lists are items apart by «;»."""
    what = [{"key": "civ_new_dawn.change.v2", "params": {}}]
    game = {"key": "civ_new_dawn.name", "params": {}}
    text = uk("warning.save.rules_changed", n=3, game=game, what=what)
    assert text.startswith("Відколи цю гру збережено, застосунок оновив правила «Civilization")
    assert text.count(". ") == 0  # one sentence (tests/corpus/test_rules_changed.py)
    assert "змінилося" not in text and "жодного ліку" not in text and "; обмін ресурсів" in text
    assert "здобутки подій як процедура" not in uk("glory_of_civilizations.change.v2")


@pytest.mark.parametrize(("game", "heading", "by_round"), [
    ("tapestry", "Епоха", "за епохами"), ("civ_new_dawn", "Хід АГ", "хід за ходом"),
    ("age_of_innovation", "Раунд", "за раундами"),
    ("glory_of_civilizations", "Раунд", "за раундами")])
def test_n12_the_rounds_chart_says_the_games_own_round_word(game: str, heading: str,
                                                            by_round: str) -> None:
    """«раунд за раундом» over Tapestry's eras and Civ's AP turns, «проти середнього»: the
    chart's title and its x heading use the game's word, in both languages."""
    chart = records_words("uk").rounds_chart(game, [record(game, by_round=[10, 20])],
                                             "difficulty")
    assert chart is not None
    assert chart["x_heading"] == heading, chart
    assert f"рахунок {by_round} порівняно із середнім на рівні" in chart["title"], chart
    en_chart = records_words("en").rounds_chart(game, [record(game, by_round=[10, 20])],
                                                "difficulty")
    assert en_chart is not None
    rounds = game in ("age_of_innovation", "glory_of_civilizations")
    assert ("round by round" in en_chart["title"]) == rounds, en_chart["title"]
    assert (en_chart["x_heading"] == "Round") == rounds, en_chart["x_heading"]


def record(game: str, **fields: object) -> rec.Record:
    """A finished game's record."""
    base = rec.Record(id="g-1", game=game, finished=1.0, updated=1.0, options={}, humans=1,
                      rounds=5, bot_total=70, bot_sources={}, by_round=[], players=[None])
    return replace(base, **fields)  # type: ignore[arg-type]


def test_n14_n15_n22_n30_the_records_read_as_ukrainian_sentences_and_labels() -> None:
    assert uk("web.records.help").startswith("Ваші результати проти ботів — за іграми й "
                                             "рівнями складності.")
    assert uk("web.records.home_help") == "Ваші результати проти ботів, гра за грою."
    assert uk("web.records.suggest_up", level="2 — Звичайна Автома", played="1").startswith(
        "Далі: спробуйте рівень «2 — Звичайна Автома». ")
    assert "не підходить" in uk("web.records.bad_score", top=999, n=1000)
    assert [uk(f"web.records.{k}") for k in ("played", "won", "lost", "drawn")] == [
        "Зіграно", "Виграно", "Програно", "Унічию"]
    assert uk("web.records.line_average") == "Середнє на цьому рівні"


@pytest.mark.parametrize("game", ["tapestry", "age_of_innovation", "civ_new_dawn",
                                  "glory_of_civilizations"])
def test_n12_n13_the_guides_say_level_of_difficulty_and_compared_with(game: str) -> None:
    text = guide(game)
    assert "складності" in text and "на цій складності" not in text
    assert "для кожної складності" not in text and "проти його середнього" not in text
    assert "порівняно з його середнім на цьому рівні складності" in text


def test_n16_n18_n19_n31_civ_names_its_cards_in_quotes_and_finishes_its_sentences() -> None:
    assert "Карту «Спільна війна», отриману від гравця," in uk(
        "civ_new_dawn.prompt.which_rival_attacked", target="x")
    assert uk("civ_new_dawn.option.teddy_nw_value.one_two") == "+1 або +2 на чудо (типово)"
    assert "«Спільну війну»" in uk("civ_new_dawn.uses.joint_war", rivals="x")
    assert "«Оборонний пакт»" in uk("civ_new_dawn.uses.defensive_pact", rivals="x")
    assert "(«Капіталізм», «Урбанізація»)" in guide("civ_new_dawn")
    assert uk("civ_new_dawn.rule.joint_war").endswith("від якого АГ отримав цю карту.")
    assert "у найзахищеніше місто АГ (тлумачення)" in uk("civ_new_dawn.why.full_cities.shared")
    assert "перша допустима територія" in uk("tapestry.step.conquer_opponent.walk")


def test_n23_n32_the_small_wordings() -> None:
    assert "які ви дали" in uk("web.store.carried_copy")
    assert uk("web.resume.tap_dropped").startswith("Натискання під час запуску не враховано")
    assert "буде враховано" in uk("web.shell.tap_kept")
    assert "Enter, щоб залишити як є." in uk("cli.records.pick_winner", n=3)
    assert uk("glory_of_civilizations.editor.direction_note").startswith(
        "Напрямки — з вашого боку столу")


def test_n24_v_not_u_before_a_vowel_at_a_sentence_start() -> None:
    """Правопис 2019, § 23: «В АГ немає ресурсів» («а-ге»); a Roman I is read «першій», so
    «У I епосі» (issue 47, P14)."""
    import re

    from automa.core.i18n import load_source_catalog

    texts = [t for m in load_source_catalog("uk").values()
             for t in ([m] if isinstance(m, str) else m.values())]
    texts += [guide(g) for g in ("tapestry", "age_of_innovation", "civ_new_dawn",
                                 "glory_of_civilizations")]
    starts = re.compile(r"(^|[.!?]\s+|\n\d+\.\s+)У (?=[АЕЄИІЇОУЮЯаеєиіїоуюя])")
    assert [t[:40] for t in texts if starts.search(t)] == []
    assert [t[:40] for t in texts if re.search(r"(^|[.!?]\s+)В I ", t)] == []


def test_n28_every_games_title_is_kept_as_printed() -> None:
    """README, "Names in Ukrainian": no game of ours has a Ukrainian title in our sources."""
    for game, title in (("age_of_innovation", "Age of Innovation"),
                        ("civ_new_dawn", "Civilization: A New Dawn"),
                        ("glory_of_civilizations", "Glory of Civilizations")):
        assert uk(f"{game}.name") == title
    assert uk("tapestry.name").startswith("Tapestry: ")


def test_n29_one_script_for_roman_numerals_and_the_ages_letter() -> None:
    """Roman numerals in Latin letters, as the Civ text and Ukrainian print; Glory's «е» is
    the Cyrillic letter of «епоха»."""
    import re

    assert uk("glory_of_civilizations.main.build_buildings") == "+е будівель (е — номер епохи)"
    for game in ("civ_new_dawn", "glory_of_civilizations"):
        assert not re.search(r"(?<!\w)І{1,3}(?!\w)", guide(game)), game


def test_the_terminal_sends_you_to_its_own_records_command_not_a_screen() -> None:
    """Both languages: the terminal has no Records screen (review, "Both languages")."""
    for lang in ("en", "uk"):
        text = render("cli.records.optional", {"command": "automa records edit N"}, lang)
        assert "automa records edit N" in text and "Records" not in text and "«Результати»" \
            not in text


def test_n11_a_spliced_reason_ends_its_sentence() -> None:
    """A deck problem has no full stop: it stands in brackets. A file's refusal splices a
    save error before "No saved game was changed.": every such error is a whole sentence."""
    from automa.core.i18n import load_source_catalog

    problem = "карта 3, поле «Номер карти»: такий самий номер, як у карти 5"
    assert f"({problem}). Гру не розпочато" in uk("web.decks.chosen_broken", name="Моя",
                                                   reason=problem)
    for lang in ("en", "uk"):
        for key in load_source_catalog(lang):
            if key.startswith(("error.save.", "error.format.")) and ".reason." not in key:
                text = render(key, {}, lang)
                assert text.rstrip()[-1] in ".!?…)", (lang, key, text)


def test_texts_the_terminal_shows_too_say_choose_not_tap() -> None:
    """Both languages: a game's and the core's texts are printed by the terminal as well,
    where nothing is tapped («виберіть «Пас»», "choose “Passed”"); only the page's own texts
    (``web.``) say tap, and the terminal's own (``cli.``) say press Enter."""
    import re

    from automa.core.i18n import load_source_catalog

    for lang, tap in (("en", r"\b[Tt]ap(ped|ping|s)?\b"), ("uk", r"[Нн]атиска|[Нн]атисн")):
        said = [key for key, m in load_source_catalog(lang).items()
                if not key.startswith(("web.", "cli."))
                for t in ([m] if isinstance(m, str) else m.values()) if re.search(tap, t)]
        assert said == [], lang
