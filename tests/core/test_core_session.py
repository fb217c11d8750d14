"""The session: answers, rejected answers, undo/redo, procedures, corrections, saves."""

from __future__ import annotations

import json
from typing import Any

import pytest

import automa
from automa.core.errors import (
    AutomaError,
    GameOver,
    ImpossibleValue,
    InvalidAnswer,
    InvalidOption,
    NewerSave,
    NothingToUndo,
    UnknownGame,
    UnknownProcedure,
    UnreadableSave,
    WrongGameSave,
)
from automa.core.session import Session
from tests.sessions import asked


def start(seed: int = 1) -> Session:
    s = automa.new_game("demo", {"rounds": 2}, seed=seed)
    s.answer(True)  # setup confirmed; round 1 drawn
    return s


def test_games_lists_ids_names_and_option_schemas() -> None:
    demo = next(g for g in automa.games() if g["id"] == "demo")
    option = demo["options"][0]
    assert option["id"] == "rounds" and option["type"] == "int" and option["default"] == 3
    assert option["choices"] == [1, 2, 3, 4, 5] and option["advanced"] is False
    assert option["choice_labels"][0] == "demo.option.rounds.1"


def test_unknown_game_and_bad_options_are_refused() -> None:
    with pytest.raises(UnknownGame):
        automa.new_game("chess")
    with pytest.raises(InvalidOption) as info:
        automa.new_game("demo", {"colour": "red"})
    assert info.value.key == "error.option.unknown"
    with pytest.raises(InvalidOption) as info:
        automa.new_game("demo", {"rounds": 9})
    assert info.value.key == "error.option.bad_value"
    assert automa.new_game("demo", {"rounds": "2"}).options == {"rounds": 2}


def test_a_rejected_answer_leaves_the_session_exactly_as_it_was() -> None:
    s = start()
    before = (s.to_json(), s.state, s.log)
    with pytest.raises(InvalidAnswer):
        s.answer("maybe")
    assert (s.to_json(), s.state, s.log) == before


def test_undo_restores_and_redo_reapplies_without_limit() -> None:
    s = start()
    states = [s.state]
    for answer in (True, 2):
        s.answer(answer)
        states.append(s.state)
    s.undo()
    s.undo()
    s.undo()
    assert s.prompt is not None and s.prompt.key == "demo.setup"
    assert not s.can_undo and s.can_redo
    with pytest.raises(NothingToUndo):
        s.undo()
    s.redo()
    assert s.state == states[0]
    s.redo()
    s.redo()
    assert s.state == states[2] and not s.can_redo


def test_a_new_answer_clears_redo() -> None:
    s = start()
    s.answer(True)
    s.undo()
    s.answer(False)
    assert not s.can_redo


def test_an_undone_draw_draws_the_same_card_again() -> None:
    s = start()
    drawn = s.log[-1]
    s.undo()
    s.redo()
    assert s.log[-1] == drawn


def test_procedures_interrupt_and_the_prompt_comes_back() -> None:
    s = start()
    s.answer(True)
    s.answer(0)
    s.answer({"p": 0, "q": 0})
    s.answer(True)
    assert s.prompt is not None and s.prompt.key == "demo.q.next"
    assert [p["id"] for p in s.procedures] == ["bonus", "correct"]
    vp = s.view()["vp"]
    assert vp is not None
    s.start("bonus")
    assert s.view()["vp"] == vp + 1
    assert s.prompt.key == "demo.q.next"
    assert s.log[-1]["action"]["key"] == "demo.log.bonus"
    with pytest.raises(UnknownProcedure):
        s.start("teleport")
    s.undo()
    assert s.view()["vp"] == vp


def test_a_correction_sets_a_tracked_value_logs_it_and_is_undoable() -> None:
    s = start()
    s.start("correct")
    assert asked(s).kind == "pick_one" and asked(s).choices == ["vp"]
    s.answer("vp")
    assert asked(s).kind == "count" and asked(s).default == 0
    with pytest.raises(InvalidAnswer):
        s.answer(500)
    s.answer(17)
    assert s.view()["vp"] == 17
    assert s.log[-1]["action"] == {"key": "core.log.corrected",
                                   "params": {"what": {"key": "demo.vp", "params": {}},
                                              "old": 0, "new": 17}}
    assert asked(s).key == "demo.q.yes_no"
    s.undo()
    s.undo()
    s.undo()
    assert s.view()["vp"] == 0 and asked(s).key == "demo.q.yes_no"


