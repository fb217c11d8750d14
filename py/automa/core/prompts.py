"""Prompts: what the engine needs from the player now.

A prompt never carries a finished sentence, only a message id (``key``) and ``params``,
so any front end renders it in the player's language. ``choices`` lists every allowed
answer (for ``pick_subset`` the items a subset is taken from; for ``values`` the items,
with ``domain`` the allowed values). ``ui`` carries hints for the screen only: the card
and field the question depends on, a pattern to draw, a default, labels.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from automa.core.checks import (
    MESSAGE_ID,
    bad,
    check_dict,
    check_int,
    check_json,
    check_list,
    check_message,
    check_text,
)
from automa.core.errors import InvalidAnswer
from automa.core.i18n import msg
from automa.core.numbers import answered, parse_int
from automa.core.records import MessageRef, Params, Pattern, Ui

PromptKind = Literal["yes_no", "count", "pick_one", "pick_subset", "values", "confirm", "scan"]
KINDS: tuple[PromptKind, ...] = (
    "yes_no", "count", "pick_one", "pick_subset", "values", "confirm", "scan",
)


@dataclass(frozen=True)
class Prompt:
    """One question to the player, JSON-serializable."""

    kind: PromptKind
    """Which kind of question: decides how it is answered and drawn."""
    key: str
    """The message id of the question."""
    params: Params = field(default_factory=dict)
    """Parameters of the message."""
    choices: list[Any] = field(default_factory=list)
    """Every allowed answer (or item, for pick_subset and values)."""
    labels: list[MessageRef] | None = None
    """Message references naming each choice, aligned with ``choices``."""
    domain: list[Any] | None = None
    """For ``values``: the allowed values of each item."""
    bounds: tuple[int, int] | None = None
    """For ``pick_subset``: how many items may be picked; for ``count``: lo and hi."""
    default: Any = None
    """A suggested answer (pre-filled), if any."""
    ui: Ui = field(default_factory=lambda: Ui())
    """Screen hints: the cards and fields the question depends on, a pattern, its rule."""

    def to_json(self) -> dict[str, Any]:
        """The prompt as JSON."""
        out: dict[str, Any] = {
            "kind": self.kind,
            "key": self.key,
            "params": self.params,
            "choices": self.choices,
        }
        if self.labels is not None:
            out["labels"] = self.labels
        if self.domain is not None:
            out["domain"] = self.domain
        if self.bounds is not None:
            out["bounds"] = list(self.bounds)
        if self.default is not None:
            out["default"] = self.default
        if self.ui:
            out["ui"] = self.ui
        return out

    @classmethod
    def from_json(cls, data: Any) -> Prompt:
        """Rebuild a prompt from :meth:`to_json` output, checking every field.

        A prompt read from a save is untrusted: each field must have the type and shape
        the engine writes, else :class:`~automa.core.errors.UnreadableSave` names it.
        """
        check_prompt(data)
        return cls.from_state(data)

    @classmethod
    def from_state(cls, data: dict[str, Any]) -> Prompt:
        """Rebuild a prompt held in a session's state, without checking it again.

        A session's state is trusted by construction: the engine wrote it, or
        :func:`automa.core.savecheck.check_snapshot` checked it (prompt included) on load.
        """
        bounds = data.get("bounds")
        return cls(
            kind=data["kind"],
            key=data["key"],
            params=data.get("params", {}),
            choices=data.get("choices", []),
            labels=data.get("labels"),
            domain=data.get("domain"),
            bounds=(bounds[0], bounds[1]) if bounds is not None else None,
            default=data.get("default"),
            ui=data.get("ui", {}),
        )

    def validate(self, answer: Any) -> Any:
        """Return the answer in canonical form, or raise :class:`InvalidAnswer`."""
        return _VALIDATORS[self.kind](self, answer)


def _reject(prompt: Prompt, answer: Any, reason: str, **params: Any) -> InvalidAnswer:
    return InvalidAnswer(reason, **answered(answer), **params)


def _validate_yes_no(prompt: Prompt, answer: Any) -> bool:
    if isinstance(answer, bool):
        return answer
    raise _reject(prompt, answer, "error.answer.not_yes_no")


def _validate_count(prompt: Prompt, answer: Any) -> int:
    lo, hi = prompt.bounds or (0, 0)
    if isinstance(answer, str):
        return parse_int(answer, lo, hi)
    if isinstance(answer, bool) or not isinstance(answer, int):
        raise _reject(prompt, answer, "error.answer.not_a_number", lo=lo, hi=hi)
    if not lo <= answer <= hi:
        raise _reject(prompt, answer, "error.answer.out_of_range", lo=lo, hi=hi)
    return int(answer)


def _same(a: Any, b: Any) -> bool:
    """Equality that does not confuse ``True`` with ``1`` (JSON keeps them apart)."""
    return isinstance(a, bool) == isinstance(b, bool) and a == b


def _contains(choices: Sequence[Any], item: Any) -> bool:
    return any(_same(c, item) for c in choices)


def _find(choices: Sequence[Any], item: Any) -> Any:
    """The choice equal to ``item`` (so ``1.0`` is recorded as the choice ``1``)."""
    for c in choices:
        if _same(c, item):
            return c
    raise LookupError(item)


def _validate_pick_one(prompt: Prompt, answer: Any) -> Any:
    try:
        return _find(prompt.choices, answer)
    except LookupError:
        raise _reject(prompt, answer, "error.answer.not_a_choice") from None


def _validate_pick_subset(prompt: Prompt, answer: Any) -> list[Any]:
    if not isinstance(answer, list | tuple):
        raise _reject(prompt, answer, "error.answer.not_a_list")
    picked = list(answer)
    for item in picked:
        if not _contains(prompt.choices, item):
            raise _reject(prompt, item, "error.answer.not_a_choice")
    if len(set(map(repr, picked))) != len(picked):
        raise _reject(prompt, answer, "error.answer.duplicate")
    lo, hi = prompt.bounds or (0, len(prompt.choices))
    if not lo <= len(picked) <= hi:
        raise _reject(prompt, answer, "error.answer.subset_size", lo=lo, hi=hi)
    # canonical order: the order of the choices
    return [c for c in prompt.choices if _contains(picked, c)]


def _validate_values(prompt: Prompt, answer: Any) -> dict[str, Any]:
    if not isinstance(answer, dict):
        raise _reject(prompt, answer, "error.answer.not_a_mapping")
    items = [str(c) for c in prompt.choices]
    if not all(isinstance(k, str) for k in answer) or sorted(answer) != sorted(items):
        raise _reject(prompt, answer, "error.answer.values_items")
    domain = prompt.domain or []
    out: dict[str, Any] = {}
    for item in items:
        try:
            out[item] = _find(domain, answer[item])
        except LookupError:
            raise _reject(prompt, answer[item], "error.answer.not_in_domain",
                          item=item) from None
    return out


def _validate_confirm(prompt: Prompt, answer: Any) -> bool:
    if answer is True or answer is None:
        return True
    if answer is False and prompt.kind == "scan" and False in prompt.choices:
        return False  # the scan found no valid place
    raise _reject(prompt, answer, "error.answer.confirm_only")


_VALIDATORS = {
    "yes_no": _validate_yes_no,
    "count": _validate_count,
    "pick_one": _validate_pick_one,
    "pick_subset": _validate_pick_subset,
    "values": _validate_values,
    "confirm": _validate_confirm,
    "scan": _validate_confirm,
}


def yes_no(key: str, params: Params | None = None, *, default: bool | None = None,
           ui: Ui | None = None) -> Prompt:
    """A yes/no question; the answer is ``True`` or ``False``."""
    return Prompt("yes_no", key, params or {}, [True, False], default=default, ui=ui or {})


def count(key: str, lo: int, hi: int, params: Params | None = None, *,
          default: int | None = None, ui: Ui | None = None) -> Prompt:
    """A whole number from ``lo`` to ``hi`` (both included)."""
    if lo > hi:
        raise ValueError(f"count prompt {key}: lo {lo} > hi {hi}")
    return Prompt("count", key, params or {}, list(range(lo, hi + 1)), bounds=(lo, hi),
                  default=default, ui=ui or {})


def pick_one(key: str, choices: Sequence[Any], params: Params | None = None, *,
             labels: Sequence[MessageRef] | None = None, default: Any = None,
             ui: Ui | None = None) -> Prompt:
    """Exactly one of ``choices``."""
    if not choices:
        raise ValueError(f"pick_one prompt {key} has no choices")
    return Prompt("pick_one", key, params or {}, list(choices),
                  labels=list(labels) if labels is not None else None, default=default,
                  ui=ui or {})


def pick_subset(key: str, choices: Sequence[Any], params: Params | None = None, *,
                labels: Sequence[MessageRef] | None = None, lo: int = 0,
                hi: int | None = None, default: list[Any] | None = None,
                ui: Ui | None = None) -> Prompt:
    """Any subset of ``choices`` with between ``lo`` and ``hi`` items."""
    return Prompt("pick_subset", key, params or {}, list(choices),
                  labels=list(labels) if labels is not None else None,
                  bounds=(lo, len(choices) if hi is None else hi), default=default, ui=ui or {})


def values(key: str, items: Sequence[str], domain: Sequence[Any],
           params: Params | None = None, *,
           labels: Sequence[MessageRef] | None = None, default: dict[str, Any] | None = None,
           ui: Ui | None = None) -> Prompt:
    """A value from ``domain`` for every item; the answer is a dict item → value."""
    return Prompt("values", key, params or {}, list(items),
                  labels=list(labels) if labels is not None else None, domain=list(domain),
                  default=default, ui=ui or {})


def confirm(key: str, params: Params | None = None, *,
            ui: Ui | None = None, label: MessageRef | None = None) -> Prompt:
    """An instruction the player carries out at the table, then confirms; ``label`` says
    what the confirming tap does ("Automa's turn ▸"; else "Done")."""
    return Prompt("confirm", key, params or {}, [True], ui=ui or {},
                  labels=[label] if label else None)


def scan(key: str, pattern: Pattern, params: Params | None = None, *,
         ui: Ui | None = None, none: MessageRef | None = None) -> Prompt:
    """An ordered board scan: the player walks ``pattern`` and acts on the first valid place
    (the answer ``True``); with ``none`` (its label) the player may also answer ``False``:
    no place was valid."""
    if none is None:
        return Prompt("scan", key, params or {}, [True], ui={**(ui or {}), "pattern": pattern})
    return Prompt("scan", key, params or {}, [True, False], ui={**(ui or {}), "pattern": pattern},
                  labels=[msg("core.prompt.scan"), none])


_FIELDS = {"kind", "key", "params", "choices", "labels", "domain", "bounds", "default", "ui"}
MAX_CHOICES = 10_000
"""More choices than any question asks (a correction from 0 to 999 has 1000)."""


def check_prompt(data: Any, field: str = "prompt") -> None:
    """Refuse a prompt's JSON unless every field has the type and shape the engine writes."""
    check_dict(data, field, _FIELDS, {"kind", "key"})
    kind = data["kind"]
    if kind not in KINDS:
        raise bad(f"{field}.kind", "unknown_kind")
    check_text(data["key"], f"{field}.key", MESSAGE_ID)
    check_dict(data.get("params", {}), f"{field}.params")
    check_dict(data.get("ui", {}), f"{field}.ui")
    for name in ("params", "ui", "default"):
        check_json(data.get(name), f"{field}.{name}")
    choices = check_list(data.get("choices", []), f"{field}.choices", MAX_CHOICES)
    for i, choice in enumerate(choices):
        # a choice is one value, or a short flat list of them (an order of players)
        flat = isinstance(choice, list) and not any(isinstance(x, list | dict) for x in choice)
        if isinstance(choice, dict) or (isinstance(choice, list) and not flat):
            raise bad(f"{field}.choices.{i}", "type_scalar")
        check_json(choice, f"{field}.choices.{i}")
    labels = data.get("labels")
    if labels is not None:
        check_list(labels, f"{field}.labels")
        if len(labels) != len(choices):
            raise bad(f"{field}.labels", "inconsistent")
        for i, label in enumerate(labels):
            check_message(label, f"{field}.labels.{i}")
    _check_kind_shape(data, kind, choices, field)


