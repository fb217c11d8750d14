"""The command line: list the games, play with undo/redo/save/load, clear errors."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

import automa
from automa.cli import Terminal, main, wrapped
from automa.core import prompts
from automa.core.errors import AutomaError
from automa.core.prompts import Prompt


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


def test_a_loaded_game_with_a_deck_is_refused_by_name(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 33, point 7: ``--load FILE --deck NAME`` — the deck is read only for a new game,
    and a saved game keeps the deck it was started with: the combination is refused with
    the reason, never the deck dropped without a word (``--resume`` likewise)."""
    save = tmp_path / "game.json"
    assert play(["", f"s {save}", "q"]) == 0
    capsys.readouterr()
    deck = tmp_path / "mine.deck.json"
    deck.write_text("[]")
    for how in (["--load", str(save)], ["--resume"]):
        assert main(["play", "demo", *how, "--deck", str(deck)], stdin=io.StringIO("q\n")) == 2
        assert "--deck is for a new game only" in capsys.readouterr().err


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


def autosaves(folder: Path) -> dict[str, list[dict[str, object]]]:
    """The autosaved games in ``folder`` by file name: their actions."""
    return {p.name: json.loads(p.read_text())["actions"]
            for p in sorted(folder.glob("*.json"))}


def test_three_new_games_in_a_row_keep_every_earlier_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 21: three new games in a row once kept only the last ``.previous``; each game
    now has an autosave of its own, and ``--resume`` continues the newest."""
    folder = tmp_path / "data"
    for answers in (["", "y"], [""], ["", "n", "1"]):
        assert play([*answers, "q"]) == 0
    kept = autosaves(folder)
    assert sorted(len(a) for a in kept.values()) == [1, 2, 3] and len(kept) == 3
    assert not list(folder.glob("*.lock")) and not list(folder.glob("*.tmp"))
    assert main(["play", "demo", "--resume"], stdin=io.StringIO("u\nq\n")) == 0
    assert sorted(len(a) for a in autosaves(folder).values()) == [1, 2, 2]


def test_three_new_games_in_one_save_file_keep_every_earlier_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "mine.json"
    for answers in (["", "y"], [""], ["", "n", "1"]):
        assert play([*answers, "q"], "--save", str(save)) == 0
    assert "The earlier autosave was kept as" in capsys.readouterr().out
    kept = autosaves(tmp_path)
    assert len(kept["mine.json"]) == 3
    assert sorted(len(a) for a in kept.values()) == [1, 2, 3]


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
    assert "the 2 answers before this point can no longer be undone" in out
    assert json.loads((tmp_path / "game.original.json").read_text()) == data


def _terminal(prompt: Prompt) -> tuple[Terminal, io.StringIO]:
    session = automa.new_game("demo", {"rounds": 1}, 3)
    session._state["prompt"] = prompt.to_json()  # the question on screen
    out = io.StringIO()
    return Terminal(session, "en", lambda: "q", out), out


def test_a_typed_level_is_the_level_not_its_place_in_the_list() -> None:
    """Age of Innovation's level question offers 0..12: typing 5 once stored level 4."""
    levels = prompts.values("demo.q.values", ["science", "law"], list(range(13)))
    terminal, out = _terminal(levels)
    assert terminal.parse(levels, "5 0") == {"science": 5, "law": 0}
    assert levels.validate(terminal.parse(levels, "5 12")) == {"science": 5, "law": 12}
    with pytest.raises(AutomaError, match="13"):  # no 13th place any more: 13 is no level
        levels.validate(terminal.parse(levels, "13 1"))
    terminal.show_prompt(levels)
    assert "  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12" in out.getvalue()


def test_a_numbered_choice_is_typed_by_its_number_and_listed_under_it() -> None:
    """Scholar spaces 7, 5, 3 and "none" (0): typing 3 is the space showing 3, not the
    third line, and the list shows the number to type before each label."""
    spaces = prompts.pick_one("demo.q.pick", [7, 5, 3, 0],
                              labels=[{"key": "core.yes", "params": {}}] * 4)
    terminal, out = _terminal(spaces)
    assert [terminal.parse(spaces, t) for t in ("3", "0", "7", "1")] == [3, 0, 7, 1]
    with pytest.raises(AutomaError):
        spaces.validate(terminal.parse(spaces, "1"))  # 1 is no space (nor a place)
    terminal.show_prompt(spaces)
    assert [line for line in out.getvalue().splitlines() if line.endswith(". yes")] == [
        "  7. yes", "  5. yes", "  3. yes", "  0. yes"]


