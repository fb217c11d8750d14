"""Tapestry decision cards as SVG, drawn from ``cards/tapestry`` by our own code.

Drawn to be read on a phone (a card about 160 px wide): icons first, big numbers, no
running text. The track section (top) shows the card number, the Automa's and the Shadow
Empire's track indicators (the latter marked "S") and the income icon. The tiebreaker
section (the rest) shows the track tiebreak list as a row of coloured tiles (the Automa
reads it from the left, the Shadow Empire from the right), then the 34-hex solo map with
the scan order, the black start arrow and the grey next-row arrow, fitted so that nothing
is clipped, and the toppled-outpost icon. ``highlight`` containing "track" or "tiebreaker"
marks that section as the active one; disputed values carry a "?" badge. The card's full
content is in the SVG's ``<title>``/``<desc>`` for screen readers.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from automa.core.i18n import render
from automa.games.tapestry import data
from automa.games.tapestry.map import place_of as map_place_of
from automa.render import CardRenderer, escape, register_renderer

W, H = 630, 880
SPLIT = 250
"""Where the track section ends and the tiebreaker section begins."""
PURPLE = "#7b3fa0"
TRACK_COLOURS = {"exploration": "#c8951a", "science": "#3d8b3d", "military": "#b8322a",
                 "technology": "#3f6fa8", "favorite": "#c2185b"}
BOT_COLOURS = {"automa": "#2f6fd0", "shadow": "#6b6b6b"}
HEX = 27.0
"""Hex size (centre to corner) of the map before it is fitted into its box."""
STEP = {"down_right": (1.5, 0.5), "up_left": (-1.5, -0.5), "down": (0.0, 1.0),
        "up": (0.0, -1.0), "down_left": (-1.5, 0.5), "up_right": (1.5, -0.5)}
"""Screen direction of each along-row direction, in (hex widths, hex heights)."""


def _t(key: str, lang: str, **params: object) -> str:
    return escape(render(key, dict(params), lang))


def _text(x: float, y: float, body: str, size: int = 22, *, anchor: str = "middle",
          weight: str = "normal", fill: str = "#222") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-family="sans-serif" font-size="{size}" '
            f'text-anchor="{anchor}" font-weight="{weight}" fill="{fill}">{body}</text>')


def _indicator(x: float, y: float, rule: str, bot: str) -> str:
    """A track indicator tile (155 × 170): four bars (any), a landmark and the end line
    (landmark or end), or the end line with a flag (end); the Shadow Empire's has an "S"."""
    colour = BOT_COLOURS[bot]
    parts = [f'<rect x="{x}" y="{y}" width="155" height="170" rx="20" fill="#fff" '
             f'stroke="{colour}" stroke-width="9"/>']
    if rule == "any":
        parts += [f'<rect x="{x + 20 + i * 31}" y="{y + 26}" width="22" height="90" rx="5" '
                  f'fill="{colour}"/>' for i in range(4)]
    else:
        parts.append(f'<line x1="{x + 18}" y1="{y + 78}" x2="{x + 122}" y2="{y + 78}" '
                     f'stroke="{colour}" stroke-width="12" stroke-linecap="round"/>')
        parts.append(f'<line x1="{x + 130}" y1="{y + 24}" x2="{x + 130}" y2="{y + 124}" '
                     f'stroke="{colour}" stroke-width="12"/>')
        if rule == "landmark_or_end":
            lx = x + 68
            parts.append(f'<path d="M{lx - 26} {y + 64} L{lx} {y + 24} L{lx + 26} {y + 64} '
                         f'L{lx + 26} {y + 100} L{lx - 26} {y + 100} Z" fill="{colour}"/>')
        else:
            parts.append(f'<path d="M{x + 130} {y + 24} L{x + 108} {y + 38} L{x + 130} '
                         f'{y + 52} Z" fill="{colour}"/>')
    if bot == "shadow":
        parts.append(_text(x + 78, y + 160, "S", 44, weight="bold", fill=colour))
    else:
        parts.append(f'<circle cx="{x + 78}" cy="{y + 146}" r="13" fill="{colour}"/>')
    return "".join(parts)


def _income_icon(x: float, y: float) -> str:
    """The income icon: a coin with an upward arrow."""
    return (f'<circle cx="{x}" cy="{y}" r="56" fill="#f3c94a" stroke="#9a7410" '
            f'stroke-width="7"/><path d="M{x} {y - 34} L{x + 26} {y} L{x + 10} {y} '
            f'L{x + 10} {y + 34} L{x - 10} {y + 34} L{x - 10} {y} L{x - 26} {y} Z" '
            f'fill="#7a5a00"/>')


