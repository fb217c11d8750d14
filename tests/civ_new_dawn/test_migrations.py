"""Civilization's versions (issue 48): a game saved under version 1 (588bb06) or 2
(01dca7e) opens under version 3 with its undo history; where a version changed a decision
already taken, the older game keeps the reading it was played with, in its options."""

from __future__ import annotations

import json
from typing import Any

import automa
from automa.core.actionlog import Here, Rest, Rewrite
from automa.core.prompts import Prompt
from automa.games.civ_new_dawn import GAME
from automa.games.civ_new_dawn.migrations import defence_without_bonus
from tests.corpus.frozen import FOLDERS, read


def test_an_older_game_keeps_the_readings_it_was_played_with() -> None:
    """Version 1 left an idle card swapped through Capitalism in slot 5 and put a won
    capital's wonder in a full city; version 2 kept Teddy's tokens on a military card that
    made no attack; versions 1-3 left a rival's city the AP beat, not a capital, to its
    owner. A save that does not name these options plays them so; today's, the defaults."""
    played = {o: [GAME.option(o).played_under(v) for v in (1, 2, 3, 4)]
              for o in ("capitalism_idle", "full_cities", "teddy_nw_no_attack", "city_taken")}
    assert played == {"capitalism_idle": ["not_reset", "reset", "reset", "reset"],
                      "full_cities": ["shared", "stays", "stays", "stays"],
                      "teddy_nw_no_attack": ["spent", "kept", "spent", "spent"],
                      "city_taken": ["stays", "stays", "stays", "changes_hands"]}
    saved = json.loads(read(FOLDERS[0] / "saves" / "civ_new_dawn" / "settler-random.mid.json.gz"))
    assert "capitalism_idle" not in saved["options"]
    s = automa.load_game(read(FOLDERS[0] / "saves" / "civ_new_dawn" / "settler-random.mid.json.gz"))
    assert s.options["capitalism_idle"] == "not_reset" and s.options["full_cities"] == "shared"
    again = automa.load_game(s.to_json())  # named from now on, as any option
    assert again.options == s.options and not again.history_dropped


def test_a_defence_of_version_1_was_the_total_the_bonus_is_taken_off() -> None:
    asked = Prompt("count", "civ_new_dawn.prompt.defend_space", choices=list(range(61)),
                   bounds=(0, 60))
    fields: dict[str, Any] = {
        "prompt": asked, "last": {"start": "defend"}, "answered": None, "done": [],
        "recorded": Rest([{"answer": 9}], 0), "taken": 0, "phase": "waiting", "options": {},
        "data": {"wonders": {"military": 1}, "city_states": {"military": 2}},
        "open_procedures": 1, "pending": None}
    assert defence_without_bonus(Here(**fields)) == Rewrite(take=1, give=({"answer": 6},))
    low = {**fields, "recorded": Rest([{"answer": 2}], 0)}
    assert defence_without_bonus(Here(**low)) == Rewrite(take=1, give=({"answer": 0},))


def test_every_frozen_game_of_version_1_and_2_keeps_its_history() -> None:
    for folder in FOLDERS[:2]:
        for path in sorted((folder / "saves" / "civ_new_dawn").iterdir()):
            s = automa.load_game(read(path))
            assert not s.history_dropped and not s.warnings, path.name
