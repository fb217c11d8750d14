"""Issue 48: an update in the middle of a game keeps its undo history.

Every release's frozen histories (``histories/<release>/``: 30 random games per game, saved
after 0–80 answers, procedures started and cancelled, undos and redos) open in this version.
A game saved under an older version of its rules replays through the migrations of its
action log (``GameDef.action_migrations``, ``py/automa/games/<game>/migrations.py``): at least
nine in ten of each release's saves keep their undo history, per game; no save that keeps it
today may lose it (``history_fallbacks.json`` names, per release and game, the saves that
open from their snapshot, and why); each of those says in one sentence which changes of the
rules it could not follow. A game whose version is raised without the migration of what its
questions changed fails here, on the saves of the release before.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest

import automa
from automa.core.game import find_game
from automa.core.session import Session
from tests.corpus.frozen import HISTORIES, history_saves

GAMES = ("tapestry", "age_of_innovation", "civ_new_dawn", "glory_of_civilizations")
KEPT = 0.9
"""The share of each release's saves, per game, that keep their undo history."""
FALLBACKS = json.loads((Path(__file__).parent / "history_fallbacks.json").read_text())
"""Per release and game, the saves (their place in the history set) that open from their
snapshot today, with the reason: none may be added; one that replays again is taken out."""
CASES = [(folder, game) for folder in HISTORIES for game in GAMES]


def case_id(case: tuple[Path, str]) -> str:
    return f"{case[0].name}:{case[1]}"


@cache
def opened(folder: Path, game: str) -> tuple[Session, ...]:
    """Each save of a release's history of ``game``, opened as the app opens it."""
    return tuple(automa.load_game(text) for text in history_saves(folder)[game])


def dropped(folder: Path, game: str) -> list[int]:
    return [i for i, s in enumerate(opened(folder, game)) if s.history_dropped]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_nine_saves_in_ten_of_every_release_keep_their_history(case: tuple[Path, str]) -> None:
    folder, game = case
    saves = opened(folder, game)
    assert len(saves) - len(dropped(folder, game)) >= KEPT * len(saves), dropped(folder, game)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_no_save_that_kept_its_history_loses_it(case: tuple[Path, str]) -> None:
    """A change of a game's questions ships the migration of its action log: the saves of
    every release keep what they kept (a save the list names that replays again is taken out
    of ``history_fallbacks.json``)."""
    folder, game = case
    known = {int(i) for i in FALLBACKS.get(folder.name, {}).get(game, {})}
    assert set(dropped(folder, game)) <= known, "these saves lost their history"
    assert set(dropped(folder, game)) == known, "these saves replay again: take them out"


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_a_save_that_falls_back_names_the_changes_it_could_not_follow(
        case: tuple[Path, str]) -> None:
    """It goes on from its checked snapshot, says in one sentence what changed in the rules
    since its version, and plays on."""
    folder, game = case
    texts = history_saves(folder)[game]
    for i in dropped(folder, game):
        s = opened(folder, game)[i]
        version = json.loads(texts[i]).get("game_version", 1)
        [warning, *_] = s.warnings
        assert warning["key"] == "warning.save.rules_changed", (i, warning)
        changes = [c for v, c in sorted(find_game(game).changes.items()) if v > version]
        assert [w["key"] for w in warning["params"]["what"]] == changes
        assert not s.can_undo and s.turn == json.loads(texts[i])["turn"]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_a_kept_history_saves_as_todays_and_loads_the_same(case: tuple[Path, str]) -> None:
    """An older game that kept its history is written with its migrated answers, under
    today's version: it loads again as the same game, without migrating anything."""
    folder, game = case
    for s in opened(folder, game):
        if s.history_dropped:
            continue
        again = automa.load_game(s.to_json())
        assert again == s and not again.history_dropped and again.actions == s.actions
        assert json.loads(s.to_json())["game_version"] == s.game.version


def test_the_saves_of_todays_versions_replay_as_they_are() -> None:
    """The newest release's games whose version is still today's replay without any
    migration: the same answers, nothing dropped (else a change of their questions needs a
    version and its migration). The one sentence allowed: a table the box cannot give, which
    that release's corrections let a player make, replayed within the box."""
    for game in GAMES:
        for text, s in zip(history_saves(HISTORIES[-1])[game], opened(HISTORIES[-1], game),
                           strict=True):
            saved = json.loads(text)
            if saved["game_version"] == s.game.version:
                assert not s.history_dropped
                assert all(w["key"] == "warning.save.within_box" for w in s.warnings)
                assert s.actions == saved["actions"]


def test_every_version_step_names_the_migration_of_its_action_log() -> None:
    """Each game names, for every version after the oldest any release's saves hold, the
    migrations of the action log recorded before it (``()``: its questions did not change),
    and of its saved state (``GameDef.migrations``)."""
    for game in GAMES:
        definition = find_game(game)
        oldest = min(json.loads(text).get("game_version", 1) for folder in HISTORIES
                     for text in history_saves(folder)[game])
        assert set(definition.action_migrations) == set(
            range(oldest + 1, definition.version + 1)), game
        assert definition.version - len(definition.migrations) <= oldest, game


def test_every_release_has_frozen_histories_of_every_game() -> None:
    assert [f.name for f in HISTORIES] == ["v1-588bb06", "v2-01dca7e", "v3-f031102"][
        :len(HISTORIES)] and len(HISTORIES) >= 3
    for folder in HISTORIES:
        assert set(history_saves(folder)) == set(GAMES)
