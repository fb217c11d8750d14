"""A model of the phone's first screen, in CSS px: how tall the question, its steps and the
dock of answer controls are at a text size. The presenter decides with it whether choices are
buttons or a list (:func:`automa.app.present.question`), so its constants copy the
stylesheet's (``web/style.css``; ``tests/app/test_layout_css.py`` reads them there);
``tests/e2e/test_first_screen.py`` holds the estimate to a browser.
"""

from __future__ import annotations

from typing import NamedTuple, TypedDict

from automa.app.view_records import QuestionView

LONG_QUESTION = 110
"""A question longer than this is split into its sentences."""


class Phone(NamedTuple):
    """A screen the first screen is laid out for: CSS px and the text size setting."""

    width: int = 360
    height: int = 780
    text: float = 1.0


PHONE = Phone()
LARGEST = Phone(text=1.3)
"""The narrowest phone we lay out for, at the largest text size the settings offer."""
SHORT_LABEL = 14
"""Choice labels up to this long go two side by side where there is room."""
BAR_LABEL = 14
"""Two choices up to this long sit in the bar beside undo and redo."""
MAX_BUTTONS = 8
"""Up to this many choices are buttons, one tap each, where they leave the question room at
the player's text size (the dock scrolls inside past :data:`FORM_SHARE` of the screen);
more are buttons only where they would at the largest text size too."""
FORM_SHARE = 0.4
"""The most of the screen's height the dock's choices take before they scroll (CSS
``.dock-form.answers``: ``max-height: 40vh``)."""
EM = 16.0
GLYPH = 0.56
"""The average width of a letter in em (system-ui, Latin and Cyrillic, bold labels)."""
LINE = 1.45
"""The body's line height (CSS ``body``: ``font: 1rem/1.45``)."""
DOCK_SHARE = 0.5
"""Buttons per choice while the dock takes at most this share of the screen; else a list."""
TAP = 48.0
"""The height of a control (a touch target) in px (CSS ``.dock-form.answers > button``:
``min-height: 48px``)."""
SHORT_COLUMN = 7.5
"""The narrowest column of short labels side by side, in rem (CSS ``.dock-form.short``:
``minmax(min(7.5rem, 100%), 1fr)``)."""
DOCK_PADDING = 0.75
"""The dock's padding either side, in rem (CSS ``.dock``: ``padding: 0.5rem 0.75rem``)."""
DOCK_GAP = 0.5
"""The gap between the dock's controls, in rem (CSS ``.dock-form``: ``gap: 0.5rem``)."""
APP_PADDING = 0.75
"""The page's padding at the top and either side, in rem (CSS ``.app``)."""
BUTTON_PADDING = 0.5
"""An answer button's padding either side, in rem (CSS ``.dock-form.answers > button``:
``padding: 0.4rem 0.5rem``)."""
PANEL_PADDING = 0.9
"""The padding inside a panel, the question's among them, in rem (CSS ``.panel``)."""
PICTURE = 58.0
"""The narrowest column of a grid of pictures to tap, in px; the gap between them 6 px (CSS
``.dock-form.pictures``: ``minmax(58px, 1fr)``, ``gap: 6px``): pictures keep their size at
every text size."""
PICTURE_GAP = 6.0
PICTURE_RATIO = 0.92
"""A picture's height for its width, its button's frame included (a tile is ~1.1 : 1)."""
VALUE_LIST = (4.5, 0.3)
"""The narrowest list beside a values item: rem, and its share of the row (CSS
``.value-row``: ``minmax(4.5rem, 30%)``)."""


class FirstScreen(TypedDict):
    """How the first screen of a question is filled, in CSS px from the screen's top."""

    question: float
    """The bottom of the question (the top bar, status line and panel above it)."""
    steps: float
    """The bottom of its numbered steps (the question's bottom when it has none)."""
    dock: float
    """The height of the dock: every answer control, OK, undo and redo."""
    fits: bool
    """The question and every answer control are on screen without scrolling."""


MARGIN = 24.0
"""Room kept between the question and the dock (the estimate is not a browser)."""


def text_height(text: str, width: float, phone: Phone, size: float = 1.0,
                line: float = LINE) -> float:
    """The height in px of ``text`` wrapped word by word into ``width`` px."""
    em = EM * phone.text * size
    per_line = max(1, int(width / (em * GLYPH)))
    lines = 0
    for paragraph in text.split("\n"):
        lines += 1
        used = 0
        for word in paragraph.split():
            if used and used + 1 + len(word) > per_line:
                lines += 1 + (len(word) - 1) // per_line
                used = len(word) % per_line
            else:
                used += (1 if used else 0) + len(word)
    return lines * em * line


def _button(label: str, width: float, phone: Phone) -> float:
    pad = BUTTON_PADDING * EM * phone.text
    return max(TAP, text_height(label, width - 2 * pad - 4, phone, line=1.25) + 2 * pad + 4)


def _columns(q: QuestionView, phone: Phone, inner: float) -> int:
    """Short labels two side by side when two of the narrowest column fit."""
    return 2 if q["short"] and 2 * SHORT_COLUMN * EM * phone.text + 8 <= inner else 1


