"""OptionSpec type "data": an option whose value is JSON data checked by the game's validator
(e.g. a deck of cards keyed in by the player), carried in saves like any option."""

from __future__ import annotations

from typing import Any

import pytest

from automa.core.errors import InvalidOption
from automa.core.game import OptionSpec


def _only_lists(value: Any) -> Any:
    if value is None:
        return None
    if not isinstance(value, list):
        raise InvalidOption("error.option.bad_value", option="deck", value=str(value)[:20],
                            allowed=[])
    return [int(v) for v in value]


def test_data_option_is_checked_and_made_canonical_by_its_validator() -> None:
    """coerce() returns the validator's canonical value."""
    spec = OptionSpec("deck", "data", None, validate=_only_lists)
    assert spec.coerce([1, 2]) == [1, 2]
    assert spec.coerce(None) is None


def test_data_option_errors_are_the_validators_typed_errors() -> None:
    """A bad value raises the validator's InvalidOption, nothing else."""
    spec = OptionSpec("deck", "data", None, validate=_only_lists)
    with pytest.raises(InvalidOption):
        spec.coerce("nope")


def test_data_option_without_validator_passes_the_value() -> None:
    """No validator: the value is kept as given."""
    assert OptionSpec("x", "data", None).coerce({"a": 1}) == {"a": 1}


def test_data_option_schema_is_not_a_plain_form_field() -> None:
    """to_json marks it (form_field False) and offers only the default as a choice."""
    out = OptionSpec("deck", "data", None, label="g.deck").to_json()
    assert out["type"] == "data" and out["form_field"] is False and out["choices"] == [None]
    assert OptionSpec("n", "int", 1, (1, 2)).to_json()["form_field"] is True
