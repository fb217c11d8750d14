"""Issue 25: every save, deck, setting, browser storage and terminal autosave folder of every
frozen corpus (what players of each released version have) opens in this version and plays on.

The corpus folders are never regenerated (see their READMEs); a release that changes a format
adds its own folder, and its migrations must read every older one.
"""

from __future__ import annotations

import hashlib
import io
import json
from pathlib import Path

import pytest

import automa
from automa.app import versions
from automa.app.saves import SAVE_PREFIX, STORAGE
from automa.app.screens import SCREEN_PREFIX
from automa.app.storage import KEY_FORMAT
from automa.core import formats
from automa.core.game import find_game
from tests.corpus.frozen import (
    FOLDERS,
    HISTORIES,
    files,
    form_for,
    ident,
    manifest,
    name,
    open_cli_folder,
    open_deck_file,
    open_profile,
    open_save,
    open_settings,
    open_stored_deck,
    profiles,
    read,
    read_everything,
    some_answer,
)

SAVES = files("saves")
GAMES = ("tapestry", "age_of_innovation", "civ_new_dawn", "glory_of_civilizations")


def test_there_is_a_corpus_of_every_game_and_kind() -> None:
    """The corpus covers all four games at every state, and decks, settings, a whole
    browser storage and the terminal's autosaves."""
    for folder in FOLDERS:
        states = {(s["game"], s["state"]) for s in manifest(folder)["saves"]}
        for game in GAMES:
            assert {(game, s) for s in ("start", "mid", "undo-redo", "procedure-open",
                                        "finished")} <= states
    assert files("decks") and files("settings") and profiles() and files("cli")


@pytest.mark.parametrize("path", SAVES, ids=ident)
def test_every_corpus_save_opens_plays_on_and_saves_the_same(path: Path) -> None:
    """A game saved by any earlier version opens (with its undo history — an older game
    version's answers carried to today's questions by its action-log migrations — or, where
    they still do not reach its snapshot, from the snapshot with one sentence saying so),
    plays on, and save → load gives the same game."""
    s = open_save(path)
    saved = json.loads(read(path))
    if s.history_dropped:
        assert s.warnings and s.warnings[0]["key"].startswith("warning.save.")
        assert not s.can_undo
    elif saved.get("game_version", 1) == s.game.version:
        assert len(s.actions) == len(saved["actions"])
        assert s.can_redo == bool(saved.get("redo"))
    else:
        assert s.can_undo == bool(s.actions)
    assert s.turn == saved["turn"] and s.finished == saved["finished"]
    for _ in range(3):
        if s.prompt is None:
            break
        s.answer(some_answer(s))
    again = automa.load_game(s.to_json())
    assert again == s and not again.history_dropped


@pytest.mark.parametrize("path", files("decks"), ids=ident)
def test_every_corpus_deck_reads(path: Path) -> None:
    """Kept decks and deck files read as decks (a draft keeps its problems, named: a deck
    that cannot be played is refused for play with the reason, never broken)."""
    deck = open_stored_deck(path)
    assert not deck["error"] and deck["cards"]
    if "stored" in path.parts:
        assert bool(deck["problems"]) == ("draft" in path.name)
    elif deck["problems"]:
        with pytest.raises(automa.InvalidOption):
            open_deck_file(path)
    else:
        assert open_deck_file(path) == deck["cards"]


@pytest.mark.parametrize("path", files("settings"), ids=ident)
def test_every_corpus_setting_applies(path: Path) -> None:
    """Every stored setting is applied as it was chosen."""
    stored = json.loads(read(path))
    found = open_settings(path)
    for key, value in stored.items():
        if key != "v":
            assert found[key] == value, key


