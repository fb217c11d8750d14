"""Card-data loading: every error names the file, the card and the field."""

from __future__ import annotations

from pathlib import Path

import pytest

from automa.core import cards
from automa.core.cards import Field, Schema, dispute_of, load_records, value_of
from automa.core.errors import InvalidCardData

SCHEMA = Schema({
    "id": Field(int),
    "income": Field(bool),
    "track": Field(str, choices=("science", "military")),
    "order": Field(list, item_type=str),
    "note": Field(str, required=False),
    "vp": Field(int, required=False, disputable=True),
})
HEADER = 'schema_version = 1\ngame = "g"\nsource = "test"\nverified = true\n'
GOOD = HEADER + """
[[card]]
id = 1
income = true
track = "science"
order = ["a", "b"]
vp = { value = 2, disputed = true, alternatives = [4], note = "sources differ" }
"""


@pytest.fixture
def card_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(cards, "cards_dir", lambda game: tmp_path / game)
    cards._LOADED.clear()
    (tmp_path / "g").mkdir()
    return tmp_path / "g"


def load(card_dir: Path, text: str) -> tuple[dict[str, object], ...]:
    (card_dir / "deck.toml").write_text(text, encoding="utf-8")
    cards._LOADED.clear()
    return load_records("g", "deck.toml", "card", SCHEMA)


def test_valid_data_loads_with_disputed_values(card_dir: Path) -> None:
    (record,) = load(card_dir, GOOD)
    assert value_of(record["vp"]) == 2
    dispute = dispute_of(record["vp"])
    assert dispute is not None and dispute["alternatives"] == [4]
    assert value_of(record["track"]) == "science" and dispute_of(record["track"]) is None


@pytest.mark.parametrize(("change", "field", "problem"), [
    (('track = "science"', 'track = "magic"'), "track", "is not one of"),
    (("income = true", "income = 1"), "income", "expected bool"),
    (('order = ["a", "b"]', 'order = ["a", 2]'), "order", "list item"),
    (("income = true\n", ""), "income", "missing"),
    (("id = 1\n", 'id = 1\ncolour = "red"\n'), "colour", "unknown field"),
    (('track = "science"', 'track = "EXAMPLE"'), "track", "placeholder"),
])
def test_an_error_names_file_card_and_field(card_dir: Path, change: tuple[str, str],
                                            field: str, problem: str) -> None:
    with pytest.raises(InvalidCardData) as info:
        load(card_dir, GOOD.replace(*change))
    params = info.value.params
    assert params["file"] == "cards/g/deck.toml" and params["card"] == "1"
    assert params["field"] == field and problem in params["problem"]
    assert "deck.toml" in info.value.message("uk")


def test_a_missing_header_field_is_named(card_dir: Path) -> None:
    with pytest.raises(InvalidCardData) as info:
        load(card_dir, GOOD.replace('source = "test"\n', ""))
    assert info.value.params["field"] == "source"


def test_broken_toml_and_a_missing_file_are_reported(card_dir: Path) -> None:
    with pytest.raises(InvalidCardData) as info:
        load(card_dir, GOOD + "\n[[card\n")
    assert "not valid TOML" in info.value.params["problem"]
    with pytest.raises(InvalidCardData) as info:
        load_records("g", "other.toml", "card", SCHEMA)
    assert info.value.params["problem"] == "file missing"


def test_duplicate_ids_are_refused(card_dir: Path) -> None:
    with pytest.raises(InvalidCardData) as info:
        load(card_dir, GOOD + GOOD[len(HEADER):])
    assert info.value.params["problem"] == "duplicate id"
