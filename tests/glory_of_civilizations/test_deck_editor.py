"""The companion edition and the card editor's model: one schema for both decks, hostile
input refused with translated errors naming card and field."""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

import pytest

import automa
from automa.core.cards import read_toml
from automa.core.errors import InvalidOption
from automa.core.i18n import catalog, render
from automa.core.records import MessageRef
from automa.games.glory_of_civilizations import data, editor
from automa.games.glory_of_civilizations.rounds import reform_choice
from tests.glory_of_civilizations.play import G, card, deck, new
from tests.sessions import key_of


def _companion_cards() -> list[dict[str, Any]]:
    return [data.canonical(c) for c in data.companion_deck().values()]


def _keys(problems: list[MessageRef]) -> list[str]:
    return [p["params"]["problem"]["key"].rsplit(".", 1)[1] for p in problems
            if p["key"] == f"{G}.error.card_field"]


def test_companion_edition_passes_the_same_schema_as_an_edited_deck() -> None:
    """The companion deck, keyed in as a player's deck, has no problem at all."""
    assert editor.validate_deck(_companion_cards()) == []
    assert editor.deck_from_json(json.dumps(_companion_cards())) == _companion_cards()


def test_companion_edition_is_labelled_as_ours() -> None:
    """The deck file says edition = "companion" and its source says it is our design."""
    raw = read_toml(G, data.COMPANION_FILE)
    assert raw["edition"] == "companion" and "not a publisher" in raw["source"]


def test_companion_edition_mix_makes_a_sound_opponent() -> None:
    """At least 24 cards; every main action appears; pointers and numbers spread evenly;
    every card ends in an always-possible economy action (the fall-through never dead-ends)."""
    cards = _companion_cards()
    assert len(cards) >= 24
    mains = Counter(a for c in cards for a in c["main"])
    assert set(mains) == set(data.main_actions())
    pointers = Counter(c["pointer"] for c in cards)
    assert max(pointers.values()) - min(pointers.values()) <= 1
    for pos in range(4):
        numbers = Counter(c["priority"][pos]["number"] for c in cards)
        assert max(numbers.values()) - min(numbers.values()) <= 1
    dirs = Counter(e["direction"] for c in cards for e in c["priority"])
    assert max(dirs.values()) - min(dirs.values()) <= 1
    assert all(c["main"][3] in ("gather", "produce", "market") for c in cards)
    assert all(len(set(c["main"])) == 4 for c in cards)
    firsts = Counter(c["priority"][0]["number"] for c in cards)
    assert firsts[4] == len(cards) // 4  # "4 = skip" (reform) and "4 = +1 vote" on a quarter


def test_companion_edition_reaches_every_technology_and_every_reform() -> None:
    """Technology by the number pairs (n1,n2), (n2,n3), (n3,n4) and the reform by the first
    numbers: the companion cards reach every row/column of a 4 × 4 field (the diagonal too)
    and every government with every religion, so no spot or pairing is safe from it."""
    cards = _companion_cards()
    pairs = Counter((c["priority"][a]["number"], c["priority"][b]["number"])
                    for c in cards for a, b in ((0, 1), (1, 2), (2, 3)))
    assert len(pairs) == 16 and min(pairs.values()) >= 3
    reforms = {reform_choice([e["number"] for e in c["priority"]])[:2] for c in cards}
    assert len(reforms) == len(data.governments()) * len(data.religions())


def test_companion_edition_fall_through_is_sound() -> None:
    """Every planned action falls through to something possible: walking each card's list
    from every row the pointers can name ends in an economy action (always possible) unless
    the list runs out below row 4 — which only happens when the pointer names row 4 itself,
    an economy action. Every action sits in a row a pointer names (no dead rows)."""
    cards = _companion_cards()
    economy = ("gather", "produce", "market")
    for c in cards:
        for start in range(4):
            assert any(a in economy for a in c["main"][start:])
        # in age I a castle is a city: the same search right after a failed one is no choice
        assert all(c["main"][i:i + 2] != ["build_city", "build_castle"] for i in range(3))
    rows_named = Counter(c["pointer"] for c in cards)
    assert set(rows_named) == {1, 2, 3, 4}


def test_editor_fields_cover_every_card_field_with_vocabularies() -> None:
    """The field list names every value of a card with its allowed values and labels."""
    fields = editor.fields()
    paths = [f["path"] for f in fields]
    assert len(paths) == 1 + 4 * 3 + 2 + 4 + 1
    terrain = next(f for f in fields if f["path"] == "priority.1.terrain")
    assert terrain["choices"] == list(data.terrains())
    for f in fields:
        for lang in ("en", "uk"):
            assert f["label"]["key"] in catalog(lang)
            for lab in f.get("choice_labels", []):
                if isinstance(lab, dict):
                    assert lab["key"] in catalog(lang)


