"""The automa's state layout: the ``Data`` record in ``state.py`` and the declared ranges
agree, key for key, so a value added to one and not the other fails here."""

from __future__ import annotations

from typing import Literal

import pytest

from automa.core.ranges import first_problem
from automa.games.glory_of_civilizations.state import Data, initial_data, ranges
from tests.glory_of_civilizations.play import new
from tests.state_layout import keys


def test_data_names_exactly_the_keys_the_ranges_declare() -> None:
    declared = ranges()
    assert keys(Data) == (set(declared.fields), declared.optional)


@pytest.mark.parametrize("edition", ["companion", "custom"])
def test_initial_data_lies_within_the_declared_ranges(
        edition: Literal["companion", "custom"]) -> None:
    """Every key but ``failed_sites`` (set on the automa's first card) at setup."""
    built = initial_data(edition)
    names, optional = keys(Data)
    assert set(built) == names - {"failed_sites"}
    assert optional <= names
    assert first_problem(built, ranges(), "data") is None


def test_setup_keeps_what_initial_data_builds() -> None:
    assert new()._state["data"] == initial_data("companion")
