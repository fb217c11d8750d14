"""Glory of Civilizations' versions (issue 48): a game saved under version 1 (588bb06) or 2
(01dca7e) opens under version 4 with its undo history — its state migrated (literal before
and after), a win at once confirmed as version 3 ended it."""

from __future__ import annotations

import copy
import json
from typing import Any

import automa
from automa.core.actionlog import Here, Rest, Rewrite
from automa.core.prompts import Prompt
from automa.games.glory_of_civilizations.migrations import phase_win_confirmed, win_confirmed
from automa.games.glory_of_civilizations.state import migrate_v2
from tests.corpus.frozen import FOLDERS, read

V1_STATE: dict[str, Any] = {
    "data": {"wonder": 2, "glory": 12},
    "prompt": {"kind": "confirm", "key": "glory_of_civilizations.prompt.ready",
               "params": {"round": 2, "age": "I", "up": "—"}, "choices": [True]},
    "pending": {"step": "automa_turn", "args": {}},
    "stack": [{"step": "battle_next", "args": {"battle": 1}},
              {"step": "core_reask", "args": {
                  "prompt": {"kind": "yes_no", "key": "glory_of_civilizations.prompt.army",
                             "params": {"battle": 2}, "choices": [True, False]},
                  "pending": {"step": "battle_army",
                              "args": {"battle": 2, "row": 0, "tried": 0}}}}],
}
"""A version 1 state, literally: its Wonder completed, waiting for the automa's turn with no
card face up, a battle's question interrupted by a procedure."""


def test_version_2_counts_the_wonders_names_the_pass_and_the_battles() -> None:
    before = copy.deepcopy(V1_STATE)
    after = migrate_v2(before).value
    assert before == V1_STATE  # (pure)
    assert after["data"] == {"wonder": 2, "glory": 12, "wonders_done": 1}
    assert after["prompt"]["key"] == "glory_of_civilizations.prompt.ready_pass"
    assert after["prompt"]["params"] == {"round": 2, "age": "I", "up": []}
    assert after["stack"][0] == {"step": "battle_next", "args": {"battle": 1, "of": 2}}
    asked = after["stack"][1]["args"]
    assert asked["prompt"]["key"] == "glory_of_civilizations.prompt.army_of"
    assert asked["prompt"]["params"] == {"battle": 2, "of": 2}
    assert asked["pending"]["args"] == {"battle": 2, "row": 0, "tried": 0, "of": 2}


def test_a_win_at_once_told_by_version_3_is_confirmed() -> None:
    sure = Prompt("pick_one", "glory_of_civilizations.prompt.instant_victory_sure",
                  choices=["end", "back"])
    fields: dict[str, Any] = {
        "prompt": sure, "last": {"start": "instant_victory"}, "answered": None, "done": [],
        "recorded": Rest([], 0), "taken": 0, "data": {}, "phase": "waiting",
        "options": {}, "open_procedures": 1, "pending": None}
    assert win_confirmed(Here(**fields)) == Rewrite(give=({"answer": "end"},))
    assert win_confirmed(Here(**{**fields, "last": {"answer": "x"}})) is None


def test_a_win_at_once_answered_yes_in_version_4s_achievement_phase_is_confirmed() -> None:
    """Version 5 asks "End the game?" after the phase's "Yes" too (issue 43, item 1): a
    version-4 game that ended so replays with "End the game" answered; a "Yes" to any other
    question, or the procedure's start, is left to its own migration."""
    sure = Prompt("pick_one", "glory_of_civilizations.prompt.instant_victory_sure",
                  choices=["end", "back"])
    phase = Prompt("yes_no", "glory_of_civilizations.prompt.instant_victory",
                   choices=[True, False])
    other = Prompt("yes_no", "glory_of_civilizations.prompt.community", choices=[True, False])
    fields: dict[str, Any] = {
        "prompt": sure, "last": {"answer": True}, "answered": phase, "done": [],
        "recorded": Rest([], 0), "taken": 0, "data": {}, "phase": "achievements",
        "options": {}, "open_procedures": 0, "pending": None}
    assert phase_win_confirmed(Here(**fields)) == Rewrite(give=({"answer": "end"},))
    assert phase_win_confirmed(Here(**{**fields, "answered": other})) is None
    assert phase_win_confirmed(Here(**{**fields, "last": {"start": "instant_victory"},
                                       "answered": None})) is None


def test_every_frozen_game_of_version_1_and_2_keeps_its_history() -> None:
    for folder in FOLDERS[:2]:
        for path in sorted((folder / "saves" / "glory_of_civilizations").iterdir()):
            saved = json.loads(read(path))
            s = automa.load_game(read(path))
            assert not s.history_dropped and not s.warnings, path.name
            assert s.finished == saved["finished"] and s.turn == saved["turn"]
