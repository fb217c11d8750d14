"""The bots' turn read aloud: the spoken text of every kind of question of every game, in
both languages, says no symbol, icon name, raw message id or abbreviation a listener cannot
follow."""

from __future__ import annotations

import re

import pytest

import automa
from automa.app import present, speech
from automa.core.rng import Rng
from tests.conformance import random_answer

GAMES = ("tapestry", "age_of_innovation", "civ_new_dawn", "glory_of_civilizations")
SPOKEN_CHARACTERS = re.compile(r"[\w\s.,:;!?'ʼ’()\-–—%]+")
RAW_ID = re.compile(r"\b[a-z]+(?:[._][a-z0-9]+)+\b|\{|\}")
ABBREVIATIONS = re.compile(r"\b(?:VP|ПО)\b")


def spoken_texts(game: str, seeds: range, answers: int = 120) -> dict[str, list[str]]:
    """The spoken text of every screen of random playouts, by the question's kind."""
    found: dict[str, list[str]] = {}
    for seed in seeds:
        session = automa.new_game(game, {}, seed=seed)
        rng = Rng.from_seed(seed)
        for _ in range(answers):
            prompt = session.prompt
            if prompt is None:
                break
            for lang in ("en", "uk"):
                view = present.play(session, lang, with_log=False)
                found.setdefault(prompt.kind, []).append(speech.spoken(view, lang))
            session.answer(random_answer(prompt, rng))
    return found


@pytest.mark.parametrize("game", GAMES)
def test_every_question_kind_is_spoken_in_words(game: str) -> None:
    found = spoken_texts(game, range(4))
    assert {"confirm", "yes_no"} & set(found), found.keys()
    for kind, texts in found.items():
        for text in texts:
            assert text, kind
            assert SPOKEN_CHARACTERS.fullmatch(text), (kind, set(re.sub(
                SPOKEN_CHARACTERS, "", text)), text)
            assert not RAW_ID.search(text), (kind, text)
            assert not ABBREVIATIONS.search(text), (kind, text)


def test_victory_points_agree_with_their_number_in_ukrainian() -> None:
    assert speech.speakable("+1 ПО", "uk") == "плюс 1 переможне очко"
    assert speech.speakable("+3 ПО", "uk") == "плюс 3 переможні очки"
    assert speech.speakable("+11 ПО", "uk") == "плюс 11 переможних очок"
    assert speech.speakable("21 ПО", "uk") == "21 переможне очко"
    assert speech.speakable("1 VP, 2 VP", "en") == "1 victory point, 2 victory points"


def test_a_track_move_is_said_from_and_to() -> None:
    assert speech.speakable("Science 3 → 4", "en") == "Science from 3 to 4"
    assert speech.speakable("Наука 3 → 4", "uk") == "Наука з 3 до 4"


def test_the_turn_comes_before_the_question() -> None:
    session = automa.new_game("tapestry", {}, seed=3)
    rng = Rng.from_seed(3)
    while session.prompt is not None and not present.turn_summary(
            session, present.Words("en")):
        session.answer(random_answer(session.prompt, rng))
    view = present.play(session, "en", with_log=False)
    text = speech.spoken(view, "en")
    assert text.index(speech.speakable(view["summary"][0]["text"], "en")) < text.index(
        speech.speakable(view["question"]["lead"], "en"))


def test_the_terminal_prints_what_is_read_aloud(capsys: pytest.CaptureFixture[str]) -> None:
    """``automa play … --speak``: each question is followed by its spoken words."""
    import io

    from automa import cli

    code = cli.main(["play", "tapestry", "--seed", "5", "--speak", "--no-autosave",
                     "--lang", "uk"], stdin=io.StringIO("\n\nq\n"))
    out = capsys.readouterr().out
    assert code == 0
    spoken = [line for line in out.splitlines() if line.startswith("Уголос: ")]
    assert len(spoken) >= 2 and "3 або 5" in out and "→" not in "".join(spoken)