def _toppled_icon(x: float, y: float) -> str:
    """The toppled-outpost icon: an outpost lying on its side, on a white disc."""
    return (f'<circle cx="{x}" cy="{y}" r="46" fill="#fff" stroke="#555" stroke-width="5"/>'
            f'<g transform="rotate(-70 {x} {y})"><rect x="{x - 16}" y="{y - 34}" width="32" '
            f'height="56" rx="6" fill="#555"/><rect x="{x - 22}" y="{y + 18}" width="44" '
            f'height="12" rx="3" fill="#333"/></g>')


def _heart(cx: float, cy: float, size: float, fill: str) -> str:
    k = size / 16
    return (f'<path d="M{cx} {cy + 16 * k} C{cx - 34 * k} {cy - 6 * k} {cx - 14 * k} '
            f'{cy - 26 * k} {cx} {cy - 10 * k} C{cx + 14 * k} {cy - 26 * k} {cx + 34 * k} '
            f'{cy - 6 * k} {cx} {cy + 16 * k} Z" fill="{fill}"/>')


def _track_row(y: float, order: Sequence[str], lang: str) -> str:
    """The track tiebreak list as tiles, left to right; a blue arrow from the left (the
    Automa reads it from the left) and a grey "S" arrow from the right (the Shadow Empire)."""
    parts = []
    tile, gap, x0 = 92, 8, 66
    for i, item in enumerate(order):
        x = x0 + i * (tile + gap)
        parts.append(f'<rect x="{x}" y="{y}" width="{tile}" height="84" rx="14" '
                     f'fill="{TRACK_COLOURS[item]}"/>')
        if item == "favorite":
            parts.append(_heart(x + tile / 2, y + 44, 22, "#fff"))
        else:
            parts.append(_text(x + tile / 2, y + 56, _t(f"tapestry.card.short.{item}", lang),
                               34, weight="bold", fill="#fff"))
    end = x0 + len(order) * (tile + gap) - gap
    a, s = BOT_COLOURS["automa"], BOT_COLOURS["shadow"]
    parts.append(f'<path d="M22 {y + 18} L58 {y + 42} L22 {y + 66} Z" fill="{a}"/>')
    parts.append(f'<path d="M{end + 44} {y + 18} L{end + 8} {y + 42} L{end + 44} {y + 66} Z" '
                 f'fill="{s}"/>')
    parts.append(_text(end + 30, y + 112, "S", 34, weight="bold", fill=s))
    return "".join(parts)


def _centre(hex_id: str) -> tuple[float, float]:
    h = data.hexes()[hex_id]
    return h["x"] * 1.5 * HEX, h["y"] * HEX * math.sqrt(3) / 2


def _hex_path(cx: float, cy: float) -> str:
    pts = [(cx + HEX * math.cos(math.radians(60 * k)), cy + HEX * math.sin(math.radians(60 * k)))
           for k in range(6)]
    return "M" + " L".join(f"{px:.1f} {py:.1f}" for px, py in pts) + " Z"


def _arrow(x1: float, y1: float, x2: float, y2: float, colour: str) -> str:
    ang = math.atan2(y2 - y1, x2 - x1)
    head = [(x2, y2), (x2 - 16 * math.cos(ang - 0.5), y2 - 16 * math.sin(ang - 0.5)),
            (x2 - 16 * math.cos(ang + 0.5), y2 - 16 * math.sin(ang + 0.5))]
    pts = " ".join(f"{px:.1f},{py:.1f}" for px, py in head)
    return (f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{colour}" '
            f'stroke-width="7" stroke-linecap="round"/><polygon points="{pts}" '
            f'fill="{colour}"/>')


@cache
def hex_map(card_id: str, box: tuple[float, float, float, float]) -> str:
    """The card's hex-tiebreak map fitted into ``box`` = (x, y, width, height): drawn once
    per card (most of a face; the same face comes again with another part highlighted)."""
    return _pattern_map(data.pattern_of_card(card_id), box)


