"""The compiled range test (:func:`automa.core.ranges.within`) says yes only where the
declared ranges (:func:`automa.core.ranges.problems`) find nothing: it is a shortcut of the
same check, run after every answer and every replayed action, never a looser one."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import pytest

import automa
from automa.core.ranges import (
    FLAG,
    Count,
    Items,
    Json,
    Maybe,
    OneOf,
    Range,
    Table,
    Text,
    first_problem,
    problems,
    within,
)
from automa.core.rng import Rng
from tests.conformance import random_answer

GAMES = [g["id"] for g in automa.games()]
SPEC = Table({"n": Count(0, 5), "flag": FLAG, "who": OneOf(("ap", None, 2)), "name": Text(),
              "row": Items(Maybe(Count(1, 3)), hi=3, lo=1), "any": Json(),
              "inner": Table({"x": Count(-1, 1)}, frozenset({"x"}))},
             frozenset({"inner"}))
GOOD = {"n": 5, "flag": False, "who": None, "name": "x", "row": [None, 3], "any": {"a": [1]},
        "inner": {}}


class Big(int):
    """An int of another type (JSON never holds one; the test may say no, never yes)."""


def agrees(value: Any, spec: Range) -> bool:
    """The compiled test says yes only where the declared ranges find no problem, and, for
    a value JSON can hold, wherever they find none (so the short way is the one taken)."""
    fine = next(problems(value, spec, "v"), None) is None
    quick = within(spec)(value)
    return quick == fine if plain(value) else not quick or fine


def plain(value: Any) -> bool:
    """Whether ``value`` holds only what JSON gives (no int of another type)."""
    if isinstance(value, dict):
        return all(plain(v) for v in value.values())
    if isinstance(value, list):
        return all(plain(v) for v in value)
    return not isinstance(value, Big)


def mutations(value: Any) -> Iterator[Any]:
    """``value`` with one thing wrong at each place in it, and a few odd ones."""
    if isinstance(value, dict):
        yield {**value, "unknown key": 0}
        for key in value:
            yield {k: v for k, v in value.items() if k != key}
            for wrong in mutations(value[key]):
                yield {**value, key: wrong}
    elif isinstance(value, list):
        yield [*value, *value, *value, *value]
        for i, item in enumerate(value):
            for wrong in mutations(item):
                yield [*value[:i], wrong, *value[i + 1:]]
    elif isinstance(value, bool):
        yield int(value)
        yield not value
    elif isinstance(value, int):
        yield value + 1000
        yield -value - 1000
        yield bool(value)
        yield float(value)
        yield Big(value)
        yield str(value)
    elif isinstance(value, str):
        yield value + "?"
        yield "x" * 100_000
        yield None
    elif value is None:
        yield 0
        yield float("nan")
        yield []


def test_a_value_within_its_ranges_passes_and_each_wrong_one_is_named() -> None:
    assert first_problem(GOOD, SPEC, "v") is None
    for wrong in mutations(GOOD):
        assert agrees(wrong, SPEC), wrong


@pytest.mark.parametrize("game_id", GAMES)
def test_every_state_of_a_playout_and_each_mutation_of_it_agree(game_id: str) -> None:
    session = automa.new_game(game_id, {}, seed=3)
    spec = session.game.ranges
    assert spec is not None
    rng = Rng.from_seed(5)
    seen = 0
    while session.prompt is not None and seen < 40:
        data = copy.deepcopy(session._state["data"])
        assert within(spec)(data), "a state the game reached is within its ranges"
        if seen % 10 == 0:
            for wrong in mutations(data):
                assert agrees(wrong, spec)
        session.answer(random_answer(session.prompt, rng))
        seen += 1
