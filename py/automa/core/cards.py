"""Card-data loading: declarative TOML files in ``cards/<game>/``, validated on load.

Every file has a header: ``schema_version``, ``game``, ``source`` (where the facts come
from) and ``verified``. Records are checked against a :class:`Schema`; an error names the
file, the card and the field (:class:`InvalidCardData`). A value whose sources disagree is
written as a table ``{value = ..., disputed = true, alternatives = [...], note = "..."}``
and read with :func:`value_of` / :func:`dispute_of`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from automa.core.errors import InvalidCardData
from automa.core.paths import cards_dir

TypeSpec = type | tuple[type, ...]
Records = tuple[dict[str, Any], ...]

HEADER = ("schema_version", "game", "source", "verified")


@dataclass(frozen=True)
class Field:
    """One field of a record: its type, whether it is required, its allowed values."""

    type: TypeSpec
    required: bool = True
    choices: Sequence[Any] | None = None
    item_type: TypeSpec | None = None
    """For lists: the type of each item."""
    item_choices: Sequence[Any] | None = None
    check: Callable[[Any], str | None] | None = None
    """An extra check returning a problem description, or None if fine."""
    disputable: bool = False
    """Whether the value may be a ``{value, disputed, alternatives}`` table."""


@dataclass(frozen=True)
class Schema:
    """The fields of one kind of record."""

    fields: Mapping[str, Field]
    id_field: str = "id"
    extra: Mapping[str, Field] = field(default_factory=dict)


def value_of(raw: Any) -> Any:
    """The shipped value of a field, whether plain or marked disputed."""
    if isinstance(raw, dict) and "disputed" in raw and "value" in raw:
        return raw["value"]
    return raw


def dispute_of(raw: Any) -> dict[str, Any] | None:
    """The dispute note of a field (alternatives, note), or None."""
    if isinstance(raw, dict) and raw.get("disputed"):
        return raw
    return None


def _type_name(t: TypeSpec) -> str:
    return "/".join(x.__name__ for x in t) if isinstance(t, tuple) else t.__name__


def _is(value: Any, t: TypeSpec) -> bool:
    types = t if isinstance(t, tuple) else (t,)
    if isinstance(value, bool) and bool not in types:
        return False
    return isinstance(value, types)


def validate_record(file: str, record: Any, schema: Schema, index: int) -> dict[str, Any]:
    """Check one record; return it unchanged or raise :class:`InvalidCardData`."""
    if not isinstance(record, dict):
        raise InvalidCardData(file, f"#{index + 1}", "-", "not a table")
    card = str(record.get(schema.id_field, f"#{index + 1}"))
    for name in record:
        if name not in schema.fields:
            raise InvalidCardData(file, card, name, "unknown field")
    for name, spec in schema.fields.items():
        if name not in record:
            if spec.required:
                raise InvalidCardData(file, card, name, "missing")
            continue
        raw = record[name]
        if spec.disputable and dispute_of(raw) is not None:
            raw = value_of(raw)
        problem = _field_problem(raw, spec)
        if problem:
            raise InvalidCardData(file, card, name, problem)
    return record


def _field_problem(value: Any, spec: Field) -> str | None:
    if isinstance(value, str) and "EXAMPLE" in value:
        return "placeholder value"
    if not _is(value, spec.type):
        return f"expected {_type_name(spec.type)}, got {type(value).__name__}"
    if spec.choices is not None and value not in spec.choices:
        return f"{value!r} is not one of {list(spec.choices)}"
    if isinstance(value, list) and spec.item_type is not None:
        for item in value:
            if not _is(item, spec.item_type):
                return f"list item {item!r} is not {_type_name(spec.item_type)}"
            if spec.item_choices is not None and item not in spec.item_choices:
                return f"list item {item!r} is not one of {list(spec.item_choices)}"
    if spec.check is not None:
        return spec.check(value)
    return None


def read_toml(game: str, filename: str) -> dict[str, Any]:
    """Read one card file, checking its header.

    The web build ships each ``x.toml`` compiled to ``x.json`` (the same data, faster to
    read in the browser); the JSON is read when present.
    """
    path = cards_dir(game) / filename
    label = f"cards/{game}/{filename}"
    compiled = path.with_suffix(".json")
    try:
        if compiled.is_file():
            data: dict[str, Any] = json.loads(compiled.read_text("utf-8"))
        else:
            import tomllib  # only where the sources are: not on the browser's start-up path

            with path.open("rb") as f:
                data = tomllib.load(f)
    except FileNotFoundError:
        raise InvalidCardData(label, "-", "-", "file missing") from None
    except ValueError as e:  # tomllib.TOMLDecodeError and json.JSONDecodeError
        raise InvalidCardData(label, "-", "-", f"not valid TOML: {e}") from None
    for name in HEADER:
        if name not in data:
            raise InvalidCardData(label, "-", name, "missing from the file header")
    if data["game"] != game:
        raise InvalidCardData(label, "-", "game", f"says {data['game']!r}, expected {game!r}")
    return data


_LOADED: dict[tuple[str, str, str], Records] = {}


def load_records(game: str, filename: str, table: str, schema: Schema) -> Records:
    """Read ``[[table]]`` records of a card file and validate every one (cached)."""
    key = (game, filename, table)
    if key not in _LOADED:
        _LOADED[key] = _load_records(game, filename, table, schema)
    return _LOADED[key]


def _load_records(game: str, filename: str, table: str, schema: Schema) -> Records:
    data = read_toml(game, filename)
    label = f"cards/{game}/{filename}"
    records = data.get(table)
    if not isinstance(records, list) or not records:
        raise InvalidCardData(label, "-", table, "no records")
    seen: set[Any] = set()
    out = []
    for i, record in enumerate(records):
        validate_record(label, record, schema, i)
        key = record.get(schema.id_field)
        if key in seen:
            raise InvalidCardData(label, str(key), schema.id_field, "duplicate id")
        seen.add(key)
        out.append(record)
    return tuple(out)
