"""Age of Innovation's versions (issue 48): a game saved under version 2 — even at a set-up
question version 3 turned into a draw — opens under version 3 with its undo history."""

from __future__ import annotations

import copy
import json
from typing import Any

import automa
from automa.games.age_of_innovation.migrations import migrate_v3
from tests.corpus.frozen import FOLDERS, read

GAME = "age_of_innovation"


def test_a_state_waiting_on_a_set_up_confirmation_waits_on_its_draw() -> None:
    """Version 2 (01dca7e) asked "Done" for steps 1–5; version 3 shows the Palace tiles it
    draws (from the state's generator, which it does not move): "Done" or "I drew mine"."""
    saved = json.loads(read(FOLDERS[1] / "saves" / GAME / "automalein-simpletons.start.json"))
    before = copy.deepcopy(saved["snapshot"])
    after = migrate_v3(before).value
    assert before == saved["snapshot"]  # (pure)
    assert before["prompt"]["kind"] == "confirm" and before["prompt"]["choices"] == [True]
    today = automa.new_game(GAME, saved["options"], seed=saved["seed"]).state
    assert after["prompt"] == today["prompt"] and after["pending"] == today["pending"]
    assert after["rng"] == before["rng"] and after["data"] == before["data"]


def test_the_question_whether_she_builds_on_a_marked_space_names_nothing() -> None:
    state: dict[str, Any] = {
        "prompt": {"kind": "yes_no", "key": "age_of_innovation.prompt.tb_marked",
                   "params": {"pick": 2, "terrain": {"key": "x", "params": {}}},
                   "choices": [True, False]},
        "pending": {"step": "tb_build", "args": {}}, "stack": []}
    assert migrate_v3(state).value["prompt"]["params"] == {}
    assert state["prompt"]["params"]["pick"] == 2


def test_every_frozen_game_of_version_2_keeps_its_history() -> None:
    for folder in FOLDERS[:2]:
        for path in sorted((folder / "saves" / GAME).iterdir()):
            s = automa.load_game(read(path))
            assert not s.history_dropped and not s.warnings, path.name
