"""Civilization AP focus cards and the focus bar as SVG, drawn from ``cards/civ_new_dawn``.

Layout (63 × 88 mm), icon first so that it reads at phone size (160 px wide, no print under
30 units): the type emblem (top left), the card name, the tech level on a banner (top right);
then each step as a coloured icon tile with its numbers in large print and a few short words,
followed by its numbered priority list and tiebreaker (a list the same as the step before is
shown once); economy cards draw their caravans beside the caravan step; the trade-token strip
at the bottom. The print grows (30–42 units) as far as the card's steps still fit above the
strip. The full wording is in the SVG's ``<desc>``. ``highlight`` may name ``steps``,
``step0``…, ``priority`` or ``strip`` to frame that part. ``focus_bar`` draws the bar with
its five slots.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from automa.core.i18n import render
from automa.games.civ_new_dawn import data
from automa.render import CardRenderer, escape, register_renderer
from automa.render.icons import PATHS

W, H = 630, 880
INK = "#1d2430"
PAPER = "#f8f4ea"
HIGHLIGHT = "#f2b705"
COLOURS = {"culture": "#7a3f98", "economy": "#b8860b", "industry": "#8a4b22",
           "military": "#a32b2b", "science": "#2a62a8"}
SMALL = 30
"""The smallest print: about 7 px on a card 160 px wide."""
LINE = 35
"""Line height at the smallest print."""
NAME_SIZE = 42
NAME_X, NAME_W = 312, 370
MARGIN = 30
BODY_TOP = 154
GAP = 8
STRIP_TOP = 788
BAR = "focus_bar"
TERRAINS = ("grassland", "hills", "forest", "desert", "mountain")
TERRAIN_COLOURS = ("#8bbf5a", "#b9a25c", "#3f7d3a", "#e2c072", "#9a9a9a")


def _t(key: str, lang: str, **params: Any) -> str:
    return render(f"civ_new_dawn.{key}", dict(params), lang)


def _m(key: str, **params: Any) -> dict[str, Any]:
    return {"key": f"civ_new_dawn.{key}", "params": params}


def _width(s: str, size: int, bold: bool = False) -> float:
    """Roughly how long ``s`` runs in a sans-serif face (generous, so that it never overflows)."""
    return len(s) * size * (0.6 if bold else 0.53)


def _text(x: float, y: float, s: str, size: int = SMALL, anchor: str = "start",
          weight: str = "normal", fill: str = INK, fit: float = 0) -> str:
    """Text; with ``fit`` it is squeezed to that width when it would run longer."""
    squeeze = ""
    if fit and _width(s, size, weight == "bold") * 0.94 > fit:
        squeeze = f' textLength="{fit:.0f}" lengthAdjust="spacingAndGlyphs"'
    return (f'<text x="{x}" y="{y}" font-family="sans-serif" font-size="{size}" '
            f'text-anchor="{anchor}" font-weight="{weight}" fill="{fill}"{squeeze}>'
            f'{escape(s)}</text>')


def _lines(text: str, size: int, width: float, bold: bool = False) -> list[str]:
    """Word wrap to ``width`` units at ``size`` (a line with one long word is squeezed)."""
    glued = re.sub(r" (\d)", "\u00a0\\1", text)  # a number stays with the word before it
    return wrap(glued, max(8, int(width / (size * (0.6 if bold else 0.53)))))


def wrap(text: str, width: int) -> list[str]:
    """Greedy word wrap at ``width`` characters."""
    lines: list[str] = []
    current = ""
    for word in text.split(" "):
        if not word:
            continue
        if current and len(current) + 1 + len(word) > width:
            lines.append(current)
            current = word
        else:
            current = f"{current} {word}" if current else word
    if current:
        lines.append(current)
    return lines


def emblem(card_type: str, x: float, y: float) -> str:
    """The type emblem: clef (culture), coin, gear, half-shaded shield, flask."""
    c = COLOURS[card_type]
    if card_type == "culture":
        return (f'<g stroke="{c}" stroke-width="5" fill="none">'
                + "".join(f'<line x1="{x - 30}" y1="{y - 20 + 10 * i}" x2="{x + 30}" '
                          f'y2="{y - 20 + 10 * i}" stroke-width="2"/>' for i in range(5))
                + f'<path d="M{x + 4},{y + 34} C{x - 20},{y + 30} {x - 18},{y} {x},{y - 6} '
                  f'C{x + 18},{y - 12} {x + 8},{y - 36} {x},{y - 40} L{x + 2},{y + 38}"/></g>')
    if card_type == "economy":
        return (f'<circle cx="{x}" cy="{y}" r="34" fill="{c}"/>'
                f'<circle cx="{x}" cy="{y}" r="25" fill="none" stroke="{PAPER}" stroke-width="3"/>'
                + _text(x, y + 11, "¤", 32, "middle", "bold", PAPER))
    if card_type == "industry":
        teeth = "".join(
            f'<rect x="{x - 7}" y="{y - 40}" width="14" height="16" fill="{c}" '
            f'transform="rotate({a} {x} {y})"/>' for a in range(0, 360, 45))
        return (teeth + f'<circle cx="{x}" cy="{y}" r="27" fill="{c}"/>'
                f'<circle cx="{x}" cy="{y}" r="10" fill="{PAPER}"/>')
    if card_type == "military":
        shield = (f"M{x - 30},{y - 34} H{x + 30} V{y} C{x + 30},{y + 22} {x + 10},{y + 34} "
                  f"{x},{y + 40} C{x - 10},{y + 34} {x - 30},{y + 22} {x - 30},{y} Z")
        return (f'<path d="{shield}" fill="{PAPER}" stroke="{c}" stroke-width="5"/>'
                f'<path d="M{x},{y - 34} H{x + 30} V{y} C{x + 30},{y + 22} {x + 10},{y + 34} '
                f'{x},{y + 40} Z" fill="{c}"/>')
    return (f'<path d="M{x - 10},{y - 38} h20 v22 l22,40 a8,8 0 0 1 -7,12 h-50 '
            f'a8,8 0 0 1 -7,-12 l22,-40 Z" fill="{PAPER}" stroke="{c}" stroke-width="5"/>'
            f'<path d="M{x - 24},{y + 14} h48 l8,16 h-64 Z" fill="{c}"/>')


def _header(c: data.FocusCard, lang: str) -> str:
    """Emblem (type) top left, the level banner top right, the name between them."""
    t = c["type"]
    colour = COLOURS[t]
    name = _t(f"card.{c['id']}", lang)
    lines = _lines(name, NAME_SIZE, NAME_W, bold=True)
    out = [emblem(t, 78, 80),
           f'<path d="M{W - 112},18 h80 v104 l-40,-20 l-40,20 Z" fill="{colour}"/>',
           _text(W - 72, 86, data.ROMAN[c["level"]], 44, "middle", "bold", PAPER)]
    top = 94 - (len(lines) - 1) * 24 - 6
    for i, line in enumerate(lines):
        out.append(_text(NAME_X, top + i * 48, line, NAME_SIZE, "middle", "bold", fit=NAME_W))
    return "".join(out)


def _criterion(key: str, step: data.Step, lang: str) -> str:
    if step["action"] == "attack":
        return _t(f"target.{key}", lang, limit=step.get("limit", ""))
    return _t(f"crit.{key}", lang)


def step_text(c: data.FocusCard, step: data.Step, lang: str) -> str:
    """One printed step in words."""
    action = step["action"]
    if action == "place_tokens":
        if step.get("extra"):
            return _t("face.step.place_extra", lang)
        return _t("face.step.place_tokens", lang, tokens=step["tokens"],
                  near=_m(f"near.{step['near']}"))
    if action == "caravans":
        return _t("face.step.caravans", lang, move=step["move"],
                  water=_m("face.step.water") if step["water"] else "",
                  different=_m("face.step.different") if step["different"] else "")
    if action == "wonder":
        return _t("face.step.wonder", lang, production=step["production"])
    if action == "city":
        return _t("face.step.city", lang, range=step["range"],
                  caravan=_m("face.step.caravan") if step["near"] == "space_or_caravan" else "",
                  water=_m("face.step.water") if step["water"] else "")
    if action == "attack":
        extra = (_m("face.step.barbarian", n=step["combat_barbarian"])
                 if step["combat_barbarian"] != step["combat"] else "")
        return _t("face.step.attack", lang, attacks=step["attacks"], range=step["range"],
                  combat=step["combat"], barbarian=extra,
                  through=_m(f"through.{step['through']}"))
    if action == "reinforce":
        return _t("face.step.reinforce", lang, k=step["per_attack"])
    if action == "advance":
        return _t("face.step.advance", lang, amount=step["amount"])
    if action == "upgrade_if_idle" and c["type"] == "military":
        return _t("face.step.upgrade_if_idle_military", lang)
    return _t(f"face.step.{action}", lang)


def _tiebreak(step: data.Step, lang: str) -> str | None:
    if step["action"] == "attack":
        return _t("face.lowest_defence", lang)
    if "tiebreaker" in step:
        return _t(f"crit.{step['tiebreaker']}", lang)
    if step.get("priority"):
        return _t("face.random", lang)
    return None


ICONS = {
    "place_tokens": "control", "weaken_rivals": "regress", "caravans": "caravan",
    "defeat_barbarians": "attack", "gain_resource": "resource", "resolve_slot5": "card",
    "wonder": "wonder", "city": "city", "upgrade_if_idle": "upgrade", "resolve_culture": "card",
    "attack": "attack", "reinforce": "defend", "advance": "tech", "gain_trade_token": "trade",
    "upgrade_card": "upgrade", "nuke": "discard", "gain_reminder": "info",
}
"""The symbol drawn in each step's tile (paths shared with the app's icons)."""


def _icon(name: str, x: float, y: float, size: float, colour: str = "#ffffff") -> str:
    """An icon from the app's set, ``size`` units across, its top left at (x, y)."""
    return (f'<g transform="translate({x} {y}) scale({size / 24:.3f})"><path '
            f'd="{PATHS.get(name, PATHS["info"])}" fill="none" stroke="{colour}" '
            f'stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"/></g>')


