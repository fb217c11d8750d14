"""The AP's state layout: the ``Data`` record in ``state.py`` and the declared ranges agree,
key for key, so a value added to one and not the other fails here."""

from __future__ import annotations

import pytest

from automa.core.ranges import Items, Maybe, Range, Table, first_problem
from automa.games.civ_new_dawn import data as cards
from automa.games.civ_new_dawn.state import Caravan, Data, Resolving, initial_data, ranges
from tests.civ_new_dawn.play import data, new
from tests.state_layout import keys


def table(spec: Range | None) -> Table:
    """The table inside ``spec`` (through a ``Maybe``)."""
    if isinstance(spec, Maybe):
        spec = spec.inner
    assert isinstance(spec, Table)
    return spec


def test_data_names_exactly_the_keys_the_ranges_declare() -> None:
    declared = ranges()
    assert keys(Data) == (set(declared.fields), declared.optional)


def test_the_card_being_resolved_names_exactly_the_keys_the_ranges_declare() -> None:
    declared = table(ranges().fields["res"])
    assert keys(Resolving) == (set(declared.fields), declared.optional)
    caravan = declared.fields["caravans"]
    assert isinstance(caravan, Items)
    assert keys(Caravan) == (set(table(caravan.item).fields), frozenset())


@pytest.mark.parametrize("leader", cards.LEADERS)
def test_initial_data_lies_within_the_declared_ranges(leader: str) -> None:
    for humans in (1, 2, 3):
        built = initial_data(leader, "settler", humans)
        names, optional = keys(Data)
        assert set(built) == names - optional
        assert first_problem(built, ranges(), "data") is None


def test_setup_keeps_what_initial_data_builds() -> None:
    """Setup adds nothing the record does not name (the difficulty's level II cards only
    change the row)."""
    d = data(new(seed=3, leader="egypt", difficulty="king", humans=2))
    assert set(d) <= keys(Data)[0]
    assert {k: v for k, v in d.items() if k != "row"} == {
        k: v for k, v in initial_data("egypt", "king", 2).items() if k != "row"}
