"""Glory of Civilizations automa cards as SVG, drawn from card data (both decks).

Layout (63 × 88 mm), after the card anatomy of the automa rules, drawn to be read on a phone
(a card about 160 px wide, so no text under 30 units): a band with the big card number and
the deck's name ("Companion edition — not a publisher's card" or "Your deck"); the priority
scale of four entries, leftmost first (terrain swatch with its icon and name, big number,
direction arrow); the two free actions (icon, big amount, one word); the four main actions
in order (big row number on the action kind's colour, icon, name with its note on a second
line), the row with the card's arrow marked; the pointer to the next card's main action at
the bottom. Long names wrap to two lines and are squeezed only when a line still runs too
long. ``highlight`` may name ``priority.<k>``, ``free``, ``main.<row>`` or ``pointer``.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import Any

from automa.core.i18n import render
from automa.games.glory_of_civilizations import data
from automa.render import CardRenderer, escape, register_renderer
from automa.render.icons import PATHS

W, H = 630, 880
LEFT, WIDTH = 27, 576
"""The card's content column."""
INK = "#1f2a36"
PAPER = "#f8f3e6"
WHITE = "#ffffff"
BAND_COMPANION = "#6a4c93"
BAND_CUSTOM = "#1c6e8c"
HIGHLIGHT = "#f2b705"
KIND_COLOURS = {"economy": "#a8841a", "build": "#8c5a2b", "train": "#b33a2b",
                "religion": "#6a4c93", "repair": "#2f7d32", "suppress": "#5d4a7a",
                "battle": "#7a1f1f"}
SMALLEST = 30
"""The smallest font size on a card (about 7 px on a card 160 px wide)."""

# Our own 24 × 24 line icons for what the app's icon set does not draw.
TERRAIN_PATHS = {
    "meadow": "M5 20c0-4 1-7 3-9M8 20c0-3-1-5-3-6M12 20c0-5 1-9 3-12M12 20c0-3-2-6-4-7"
              "M18 20c0-4 1-6 3-7M18 20c-1-3-2-5-4-6",
    "forest": "M12 2l6 9h-4l5 7H5l5-7H6zM12 18v4",
    "mountains": "M2 20l7-14 4 7 3-4 6 11z",
    "swamp": "M2 20h20M5 17c2-1 4-1 6 0s4 1 6 0M8 15V6M12 15V3M16 15V7",
    "sea": "M2 12c2.5-3 5-3 7.5 0s5 3 7.5 0 3.5-2 5-1",
    "ocean": "M2 7c2.5-3 5-3 7.5 0s5 3 7.5 0 3.5-2 5-1M2 13c2.5-3 5-3 7.5 0s5 3 7.5 0 3.5-2 5-1"
             "M2 19c2.5-3 5-3 7.5 0s5 3 7.5 0 3.5-2 5-1",
}
EXTRA_PATHS = {
    "hammer": "M13 3l8 8-3 3-8-8zM11.5 9.5 3 18l3 3 8.5-8.5",
    "wrench": "M14.5 3.5a5 5 0 0 0-5.8 6.6L3 15.8 8.2 21l5.7-5.7a5 5 0 0 0 6.6-5.8l-3 3"
              "-3.7-1.1L12.7 7.7z",
}
ACTION_ICONS = {"gather": "resource", "produce": "hammer", "market": "trade",
                "build_city": "city", "build_castle": "landmark", "build_buildings": "build",
                "build_wonder": "wonder", "train_swordsmen": "attack", "train_ballista": "unit",
                "train_peasants": "unit", "spread_religion": "religion", "battles": "conquer"}
KIND_ICONS = {"economy": "coin", "build": "build", "train": "unit", "religion": "religion",
              "repair": "wrench", "suppress": "block", "battle": "attack"}
FREE_ICONS = {"tech": "tech", "coins": "coin", "glory": "vp"}


def _t(key: str, lang: str, **params: Any) -> str:
    return render(f"{data.GAME_ID}.{key}", dict(params), lang)


NARROW = frozenset(" .,:;'!()|-—ijlrtfIії")
WIDE = frozenset("mwMWOQGDHNUшщжюмфШЩЖЮМФ")


def _width(s: str, size: float, bold: bool) -> float:
    """A slightly generous estimate of a line's width in a common sans-serif font (wide and
    narrow letters told apart, Cyrillic included)."""
    em = sum(0.34 if ch in NARROW else 0.9 if ch in WIDE else 0.62 for ch in s)
    return em * size * (1.08 if bold else 1.0)