@pytest.mark.parametrize("path", profiles(), ids=ident)
def test_a_corpus_browser_storage_opens_every_game_with_its_settings_and_decks(
        path: Path) -> None:
    """The whole storage of a profile that played all four games: every saved game is
    listed and opens at its question, the settings apply, the kept decks are listed; the
    first write names this version in the storage, and nothing stored is lost."""
    c, kv, screens = open_profile(path)
    stored = json.loads(read(path))
    ids = sorted(k[len(SAVE_PREFIX):] for k in stored if k.startswith(SAVE_PREFIX))
    assert sorted(screens["play"]) == ids
    for save_id, screen in screens["play"].items():
        assert screen.name == "play", (save_id, c.banner.message)
    settings = json.loads(stored["automa.settings"])
    for key in ("theme", "text", "paper", "wake"):
        if key in settings:
            assert c.settings[key] == settings[key]
    assert screens["decks"].name == "decks"
    assert screens["decks"].body.count('class="deck"') + screens["decks"].body.count(
        'class="deck ') >= sum(k.startswith("automa.deck.") for k in stored)
    assert json.loads(kv.data[KEY_FORMAT])["versions"] == versions.versions()
    # play on in each game: each is written in the current layout, nothing else changes
    for save_id in ids:
        c.route(f"#/play/{save_id}")
        if c.session is not None and c.session.prompt is not None:
            c.tap("answer", None, form_for(c.session))
            c.autosave()
            header = json.loads(kv.data[SAVE_PREFIX + save_id].split("\n", 1)[0])
            assert header["v"] == STORAGE.current
    for key, value in stored.items():
        # (what the app rewrites: the games, their list, the last one, the versions it names
        # and the play screens it keeps of them, caches drawn again by this version)
        if key.startswith("automa.record."):  # a record follows its game when it opens
            kept, now = json.loads(value), json.loads(kv.data[key])
            assert kept["options"].items() <= now["options"].items(), key
            assert {k: v for k, v in kept.items() if k not in ("options", "updated")} == {
                k: v for k, v in now.items() if k not in ("options", "updated")}, key
        elif not key.startswith((SAVE_PREFIX, "automa.index", "automa.last", KEY_FORMAT,
                                 SCREEN_PREFIX)):
            assert kv.data.get(key) == value, key


@pytest.mark.parametrize("folder", [f for f in FOLDERS if (f / "cli").is_dir()],
                         ids=lambda f: f.name)
def test_the_terminal_resumes_every_corpus_autosave(folder: Path, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """The terminal's autosave folder of an earlier version: its layout is migrated, every
    game resumes where it was, and the earlier games kept beside it stay."""
    from automa.cli import main
    from automa.files import FOLDER, FOLDER_MARKER

    source = folder / "cli" / "automa-companion"
    data = open_cli_folder(source, tmp_path)
    monkeypatch.setenv("AUTOMA_DATA_DIR", str(data))
    assert json.loads((data / FOLDER_MARKER).read_text())["v"] == FOLDER.current
    games: dict[str, list[Path]] = {}
    for file in sorted(source.iterdir()):
        if name(file).endswith(".autosave.json"):  # (each game's: by the game it holds)
            games.setdefault(json.loads(read(file))["game"], []).append(file)
        else:
            assert (data / name(file)).read_text() == read(file)
    for game, found in sorted(games.items()):
        assert main(["play", game, "--resume"], stdin=io.StringIO("q\n")) == 0, game
        out = capsys.readouterr()
        assert not out.err, out.err
        for file in found:  # the one resumed (the newest), and any earlier one as it was
            saved = json.loads(read(file))
            resumed = json.loads((data / name(file)).read_text())
            older = saved.get("game_version", 1) < find_game(game).version
            # (an older game version's answers are carried to today's questions)
            assert resumed["actions"] == saved["actions"] or resumed.get("base") or older
            if resumed != saved:
                assert not automa.load_game(json.dumps(resumed)).history_dropped


def test_every_migration_is_exercised_by_the_corpus(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each migration of each format runs on at least one corpus file: a format change
    without a corpus of the version before it fails here."""
    versions.registered_versions()
    ran: set[tuple[str, int]] = set()

    def recorded(fmt_name: str, version: int, step: formats.Migration) -> formats.Migration:
        def run(value: object) -> formats.Migrated:
            ran.add((fmt_name, version))
            return step(value)
        return run

    expected = set()
    for fmt in list(formats.ALL.values()):
        steps = [recorded(fmt.name, fmt.first + i, step) for i, step in enumerate(fmt.steps)]
        expected |= {(fmt.name, fmt.first + i) for i in range(len(fmt.steps))}
        monkeypatch.setattr(fmt, "steps", steps)
    read_everything()
    assert expected - ran == set(), "migrations no corpus file exercises"


def folder_digest(folder: Path) -> str:
    """The SHA-256 of every file's path and bytes in a corpus folder."""
    digest = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        digest.update(path.relative_to(folder).as_posix().encode() + b"\0" + path.read_bytes()
                      + b"\0")
    return digest.hexdigest()


def test_every_corpus_folder_is_frozen_as_released() -> None:
    """Durability review (migrations): frozen fixtures per release are never edited. Each
    folder's digest was taken when it was made (``tests/corpus/frozen.json``); a release
    adds its folder and its digest, and never changes an earlier one."""
    frozen = json.loads((FOLDERS[0].parent / "frozen.json").read_text())
    found = {f.name: folder_digest(f) for f in FOLDERS}
    found |= {f"histories/{f.name}": folder_digest(f) for f in HISTORIES}
    assert found == frozen
