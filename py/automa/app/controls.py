"""A question's answer controls, by its kind: one tap for a yes/no, a "done" or a scan, a
stepper for a count, buttons, a bar, pictures or a list for a pick (as many as fit the phone's
first screen, :mod:`automa.app.layout`), boxes for a subset, a chooser per item for values.
The kinds are :data:`CONTROLS`, one function each; :mod:`automa.app.answers` reads the
controls back into an answer."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import automa.render as cards
from automa.app.layout import (
    BAR_LABEL,
    LARGEST,
    MAX_BUTTONS,
    SHORT_LABEL,
    Phone,
    first_screen,
    fits_in_dock,
)
from automa.app.view_records import QuestionView
from automa.app.words import Words
from automa.core.prompts import Prompt, PromptKind


def _label(w: Words, p: Prompt, i: int) -> str:
    """The words of a choice: its label, else the value itself."""
    if p.labels is not None and i < len(p.labels):
        return w.text(p.labels[i])
    return w.text(p.choices[i])




def controls(q: QuestionView, p: Prompt, w: Words, phone: Phone) -> None:
    """Fill in the answer controls of the prompt's kind (:data:`CONTROLS`), and how they are
    drawn on ``phone``."""
    CONTROLS[p.kind](q, p, w, phone)
    if q["one_tap"]:
        q["layout"] = "one_tap"


def _yes_no(q: QuestionView, p: Prompt, w: Words, phone: Phone) -> None:
    q["one_tap"] = [(w.t("web.play.yes" if v else "web.play.no"), json.dumps(v),
                     p.default is v) for v in (True, False)]


def _count(q: QuestionView, p: Prompt, w: Words, phone: Phone) -> None:
    lo, hi = p.bounds or (min(p.choices), max(p.choices))
    typed = bool(p.ui.get("typed")) and not isinstance(p.default, int)
    q.update({"lo": lo, "hi": hi,
              "value": None if typed else p.default if isinstance(p.default, int) else lo,
              "hint": w.t("core.prompt.count", lo=lo, hi=hi), "layout": "stepper"})


def _pick_one(q: QuestionView, p: Prompt, w: Words, phone: Phone) -> None:
    _choices(q, p, w)
    if all(c["face"] for c in q["choices"]):
        q["layout"] = "pictures"
    elif len(q["choices"]) <= 2 and all(len(c["label"]) <= BAR_LABEL for c in q["choices"]):
        q["layout"] = "bar"
    else:  # one tap each, unless they crowd out the question at this text size
        q["layout"] = "buttons"
        if not _buttons_fit(q, phone):
            q["layout"] = "list"


def _pick_subset(q: QuestionView, p: Prompt, w: Words, phone: Phone) -> None:
    _choices(q, p, w)
    lo, hi = p.bounds or (0, len(p.choices))
    hint = (w.t("web.play.pick_exactly", n=lo) if lo == hi
            else w.t("web.play.pick_between", lo=lo, hi=hi))
    q.update({"lo": lo, "hi": hi, "hint": hint, "layout": "boxes"})


def _values(q: QuestionView, p: Prompt, w: Words, phone: Phone) -> None:
    domain = p.domain or []
    default = p.default or {}
    q["choices"] = [{"index": i, "label": _label(w, p, i), "chosen": False, "swatch": "",
                     "face": ""} for i in range(len(p.choices))]
    q["domain"] = [w.text(v) for v in domain]
    q["chosen"] = [_index(domain, default.get(str(item), domain[0] if domain else None))
                   for item in p.choices]
    q["layout"] = "values"


def _done(q: QuestionView, p: Prompt, w: Words, phone: Phone) -> None:
    """Confirm or scan: "done" (and, for a scan that offers it, "no valid place")."""
    q["one_tap"] = [(_label(w, p, i) if p.labels else w.t("core.prompt.confirm"),
                     json.dumps(c), c is True) for i, c in enumerate(p.choices)]


CONTROLS: dict[PromptKind, Callable[[QuestionView, Prompt, Words, Phone], None]] = {
    "yes_no": _yes_no, "count": _count, "pick_one": _pick_one, "pick_subset": _pick_subset,
    "values": _values, "confirm": _done, "scan": _done,
}
"""The answer controls of each kind of question, as :data:`automa.app.taps.ACTIONS` holds
what each tap does."""


def _choices(q: QuestionView, p: Prompt, w: Words) -> None:
    """A pick's choices in words, those its ``ui["shown"]`` names if it names some (each
    keeps its index among the prompt's choices), with the colour chip and the picture the
    game's renderer gives its value."""
    default = p.default if p.kind == "pick_one" else (p.default or [])
    game = str(p.ui.get("game") or "")
    shown = p.ui.get("shown")
    faces = p.ui.get("faces")
    if not (isinstance(faces, list) and len(faces) == len(p.choices)
            and all(isinstance(f, str) for f in faces) and p.kind == "pick_one" and game):
        faces = None
    q["choices"] = [{"index": i, "label": _label(w, p, i),
                     "chosen": (c == default if p.kind == "pick_one" and default is not None
                                else p.kind == "pick_subset" and c in default),
                     "swatch": (cards.swatch(game, c) or "") if game else "",
                     "face": faces[i] if faces else ""}
                    for i, c in enumerate(p.choices)
                    if not isinstance(shown, list) or not shown or c in shown]
    # short labels side by side; a last long one ("no valid hex") takes a row of its own
    q["short"] = all(len(c["label"]) <= SHORT_LABEL for c in q["choices"][:-1]) and (
        len(q["choices"]) > 2 or len(q["choices"][-1]["label"]) <= SHORT_LABEL)


def _buttons_fit(q: QuestionView, phone: Phone) -> bool:
    """Whether the choices go as buttons, one tap each: they leave the question room at this
    text size, and more than :data:`MAX_BUTTONS` do at the largest size too. Where they would
    not, up to that many go under the question's explanation (``lead_below``) before they
    become a list."""
    def fit(at: Phone) -> bool:
        return fits_in_dock(q, at) and first_screen(q, at)["fits"]

    if fit(phone) and (len(q["choices"]) <= MAX_BUTTONS or fit(LARGEST)):
        return True
    if len(q["choices"]) > MAX_BUTTONS or not q["ask"]:
        return False
    q["lead_below"] = True  # (the question short now, the dock may take more than half)
    if first_screen(q, phone)["fits"]:
        return True
    q["lead_below"] = False
    return False


def _index(values: list[Any], value: Any) -> int:
    for i, v in enumerate(values):
        if v == value:
            return i
    return 0