def test_blank_card_is_valid() -> None:
    """The editor's starting card passes the check."""
    assert data.card_problems(editor.blank_card()) == []


@pytest.mark.parametrize(("mutate", "field", "problem"), [
    (lambda c: c.update(number="7"), "number", "bad_number"),
    (lambda c: c.update(number=True), "number", "bad_number"),
    (lambda c: c.update(pointer=5), "pointer", "bad_pointer"),
    (lambda c: c.update(pointer=None), "pointer", "bad_pointer"),
    (lambda c: c.update(free=["tech"]), "free", "bad_count"),
    (lambda c: c.update(main=["gather"] * 5), "main", "bad_count"),
    (lambda c: c["main"].__setitem__(2, "fly"), "main.3", "bad_choice"),
    (lambda c: c.update(priority="x"), "priority", "bad_count"),
    (lambda c: c["priority"].__setitem__(1, [1]), "priority.2", "not_an_entry"),
    (lambda c: c["priority"][0].update(terrain="lava"), "priority.1.terrain", "bad_choice"),
    (lambda c: c["priority"][3].update(number=0), "priority.4.number", "bad_number"),
    (lambda c: c["priority"][2].update(direction={"a": 1}), "priority.3.direction",
     "bad_choice"),
    (lambda c: c["priority"][2].update(colour="red"), "priority.3.colour", "unknown_field"),
    (lambda c: c.update(sneaky=1), "sneaky", "unknown_field"),
    (lambda c: c.update({"x" * 5000: 1}), "x" * 37 + "...", "unknown_field"),
])
def test_hostile_card_fields_are_named(mutate: Any, field: str, problem: str) -> None:
    """Each bad value gives a translated message naming the card and the field (by the label
    the editor shows it under; ``path`` keeps its address)."""
    cards = deck()
    mutate(cards[4])
    problems = editor.validate_deck(cards)
    assert problems, "not caught"
    p = problems[0]
    assert p["params"]["path"] == field and _keys(problems)[0] == problem
    assert p["params"]["field"]["key"].startswith(f"{G}.editor.")
    assert p["params"]["card"]["params"]["n"] == 5
    for lang in ("en", "uk"):
        text = render(p["key"], p["params"], lang)
        assert not re.search(r"\{[a-z_]+\}", text) and G not in text and len(text) < 400


@pytest.mark.parametrize("value", [
    "not json", "[", "{}", "null", "42", '"text"', "[1, 2]", '{"cards": 3}',
    '{"game": "tapestry", "cards": []}', json.dumps([card(1)] * 3),
    json.dumps(deck(61)), "[" * 100000 + "]" * 100000, "x" * 300_000,
    json.dumps([*deck(12), card(12)]),
])
def test_hostile_deck_json_raises_only_typed_translated_errors(value: str) -> None:
    """deck_from_json never raises anything but InvalidOption, with a message in en and uk."""
    with pytest.raises(InvalidOption) as e:
        editor.deck_from_json(value)
    for lang in ("en", "uk"):
        assert e.value.key in catalog(lang)
        assert not re.search(r"\{[a-z_]+\}", e.value.message(lang))


@pytest.mark.parametrize("value", [3, 4.5, True, {"a": 1}, [None] * 12, b"bytes"])
def test_hostile_option_values_are_refused(value: Any) -> None:
    """The custom_deck option refuses non-decks with a typed error, starting nothing."""
    with pytest.raises(InvalidOption):
        automa.new_game(G, {"custom_deck": value}, seed=1)


def test_deck_needs_twelve_cards_to_play() -> None:
    """A game takes 12 random cards: 11 are refused, 12 are fine."""
    problems = editor.validate_deck(deck(11))
    assert [p["key"] for p in problems] == [f"{G}.error.deck_too_small"]
    assert editor.validate_deck(deck(12)) == []
    assert editor.validate_deck(deck(3), for_play=False) == []


def test_duplicate_card_numbers_are_named() -> None:
    """Two cards with one number: the second is named with the first's position."""
    cards = deck(12)
    cards[7]["number"] = 2
    assert _keys(editor.validate_deck(cards)) == ["duplicate_number"]


def test_deck_json_round_trip_and_canonical_form() -> None:
    """Export then import gives the same deck; extra whitespace or key order do not matter."""
    cards = deck(12)
    text = editor.deck_to_json(cards)
    assert editor.deck_from_json(text) == cards
    assert json.loads(text)["edition"] == "custom"
    assert editor.deck_from_json(json.dumps(cards, indent=4, sort_keys=True)) == cards