def test_an_answer_that_would_leave_a_count_outside_its_range_is_refused() -> None:
    """The count invariant: no answer may leave a tracked value outside the range its game
    declares; the answer is refused with a translated message naming the value, and the
    session stays exactly as it was."""
    s = start()
    s._state["data"]["vp"] = 9999
    s.answer(True)
    before = json.dumps(s._state, sort_keys=True)
    with pytest.raises(ImpossibleValue) as info:
        s.answer(3)
    assert json.dumps(s._state, sort_keys=True) == before
    assert info.value.params["field"] == "vp"
    assert "9999" in info.value.message("en") and "«vp»" in info.value.message("uk")


def test_the_finished_game_accepts_no_answer() -> None:
    s = automa.new_game("demo", {"rounds": 1}, seed=2)
    s.answer(True)
    while not s.finished:
        p = s.prompt
        assert p is not None
        s.answer({"yes_no": False, "pick_subset": [], "pick_one": "left"}.get(p.kind, True))
    assert s.prompt is None
    with pytest.raises(GameOver):
        s.answer(True)
    s.undo()
    assert not s.finished


def test_save_and_load_give_an_identical_session_with_its_history() -> None:
    s = start()
    s.answer(True)
    s.answer(3)
    s.undo()
    loaded = automa.load_game(s.to_json())
    assert loaded == s
    assert loaded.can_undo and loaded.can_redo
    loaded.redo()
    s.redo()
    assert loaded == s


def test_a_session_compares_by_value_and_is_never_hashed() -> None:
    """A session is mutable: equal by what it holds, so it has no hash (Python's own
    ``__hash__ = None`` for a class that defines ``__eq__``)."""
    s = start()
    assert Session.__hash__ is None
    with pytest.raises(TypeError):
        hash(s)


def test_a_save_from_before_an_option_existed_plays_on_with_its_default() -> None:
    """An option added by a later release is named nowhere in an older save: the game plays
    on with its default and keeps its whole history."""
    s = automa.new_game("demo", seed=4)
    s.answer(True)
    s.answer(True)
    data = json.loads(s.to_json())
    del data["options"]["rounds"]
    del data["snapshot"]["options"]["rounds"]
    data["version"] = 2  # (the save format before options were added: see save_v2_to_v3)
    loaded = automa.load_game(json.dumps(data))
    assert loaded == s and not loaded.history_dropped and loaded.can_undo


@pytest.mark.parametrize(("text", "error", "key"), [
    ("", UnreadableSave, "error.save.not_json"),
    ("{not json", UnreadableSave, "error.save.not_json"),
    ("[1, 2]", UnreadableSave, "error.save.not_a_save"),
    ('{"format": "something-else"}', UnreadableSave, "error.save.not_a_save"),
])
def test_unreadable_saves_get_a_clear_message(text: str, error: type[AutomaError],
                                               key: str) -> None:
    with pytest.raises(error) as info:
        automa.load_game(text)
    assert info.value.key == key
    assert info.value.message("uk") != key and info.value.message("en") != key


