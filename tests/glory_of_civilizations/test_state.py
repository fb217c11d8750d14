"""The automa's state layout: the ``Data`` record in ``state.py`` and the declared ranges
agree, key for key, so a value added to one and not the other fails here."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any, Literal

import pytest

import automa
from automa.core.ranges import first_problem
from automa.games.glory_of_civilizations.state import (
    AREAS,
    Automa,
    Data,
    automa_ranges,
    initial_automa,
    initial_data,
    migrate_v3,
    ranges,
)
from tests.glory_of_civilizations.play import default_answer, new
from tests.state_layout import keys


def test_data_names_exactly_the_keys_the_ranges_declare() -> None:
    declared = ranges()
    assert keys(Data) == (set(declared.fields), declared.optional)
    each = automa_ranges()
    assert keys(Automa) == (set(each.fields), each.optional)


@pytest.mark.parametrize("edition", ["companion", "custom"])
def test_initial_data_lies_within_the_declared_ranges(
        edition: Literal["companion", "custom"]) -> None:
    """Every key at setup; each automa's but ``failed_sites`` (set on its first card)."""
    for n in (1, 2):
        built = initial_data(edition, n)
        assert set(built) == keys(Data)[0] and len(built["automas"]) == n
        assert first_problem(built, ranges(), "data") is None
    names, optional = keys(Automa)
    assert set(initial_automa()) == names - {"failed_sites"}
    assert optional <= names


def test_setup_keeps_what_initial_data_builds() -> None:
    assert new()._state["data"] == initial_data("companion")


# --- game version 3: the automas as a list ---------------------------------------------------
V2_DATA: dict[str, Any] = {
    "edition": "companion", "round": 2, "age": 1, "activated": 2,
    "row": ["c11", "c06", "c12", "c24", "c20"], "passed": False, "first_player": False,
    "glory": 64, "coins": 60, "storage": {"food": 3, "wood": 6, "weapons": 0, "mead": 0},
    "cities": 1, "castles": 0, "wonder": 0, "government": "theocracy", "religion": "paganism",
    "cubes": dict.fromkeys(AREAS, 0), "last_card": "c06", "turn_in_round": 2,
    "achievements": 0, "techs_taken": [[2, 2]], "failed_sites": [],
}
"""A game version 2 state's data, literally (a one-automa game in round 2)."""


def test_a_version_2_state_becomes_a_list_of_one_automa() -> None:
    """The migration to game version 3 keeps every value: the shared edition, round and age
    stay, the rest is the one automa's record, seat 0; the options name ``automas = 1``."""
    before = {"options": {"difficulty": "medium"}, "data": copy.deepcopy(V2_DATA)}
    after = migrate_v3(before).value
    assert before["data"] == V2_DATA  # (pure)
    own = {key: v for key, v in V2_DATA.items() if key not in ("edition", "round", "age")}
    assert after["data"] == {"edition": "companion", "round": 2, "age": 1, "seat": 0,
                             "automas": [own]}
    assert after["options"] == {"automas": 1, "difficulty": "medium"}
    assert first_problem(after["data"], ranges(), "data") is None


SAVES_V2 = sorted((Path(__file__).parent / "saves_v2").glob("*.json"))


@pytest.mark.parametrize("path", SAVES_V2, ids=lambda p: p.stem)
def test_a_version_2_save_opens_with_its_history_and_plays_on(path: Path) -> None:
    """A one-automa game saved before version 3 replays to its migrated snapshot: it opens
    with its undo history, no warning, and plays on."""
    s = automa.load_game(path.read_text())
    assert not s.history_dropped and not s.warnings and s.can_undo
    assert s.options["automas"] == 1 and len(s._state["data"]["automas"]) == 1
    s.answer(default_answer(s))
    assert automa.load_game(s.to_json()) == s
