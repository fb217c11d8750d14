"""The bots' turn read aloud (issue 44; the Ukrainian review of 2026-11-29, P2–P4): spoken
from the messages in words a voice says well, and only what is new on the screen."""

from __future__ import annotations

import io
import re
from functools import cache

import pytest

import automa
from automa import cli
from automa.app import speech
from automa.core import i18n
from automa.core.rng import Rng
from automa.core.session import Session
from tests.conformance import random_answer

PLAYOUTS: dict[str, tuple[dict[str, object], ...]] = {
    "tapestry": ({}, {"map": True}),
    "age_of_innovation": ({}, {"variant": "two_players"}),
    "civ_new_dawn": ({}, {"humans": 2}),
    "glory_of_civilizations": ({}, {"automas": 2, "players": 3}),
}
KEPT_NAMES = ("Sid Meier's", "Sid Meier’s", "Civilization: A New Dawn", "Tapestry",
              "Age of Innovation",
              "Glory of Civilizations", "Automalein", "Automächtig", "Automa", "Ultoma",
              "Alptrauma", "BGA", "JSON", "json", "UTF-8", "QR", "WebAssembly", "cookie",
              "iPhone", "iPad", "Safari", "English", "EN", "Deutsch", "DE", "A4", "Letter")
"""Latin words a Ukrainian voice says on purpose: the games' titles and Age of
Innovation's levels as printed on their boxes (README, "Names in Ukrainian"), Board Game
Arena's initials, the names of formats, devices and browsers, and each language's own name
in the language choice."""
NEVER_SPOKEN = ("cli.", "web.speech.vp", "web.speech.letters", "web.speech.abbreviations")
"""The terminal's own commands and hints (typed, never read aloud: ``--speak`` prints what
the page reads), and the read-aloud's own data (what it says for an abbreviation)."""
LATIN = re.compile(r"[A-Za-z]")
ROMAN = re.compile(r"\b(?:II|III|IV|VI|VII|VIII|IX)\b|\b(?:age|level|era|Epoche|Stufe|Ära) I\b",
                   re.I)
ABBREVIATIONS = re.compile(r"(?<!\w)(?:AP|VP|SE|lv|АГ|ПО|AS|SP|Nr\.)(?!\w)")
SPOKEN_CHARACTERS = re.compile(r"[\w\s.,:;!?'ʼ’()\-–—%]+")
RAW_ID = re.compile(r"\b[a-z]+(?:[._][a-z0-9]+)+\b|\{|\}")


def unsayable(text: str, lang: str) -> list[str]:
    """What a voice in ``lang`` would not say well in ``text`` (Latin letters, where the
    language writes in others: Ukrainian)."""
    found = ROMAN.findall(text) + ABBREVIATIONS.findall(text)
    if not LATIN.search(i18n.render("web.speech.letters", {}, lang)):
        for name in KEPT_NAMES:
            text = text.replace(name, "")
        found += LATIN.findall(text)
    return found + (["→"] if "→" in text else [])


@cache
def playouts() -> dict[str, list[tuple[str, str, str]]]:
    """What is said of every screen of random playouts of every game (a few option sets),
    read whole — the bots' newest turn and the question — in both languages, by game:
    (prompt kind, language, words)."""
    found: dict[str, list[tuple[str, str, str]]] = {}
    for game, option_sets in PLAYOUTS.items():
        for options in option_sets:
            for seed in range(3):
                session = automa.new_game(game, dict(options), seed=seed)
                rng = Rng.from_seed(seed)
                for _ in range(150):
                    prompt = session.prompt
                    if prompt is None:
                        break
                    for lang in i18n.LANGUAGES:
                        found.setdefault(game, []).append(
                            (prompt.kind, lang,
                             speech.spoken(session, speech.whole(session), lang)))
                    session.answer(random_answer(prompt, rng))
    return found