def test_numbered_subsets_and_number_texts_are_typed_by_value() -> None:
    taken = prompts.pick_subset("demo.q.subset", [2, 4, 6])
    rivals = prompts.pick_one("demo.q.pick", ["2", "3"])
    terminal, out = _terminal(taken)
    assert terminal.parse(taken, "6 2") == [6, 2]
    assert terminal.parse(rivals, "3") == "3"
    terminal.show_prompt(taken)
    assert "\n  2\n  4\n  6\n" in out.getvalue()  # the value is its own label


def test_choices_that_are_no_numbers_are_still_typed_by_place() -> None:
    sides = prompts.pick_one("demo.q.pick", ["left", "right"])
    terminal, out = _terminal(sides)
    assert [terminal.parse(sides, t) for t in ("2", "left", "3")] == ["right", "left", "3"]
    terminal.show_prompt(sides)
    assert "  1. left\n  2. right\n" in out.getvalue()


def test_a_whole_game_stores_the_values_typed(tmp_path: Path) -> None:
    """The demo's values question offers 0, 1, 2: "1 2" adds 3 VP (it once added 1)."""
    save = tmp_path / "auto.json"
    assert play(["", "y", "0", "1 2"], "--save", str(save)) == 0
    assert automa.load_game(save.read_text()).state["data"]["vp"] == 3


def test_a_scan_that_may_find_nothing_takes_enter_or_n() -> None:
    """A board scan with a way out ("No valid hex"): Enter is done, n is nothing valid; a
    scan without one takes Enter as done and passes n on to be refused."""
    scan = prompts.scan("demo.q.scan", {"rows": 2}, none={"key": "core.no", "params": {}})
    terminal, out = _terminal(scan)
    assert [terminal.parse(scan, t) for t in ("", "n", "ні", "y")] == [True, False, False, True]
    assert scan.validate(False) is False
    terminal.show_prompt(scan)
    assert "[Done: Enter · no: n]" in out.getvalue()
    plain = prompts.scan("demo.q.scan", {"rows": 2})
    with pytest.raises(AutomaError):
        plain.validate(terminal.parse(plain, "n"))
    with pytest.raises(AutomaError):
        plain.validate(False)
    assert Prompt.from_json(scan.to_json()).choices == [True, False]


def test_a_typo_at_a_step_to_confirm_is_refused_not_taken_as_done(
        capsys: pytest.CaptureFixture[str]) -> None:
    """"99", "zzz" or "n" typed where only Enter confirms ("Automa's turn ▸") once played the
    bots' turn: now they are refused with a message and nothing happens; Enter and y
    confirm."""
    done = prompts.confirm("demo.q.confirm")
    terminal, _ = _terminal(done)
    assert [terminal.parse(done, t) for t in ("", "y", "так")] == [True, True, True]
    for typo in ("99", "zzz", "n", "s"):
        with pytest.raises(AutomaError, match="only needs to be confirmed"):
            done.validate(terminal.parse(done, typo))
    assert play(["zzz", "q"]) == 0
    out = capsys.readouterr().out
    assert "only needs to be confirmed" in out


def test_help_shows_the_commands_again(capsys: pytest.CaptureFixture[str]) -> None:
    """The commands are listed at the start only; ? (or help) lists them again and answers
    nothing."""
    save_lines = ["?", "help", "q"]
    assert play(save_lines) == 0
    out = capsys.readouterr().out
    assert out.count("? = these commands, u = undo") == 3
    assert "only needs to be confirmed" not in out


def test_long_lines_wrap_between_words_under_their_text_at_80_columns() -> None:
    """A terminal 80 columns wide broke long questions in mid-word and under the list
    numbers; now lines are wrapped between words, continued under their text, and a path
    longer than a line is kept whole."""
    step = "  [ ] 3. Automa: " + "takes place 1 on the achievement track " * 4
    lines = wrapped(step, 80).split("\n")
    assert len(lines) > 1 and all(len(line) < 80 for line in lines)
    assert all(line.startswith(" " * 9) and line[9] != " " for line in lines[1:])
    assert " ".join(line.strip() for line in lines) == step.strip()
    assert wrapped("    difficulty: " + "x" * 100, 80).split("\n")[1] == " " * 6 + "x" * 100
    assert wrapped(step, None) == step
    terminal, out = _terminal(prompts.confirm("demo.q.confirm"))
    terminal.width = 40
    terminal.say("Which value do you want to correct? " * 3)
    assert all(len(line) < 40 for line in out.getvalue().splitlines())


def test_list_shows_option_values_as_they_are_typed(capsys: pytest.CaptureFixture[str]) -> None:
    """A switch was listed as "no (allowed: True, False)" ("ні" in Ukrainian, which -o does
    not take) and a deck as "None": now as yes/no and —, the values -o takes."""
    assert main(["--lang", "uk", "list"]) == 0
    out = capsys.readouterr().out
    assert "random_terrain: no (можна: yes, no)" in out
    assert "custom_deck: — (" in out and "None" not in out and "True" not in out
    assert automa.new_game("age_of_innovation", {"random_terrain": "yes"}).options[
        "random_terrain"] is True


