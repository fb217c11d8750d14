"""Issue 25: every kept format has a version and is read through small pure migrations, one
per version step, each shown here with its literal before and after; newer formats are
refused, never overwritten; what a migration cannot carry is named, never dropped silently."""

from __future__ import annotations

import copy
import dataclasses
import io
import json
from pathlib import Path
from typing import Any

import pytest

import automa
from automa.app import versions
from automa.app.saves import (
    KEY_INDEX,
    settings_v1_to_v2,
    storage_v1_to_v2,
    storage_v2_to_v3,
)
from automa.cli import main
from automa.core import formats, game
from automa.core.card_editor import deck_v1_to_v2
from automa.core.formats import Format, Migrated, NewerFormat
from automa.core.i18n import render
from automa.core.records import MessageRef
from automa.core.saveformat import save_v1_to_v2, save_v3_to_v4
from automa.files import FOLDER, FOLDER_MARKER, NewerFile, folder_v1_to_v2, open_folder
from automa.files import write_save as cli_write


@pytest.fixture(autouse=True)
def _own_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """Formats made by a test stay in that test."""
    monkeypatch.setattr(formats, "ALL", dict(formats.ALL))


def pure(step: formats.Migration, before: Any) -> Any:
    """Run one migration; it must not change what it was given."""
    given = copy.deepcopy(before)
    after = step(given)
    assert given == before, "a migration changed its input"
    return after


# --- the machinery ---------------------------------------------------------------------------
def test_migrations_run_in_order_from_the_version_read() -> None:
    fmt = Format("test.order", [lambda v: Migrated([*v, "1→2"]),
                                lambda v: Migrated([*v, "2→3"])])
    assert fmt.current == 3
    assert fmt.upgrade([], 1).value == ["1→2", "2→3"]
    assert fmt.upgrade([], 2).value == ["2→3"]
    assert fmt.upgrade([], 3).value == []
    assert fmt.upgrade([], None).value == ["1→2", "2→3"]  # no version: the first one


def test_a_newer_version_is_refused_with_a_translated_message() -> None:
    fmt = Format("test.newer", [])
    with pytest.raises(NewerFormat) as info:
        fmt.upgrade({}, 2)
    assert "2" in info.value.message("en") and info.value.message("uk") != info.value.key


def test_what_a_migration_cannot_carry_is_named_not_dropped() -> None:
    """A migration that cannot carry a value over says what, in words of both languages."""
    lost: MessageRef = {"key": "warning.format.not_carried",
                             "params": {"what": "paper size B5"}}
    fmt = Format("test.lost", [lambda v: Migrated({k: x for k, x in v.items() if k != "b5"},
                                                  [lost])])
    done = fmt.upgrade({"b5": True, "theme": "dark"}, 1)
    assert done.value == {"theme": "dark"} and done.lost == [lost]
    assert "B5" in render(lost["key"], lost["params"], "en")
    assert "B5" in render(lost["key"], lost["params"], "uk")


def test_every_format_has_a_version_and_the_build_knows_them_all() -> None:
    found = versions.registered_versions()
    from automa.app import game_records

    assert found["record"] == game_records.RECORD_VERSION
    for name in ("save", "storage", "settings", "deck", "cli", "record", "game.tapestry",
                 "game.age_of_innovation", "game.civ_new_dawn",
                 "game.glory_of_civilizations"):
        assert isinstance(found[name], int) and found[name] >= 1, name


def test_every_rules_change_a_game_names_is_said_in_both_languages() -> None:
    for found in game.registered().values():
        for version, key in found.changes.items():
            assert 1 < version <= found.version, (found.id, version)
            for lang in ("en", "uk"):
                assert render(key, {}, lang) != key, (found.id, key, lang)


def test_only_newer_or_unknown_formats_count_as_newer() -> None:
    mine = {"save": 1, "storage": 2}
    assert not formats.newer_than_mine({"save": 1, "storage": 2}, mine)
    assert not formats.newer_than_mine({"save": 1, "storage": 1}, mine)
    assert formats.newer_than_mine({"save": 1, "storage": 3}, mine)
    assert formats.newer_than_mine({"phase": 1}, mine)  # a format this app does not know
    assert not formats.newer_than_mine("garbage", mine)
    assert not formats.newer_than_mine({"storage": "9"}, mine)