def test_custom_deck_travels_inside_saves_and_replays() -> None:
    """A player's deck is part of the options: a save carries it and loads the same game."""
    s = new({}, deck(12, main=["produce", "gather", "market", "gather"]), seed=3)
    for _ in range(6):
        s.answer(True)
    text = s.to_json()
    assert json.loads(text)["options"]["custom_deck"][0]["main"][0] == "produce"
    assert automa.load_game(text) == s
    assert s._state["data"]["edition"] == "custom"
    assert all(c.startswith("u") for c in s._state["piles"]["deck"]["cards"])


def test_the_game_says_which_deck_is_in_use() -> None:
    """The view and the log name the deck: companion edition or your deck."""
    for cards, edition in ((None, "companion"), (deck(12), "custom")):
        s = new({}, cards)
        rows = s.view()["sections"][0]["rows"]
        assert key_of(rows[0]["value"]) == f"{G}.edition_view.{edition}"
        assert s._log[0]["action"]["key"] == f"{G}.log.edition_{edition}"


def test_option_schema_marks_the_deck_as_no_plain_form_field() -> None:
    """OptionSpec "data": the UI gets form_field False and the default as the only choice."""
    spec = next(g for g in automa.games() if g["id"] == G)
    opt = next(o for o in spec["options"] if o["id"] == "custom_deck")
    assert opt["type"] == "data" and opt["form_field"] is False and opt["choices"] == [None]
    others = [o for o in spec["options"] if o["id"] != "custom_deck"]
    assert all(o["form_field"] for o in others)


def test_cli_plays_with_a_deck_file(tmp_path: Any, capsys: Any) -> None:
    """python -m automa play glory_of_civilizations --deck FILE loads it through the check."""
    import io

    from automa.cli import main

    good = tmp_path / "deck.json"
    good.write_text(editor.deck_to_json(deck(12)), encoding="utf-8")
    assert main(["play", G, "--seed", "1", "--deck", str(good)], io.StringIO("q\n")) == 0
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(deck(5)), encoding="utf-8")
    assert main(["play", G, "--seed", "1", "--deck", str(bad)], io.StringIO("q\n")) == 2
    assert "12" in capsys.readouterr().err
    assert main(["play", G, "--deck", str(tmp_path / "none.json")], io.StringIO("q\n")) == 2


def test_editor_reads_and_sets_fields_by_path() -> None:
    """Fields are read and set by their path; form text becomes numbers; bad values stay
    for the check to name; unknown paths are refused."""
    c = editor.blank_card(3)
    c2 = editor.with_field(c, "priority.2.terrain", "forest")
    c2 = editor.with_field(c2, "priority.2.number", "3")
    c2 = editor.with_field(c2, "main.4", "battles")
    c2 = editor.with_field(c2, "pointer", "2")
    assert c["priority"][1]["terrain"] == data.terrains()[0]  # the original is unchanged
    assert editor.field_value(c2, "priority.2.terrain") == "forest"
    assert editor.field_value(c2, "priority.2.number") == 3
    assert (editor.field_value(c2, "main.4"), c2["pointer"]) == ("battles", 2)
    assert editor.field_value(c2, "priority.9.number") is None
    bad = editor.with_field(c2, "free.1", "x" * 1000)
    assert _keys(editor.validate_deck([bad], for_play=False)) == ["bad_choice"]
    with pytest.raises(InvalidOption):
        editor.with_field(c2, "priority.1.colour", "red")


def test_companion_cards_are_an_editable_starting_point() -> None:
    """The companion edition can be taken as the start of one's own deck."""
    cards = editor.companion_cards()
    assert editor.validate_deck(cards) == [] and "id" not in cards[0]


@pytest.mark.parametrize("broken", [None, "card", {"priority": "x"}, {"priority": [1]},
                                    {"main": {"a": 1}}, {"free": [b"x"]}])
def test_editor_repairs_broken_structure_when_a_field_is_set(broken: Any) -> None:
    """Setting a field on a broken card never raises: the broken part starts afresh."""
    c = editor.with_field(broken, "priority.4.direction", "sw")
    assert c["priority"][3]["direction"] == "sw"
    c = editor.with_field(broken, "main.2", "market")
    assert c["main"][1] == "market"


def test_a_tampered_deck_in_a_save_is_refused_with_a_typed_error() -> None:
    """A save whose deck was broken by hand does not load; the error says why."""
    from automa.core.errors import AutomaError

    s = new({}, deck(12), seed=2)
    s.answer(True)
    save = json.loads(s.to_json())
    save["options"]["custom_deck"][3]["pointer"] = 9
    with pytest.raises(AutomaError) as e:
        automa.load_game(json.dumps(save))
    assert "pointer" in json.dumps(e.value.to_json())
