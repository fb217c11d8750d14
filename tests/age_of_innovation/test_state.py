"""The Automa's state layout: the ``Data`` record in ``state.py`` and the declared ranges agree,
key for key, so a value added to one and not the other fails here."""

from __future__ import annotations

from pathlib import Path

import pytest

import automa.games.age_of_innovation as package
from automa.core.i18n import msg
from automa.core.ranges import Maybe, Table, first_problem
from automa.games.age_of_innovation import data as cards
from automa.games.age_of_innovation.state import Data, FinalScoring, initial_data, k, m, ranges
from tests.age_of_innovation.play import new, through_setup
from tests.state_layout import keys, literal_ids

PACKAGE = Path(package.__file__).parent


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


def test_message_ids_are_in_the_games_namespace() -> None:
    assert k("log.pass_points") == "age_of_innovation.log.pass_points"
    assert m("turn.round", round=2) == msg("age_of_innovation.turn.round", round=2)


@pytest.mark.parametrize("module", sorted(p.name for p in PACKAGE.glob("*.py")))
def test_no_module_spells_a_message_id_literally(module: str) -> None:
    """Issue 19, item 4: message ids go through ``k()``/``m()``."""
    source = (PACKAGE / module).read_text(encoding="utf-8")
    assert literal_ids(source, cards.GAME_ID) == []