def _text(x: float, y: float, s: str, size: int = 32, anchor: str = "middle",
          bold: bool = True, fill: str = INK, fit: float = 0) -> str:
    """One line of text (escaped here); with ``fit`` squeezed to that width when it would run
    longer."""
    squeeze = ""
    if fit and _width(s, size, bold) > fit:
        squeeze = f' textLength="{fit:.0f}" lengthAdjust="spacingAndGlyphs"'
    weight = "bold" if bold else "normal"
    return (f'<text x="{x}" y="{y}" font-family="sans-serif" font-size="{size}" '
            f'text-anchor="{anchor}" font-weight="{weight}" fill="{fill}"{squeeze}>'
            f'{escape(s)}</text>')


def _wrap(s: str, size: int, width: float, bold: bool = True) -> list[str]:
    """One line, or two: a note in parentheses goes on the second line, else the split is at
    the space nearest the middle."""
    if _width(s, size, bold) <= width or " " not in s:
        return [s]
    if " (" in s:
        head, note = s.split(" (", 1)
        return [head, "(" + note]
    spaces = [i for i, ch in enumerate(s) if ch == " "]
    cut = min(spaces, key=lambda i: abs(i - len(s) / 2))
    return [s[:cut], s[cut + 1:]]


def _icon(name: str, cx: float, cy: float, size: float, colour: str,
          paths: dict[str, str] | None = None) -> str:
    """A 24 × 24 line icon drawn ``size`` units across, centred on (cx, cy)."""
    d = (paths or {}).get(name) or EXTRA_PATHS.get(name) or PATHS.get(name, "")
    k = size / 24
    return (f'<path transform="translate({cx - size / 2:.1f},{cy - size / 2:.1f}) '
            f'scale({k:.3f})" d="{d}" fill="none" stroke="{colour}" stroke-width="2.4" '
            f'stroke-linecap="round" stroke-linejoin="round"/>')


