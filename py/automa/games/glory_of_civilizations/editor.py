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

from automa.core.card_editor import DECK, CardEditor, upgrade_deck
from automa.core.checks import read_json
from automa.core.errors import InvalidOption
from automa.core.numbers import int_or, is_number_text
from automa.core.records import MessageRef

from . import data
from .data import GAME_ID

MIN_DECK = data.CARDS_PER_GAME
"""A game takes 12 random cards from the deck, so a deck needs at least 12."""
MAX_TYPED = 99_999
"""Typed numbers beyond this stay text (the check names them); none is near it."""
MAX_JSON_CHARS = 200_000
"""A deck of the largest size is far below this; anything longer is refused unread."""


_m = data.m


def fields(card: Any = None) -> list[dict[str, Any]]:
    """Every field of a card, in reading order: path, kind, allowed values, label and, where
    our vocabulary is a guess, a ``note``.

    ``path`` addresses the value inside a card (``priority.2.terrain`` is the second priority
    entry's terrain, counted from 1); ``kind`` is ``int`` or ``choice``. With a ``card``, the
    amounts its actions print follow each action (``amounts.free.1.coins``: what the first
    free action gives, when the printed card shows another number than the rulebook).
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
            {**_choice(f"priority.{i}.direction", data.directions(), "direction",
                       _m("editor.priority_direction", n=i)),
             **({"note": _m("editor.direction_note")} if i == 1 else {})},
        ]
    for kind, n in data.SLOTS.items():
        for i in range(1, n + 1):
            out.append(_choice(f"{kind}.{i}", _actions(kind), kind, _m(f"editor.{kind}", n=i)))
            out += _amount_fields(card, kind, i)
    out.append({"path": "pointer", "kind": "choice", "choices": list(data.NUMBERS),
                "choice_labels": [_m("editor.pointer_row", n=n) for n in data.NUMBERS],
                "label": _m("editor.pointer")})
    return out


def _actions(kind: str) -> tuple[str, ...]:
    return data.free_actions() if kind == "free" else data.main_actions()


def _amount_fields(card: Any, kind: str, i: int) -> list[dict[str, Any]]:
    """The amounts the action in slot ``i`` prints, each an editable number."""
    action = field_value(card, f"{kind}.{i}") if isinstance(card, dict) else None
    if action not in _actions(kind):
        return []
    return [{"path": f"amounts.{kind}.{i}.{name}", "kind": "int", "lo": 0,
             "hi": data.MAX_AMOUNT, "default": default,
             "label": _m("editor.amount", slot=_m(f"editor.{kind}", n=i),
                         what=_m(f"amount.{name}")),
             "note": _m("editor.amount_note", n=default)}
            for name, default in data.amount_defaults(kind, str(action)).items()]


def field_label(path: str, card: Any = None) -> MessageRef:
    """The name of a card's field as the editor shows it (a field the model does not know:
    its name as given)."""
    for f in fields(card):
        if f["path"] == path:
            label: MessageRef = f["label"]
            return label
    parts = path.split(".")
    if path in ("priority", "free", "main", "amounts"):
        return _m(f"editor.all_{path}")
    if len(parts) == 2 and parts[0] == "priority" and parts[1].isdigit():
        return _m("editor.priority_entry", n=int(parts[1]))
    if parts[0] == "amounts" and len(parts) >= 3 and parts[2].isdigit():
        return _m("editor.amount", slot=_m(f"editor.{parts[1]}", n=int(parts[2])),
                  what=parts[3] if len(parts) > 3 else "—")
    return _m("editor.named", name=path)


def _choice(path: str, values: tuple[str, ...], kind: str,
            label: MessageRef) -> dict[str, Any]:
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
    """The value of one field (``path`` as in :func:`fields`) of a card, or None; an amount
    the card does not key is the rulebook's."""
    if path.startswith("amounts."):
        return _amount_value(card, path)
    value: Any = card
    for part in _parts(path):
        try:
            value = value[part]
        except (KeyError, IndexError, TypeError):
            return None
    return value


def _amount_value(card: Any, path: str) -> Any:
    _, kind, i, name = [*path.split("."), "", "", ""][:4]
    try:
        keyed = card["amounts"][kind][int(i) - 1][name]
    except (KeyError, IndexError, TypeError, ValueError):
        action = field_value(card, f"{kind}.{i}") if kind in data.SLOTS else None
        if action in _actions(kind):
            return data.amount_defaults(kind, str(action)).get(name)
        return None
    return keyed