def dock_height(q: QuestionView, phone: Phone) -> float:
    """The height of the dock holding the question's answer controls."""
    rem = EM * phone.text
    inner = phone.width - 2 * DOCK_PADDING * rem
    gap = DOCK_GAP * rem
    bar_answers = [label for label, _, _ in q["one_tap"]] or (
        [c["label"] for c in q["choices"]] if q["layout"] == "bar"
        else [] if q["layout"] in ("buttons", "pictures", "over") else [q["ok"]])
    free = inner - 2 * (TAP + gap)
    bar = max([TAP + 8] + [_button(label, free / max(1, len(bar_answers)), phone)
                           for label in bar_answers])
    form = 0.0
    labels = [c["label"] for c in q["choices"]]
    if q["layout"] == "stepper":
        form = max(TAP + 8, 1.3 * rem * LINE + 24)
    elif q["layout"] == "list":
        form = max(TAP, rem * LINE + 16)
    elif q["layout"] in ("buttons", "boxes"):
        cols = _columns(q, phone, inner)
        width = (inner - (cols - 1) * gap) / cols
        wide = [labels.pop()] if cols > 1 and len(labels[-1]) > SHORT_LABEL else []
        rows = [labels[i:i + cols] for i in range(0, len(labels), cols)] + [wide] * len(wide)
        form = sum(max(_button(label, (inner if row is wide else width)
                               - (2 * rem if q["layout"] == "boxes" else 0), phone)
                       for label in row) for row in rows) + gap * (len(rows) - 1)
        if q["layout"] == "boxes":
            form += text_height(q["hint"], inner, phone)
        else:  # (the buttons scroll inside the dock past their share of the screen)
            form = min(form, FORM_SHARE * phone.height)
    elif q["layout"] == "pictures":
        across = max(1, int((inner + PICTURE_GAP) // (PICTURE + PICTURE_GAP)))
        side = (inner - (across - 1) * PICTURE_GAP) / across
        lines = -(-len(labels) // across)
        form = min(lines * side * PICTURE_RATIO + (lines - 1) * PICTURE_GAP,
                   FORM_SHARE * phone.height)
    elif q["layout"] == "values":  # a label beside each list
        width = inner - gap - max(VALUE_LIST[0] * rem, VALUE_LIST[1] * inner)
        form = sum(max(44.0, text_height(label, width, phone)) + gap for label in labels)
    return 2 * gap + bar + (form + gap if form else 0.0)


def fits_in_dock(q: QuestionView, phone: Phone) -> bool:
    """Whether the answer controls leave most of the screen to the question."""
    return dock_height(q, phone) <= DOCK_SHARE * phone.height


def first_screen(q: QuestionView, phone: Phone = PHONE) -> FirstScreen:
    """Where the question and its steps end and how tall the dock is on ``phone``: the first
    screen holds the top bar, the status line, the question, and the dock (its steps below
    the question, as many as there is room for)."""
    rem = EM * phone.text
    top = max(52.0, 2 * 1.05 * rem * 1.2 + 8)  # the top bar: the title on up to two lines
    top += APP_PADDING * rem + 0.95 * rem * LINE + 0.4 * rem  # the page's margin and status line
    inner = phone.width - 2 * APP_PADDING * rem - 2 * PANEL_PADDING * rem - 2
    top += PANEL_PADDING * rem + 1  # the question's panel
    long = bool(q["ask"]) or len(q["lead"]) > LONG_QUESTION
    lead = "" if q.get("lead_below") else q["lead"]  # (shown under the question)
    parts = [(lead, 1.05 if long else 1.15), (q["ask"], 1.15), (q["after"], 1.05)]
    shown = [text_height(text, inner, phone, size) for text, size in parts if text]
    top += sum(shown) + 0.8 * rem * (len(shown) - 1)
    steps = top + sum(max(TAP, text_height(step, inner - 2.6 * rem, phone))
                      for step in q["steps"])
    dock = dock_height(q, phone)
    return {"question": top, "steps": steps, "dock": dock,
            "fits": top + dock + MARGIN <= phone.height}


FIGURE_MARGIN = 0.6
"""The margin above and below a board drawn with a question, in rem (CSS ``.pattern``)."""
FIGURE_WIDTH = 24.0
"""The widest a board drawn with a question is, in rem (CSS ``.pattern``: ``max-width``)."""


def figure_width(phone: Phone) -> float:
    """The width of a board drawn with a question, in px."""
    rem = EM * phone.text
    return min(FIGURE_WIDTH * rem,
               phone.width - 2 * APP_PADDING * rem - 2 * PANEL_PADDING * rem - 2)


def board_room(q: QuestionView, phone: Phone) -> float:
    """How tall the game's board drawn right under the question may be, as a share of its
    width, to end above the dock on ``phone`` (the game's renderer crops it to that, around
    the hex it marks)."""
    rem = EM * phone.text
    screen = first_screen(q, phone)
    # the question's own margin, the joined panels' paddings, the figure's margins
    top = screen["question"] + 0.8 * rem + FIGURE_MARGIN * rem
    bottom = phone.height - screen["dock"] - FIGURE_MARGIN * rem - MARGIN / 2
    return max(0.0, bottom - top) / figure_width(phone)
