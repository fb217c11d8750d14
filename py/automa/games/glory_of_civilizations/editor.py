"""The card editor's model: the fields of a card, a blank card, deck checks, JSON in and out.

The web screen and the command line key in the printed automa cards of a player's own box
with this model. A deck is checked by the same :func:`data.card_problems` as the companion
edition's TOML; every problem is a translated message naming the card and the field. Hostile
input (wrong types, unknown fields, huge texts, wrong counts) only ever raises
:class:`InvalidOption` with such a message, never anything else.
"""

from __future__ import annotations

import json
from typing import Any

from automa.core.errors import InvalidOption
from automa.core.i18n import msg
from automa.core.numbers import int_or, is_number_text

from . import data
from .data import GAME_ID

MIN_DECK = data.CARDS_PER_GAME
"""A game takes 12 random cards from the deck, so a deck needs at least 12."""
MAX_TYPED = 99_999
"""Typed numbers beyond this stay text (the check names them); none is near it."""
MAX_JSON_CHARS = 200_000
"""A deck of the largest size is far below this; anything longer is refused unread."""


def _m(key: str, **params: Any) -> dict[str, Any]:
    return msg(f"{GAME_ID}.{key}", **params)


def fields() -> list[dict[str, Any]]:
    """Every field of a card, in reading order: path, kind, allowed values and labels.

    ``path`` addresses the value inside a card (``priority.2.terrain`` is the second priority
    entry's terrain, counted from 1); ``kind`` is ``int`` or ``choice``.
    """
    out: list[dict[str, Any]] = [
        {"path": "number", "kind": "int", "lo": 1, "hi": data.MAX_CARD_NUMBER,
         "label": _m("editor.number")},
    ]
    for i in range(1, data.PRIORITY_ENTRIES + 1):
        out += [
            _choice(f"priority.{i}.terrain", data.terrains(), "terrain",
                    _m("editor.priority_terrain", n=i)),
            {"path": f"priority.{i}.number", "kind": "choice", "choices": list(data.NUMBERS),
             "choice_labels": [str(n) for n in data.NUMBERS],
             "label": _m("editor.priority_number", n=i)},
            _choice(f"priority.{i}.direction", data.directions(), "direction",
                    _m("editor.priority_direction", n=i)),
        ]
    out += [_choice(f"free.{i}", data.free_actions(), "free", _m("editor.free", n=i))
            for i in range(1, data.FREE_ACTIONS + 1)]
    out += [_choice(f"main.{i}", data.main_actions(), "main", _m("editor.main", n=i))
            for i in range(1, data.MAIN_ACTIONS + 1)]
    out.append({"path": "pointer", "kind": "choice", "choices": list(data.NUMBERS),
                "choice_labels": [_m("editor.pointer_row", n=n) for n in data.NUMBERS],
                "label": _m("editor.pointer")})
    return out


def _choice(path: str, values: tuple[str, ...], kind: str,
            label: dict[str, Any]) -> dict[str, Any]:
    return {"path": path, "kind": "choice", "choices": list(values),
            "choice_labels": [_m(f"{kind}.{v}") for v in values], "label": label}


def blank_card(number: int = 1) -> dict[str, Any]:
    """A card with the first allowed value in every field (the editor's starting point)."""
    t, d = data.terrains(), data.directions()
    return {
        "number": number,
        "priority": [{"terrain": t[0], "number": n, "direction": d[0]} for n in data.NUMBERS],
        "free": [data.free_actions()[0]] * data.FREE_ACTIONS,
        "main": [data.main_actions()[0]] * data.MAIN_ACTIONS,
        "pointer": 1,
    }


def _parts(path: str) -> list[str | int]:
    return [int(x) - 1 if is_number_text(x) else x for x in path.split(".")]


def field_value(card: dict[str, Any], path: str) -> Any:
    """The value of one field (``path`` as in :func:`fields`) of a card, or None."""
    value: Any = card
    for part in _parts(path):
        try:
            value = value[part]
        except (KeyError, IndexError, TypeError):
            return None
    return value


