"""Declared value ranges of a game's tracked state (``ctx.data``): one invariant, three checks.

Each game declares, beside its state layout, the range of every value it keeps: whole numbers
within bounds (a count from 0 to its component count, a track within its length, VP within
sane bounds), values from a fixed set, tables with known keys, lists of bounded length. The
declaration is plain data (:class:`Count`, :class:`OneOf`, :class:`Table`…) and is read three
ways:

* the session refuses an answer after which a value would lie outside its range
  (:class:`~automa.core.errors.ImpossibleValue`; nothing changes), so no rule can drive a
  count below 0 or above what the box holds;
* the snapshot check refuses a save holding such a value or an unknown key
  (``error.save.invalid`` naming the field and the reason);
* the conformance playouts check every game's state after every answer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, NotRequired, get_origin, get_type_hints

from automa.core.checks import MAX_TEXT
from automa.core.records import MessageRef


@dataclass(frozen=True)
class Count:
    """A whole number from ``lo`` to ``hi``; ``was``: the widest bound an earlier release
    let the value reach (through a correction), when that was more than ``hi`` — a save
    holding such a value still loads and replays, the value carried down to ``hi`` and the
    player told (:func:`carry`) in the words of ``label``, the value as the player knows it
    (a count with ``was`` has one)."""

    lo: int
    hi: int
    was: int | None = None
    label: MessageRef | None = field(default=None, compare=False)


@dataclass(frozen=True)
class OneOf:
    """One of these values (ids, ``None``, true/false…), compared with their JSON type."""

    values: tuple[Any, ...]


@dataclass(frozen=True)
class Text:
    """Any short text (a card id of a keyed-in deck, a name)."""


@dataclass(frozen=True)
class Table:
    """A table with exactly these keys, each with its own range; ``optional`` ones may be
    missing (a value a step keeps only for a while)."""

    fields: Mapping[str, Range]
    optional: frozenset[str] = field(default_factory=frozenset)


@dataclass(frozen=True)
class Items:
    """A list of ``lo`` to ``hi`` items, each in the range ``item`` (``unique``: no two the
    same, e.g. the five different cards of a row)."""

    item: Range
    hi: int
    lo: int = 0
    unique: bool = False


@dataclass(frozen=True)
class Maybe:
    """Nothing (``None``) or a value in the range ``inner``."""

    inner: Range


@dataclass(frozen=True)
class Json:
    """Any value the save checks accept (a message reference kept for the next question)."""


Range = Count | OneOf | Text | Table | Items | Maybe | Json
FLAG = OneOf((False, True))
"""True or false."""


def table_of(keys: Iterable[str], value: Range, *, optional: bool = False) -> Table:
    """A table whose keys are ``keys``, every value in the same range (all of them optional
    with ``optional``: e.g. one entry per rival at the table)."""
    names = tuple(keys)
    return Table(dict.fromkeys(names, value), frozenset(names) if optional else frozenset())


def record_table(record: Any, fields: Mapping[str, Range]) -> Table:
    """The ranges of a ``TypedDict`` record's values: ``fields`` gives one for each of its
    keys, no more and no fewer (a key on one side only fails as the game loads, naming it),
    and the keys the record marks ``NotRequired`` (or declares ``total=False``) are the
    optional ones: a key's optionality is declared once, in the record."""
    hints = get_type_hints(record, include_extras=True)
    extra, missing = sorted(set(fields) - set(hints)), sorted(set(hints) - set(fields))
    if extra or missing:
        raise ValueError(f"{record.__qualname__}: ranges for keys it does not have {extra}, "
                         f"keys without a range {missing}")
    optional = {key for key, hint in hints.items() if get_origin(hint) is NotRequired}
    return Table(dict(fields), frozenset(optional | set(record.__optional_keys__)))


Problem = tuple[str, str, dict[str, Any]]
"""(field, reason, params): a value outside its range; ``reason`` is a key under
``error.save.reason``."""


