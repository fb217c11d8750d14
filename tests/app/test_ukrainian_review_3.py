"""The third native reading of the Ukrainian text (issue 47, the review
``shared/reviews/ukrainian-2026-11-29.md``, findings P1–P28): each finding whose fix is a
wording, as a test of that wording, so it does not come back. «Мапа» against «карта» (P1) is
held by the term sheet of ``tests/app/test_typography.py``; P2–P4, the spoken words, by
``tests/app/test_speech.py``; P14 by ``test_ukrainian_review_2.py`` (N24).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from automa.core import i18n
from automa.core.errors import InvalidAnswer
from automa.core.i18n import load_source_catalog, msg, render
from automa.core.numbers import parse_int
from automa.core.prompts import count, yes_no

ROOT = Path(__file__).resolve().parents[2]
GUIDES = ("tapestry", "age_of_innovation", "civ_new_dawn", "glory_of_civilizations")


def uk(key: str, **params: Any) -> str:
    """The Ukrainian text of a message, rendered, its no-break spaces read as spaces (they
    are kept by ``tests/app/test_typography.py``)."""
    return render(key, params, "uk").replace("\u00a0", " ")


def guide(game: str, lang: str = "uk") -> str:
    """A guide as written."""
    text = (ROOT / "i18n" / lang / "guide" / f"{game}.toml").read_text(encoding="utf-8")
    return text.replace("\u00a0", " ")


def test_p1_the_map_pick_names_the_tiebreaker_card_as_everywhere_else() -> None:
    """«карта пріоритетів» 8 times, «карта пріоритету» once; and the map is «мапа»."""
    text = uk("tapestry.rule.map_pick")
    assert "за вашою мапою" in text and "на карті пріоритетів" in text
    assert uk("tapestry.option.map") == "Мапа поля"
    assert uk("tapestry.log.map_mark", hex="A", mark="B") == "мапа: A — B"
    assert 'title = "Мапа поля (за бажанням)"' in guide("tapestry")


@pytest.mark.parametrize("key", ["prompt.ready_n", "prompt.ready_pass_n"])
def test_p5_glory_asks_whose_turn_it_is_as_a_question(key: str) -> None:
    """«Настав хід: Автома 1?» is a form's label; it is asked on every turn."""
    automa = msg("glory_of_civilizations.automa_n", n=1)
    text = uk(f"glory_of_civilizations.{key}", round=1, age="I", automa=automa, up="8, 10")
    assert text.endswith(f"Зараз ходить {uk(automa['key'], n=1)}?") and "Настав" not in text


def test_p6_two_automas_votes_are_apart_and_the_counting_note_said_once() -> None:
    """«…(рахуйте …), +1 голос, Автома 2: усі її голоси — …» ran together. Since issue 43
    each automa's vote stands on its own side of the achievement list, so the phase's
    question holds no votes; the counting note is said once where a vote is logged."""
    votes = [msg("glory_of_civilizations.vote.of", automa=msg("glory_of_civilizations.automa_n",
                                                              n=seat),
                 vote=msg("glory_of_civilizations.vote.extra", event=3, extra=1))
             for seat in (1, 2)]
    text = uk("glory_of_civilizations.prompt.achievements_n", round=2, votes=votes)
    assert "голос" not in text and "зліва направо" not in text
    for vote in votes:
        said = i18n.text(vote, "uk")
        assert "+1 голос" in said
    vote = msg("glory_of_civilizations.vote.plain", event=2)
    assert uk("glory_of_civilizations.log.vote", vote=vote).count("зліва направо") == 1


def test_p6_the_faction_offer_is_read_terrain_by_terrain() -> None:
    sets = [msg("age_of_innovation.offer_set", terrain=t, a=a, b=b)
            for t, a, b in (("Гори", 6, 10), ("Рівнини", 9, 11), ("Болото", 1, 7))]
    assert uk("age_of_innovation.setup_step.offer_drawn", sets=sets).endswith(
        "як показано: Гори — плитки 6 і 10; Рівнини — плитки 9 і 11; Болото — плитки 1 і 7.")
    assert uk("age_of_innovation.log.offer", sets=sets).endswith("Болото — плитки 1 і 7.")


def test_p7_what_is_shared_is_the_set_up() -> None:
    """«Поділитися цією грою» promised the game in progress; «Ця гра задовга» read "lasts"."""
    button = uk("web.share.button")
    assert button == uk("web.share.title") == "Поділитися налаштуваннями гри"
    shown = uk("web.share.short")  # (issue 43: the word in the line under the game's title)
    assert uk("web.share.qr_too_long") == ("Посилання задовге для QR-коду: надішліть його "
                                           "іншим способом.")
    for game in GUIDES:
        assert f"**{shown}**" in guide(game) and "цією грою" not in guide(game), game


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_p8_the_tapestry_guide_says_the_maps_gain_in_a_players_words(lang: str) -> None:
    """No publisher prints a developer's file and a median in a player's guide."""
    text = guide("tapestry", lang)
    assert not re.search(r"(?i)bench|\.py\b|median|медіан|середнє:", text)
    assert ("usually takes a tap or two fewer" in text if lang == "en"
            else "зазвичай потребує на один-два дотики менше" in text)