def with_field(card: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    """A copy of a card with one field set (``path`` as in :func:`fields`); numbers given as
    text (from a form) become numbers. Invalid values are kept: :func:`validate_deck` names
    them."""
    if path not in {f["path"] for f in fields()}:
        raise InvalidOption(f"{GAME_ID}.error.unknown_path")
    if isinstance(value, str) and (path in ("number", "pointer") or path.endswith(".number")):
        value = int_or(value, -MAX_TYPED, MAX_TYPED, value)  # else kept as typed: named
    *head, last = _parts(path)
    try:
        new = json.loads(json.dumps({**blank_card(), **card}))
    except (TypeError, ValueError, RecursionError):
        new = blank_card()
    for _ in range(2):
        try:
            target: Any = new
            for part in head:
                target = target[part]
            target[last] = value
            break
        except (TypeError, KeyError, IndexError):
            # a broken structure under this field (only a dotted path can meet one): start
            # that part afresh from the blank card
            new[str(head[0])] = blank_card()[str(head[0])]
    return dict(new)


def companion_cards() -> list[dict[str, Any]]:
    """The companion edition as editable cards (a starting point for keying in a deck)."""
    return [data.canonical(c) for c in data.companion_deck().values()]


def validate_deck(cards: Any, *, for_play: bool = True) -> list[dict[str, Any]]:
    """Every problem of a deck as translated messages (empty: the deck is fine).

    Each names the card (its position, or its number when it has a valid one) and the field.
    ``for_play`` also asks for at least :data:`MIN_DECK` cards.
    """
    if not isinstance(cards, list):
        return [_m("error.deck_not_list")]
    if len(cards) > data.MAX_DECK:
        return [_m("error.deck_too_big", n=data.MAX_DECK)]
    out: list[dict[str, Any]] = []
    if for_play and len(cards) < MIN_DECK:
        out.append(_m("error.deck_too_small", n=MIN_DECK, count=len(cards)))
    numbers: dict[int, int] = {}
    for pos, card in enumerate(cards, 1):
        label = _m("error.card_at", n=pos)
        out += [data.problem_ref(label, p) for p in data.card_problems(card)]
        if isinstance(card, dict) and "id" in card:
            out.append(data.problem_ref(label, ("id", "unknown_field", {})))
        number = card.get("number") if isinstance(card, dict) else None
        if isinstance(number, int) and not isinstance(number, bool):
            if number in numbers:
                out.append(data.problem_ref(label, ("number", "duplicate_number",
                                                    {"other": numbers[number]})))
            numbers.setdefault(number, pos)
    return out


def canonical_deck(cards: Any) -> list[dict[str, Any]]:
    """The deck in its canonical form, or :class:`InvalidOption` naming the first problem."""
    problems = validate_deck(cards)
    if problems:
        raise InvalidOption(f"{GAME_ID}.error.deck", first=problems[0], count=len(problems))
    return [data.canonical(c) for c in cards]


def deck_to_json(cards: list[dict[str, Any]]) -> str:
    """A deck as JSON text (what a player exports and keeps)."""
    return json.dumps({"game": GAME_ID, "edition": "custom",
                       "cards": [data.canonical(c) for c in canonical_deck(cards)]},
                      ensure_ascii=False, indent=1)


def deck_from_json(text: Any) -> list[dict[str, Any]]:
    """A deck read from JSON text (a bare list of cards, or ``{"cards": [...]}``), checked."""
    if not isinstance(text, str):
        raise InvalidOption(f"{GAME_ID}.error.deck_not_text")
    if len(text) > MAX_JSON_CHARS:
        raise InvalidOption(f"{GAME_ID}.error.deck_too_long", n=MAX_JSON_CHARS)
    try:
        raw = json.loads(text)
    except (ValueError, RecursionError):
        raise InvalidOption(f"{GAME_ID}.error.deck_not_json") from None
    if isinstance(raw, dict):
        if raw.get("game", GAME_ID) != GAME_ID:
            raise InvalidOption(f"{GAME_ID}.error.deck_other_game")
        raw = raw.get("cards")
    return canonical_deck(raw)


def option_value(value: Any) -> list[dict[str, Any]] | None:
    """The ``custom_deck`` option's validator: None (the companion edition) or a checked deck
    given as a list of cards or as JSON text; the deck's cards become known to the renderer."""
    if value is None or value == "" or value == []:
        return None
    cards = deck_from_json(value) if isinstance(value, str) else canonical_deck(value)
    data.register_custom(cards)
    return cards
