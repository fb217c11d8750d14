"""Glory of Civilizations automa cards as SVG, drawn from card data (both decks).

Layout (63 × 88 mm), after the card anatomy of the automa rules: a band naming the deck
("Companion edition — not a publisher's card" or "Your deck") and the card number; the
priority scale of four entries, leftmost first (terrain swatch, number, direction arrow); the
two free actions; the four main actions in order, the row with the card's arrow marked; the
pointer to the next card's main action at the bottom. ``highlight`` may name
``priority.<k>``, ``free``, ``main.<row>`` or ``pointer``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from automa.core.i18n import render
from automa.games.glory_of_civilizations import data
from automa.render import CardRenderer, escape, register_renderer

W, H = 630, 880
INK = "#1f2a36"
PAPER = "#f8f3e6"
BAND_COMPANION = "#6a4c93"
BAND_CUSTOM = "#1c6e8c"
HIGHLIGHT = "#f2b705"
KIND_COLOURS = {"economy": "#c9a227", "build": "#8c5a2b", "train": "#b33a2b",
                "religion": "#6a4c93", "repair": "#2f7d32", "suppress": "#5d4a7a",
                "battle": "#7a1f1f"}


def _t(key: str, lang: str, **params: Any) -> str:
    return escape(render(f"{data.GAME_ID}.{key}", dict(params), lang))


def _text(x: float, y: float, s: str, size: int = 24, anchor: str = "middle",
          weight: str = "normal", fill: str = INK) -> str:
    return (f'<text x="{x}" y="{y}" font-family="sans-serif" font-size="{size}" '
            f'text-anchor="{anchor}" font-weight="{weight}" fill="{fill}">{s}</text>')


def _frame(x: float, y: float, w: float, h: float, on: bool) -> str:
    if not on:
        return ""
    return (f'<rect x="{x - 4}" y="{y - 4}" width="{w + 8}" height="{h + 8}" rx="10" '
            f'fill="none" stroke="{HIGHLIGHT}" stroke-width="8"/>')


def _arrow(cx: float, cy: float, angle: float, size: float = 26) -> str:
    """A direction arrow: 0 degrees points up (away from the proxy player), clockwise."""
    a = math.radians(angle)
    dx, dy = math.sin(a), -math.cos(a)
    tip = (cx + dx * size, cy + dy * size)
    tail = (cx - dx * size, cy - dy * size)
    px, py = -dy, dx
    left = (tip[0] - dx * 16 + px * 11, tip[1] - dy * 16 + py * 11)
    right = (tip[0] - dx * 16 - px * 11, tip[1] - dy * 16 - py * 11)
    return (f'<line x1="{tail[0]:.1f}" y1="{tail[1]:.1f}" x2="{tip[0]:.1f}" y2="{tip[1]:.1f}" '
            f'stroke="{INK}" stroke-width="6"/>'
            f'<polygon points="{tip[0]:.1f},{tip[1]:.1f} {left[0]:.1f},{left[1]:.1f} '
            f'{right[0]:.1f},{right[1]:.1f}" fill="{INK}"/>')


def _priority(card: dict[str, Any], hl: Sequence[str], lang: str) -> str:
    out = [_text(30, 140, _t("render.priority", lang), 22, "start", "bold")]
    cell = 138
    for i, e in enumerate(card["priority"]):
        x = 27 + i * (cell + 6)
        y = 152
        colour = data.record("terrain", e["terrain"]).get("colour", "#cccccc")
        angle = float(data.record("direction", e["direction"]).get("angle", 0))
        out.append(f'<rect x="{x}" y="{y}" width="{cell}" height="190" rx="10" fill="#ffffff" '
                   f'stroke="{INK}" stroke-width="3"/>')
        out.append(f'<rect x="{x}" y="{y}" width="{cell}" height="46" rx="10" fill="{colour}"/>')
        out.append(_text(x + cell / 2, y + 31, _t(f"terrain.{e['terrain']}", lang), 19,
                         weight="bold", fill="#ffffff"))
        out.append(_text(x + cell / 2, y + 112, str(e["number"]), 56, weight="bold"))
        out.append(_arrow(x + cell / 2, y + 156, angle))
        out.append(_frame(x, y, cell, 190, f"priority.{i + 1}" in hl))
    return "".join(out)


def _free(card: dict[str, Any], hl: Sequence[str], lang: str) -> str:
    out = [_text(30, 385, _t("render.free", lang), 22, "start", "bold")]
    for i, action in enumerate(card["free"]):
        x = 27 + i * 292
        out.append(f'<rect x="{x}" y="398" width="282" height="58" rx="10" fill="#ece3cc" '
                   f'stroke="{INK}" stroke-width="3"/>')
        out.append(_text(x + 141, 436, _t(f"free.{action}", lang), 24, weight="bold"))
    out.append(_frame(27, 398, 574, 58, "free" in hl))
    return "".join(out)


def _main(card: dict[str, Any], hl: Sequence[str], lang: str) -> str:
    out = [_text(30, 500, _t("render.main", lang), 22, "start", "bold")]
    for i, action in enumerate(card["main"]):
        y = 512 + i * 72
        kind = data.record("main_action", action)["kind"]
        colour = KIND_COLOURS.get(kind, "#888888")
        out.append(f'<rect x="27" y="{y}" width="576" height="62" rx="10" fill="#ffffff" '
                   f'stroke="{INK}" stroke-width="3"/>')
        out.append(f'<rect x="27" y="{y}" width="16" height="62" rx="6" fill="{colour}"/>')
        out.append(_text(62, y + 41, str(i + 1), 26, "start", "bold"))
        out.append(_text(100, y + 41, _t(f"main.{action}", lang), 25, "start"))
        if card["pointer"] == i + 1:
            out.append(f'<polygon points="560,{y + 14} 590,{y + 31} 560,{y + 48}" '
                       f'fill="{INK}"/>')
        out.append(_frame(27, y, 576, 62, f"main.{i + 1}" in hl))
    return "".join(out)


def _describe(card: dict[str, Any], lang: str) -> list[str]:
    """The card's content as text, for screen readers."""
    g = data.GAME_ID
    out = [f"{render(f'{g}.terrain.' + e['terrain'], {}, lang)} {e['number']} "
           f"{render(f'{g}.direction.' + e['direction'], {}, lang)}" for e in card["priority"]]
    out += [render(f"{g}.free.{a}", {}, lang) for a in card["free"]]
    out += [f"{i}. {render(f'{g}.main.{a}', {}, lang)}" for i, a in enumerate(card["main"], 1)]
    out.append(render(f"{g}.render.pointer", {"n": card["pointer"]}, lang))
    return out