def _light(colour: str) -> bool:
    """Whether dark ink reads better than white on this colour."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.299 * r + 0.587 * g + 0.114 * b > 150


def _frame(x: float, y: float, w: float, h: float, on: bool) -> str:
    if not on:
        return ""
    return (f'<rect x="{x - 4}" y="{y - 4}" width="{w + 8}" height="{h + 8}" rx="12" '
            f'fill="none" stroke="{HIGHLIGHT}" stroke-width="8"/>')


def _arrow(cx: float, cy: float, angle: float, size: float = 26) -> str:
    """A direction arrow: 0 degrees points up (away from the proxy player), clockwise."""
    a = math.radians(angle)
    dx, dy = math.sin(a), -math.cos(a)
    tip = (cx + dx * size, cy + dy * size)
    tail = (cx - dx * size, cy - dy * size)
    px, py = -dy, dx
    left = (tip[0] - dx * 18 + px * 13, tip[1] - dy * 18 + py * 13)
    right = (tip[0] - dx * 18 - px * 13, tip[1] - dy * 18 - py * 13)
    return (f'<line x1="{tail[0]:.1f}" y1="{tail[1]:.1f}" x2="{tip[0]:.1f}" y2="{tip[1]:.1f}" '
            f'stroke="{INK}" stroke-width="8"/>'
            f'<polygon points="{tip[0]:.1f},{tip[1]:.1f} {left[0]:.1f},{left[1]:.1f} '
            f'{right[0]:.1f},{right[1]:.1f}" fill="{INK}"/>')


def _titled(title: str, body: str) -> str:
    """A group with a tooltip (and a name for screen readers)."""
    return f"<g><title>{escape(title)}</title>{body}</g>"


PRIORITY_TOP, CELL_W, CELL_H, CELL_GAP = 122, 138, 180, 8
FREE_TOP, FREE_H = 356, 68
MAIN_TOP, ROW_H, ROW_GAP = 478, 76, 5
POINTER_TOP, POINTER_H = 806, 60


def _band(card: dict[str, Any], custom: bool, lang: str) -> str:
    """The deck's colour with the big card number and the deck's name."""
    band = BAND_CUSTOM if custom else BAND_COMPANION
    number = str(card["number"])
    label = _t("render.yours" if custom else "render.companion", lang)
    out = [f'<rect x="4" y="4" width="{W - 8}" height="104" rx="28" fill="{band}"/>',
           _text(30, 86, number, 76, "start", fill=WHITE)]
    x = 30 + _width(number, 76, True) + 22
    room = W - 26 - x
    if _width(label, 36, True) <= room:
        out.append(_text(x, 70, label, 36, "start", fill=WHITE))
    else:
        parts = re.split(r"\s—\s", label, maxsplit=1)  # (the dash after a no-break space)
        lines = parts if len(parts) > 1 else _wrap(label, 30, room)
        out += [_text(x, y, line, 30, "start", fill=WHITE, fit=room)
                for y, line in zip((50, 88), lines, strict=False)]
    return "".join(out)


def _priority(card: dict[str, Any], hl: Sequence[str], lang: str) -> str:
    out = []
    y = PRIORITY_TOP
    for i, e in enumerate(card["priority"]):
        x = LEFT + i * (CELL_W + CELL_GAP)
        colour = str(data.record("terrain", e["terrain"]).get("colour", "#cccccc"))
        angle = float(data.record("direction", e["direction"]).get("angle", 0))
        name = _t(f"terrain.{e['terrain']}", lang)
        cell = [f'<rect x="{x}" y="{y}" width="{CELL_W}" height="{CELL_H}" rx="12" '
                f'fill="{WHITE}" stroke="{INK}" stroke-width="3"/>',
                f'<path d="M{x},{y + 58} v-46 a12,12 0 0 1 12,-12 h{CELL_W - 24} '
                f'a12,12 0 0 1 12,12 v46 z" fill="{colour}"/>',
                _icon(e["terrain"], x + CELL_W / 2, y + 29, 48,
                      INK if _light(colour) else WHITE, TERRAIN_PATHS),
                _text(x + CELL_W / 2, y + 94, name, 30, fit=CELL_W - 12),
                _text(x + 44, y + 168, str(e["number"]), 80),
                _arrow(x + 102, y + 138, angle, 26)]
        title = (f"{_t('render.priority', lang)} {i + 1}: {name} {e['number']}, "
                 f"{_t('direction.' + e['direction'], lang)}")
        out.append(_titled(title, "".join(cell)))
        out.append(_frame(x, y, CELL_W, CELL_H, f"priority.{i + 1}" in hl))
    return "".join(out)


def _free(card: dict[str, Any], hl: Sequence[str], lang: str) -> str:
    out = [_text(30, FREE_TOP - 12, _t("render.free", lang), 30, "start")]
    w = (WIDTH - 8) / 2
    for i, action in enumerate(card["free"]):
        x = LEFT + i * (w + 8)
        label = _slot(card, "free", i, lang)
        amount, _, word = label.partition(" ")
        box = [f'<rect x="{x}" y="{FREE_TOP}" width="{w}" height="{FREE_H}" rx="12" '
               f'fill="#ece3cc" stroke="{INK}" stroke-width="3"/>',
               _icon(FREE_ICONS.get(action, ""), x + 34, FREE_TOP + FREE_H / 2, 44, INK)]
        if amount.startswith("+") and word:
            # the amount big, the word beside it, as one line
            fits = _width(amount, 44, True) + _width(" " + word, 30, True) <= w - 70
            squeeze = "" if fits else (f' textLength="{w - 70:.0f}" '
                                       'lengthAdjust="spacingAndGlyphs"')
            box.append(f'<text x="{x + 64}" y="{FREE_TOP + 49}" font-family="sans-serif" '
                       f'font-size="30" font-weight="bold" fill="{INK}"{squeeze}>'
                       f'<tspan font-size="44">{escape(amount)}</tspan> {escape(word)}</text>')
        else:
            box.append(_text(x + 64, FREE_TOP + 46, label, 30, "start", fit=w - 76))
        out.append(_titled(label, "".join(box)))
    out.append(_frame(LEFT, FREE_TOP, WIDTH, FREE_H, "free" in hl))
    return "".join(out)


def _main(card: dict[str, Any], hl: Sequence[str], lang: str) -> str:
    out = [_text(30, MAIN_TOP - 12, _t("render.main", lang), 30, "start")]
    for i, action in enumerate(card["main"]):
        y = MAIN_TOP + i * (ROW_H + ROW_GAP)
        kind = str(data.record("main_action", action)["kind"])
        colour = KIND_COLOURS.get(kind, "#888888")
        label = _slot(card, "main", i, lang)
        marked = card["pointer"] == i + 1
        text_x, text_w = LEFT + 136, WIDTH - 136 - (52 if marked else 14)
        row = [f'<rect x="{LEFT}" y="{y}" width="{WIDTH}" height="{ROW_H}" rx="12" '
               f'fill="{WHITE}" stroke="{INK}" stroke-width="3"/>',
               f'<path d="M{LEFT + 62},{y} v{ROW_H} h-50 a12,12 0 0 1 -12,-12 '
               f'v-{ROW_H - 24} a12,12 0 0 1 12,-12 z" fill="{colour}"/>',
               _text(LEFT + 31, y + 54, str(i + 1), 48, fill=WHITE),
               _icon(ACTION_ICONS.get(action, KIND_ICONS.get(kind, "")), LEFT + 98,
                     y + ROW_H / 2, 46, colour)]
        lines = _wrap(label, 32, text_w)
        if len(lines) == 1:
            row.append(_text(text_x, y + 50, lines[0], 32, "start", fit=text_w))
        else:
            note = lines[1].startswith("(")
            row.append(_text(text_x, y + 33, lines[0], 32 if note else 30, "start",
                             fit=text_w))
            row.append(_text(text_x, y + 67, lines[1], 30, "start", bold=not note,
                             fit=text_w))
        if marked:
            row.append(f'<polygon points="{LEFT + WIDTH - 44},{y + 20} '
                       f'{LEFT + WIDTH - 12},{y + ROW_H / 2} {LEFT + WIDTH - 44},{y + ROW_H - 20}" '
                       f'fill="{INK}"/>')
        out.append(_titled(f"{i + 1}. {label}", "".join(row)))
        out.append(_frame(LEFT, y, WIDTH, ROW_H, f"main.{i + 1}" in hl))
    return "".join(out)


def _pointer(card: dict[str, Any], hl: Sequence[str], custom: bool, lang: str) -> str:
    band = BAND_CUSTOM if custom else BAND_COMPANION
    text = _t("render.pointer", lang, n=card["pointer"])
    return (f'<rect x="{LEFT}" y="{POINTER_TOP}" width="{WIDTH}" height="{POINTER_H}" '
            f'rx="12" fill="{band}"/>'
            + _icon("card", LEFT + 36, POINTER_TOP + POINTER_H / 2, 40, WHITE)
            + _text(W / 2 + 28, POINTER_TOP + 41, text, 32, fill=WHITE, fit=WIDTH - 90)
            + _frame(LEFT, POINTER_TOP, WIDTH, POINTER_H, "pointer" in hl))


def _slot(card: dict[str, Any], kind: str, index: int, lang: str) -> str:
    ref = data.slot_label(card, kind, index)
    return render(ref["key"], ref["params"], lang)


def _describe(card: dict[str, Any], lang: str) -> list[str]:
    """The card's content as text, for screen readers."""
    out = [f"{_t('terrain.' + e['terrain'], lang)} {e['number']} "
           f"{_t('direction.' + e['direction'], lang)}" for e in card["priority"]]
    out += [_slot(card, "free", i, lang) for i in range(len(card["free"]))]
    out += [f"{i + 1}. {_slot(card, 'main', i, lang)}" for i in range(len(card["main"]))]
    out.append(_t("render.pointer", lang, n=card["pointer"]))
    return out


