"""Whole Tapestry games: every difficulty ends; the terminal front end."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from automa.cli import main
from tests.tapestry.play import new, play_to_end


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5, 6])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_full_game_ends_at_every_difficulty(level: int, seed: int) -> None:
    s = play_to_end(new(level, seed))
    assert s.finished
    assert s.log[-1]["action"]["key"] == "tapestry.log.final"


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