def test_a_truncated_save_is_refused() -> None:
    text = start().to_json()
    with pytest.raises(UnreadableSave):
        automa.load_game(text[: len(text) // 2])


def test_a_save_from_a_newer_app_is_refused() -> None:
    data = json.loads(start().to_json())
    data["version"] = 99
    with pytest.raises(NewerSave) as info:
        automa.load_game(json.dumps(data))
    assert "99" in info.value.message("uk")
    data["version"] = 1
    data["game_version"] = 99
    with pytest.raises(NewerSave):
        automa.load_game(json.dumps(data))


def test_a_save_of_another_game_is_refused_when_a_game_is_expected() -> None:
    with pytest.raises(WrongGameSave):
        automa.load_game(start().to_json(), expected_game="tapestry")


def test_a_save_of_an_unknown_game_is_refused() -> None:
    data = json.loads(start().to_json())
    data["game"] = "chess"
    with pytest.raises(UnknownGame):
        automa.load_game(json.dumps(data))


@pytest.mark.parametrize("field", ["seed", "options", "actions", "game"])
def test_a_save_with_a_damaged_field_names_it(field: str) -> None:
    data = json.loads(start().to_json())
    data[field] = "??"
    with pytest.raises((UnreadableSave, UnknownGame)):
        automa.load_game(json.dumps(data))


def test_a_save_whose_replay_diverges_is_restored_from_its_snapshot() -> None:
    s = start()
    s.answer(True)
    data = json.loads(s.to_json())
    data["snapshot"]["data"]["vp"] = 42  # as if the rules had changed since
    loaded = automa.load_game(json.dumps(data))
    assert loaded.view()["vp"] == 42
    assert not loaded.can_undo
    assert loaded.warnings == [{"key": "warning.save.history_dropped",
                                 "params": {"n": 2, "game": {"key": "demo.name", "params": {}}}}]
    assert loaded.history_dropped
    assert loaded.prompt == s.prompt


def test_a_save_with_an_impossible_answer_falls_back_to_its_snapshot() -> None:
    s = start()
    data = json.loads(s.to_json())
    data["actions"].append({"answer": "nonsense"})
    loaded = automa.load_game(json.dumps(data))
    assert loaded.warnings and loaded.prompt == s.prompt


def test_log_entries_have_turn_actor_action_and_why() -> None:
    s = start()
    s.answer(True)
    s.answer(1)
    entry = s.log[-1]
    assert entry["turn"] == 1 and entry["actor"] == "bot"
    assert entry["action"]["key"] == "demo.log.pick"
    assert entry["why"]["rule"] == "demo.rule.order" and entry["why"]["pick"] == "z"


def test_log_tail_gives_the_newest_entries_as_copies() -> None:
    s = start()
    s.answer(True)
    s.answer(1)
    assert s.log_tail(2) == s.log[-2:]
    assert s.log_tail(0) == [] and s.log_tail(99) == s.log
    s.log_tail(1)[0]["turn"] = 99
    assert s.log[-1]["turn"] != 99


def test_why_values_are_named_by_the_game_numbers_name_themselves() -> None:
    s = start()
    s.answer(True)
    s.answer(1)
    why = s.log[-1]["why"]
    assert "labels" not in why and "pick_label" not in why  # the demo game names nothing
    ctx = s._ctx()
    ctx.log("bot", "demo.log.pick", why={"rule": "r", "candidates": ["4", 2], "pick": "4"})
    assert s.log[-1]["why"]["labels"] == ["4", 2]
    assert s.log[-1]["why"]["pick_label"] == "4"


def test_turn_summary_lists_the_newest_turns_table_entries_oldest_first() -> None:
    """Entries logged with ``instruct`` (things to do on the board) form the summary of the
    newest turn that has any."""
    from automa.core.game import Ctx

    s = automa.new_game("demo", seed=1) if "demo" in [g["id"] for g in automa.games()] \
        else automa.new_game("tapestry", seed=1)
    log = s._log
    del log[:]
    ctx: Ctx[Any, Any] = Ctx(s.game, s._state, log)
    s._state["turn"] = 1
    ctx.instruct("bot", "core.log.procedure", {"name": 1}, icon="advance")
    s._state["turn"] = 2
    ctx.instruct("bot", "core.log.procedure", {"name": 2}, icon="advance")
    ctx.log("bot", "core.log.procedure", {"name": 3})
    ctx.instruct("bot", "core.log.procedure", {"name": 4}, icon="card")
    summary = s.turn_summary()
    assert [item["params"]["name"] for item in summary] == [2, 4]
    assert summary[0] == {"key": "core.log.procedure", "params": {"name": 2}, "actor": "bot",
                          "icon": "advance", "turn": 2}
    assert summary[1]["icon"] == "card"