# --- save envelope 1 → 2 ----------------------------------------------------------------------
def test_save_1_to_2_gives_the_snapshot_and_the_base_their_phase() -> None:
    """Tapestry kept its phase in ``data``; the engine's state has it now."""
    before = {"format": "automa-companion-save", "version": 1, "game": "tapestry",
              "actions": [], "snapshot": {"turn": 3, "data": {"phase": "income", "vp": 4}},
              "base": {"state": {"turn": 1, "data": {"vp": 0}}, "log": []}}
    assert pure(save_v1_to_v2, before) == Migrated({
        "format": "automa-companion-save", "version": 2, "game": "tapestry", "actions": [],
        "snapshot": {"turn": 3, "data": {"vp": 4}, "phase": "income"},
        "base": {"state": {"turn": 1, "data": {"vp": 0}, "phase": "bots"}, "log": []}})
    unknown = {"format": "automa-companion-save", "version": 1, "game": "chess"}
    assert pure(save_v1_to_v2, unknown) == Migrated({**unknown, "version": 2})


# --- save envelope 3 → 4 ----------------------------------------------------------------------
def test_save_3_to_4_names_tapestrys_map_option_off_in_the_snapshot_and_the_base() -> None:
    """A Tapestry game saved before the map existed: its state names the option, off."""
    before = {"format": "automa-companion-save", "version": 3, "game": "tapestry",
              "options": {"difficulty": 2}, "actions": [],
              "snapshot": {"turn": 3, "options": {"difficulty": 2}},
              "base": {"state": {"turn": 1, "options": {"difficulty": 2}}, "log": []}}
    after = pure(save_v3_to_v4, before)
    assert after.value["version"] == 4 and not after.lost
    assert after.value["options"] == {"difficulty": 2}  # (the envelope's take defaults on load)
    for state in (after.value["snapshot"], after.value["base"]["state"]):
        assert state["options"]["map"] is False and state["options"]["difficulty"] == 2
    unknown = {"format": "automa-companion-save", "version": 3, "game": "chess"}
    assert pure(save_v3_to_v4, unknown) == Migrated({**unknown, "version": 4})


# --- browser storage layout 1 → 2 ----------------------------------------------------------
SAVE_TEXT = '{"format":"automa-companion-save","version":1,"game":"tapestry","turn":3}'


def test_storage_1_to_2_names_the_layout_version_in_each_header() -> None:
    before = {
        "automa.save.tapestry-1": '{"game": "tapestry", "created": 1.0, "updated": 2.0, '
                                  '"turn": 3, "finished": false, "rev": 4}\n' + SAVE_TEXT,
        "automa.settings": '{"theme": "dark"}',
        "automa.index": '{"v": 2, "saves": {}}',
    }
    after = pure(storage_v1_to_v2, before)
    assert after == Migrated({
        "automa.save.tapestry-1": '{"game": "tapestry", "created": 1.0, "updated": 2.0, '
                                  '"turn": 3, "finished": false, "rev": 4, "v": 2}\n'
                                  + SAVE_TEXT,
        "automa.settings": '{"theme": "dark"}',
        "automa.index": '{"v": 2, "saves": {}}',
    })


def test_storage_1_to_2_gives_a_save_from_before_headers_its_header() -> None:
    """A save written before headers: its summary from the unversioned list, revision 0."""
    before = {"automa.save.tapestry-1": SAVE_TEXT,
              KEY_INDEX: '{"tapestry-1": {"game": "tapestry", "created": 5.0, "updated": 6.0,'
                         ' "turn": 3, "finished": false}}'}
    after = pure(storage_v1_to_v2, before).value
    assert after["automa.save.tapestry-1"] == (
        '{"game": "tapestry", "created": 5.0, "updated": 6.0, "turn": 3, "finished": false, '
        '"rev": 0, "v": 2}\n' + SAVE_TEXT)
    alone = pure(storage_v1_to_v2, {"automa.save.tapestry-1": SAVE_TEXT}).value
    assert alone["automa.save.tapestry-1"] == (
        '{"game": "tapestry", "created": 0.0, "updated": 0.0, "turn": 3, "finished": false, '
        '"rev": 0, "v": 2}\n' + SAVE_TEXT)


def test_storage_2_to_3_names_layout_3_in_each_header() -> None:
    """Layout 3 lets a header carry the list's texts and a game keep its screen: a game of
    layout 2 has neither yet, only its version changes."""
    before = {"automa.save.tapestry-1": '{"game": "tapestry", "created": 1.0, "updated": 2.0, '
                                        '"turn": 3, "finished": false, "rev": 4, "v": 2}\n'
                                        + SAVE_TEXT,
              "automa.save.bad-1": "no header at all"}
    assert pure(storage_v2_to_v3, before) == Migrated({
        "automa.save.tapestry-1": '{"game": "tapestry", "created": 1.0, "updated": 2.0, '
                                  '"turn": 3, "finished": false, "rev": 4, "v": 3}\n'
                                  + SAVE_TEXT,
        "automa.save.bad-1": "no header at all"})


