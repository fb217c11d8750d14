""""My decks" is a game feature: any game whose ``data`` option has a card editor gets the
screens, and the app names no game. Shown with the tests' demo game given a deck of tiny
cards (a number and the VP it scores) for the length of a test."""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from automa.app.controller import Controller
from automa.app.decks.my_decks import PREFIX
from automa.core import game as core_game
from automa.core.card_editor import CardEditor
from automa.core.errors import InvalidOption
from automa.core.game import OptionSpec
from automa.core.i18n import msg
from automa.core.records import MessageRef
from tests import demo_game
from tests.app.test_controller import app
from tests.app.test_saves import MemoryKV

ROOT = Path(__file__).resolve().parents[2]
GLORY = "glory_of_civilizations"
VPS = (0, 1, 2)


def _fields(card: Any) -> list[dict[str, Any]]:
    return [{"path": "number", "kind": "int", "lo": 1, "hi": 9, "label": msg("demo.ed.number")},
            {"path": "vp", "kind": "choice", "choices": list(VPS),
             "choice_labels": [msg("demo.ed.vp_n", n=v) for v in VPS], "label": msg("demo.ed.vp")}]


def _with_field(card: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    if path not in ("number", "vp"):
        raise InvalidOption("demo.error.field")
    return {**card, path: value}


def _card_problems(card: Any) -> list[tuple[str, MessageRef]]:
    if not isinstance(card, dict):
        return [("", msg("demo.error.card"))]
    number = card.get("number")
    return ([] if card.get("vp") in VPS else [("vp", msg("demo.error.vp"))]) + (
        [] if type(number) is int and 1 <= number <= 9 else [("number", msg("demo.error.n"))])


def _deck_problems(cards: Any) -> list[MessageRef]:
    if not isinstance(cards, list):
        return [msg("demo.error.list")]
    small = [msg("demo.error.small")] if len(cards) < 2 else []
    return small + [p for c in cards for _, p in _card_problems(c)]


def _read(text: Any) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    try:
        raw = json.loads(text)
    except (TypeError, ValueError, RecursionError):
        raise InvalidOption("demo.error.json") from None
    cards = raw.get("cards") if isinstance(raw, dict) else raw
    if not isinstance(cards, list) or not all(isinstance(c, dict) for c in cards):
        raise InvalidOption("demo.error.list")
    return ({k: v for k, v in raw.items() if k != "cards"} if isinstance(raw, dict) else {},
            cards)


def _checked(cards: Any) -> list[dict[str, Any]]:
    if _deck_problems(cards):
        raise InvalidOption("demo.error.deck")
    return [dict(c) for c in cards]


TINY = CardEditor(
    max_cards=9, fields=_fields, field_value=lambda card, path: card.get(path),
    with_field=_with_field, blank_card=lambda n: {"number": n, "vp": 0},
    starter_cards=lambda: [{"number": 1, "vp": 1}, {"number": 2, "vp": 2}],
    starter_label="demo.ed.starter", card_problems=_card_problems, deck_problems=_deck_problems,
    read=_read, to_file=lambda cards: json.dumps({"game": "demo", "cards": cards}),
    from_file=lambda text: _checked(_read(text)[1]))


@pytest.fixture
def decked(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The demo game with a deck of the player's own tiny cards (for this test only)."""
    deck = OptionSpec("deck", "data", None, label="demo.option.deck",
                      validate=lambda v: None if v is None else _checked(v), editor=TINY)
    game = dataclasses.replace(demo_game.GAME, options=(*demo_game.GAME.options, deck))
    monkeypatch.setitem(core_game._REGISTRY, "demo", game)
    yield


def stored(kv: MemoryKV, deck_id: str) -> dict[str, Any]:
    found: dict[str, Any] = json.loads(kv.data[PREFIX + deck_id])
    return found


def new_deck(c: Controller, game: str, source: str = "blank") -> str:
    c.route(f"#/decks/{game}")
    go = c.tap("deck-new", source, {}).go or ""
    assert go.startswith("#/deck/")
    return go.split("/")[2]


def test_a_second_game_with_keyed_in_cards_gets_my_decks_without_an_app_change(
        decked: None) -> None:
    kv = MemoryKV()
    c = app(kv)
    home = c.route("#/").body
    assert 'href="#/decks/demo"' in home and f'href="#/decks/{GLORY}"' in home
    glory_deck = new_deck(c, GLORY, "companion")
    deck_id = new_deck(c, "demo")
    assert stored(kv, deck_id)["game"] == "demo"
    assert stored(kv, deck_id)["cards"] == [{"number": 1, "vp": 0}]
    screen = c.route(f"#/deck/{deck_id}/0").body
    assert 'data-field="vp"' in screen and "<svg" not in screen  # the demo draws no cards
    c.desk.field(0, "vp", "2")  # a choice among numbers is kept as the number
    c.tap("deck-add", "", {})
    assert stored(kv, deck_id)["cards"] == [{"number": 1, "vp": 2}, {"number": 2, "vp": 0}]
    assert glory_deck not in c.route("#/decks/demo").body
    assert deck_id not in c.route(f"#/decks/{GLORY}").body

    offered = c.route("#/new/demo").body
    assert f'value="{deck_id}"' in offered and glory_deck not in offered
    c.tap("start", "demo", {"options": {}, "seed": "1", "deck": deck_id})
    assert c.session is not None and c.session.game_id == "demo"
    assert c.session.options["deck"] == [{"number": 1, "vp": 2}, {"number": 2, "vp": 0}]


def test_a_deck_opened_by_its_url_is_edited_with_its_own_games_editor(decked: None) -> None:
    kv = MemoryKV()
    c = app(kv)
    deck_id = new_deck(c, "demo", "companion")
    c.route(f"#/decks/{GLORY}")
    assert 'data-field="vp"' in c.route(f"#/deck/{deck_id}/1").body
    out = c.tap("deck-export", deck_id, {})
    assert out.download is not None and json.loads(out.download[1])["game"] == "demo"
    assert c.tap("deck-save", deck_id, {}).go == "#/decks/demo"


def test_a_game_without_a_card_editor_has_no_decks() -> None:
    """Without the fixture, the demo game keys in no cards: no link, no deck choice."""
    c = app(MemoryKV())
    assert 'href="#/decks/demo"' not in c.route("#/").body
    assert "deck-choice" not in c.route("#/new/demo").body


def test_the_app_names_no_game() -> None:
    """Everything a game brings (its decks, options, cards, guide) reaches the app through
    the game's definition: no game's id is written in ``py/automa/app/``."""
    ids = sorted(p.name for p in (ROOT / "py/automa/games").iterdir()
                 if (p / "__init__.py").is_file())
    assert len(ids) == 4
    named = [f"{path.relative_to(ROOT)}:{n}: {game}"
             for path in sorted((ROOT / "py/automa/app").rglob("*.py"))
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             for game in ids if re.search(rf"\b{game}\b", line)]
    assert named == []
