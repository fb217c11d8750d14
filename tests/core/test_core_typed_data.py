"""A game's data is typed for ``mypy`` alone: at run time it stays the saved state's plain
dict; its ranges name its keys once more, checked against the record as the game loads, and
its optional keys are declared once, in the record."""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

import pytest

from automa.core.game import Ctx, known
from automa.core.ranges import FLAG, Count, record_table
from automa.games.tapestry import GAME as TAPESTRY
from automa.games.tapestry.data import Options
from automa.games.tapestry.state import Data


class _Tracked(TypedDict):
    score: int
    steps: NotRequired[list[str]]


class _Record(_Tracked, total=False):
    over: bool


def test_the_optional_keys_are_those_the_record_marks() -> None:
    table = record_table(_Record, {"score": Count(0, 9), "steps": FLAG, "over": FLAG})
    assert table.optional == {"steps", "over"}
    assert list(table.fields) == ["score", "steps", "over"]


def test_a_key_on_one_side_only_fails_naming_it() -> None:
    with pytest.raises(ValueError, match=r"_Record: .*\['scor'\].*\['score'\]"):
        record_table(_Record, {"scor": Count(0, 9), "steps": FLAG, "over": FLAG})


def test_a_broken_invariant_fails_naming_it() -> None:
    assert known(0, "a card is being resolved") == 0
    with pytest.raises(RuntimeError, match="broken invariant: a card is being resolved"):
        known(None, "a card is being resolved")


def test_a_games_ctx_is_the_engines_and_its_data_the_saved_dict() -> None:
    state: dict[str, Any] = {"data": {"level": 2}, "phase": "setup"}
    ctx: Ctx[Data, Options] = Ctx(TAPESTRY, state, [])
    assert ctx.data is state["data"]
    assert type(ctx.data) is dict
