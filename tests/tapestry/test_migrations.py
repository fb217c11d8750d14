"""Tapestry's versions (issue 48): a game saved under version 2 or 3 opens under version 4
with its undo history — its saved state migrated (each migration with its literal before and
after), and its recorded answers carried to today's questions."""

from __future__ import annotations

import copy
import json
from typing import Any

import automa
from automa.core.actionlog import Here, Rest, Rewrite
from automa.games.tapestry.migrations import (
    done_questions_gone,
    migrate_v3,
    migrate_v4,
    vp_corrected_as_total,
)
from tests.corpus.frozen import FOLDERS, read

WAITING_V2: dict[str, Any] = {
    "prompt": {"kind": "confirm", "key": "tapestry.q.place_neutral",
               "params": {"rotation": {"key": "tapestry.rotation", "params": {"n": 1}}},
               "choices": [True]},
    "pending": {"step": "tap_done", "args": {}},
    "stack": [{"step": "income_end", "args": {"turn": 2}},
              {"step": "tapestry_to_mat", "args": {}},
              {"step": "add_progress", "args": {"turn": 2}},
              {"step": "tapestry_to_supply", "args": {}},
              {"step": "core_reask", "args": {
                  "prompt": {"kind": "confirm", "key": "tapestry.q.setup_automa", "params": {
                      "civ": {"key": "tapestry.civ.alchemists", "params": {}}},
                      "choices": [True]},
                  "pending": {"step": "setup_second_civ", "args": {}}}}],
}
"""A version 2 state, literally: a tile placed turned once (the die's 1), an income turn's
last chart steps to come in version 2's order (the stack runs from its end), and the
Automa's set-up interrupted by a procedure."""


def test_version_3_orders_the_income_turn_counts_turns_from_0_and_names_the_civ_card() -> None:
    before = copy.deepcopy(WAITING_V2)
    after = migrate_v3(before).value
    assert before == WAITING_V2  # (pure)
    assert after["prompt"]["params"]["rotation"] == {"key": "tapestry.tile.unturned",
                                                     "params": {}}
    assert [f["step"] for f in after["stack"]] == [
        "income_end", "tapestry_to_supply", "tapestry_to_mat", "add_progress", "core_reask"]
    assert after["stack"][3] == {"step": "add_progress", "args": {"turn": 2}}
    assert after["stack"][4]["args"]["prompt"]["params"] == {
        "civ": {"key": "tapestry.civ.alchemists", "params": {}},
        "civ_card": {"key": "tapestry.civ_card.alchemists", "params": {}}}


def test_a_tile_turned_by_a_die_s_6_is_turned_5_steps() -> None:
    state: dict[str, Any] = {"prompt": {"key": "tapestry.q.explore_scan", "params": {
        "rotation": {"key": "tapestry.rotation", "params": {"n": 6}}}},
        "pending": {"step": "explore_scanned", "args": {"turns": 6}}, "stack": []}
    after = migrate_v3(state).value
    assert after["prompt"]["params"]["rotation"] == {"key": "tapestry.rotation",
                                                     "params": {"n": 5}}
    assert after["pending"] == {"step": "explore_scanned", "args": {"turns": 5}}


def test_version_4_names_the_bot_whose_favourite_track_it_asks_about() -> None:
    state: dict[str, Any] = {"prompt": {"key": "tapestry.q.you_ahead_on_favorite", "params": {
        "bot": {"key": "tapestry.bot.shadow", "params": {}}, "space": 3}},
        "pending": {"step": "fav_you_ahead", "args": {"bot": "shadow"}}, "stack": []}
    after = migrate_v4(state).value
    assert after["prompt"]["params"] == {"bot": {"key": "tapestry.bot_of.shadow", "params": {}},
                                         "space": 3}
    assert migrate_v4(after).value == after and state["prompt"]["params"]["bot"]["key"] == \
        "tapestry.bot.shadow"


def here(**given: Any) -> Here:
    fields: dict[str, Any] = {
        "prompt": None, "last": None, "answered": None, "done": [],
        "recorded": Rest([], 0), "taken": 0, "data": {}, "phase": "bots",
        "options": {}, "open_procedures": 0, "pending": None}
    return Here(**{**fields, **given})


def line(key: str) -> dict[str, Any]:
    return {"i": 0, "turn": 101, "actor": "automa", "action": {"key": key, "params": {}}}


def test_the_done_after_each_checklist_line_is_dropped() -> None:
    """A tapestry card given and the tech cards refreshed: version 3 asked Done after each."""
    done = [line("tapestry.log.tapestry_card"), line("tapestry.log.advance"),
            line("tapestry.log.tech_refresh")]
    recorded = Rest([{"answer": True}, {"answer": True}, {"answer": True}], 0)
    assert done_questions_gone(here(done=done, recorded=recorded)) == Rewrite(take=2)
    assert done_questions_gone(here(done=done, recorded=recorded, taken=2)) is None
    assert done_questions_gone(here(done=done, recorded=Rest([{"answer": 1}], 0))) is None


def test_a_vp_correction_of_version_2_becomes_the_total_it_made() -> None:
    vp = {"territories": 4, "landmarks": 0, "military_science": 3,
          "exploration_technology": 0, "era": 2, "civ": 0, "achievements": 0, "correction": 1}
    asked = here(data={"vp": vp}, recorded=Rest([{"answer": -3}], 0),
                 pending={"step": "core_correct_set", "args": {"correction": "vp"}})
    assert vp_corrected_as_total(asked) == Rewrite(take=1, give=({"answer": 6},))
    other = here(data={"vp": vp}, recorded=Rest([{"answer": 3}], 0),
                 pending={"step": "core_correct_set", "args": {"correction": "territories"}})
    assert vp_corrected_as_total(other) is None


def test_a_game_of_version_2_keeps_its_history_without_its_done_answers() -> None:
    path = FOLDERS[0] / "saves" / "tapestry" / "level2-default.mid.json.gz"
    saved = json.loads(read(path))
    s = automa.load_game(read(path))
    assert saved["game_version"] == 2 and not s.history_dropped and not s.warnings
    assert len(s.actions) < len(saved["actions"]) and s.can_undo
    keys = []
    for _ in s.actions:
        s.undo()
        assert s.prompt is not None
        keys.append(s.prompt.key)
    assert not {"tapestry.q.tapestry_to_supply", "tapestry.q.tech_refresh",
                "tapestry.q.tapestry_to_mat", "tapestry.q.move_favorite"} & set(keys)
