"""The command line: list the games, play with undo/redo/save/load, clear errors."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from automa.cli import main


def play(lines: list[str], *args: str) -> int:
    return main(["play", "demo", "--seed", "3", "-o", "rounds=1", *args],
                stdin=io.StringIO("\n".join(lines) + "\n"))


def test_list_shows_games_and_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["list"]) == 0
    out = capsys.readouterr().out
    assert "demo" in out and "rounds" in out


def test_a_whole_game_with_undo_redo_and_a_rejected_answer(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert play(["", "maybe", "y", "9", "u", "r", "2", "1 2", "", "p", ""]) == 0
    out = capsys.readouterr().out
    assert "Answer yes or no" in out
    assert "9 is out of range" in out
    assert "Undone." in out and "Redone." in out
    assert "The game is over." in out


def test_save_then_load_continues_the_game(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "game.json"
    assert play(["", f"s {save}", "q"]) == 0
    assert json.loads(save.read_text())["game"] == "demo"
    assert main(["play", "demo", "--load", str(save)], stdin=io.StringIO("q\n")) == 0
    assert main(["play", "demo"], stdin=io.StringIO(f"l {tmp_path / 'missing.json'}\nq\n")) == 0
    assert "Cannot read" in capsys.readouterr().out


def test_bad_option_is_explained_in_ukrainian(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "demo", "--lang", "uk", "-o", "rounds=99"]) == 2
    assert "не можна задати" in capsys.readouterr().err


def test_a_corrupt_save_file_is_explained(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "automa-companion-save", "vers')
    assert main(["play", "demo", "--load", str(bad)]) == 2
    assert "damaged or truncated" in capsys.readouterr().err
