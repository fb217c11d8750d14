"""Records in the terminal: the end of a game asks your score (Enter skips), ``automa records``
shows how you did, and edit, delete, export and import work on the same files."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

import automa
from automa import cli_records
from automa.app import game_records as rec
from automa.cli import main
from tests.app.test_records import finished_text


@pytest.fixture(autouse=True)
def _data_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AUTOMA_DATA_DIR", str(tmp_path / "data"))


def civ_at_its_end(tmp_path: Path) -> Path:
    """A Civilization game at the AP's turn prompt: "game over" ends it."""
    s = automa.new_game("civ_new_dawn", {"difficulty": "prince"}, seed=5)
    while s.prompt is not None and not s.prompt.key.endswith("prompt.ready"):
        p = s.prompt
        s.answer(True if p.kind in ("confirm", "yes_no", "scan") else p.choices[0])
    path = tmp_path / "civ.json"
    path.write_text(s.to_json(), encoding="utf-8")
    return path


def records_in(folder: Path) -> list[rec.Record]:
    return [rec.parse(p.read_text("utf-8")) for p in sorted(folder.glob("*.json"))]


def test_the_end_of_a_game_in_the_terminal_records_it_with_your_score(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = civ_at_its_end(tmp_path)
    # game over → a human won → yes; then your victory cards: 2
    assert main(["play", "civ_new_dawn", "--load", str(save), "--no-autosave"],
                stdin=io.StringIO("2\n2\ny\n2\n")) == 0
    out = capsys.readouterr().out
    assert "AP: 0 of 3 victory cards" in out and "Saved. You won (2 to 0 of 3" in out
    [kept] = records_in(cli_records.records_dir())
    assert kept.you == 2 and kept.result == "won" and kept.options["difficulty"] == "prince"


def test_enter_skips_the_score_and_the_game_is_recorded_all_the_same(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = civ_at_its_end(tmp_path)
    main(["play", "civ_new_dawn", "--load", str(save), "--no-autosave"],
         stdin=io.StringIO("2\n1\ny\n\n"))
    [kept] = records_in(cli_records.records_dir())
    assert kept.you is None and kept.result == "lost"
    assert "automa records" in capsys.readouterr().out


def test_records_shows_how_you_did_and_edit_completes_a_record_later(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store = cli_records.store()
    for seed in (3, 4):
        store.keep(automa.load_game(finished_text("tapestry", seed)), "")
    assert main(["records", "--lang", "uk"]) == 0
    out = capsys.readouterr().out
    assert "Tapestry" in out and "Зіграно 1" in out and "Далі:" in out
    assert "Епоха\u00a01" in out and "1. " in out and "2. " in out  # (a no-break space)
    assert main(["records", "edit", "1"], stdin=io.StringIO("77\n")) == 0
    assert "Saved." in capsys.readouterr().out
    assert sorted(r.you or 0 for r in records_in(cli_records.records_dir())) == [0, 77]
    assert main(["records", "edit", "9"]) == 2


def test_records_export_delete_import_brings_them_back_once(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store = cli_records.store()
    store.keep(automa.load_game(finished_text("tapestry", 3)), "")
    before = records_in(cli_records.records_dir())
    out_file = tmp_path / "records.json"
    assert main(["records", "export", str(out_file)]) == 0
    assert json.loads(out_file.read_text("utf-8"))["format"] == rec.BUNDLE_FORMAT
    assert main(["records", "delete", "1"]) == 0
    assert records_in(cli_records.records_dir()) == []
    for _ in range(2):
        assert main(["records", "import", str(out_file)]) == 0
    assert records_in(cli_records.records_dir()) == before
    assert "added or updated: 0" in capsys.readouterr().out


def test_a_hostile_record_file_is_named_never_shown(capsys: pytest.CaptureFixture[str]) -> None:
    folder = cli_records.records_dir()
    folder.mkdir(parents=True)
    (folder / "automa.record.bad.json").write_text('{"v":1,"id":"bad","game":"\\u001b[2J"}')
    assert main(["records"]) == 0
    out = capsys.readouterr().out
    assert "“bad” could not be read" in out and "\x1b" not in out


def test_a_refused_score_is_asked_again_not_dropped(capsys: pytest.CaptureFixture[str]) -> None:
    """A typo in your score ("abc", 40 of 3 victory cards) ended the entry with "Nothing was
    changed": now the score is asked again, so the game's end keeps your score."""
    cli_records.store().keep(automa.load_game(finished_text("tapestry", 3)), "")
    assert main(["records", "edit", "1"], stdin=io.StringIO("abc\n77\n")) == 0
    out = capsys.readouterr().out
    assert "whole number" in out and "Saved." in out
    assert [r.you for r in records_in(cli_records.records_dir())] == [77]


def test_an_answer_to_who_won_that_is_no_choice_is_asked_again(
        capsys: pytest.CaptureFixture[str]) -> None:
    """"Who won?" took a typo silently (the winner stayed unknown); now it says the numbers
    to type and asks again."""
    cli_records.store().keep(automa.load_game(finished_text(
        "glory_of_civilizations", 3, (("players", 2),))), "")
    assert main(["records", "edit", "1"], stdin=io.StringIO("50\nx\n1\n")) == 0
    out = capsys.readouterr().out
    assert "Type a number from 1 to 2" in out and "Saved. You won" in out
    [kept] = records_in(cli_records.records_dir())
    assert kept.you == 50 and kept.result == "won"
