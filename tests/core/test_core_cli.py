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


def test_typed_numbers_that_are_not_ascii_are_refused(
        capsys: pytest.CaptureFixture[str]) -> None:
    """"--1", "²", "٣" and 5,000 digits once crashed the terminal and lost the game."""
    assert play(["", "y", "--1", "²", "٣", "1" * 5000, "2", "q"]) == 0
    out = capsys.readouterr().out
    assert out.count("Enter a whole number from 0 to 3") == 4
    assert "Traceback" not in out


def test_every_change_is_autosaved_and_can_be_resumed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    autosave = tmp_path / "auto.json"
    assert play(["", "y", "2"], "--save", str(autosave)) == 0  # ends at EOF
    out = capsys.readouterr().out
    assert f"Every answer is saved to {autosave}" in out and "--resume" in out
    saved = json.loads(autosave.read_text())
    assert len(saved["actions"]) == 3
    assert main(["play", "demo", "--resume", "--save", str(autosave)],
                stdin=io.StringIO("u\nq\n")) == 0
    assert len(json.loads(autosave.read_text())["actions"]) == 2


def test_a_new_game_keeps_the_earlier_autosave(capsys: pytest.CaptureFixture[str]) -> None:
    assert play(["", "q"]) == 0
    assert play(["q"]) == 0
    out = capsys.readouterr().out
    assert "The earlier autosave was kept as" in out
    assert main(["play", "demo", "--resume"], stdin=io.StringIO("q\n")) == 0


def test_resume_without_an_autosave_is_explained(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "uk", "play", "demo", "--resume"]) == 2
    assert "немає автоматично збереженої гри" in capsys.readouterr().err


def test_c_cancels_the_open_procedure(capsys: pytest.CaptureFixture[str]) -> None:
    assert play(["", "c", "p 1", "1", "c", "q"], "--no-autosave") == 0
    out = capsys.readouterr().out
    assert "nothing to cancel" in out and "Procedure cancelled." in out


def test_a_save_with_a_byte_order_mark_loads(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    assert play(["", f"s {save}", "q"], "--no-autosave") == 0
    save.write_bytes(b"\xef\xbb\xbf" + save.read_bytes())
    assert main(["play", "demo", "--load", str(save)], stdin=io.StringIO("q\n")) == 0


def test_a_save_restored_without_history_keeps_the_original(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "game.json"
    assert play(["", "y", f"s {save}", "q"], "--no-autosave") == 0
    data = json.loads(save.read_text())
    data["snapshot"]["data"]["vp"] = 3  # as after a rules change
    save.write_text(json.dumps(data))
    assert main(["play", "demo", "--resume", "--save", str(save)],
                stdin=io.StringIO("q\n")) == 0
    out = capsys.readouterr().out
    assert "without its undo history (2 answers)" in out
    assert json.loads((tmp_path / "game.original.json").read_text()) == data
