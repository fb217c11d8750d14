"""The one parser of whole numbers typed by a person (answers, options, corrections, seeds).

Only ASCII digits with an optional sign are numbers: ``str.isdigit`` also accepts "²" and
"٣", ``int`` accepts Arabic-Indic digits, underscores and surrounding spaces, and raises a
bare ``ValueError`` on very long input. Anything else raises :class:`InvalidAnswer` with a
translated message, so no front end ever crashes on what is typed.
"""

from __future__ import annotations

import re
from typing import Any, TypeVar

from automa.core.errors import InvalidAnswer
from automa.core.records import MessageRef, Shown

MAX_DIGITS = 18
"""Longer numbers are refused before conversion (every number we use is far smaller)."""
SEED_MAX = 2**53 - 1
"""The largest seed: a JSON number that a browser reads back exactly."""

T = TypeVar("T")
_NUMBER = re.compile(rf"[+-]?[0-9]{{1,{MAX_DIGITS}}}")


def parse_int(text: str, lo: int, hi: int) -> int:
    """``text`` as an integer from ``lo`` to ``hi`` (both included), or :class:`InvalidAnswer`.

    >>> parse_int(" -3 ", -5, 5)
    -3
    >>> parse_int("²", 0, 9)  # doctest: +IGNORE_EXCEPTION_DETAIL
    Traceback (most recent call last):
    automa.core.errors.InvalidAnswer: ...
    """
    stripped = text.strip(" \t\r\n") if isinstance(text, str) else None
    if stripped is None or not _NUMBER.fullmatch(stripped):
        raise InvalidAnswer("error.answer.not_a_number", **answered(text), lo=lo, hi=hi)
    value = int(stripped)
    if not lo <= value <= hi:
        raise InvalidAnswer("error.answer.out_of_range", **answered(value), lo=lo, hi=hi)
    return value


def int_or(text: Any, lo: int, hi: int, default: T) -> int | T:
    """``text`` read by :func:`parse_int` (a URL part, a button's argument, a form's box), or
    ``default`` when it is no whole number from ``lo`` to ``hi``.

    >>> int_or("²", 0, 9, None) is None
    True
    """
    try:
        return parse_int(text, lo, hi)
    except InvalidAnswer:
        return default


def is_number_text(text: str) -> bool:
    """Whether ``text`` is a whole number as :func:`parse_int` reads it (range aside)."""
    return bool(_NUMBER.fullmatch(text.strip(" \t\r\n")))


def name_of(value: Any, limit: int = 60) -> str:
    """An id as given, for an error message: short text as it is, anything else described."""
    if isinstance(value, str) and len(value) <= limit:
        return value
    return describe(value, limit)


def echo(value: Any, limit: int = 60) -> Shown:
    """An answer as a message repeats it: a text in its language's quotes (``core.echo.text``:
    “abc”, «абв»; cut to ``limit``, a sign no terminal may act on shown escaped, as ``repr``
    did), anything else described (:func:`describe`).

    >>> echo("абв"), echo(7), echo(chr(27) + "[2J")["params"]["text"]
    ({'key': 'core.echo.text', 'params': {'text': 'абв'}}, '7', '\\\\x1b[2J')
    """
    if not isinstance(value, str):
        return describe(value, limit)
    shown = "".join(c if c.isprintable() else repr(c)[1:-1] for c in value[:limit + 1])
    return {"key": "core.echo.text",
            "params": {"text": shown if len(shown) <= limit else shown[:limit - 1] + "…"}}


def answered(value: Any) -> dict[str, Shown]:
    """The parameters a refused answer's message repeats it with: ``answer`` (:func:`echo`)
    and ``typed``, what the person gave as a clause of its own ("you gave “abc”"; for an
    empty or blank text: "you gave nothing", «ви нічого не ввели»)."""
    answer = echo(value)
    nothing = isinstance(value, str) and not value.strip()
    typed: MessageRef = ({"key": "core.echo.nothing", "params": {}} if nothing
                         else {"key": "core.echo.typed", "params": {"answer": answer}})
    return {"answer": answer, "typed": typed}


def describe(value: Any, limit: int = 60) -> str:
    """A short, safe rendering of any value for an error message.

    Never raises and never recurses deeply: huge numbers, deep lists and long texts are cut.
    """
    text = _describe(value, 3)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _describe(value: Any, depth: int) -> str:
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int):
        return str(value) if value.bit_length() <= 64 else "(huge number)"
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        return repr(value[:80])
    if depth <= 0:
        return "..."
    if isinstance(value, list | tuple):
        inner = ", ".join(_describe(v, depth - 1) for v in value[:5])
        return f"[{inner}{', ...' if len(value) > 5 else ''}]"
    if isinstance(value, dict):
        items = list(value.items())[:5]
        inner = ", ".join(f"{_describe(k, 0)}: {_describe(v, depth - 1)}" for k, v in items)
        return "{" + inner + (", ..." if len(value) > 5 else "") + "}"
    return f"<{type(value).__name__}>"
