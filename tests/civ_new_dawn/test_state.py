"""The AP's state layout: the ``Data`` record in ``state.py`` and the declared ranges agree,
key for key, so a value added to one and not the other fails here."""

from __future__ import annotations

import json

import pytest

import automa
from automa.core.i18n import render
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


def test_a_save_whose_focus_row_holds_the_same_card_five_times_is_refused_by_name() -> None:
    """Issue 33, point 8: the AP's focus row holds five different cards (AP rules, setup:
    one focus card of each type). A save whose row holds one card five times is refused,
    naming the field and the reason — not accepted and played on."""
    s = automa.new_game("civ_new_dawn", {"leader": "rome"}, seed=3)
    saved = json.loads(s.to_json())
    saved["snapshot"]["data"]["row"] = [saved["snapshot"]["data"]["row"][0]] * 5
    with pytest.raises(automa.UnreadableSave) as refused:
        automa.load_game(json.dumps(saved))
    text = render(refused.value.key, refused.value.params, "en")
    assert "row.1" in text and "a second time" in text