# --- the words -----------------------------------------------------------------------------
@pytest.mark.parametrize("game", PLAYOUTS)
def test_every_prompt_of_a_game_is_said_in_words_a_voice_says_well(game: str) -> None:
    """Issue 44, done when: no Latin letters in Ukrainian speech but the names kept on
    purpose, no Roman numerals, no bare abbreviation, every arrow in words; in English
    too, and no symbol or raw message id in either."""
    said = playouts()[game]
    assert {"confirm", "yes_no"} & {kind for kind, _, _ in said}
    for kind, lang, text in said:
        assert text, kind
        assert SPOKEN_CHARACTERS.fullmatch(text), (kind, set(re.sub(
            SPOKEN_CHARACTERS, "", text)), text)
        assert not RAW_ID.search(text), (kind, text)
        assert unsayable(text, lang) == [], (kind, lang, text)


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_message_of_the_catalogs_is_said_in_words_a_voice_says_well(lang: str) -> None:
    """Every message of the catalog as a voice says it, its numbers filled in (the ones
    never read aloud are named in :data:`NEVER_SPOKEN`)."""
    messages = i18n.load_source_catalog(lang)
    bad = {}
    for key, message in messages.items():
        if i18n.variant_of(key) is not None or key.startswith(NEVER_SPOKEN):
            continue
        params = {name: 2 for name in i18n.placeholders(message)}
        text = speech.said(i18n.msg(key, **params), lang)
        if problems := unsayable(text, lang):
            bad[key] = (problems, text)
    assert bad == {}


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_an_arrow_between_words_is_said_now_and_between_numbers_from_to(lang: str) -> None:
    """P2: «гільдія до школа» put «до» before a nominative; «з 3 до 4» stays for numbers,
    an arrow between words is «, тепер —» (", now"), or the message says it its own way."""
    now = i18n.render("web.speech.now", {}, lang).replace("\u00a0", " ").strip()
    messages = i18n.load_source_catalog(lang)
    for key, message in messages.items():
        texts = message.values() if isinstance(message, dict) else [message]
        if not any("→" in t for t in texts) or i18n.variant_of(key) is not None:
            continue
        names = i18n.placeholders(message)
        as_words = speech.said(i18n.msg(key, **{n: "слово" for n in names}), lang)
        assert "→" not in as_words and (now in as_words or f"{key}.spoken" in messages), (
            key, as_words)
        if re.search(r"\{\w+\} → \{\w+\}", " ".join(texts)):
            as_numbers = speech.said(i18n.msg(key, **{n: 3 for n in names}), lang)
            assert i18n.render("web.speech.from", {}, lang) in as_numbers, (key, as_numbers)


def test_p2_an_upgrade_and_a_slot_are_said_now() -> None:
    assert speech.said(i18n.msg("age_of_innovation.log.upgraded", pick="", old=i18n.msg(
        "age_of_innovation.building.workshop"), new=i18n.msg(
        "age_of_innovation.building.guild")), "uk").endswith("майстерня, тепер — гільдія.")
    assert "слот 5, тепер — слот 1" in speech.said(
        i18n.msg("civ_new_dawn.log.reset", card="x", slot=5), "uk")
    assert "Science from 3 to 4" in speech.speakable("Science 3 → 4", "en")


def test_p3_victory_points_are_said_in_the_case_their_sentence_needs() -> None:
    """A bare «ПО» was said in the nominative: «з переможні очки Автоми», «(без
    переможні очки)»."""
    compare = speech.said(i18n.msg("tapestry.step.game_over.compare"), "uk")
    assert compare.startswith("Потім порівняйте свій рахунок із рахунком Автоми")
    shadow = speech.said(i18n.msg("tapestry.log.achievement_shadow", place=2,
                                  achievement="x"), "uk")
    assert shadow.endswith("(без переможних очок)")
    assert speech.speakable("+1 ПО", "uk") == "плюс 1 переможне очко"
    assert speech.speakable("+3 ПО", "uk") == "плюс 3 переможні очки"
    assert speech.speakable("+11 ПО", "uk") == "плюс 11 переможних очок"
    assert speech.speakable("21 ПО", "uk") == "21 переможне очко"
    assert speech.speakable("1 VP, 2 VP, VP", "en") == (
        "1 victory point, 2 victory points, victory points")