def problems(value: Any, spec: Range, where: str) -> Iterator[Problem]:
    """Every value under ``where`` that lies outside its declared range, in reading order."""
    if isinstance(spec, Maybe):
        if value is not None:
            yield from problems(value, spec.inner, where)
    elif isinstance(spec, Count):
        if isinstance(value, bool) or not isinstance(value, int):
            yield where, "type_int", {}
        elif not spec.lo <= value <= spec.hi:
            yield where, "out_of_range", {"lo": spec.lo, "hi": spec.hi}
    elif isinstance(spec, OneOf):
        if not any(type(v) is type(value) and v == value for v in spec.values):
            yield where, "not_allowed", {}
    elif isinstance(spec, Text):
        if not isinstance(value, str):
            yield where, "type_str", {}
        elif len(value) > MAX_TEXT:
            yield where, "too_long", {}
    elif isinstance(spec, Table):
        yield from _table_problems(value, spec, where)
    elif isinstance(spec, Items):
        if not isinstance(value, list):
            yield where, "type_list", {}
            return
        if not spec.lo <= len(value) <= spec.hi:
            yield where, "length", {"lo": spec.lo, "hi": spec.hi}
            return
        for i, item in enumerate(value):
            yield from problems(item, spec.item, f"{where}.{i}")
            if spec.unique and item in value[:i]:
                yield f"{where}.{i}", "duplicate", {"value": str(item)[:40]}


def _table_problems(value: Any, spec: Table, where: str) -> Iterator[Problem]:
    if not isinstance(value, dict):
        yield where, "type_dict", {}
        return
    for key, item in value.items():
        inner = spec.fields.get(key)
        if inner is None:
            yield f"{where}.{key}", "unknown_field", {}
        else:
            yield from problems(item, inner, f"{where}.{key}")
    for key in spec.fields:
        if key not in value and key not in spec.optional:
            yield f"{where}.{key}", "missing", {}


Carried = tuple[str, int, int]
"""(field, value an earlier release allowed, the value it is carried down to)."""


def carry(value: Any, spec: Range, where: str) -> list[Carried]:
    """Bring every whole number under ``where`` that lies above its bound but within what an
    earlier release allowed (:attr:`Count.was`) down to the bound, in place; what was carried,
    in reading order. Anything else outside its range is left for :func:`problems` to name."""
    found: list[Carried] = []
    if isinstance(spec, Maybe):
        spec = spec.inner
    if isinstance(spec, Table) and isinstance(value, dict):
        slots: list[tuple[Any, Range]] = [(k, spec.fields[k]) for k in value if k in spec.fields]
    elif isinstance(spec, Items) and isinstance(value, list):
        slots = [(i, spec.item) for i in range(len(value))]
    else:
        return found
    for key, inner in slots:
        count = _older_count(value[key], inner)
        if count is not None:
            found.append((f"{where}.{key}", value[key], count.hi))
            value[key] = count.hi
        else:
            found += carry(value[key], inner, f"{where}.{key}")
    return found


def _older_count(value: Any, spec: Range) -> Count | None:
    """The range of ``value`` when it lies above its bound within what an earlier release
    allowed (else None)."""
    if isinstance(spec, Maybe):
        spec = spec.inner
    if (isinstance(spec, Count) and spec.was is not None and isinstance(value, int)
            and not isinstance(value, bool) and spec.hi < value <= spec.was):
        return spec
    return None


def first_problem(value: Any, spec: Range, where: str) -> Problem | None:
    """The first value outside its range, or None when every value lies within.

    Checked first by the spec's compiled test (:func:`within`), which only says yes or no;
    :func:`problems` then names what is wrong. The session checks the whole state after every
    answer, and a long save replays thousands of them."""
    if within(spec)(value):
        return None
    return next(problems(value, spec, where), None)


Within = Callable[[Any], bool]
_WITHIN: dict[int, tuple[Range, Within]] = {}
# The scalar types a OneOf compares by a set: a float (NaN) or anything else goes the long way.
_SCALARS = (str, int, bool, type(None))


def within(spec: Range) -> Within:
    """A test of ``spec`` made once per spec: True only when :func:`problems` finds nothing
    (when unsure, e.g. an int subclass, False: the caller then asks :func:`problems`)."""
    found = _WITHIN.get(id(spec))
    if found is None or found[0] is not spec:
        found = _WITHIN[id(spec)] = (spec, _compiled(spec))
    return found[1]


def _compiled(spec: Range) -> Within:
    """The test of ``spec`` as one Python function per table and list, written out with every
    single value's check inline (a call per value made the check cost as much as the rules)."""
    names: dict[str, Any] = {"_S": _SCALARS, "_M": object()}
    source: list[str] = []
    top = _expression(spec, "v", names, source)
    source.append(f"def _top(v):\n    return {top}\n")
    exec("\n".join(source), names)  # our own text, made from the game's declared ranges
    test: Within = names["_top"]
    return test


