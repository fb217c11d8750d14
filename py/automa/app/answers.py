"""The answer controls read back: the form the page read from the question on screen turned
into the answer the session checks (the input side of :mod:`automa.app.present`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypedDict

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


class FormReader(Protocol):
    """The form on screen as the page reads it (``web/main.py``'s DOM; a test's fake)."""

    def texts(self, selector: str, attribute: str = "") -> list[str]:
        """The ``attribute`` (the value, for "") of every element ``selector`` finds."""
        ...

    def text(self, element_id: str) -> str | None:
        """The value of the element with this id (None: there is none on screen)."""
        ...


OPTIONS = "[data-option]:checked, select[data-option]"
"""The New game form's chosen options (a tick or radio per choice, or a list)."""


def read_form(read: FormReader, action: str, arg: str | None,
              data_json: str | None) -> PageForm:
    """What the form on screen says when a ``[data-act]`` control was tapped (its
    ``data-json`` as given): the answer controls of the question, the options, seed and deck
    of a new game, or the scores entered for a record. Every number is read within bounds
    (anything else is -1, which the session refuses)."""
    form: PageForm = {"checked": _numbers(read.texts("#subset input:checked", "data-index")),
                      "values": _numbers(read.texts("#values select"))}
    if data_json is not None:
        form["json"] = data_json
    if action == "pick" and arg is not None:
        form["pick"] = int_or(arg, 0, 10_000, -1)
    elif listed := _numbers(read.texts("#pick")):  # (a pick from a list: the choice shown)
        form["pick"] = listed[0]
    if (count := read.text("count")) is not None:
        form["count"] = count
    if action == "record-save":
        form["scores"] = read.texts("[data-score]")
        form["winner"] = next(iter(read.texts("[data-winner]:checked")), "")
    if action == "start":
        form["options"] = {name: int_or(value, 0, 1000, -1) for name, value in
                           zip(read.texts(OPTIONS, "data-option"), read.texts(OPTIONS),
                               strict=True)}
        form["seed"] = read.text("seed") or ""
        form["deck"] = read.text("deck-choice") or ""
    return form


def _numbers(texts: list[str]) -> list[int]:
    return [int_or(text, 0, 10_000, -1) for text in texts]


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
