"""Print sheets: real-size cards (63 × 88 mm) on A4 or Letter pages, with cut marks.

The sheets are HTML for the browser's print dialog: each page is a box of the paper's size in
millimetres holding a 3 × 3 grid of card SVGs (the same drawings as on screen) and cut marks
in the margins along the grid lines. :func:`page_css` gives the ``@page`` rule for the paper.

>>> layout("a4").per_page, layout("letter").per_page
(9, 9)
>>> pages(["a"] * 10, "a4")
2
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from automa.render import CARD_HEIGHT_MM, CARD_WIDTH_MM

PAPERS: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
"""Paper sizes in millimetres (width, height), portrait."""
MARK_GAP_MM = 1.5
"""Distance between the cards' edge and a cut mark."""
MARK_LENGTH_MM = 4.0


@dataclass(frozen=True)
class Layout:
    """Where the cards go on one page of a paper size."""

    paper: str
    width: float
    height: float
    cols: int
    rows: int

    @property
    def per_page(self) -> int:
        """Cards on one page."""
        return self.cols * self.rows

    @property
    def left(self) -> float:
        """Left edge of the card grid, in mm (the grid is centred)."""
        return round((self.width - self.cols * CARD_WIDTH_MM) / 2, 2)

    @property
    def top(self) -> float:
        """Top edge of the card grid, in mm."""
        return round((self.height - self.rows * CARD_HEIGHT_MM) / 2, 2)


def layout(paper: str) -> Layout:
    """The grid of cards that fits ``paper`` with room for cut marks."""
    width, height = PAPERS[paper]
    room = 2 * (MARK_GAP_MM + MARK_LENGTH_MM)
    cols = int((width - room) // CARD_WIDTH_MM)
    rows = int((height - room) // CARD_HEIGHT_MM)
    return Layout(paper, width, height, max(cols, 1), max(rows, 1))


def pages(cards: Sequence[str], paper: str) -> int:
    """How many pages ``cards`` need."""
    return max(1, math.ceil(len(cards) / layout(paper).per_page))


def page_css(paper: str) -> str:
    """The ``@page`` rule for printing on ``paper``."""
    width, height = PAPERS[paper]
    return f"@page {{ size: {width}mm {height}mm; margin: 0; }}"


def _cut_marks(lay: Layout, cards: int) -> str:
    """Short lines in the margins continuing the grid lines around the ``cards`` on the page
    (none for the empty places of a page that is not full)."""
    lines = []
    cols, rows = min(cards, lay.cols), math.ceil(cards / lay.cols)
    grid_w, grid_h = cols * CARD_WIDTH_MM, rows * CARD_HEIGHT_MM
    near, far = MARK_GAP_MM, MARK_GAP_MM + MARK_LENGTH_MM
    for c in range(cols + 1):
        x = lay.left + c * CARD_WIDTH_MM
        lines.append((x, lay.top - far, x, lay.top - near))
        lines.append((x, lay.top + grid_h + near, x, lay.top + grid_h + far))
    for r in range(rows + 1):
        y = lay.top + r * CARD_HEIGHT_MM
        lines.append((lay.left - far, y, lay.left - near, y))
        lines.append((lay.left + grid_w + near, y, lay.left + grid_w + far, y))
    body = "".join(f'<line x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}"/>'
                   for x1, y1, x2, y2 in lines)
    return (f'<svg class="cut-marks" xmlns="http://www.w3.org/2000/svg" aria-hidden="true" '
            f'viewBox="0 0 {lay.width:g} {lay.height:g}" stroke="#000" stroke-width="0.2">'
            f"{body}</svg>")


def sheets_html(card_svgs: Sequence[str], paper: str) -> str:
    """Every page of real-size cards as HTML (each page a ``section.sheet``)."""
    lay = layout(paper)
    out = []
    for start in range(0, max(len(card_svgs), 1), lay.per_page):
        cells = []
        on_page = card_svgs[start:start + lay.per_page]
        marks = _cut_marks(lay, len(on_page)) if on_page else ""
        for i, svg in enumerate(on_page):
            col, row = i % lay.cols, i // lay.cols
            x = lay.left + col * CARD_WIDTH_MM
            y = lay.top + row * CARD_HEIGHT_MM
            cells.append(f'<div class="print-card" style="left:{x:g}mm;top:{y:g}mm;'
                         f'width:{CARD_WIDTH_MM}mm;height:{CARD_HEIGHT_MM}mm">{svg}</div>')
        out.append(f'<section class="sheet" style="width:{lay.width:g}mm;height:{lay.height:g}mm">'
                   f'{marks}{"".join(cells)}</section>')
    return "".join(out)