def test_a_resumed_game_shows_its_last_turn_not_its_whole_log(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Resuming a long game printed every log line since the set-up; now only the bots'
    newest turn is shown (log shows the rest)."""
    save = tmp_path / "auto.json"
    assert main(["play", "tapestry", "--seed", "3", "--save", str(save)],
                stdin=io.StringIO("\n" * 12 + "q\n")) == 0
    first = capsys.readouterr().out
    setup_line = next(line for line in first.splitlines() if line.startswith("  [Setup]"))
    assert main(["play", "tapestry", "--resume", "--save", str(save)],
                stdin=io.StringIO("q\n")) == 0
    resumed = capsys.readouterr().out
    assert setup_line not in resumed
    assert "— do this on the board" in resumed
    assert main(["play", "tapestry", "--resume", "--save", str(save)],
                stdin=io.StringIO("log\nq\n")) == 0
    assert setup_line in capsys.readouterr().out


def test_an_unknown_procedure_points_to_p_not_to_an_id(
        capsys: pytest.CaptureFixture[str]) -> None:
    """"p 9" with one procedure open said "Available: correct" (its id, which the list
    never shows); now it points to p, which lists them by number."""
    assert main(["play", "tapestry", "--seed", "3", "--no-autosave"],
                stdin=io.StringIO("p 9\np zz\nq\n")) == 0
    out = capsys.readouterr().out
    assert out.count("There is no procedure “9” now: p lists") == 1
    assert "“zz”" in out and "Available:" not in out


def test_a_subset_of_fixed_size_says_how_many_to_pick() -> None:
    """Age of Innovation's two-player set-up asks for exactly 2 terrains: the terminal said
    "(or nothing)", which the game then refused; now it says how many."""
    two = prompts.pick_subset("demo.q.subset", ["a", "b", "c"], lo=2, hi=2)
    some = prompts.pick_subset("demo.q.subset", ["a", "b", "c"], lo=1, hi=2)
    for prompt, hint in ((two, "Enter numbers separated by spaces: exactly 2."),
                         (some, "Enter numbers separated by spaces: from 1 to 2."),
                         (prompts.pick_subset("demo.q.subset", ["a", "b"]),
                          "Enter numbers separated by spaces (or nothing).")):
        terminal, out = _terminal(prompt)
        terminal.show_prompt(prompt)
        assert f"  {hint}\n" in out.getvalue()


def test_the_choice_enter_takes_is_marked() -> None:
    """A question with a default takes Enter as that choice (as the web app marks it): the
    list says which one."""
    rows = prompts.pick_one("demo.q.pick", ["left", "right"], default="right")
    terminal, out = _terminal(rows)
    terminal.show_prompt(rows)
    assert "  1. left\n  2. right [Enter]\n" in out.getvalue()
    assert terminal.parse(rows, "") == "right"


def test_a_yes_no_question_with_a_default_takes_enter_and_says_so() -> None:
    """Age of Innovation's "a human marker on Level 12?" defaults to no (the web app marks
    No): Enter was refused in the terminal; now Enter is the default, shown in the hint."""
    level12 = prompts.yes_no("demo.q.yes", default=False)
    terminal, out = _terminal(level12)
    terminal.show_prompt(level12)
    assert "  (y/n; Enter: No)\n" in out.getvalue()
    assert terminal.parse(level12, "") is False and terminal.parse(level12, "y") is True
    plain = prompts.yes_no("demo.q.yes")
    with pytest.raises(AutomaError):
        plain.validate(terminal.parse(plain, ""))


def test_log_shows_each_decision_with_its_reason(capsys: pytest.CaptureFixture[str]) -> None:
    """The web app's log has a "Why?" under each bot decision (its rule, what it could
    choose, what it chose); the terminal's log showed the decisions only."""
    assert main(["play", "tapestry", "--seed", "3", "--no-autosave"],
                stdin=io.StringIO("\n" * 6 + "log\nq\n")) == 0
    out = capsys.readouterr().out
    reads = out.split("> ")
    played, logged = "".join(reads[:7]), reads[7]  # (the 7th line read is "log")
    reasons = [line for line in logged.splitlines() if line.startswith("      (Why? ")]
    assert not [line for line in played.splitlines() if line.startswith("      (Why? ")]
    assert "      (Why? The science die picks the Automa’s civilization side" in logged
    assert any("It could choose: Exploration, Science, Military, Technology. It chose: "
               in line for line in reasons)
