"""Tapestry decision cards as SVG, drawn from ``cards/tapestry`` by our own code.

Top half: the track card's section (the Automa's and the Shadow Empire's track indicators,
the income icon). Bottom half: the tiebreaker section (the track tiebreak column, the
hex-tiebreak map of the 34-hex solo board with the black start arrow, the grey next-row
arrow and the scan order, the toppled-outpost icon). The card number sits in a circle
(starting cards) or a rectangle (progress cards). ``highlight`` containing "track" or
"tiebreaker" marks that half as the active one; disputed values carry a "?" badge.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from automa.core.i18n import render
from automa.games.tapestry import data
from automa.render import CardRenderer, escape, register_renderer

W, H = 630, 880
HALF = 430
PURPLE = "#7b3fa0"
TRACK_COLOURS = {"exploration": "#c8951a", "science": "#3d8b3d", "military": "#b8322a",
                 "technology": "#3f6fa8", "favorite": "#c2185b"}
BOT_COLOURS = {"automa": "#2f6fd0", "shadow": "#6b6b6b"}
HEX = 27.0
"""Hex size (centre to corner) on the card's map."""
STEP = {"down_right": (1.5, 0.5), "up_left": (-1.5, -0.5), "down": (0.0, 1.0),
        "up": (0.0, -1.0), "down_left": (-1.5, 0.5), "up_right": (1.5, -0.5)}
"""Screen direction of each along-row direction, in (hex widths, hex heights)."""


def _t(key: str, lang: str, **params: object) -> str:
    return escape(render(key, dict(params), lang))


def _text(x: float, y: float, body: str, size: int = 22, *, anchor: str = "middle",
          weight: str = "normal", fill: str = "#222") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-family="sans-serif" font-size="{size}" '
            f'text-anchor="{anchor}" font-weight="{weight}" fill="{fill}">{body}</text>')


def _indicator(x: float, y: float, rule: str, bot: str, lang: str) -> str:
    """A track indicator: four bars (any), a landmark + end line, or an end flag."""
    colour = BOT_COLOURS[bot]
    parts = [f'<rect x="{x}" y="{y}" width="150" height="110" rx="16" fill="#fff" '
             f'stroke="{colour}" stroke-width="5"/>']
    if rule == "any":
        parts += [f'<rect x="{x + 22 + i * 30}" y="{y + 22}" width="16" height="66" rx="4" '
                  f'fill="{colour}"/>' for i in range(4)]
    else:
        parts.append(f'<line x1="{x + 20}" y1="{y + 55}" x2="{x + 118}" y2="{y + 55}" '
                     f'stroke="{colour}" stroke-width="8" stroke-linecap="round"/>')
        parts.append(f'<line x1="{x + 125}" y1="{y + 20}" x2="{x + 125}" y2="{y + 90}" '
                     f'stroke="{colour}" stroke-width="8"/>')
        if rule == "landmark_or_end":
            lx = x + 70
            parts.append(f'<path d="M{lx - 18} {y + 48} L{lx} {y + 22} L{lx + 18} {y + 48} '
                         f'L{lx + 18} {y + 70} L{lx - 18} {y + 70} Z" fill="{colour}"/>')
        else:
            parts.append(f'<path d="M{x + 125} {y + 20} L{x + 145} {y + 30} L{x + 125} '
                         f'{y + 40} Z" fill="{colour}"/>')
    if bot == "shadow":
        parts.append(_text(x + 20, y + 102, "S", 24, anchor="start", weight="bold",
                           fill=colour))
    return f'<g transform="translate({x} {y}) scale(1.25) translate({-x} {-y})">' + "".join(
        parts) + "</g>"


def _income_icon(x: float, y: float) -> str:
    """The income icon: a coin with an upward arrow."""
    return (f'<circle cx="{x}" cy="{y}" r="42" fill="#f3c94a" stroke="#9a7410" '
            f'stroke-width="5"/><path d="M{x} {y - 24} L{x + 18} {y} L{x + 7} {y} '
            f'L{x + 7} {y + 24} L{x - 7} {y + 24} L{x - 7} {y} L{x - 18} {y} Z" '
            f'fill="#7a5a00"/>')


def _toppled_icon(x: float, y: float) -> str:
    """The toppled-outpost icon: an outpost lying on its side."""
    return (f'<g transform="rotate(-70 {x} {y})"><rect x="{x - 14}" y="{y - 34}" width="28" '
            f'height="56" rx="5" fill="#555"/><rect x="{x - 20}" y="{y + 18}" width="40" '
            f'height="12" rx="3" fill="#333"/></g>')


