"""The answer controls read back: the form the page read from the question on screen turned
into the answer the session checks (the input side of :mod:`automa.app.present`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypedDict

from automa.core.checks import read_json
from automa.core.numbers import int_or
from automa.core.prompts import Prompt, PromptKind


class Form(TypedDict, total=False):
    """What the page read from the answer controls of the question on screen."""

    json: str
    """The JSON value of a one-tap answer (yes/no, done)."""
    pick: int
    """The index of the choice tapped (pick_one)."""
    count: str
    """The number typed (count); the session reads and checks it."""
    checked: list[int]
    """The indices of the boxes ticked (pick_subset)."""
    values: list[int]
    """The domain index chosen for every item (values)."""


class PageForm(Form, total=False):
    """Everything the page read from the form on screen when a button was tapped."""

    options: dict[str, int]
    """New game: the index of the choice made for each option."""
    seed: str
    """New game: the seed typed (may be empty)."""
    deck: str
    """New game: the id of the kept deck chosen ("" for the companion edition)."""
    scores: list[str]
    """A record: each human's final score as typed (may be empty)."""
    winner: str
    """A record: who won, where the end of the game asks it ("" if not chosen)."""


def answer_from(p: Prompt, form: Form) -> Any:
    """The answer the controls of the prompt ``p`` give (the session checks it; controls
    changed on the page give an answer it refuses, never an error here)."""
    if "json" in form:
        try:
            return read_json(form["json"])
        except ValueError:
            return form["json"]
    return READ_BACK[p.kind](p, form)


def _tapped(p: Prompt, form: Form) -> Any:
    """A one-tap control with no value of its own (a "done"): yes."""
    return True


def _picked(p: Prompt, form: Form) -> Any:
    return _at(p.choices, form["pick"]) if "pick" in form else True


def _typed(p: Prompt, form: Form) -> Any:
    return form.get("count", "").strip()


def _ticked(p: Prompt, form: Form) -> Any:
    return [_at(p.choices, i) for i in form.get("checked", [])]


def _valued(p: Prompt, form: Form) -> Any:
    domain = p.domain or []
    return {str(item): _at(domain, i) for item, i in zip(p.choices, form.get("values", []),
                                                         strict=False)}


READ_BACK: dict[PromptKind, Callable[[Prompt, Form], Any]] = {
    "yes_no": _tapped, "confirm": _tapped, "scan": _tapped, "pick_one": _picked,
    "count": _typed, "pick_subset": _ticked, "values": _valued,
}
"""Each kind of question's controls read back into an answer (:data:`.controls.CONTROLS`
draws them): a one-tap answer comes as JSON before any of these."""


def _at(items: list[Any], index: int) -> Any:
    """``items[index]``, or (no such item) a value no question accepts."""
    return items[index] if 0 <= index < len(items) else _NO_SUCH_CHOICE


_NO_SUCH_CHOICE = {"no such choice": True}


def stepped(text: str, step: int, lo: int, hi: int) -> int:
    """The count stepper's − and +: the number typed moved by ``step``, kept in bounds."""
    value = int_or(text, -MAX_STEPPED, MAX_STEPPED, lo)
    return min(hi, max(lo, value + step))


MAX_STEPPED = 10**9


def step_box(text: str, step: str | None, lo: str, hi: str) -> str:
    """The count stepper's − or + as the page reads it (the box's text, the button's step,
    the stepper's bounds: all untrusted text), the box's new text (:func:`stepped`)."""
    bounds = (int_or(end, -MAX_STEPPED, MAX_STEPPED, 0) for end in (lo, hi))
    return str(stepped(text, int_or(step, -1, 1, 0), *bounds))