def with_field(card: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    """A copy of a card with one field set (``path`` as in :func:`fields`); numbers given as
    text (from a form) become numbers. Invalid values are kept: :func:`validate_deck` names
    them. A new action in a slot drops the amounts keyed for the old one."""
    known = {f["path"]: f for f in fields(card if isinstance(card, dict) else None)}
    if path not in known:
        raise InvalidOption(data.k("error.unknown_path"))
    if isinstance(value, str) and (known[path]["kind"] == "int" or path in ("number", "pointer")
                                   or path.endswith(".number")):
        value = int_or(value, -MAX_TYPED, MAX_TYPED, value)  # else kept as typed: named
    if path.startswith("amounts."):
        return _with_amount(card, path, value)
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
    kind = str(head[0]) if len(head) == 1 else ""
    if kind in data.SLOTS and isinstance(new.get("amounts"), dict):
        slots = new["amounts"].get(kind)
        if isinstance(slots, list) and isinstance(last, int) and last < len(slots):
            slots[last] = {}
    return dict(new)


def _with_amount(card: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    """A copy of a card with one amount keyed (the structure made where it is missing)."""
    _, kind, i, name = path.split(".")
    try:
        new = json.loads(json.dumps({**blank_card(), **card}))
    except (TypeError, ValueError, RecursionError):
        new = blank_card()
    amounts = new.get("amounts")
    if not isinstance(amounts, dict):
        amounts = new["amounts"] = {}
    slots = amounts.get(kind)
    if not isinstance(slots, list) or len(slots) != data.SLOTS[kind] or not all(
            isinstance(s, dict) for s in slots):
        slots = amounts[kind] = [{} for _ in range(data.SLOTS[kind])]
    slots[int(i) - 1][name] = value
    return dict(new)


def companion_cards() -> list[dict[str, Any]]:
    """The companion edition as editable cards (a starting point for keying in a deck)."""
    return [data.canonical(c) for c in data.companion_deck().values()]


def validate_deck(cards: Any, *, for_play: bool = True) -> list[MessageRef]:
    """Every problem of a deck as translated messages (empty: the deck is fine).

    Each names the card (its position, or its number when it has a valid one) and the field.
    ``for_play`` also asks for at least :data:`MIN_DECK` cards.
    """
    if not isinstance(cards, list):
        return [_m("error.deck_not_list")]
    if len(cards) > data.MAX_DECK:
        return [_m("error.deck_too_big", n=data.MAX_DECK)]
    out: list[MessageRef] = []
    if for_play and len(cards) < MIN_DECK:
        out.append(_m("error.deck_too_small", n=MIN_DECK, count=len(cards)))
    numbers: dict[int, int] = {}
    for pos, card in enumerate(cards, 1):
        label = _m("error.card_at", n=pos)
        out += [problem_ref(label, p, card) for p in data.card_problems(card)]
        if isinstance(card, dict) and "id" in card:
            out.append(problem_ref(label, ("id", "unknown_field", {}), card))
        number = card.get("number") if isinstance(card, dict) else None
        if isinstance(number, int) and not isinstance(number, bool):
            if number in numbers:
                out.append(problem_ref(label, ("number", "duplicate_number",
                                               {"other": numbers[number]}), card))
            numbers.setdefault(number, pos)
    return out


def problem_ref(card_label: Any, problem: data.CardProblem, card: Any = None) -> MessageRef:
    """A problem as a translated message naming the card and the field by the label the
    editor shows it under (``path`` keeps the field's address)."""
    path, key, params = problem
    return _m("error.card_field", card=card_label, field=field_label(path, card), path=path,
              problem=_m(f"error.{key}", **params))


def field_problems(card: Any) -> list[tuple[str, MessageRef]]:
    """What is wrong with one card, each problem by the path of its field."""
    return [(path, _m(f"error.{key}", **params)) for path, key, params in data.card_problems(card)]


def read_kept(text: Any) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A kept deck's text read back (hostile): its other fields (``{}`` for a bare list of
    cards) and its cards, drafts with problems too; :class:`InvalidOption` when it is too
    long, not JSON, or holds no list of at most :data:`data.MAX_DECK` cards."""
    raw = _parsed(text)
    cards = raw.get("cards") if isinstance(raw, dict) else raw
    if not isinstance(cards, list) or len(cards) > data.MAX_DECK:
        problem = validate_deck(cards)[0]
        raise InvalidOption(problem["key"], **problem["params"])
    if not all(isinstance(c, dict) for c in cards):
        raise InvalidOption(data.k("error.deck_not_list"))
    return ({k: v for k, v in raw.items() if k != "cards"} if isinstance(raw, dict) else {},
            cards)


def _parsed(text: Any) -> Any:
    """The JSON of a deck's text in the current deck format, refused unread when it is no
    text or too long (:class:`NewerFormat` when a newer version of the app wrote it)."""
    if not isinstance(text, str):
        raise InvalidOption(data.k("error.deck_not_text"))
    if len(text) > MAX_JSON_CHARS:
        raise InvalidOption(data.k("error.deck_too_long"), n=MAX_JSON_CHARS)
    try:
        found = read_json(text)
    except (ValueError, RecursionError):
        raise InvalidOption(data.k("error.deck_not_json")) from None
    return upgrade_deck(found)  # (a deck of an earlier format read through its migrations)


def canonical_deck(cards: Any) -> list[dict[str, Any]]:
    """The deck in its canonical form, or :class:`InvalidOption` naming the first problem."""
    problems = validate_deck(cards)
    if problems:
        raise InvalidOption(data.k("error.deck"), first=problems[0], count=len(problems))
    return [data.canonical(c) for c in cards]


def deck_to_json(cards: list[dict[str, Any]]) -> str:
    """A deck as JSON text (what a player exports and keeps)."""
    return json.dumps({"v": DECK.current, "game": GAME_ID, "edition": "custom",
                       "cards": [data.canonical(c) for c in canonical_deck(cards)]},
                      ensure_ascii=False, indent=1)


def deck_from_json(text: Any) -> list[dict[str, Any]]:
    """A deck read from JSON text (a bare list of cards, or ``{"cards": [...]}``), checked."""
    raw = _parsed(text)
    if isinstance(raw, dict):
        if raw.get("game", GAME_ID) != GAME_ID:
            raise InvalidOption(data.k("error.deck_other_game"))
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


CARD_EDITOR = CardEditor(
    max_cards=data.MAX_DECK, fields=fields, field_value=field_value, with_field=with_field,
    blank_card=blank_card, starter_cards=companion_cards,
    starter_label=data.k("editor.new_copy"), card_problems=field_problems,
    deck_problems=validate_deck, read=read_kept, to_file=deck_to_json, from_file=deck_from_json)
"""The card editor of the ``custom_deck`` option ("My decks" in the app)."""