def card_face(card: dict[str, Any], highlight: Sequence[str] = (), lang: str = "en",
              custom: bool = False) -> str:
    """One card (of either deck) as an SVG; the band names the deck."""
    band = BAND_CUSTOM if custom else BAND_COMPANION
    label = _t("render.yours" if custom else "render.companion", lang)
    number = _t("render.card", lang, n=card["number"])
    desc = "; ".join(_describe(card, lang))
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" role="img" '
        f'width="63mm" height="88mm"><title>{label}: {number}</title><desc>{escape(desc)}</desc>',
        f'<rect x="4" y="4" width="{W - 8}" height="{H - 8}" rx="28" fill="{PAPER}" '
        f'stroke="{INK}" stroke-width="6"/>',
        f'<rect x="4" y="4" width="{W - 8}" height="96" rx="28" fill="{band}"/>',
        _text(30, 48, number, 32, "start", "bold", "#ffffff"),
        _text(30, 84, label, 20, "start", "normal", "#ffffff"),
        _priority(card, highlight, lang),
        _free(card, highlight, lang),
        _main(card, highlight, lang),
        f'<rect x="27" y="806" width="576" height="54" rx="10" fill="{band}"/>',
        _text(W / 2, 842, _t("render.pointer", lang, n=card["pointer"]), 26, weight="bold",
              fill="#ffffff"),
        _frame(27, 806, 576, 54, "pointer" in highlight),
        "</svg>",
    ]
    return "".join(parts)


def card_svg(card_id: str, highlight: Sequence[str], lang: str) -> str:
    """A card by id (companion ``c01``…, or a card of a player's deck read in this process)."""
    return card_face(data.card(card_id), highlight, lang, custom=data.is_custom(card_id))


def deck() -> list[str]:
    """The companion edition in print order, then any player deck read in this process."""
    return sorted(data.companion_deck()) + data.known_custom_cards()


register_renderer(CardRenderer(data.GAME_ID, card_svg, deck))
