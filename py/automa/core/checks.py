"""Checks of untrusted JSON (saves, snapshots, prompts) against what the engine writes, and
the one reader of JSON from outside the app (:func:`read_json`).

Every failure raises :class:`UnreadableSave` naming the field (a dotted path) and the reason
(a message reference), so a player learns why a file is refused. The checks walk at most
:data:`MAX_DEPTH` levels and never recurse on the input's own nesting beyond that.
"""

from __future__ import annotations

import json
import re
from itertools import accumulate
from typing import Any

from automa.core.errors import UnreadableSave
from automa.core.i18n import msg
from automa.core.records import MessageRef

MAX_DEPTH = 48
"""Deepest nesting accepted inside one checked value (honest saves nest about 10 levels)."""
MAX_TEXT = 2000
"""Longest text accepted in a save (card ids, message ids and parameters are short)."""
MAX_INT = 2**53 - 1
"""Largest number (either sign) in a save: what a browser's JSON reads exactly."""

MAX_JSON_DEPTH = 64
"""Deepest bracket nesting accepted in JSON from outside, checked before parsing (honest
saves, decks, records and links nest about 10 levels)."""

MESSAGE_ID = re.compile(r"[a-z][a-z0-9_]*(?:\.[A-Za-z0-9_-]+)*")
"""The shape of a message id (``game.prompt.conquer``)."""
NAME = re.compile(r"[A-Za-z0-9_-]{1,80}")
"""The shape of an actor, icon or step name."""


def read_json(text: str) -> Any:
    """JSON from outside the app — a file, a shared link, the browser's storage — parsed, its
    nesting checked first (:func:`check_nesting`: a deep one overflows the browser's stack
    before Python's recursion limit is reached, a fatal error of the engine) and NaN or
    Infinity refused: :class:`UnreadableSave` for anything else than such JSON (a
    ``ValueError``, as :func:`json.loads` raises)."""
    if not isinstance(text, str):
        raise UnreadableSave("error.save.not_a_save")
    check_nesting(text)
    try:
        return json.loads(text, parse_constant=_refuse_constant)
    except (ValueError, RecursionError) as e:
        raise UnreadableSave("error.save.not_json", detail=str(e)[:80]) from None


def check_nesting(text: str) -> None:
    """Refuse text nested deeper than :data:`MAX_JSON_DEPTH`, in linear time, before parsing.

    Strings are cut out first, so brackets inside them do not count; the depth is a running
    sum over the remaining brackets (no recursion, whatever the input).
    """
    brackets = _NOT_BRACKET.sub("", _JSON_STRING.sub("", text))
    depth = max(accumulate(map(_DEPTH_STEP.__getitem__, brackets)), default=0)
    if depth > MAX_JSON_DEPTH:
        raise UnreadableSave("error.save.too_deep", limit=MAX_JSON_DEPTH)


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


_JSON_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_DEPTH_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def bad(field: str, reason: str, **params: Any) -> UnreadableSave:
    """The error for one refused field: ``reason`` is a key under ``error.save.reason``."""
    return UnreadableSave("error.save.invalid", field=field,
                          reason=msg(f"error.save.reason.{reason}", **params))


def check_json(value: Any, field: str, depth: int = 0) -> None:
    """``value`` is plain JSON as the engine writes it: no floats, no markup, bounded."""
    if depth > MAX_DEPTH:
        raise bad(field, "too_deep")
    if value is None or isinstance(value, bool):
        return
    if isinstance(value, int):
        check_int(value, field, -MAX_INT, MAX_INT)
    elif isinstance(value, str):
        check_text(value, field)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            check_json(item, f"{field}.{i}", depth + 1)
    elif isinstance(value, dict):
        for key, item in value.items():
            check_text(key, field)
            check_json(item, f"{field}.{key}", depth + 1)
    else:
        raise bad(field, "type_json")


def check_int(value: Any, field: str, lo: int, hi: int) -> int:
    """``value`` is a whole number (not a boolean) from ``lo`` to ``hi``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise bad(field, "type_int")
    if not lo <= value <= hi:
        raise bad(field, "out_of_range", lo=lo, hi=hi)
    return value


def check_text(value: Any, field: str, pattern: re.Pattern[str] | None = None) -> str:
    """``value`` is a short text without markup (and of ``pattern``'s shape, if given)."""
    if not isinstance(value, str):
        raise bad(field, "type_str")
    if len(value) > MAX_TEXT:
        raise bad(field, "too_long")
    if "<" in value or ">" in value:
        raise bad(field, "markup")
    if pattern is not None and not pattern.fullmatch(value):
        raise bad(field, "bad_name")
    return value


def check_bool(value: Any, field: str) -> bool:
    """``value`` is true or false."""
    if not isinstance(value, bool):
        raise bad(field, "type_bool")
    return value


def check_list(value: Any, field: str, max_len: int = 100_000) -> list[Any]:
    """``value`` is a list of at most ``max_len`` items."""
    if not isinstance(value, list):
        raise bad(field, "type_list")
    if len(value) > max_len:
        raise bad(field, "too_long")
    return value


def check_dict(value: Any, field: str, allowed: set[str] | None = None,
               required: set[str] | None = None) -> dict[str, Any]:
    """``value`` is a table with text keys, only ``allowed`` ones and all ``required`` ones."""
    if not isinstance(value, dict):
        raise bad(field, "type_dict")
    for key in value:
        check_text(key, field)
        if allowed is not None and key not in allowed:
            raise bad(f"{field}.{key}", "unknown_field")
    for key in sorted(required or ()):
        if key not in value:
            raise bad(f"{field}.{key}", "missing")
    return value


def check_message(value: Any, field: str) -> MessageRef:
    """``value`` is a message reference ``{"key": id, "params": {...}}``."""
    check_dict(value, field, {"key", "params"}, {"key"})
    check_text(value["key"], f"{field}.key", MESSAGE_ID)
    params = value.get("params", {})
    check_dict(params, f"{field}.params")
    check_json(params, f"{field}.params")
    checked: MessageRef = value
    return checked
