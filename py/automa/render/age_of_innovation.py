"""Age of Innovation Automa Decision cards as SVG, drawn from ``cards/age_of_innovation``.

Layout (63 × 88 mm): the Support column on the left (used when the card is the Support card),
the Action column on the right (used when it is the Action card), the pass icon in the upper
right, the setup letters in the lower left. ``highlight`` may name ``action``, ``support`` or
``setup`` to frame that part.
"""

from __future__ import annotations

from collections.abc import Sequence

from automa.core.i18n import render
from automa.games.age_of_innovation import data
from automa.render import CardRenderer, escape, register_renderer

W, H = 630, 880
SPLIT = 300
INK = "#1f2a36"
PAPER = "#fbf7ee"
ACCENT = "#c9731d"
HIGHLIGHT = "#f2b705"
TERRAIN_COLOURS = ("#3b7dd8", "#d9a441", "#2f7d32", "#b33a2b", "#5d4a7a", "#e7d37a", "#8a8a8a")
ACTION_COLOURS = {
    "faction": "#7b3fa0", "take_innovation": "#1c8f8a", "gain_points": "#c9731d",
    "terraform_build": "#2f7d32", "upgrade": "#8c5a2b", "block_power_book": "#b33a2b",
    "send_scholar": "#3b5fb3", "advance_discipline": "#3b7dd8",
}


def _t(key: str, lang: str, **params: object) -> str:
    return escape(render(f"age_of_innovation.{key}", dict(params), lang))


def _text(x: float, y: float, s: str, size: int = 26, anchor: str = "middle",
          weight: str = "normal", fill: str = INK) -> str:
    return (f'<text x="{x}" y="{y}" font-family="sans-serif" font-size="{size}" '
            f'text-anchor="{anchor}" font-weight="{weight}" fill="{fill}">{s}</text>')


def _zigzag(x: float, y: float, direction: str, number: int) -> str:
    """The Directional Selection arrow: a zig-zag with its head and the count."""
    pts = [(0, 0), (90, 0), (10, 30), (90, 30)]
    if direction == "rtl":
        pts = [(90 - px, 30 - py) for px, py in pts]
    path = " ".join(f"{x + px},{y + py}" for px, py in pts)
    hx, hy = x + pts[-1][0], y + pts[-1][1]
    d = 1 if direction == "ltr" else -1
    head = f"{hx},{hy} {hx - 14 * d},{hy - 9} {hx - 14 * d},{hy + 9}"
    return (f'<polyline points="{path}" fill="none" stroke="{INK}" stroke-width="5"/>'
            f'<polygon points="{head}" fill="{INK}"/>'
            + _text(x + 140, y + 30, str(number), 44, weight="bold"))


def _bonus(x: float, y: float, pick: str) -> str:
    """Three bars (the round bonus tiles) with an arrow over the one she takes."""
    out = []
    for i, pos in enumerate(data.BONUS_POSITIONS):
        fill = ACCENT if pos == pick else "none"
        out.append(f'<rect x="{x + i * 60}" y="{y + 30}" width="44" height="60" rx="6" '
                   f'fill="{fill}" stroke="{INK}" stroke-width="4"/>')
    ax = x + data.BONUS_POSITIONS.index(pick) * 60 + 22
    out.append(f'<polygon points="{ax - 14},{y} {ax + 14},{y} {ax},{y + 24}" fill="{INK}"/>')
    return "".join(out)


def _structure(x: float, y: float, marked: str, together: bool) -> str:
    """A building, with a Power token when marked; two arrows when Bring together."""
    out = [f'<polygon points="{x},{y + 60} {x},{y + 25} {x + 30},{y} {x + 60},{y + 25} '
           f'{x + 60},{y + 60}" fill="{PAPER}" stroke="{INK}" stroke-width="4"/>']
    if marked == "marked":
        out.append(f'<circle cx="{x + 30}" cy="{y + 38}" r="13" fill="#7b3fa0"/>')
    if together:
        out.append(f'<path d="M{x + 85},{y + 30} h40 M{x + 165},{y + 30} h-40" stroke="{INK}" '
                   f'stroke-width="5"/><polygon points="{x + 125},{y + 30} {x + 112},{y + 21} '
                   f'{x + 112},{y + 39}" fill="{INK}"/><polygon points="{x + 127},{y + 30} '
                   f'{x + 140},{y + 21} {x + 140},{y + 39}" fill="{INK}"/>')
    return "".join(out)