def _pattern_map(pattern: Mapping[str, Any], box: tuple[float, float, float, float]) -> str:
    """The 34-hex map with the scan order and both arrows, scaled to fit ``box`` whole."""
    rank = {h: i + 1 for i, h in enumerate(pattern["order"])}
    parts = []
    xs: list[float] = []
    ys: list[float] = []
    for hex_id, h in data.hexes().items():
        cx, cy = _centre(hex_id)
        xs += [cx - HEX, cx + HEX]
        ys += [cy - HEX, cy + HEX]
        fill = "#e9dcc0" if h["preprinted"] else "#f7f3ea"
        if h.get("role") == "middle_island":
            fill = "#c9b27c"
        parts.append(f'<path d="{_hex_path(cx, cy)}" fill="{fill}" stroke="#8a7a5a" '
                     f'stroke-width="1.5"/>')
        parts.append(_text(cx, cy + 7, str(rank[hex_id]), 22, weight="bold", fill="#333"))
    rows = data.pattern_rows(pattern)
    sx, sy = _centre(rows[0][0])
    dx, dy = STEP[pattern["along"]]
    vx, vy = dx * HEX, dy * HEX * math.sqrt(3)
    tail = (sx - 1.8 * vx, sy - 1.8 * vy)
    head = (sx - 0.75 * vx, sy - 0.75 * vy)
    outline = _hex_path(sx, sy)[1:-2].replace(" L", ",")
    parts.append(f'<polygon points="{outline}" fill="none" stroke="#111" stroke-width="4"/>')
    parts.append(_arrow(*tail, *head, "#111"))
    nx, ny = _centre(rows[1][0])
    gx, gy = nx - sx, ny - sy
    norm = math.hypot(gx, gy) or 1.0
    grey = (tail[0] + gx / norm * HEX * 1.3, tail[1] + gy / norm * HEX * 1.3)
    parts.append(_arrow(*tail, *grey, "#8a8a8a"))
    xs += [tail[0] - 10, tail[0] + 10, grey[0] - 10, grey[0] + 10]
    ys += [tail[1] - 10, tail[1] + 10, grey[1] - 10, grey[1] + 10]
    left, top = min(xs), min(ys)
    scale = min(box[2] / (max(xs) - left), box[3] / (max(ys) - top))
    ox = box[0] + (box[2] - (max(xs) - left) * scale) / 2 - left * scale
    oy = box[1] + (box[3] - (max(ys) - top) * scale) / 2 - top * scale
    return (f'<g transform="translate({ox:.1f} {oy:.1f}) scale({scale:.3f})">'
            + "".join(parts) + "</g>")


def _badge(x: float, y: float) -> str:
    return (f'<circle cx="{x}" cy="{y}" r="22" fill="#fff3b0" stroke="#a07800" '
            f'stroke-width="4"/>' + _text(x, y + 10, "?", 30, weight="bold", fill="#a07800"))


def _number(card: data.DecisionCard) -> str:
    """The card number, big, in a circle (starting cards) or a rectangle (progress cards)."""
    n = str(card["id"])
    if card["badge"] == "circle":
        shape = '<circle cx="70" cy="112" r="54" fill="#fff" stroke="#333" stroke-width="6"/>'
    else:
        colour = "#888" if card["badge"] == "rectangle_grey" else "#b8322a"
        shape = (f'<rect x="16" y="70" width="108" height="84" rx="10" fill="#fff" '
                 f'stroke="{colour}" stroke-width="8"/>')
    return shape + _text(70, 134, n, 60, weight="bold")