def _check_kind_shape(data: dict[str, Any], kind: str, choices: list[Any], field: str) -> None:
    """The fields each kind needs: bounds of a count, the domain of values, fixed choices."""
    bounds = data.get("bounds")
    if bounds is not None:
        check_list(bounds, f"{field}.bounds", 2)
        if len(bounds) != 2:
            raise bad(f"{field}.bounds", "inconsistent")
        lo = check_int(bounds[0], f"{field}.bounds.0", -MAX_CHOICES, MAX_CHOICES)
        hi = check_int(bounds[1], f"{field}.bounds.1", lo, MAX_CHOICES)
    if kind in ("count", "pick_subset") and bounds is None:
        raise bad(f"{field}.bounds", "missing")
    if kind == "count" and choices != list(range(lo, hi + 1)):
        raise bad(f"{field}.choices", "inconsistent")
    if kind == "pick_subset" and not 0 <= lo <= hi <= len(choices):
        raise bad(f"{field}.bounds", "inconsistent")
    if kind in ("yes_no", "confirm", "scan", "pick_one", "values") and bounds is not None:
        raise bad(f"{field}.bounds", "unknown_field")
    expected = {"yes_no": [True, False], "confirm": [True],
                "scan": [True, False] if len(choices) == 2 else [True]}.get(kind)
    if expected is not None and not (len(choices) == len(expected) and all(
            _same(a, b) for a, b in zip(choices, expected, strict=True))):
        raise bad(f"{field}.choices", "inconsistent")
    if kind == "pick_one" and not choices:
        raise bad(f"{field}.choices", "missing")
    domain = data.get("domain")
    if kind == "values":
        domain = check_list(domain, f"{field}.domain", MAX_CHOICES)
        check_json(domain, f"{field}.domain")
        for i, value in enumerate(domain):
            if isinstance(value, list | dict):
                raise bad(f"{field}.domain.{i}", "type_scalar")
        if not domain or len(set(map(str, choices))) != len(choices):
            raise bad(f"{field}.domain", "inconsistent")
    elif domain is not None:
        raise bad(f"{field}.domain", "unknown_field")