def test_p9_to_p13_agreement_and_calques() -> None:
    assert uk("web.settings.speech_help").endswith("Вони працюють і без інтернету.")
    assert uk("age_of_innovation.setup.enter_bonus_first").endswith("? Її отримує Автома.")
    assert "витягнуте" not in uk("age_of_innovation.change.v3")
    assert "витягнуте" not in guide("age_of_innovation")
    assert "на Початковий екран" in uk("web.home.ios_apart_tab")
    assert "на Початковому екрані" in uk("web.home.ios_apart_app")
    for key in ("prompt.phase_glory", "prompt.phase_glory_n"):
        text = uk(f"glory_of_civilizations.{key}", total=12, automa="Автома 1")
        assert text.endswith("(Її Слава зараз: 12)") and "досі" not in text


def test_p15_glorys_set_up_line_splices_no_capitalised_label() -> None:
    text = uk("glory_of_civilizations.setup.components",
              edition=msg("glory_of_civilizations.edition.companion"),
              difficulty=msg("glory_of_civilizations.difficulty.medium"))
    assert text.startswith("Підготовка Автоми: супровідне видання (наші власні карти, не "
                           "видавця), рівень складності — середній.")


def test_p16_to_p18_and_p20_to_p21_calques() -> None:
    assert uk("web.home.intro").endswith("тягне за нього карти, підказує ходи й рахує очки.")
    assert uk("warning.save.history_dropped", n=2, game="Tapestry").startswith(
        "Збережені відповіді вже не відтворюють цю партію «Tapestry» такою, якою її збережено")
    assert "цією мовою нічого не буде прочитано" in uk("web.settings.voice_none")
    for game in GUIDES:
        assert "читатиметься" not in guide(game), game
        assert "застосунок сам не перейде на іншу мову" in guide(game), game
    two = guide("glory_of_civilizations")
    assert "застосунок веде обидві в одній грі" in two and "одна на всіх" not in two
    assert "створено за старішою версією правил" in uk("web.share.join_older")
    assert "відскануйте його" in uk("web.share.qr")


@pytest.mark.parametrize("typed", ["абв", "", "   "])
def test_p19_the_terminal_echoes_an_answer_in_ukrainian_quotes(typed: str) -> None:
    """«(ви ввели 'абв')» was Python's ``repr``; nothing typed is said so."""
    said = "(ви нічого не ввели)" if not typed.strip() else f"(ви ввели «{typed}»)"
    with pytest.raises(InvalidAnswer) as number:
        parse_int(typed, 1, 5)
    assert number.value.message("uk") == f"Введіть ціле число від 1 до 5 {said}."
    with pytest.raises(InvalidAnswer) as yes:
        yes_no("core.prompt.yes_no").validate(typed)
    assert yes.value.message("uk") == f"Відповідайте «так» або «ні» {said}."
    english = "(you gave nothing)" if not typed.strip() else f"(you gave “{typed}”)"
    assert english in number.value.message("en")


def test_p19_an_echo_never_hands_the_terminal_a_control_sign() -> None:
    with pytest.raises(InvalidAnswer) as refused:
        count("core.prompt.count", 1, 5).validate("\x1b[2J" + "x" * 100)
    text = refused.value.message("uk")
    assert "\x1b" not in text and "«\\x1b[2J" in text and "…»" in text


def test_p22_a_tile_number_after_automa_is_not_read_as_her_name() -> None:
    """Glory has «Автома 1/2»: «плитка … Автоми 4» read as a fourth Automa."""
    assert uk("age_of_innovation.setup_step.final_tile", final=4).endswith("Автоми № 4.")
    assert "Автоми № 3, 5" in uk("age_of_innovation.setup_step.round_tiles", tiles="3, 5")
    assert uk("age_of_innovation.picture.title_score", tiles="3, 5", final=4) == (
        "Плитки підрахунку раунду Автоми № 3, 5; плитка фінального підрахунку № 4")


def test_p23_the_terminal_says_в_after_a_vowel_and_never_we() -> None:
    """«Збережено у {file}» (after a vowel: «в»); the app nowhere else speaks as "we"."""
    texts = {k: v for k, v in load_source_catalog("uk").items()
             if isinstance(v, str) and k.startswith("cli.")}
    assert [k for k, v in texts.items() if re.search(r"\bу \{(file|old)\}", v)] == []
    assert [k for k, v in texts.items() if "зберігаємо" in v] == []
    assert uk("cli.saved", file="f") == "Збережено в f."


def test_p24_to_p26_and_p28() -> None:
    assert uk("cli.share_other_game", game="Tapestry").endswith(
        "почніть її, указавши назву тієї гри.")
    assert "не військова справа" in uk("tapestry.map.filter.furthest", n=2)
    assert uk("tapestry.map.valid", case="c", n=3) == "Допустимих гексів (c): 3, їх обведено."
    assert uk("tapestry.map.none") == "Допустимих гексів немає."
    assert "витрачає жетони й на карту військової справи" in uk("civ_new_dawn.change.v3")


def test_p27_titles_stand_in_quotes_and_the_page_without_script_says_the_apps_name() -> None:
    assert uk("age_of_innovation.description").startswith("Автома для «Age of Innovation»:")
    assert "«Sid Meier’s Civilization: A New Dawn»" in uk("civ_new_dawn.description")
    assert uk("tapestry.description").startswith("Соло-боти «Tapestry»:")
    assert "У соло-грі «Tapestry»" in guide("tapestry")
    assert "нової гри «Glory of Civilizations»" in guide("glory_of_civilizations")
    page = (ROOT / "web" / "index.html").read_text(encoding="utf-8")
    noscript = re.search(r"<noscript>(.*?)</noscript>", page, re.S)
    assert noscript is not None and "Помічник Автоми потребує JavaScript." in noscript.group(1)