def card_svg(card_id: str, highlight: Sequence[str] = (), lang: str = "en") -> str:
    """One decision card as SVG; the section named in ``highlight`` is drawn as active."""
    card = data.card(card_id)
    disputed = data.disputed_fields(card_id)
    active = {"track": "track" in highlight, "tiebreaker": "tiebreaker" in highlight}
    any_active = any(active.values())
    order = card["track_tiebreak"]
    title = _t("tapestry.card.title", lang, n=card_id)
    desc = _t("tapestry.card.desc", lang,
              automa=render(f"tapestry.indicator.{card['automa_track']}", {}, lang),
              shadow=render(f"tapestry.indicator.{card['shadow_track']}", {}, lang),
              income=card["income"],
              order=[render(f"tapestry.card.order_item.{t}", {}, lang) for t in order],
              pattern=card["hex_pattern"], toppled=card["toppled_outpost"])
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" role="img" '
           f'aria-labelledby="t{card_id} d{card_id}">',
           f'<title id="t{card_id}">{title}</title><desc id="d{card_id}">{desc}</desc>',
           f'<rect x="4" y="4" width="{W - 8}" height="{H - 8}" rx="30" fill="#fbf8f1" '
           f'stroke="#333" stroke-width="6"/>']
    for half, (y0, y1) in (("track", (4, SPLIT)), ("tiebreaker", (SPLIT, H - 4))):
        if active[half]:
            out.append(f'<rect x="12" y="{y0 + 8}" width="{W - 24}" height="{y1 - y0 - 16}" '
                       f'rx="22" fill="#efe4f7" stroke="{PURPLE}" stroke-width="10"/>')
    dim = ' opacity="0.4"'
    out.append(f'<g{dim if any_active and not active["track"] else ""}>')
    out.append(_indicator(150, 40, card["automa_track"], "automa"))
    out.append(_indicator(320, 40, card["shadow_track"], "shadow"))
    if card["income"]:
        out.append(_income_icon(548, 125))
    out.append("</g>")
    out.append(_number(card))
    out.append(f'<line x1="30" y1="{SPLIT}" x2="{W - 30}" y2="{SPLIT}" stroke="#333" '
               f'stroke-width="4" stroke-dasharray="14 10"/>')
    out.append(f'<g{dim if any_active and not active["tiebreaker"] else ""}>')
    out.append(_track_row(SPLIT + 28, order, lang))
    if "track_tiebreak" in disputed:
        out.append(_badge(W - 30, SPLIT + 24))
    out.append(hex_map(card_id, (30, SPLIT + 150, W - 60, H - SPLIT - 175)))
    if card["toppled_outpost"]:
        out.append(_toppled_icon(80, SPLIT + 200))
    if "toppled_outpost" in disputed:
        out.append(_badge(120, SPLIT + 160))
    out.append("</g>")
    out.append("</svg>")
    return "".join(out)


def pattern_svg(pattern: Mapping[str, Any], lang: str = "en") -> str:
    """A hex-tiebreaker pattern (``prompt.ui["pattern"]``) on its own, for board scans."""
    title = _t("tapestry.card.pattern_title", lang, id=pattern["id"])
    desc = _t("tapestry.card.pattern_desc", lang, start=pattern["start"],
              along=render(f"tapestry.card.along.{pattern['along']}", {}, lang),
              next=render(f"tapestry.card.next_row.{pattern['next_row']}", {}, lang))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 420 420" role="img">'
            f"<title>{title}</title><desc>{desc}</desc>"
            f'<rect width="420" height="420" rx="16" fill="#fbf8f1"/>'
            f"{_pattern_map(pattern, (10, 10, 400, 400))}</svg>")


MARK_FILL = {"empty": "#ffffff", "tile": "#e9dcc0", "you1": "#f6d7c9", "you2": "#eebfa9",
             "automa1": "#cfe0fb", "automa2": "#aecbf6"}
"""A hex's colour on the map twin by its mark (unexplored hexes stay white)."""
YOU_COLOUR = "#c0502a"
PICK_FILL = "#ffd54a"
"""The hex the Automa picked, filled in (and ringed)."""
BOARD_HEX = 30.0
"""Hex size on the map twin, in CSS pixels at 360 px wide: 60 × 52 px hexes (tap targets)."""


def _board_centre(hex_id: str) -> tuple[float, float]:
    h = data.hexes()[hex_id]
    return (h["x"] + 3) * 1.5 * BOARD_HEX + BOARD_HEX + 2, \
        (h["y"] + 6) * BOARD_HEX * math.sqrt(3) / 2 + BOARD_HEX * math.sqrt(3) / 2 + 2


def _board_hex(cx: float, cy: float, size: float) -> str:
    return " ".join(f"{cx + size * math.cos(math.radians(60 * k)):.1f},"
                    f"{cy + size * math.sin(math.radians(60 * k)):.1f}" for k in range(6))


def _tokens(cx: float, cy: float, mark: str) -> str:
    """Your tokens as round discs, the Automa's as squares; one or two of them."""
    n = int(mark[-1]) if mark[-1].isdigit() else 0
    out = []
    for i in range(n):
        x = cx + (i - (n - 1) / 2) * 16
        if mark.startswith("you"):
            out.append(f'<circle cx="{x:.1f}" cy="{cy + 10:.1f}" r="6.5" fill="{YOU_COLOUR}" '
                       f'stroke="#fff" stroke-width="1.5"/>')
        else:
            out.append(f'<rect x="{x - 6:.1f}" y="{cy + 4:.1f}" width="12" height="12" '
                       f'fill="{BOT_COLOURS["automa"]}" stroke="#fff" stroke-width="1.5"/>')
    return "".join(out)