# --- settings, decks, the autosave folder --------------------------------------------------
def test_settings_1_to_2_adds_the_version() -> None:
    before = {"theme": "dark", "text": 1.3, "wake": True, "paper": "letter", "lang": "uk"}
    assert pure(settings_v1_to_v2, before) == Migrated(
        {"theme": "dark", "text": 1.3, "wake": True, "paper": "letter", "lang": "uk", "v": 2})


def test_deck_1_to_2_adds_the_version_a_kept_decks_revision_and_wraps_a_bare_list() -> None:
    card = {"number": 1, "free": ["tech", "coins"]}
    kept = {"game": "glory_of_civilizations", "name": "My box", "cards": [card]}
    assert pure(deck_v1_to_v2, kept) == Migrated(
        {"game": "glory_of_civilizations", "name": "My box", "cards": [card], "rev": 0, "v": 2})
    file = {"game": "glory_of_civilizations", "edition": "custom", "cards": [card]}
    assert pure(deck_v1_to_v2, file) == Migrated({**file, "v": 2})
    assert pure(deck_v1_to_v2, [card]) == Migrated({"v": 2, "cards": [card]})
    assert pure(deck_v1_to_v2, 7) == Migrated(7)  # not a deck: the reader says so


def test_folder_1_to_2_writes_its_version_beside_the_autosaves() -> None:
    before = {"tapestry.autosave.json": SAVE_TEXT, "tapestry.autosave.previous.json": "{}"}
    assert pure(folder_v1_to_v2, before) == Migrated({
        "tapestry.autosave.json": SAVE_TEXT, "tapestry.autosave.previous.json": "{}",
        "FORMAT": '{"format": "automa-companion-autosaves", "v": 2}'})


def test_a_folder_of_a_newer_version_is_left_alone(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "automa-companion"
    folder.mkdir()
    (folder / FOLDER_MARKER).write_text(json.dumps({"v": FOLDER.current + 1}))
    (folder / "demo.autosave.json").write_text("{}")
    with pytest.raises(NewerFile):
        open_folder(folder)
    monkeypatch.setenv("AUTOMA_DATA_DIR", str(folder))
    assert main(["play", "demo"], stdin=io.StringIO("q\n")) == 2
    assert "newer version" in capsys.readouterr().err
    assert (folder / "demo.autosave.json").read_text() == "{}"


def test_a_save_file_of_a_newer_version_is_never_written_over(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    newer = json.loads(automa.new_game("demo", {"rounds": 1}, seed=1).to_json())
    newer["version"] += 1
    path.write_text(json.dumps(newer))
    with pytest.raises(NewerFile):
        cli_write(path, "{}")
    assert json.loads(path.read_text()) == newer
    older = tmp_path / "older.json"
    older.write_text(automa.new_game("demo", {"rounds": 1}, seed=1).to_json())
    cli_write(older, "{}")
    assert older.read_text() == "{}"


# --- a game's own state migrations -----------------------------------------------------------
def test_a_game_state_migration_keeps_an_old_save_with_its_history(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A game whose state layout changed (here: "score" became "vp") migrates the snapshot
    of an older save, so its answers still replay to it: the undo history is kept."""
    demo = game.find_game("demo")

    def score_to_vp(state: Any) -> Migrated:
        data = dict(state["data"])
        data["vp"] = data.pop("score")
        return Migrated({**state, "data": data})

    s = automa.new_game("demo", {"rounds": 2}, seed=3)
    s.answer(True)
    s.answer(True)
    old = json.loads(s.to_json())  # as the game's version 1 wrote it
    old["snapshot"]["data"]["score"] = old["snapshot"]["data"].pop("vp")
    newer = dataclasses.replace(demo, version=demo.version + 1,
                                migrations=(*demo.migrations, score_to_vp))
    monkeypatch.setitem(game._REGISTRY, "demo", newer)
    loaded = automa.load_game(json.dumps(old))
    assert not loaded.history_dropped and loaded.can_undo and not loaded.warnings
    assert loaded.state["data"]["vp"] == s.state["data"]["vp"]
    assert json.loads(loaded.to_json())["game_version"] == demo.version + 1