def test_p4_no_english_in_brackets_roman_numerals_as_words_and_the_ap_said() -> None:
    setup = speech.said(i18n.msg("tapestry.step.setup_components.remove_tapestries"), "uk")
    assert "Союз, Диктатура" in setup and not LATIN.search(setup)
    assert speech.said(i18n.msg("glory_of_civilizations.prompt.ready", round=3, age="II",
                                up="1"), "uk").startswith("Раунд 3, друга епоха.")
    assert "другого рівня" in speech.said(i18n.msg("civ_new_dawn.option.difficulty.king"),
                                          "uk")
    assert speech.said(i18n.msg("glory_of_civilizations.rule.castle_age1"), "uk").startswith(
        "У першій епосі")
    assert speech.speakable("АГ атакує; Civilization: A New Dawn", "uk") == (
        "А-ге атакує; Civilization: A New Dawn")
    assert speech.speakable("the AP attacks", "en") == "the A.P. attacks"


# --- what is read, and when ----------------------------------------------------------------
def answered(session: Session, rng: Rng) -> None:
    prompt = session.prompt
    assert prompt is not None
    session.answer(random_answer(prompt, rng))


def test_a_bot_turn_is_read_once_then_only_the_steps_an_answer_added_and_the_question() -> None:
    """Issue 44.1: Age of Innovation read its whole turn again after each of its questions."""
    session, rng, reader = automa.new_game("age_of_innovation", {}, seed=31), Rng.from_seed(31), \
        speech.Reader()
    assert not reader.news("g", session)  # the set-up: no checklist, nothing read
    answered(session, rng)
    while not session.turn_summary():
        assert not reader.news("g", session)  # 44.2: a set-up question is never read unasked
        answered(session, rng)
    turns = 0
    for _ in range(60):
        answered(session, rng)
        before = len(reader.heard["g"])
        reading = reader.news("g", session)
        steps = session.turn_summary()
        if reading.heading:
            turns += 1
            assert reading.steps == steps  # a new turn: heading and every step
        else:
            assert len(reading.steps) < len(steps) or not steps  # only what the answer added
        assert reading.question  # a bot turn's next question, each once
        assert not reader.news("g", session)  # nothing is read twice
        assert len(reader.heard["g"]) > before
    assert turns > 3


def test_a_games_first_checklist_is_read_when_it_appears_and_a_reopened_game_is_not() -> None:
    """Issue 44.6: Glory's and Civilization's set-up lists were read only after the first
    answer; a game reopened is not read from its start."""
    session = automa.new_game("glory_of_civilizations", {}, seed=1)
    first = speech.Reader().news("g", session)
    assert first.heading and first.steps == session.turn_summary() and first.question
    session.answer(True)
    again = automa.load_game(session.to_json())
    assert not speech.Reader().news("g", again)


def test_undo_and_redo_read_nothing_and_a_procedure_s_questions_are_not_read() -> None:
    session, rng, reader = automa.new_game("tapestry", {}, seed=3), Rng.from_seed(3), \
        speech.Reader()
    while not session.turn_summary() or not session.procedures:
        answered(session, rng)
    reader.news("g", session)
    answered(session, rng)
    reader.news("g", session)
    session.undo()
    assert not reader.news("g", session)
    session.redo()
    assert not reader.news("g", session)
    session.start(session.procedures[0]["id"])
    assert not reader.news("g", session).question


def test_the_button_reads_the_whole_turn_before_the_question() -> None:
    session, rng = automa.new_game("tapestry", {}, seed=3), Rng.from_seed(3)
    while not session.turn_summary():
        answered(session, rng)
    text = speech.spoken(session, speech.whole(session), "en")
    first = speech.speakable(speech.step_words(session, session.turn_summary()[0], "en"), "en")
    question = speech.speakable(speech.question_words(session, "en")[0], "en")
    assert text.startswith("Income turn 1 — do this on the board.")
    assert text.index(first) < text.index(question), text


def test_the_terminal_speaks_ukrainian_and_only_what_the_page_reads(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 44.4: ``--speak`` in Ukrainian read «Союз (Alliance), Диктатура
    (Dictatorship)…», and read every set-up question."""
    code = cli.main(["play", "tapestry", "--seed", "5", "--speak", "--no-autosave",
                     "--lang", "uk"], stdin=io.StringIO("\n" * 8 + "q\n"))
    out = capsys.readouterr().out
    assert code == 0
    said = [line for line in out.splitlines() if line.startswith("Уголос: ")]
    assert len(said) >= 3, out
    assert not any("Підготовка" in line for line in said)  # the set-up is not read
    assert said[0].startswith("Уголос: Хід доходу 1 — зробіть це на полі.")
    assert not any(unsayable(line.removeprefix("Уголос: "), "uk") for line in said), said
