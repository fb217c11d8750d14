"""The "My decks" presenter: hostile stored decks, the editor's form, the deck choice."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from automa.app.decks import my_decks as decks
from automa.app.words import Words
from automa.games.glory_of_civilizations import editor

W = Words("en")


def _glory() -> decks.DeckGame:
    found = decks.deck_game("glory_of_civilizations")
    assert found is not None
    return found


GLORY = _glory()


def _text(cards: object, name: str = "Box") -> str:
    return json.dumps({"name": name, "cards": cards})


@pytest.mark.parametrize("text", [None, "", "{", "[1, 2]", '{"cards": 5}', "x" * 300_000,
                                  '{"cards": [[]]}', "[" * 5000])
def test_a_hostile_stored_deck_gives_an_error_not_an_exception(text: object) -> None:
    """Every value read back from storage is hostile: a broken one is named, never raises."""
    found = decks.read_deck(GLORY, "d1", text, W)
    assert found["error"] and found["cards"] == []


def test_a_companion_copy_is_playable_and_shown_in_the_deck_choice() -> None:
    found = decks.read_deck(GLORY, "d1", _text(decks.new_cards(GLORY, "companion")), W)
    assert found["error"] == "" and found["problems"] == [] and found["name"] == "Box"
    html = str(decks.deck_choice(GLORY, [found], W))
    assert 'value="d1"' in html and "Box" in html


def test_a_deck_with_a_wrong_field_names_card_and_field_and_is_not_offered() -> None:
    cards = decks.new_cards(GLORY, "companion")
    cards[0] = editor.with_field(cards[0], "main.1", "fly")
    found = decks.read_deck(GLORY, "d2", _text(cards), W)
    assert found["problems"] and "card 1" in found["problems"][0].lower()
    html = str(decks.deck_choice(GLORY, [found], W))
    assert 'value="d2"' not in html and "cannot be played" in html
    form = str(decks.editor_screen(GLORY, found, 0, W))
    assert 'aria-invalid="true"' in form and 'data-field="main.1"' in form


def test_a_small_deck_is_not_playable() -> None:
    found = decks.read_deck(GLORY, "d3", _text(decks.new_cards(GLORY, "blank")), W)
    assert any(str(editor.MIN_DECK) in p for p in found["problems"])


def test_the_editor_shows_every_field_and_a_preview_of_a_valid_card() -> None:
    found = decks.read_deck(GLORY, "d1", _text(decks.new_cards(GLORY, "companion")), W)
    html = str(decks.editor_screen(GLORY, found, 2, W))
    assert all(f'data-field="{f["path"]}"' in html for f in editor.fields())
    assert "<svg" in html and "onclick" not in html


def test_add_duplicate_remove_keep_card_numbers_distinct() -> None:
    cards = decks.new_cards(GLORY, "blank")
    cards = decks.add_card(GLORY, cards)
    cards = decks.add_card(GLORY, cards, 0)
    assert [c["number"] for c in cards] == [1, 2, 3]
    assert decks.remove_card(cards, 1) == [cards[0], cards[2]]


def test_a_form_value_becomes_the_value_the_card_keeps() -> None:
    assert decks.field_value_from_form(GLORY, "priority.1.number", "2") == 2
    assert decks.field_value_from_form(GLORY, "main.1", "nonsense") == "nonsense"


def test_ukrainian_screens_have_no_missing_messages() -> None:
    uk = Words("uk")
    found = decks.read_deck(GLORY, "d1", _text(decks.new_cards(GLORY, "companion")), uk)
    html = (str(decks.decks_screen(GLORY, [found], "", uk))
            + str(decks.editor_screen(GLORY, found, 0, uk)))
    assert "web.decks" not in html and "Мої колоди" in html


def test_the_editor_keys_the_amounts_a_printed_card_shows_with_a_note() -> None:
    """Issue 20, B5: after each action that prints amounts, the form offers them as numbers
    (the rulebook's pre-filled) with a note; directions carry the note that they are a
    guess."""
    cards = decks.new_cards(GLORY, "companion")
    gather = next(i for i, c in enumerate(cards) if "gather" in c["main"])
    row = cards[gather]["main"].index("gather") + 1
    found = decks.read_deck(GLORY, "d4", _text(cards), W)
    html = str(decks.editor_screen(GLORY, found, gather, W))
    assert f'data-field="amounts.main.{row}.food"' in html and 'value="1"' in html
    assert "enter what your card shows" in html and "guess" in html


def test_a_wrong_entry_is_marked_and_the_marks_are_styled() -> None:
    """A wrong value (card number 0) is marked on its control, its message and its card tab,
    and the page's stylesheet draws each mark, and the tab of the card being edited: on a
    phone none of them may read as plain text or a plain button."""
    cards = decks.new_cards(GLORY, "companion")
    cards[0] = editor.with_field(cards[0], "number", 0)
    found = decks.read_deck(GLORY, "d4", _text(cards), W)
    form = str(decks.editor_screen(GLORY, found, 0, W))
    assert 'aria-invalid="true"' in form and 'class="error"' in form
    assert re.search(r'class="chip on bad"', form)
    css = (Path(__file__).resolve().parents[2] / "web" / "style.css").read_text("utf-8")
    for rule in (r"\.error\s*\{[^}]*color", r'\.field \[aria-invalid="true"\]\s*\{[^}]*border',
                 r"\.chip\.bad\s*\{[^}]*border", r"\.chip\.on\s*\{[^}]*background"):
        assert re.search(rule, css), rule