def step_lines(c: data.FocusCard, step: data.Step, lang: str) -> tuple[str, list[str]]:
    """One step as drawn: its big line (numbers first; may be empty) and its short lines."""
    action = step["action"]
    if action == "place_tokens":
        near = "space" if step.get("extra") else step["near"]
        subs = [_t(f"face.short.near.{near}", lang)]
        if not step.get("extra"):
            subs.append(_t("face.short.unplaced", lang))
        return f"+{step['tokens']}", subs
    if action == "caravans":
        subs = [_t("face.short.water", lang)] if step["water"] else []
        if step["different"]:
            subs.append(_t("face.short.different", lang))
        return _t("face.short.move", lang, n=step["move"]), subs
    if action == "wonder":
        return (_t("face.short.production", lang, n=step["production"]),
                [_t("face.short.wonder_city", lang)])
    if action == "city":
        subs = [_t(f"face.short.from.{step['near']}", lang)]
        if step["water"]:
            subs.append(_t("face.short.water", lang))
        return _t("face.short.within", lang, n=step["range"]), subs
    if action == "attack":
        combat = _t("face.short.combat", lang, n=step["combat"])
        if step["combat_barbarian"] != step["combat"]:
            combat += _t("face.short.combat_barbarian", lang, n=step["combat_barbarian"])
        return (_t("face.short.attacks", lang, n=step["attacks"]),
                [_t("face.short.range", lang, n=step["range"]), combat,
                 _t(f"face.short.through.{step['through']}", lang)])
    if action == "reinforce":
        return (_t("face.short.reinforce_n", lang, k=step["per_attack"]),
                [_t("face.short.reinforce", lang)])
    if action == "advance":
        return f"+{step['amount']}", [_t("face.short.advance", lang)]
    if action == "gain_resource":
        return "+1", [_t("face.short.gain_resource", lang)]
    if action == "upgrade_if_idle" and c["type"] == "military":
        return "", [_t("face.short.upgrade_if_idle_military", lang)]
    return "", [_t(f"face.short.{action}", lang)]