def _atp(x: float, y: float, row: str) -> str:
    """The terrain-priority row: seven terrain hexes and the row letter."""
    out = []
    for i, colour in enumerate(TERRAIN_COLOURS):
        cx, cy = x + 14 + i * 30, y + 20
        hexagon = " ".join(f"{cx + dx},{cy + dy}" for dx, dy in
                           ((0, -14), (12, -7), (12, 7), (0, 14), (-12, 7), (-12, -7)))
        out.append(f'<polygon points="{hexagon}" fill="{colour}" stroke="{INK}" '
                   f'stroke-width="1.5"/>')
    out.append(_text(x + 240, y + 32, row, 36, weight="bold"))
    return "".join(out)


def _scholar(x: float, y: float, kind: str, lang: str) -> str:
    """Discipline selection: the Round Score tile colour, or Catch-up."""
    if kind == "round_tile":
        icon = (f'<rect x="{x}" y="{y}" width="56" height="56" rx="8" fill="#3b5fb3"/>'
                f'<circle cx="{x + 28}" cy="{y + 28}" r="12" fill="{PAPER}"/>')
    else:
        icon = (f'<rect x="{x}" y="{y + 30}" width="18" height="26" fill="{INK}"/>'
                f'<rect x="{x + 26}" y="{y + 12}" width="18" height="44" fill="{INK}"/>'
                f'<polygon points="{x},{y + 24} {x + 9},{y + 6} {x + 18},{y + 24}" '
                f'fill="{ACCENT}"/>')
    label = _t(f"render.scholar.{kind}", lang)
    return icon + _text(x + 70, y + 38, label, 22, anchor="start")


def _frame(x: float, y: float, w: float, h: float) -> str:
    return (f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="18" fill="none" '
            f'stroke="{HIGHLIGHT}" stroke-width="12"/>')


