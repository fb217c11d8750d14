"""The terminal never loses a game and never lets a file drive the terminal (issue 21): text
with escape sequences is shown, not obeyed; a full or closed output ends the game saved;
``--save`` never goes through a link; loading another game never writes over the game in
play; a game open in one terminal is refused in a second one."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import IO, Any

import pytest

import automa
from automa.cli import shown
from tests.notes import TALLY

ROOT = Path(__file__).resolve().parents[2]
GAME = "tapestry"
ESCAPES = ["\x1b]0;pwned\x07", "\x1b[2J", "\x1b[31mred", "\r\x1b[Kfake prompt", "\u202eevil",
           "\x9b31m", "\x00", "\x08\x08\x08"]


def env(data: Path) -> dict[str, str]:
    return {**os.environ, "AUTOMA_DATA_DIR": str(data), "PYTHONPATH": str(ROOT / "py")}


def run(args: list[str], data: Path, stdin: bytes = b"q\n", stdout: int | IO[Any] = subprocess.PIPE,
        ) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "automa", *args], input=stdin,
                          stdout=stdout, stderr=subprocess.PIPE, env=env(data), timeout=120,
                          check=False)


def text_of(result: subprocess.CompletedProcess[bytes]) -> str:
    text = ((result.stdout or b"") + result.stderr).decode("utf-8", "replace")
    assert "Traceback" not in text and "Exception ignored" not in text, text[-2000:]
    return text


def raw_controls(text: str) -> list[str]:
    return sorted({c for c in text if c != "\n" and c != "\t" and shown(c) != c})


def autosave_files(data: Path) -> list[Path]:
    return sorted(data.glob("*.autosave.json"))


# --- 9. the terminal shows escape sequences, never obeys them ------------------------------
def test_shown_writes_every_control_character_visibly() -> None:
    for text in ESCAPES:
        assert not raw_controls(shown(text)), repr(shown(text))
    assert shown("\x1b]0;x\x07") == "\\x1b]0;x\\x07"
    assert shown("a\tb\nc ї") == "a\tb\nc ї"


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_escape_sequences_from_the_keyboard_a_save_and_a_deck_file_are_shown_not_obeyed(
        lang: str, tmp_path: Path) -> None:
    """A hostile file once retitled (``ESC]0;``) or cleared (``ESC[2J``) the terminal."""
    save = json.loads(automa.new_game(GAME, seed=1).to_json())
    save["game"] = ESCAPES[0] + "x"
    foreign = tmp_path / "foreign.json"
    foreign.write_text(json.dumps(save))
    deck = tmp_path / "deck.json"
    deck.write_text(json.dumps({"cards": [{"number": 1, "main": [ESCAPES[1]] * 3,
                                           "pointer": ESCAPES[2]}]}))
    named = tmp_path / ("evil" + ESCAPES[0] + ".json")
    named.write_text("not a save")
    lines = [*ESCAPES, *(f"l {e}" for e in ESCAPES), *(f"s /nonexistent/{e}" for e in ESCAPES),
             f"l {foreign}", f"l {named}", *(f"p {e}" for e in ESCAPES), "q"]
    runs = [run(["--lang", lang, "play", GAME, "--seed", "3"], tmp_path / "data",
                "\n".join(lines).encode() + b"\n"),
            run(["--lang", lang, "play", GAME, "--load", str(foreign)], tmp_path / "data"),
            run(["--lang", lang, "play", "glory_of_civilizations", "--deck", str(deck)],
                tmp_path / "data"),
            run(["--lang", lang, "play", GAME, "--load", str(named)], tmp_path / "data")]
    TALLY["cli: escape sequences typed or in files"] += len(lines) + 3
    for result in runs:
        text = text_of(result)
        assert not raw_controls(text), (raw_controls(text), text[-800:])
    assert "\\x1b[2J" in text_of(runs[0])  # shown, as typed


# --- 10. a full or closed output ------------------------------------------------------------
def test_standard_output_on_a_full_device_ends_cleanly_with_the_game_saved(
        tmp_path: Path) -> None:
    """``> /dev/full`` once ended in a traceback with the autosave behind."""
    data = tmp_path / "data"
    with open("/dev/full", "w") as full:
        result = run(["play", GAME, "--seed", "3"], data, b"\n\n\nq\n", stdout=full)
    TALLY["cli: full or closed output"] += 1
    text = text_of(result)
    assert result.returncode == 1 and "The output cannot be written (the disk is full)" in text
    [autosave] = autosave_files(data)
    assert automa.load_game(autosave.read_text()).game_id == GAME
    assert str(autosave) in text


def test_an_output_closed_mid_game_ends_with_every_answer_saved(tmp_path: Path) -> None:
    """Like ``automa play … | head``: the answers read before the output closed are saved."""
    data = tmp_path / "data"
    proc = subprocess.Popen([sys.executable, "-m", "automa", "play", GAME, "--seed", "3"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env(data))
    assert proc.stdin is not None and proc.stdout is not None
    seen = b""
    for _ in range(4):  # answer four questions, each once it is asked
        while not seen.endswith(b"> "):
            seen += os.read(proc.stdout.fileno(), 65536)
        seen = b""
        proc.stdin.write(b"\n")
        proc.stdin.flush()
    time.sleep(0.5)
    proc.stdout.close()  # the reader goes away
    proc.stdin.write(b"\n" * 20)
    proc.stdin.close()
    err = proc.stderr.read() if proc.stderr else b""
    assert proc.wait(timeout=60) == 0
    TALLY["cli: full or closed output"] += 1
    assert b"Traceback" not in err and b"Exception ignored" not in err, err
    [autosave] = autosave_files(data)
    assert len(json.loads(autosave.read_text())["actions"]) >= 4


# --- 10. never through a link ---------------------------------------------------------------
def test_save_through_a_symbolic_link_is_refused_and_the_link_kept(tmp_path: Path) -> None:
    """``--save LINK`` once silently replaced the link with a file of its own."""
    target = tmp_path / "precious.json"
    target.write_text(automa.new_game(GAME, seed=9).to_json())
    before = target.read_text()
    link = tmp_path / "link.json"
    link.symlink_to(target)
    result = run(["play", GAME, "--save", str(link)], tmp_path / "data", b"\n\nq\n")
    text = text_of(result)
    assert result.returncode == 2 and "symbolic link" in text
    result = run(["play", GAME, "--seed", "2"], tmp_path / "data",
                 f"\ns {link}\nq\n".encode())
    assert "symbolic link" in text_of(result)
    result = run(["play", GAME, "--resume", "--save", str(link)], tmp_path / "data", b"\nq\n")
    assert result.returncode == 2 and "symbolic link" in text_of(result)
    TALLY["cli: writes through a link"] += 3
    assert link.is_symlink() and target.read_text() == before


# --- 10. another game loaded never writes over the game in play ----------------------------
def test_loading_another_game_branches_to_an_autosave_of_its_own(tmp_path: Path) -> None:
    """``l FILE`` once made the next autosave write the loaded game over the game in play."""
    data = tmp_path / "data"
    other = tmp_path / "other.json"
    other.write_text(automa.new_game("age_of_innovation", seed=4).to_json())
    result = run(["play", GAME, "--seed", "3"], data, f"\n\nl {other}\n\n\nq\n".encode())
    text = text_of(result)
    TALLY["cli: another game loaded"] += 1
    assert "stays in" in text
    games = {automa.load_game(p.read_text()).game_id: p for p in autosave_files(data)}
    assert set(games) == {GAME, "age_of_innovation"}
    assert len(json.loads(games[GAME].read_text())["actions"]) == 2
    assert len(json.loads(games["age_of_innovation"].read_text())["actions"]) == 2


# --- 10. two terminals, one game ------------------------------------------------------------
@pytest.mark.parametrize("explicit", [True, False])
def test_a_game_open_in_one_terminal_is_refused_in_a_second(tmp_path: Path,
                                                            explicit: bool) -> None:
    """Two terminals on one game once overwrote each other's autosave."""
    data = tmp_path / "data"
    save = tmp_path / "game.json"
    args = ["--save", str(save)] if explicit else []
    first = subprocess.Popen([sys.executable, "-m", "automa", "play", GAME, "--seed", "3",
                              *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, env=env(data))
    assert first.stdin is not None and first.stdout is not None
    seen = b""
    while seen.count(b"> ") < 1:  # the first terminal is playing
        seen += os.read(first.stdout.fileno(), 65536)
    second = run(["--lang", "uk", "play", GAME, "--resume", *args], data, b"\n\n\nq\n")
    TALLY["cli: a second terminal"] += 1
    assert second.returncode == 2 and "іншому терміналі" in text_of(second)
    first.communicate(b"\n\nq\n", timeout=60)
    [mine] = [save] if explicit else autosave_files(data)
    assert len(json.loads(mine.read_text())["actions"]) == 2
    again = run(["play", GAME, "--resume", *args], data, b"\nq\n")
    assert again.returncode == 0, text_of(again)
    assert len(json.loads(mine.read_text())["actions"]) == 3


def test_an_autosave_of_the_layout_before_issue_21_is_resumed_in_place(tmp_path: Path) -> None:
    """``<game>.autosave.json`` (one per game id, before issue 21) is still continued."""
    data = tmp_path / "data"
    data.mkdir()
    old = data / f"{GAME}.autosave.json"
    old.write_text(automa.new_game(GAME, seed=5).to_json())
    result = run(["play", GAME, "--resume"], data, b"\n\nq\n")
    assert result.returncode == 0, text_of(result)
    assert autosave_files(data) == [old] and len(json.loads(old.read_text())["actions"]) == 2