def _item(key: str, step: data.Step, lang: str) -> str:
    if step["action"] == "attack":
        return _t(f"face.short.target.{key}", lang, limit=step.get("limit", ""))
    return _t(f"face.short.crit.{key}", lang)


def _tie(step: data.Step, lang: str) -> str | None:
    if step["action"] == "attack":
        what = _t("face.lowest_defence", lang)
    elif "tiebreaker" in step:
        what = _t(f"face.short.crit.{step['tiebreaker']}", lang)
    elif step.get("priority"):
        what = _t("face.random", lang)
    else:
        return None
    return _t("face.tiebreak", lang, what=what)


def _steps(c: data.FocusCard) -> list[data.Step]:
    steps = list(c["steps"])
    if c["type"] == "science" and c["level"] == 1:
        steps = [*steps, {"action": "gain_reminder"}]
    return steps


def _body(c: data.FocusCard, highlight: Sequence[str], lang: str) -> tuple[str, float]:
    """The steps at the largest print that fits above the strip (never under ``SMALL``)."""
    for size in (42, 38, 34, 32):
        svg, end = _body_at(c, highlight, lang, size)
        if end <= STRIP_TOP:
            return svg, end
    return _body_at(c, highlight, lang, SMALL)


def _body_at(c: data.FocusCard, highlight: Sequence[str], lang: str,
             small: int) -> tuple[str, float]:
    """The steps, each an icon tile with its numbers and short lines, then its numbered
    priority list, with ``small`` as the smallest print; returns the SVG and where it ends."""
    colour = COLOURS[c["type"]]
    line_h, big_size, tile = round(small * 1.17), round(small * 1.4), round(small * 2.67)
    text_x, item_x = MARGIN + tile + 18, MARGIN + round(small * 2.2)
    badge_x = MARGIN + small * 0.87
    right = W - MARGIN
    out: list[str] = []
    y = float(BODY_TOP)
    previous: list[str] = []
    for i, step in enumerate(_steps(c)):
        top = y
        big, subs = step_lines(c, step, lang)
        out.append(f'<rect x="{MARGIN}" y="{y}" width="{tile}" height="{tile}" rx="14" '
                   f'fill="{colour}"/>' + _icon(ICONS[step["action"]], MARGIN + tile * 0.15,
                                               y + tile * 0.15, tile * 0.7))
        big_x = float(text_x)
        if step["action"] == "caravans":
            for _n in range(int(c.get("caravans", 0))):
                out.append(_icon("caravan", big_x, y, small * 1.8, colour))
                big_x += small * 2
            big_x += 10
        ty = y
        if big:
            out.append(_text(big_x, y + big_size * 1.05, big, big_size, weight="bold",
                             fit=right - big_x))
            ty = y + big_size * 1.2
            after = big_x + _width(big, big_size, True) + 16
            if subs and after + _width(subs[0], small) <= right:
                out.append(_text(after, y + big_size * 1.05, subs.pop(0), small))
        for sub in subs:
            # a step without numbers is in bold when that still fits beside its tile
            bold = not big and len(_lines(sub, small, right - text_x, bold=True)) <= 2
            for line in _lines(sub, small, right - text_x, bold=bold):
                out.append(_text(text_x, ty + small * 1.07, line, small,
                                 weight="bold" if bold else "normal", fit=right - text_x))
                ty += line_h
        y = max(y + tile, ty) + 8
        items = list(step.get("priority", [])) + list(step.get("targets", []))
        if items:
            ptop = y
            if items == previous:
                out.append(_badge(badge_x, y + small * 0.67, f"1–{len(items)}", colour, small))
                out.append(_text(item_x + small * 0.4, y + small * 1.03,
                                 _t("face.short.same", lang), small, fill=colour,
                                 weight="bold"))
                y += line_h + 6
            else:
                for n, key in enumerate(items, 1):
                    out.append(_badge(badge_x, y + small * 0.67, str(n), colour, small))
                    for line in _lines(_item(key, step, lang), small, right - item_x):
                        out.append(_text(item_x, y + small * 1.03, line, small,
                                         fit=right - item_x))
                        y += line_h
                    y += round(small * 0.07)
            tie = _tie(step, lang)
            if tie and items != previous:
                out.append(_badge(badge_x, y + small * 0.67, "=", "#666", small))
                for line in _lines(tie, small, right - item_x):
                    out.append(_text(item_x, y + small * 1.03, line, small, fill="#444",
                                     fit=right - item_x))
                    y += line_h
                y += 4
            previous = items
            if "priority" in highlight:
                out.append(_frame(MARGIN - 8, ptop - 4, W - 2 * MARGIN + 16, y - ptop + 8))
        if f"step{i}" in highlight:
            out.append(_frame(MARGIN - 12, top - 8, W - 2 * MARGIN + 24, y - top + 10))
        y += GAP
    if "steps" in highlight:
        out.append(_frame(14, BODY_TOP - 10, W - 28, y - BODY_TOP + 10))
    return "".join(out), y


