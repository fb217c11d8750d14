"""The Automa's state layout: the ``Data`` record in ``state.py`` and the declared ranges agree,
key for key, so a value added to one and not the other fails here."""

from __future__ import annotations

from typing import Any, NotRequired, get_origin, get_type_hints

import pytest

from automa.core.ranges import Maybe, Table, first_problem
from automa.games.age_of_innovation import data as cards
from automa.games.age_of_innovation.state import Data, FinalScoring, initial_data, ranges
from tests.age_of_innovation.play import new, through_setup


def keys(record: Any) -> tuple[set[str], frozenset[str]]:
    """A TypedDict's keys and its optional ones (read from the hints: with postponed
    annotations Python 3.11's ``__optional_keys__`` misses ``NotRequired``)."""
    hints = get_type_hints(record, include_extras=True)
    return set(hints), frozenset(k for k, t in hints.items() if get_origin(t) is NotRequired)


def test_data_names_exactly_the_keys_the_ranges_declare() -> None:
    declared = ranges()
    assert keys(Data) == (set(declared.fields), declared.optional)


def test_the_final_scoring_names_exactly_the_keys_the_ranges_declare() -> None:
    final = ranges().fields["final"]
    assert isinstance(final, Maybe) and isinstance(final.inner, Table)
    assert keys(FinalScoring) == (set(final.inner.fields), final.inner.optional)


@pytest.mark.parametrize("difficulty", cards.DIFFICULTIES)
def test_initial_data_lies_within_the_declared_ranges(difficulty: str) -> None:
    for faction in cards.factions():
        for humans in (1, 2):
            built = initial_data(difficulty, faction, humans)
            names, optional = keys(Data)
            assert set(built) == names - optional
            assert first_problem(built, ranges(), "data") is None


def test_setup_keeps_what_initial_data_builds() -> None:
    """The setup step adds only the tiles it draws; the rest of setup only fills in what
    initial_data leaves open (terrains, levels, first Workshops)."""
    s = new(faction="kuddlers", variant="two_players")
    d = s._state["data"]
    drawn = {"round_tiles", "final_tile"}
    assert set(d) == set(initial_data("automalein", "simpletons", 2)) | drawn
    assert {k: v for k, v in d.items() if k not in drawn} == initial_data(
        "automalein", "simpletons", 2)
    through_setup(s)
    assert set(s._state["data"]) <= keys(Data)[0]
