"""Helpers for every game's ``test_state.py``: the keys a ``Data`` record names, and the
message ids a game's module spells out instead of going through its ``k()``/``m()``."""

from __future__ import annotations

import ast
from typing import Any, NotRequired, get_origin, get_type_hints


def keys(record: Any) -> tuple[set[str], frozenset[str]]:
    """A TypedDict's keys and its optional ones (read from the hints: with postponed
    annotations Python 3.11's ``__optional_keys__`` misses ``NotRequired``)."""
    hints = get_type_hints(record, include_extras=True)
    return set(hints), frozenset(k for k, t in hints.items() if get_origin(t) is NotRequired)


def literal_ids(source: str, game_id: str) -> list[str]:
    """The strings and f-strings in ``source`` that begin with ``"<game_id>."``: message ids
    spelled out (issue 19 item 4 has them all go through the package's ``k()``/``m()``)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        parts = node.values if isinstance(node, ast.JoinedStr) else [node]
        first = parts[0] if parts else None
        if isinstance(first, ast.Constant) and isinstance(first.value, str) \
                and first.value.startswith(f"{game_id}."):
            found.append(first.value)
    return found