def _badge(cx: float, cy: float, label: str, colour: str, size: int) -> str:
    """A priority number on a round (or, for a range, long) badge."""
    w = size * (1.3 if len(label) <= 1 else 2.3)
    h = size * 1.1
    return (f'<rect x="{cx - w / 2}" y="{cy - h / 2}" width="{w}" height="{h}" rx="{h / 2}" '
            f'fill="{colour}"/>' + _text(cx, cy + size * 0.37, label, size, "middle", "bold",
                                         PAPER))


def _strip(c: data.FocusCard, highlight: Sequence[str], lang: str) -> str:
    """Each trade token spent: a token, then what it adds."""
    colour = COLOURS[c["type"]]
    out = [f'<rect x="20" y="{STRIP_TOP}" width="{W - 40}" height="{H - 20 - STRIP_TOP}" '
           f'rx="12" fill="{colour}"/>',
           f'<rect x="34" y="{STRIP_TOP + 12}" width="52" height="52" rx="8" fill="#fff" '
           f'stroke="{INK}" stroke-width="3"/>' + _icon("trade", 40, STRIP_TOP + 18, 40, INK),
           _text(102, STRIP_TOP + 32, _t("face.short.strip", lang), SMALL, fill=PAPER,
                 fit=W - 134),
           _text(102, STRIP_TOP + 66, _t(f"face.strip_bonus.{c['type']}", lang), SMALL,
                 weight="bold", fill=PAPER, fit=W - 134)]
    if "strip" in highlight:
        out.append(_frame(12, STRIP_TOP - 8, W - 24, H - 12 - STRIP_TOP))
    return "".join(out)


