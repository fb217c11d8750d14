"""The phone model (:mod:`automa.app.layout`) copies values from the stylesheet, and the
presenter decides with it whether choices are buttons or a list: each copied value is read
here from ``web/style.css``, so that a change to the stylesheet that the model does not
follow fails in CPython, without a browser (``tests/e2e/test_first_screen.py`` holds the
whole estimate to one)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from automa.app import layout

STYLE = Path(__file__).resolve().parents[2] / "web" / "style.css"


def declaration(selector: str, prop: str) -> str:
    """The value of ``prop`` in the stylesheet's top-level rule for exactly ``selector``."""
    css = re.sub(r"/\*.*?\*/", "", STYLE.read_text(encoding="utf-8"), flags=re.S)
    for selectors, body in re.findall(r"(?m)^([^{}@\s][^{}]*)\{([^{}]*)\}", css):
        if selector in (s.strip() for s in selectors.split(",")):
            found = re.search(rf"(?:^|;)\s*{re.escape(prop)}\s*:\s*([^;]+)", body)
            if found:
                return found.group(1).strip()
    raise AssertionError(f"no {prop} in {selector} in {STYLE.name}")


@pytest.mark.parametrize(("selector", "prop", "pattern", "copied"), [
    ("body", "font", r"1rem/([\d.]+)", layout.LINE),
    (".dock-form.answers > button", "min-height", r"([\d.]+)px", layout.TAP),
    (".dock-form.answers > button", "padding", r"[\d.]+rem ([\d.]+)rem", layout.BUTTON_PADDING),
    (".dock-form.short", "grid-template-columns", r"minmax\(min\(([\d.]+)rem",
     layout.SHORT_COLUMN),
    (".dock-form.answers", "max-height", r"([\d.]+)vh", layout.FORM_SHARE * 100),
    (".dock", "padding", r"[\d.]+rem ([\d.]+)rem", layout.DOCK_PADDING),
    (".dock-form", "gap", r"([\d.]+)rem", layout.DOCK_GAP),
    (".app", "padding", r"([\d.]+)rem", layout.APP_PADDING),
    (".app", "padding", r"[\d.]+rem ([\d.]+)rem", layout.APP_PADDING),
    (".panel", "padding", r"([\d.]+)rem", layout.PANEL_PADDING),
    (".dock-form.pictures", "grid-template-columns", r"minmax\(([\d.]+)px", layout.PICTURE),
    (".dock-form.pictures", "gap", r"([\d.]+)px", layout.PICTURE_GAP),
    (".value-row", "grid-template-columns", r"minmax\(([\d.]+)rem", layout.VALUE_LIST[0]),
    (".value-row", "grid-template-columns", r"minmax\([\d.]+rem, ([\d.]+)%\)",
     layout.VALUE_LIST[1] * 100),
    (".pattern", "margin", r"([\d.]+)rem", layout.FIGURE_MARGIN),
    (".pattern", "max-width", r"([\d.]+)rem", layout.FIGURE_WIDTH),
])
def test_the_phone_model_copies_the_stylesheet(selector: str, prop: str, pattern: str,
                                               copied: float) -> None:
    value = declaration(selector, prop)
    found = re.search(pattern, value)
    assert found, f"{selector} {{ {prop}: {value} }} no longer reads as the model expects"
    assert float(found.group(1)) == pytest.approx(copied), (selector, prop, value)
