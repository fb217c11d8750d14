"""Helpers for every game's ``test_state.py``: the keys a ``Data`` record names, and the
message ids a game's module spells out instead of going through its ``k()``/``m()``."""

from __future__ import annotations

import ast
from collections.abc import Sequence
from typing import Any, NotRequired, get_origin, get_type_hints


def keys(record: Any) -> tuple[set[str], frozenset[str]]:
    """A TypedDict's keys and its optional ones (read from the hints: with postponed
    annotations Python 3.11's ``__optional_keys__`` misses ``NotRequired``)."""
    hints = get_type_hints(record, include_extras=True)
    return set(hints), frozenset(k for k, t in hints.items() if get_origin(t) is NotRequired)


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