def _frame(x: float, y: float, w: float, h: float) -> str:
    return (f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="14" fill="none" '
            f'stroke="{HIGHLIGHT}" stroke-width="10" opacity="0.9"/>')


def _svg_open(card_id: str, title: str, desc: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" role="img" '
            f'aria-labelledby="t{card_id} d{card_id}">'
            f'<title id="t{card_id}">{escape(title)}</title>'
            f'<desc id="d{card_id}">{escape(desc)}</desc>')


def _bar_svg(lang: str) -> str:
    parts = [_svg_open(BAR, _t("card.focus_bar", lang), _t("face.bar", lang)),
             f'<rect x="4" y="4" width="{W - 8}" height="{H - 8}" rx="30" fill="#14524f" '
             f'stroke="#c9a227" stroke-width="8"/>',
             _text(W / 2, 76, _t("card.focus_bar", lang), 44, "middle", "bold", "#f3e3a1",
                   fit=W - 80)]
    for i, line in enumerate(_lines(_t("face.bar", lang), SMALL, W - 80)):
        parts.append(_text(W / 2, 124 + i * LINE, line, SMALL, "middle", fill="#f3e3a1",
                           fit=W - 80))
    for slot in range(1, 6):
        y = 236 + (slot - 1) * 122
        parts.append(f'<rect x="60" y="{y}" width="{W - 120}" height="104" rx="12" '
                     f'fill="{TERRAIN_COLOURS[slot - 1]}" stroke="#c9a227" stroke-width="4"/>')
        parts.append(f'<circle cx="118" cy="{y + 52}" r="36" fill="#f3e3a1"/>')
        parts.append(_text(118, y + 67, str(slot), 44, "middle", "bold"))
        parts.append(_text(172, y + 66, _t(f"face.terrain.{TERRAINS[slot - 1]}", lang), 40,
                           weight="bold", fill=PAPER if slot == 3 else INK, fit=W - 120 - 130))
    parts.append("</svg>")
    return "".join(parts)


def describe(card_id: str, lang: str) -> str:
    """The card's content as text (the SVG's ``<desc>``)."""
    c = data.card(card_id)
    lines: list[str] = []
    for step in _steps(c):
        lines.append(step_text(c, step, lang))
        items = list(step.get("priority", [])) + list(step.get("targets", []))
        lines += [f"{n}. {_criterion(key, step, lang)}" for n, key in enumerate(items, 1)]
        tb = _tiebreak(step, lang) if items else None
        if tb:
            lines.append(_t("face.tiebreak", lang, what=tb))
    if c.get("caravans"):
        lines.append(_t("face.caravans", lang, n=c["caravans"]))
    head = _t("face.level", lang, level=data.ROMAN[c["level"]])
    bonus = _t(f"face.strip_bonus.{c['type']}", lang)
    strip = f"{_t('face.strip', lang)} {bonus}"
    return " ".join([head, *lines, strip])


def card_svg(card_id: str, highlight: Sequence[str] = (), lang: str = "en") -> str:
    """One AP focus card face (or the focus bar)."""
    if card_id == BAR:
        return _bar_svg(lang)
    c = data.card(card_id)
    body, _end = _body(c, highlight, lang)
    colour = COLOURS[c["type"]]
    return "".join([
        _svg_open(card_id, _t(f"card.{card_id}", lang), describe(card_id, lang)),
        f'<rect x="4" y="4" width="{W - 8}" height="{H - 8}" rx="30" fill="{PAPER}" '
        f'stroke="{colour}" stroke-width="10"/>',
        _header(c, lang),
        f'<line x1="30" y1="{BODY_TOP - 14}" x2="{W - 30}" y2="{BODY_TOP - 14}" '
        f'stroke="{colour}" stroke-width="3"/>',
        body,
        _strip(c, highlight, lang),
        "</svg>",
    ])


def deck() -> list[str]:
    """The 20 focus cards (type by type, level I–IV) and the focus bar."""
    order = sorted(data.cards(), key=lambda c: (data.TYPES.index(data.card(c)["type"]),
                                                data.card(c)["level"]))
    return [*order, BAR]


register_renderer(CardRenderer("civ_new_dawn", card_svg, deck))
