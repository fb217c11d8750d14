"""Garbage answers, procedure ids and numbers never change a session and raise only typed,
translated errors — for every registered game, at several points of a game."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import automa
from automa.core.session import Session
from tests.hostile.hostile_support import (
    GAMES,
    honest_saves,
    honest_session,
    replayed,
    snapshot_of,
)
from tests.notes import TALLY

NUMBER_TEXTS = ["--1", "²", "٣", "１", "1_000", "0x10", "1e3", " 7 ", "+2", "-0", "1" * 5000,
                "9" * 19, "", "-", "+", "1.0", "1,5", "\u200b1", "1\u00a0", "<b>1</b>"]
"""Texts that ``int()`` or ``str.isdigit()`` treat as numbers, or that look like one."""

scalars = (st.none() | st.booleans() | st.integers() | st.integers(min_value=-2**70,
           max_value=2**70) | st.floats(allow_nan=True) | st.text(max_size=30)
           | st.sampled_from(NUMBER_TEXTS))
garbage = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                       | st.dictionaries(st.text(max_size=5), inner, max_size=4), max_leaves=12)
HYPOTHESIS = settings(max_examples=100, deadline=None,
                      suppress_health_check=[HealthCheck.too_slow])


def sessions(game_id: str) -> list[Session]:
    return [honest_session(game_id, i) for i in range(len(honest_saves(game_id)))]


def try_answer(session: Session, answer: Any, category: str) -> None:
    """The answer is taken as a valid one (and replays), or refused with nothing changed."""
    TALLY[category] += 1
    before = snapshot_of(session)
    try:
        session.answer(answer)
    except automa.AutomaError as e:
        assert e.message("uk") and e.message("en")
        assert snapshot_of(session) == before, "a refused answer changed the session"
        return
    assert replayed(session)._state == session._state
    json.dumps(session._state)
    session.undo()
    assert session.can_redo


@pytest.mark.parametrize("game_id", GAMES)
@HYPOTHESIS
@given(answer=garbage, which=st.integers(min_value=0, max_value=99))
def test_garbage_answers_change_nothing(game_id: str, answer: Any, which: int) -> None:
    """Any JSON-like value as an answer: a typed error and no change, or a valid answer."""
    session = honest_session(game_id, which)
    try_answer(session, answer, "answers: random values")


@pytest.mark.parametrize("game_id", GAMES)
def test_number_look_alikes_are_refused_or_read_as_ascii(game_id: str) -> None:
    """"--1", "²", "٣", 5,000 digits…: never a bare ValueError, only ASCII digits count."""
    for session in sessions(game_id):
        for text in NUMBER_TEXTS:
            try_answer(session, text, "answers: number look-alikes")


@pytest.mark.parametrize("game_id", GAMES)
def test_deeply_nested_answers_are_refused_without_recursion(game_id: str) -> None:
    deep: Any = 1
    for _ in range(100_000):
        deep = [deep]
    wide = {str(i): i for i in range(10_000)}
    for session in sessions(game_id):
        for answer in (deep, wide, [deep], {"a": deep}, 2**100_000):
            try_answer(session, answer, "answers: deep, wide or huge")


@pytest.mark.parametrize("game_id", GAMES)
@HYPOTHESIS
@given(procedure=garbage, which=st.integers(min_value=0, max_value=99))
def test_unknown_procedures_change_nothing(game_id: str, procedure: Any, which: int) -> None:
    session = honest_session(game_id, which)
    TALLY["procedures: random ids"] += 1
    before = snapshot_of(session)
    with pytest.raises(automa.AutomaError):
        session.start(procedure if not isinstance(procedure, str) else procedure + "?")
    assert snapshot_of(session) == before


@pytest.mark.parametrize("game_id", GAMES)
def test_cancel_undo_redo_with_nothing_to_do_change_nothing(game_id: str) -> None:
    for session in sessions(game_id):
        for act in ("cancel", "undo", "redo"):
            if getattr(session, f"can_{act}"):
                continue
            TALLY["cancel/undo/redo with nothing to do"] += 1
            before = snapshot_of(session)
            with pytest.raises(automa.AutomaError):
                getattr(session, act)()
            assert snapshot_of(session) == before


@pytest.mark.parametrize("game_id", GAMES)
@HYPOTHESIS
@given(options=st.dictionaries(st.text(max_size=12) | st.sampled_from(
    [o["id"] for g in automa.games() for o in g["options"]]), garbage, max_size=3),
    seed=st.integers() | garbage, wrapper=st.sampled_from([dict, list, str]))
def test_garbage_options_and_seeds_raise_typed_errors(game_id: str, options: dict[str, Any],
                                                      seed: Any, wrapper: Any) -> None:
    TALLY["options and seeds"] += 1
    try:
        session = automa.new_game(game_id, wrapper(options), seed)
    except automa.AutomaError as e:
        assert e.message("uk")
        return
    assert isinstance(session.seed, int) and abs(session.seed) <= automa.SEED_MAX
    spec = next(g for g in automa.games() if g["id"] == game_id)
    for o in spec["options"]:
        value = session.options[o["id"]]
        assert any(value == c and type(value) is type(c) for c in o["choices"])


def near_misses(session: Session) -> list[Any]:
    """Valid answers and their near misses: as text, as float, wrapped, doubled."""
    prompt = session.prompt
    if prompt is None:
        return [True, None, 0]
    out: list[Any] = [prompt.default]
    for choice in prompt.choices[:12]:
        out += [choice, str(choice), [choice], [choice, choice], {"x": choice},
                {str(choice): choice}]
        if isinstance(choice, int) and not isinstance(choice, bool):
            out += [float(choice), choice + 0.5, -choice - 1, str(choice) + " ", f"0{choice}"]
    out.append({str(c): (prompt.domain or [None])[0] for c in prompt.choices})
    out.append({c: (prompt.domain or [None])[0] for c in prompt.choices})
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_valid_answers_and_near_misses(game_id: str) -> None:
    """Close to valid is refused cleanly; valid is recorded in canonical form and replays."""
    for i in range(len(honest_saves(game_id))):
        for answer in near_misses(honest_session(game_id, i)):
            try_answer(honest_session(game_id, i), answer, "answers: valid and near misses")


@pytest.mark.parametrize("game_id", GAMES)
@HYPOTHESIS
@given(name=garbage)
def test_unknown_piles_raise_a_typed_error(game_id: str, name: Any) -> None:
    session = honest_session(game_id, 0)
    TALLY["pile names"] += 1
    if isinstance(name, str) and name in session._state["piles"]:
        assert isinstance(session.pile(name), list)
        return
    with pytest.raises(automa.UnknownPile):
        session.pile(name)


@HYPOTHESIS
@given(key=st.text(max_size=40) | st.sampled_from(["warning.save.history_dropped",
                                                    "error.answer.not_a_number"]),
       params=st.dictionaries(st.sampled_from(["n", "lo", "hi", "answer", "x"]),
                              garbage | st.floats() | st.integers(min_value=10**5000)),
       lang=st.sampled_from(["en", "uk", "xx"]))
def test_rendering_a_message_never_raises(key: str, params: dict[str, Any], lang: str) -> None:
    TALLY["messages rendered with hostile parameters"] += 1
    assert isinstance(automa.render_message(key, params, lang), str)


@HYPOTHESIS
@given(game_id=garbage)
def test_unknown_games_raise_a_typed_error(game_id: Any) -> None:
    TALLY["game ids"] += 1
    if isinstance(game_id, str) and game_id in GAMES:
        return
    with pytest.raises(automa.UnknownGame):
        automa.new_game(game_id)
