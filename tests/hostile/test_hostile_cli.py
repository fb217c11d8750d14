"""The terminal driven as a separate process with hostile input: translated messages, a
clean exit, the game autosaved — never a traceback."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import automa
from tests.conformance import UNTRANSLATED_TEST_GAMES
from tests.notes import TALLY

ROOT = Path(__file__).resolve().parents[2]
GAMES = [g["id"] for g in automa.games() if g["id"] not in UNTRANSLATED_TEST_GAMES]
HOSTILE_LINES = [b"--1", "²".encode(), "٣".encode(), b"9" * 5000, b"\xff\xfe\x00", b"p 999",
                 "p ²".encode(), b"p -1", b"p", b"c", b"u", b"r", b"u", b"u", b"r", b"log", b"v",
                 b"l /", b"l /dev/null", b"l /nonexistent/save.json", b"s /nonexistent/x.json",
                 b"s /", b"<script>alert(1)</script>", b"1 2 3 4 5 6 7 8 9", b"x" * 100_000,
                 b"p 1", b"1", b"--1", "²".encode(), b"c", b"", b"", b""]


def run(args: list[str], data_dir: Path, stdin: bytes = b"q\n",
        lang: str = "en") -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "AUTOMA_DATA_DIR": str(data_dir), "PYTHONPATH": str(ROOT / "py")}
    return subprocess.run([sys.executable, "-m", "automa", "--lang", lang, *args], input=stdin,
                          capture_output=True, env=env, timeout=120, check=False)


def clean(result: subprocess.CompletedProcess[bytes]) -> str:
    text = (result.stdout + result.stderr).decode("utf-8", "replace")
    assert "Traceback" not in text, text[-2000:]
    return text


@pytest.mark.parametrize("lang", ["en", "uk"])
@pytest.mark.parametrize("game_id", GAMES)
def test_hostile_lines_get_messages_and_the_game_is_autosaved(
        game_id: str, lang: str, tmp_path: Path) -> None:
    binary = tmp_path / "binary.json"
    binary.write_bytes(bytes(range(256)))
    nested = tmp_path / "nested.json"
    nested.write_text("[" * 100_000 + "]" * 100_000)
    lines = [*HOSTILE_LINES, f"l {binary}".encode(), f"l {nested}".encode(),
             f"l {tmp_path}".encode()]
    TALLY["cli: hostile lines"] += len(lines)
    result = run(["play", game_id, "--seed", "5"], tmp_path / "data",
                 b"\n".join(lines) + b"\n", lang)  # ends at end of input
    text = clean(result)
    assert result.returncode == 0
    assert text.count("! ") >= 5
    [autosave] = (tmp_path / "data").glob(f"{game_id}-*.autosave.json")
    assert automa.load_game(autosave.read_text("utf-8")).game_id == game_id
    marker = {"en": "Cannot read", "uk": "Не вдалося прочитати"}[lang]
    assert text.count(marker) >= 4
    assert "inside the app" not in text and "внутрішня помилка" not in text


def test_bad_files_and_arguments_exit_with_a_message(tmp_path: Path) -> None:
    """What is wrong with a file or an argument does not depend on the game: one game."""
    game_id = GAMES[0]
    binary = tmp_path / "binary.json"
    binary.write_bytes(bytes(range(256)) * 10)
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000)
    for args in (["--load", str(tmp_path)], ["--load", str(binary)], ["--load", str(deep)],
                 ["--load", str(tmp_path / "missing.json")], ["--resume"],
                 ["--seed", "²"], ["--seed", "--1"], ["--seed", "9" * 5000],
                 ["-o", "x=1"], ["-o", "=" * 3], ["--save", str(tmp_path)]):
        TALLY["cli: bad files and arguments"] += 1
        result = run(["play", game_id, *args], tmp_path / "data", lang="uk")
        text = clean(result)
        assert result.returncode in (0, 2), (args, text)
        assert text.strip()


@pytest.mark.parametrize("game_id", GAMES)
def test_a_save_with_a_byte_order_mark_and_one_from_another_game(game_id: str,
                                                                 tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    save.write_bytes(b"\xef\xbb\xbf" + automa.new_game(game_id, seed=2).to_json().encode())
    TALLY["cli: byte-order mark, another game's save"] += 2
    result = run(["play", game_id, "--load", str(save)], tmp_path / "data")
    assert result.returncode == 0 and "Loaded" not in clean(result)
    other = next((g for g in GAMES if g != game_id), None)
    if other is not None:
        result = run(["play", other, "--load", str(save)], tmp_path / "data")
        assert result.returncode == 2 and "not of" in clean(result)


def test_ctrl_c_saves_and_quits(tmp_path: Path) -> None:
    env = {**os.environ, "AUTOMA_DATA_DIR": str(tmp_path), "PYTHONPATH": str(ROOT / "py")}
    game_id = GAMES[0]
    # Ctrl-C as in a terminal, wherever the suite itself runs: a shell starts a command it
    # runs in the background (&) with SIGINT ignored, and Python keeps an ignored SIGINT.
    proc = subprocess.Popen([sys.executable, "-m", "automa", "play", game_id, "--seed", "4"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert proc.stdin is not None
    assert proc.stdout is not None
    proc.stdin.write(b"\n\n")
    proc.stdin.flush()
    seen = b""
    deadline = time.monotonic() + 60
    while seen.count(b"> ") < 3 and time.monotonic() < deadline:  # waiting for input again
        seen += os.read(proc.stdout.fileno(), 65536)
    proc.send_signal(signal.SIGINT)
    proc.wait(timeout=60)  # (its input still open, as a terminal's: communicate() closes it)
    out, err = proc.communicate(timeout=60)
    out = seen + out
    TALLY["cli: Ctrl-C"] += 1
    text = (out + err).decode()
    assert "Traceback" not in text and proc.returncode == 130
    assert "Interrupted: the game is saved in" in text
    [autosave] = tmp_path.glob(f"{game_id}-*.autosave.json")
    saved = json.loads(autosave.read_text())
    assert saved["game"] == game_id
