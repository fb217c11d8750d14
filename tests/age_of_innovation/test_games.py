"""Whole games: every difficulty with every faction, solo and with two players; the CLI."""

from __future__ import annotations

import io
import sys
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from automa.cli import main
from automa.games.age_of_innovation.data import DIFFICULTIES, FACTIONS
from tests.age_of_innovation.play import cli_input, play

HERE = Path(__file__).resolve().parent


@pytest.mark.parametrize("faction", FACTIONS)
@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_solo_game_plays_six_rounds_to_the_end(difficulty: str, faction: str) -> None:
    """Six rounds, then final scoring, then the game is over."""
    s, _ = play({"difficulty": difficulty, "faction": faction}, seed=11)
    assert s.finished and s.prompt is None
    d = s.state["data"]
    assert d["round"] == 6 and d["final"] is not None
    assert s.log[-1]["action"]["key"] == "age_of_innovation.log.final"
    assert d["score"] >= 20


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_two_player_game_plays_to_the_end(difficulty: str) -> None:
    """The 2-player-with-Automa variant ends too (both humans pass each round)."""
    s, _ = play({"difficulty": difficulty, "variant": "two_players"}, seed=5)
    assert s.finished
    rounds_started = [e for e in s.log if e["action"]["key"].endswith("log.round_start")]
    assert len(rounds_started) == 5


def test_same_seed_and_answers_same_game() -> None:
    """Determinism: the same seed and answers give the same log."""
    a, _ = play({"difficulty": "ultoma", "faction": "druids"}, seed=3)
    b, _ = play({"difficulty": "ultoma", "faction": "druids"}, seed=3)
    assert a.log == b.log


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_cli_plays_seed_3_to_the_end(lang: str) -> None:
    """``python -m automa play age_of_innovation --seed 3`` fed with answers reaches the end."""
    text, expected = cli_input({}, seed=3)
    out = io.StringIO()
    with redirect_stdout(out):
        code = main(["play", "age_of_innovation", "--seed", "3", "--lang", lang],
                     stdin=io.StringIO(text))
    assert code == 0
    shown = out.getvalue()
    final = expected.state["data"]["score"]
    marker = "ends the game with" if lang == "en" else "завершує гру з"
    assert f"{marker} {final}" in shown
    assert "!" not in [line[:1] for line in shown.splitlines()]  # no rejected answer


def test_cli_as_a_module_with_stdin() -> None:
    """The real command in a subprocess, answers on stdin."""
    import os
    import subprocess

    text, expected = cli_input({}, seed=3)
    root = HERE.parent.parent
    env = {**os.environ, "PYTHONPATH": str(root / "py")}
    done = subprocess.run([sys.executable, "-m", "automa", "play", "age_of_innovation",
                           "--seed", "3"], input=text, capture_output=True, text=True,
                          env=env, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert f"ends the game with {expected.state['data']['score']}" in done.stdout