def _track_column(x: float, y: float, order: Sequence[str], lang: str) -> str:
    parts = []
    for i, item in enumerate(order):
        cy = y + i * 62
        colour = TRACK_COLOURS[item]
        parts.append(f'<rect x="{x}" y="{cy}" width="175" height="52" rx="12" '
                     f'fill="{colour}"/>')
        if item == "favorite":
            hx, hy = x + 87, cy + 26
            parts.append(f'<path d="M{hx} {hy + 16} C{hx - 34} {hy - 6} {hx - 14} {hy - 26} '
                         f'{hx} {hy - 10} C{hx + 14} {hy - 26} {hx + 34} {hy - 6} {hx} '
                         f'{hy + 16} Z" fill="#fff"/>')
        else:
            parts.append(_text(x + 87, cy + 33, _t(f"tapestry.track.{item}", lang), 16,
                               weight="bold", fill="#fff"))
    return "".join(parts)


def _centre(hex_id: str, ox: float, oy: float) -> tuple[float, float]:
    h = data.hexes()[hex_id]
    return ox + h["x"] * 1.5 * HEX, oy + h["y"] * HEX * math.sqrt(3) / 2


def _hex_path(cx: float, cy: float) -> str:
    pts = [(cx + HEX * math.cos(math.radians(60 * k)), cy + HEX * math.sin(math.radians(60 * k)))
           for k in range(6)]
    return "M" + " L".join(f"{px:.1f} {py:.1f}" for px, py in pts) + " Z"


def _arrow(x1: float, y1: float, x2: float, y2: float, colour: str) -> str:
    ang = math.atan2(y2 - y1, x2 - x1)
    head = [(x2, y2), (x2 - 14 * math.cos(ang - 0.45), y2 - 14 * math.sin(ang - 0.45)),
            (x2 - 14 * math.cos(ang + 0.45), y2 - 14 * math.sin(ang + 0.45))]
    pts = " ".join(f"{px:.1f},{py:.1f}" for px, py in head)
    return (f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{colour}" '
            f'stroke-width="6" stroke-linecap="round"/><polygon points="{pts}" '
            f'fill="{colour}"/>')


def hex_map(card_id: str, ox: float, oy: float) -> str:
    """The 34-hex map with the card's scan order, black start arrow and grey next-row arrow."""
    return _pattern_map(data.pattern_of_card(card_id), ox, oy)


def _pattern_map(pattern: dict[str, Any], ox: float, oy: float) -> str:
    rank = {h: i + 1 for i, h in enumerate(pattern["order"])}
    parts = []
    for hex_id, h in data.hexes().items():
        cx, cy = _centre(hex_id, ox, oy)
        fill = "#e9dcc0" if h["preprinted"] else "#f7f3ea"
        if h.get("role") == "middle_island":
            fill = "#c9b27c"
        parts.append(f'<path d="{_hex_path(cx, cy)}" fill="{fill}" stroke="#8a7a5a" '
                     f'stroke-width="1.5"/>')
        parts.append(_text(cx, cy + 5, str(rank[hex_id]), 13, fill="#555"))
    rows = data.pattern_rows(pattern)
    first = rows[0]
    sx, sy = _centre(first[0], ox, oy)
    dx, dy = STEP[pattern["along"]]
    vx, vy = dx * HEX, dy * HEX * math.sqrt(3)
    tail = (sx - 1.8 * vx, sy - 1.8 * vy)
    parts.append(_arrow(tail[0], tail[1], sx - 0.75 * vx, sy - 0.75 * vy, "#111"))
    nx, ny = _centre(rows[1][0], ox, oy)
    gx, gy = nx - sx, ny - sy
    norm = math.hypot(gx, gy) or 1.0
    gx, gy = gx / norm * HEX * 1.3, gy / norm * HEX * 1.3
    parts.append(_arrow(tail[0], tail[1], tail[0] + gx, tail[1] + gy, "#9a9a9a"))
    return "".join(parts)


def _badge(x: float, y: float) -> str:
    return (f'<circle cx="{x}" cy="{y}" r="15" fill="#fff3b0" stroke="#a07800" '
            f'stroke-width="3"/>' + _text(x, y + 7, "?", 20, weight="bold", fill="#a07800"))


