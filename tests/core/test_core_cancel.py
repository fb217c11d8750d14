"""A started procedure can be cancelled: back to the state before it, undoable, replayed."""

from __future__ import annotations

from typing import Any

import pytest

import automa
from automa.core.common_steps import MAX_OPEN_PROCEDURES
from automa.core.errors import NothingToCancel, UnknownProcedure
from automa.core.prompts import Prompt
from automa.core.session import Session


def at_next(seed: int = 1) -> Session:
    """The demo game at a prompt where both procedures (bonus, correct) can be started."""
    s = automa.new_game("demo", {"rounds": 2}, seed=seed)
    for answer in (True, True, 0, {"p": 0, "q": 0}, True):
        s.answer(answer)
    assert s.prompt is not None and s.prompt.key == "demo.q.next"
    return s


def test_cancel_returns_to_the_state_before_the_procedure_and_logs_it() -> None:
    s = at_next()
    before, log_before = s.state, s.log
    assert not s.can_cancel
    s.start("correct")
    s.answer("vp")
    assert s.can_cancel and s.open_procedures == 1
    s.cancel()
    assert s.state == before
    assert s.log[:-1] == log_before
    assert s.log[-1]["action"]["key"] == "core.log.cancelled"
    assert s.log[-1]["action"]["params"]["name"]["key"] == "core.procedure.correct"
    assert not s.can_cancel and s.actions[-1] == {"cancel": True}


def test_cancel_is_undone_and_redone_like_any_answer() -> None:
    s = at_next()
    s.start("correct")
    s.answer("vp")
    inside = s.state
    s.cancel()
    s.undo()
    assert s.state == inside and s.can_cancel
    s.redo()
    assert not s.can_cancel and s.open_procedures == 0


def test_undo_of_a_cancel_brings_back_the_procedures_log_exactly() -> None:
    """Issue 21 item 8: the cancel took the procedure's entries out of the log and its undo
    did not bring them back, so the live log differed from the replay of a save."""
    s = at_next()
    s.start("correct")
    s.answer("vp")
    inside = s.log
    s.cancel()
    s.undo()
    assert s.log == inside
    assert automa.load_game(s.to_json()) == s
    s.answer(1)
    assert automa.load_game(s.to_json()) == s
    s.undo()
    s.cancel()
    s.undo()
    s.redo()
    assert automa.load_game(s.to_json()) == s


def test_a_long_history_saved_from_a_later_point_keeps_the_log_of_that_point() -> None:
    """A save cut before an answer that a later cancel undid carries that answer's log."""
    s = at_next()
    log_at = {len(s.actions): s.log}
    s.start("correct")
    log_at[len(s.actions)] = s.log
    s.answer("vp")
    s.cancel()
    for index, log in log_at.items():
        assert s._log_before(index) == log


def test_cancel_is_replayed_from_a_save() -> None:
    s = at_next()
    s.start("correct")
    s.cancel()
    s.answer(True)
    loaded = automa.load_game(s.to_json())
    assert loaded == s and not loaded.history_dropped


def test_cancel_closes_only_the_innermost_procedure() -> None:
    s = at_next()
    s.start("correct")
    outer = s.state
    s.start("correct")
    s.answer("vp")
    assert s.open_procedures == 2
    s.cancel()
    assert s.state == outer and s.can_cancel
    s.cancel()
    assert s.open_procedures == 0 and not s.can_cancel


def test_a_procedure_that_ended_at_once_is_not_the_one_cancelled() -> None:
    """The bonus procedure needs no answer: it is over when it starts, so nothing is open."""
    s = at_next()
    s.start("bonus")
    assert s.open_procedures == 0 and not s.can_cancel
    after_bonus = s.state
    s.start("correct")
    s.cancel()
    assert s.state == after_bonus and s.view()["vp"] == 1


def test_nothing_to_cancel_changes_nothing() -> None:
    s = at_next()
    before = s.to_json()
    with pytest.raises(NothingToCancel) as info:
        s.cancel()
    assert s.to_json() == before and info.value.message("uk") != info.value.key


def test_procedures_nest_only_a_few_deep() -> None:
    s = at_next()
    for _ in range(MAX_OPEN_PROCEDURES):
        s.start("correct")
    assert s.procedures == [] and s.open_procedures == MAX_OPEN_PROCEDURES
    before = s.to_json()
    with pytest.raises(UnknownProcedure) as info:
        s.start("correct")
    assert info.value.key == "error.procedure.too_many_open"
    assert s.to_json() == before
    s.cancel()
    assert s.procedures


@pytest.mark.parametrize("game_id", [g["id"] for g in automa.games()])
def test_every_game_cancels_a_started_procedure_exactly(game_id: str) -> None:
    s = automa.new_game(game_id, seed=3)
    for _ in range(40):
        if s.prompt is None:
            break
        if s.procedures:
            before = s.state
            s.start(s.procedures[0]["id"])
            if s.can_cancel:
                s.cancel()
                assert s.state == before
        p = s.prompt
        assert p is not None
        s.answer(simple_answer(p))


def simple_answer(p: Prompt) -> Any:
    """The default, or the first allowed answer."""
    if p.kind == "pick_subset":
        return []
    if p.kind == "values":
        return {str(c): (p.domain or [0])[0] for c in p.choices}
    if p.default is not None:
        return p.default
    return p.choices[0] if p.choices else True


def test_starts_and_cancels_replayed_from_a_save_keep_every_undo_snapshot() -> None:
    """A long save of starts and cancels replays to the session as played, every undo step
    included (the replay reuses a start's snapshot after its cancel)."""
    s = at_next()
    for _ in range(5):
        s.start("correct")
        s.cancel()
    s.start("correct")
    s.answer("vp")
    loaded = automa.load_game(s.to_json())
    assert loaded == s and not loaded.history_dropped
    assert [b.snapshot for b in loaded._undo] == [b.snapshot for b in s._undo]
    while s.can_undo:
        s.undo()
        loaded.undo()
        assert loaded.state == s.state and loaded.prompt == s.prompt


def test_the_prompt_read_is_always_the_states_own() -> None:
    """The prompt is read once per state's prompt: undo, redo and a cancel bring back
    the prompt of the state they go back to."""
    s = at_next()
    asked = s.prompt
    s.start("correct")
    inside = s.prompt
    assert inside is not None and inside != asked and s.prompt is inside
    s.cancel()
    assert s.prompt == asked
    s.undo()
    assert s.prompt == inside
    s.undo()
    assert s.prompt == asked
    s.redo()
    assert s.prompt == inside
