"""Helpers for every game's ``test_state.py``: the keys a ``Data`` record names, what a card
record (a TypedDict) says of the cards as they are, and the message ids a game's module spells
out instead of going through its ``k()``/``m()``."""

from __future__ import annotations

import ast
from collections.abc import Sequence
from typing import (
    Any,
    Literal,
    NotRequired,
    get_args,
    get_origin,
    get_type_hints,
    is_typeddict,
)


def keys(record: Any) -> tuple[set[str], frozenset[str]]:
    """A TypedDict's keys and its optional ones (read from the hints: with postponed
    annotations Python 3.11's ``__optional_keys__`` misses ``NotRequired``)."""
    hints = get_type_hints(record, include_extras=True)
    return set(hints), frozenset(k for k, t in hints.items() if get_origin(t) is NotRequired)


def fits(value: Any, hint: Any) -> bool:
    """Whether a card's value has the type its record declares: a list or dict of its items'
    type, a ``Literal`` one of its values, a record as :func:`record_problems` says, ``Any``
    anything."""
    origin = get_origin(hint)
    if hint is Any:
        return True
    if origin is Literal:
        return value in get_args(hint)
    if origin is list:
        return isinstance(value, list) and all(fits(v, get_args(hint)[0]) for v in value)
    if origin is dict:
        return isinstance(value, dict) and all(fits(v, get_args(hint)[1]) for v in value.values())
    if is_typeddict(hint):
        return isinstance(value, dict) and not record_problems(hint, value)
    return type(value) is hint


def record_problems(record: Any, value: dict[str, Any]) -> list[str]:
    """What a card ``value`` holds that its ``record`` (a TypedDict) does not say: a key
    missing or not declared, a value of another type (empty: none)."""
    hints = get_type_hints(record)
    declared, optional = keys(record)
    return ([f"missing {k}" for k in sorted(declared - optional - value.keys())]
            + [f"undeclared {k}" for k in sorted(value.keys() - declared)]
            + [f"{k}: {v!r}" for k, v in value.items() if k in hints and not fits(v, hints[k])])


def literal_ids(source: str, game_id: str) -> list[str]:
    """The strings and f-strings in ``source`` that spell out a message id: those beginning
    with ``"<game_id>."`` or ``f"{GAME_ID}."`` (issue 19 item 4 has every id go through the
    package's ``k()``/``m()``)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        parts = node.values if isinstance(node, ast.JoinedStr) else [node]
        if _spells_an_id(parts, game_id):
            found.append(ast.unparse(node))
    return found


def _spells_an_id(parts: Sequence[ast.AST], game_id: str) -> bool:
    """Whether a string's parts begin with the game's id and a dot."""
    first, second = [*parts, None, None][:2]
    if isinstance(first, ast.Constant) and isinstance(first.value, str):
        return first.value.startswith(f"{game_id}.")
    if isinstance(first, ast.FormattedValue) and isinstance(second, ast.Constant):
        named = first.value
        name = named.attr if isinstance(named, ast.Attribute) else getattr(named, "id", "")
        return name == "GAME_ID" and str(second.value).startswith(".")
    return False
