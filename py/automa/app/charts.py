"""Line charts as SVG, drawn by our own short code, with a table as their text alternative.

Two charts need nothing more than lines over a handful of points (your score and the bot's
per game; the bot's score per round against its average), so no chart package is shipped:
the one pure-Python SVG chart library that fits the size budget (leather) builds its SVG
with ``xml.etree``, which the app's trimmed standard library leaves out, and draws fixed
colours and pixel fonts; pygal adds 400 kB and a script tag. Here the colours come from
the page's style sheet (so the dark theme applies), the words are the caller's (so both
languages do), the lines differ by dash and marker as well as colour, and the drawing is
sized for a 360-pixel-wide screen (``viewBox`` 320 × 190, text 13 units).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from automa.app.html import Safe, h
from automa.core.i18n import format_number

WIDTH, HEIGHT = 320, 190
LEFT, RIGHT, TOP, BOTTOM = 40, 12, 12, 30
TEXT = 13


@dataclass(frozen=True)
class Line:
    """One line of a chart: its name in the legend, its values (None: a gap) and its kind
    (``you``, ``bot`` or ``average``: the style sheet's colour, dash and marker)."""

    name: str
    values: Sequence[float | None]
    kind: str


def nice_top(value: float) -> float:
    """The top of the scale: ``value`` rounded up to 1, 2 or 5 times a power of ten.

    >>> [nice_top(v) for v in (0, 3, 7, 12, 68, 464)]
    [1.0, 5.0, 10.0, 20.0, 100.0, 500.0]
    """
    if value <= 0:
        return 1.0
    power = 10 ** math.floor(math.log10(value))
    return float(next(m * power for m in (1, 2, 5, 10) if m * power >= value))


def ticks(lo: float, values: Sequence[float]) -> list[float]:
    """The scale's marks from ``lo``: for whole numbers with a small top (Civ's 0–3 victory
    cards), each whole number up to the largest value; else ``lo``, halfway and a round top.

    >>> ticks(0, [1, 3, 2]), ticks(0, [0]), ticks(0, [12, 40])
    ([0, 1, 2, 3], [0, 1], [0, 25.0, 50.0])
    """
    top = max(values, default=0.0)
    if all(float(v).is_integer() for v in values) and top - lo <= 5:
        return list(range(int(lo), int(max(top, lo + 1)) + 1))
    top = nice_top(top - lo) + lo
    return [lo, (lo + top) / 2, top]


def number(value: float, lang: str = "en") -> str:
    """A value as the chart writes it in ``lang``: whole numbers without decimals, else one
    (:func:`automa.core.i18n.format_number`: «72,5» in Ukrainian)."""
    return format_number(value, lang)


def _xs(n: int) -> list[float]:
    span = WIDTH - LEFT - RIGHT
    if n <= 1:
        return [LEFT + span / 2]
    return [LEFT + span * i / (n - 1) for i in range(n)]


def _marker(kind: str, x: float, y: float) -> Safe:
    if kind == "bot":
        return h("rect", {"x": f"{x - 4:.1f}", "y": f"{y - 4:.1f}", "width": 8, "height": 8})
    if kind == "average":
        return Safe("")
    return h("circle", {"cx": f"{x:.1f}", "cy": f"{y:.1f}", "r": 4.5})


def _line(line: Line, xs: list[float], y_of: dict[str, float]) -> Safe:
    """A line's runs (broken at gaps) and its markers."""
    runs: list[list[str]] = [[]]
    marks = []
    for x, v in zip(xs, line.values, strict=False):
        if v is None:
            runs.append([])
            continue
        y = y_of["base"] - (v - y_of["lo"]) * y_of["scale"]
        runs[-1].append(f"{x:.1f},{y:.1f}")
        marks.append(_marker(line.kind, x, y))
    paths = [h("polyline", {"points": " ".join(run)}) for run in runs if len(run) > 1]
    return h("g", {"class": f"chart-line chart-{line.kind}"}, *paths, *marks)


def _labels(x_labels: Sequence[str], xs: list[float]) -> list[Safe]:
    """The x labels that fit: the first, the last and, with room, one between."""
    n = len(x_labels)
    shown = sorted({0, n - 1} | ({(n - 1) // 2} if n >= 5 else set())) if n else []
    y = HEIGHT - BOTTOM + TEXT + 6
    out = []
    for i in shown:
        anchor = "start" if i == 0 and n > 1 else "end" if i == n - 1 and n > 1 else "middle"
        x = xs[i] - 4 if anchor == "start" else xs[i] + 4 if anchor == "end" else xs[i]
        out.append(h("text", {"x": f"{x:.1f}", "y": y, "text-anchor": anchor},
                     x_labels[i]))
    return out


def line_chart(lines: Sequence[Line], x_labels: Sequence[str], title: str,
               lang: str = "en") -> Safe:
    """An SVG line chart of ``lines`` over ``x_labels``, named ``title`` for a screen reader
    (the table beside it says the same in words), its scale's numbers as ``lang`` writes
    them."""
    values = [v for line in lines for v in line.values if v is not None]
    lo = min([0.0, *values])
    marks = ticks(lo, values)
    top = marks[-1]
    base = HEIGHT - BOTTOM
    scale = (base - TOP) / ((top - lo) or 1)
    y_of = {"base": base, "lo": lo, "scale": scale}
    xs = _xs(max((len(line.values) for line in lines), default=0))
    grid = []
    for v in marks:
        y = base - (v - lo) * scale
        grid.append(h("line", {"x1": LEFT, "x2": WIDTH - RIGHT, "y1": f"{y:.1f}",
                               "y2": f"{y:.1f}"}))
        grid.append(h("text", {"x": LEFT - 6, "y": f"{y + TEXT / 3:.1f}", "text-anchor": "end"},
                      number(v, lang)))
    return h("svg", {"class": "chart", "viewBox": f"0 0 {WIDTH} {HEIGHT}", "role": "img",
                     "aria-label": title, "font-size": TEXT},
             h("g", {"class": "chart-grid"}, *grid),
             h("g", {"class": "chart-labels"}, *_labels(x_labels, xs)),
             *[_line(line, xs, y_of) for line in lines])


def legend(lines: Sequence[Line]) -> Safe:
    """The lines' names beside a sample of each (dash and marker as in the chart)."""
    def sample(kind: str) -> Safe:
        return h("svg", {"class": "chart-key", "viewBox": "0 0 28 12", "aria-hidden": "true"},
                 h("g", {"class": f"chart-line chart-{kind}"},
                   h("polyline", {"points": "2,6 26,6"}), _marker(kind, 14, 6)))

    return h("ul", {"class": "plain chart-legend"},
             *[h("li", None, sample(line.kind), line.name) for line in lines])


def table(lines: Sequence[Line], x_labels: Sequence[str], x_heading: str, caption: str,
          lang: str = "en") -> Safe:
    """The chart's values as a table (its text alternative): one row per point, headed by
    ``x_labels``."""
    head = h("tr", None, h("th", {"scope": "col"}, x_heading),
             *[h("th", {"scope": "col"}, line.name) for line in lines])
    rows = []
    for i, label in enumerate(x_labels):
        cells = [line.values[i] if i < len(line.values) else None for line in lines]
        rows.append(h("tr", None, h("th", {"scope": "row"}, label),
                      *[h("td", None, "—" if v is None else number(v, lang)) for v in cells]))
    return h("table", {"class": "chart-table"}, h("caption", None, caption),
             h("thead", None, head), h("tbody", None, *rows))


def figure(lines: Sequence[Line], x_labels: Sequence[str], title: str, x_heading: str,
           rows: Sequence[str], show_table: str, lang: str = "en") -> Safe:
    """A chart with its title, legend and, folded under ``show_table``, its table (a row
    per point, headed by ``rows``)."""
    return h("figure", {"class": "chart-figure"},
             h("figcaption", None, title),
             line_chart(lines, x_labels, title, lang), legend(lines),
             h("details", {"class": "chart-details"}, h("summary", None, show_table),
               table(lines, rows, x_heading, title, lang)))

