"""The bots' state layout (``state.Data``) and its declared ranges describe one and the same
``ctx.data``; the package names its messages only through ``k()``/``m()``."""

from __future__ import annotations

from pathlib import Path
from typing import cast, get_type_hints

import pytest

import automa.games.tapestry as package
from automa.core.i18n import msg
from automa.core.ranges import first_problem
from automa.games.tapestry import data as tdata
from automa.games.tapestry.state import Data, initial_data, k, m, ranges
from tests.state_layout import literal_ids, record_problems
from tests.tapestry.play import at_idle, data

PACKAGE = Path(package.__file__).parent


def test_data_names_exactly_the_keys_the_ranges_declare() -> None:
    declared = ranges()
    assert set(get_type_hints(Data)) == set(declared.fields)
    assert Data.__required_keys__ == set(declared.fields) - declared.optional
    assert Data.__optional_keys__ == declared.optional == {"map"}  # only with the map twin


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5, 6])
def test_initial_data_lies_within_the_declared_ranges(level: int) -> None:
    built = initial_data(level)
    assert set(built) == set(get_type_hints(Data)) - {"map"}
    assert first_problem(built, ranges(), "data") is None


def test_setup_keeps_the_data_layout() -> None:
    assert set(data(at_idle(seed=3))) == set(get_type_hints(Data)) - {"map"}
    assert set(data(at_idle(seed=3, map=True))) == set(get_type_hints(Data))


def test_message_ids_are_in_the_games_namespace() -> None:
    assert k("log.advance") == "tapestry.log.advance"
    assert m("turn.income", n=2) == msg("tapestry.turn.income", n=2)


@pytest.mark.parametrize("module", sorted(p.name for p in PACKAGE.glob("*.py")))
def test_no_module_spells_a_message_id_literally(module: str) -> None:
    """Issue 19, item 4: message ids go through ``k()``/``m()``."""
    assert literal_ids((PACKAGE / module).read_text(encoding="utf-8"), "tapestry") == []


@pytest.mark.parametrize("reading", ["shipped", "alternative"])
def test_the_card_records_type_every_value_either_reading_gives(reading: str) -> None:
    """Issue 50 item 2: ``DecisionCard``, ``Level`` and ``CivSide`` are the decision cards, levels
    and civilization sides as they are read, the shipped reading or the other one: each key
    declared with its value's type, none missing."""
    given = {"card_reading": "bga", "level3_progress": "2-4-4",
             "explorers_bonus": "explore_conquer", "civ_reading": "seed_text"}
    options = cast(tdata.Options, package.GAME.resolve_options(
        given if reading == "alternative" else {}))
    for n in tdata.cards():
        assert not record_problems(tdata.DecisionCard, dict(tdata.card(n, options))), n
    for level in range(1, 7):
        assert not record_problems(tdata.Level, dict(tdata.level(level, options))), level
    for civ in tdata.CIVS:
        assert not record_problems(tdata.CivSide, dict(tdata.civ(civ, options))), civ