def _action_column(c: dict[str, object], lang: str) -> str:
    out = []
    actions = c["actions"]
    assert isinstance(actions, list)
    y = 140
    for a in actions:
        kind = a["type"]
        colour = ACTION_COLOURS.get(kind, INK)
        out.append(f'<rect x="{SPLIT + 30}" y="{y}" width="250" height="110" rx="14" '
                   f'fill="{colour}"/>')
        label = _t(f"action.{kind}", lang)
        out.append(_text(SPLIT + 155, y + 48, label, 24, weight="bold", fill="#ffffff"))
        if kind == "gain_points":
            out.append(_text(SPLIT + 155, y + 92, f"+{a['points']}", 36, weight="bold",
                             fill="#ffffff"))
        pencils = a.get("pencils", [])
        for j, p in enumerate(pencils):
            px, py = SPLIT + 40, y + 78 + (j // 2) * 26
            px += (j % 2) * 120
            out.append(f'<g><title>{_t(f"render.pencil.{p}", lang)}</title>'
                       f'<polygon points="{px},{py} {px + 10},{py - 6} {px + 30},{py - 6} '
                       f'{px + 30},{py + 6} {px + 10},{py + 6}" fill="{HIGHLIGHT}" '
                       f'stroke="#ffffff" stroke-width="1.5"/>'
                       + _text(px + 36, py + 7, _t(f"render.pencil_short.{p}", lang), 17,
                               anchor="start", fill="#ffffff") + "</g>")
        y += 130
    return "".join(out)


def _support_column(c: dict[str, object], lang: str) -> str:
    return "".join([
        _text(30, 120, _t("render.structure", lang), 20, anchor="start"),
        _structure(30, 135, str(c["structure"]), bool(c["bring_together"])),
        _text(30, 250, _t("render.atp", lang), 20, anchor="start"),
        _atp(30, 262, str(c["atp_row"])),
        _text(30, 345, _t("render.directional", lang), 20, anchor="start"),
        _zigzag(40, 362, str(c["direction"]), int(str(c["count"]))),
        _text(30, 450, _t("render.discipline", lang), 20, anchor="start"),
        _scholar(30, 465, str(c["scholar"]), lang),
        _text(30, 570, _t("render.bonus", lang), 20, anchor="start"),
        _bonus(50, 585, str(c["bonus"])),
    ])


def _setup_section(c: dict[str, object]) -> str:
    marked, unmarked = c["setup_marked"], c["setup_unmarked"]
    return (f'<rect x="30" y="720" width="240" height="120" rx="12" fill="{PAPER}" '
            f'stroke="{INK}" stroke-width="3"/>'
            + _text(95, 790, str(marked), 56, weight="bold")
            + '<circle cx="95" cy="818" r="11" fill="#7b3fa0"/>'
            + _text(205, 790, str(unmarked), 56, weight="bold"))


def _pass_icon() -> str:
    return (f'<circle cx="{W - 60}" cy="70" r="34" fill="{PAPER}" stroke="{INK}" '
            f'stroke-width="5"/><path d="M{W - 80},70 h40 M{W - 52},56 l14,14 l-14,14" '
            f'fill="none" stroke="{INK}" stroke-width="6"/>')


def describe(card_id: str, lang: str) -> str:
    """The card's content as text (the SVG's ``<desc>``)."""
    c = data.card(card_id)
    acts = ", ".join(render(f"age_of_innovation.action.{a['type']}", {}, lang)
                     + (f" +{a['points']}" if a["type"] == "gain_points" else "")
                     for a in c["actions"])
    return render("age_of_innovation.render.desc", {
        "actions": acts,
        "structure": {"key": f"age_of_innovation.structure.{c['structure']}", "params": {}},
        "together": c["bring_together"], "row": c["atp_row"],
        "order": {"key": f"age_of_innovation.order.{c['direction']}", "params": {}},
        "count": c["count"],
        "scholar": {"key": f"age_of_innovation.render.scholar.{c['scholar']}", "params": {}},
        "bonus": {"key": f"age_of_innovation.bonus.{c['bonus']}", "params": {}},
        "pass": c["pass_icon"], "marked": c["setup_marked"], "unmarked": c["setup_unmarked"],
    }, lang)


def card_svg(card_id: str, highlight: Sequence[str] = (), lang: str = "en") -> str:
    """One Decision card face."""
    c = data.card(card_id)
    title = _t("render.title", lang, n=c["number"])
    star = "*" if c["starting"] else ""
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" role="img" '
        f'aria-labelledby="t{card_id} d{card_id}">',
        f'<title id="t{card_id}">{title}</title>',
        f'<desc id="d{card_id}">{escape(describe(card_id, lang))}</desc>',
        f'<rect x="4" y="4" width="{W - 8}" height="{H - 8}" rx="30" fill="{PAPER}" '
        f'stroke="{INK}" stroke-width="8"/>',
        f'<line x1="{SPLIT}" y1="30" x2="{SPLIT}" y2="{H - 30}" stroke="{INK}" '
        f'stroke-width="3" stroke-dasharray="10 8"/>',
        _text(40, 75, f"{star}{c['number']}", 52, anchor="start", weight="bold"),
        _text(SPLIT + 155, 110, _t("render.action_column", lang), 22),
        _support_column(c, lang),
        _action_column(c, lang),
        _setup_section(c),
    ]
    if c["pass_icon"]:
        parts.append(_pass_icon())
    if "support" in highlight:
        parts.append(_frame(14, 14, SPLIT - 20, H - 28))
    if "action" in highlight:
        parts.append(_frame(SPLIT + 6, 14, W - SPLIT - 20, H - 28))
    if "setup" in highlight:
        parts.append(_frame(22, 712, 256, 136))
    parts.append("</svg>")
    return "".join(parts)


def deck() -> list[str]:
    """All 14 Decision cards in number order."""
    return sorted(data.decision_cards(), key=lambda c: data.card(c)["number"])


register_renderer(CardRenderer("age_of_innovation", card_svg, deck))