def card_face(card: dict[str, Any], highlight: Sequence[str] = (), lang: str = "en",
              custom: bool = False) -> str:
    """One card (of either deck) as an SVG; the band names the deck."""
    label = _t("render.yours" if custom else "render.companion", lang)
    number = _t("render.card", lang, n=card["number"])
    desc = "; ".join(_describe(card, lang))
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" role="img" '
        f'width="63mm" height="88mm"><title>{escape(label)}: {escape(number)}</title>'
        f'<desc>{escape(desc)}</desc>',
        f'<rect x="4" y="4" width="{W - 8}" height="{H - 8}" rx="28" fill="{PAPER}" '
        f'stroke="{INK}" stroke-width="6"/>',
        _band(card, custom, lang),
        _priority(card, highlight, lang),
        _free(card, highlight, lang),
        _main(card, highlight, lang),
        _pointer(card, highlight, custom, lang),
        "</svg>",
    ]
    return "".join(parts)


def card_svg(card_id: str, highlight: Sequence[str], lang: str) -> str:
    """A card by id (companion ``c01``…, or a card of a player's deck read in this process)."""
    return card_face(data.card(card_id), highlight, lang, custom=data.is_custom(card_id))


def deck() -> list[str]:
    """The companion edition in print order, then any player deck read in this process."""
    return sorted(data.companion_deck()) + data.known_custom_cards()


def keyed_svg(card: dict[str, Any], lang: str) -> str:
    """A card the player keys in, drawn as the editor's preview (a card without problems)."""
    return card_face(data.canonical(card), (), lang, custom=True)


register_renderer(CardRenderer(data.GAME_ID, card_svg, deck, keyed_svg=keyed_svg))