def _number(card: dict[str, object]) -> str:
    n = str(card["id"])
    if card["badge"] == "circle":
        shape = '<circle cx="570" cy="822" r="34" fill="#fff" stroke="#333" stroke-width="4"/>'
    else:
        colour = "#888" if card["badge"] == "rectangle_grey" else "#b8322a"
        shape = (f'<rect x="530" y="796" width="80" height="52" rx="6" fill="#fff" '
                 f'stroke="{colour}" stroke-width="5"/>')
    return shape + _text(570, 832, n, 28, weight="bold")


def card_svg(card_id: str, highlight: Sequence[str] = (), lang: str = "en") -> str:
    """One decision card as SVG; the half named in ``highlight`` is drawn as active."""
    card = data.card(card_id)
    disputed = data.disputed_fields(card_id)
    active = {"track": "track" in highlight,
              "tiebreaker": "tiebreaker" in highlight}
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
    for half, (y0, y1) in (("track", (4, HALF)), ("tiebreaker", (HALF, H - 4))):
        if active[half]:
            out.append(f'<rect x="14" y="{y0 + 10}" width="{W - 28}" height="{y1 - y0 - 20}" '
                       f'rx="22" fill="#efe4f7" stroke="{PURPLE}" stroke-width="8"/>')
    dim = ' opacity="0.45"'
    out.append(f'<g{dim if any_active and not active["track"] else ""}>')
    out.append(_text(40, 62, _t("tapestry.card.track_half", lang), 24, anchor="start",
                     weight="bold"))
    out.append(_text(135, 120, _t("tapestry.bot.automa", lang), 20, weight="bold",
                     fill=BOT_COLOURS["automa"]))
    out.append(_indicator(40, 135, card["automa_track"], "automa", lang))
    out.append(_text(345, 120, _t("tapestry.bot.shadow", lang), 20, weight="bold",
                     fill=BOT_COLOURS["shadow"]))
    out.append(_indicator(250, 135, card["shadow_track"], "shadow", lang))
    if card["income"]:
        out.append(_income_icon(530, 205))
        out.append(_text(530, 280, _t("tapestry.card.income", lang), 18))
    for i, bot in enumerate(data.BOTS):
        rule = card["automa_track" if bot == "automa" else "shadow_track"]
        out.append(_text(40, 340 + 36 * i, _t("tapestry.card.legend", lang,
                                               bot=render(f"tapestry.bot.{bot}", {}, lang),
                                               rule=render(f"tapestry.indicator.{rule}", {},
                                                           lang)),
                         19, anchor="start", fill=BOT_COLOURS[bot]))
    out.append("</g>")
    out.append(f'<line x1="30" y1="{HALF}" x2="{W - 30}" y2="{HALF}" stroke="#333" '
               f'stroke-width="3" stroke-dasharray="12 8"/>')
    out.append(f'<g{dim if any_active and not active["tiebreaker"] else ""}>')
    out.append(_text(40, HALF + 50, _t("tapestry.card.tiebreaker_half", lang), 24,
                     anchor="start", weight="bold"))
    out.append(_track_column(30, HALF + 75, order, lang))
    if "track_tiebreak" in disputed:
        out.append(_badge(205, HALF + 80))
    out.append(hex_map(card_id, 420, HALF + 232))
    if card["toppled_outpost"]:
        out.append(_toppled_icon(560, HALF + 50))
    if "toppled_outpost" in disputed:
        out.append(_badge(595 if card["toppled_outpost"] else 560, HALF + 50))
    out.append("</g>")
    out.append(_number(card))
    out.append("</svg>")
    return "".join(out)


def pattern_svg(pattern: dict[str, Any], lang: str = "en") -> str:
    """A hex-tiebreaker pattern (``prompt.ui["pattern"]``) on its own, for board scans."""
    title = _t("tapestry.card.pattern_title", lang, id=pattern["id"])
    desc = _t("tapestry.card.pattern_desc", lang, start=pattern["start"],
              along=render(f"tapestry.card.along.{pattern['along']}", {}, lang),
              next=render(f"tapestry.card.next_row.{pattern['next_row']}", {}, lang))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 420 420" role="img">'
            f"<title>{title}</title><desc>{desc}</desc>"
            f'<rect width="420" height="420" rx="16" fill="#fbf8f1"/>'
            f"{_pattern_map(pattern, 210, 218)}</svg>")


def deck() -> list[str]:
    """Every decision card, 1 to 22."""
    return data.card_ids()


register_renderer(CardRenderer("tapestry", card_svg, deck))
