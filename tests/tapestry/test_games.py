"""Whole Tapestry games: every difficulty ends, golden playthroughs, the terminal front end."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest

from automa.cli import main
from automa.render import card_svg, deck
from tests.golden_games import (
    assert_messages_match_across_languages,
    assert_options_named,
    assert_plays_as_recorded,
    each_case,
)
from tests.tapestry.make_golden import GOLDEN, cases, transcript
from tests.tapestry.play import default_answer, new, play_to_end


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5, 6])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_full_game_ends_at_every_difficulty(level: int, seed: int) -> None:
    s = play_to_end(new(level, seed))
    assert s.finished
    assert s.log[-1]["action"]["key"] == "tapestry.log.final"


@each_case(cases())
def test_golden_playthrough(name: str, options: dict[str, Any], seed: int) -> None:
    """Regenerate with ``python tests/tapestry/make_golden.py`` after a deliberate change."""
    assert_plays_as_recorded(GOLDEN, name, transcript(options, seed))


def test_cli_plays_a_whole_game_with_enter_and_first_choices() -> None:
    out = io.StringIO()
    stdin = io.StringIO("1\n" * 3000)
    import contextlib

    with contextlib.redirect_stdout(out):
        code = main(["play", "tapestry", "--seed", "7"], stdin=stdin)
    text = out.getvalue()
    assert code == 0
    assert "final score" in text


def test_cli_plays_in_ukrainian_with_no_answers() -> None:
    out = io.StringIO()
    stdin = io.StringIO("n\n1\n" * 3000)  # "no"; where that is no answer, the first choice
    import contextlib

    with contextlib.redirect_stdout(out):
        code = main(["play", "tapestry", "--seed", "7", "--lang", "uk", "-o", "difficulty=6"],
                    stdin=stdin)
    assert code == 0
    assert "підсумок" in out.getvalue()


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


def test_python_m_automa_play_tapestry_seed_7_reaches_the_end() -> None:
    """The real command, fed Enter / "n" / the first choice on stdin, plays to the end."""
    import os
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": str(root / "py")}
    done = subprocess.run([sys.executable, "-m", "automa", "play", "tapestry", "--seed", "7"],
                          input="\nn\n1\n" * 2000, capture_output=True, text=True, env=env,
                          timeout=120, check=False)
    assert done.returncode == 0
    assert "final score" in done.stdout


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_scan_prompts_draw_their_hex_pattern(lang: str) -> None:
    from automa.games.tapestry import data as tdata
    from automa.render.tapestry import pattern_svg

    for card in (1, 2, 4, 5, 7, 8, 9, 10, 11, 12):
        svg = pattern_svg(tdata.pattern_of_card(card), lang)
        assert 'role="img"' in svg and svg.count("<path") == 34