def _expression(spec: Range, x: str, names: dict[str, Any], source: list[str]) -> str:
    """A boolean expression testing the variable ``x`` against ``spec`` (the functions it
    calls appended to ``source``, the constants it names put in ``names``)."""
    if isinstance(spec, Maybe):
        return f"({x} is None or {_expression(spec.inner, x, names, source)})"
    if isinstance(spec, Count):
        return f"(type({x}) is int and {int(spec.lo)} <= {x} <= {int(spec.hi)})"
    if isinstance(spec, OneOf):
        allowed = _named(names, frozenset((type(v), v) for v in spec.values
                                          if type(v) in _SCALARS))
        return f"(type({x}) in _S and (type({x}), {x}) in {allowed})"
    if isinstance(spec, Text):
        return f"(type({x}) is str and len({x}) <= {int(MAX_TEXT)})"
    if isinstance(spec, Table):
        return f"{_table_function(spec, names, source)}({x})"
    if isinstance(spec, Items):
        return f"{_items_function(spec, names, source)}({x})"
    return "True"  # Json: any value the save checks accept


def _named(names: dict[str, Any], value: Any) -> str:
    name = f"_c{len(names)}"
    names[name] = value
    return name


def _table_function(spec: Table, names: dict[str, Any], source: list[str]) -> str:
    name = _named(names, None)
    keys = _named(names, frozenset(spec.fields))
    required = _named(names, frozenset(spec.fields) - spec.optional)
    lines = [f"def {name}(v):",
             f"    if type(v) is not dict or not ({required} <= v.keys() <= {keys}):",
             "        return False"]
    for key, inner in spec.fields.items():
        test = _expression(inner, "x", names, source)
        lines += [f"    x = v.get({key!r}, _M)",
                  f"    if x is not _M and not {test}:",
                  "        return False"]
    source.append("\n".join([*lines, "    return True", ""]))
    return name


def _items_function(spec: Items, names: dict[str, Any], source: list[str]) -> str:
    name = _named(names, None)
    test = _expression(spec.item, "x", names, source)
    source.append(f"def {name}(v):\n"
                  f"    if type(v) is not list or not {int(spec.lo)} <= len(v) <= {int(spec.hi)}:\n"
                  f"        return False\n"
                  f"    for x in v:\n"
                  f"        if not {test}:\n"
                  f"            return False\n"
                  + ("    return all(x not in v[:i] for i, x in enumerate(v))\n" if spec.unique
                     else "    return True\n"))
    return name


def spec_at(spec: Range, path: Iterable[str | int]) -> Range | None:
    """The range declared for the value at ``path`` inside ``spec`` (None: not declared)."""
    for part in path:
        if isinstance(spec, Maybe):
            spec = spec.inner
        if isinstance(spec, Table) and isinstance(part, str) and part in spec.fields:
            spec = spec.fields[part]
        elif isinstance(spec, Items) and isinstance(part, int):
            spec = spec.item
        else:
            return None
    return spec


def label_at(spec: Range | None, where: str) -> MessageRef | None:
    """The label (:attr:`Count.label`) of the value at a dotted path of a state's data
    (``data.nw.culture``), if its range gives one."""
    path = [int(p) if p.isdigit() else p for p in where.split(".")[1:]]
    found = spec_at(spec, path) if spec is not None else None
    if isinstance(found, Maybe):
        found = found.inner
    return found.label if isinstance(found, Count) else None


def bounds(spec: Range, path: Iterable[str | int]) -> tuple[int, int] | None:
    """The ``(lo, hi)`` a number at ``path`` inside ``spec`` may take (None: not a number
    with bounds), e.g. for checking that a correction offers only values within range."""
    found = spec_at(spec, path)
    if isinstance(found, Maybe):
        found = found.inner
    return (found.lo, found.hi) if isinstance(found, Count) else None


def widest(spec: Range, path: Iterable[str | int]) -> tuple[int, int] | None:
    """The ``(lo, hi)`` any release let a number at ``path`` take (:attr:`Count.was`): what
    the replay of an older save's correction accepts."""
    found = spec_at(spec, path)
    if isinstance(found, Maybe):
        found = found.inner
    if not isinstance(found, Count):
        return None
    return found.lo, max(found.hi, found.was or found.hi)