def board_svg(board: Mapping[str, Any], lang: str = "en") -> str:
    """The map twin (``ui["board"]``): the 34 hexes as the card icons draw them, each
    coloured by what lies on it, with the valid hexes outlined, those the filters kept
    shaded, the tiebreaker's walk numbered from 1 and the Automa's hex ringed. With ``tap``
    every hex starts its mark procedure (``map.<hex>``)."""
    marks: Mapping[str, str] = board["map"]
    valid = set(board.get("valid") or ())
    kept = set(board.get("kept") or ())
    walk = {h: i + 1 for i, h in enumerate(board.get("walk") or ())}
    chosen = board.get("pick")
    tap = bool(board.get("tap"))
    width = 11 * BOARD_HEX + 4
    height = 13 * BOARD_HEX * math.sqrt(3) / 2 + 4
    parts = []
    for hex_id in data.hexes():
        cx, cy = _board_centre(hex_id)
        mark = marks.get(hex_id, "empty")
        stroke, sw = ("#7b3fa0", 4) if hex_id in valid else ("#8a7a5a", 1.5)
        dash = ' stroke-dasharray="5 4"' if mark == "empty" and hex_id not in valid else ""
        label = _t("tapestry.mark_label", lang, hex=_hex_words(hex_id, lang),
                   mark=render(f"tapestry.mark.{mark}", {}, lang))
        attrs = (f' data-act="proc" data-arg="map.{hex_id}" role="button"'
                 f' aria-label="{label}" class="hex tap"' if tap
                 else f' class="hex" aria-label="{label}"')
        cell = [f'<polygon points="{_board_hex(cx, cy, BOARD_HEX)}" '
                f'fill="{MARK_FILL[mark]}" stroke="{stroke}" stroke-width="{sw}"{dash}/>']
        if hex_id in kept:
            cell.append(f'<polygon points="{_board_hex(cx, cy, BOARD_HEX - 7)}" '
                        f'fill="{PURPLE}" fill-opacity="0.18" stroke="none"/>')
        if data.hexes()[hex_id].get("role") == "middle_island":
            cell.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{BOARD_HEX - 8:.1f}" '
                        f'fill="none" stroke="#a08040" stroke-width="2"/>')
        if hex_id == chosen:  # filled and ringed: never taken for the walk's start
            cell.append(f'<polygon points="{_board_hex(cx, cy, BOARD_HEX - 3)}" '
                        f'fill="{PICK_FILL}" fill-opacity="0.7" stroke="#111" '
                        f'stroke-width="5"/>')
        cell.append(_tokens(cx, cy, mark))
        if hex_id in walk:
            cell.append(_text(cx, cy + 1, str(walk[hex_id]), 16, weight="bold",
                              fill="#111" if hex_id == chosen else "#5a2d75"))
        parts.append(f"<g{attrs}>{''.join(cell)}</g>")
    title = _t("tapestry.map_title", lang)
    top, tall = _band(board, width, height)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="board-map" '
            f'viewBox="0 {top:.0f} {width:.0f} {tall:.0f}" role="group">'
            f"<title>{title}</title>{''.join(parts)}</svg>")


def _band(board: Mapping[str, Any], width: float, height: float) -> tuple[float, float]:
    """The rows of the map drawn (top and height of its view): all of them, or, where the
    board has less ``room`` (its height as a share of its width) and a hex is picked, the
    band around that hex — never less than two hexes high, the hexes never shrunk."""
    room, chosen = board.get("room"), board.get("pick")
    if not isinstance(room, int | float) or chosen not in data.hexes() \
            or room * width >= height:
        return 0.0, height
    tall = max(float(room) * width, 2 * BOARD_HEX * math.sqrt(3) + 4)
    middle = _board_centre(str(chosen))[1]
    return min(max(0.0, middle - tall / 2), height - tall), tall


def _hex_words(hex_id: str, lang: str) -> str:
    if hex_id == "0,0":
        return render("tapestry.hex.middle", {}, lang)
    column, place = map_place_of(hex_id)
    return render("tapestry.hex.at", {"column": column, "place": place}, lang)


def question_svg(pattern: Mapping[str, Any], lang: str = "en") -> str:
    """What a question shows under it: the map twin (``map`` in it), else a scan pattern."""
    return board_svg(pattern, lang) if "map" in pattern else pattern_svg(pattern, lang)


def deck() -> list[str]:
    """Every decision card, 1 to 22."""
    return data.card_ids()


register_renderer(CardRenderer("tapestry", card_svg, deck, question_svg))
