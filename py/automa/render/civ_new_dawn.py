"""Civilization AP focus cards and the focus bar as SVG, drawn from ``cards/civ_new_dawn``.

Layout (63 × 88 mm): the type emblem over a ribbon (top left), the card name, the tech level on
a banner (top right); the steps, each with its numbered priority list and tiebreaker; economy
cards show their caravans; the trade-token strip at the bottom. ``highlight`` may name
``steps``, ``step0``…, ``priority`` or ``strip`` to frame that part. ``focus_bar`` draws the
bar with its five slots.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from automa.core.i18n import render
from automa.games.civ_new_dawn import data
from automa.render import CardRenderer, escape, register_renderer

W, H = 630, 880
INK = "#1d2430"
PAPER = "#f8f4ea"
HIGHLIGHT = "#f2b705"
COLOURS = {"culture": "#7a3f98", "economy": "#b8860b", "industry": "#8a4b22",
           "military": "#a32b2b", "science": "#2a62a8"}
BODY_SIZE = 19
LINE = 23
WRAP = 52
BAR = "focus_bar"
TERRAINS = ("grassland", "hills", "forest", "desert", "mountain")
TERRAIN_COLOURS = ("#8bbf5a", "#b9a25c", "#3f7d3a", "#e2c072", "#9a9a9a")


def _t(key: str, lang: str, **params: Any) -> str:
    return render(f"civ_new_dawn.{key}", dict(params), lang)


def _m(key: str, **params: Any) -> dict[str, Any]:
    return {"key": f"civ_new_dawn.{key}", "params": params}


def _text(x: float, y: float, s: str, size: int = BODY_SIZE, anchor: str = "start",
          weight: str = "normal", fill: str = INK) -> str:
    return (f'<text x="{x}" y="{y}" font-family="sans-serif" font-size="{size}" '
            f'text-anchor="{anchor}" font-weight="{weight}" fill="{fill}">{escape(s)}</text>')


def wrap(text: str, width: int = WRAP) -> list[str]:
    """Greedy word wrap at ``width`` characters."""
    lines: list[str] = []
    current = ""
    for word in text.split():
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


def _header(c: dict[str, Any], lang: str) -> str:
    t = c["type"]
    colour = COLOURS[t]
    name_lines = wrap(_t(f"card.{c['id']}", lang), 18)
    ribbon = _t(f"type.{t}", lang)
    out = [emblem(t, 84, 80),
           f'<rect x="16" y="130" width="136" height="30" rx="6" fill="{colour}"/>',
           _text(84, 151, ribbon, 16 if len(ribbon) <= 12 else 13, "middle", "bold", PAPER),
           f'<path d="M{W - 118},24 h84 v110 l-42,-22 l-42,22 Z" fill="{colour}"/>',
           _text(W - 76, 92, data.ROMAN[c["level"]], 40, "middle", "bold", PAPER)]
    for i, line in enumerate(name_lines[:3]):
        out.append(_text(W / 2 - 10, 78 + i * 36 - 18 * (len(name_lines[:3]) - 1), line, 32,
                         "middle", "bold"))
    return "".join(out)


def _criterion(key: str, step: dict[str, Any], lang: str) -> str:
    if step["action"] == "attack":
        return _t(f"target.{key}", lang, limit=step.get("limit", ""))
    return _t(f"crit.{key}", lang)


def step_text(c: dict[str, Any], step: dict[str, Any], lang: str) -> str:
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


def _tiebreak(step: dict[str, Any], lang: str) -> str | None:
    if step["action"] == "attack":
        return _t("face.lowest_defence", lang)
    if "tiebreaker" in step:
        return _t(f"crit.{step['tiebreaker']}", lang)
    if step.get("priority"):
        return _t("face.random", lang)
    return None


def _body(c: dict[str, Any], highlight: Sequence[str], lang: str) -> tuple[str, list[str]]:
    """The steps with their priority lists; returns the SVG and the description lines."""
    out: list[str] = []
    desc: list[str] = []
    y = 205.0
    steps = list(c["steps"])
    if c["type"] == "science" and c["level"] == 1:
        steps = [*steps, {"action": "gain_reminder"}]
    for i, step in enumerate(steps):
        top = y
        text = step_text(c, step, lang)
        desc.append(text)
        for line in wrap(text):
            out.append(_text(34, y, line, BODY_SIZE, weight="bold" if i == 0 else "normal"))
            y += LINE
        items = list(step.get("priority", [])) + list(step.get("targets", []))
        if items:
            ptop = y - 16
            out.append(_text(46, y, _t("face.priority", lang), 16, weight="bold",
                             fill=COLOURS[c["type"]]))
            y += LINE - 4
            for n, key in enumerate(items, 1):
                crit = _criterion(key, step, lang)
                desc.append(f"{n}. {crit}")
                for j, line in enumerate(wrap(crit, WRAP - 6)):
                    out.append(_text(58, y, f"{n}. {line}" if j == 0 else f"    {line}", 17))
                    y += LINE - 3
            tb = _tiebreak(step, lang)
            if tb:
                tie = _t("face.tiebreak", lang, what=tb)
                desc.append(tie)
                out.append(_text(58, y, tie, 17, fill="#555"))
                y += LINE - 3
            if "priority" in highlight:
                out.append(_frame(40, ptop, W - 80, y - ptop - 8))
        if f"step{i}" in highlight:
            out.append(_frame(24, top - 22, W - 48, y - top + 6))
        y += 8
    if "steps" in highlight:
        out.append(_frame(18, 178, W - 36, min(y, 770) - 170))
    return "".join(out), desc


def _strip(c: dict[str, Any], highlight: Sequence[str], lang: str) -> str:
    colour = COLOURS[c["type"]]
    out = [f'<rect x="20" y="780" width="{W - 40}" height="76" rx="10" fill="{colour}"/>',
           f'<rect x="40" y="796" width="40" height="40" rx="6" fill="#fff" stroke="{INK}" '
           f'stroke-width="2"/>',
           _text(96, 812, _t("face.strip", lang), 17, fill=PAPER),
           _text(96, 840, _t(f"face.strip_bonus.{c['type']}", lang), 22, weight="bold",
                 fill=PAPER)]
    if c.get("caravans"):
        for i in range(int(c["caravans"])):
            x = W - 70 - i * 46
            out.append(f'<path d="M{x},740 h34 v18 h-34 Z M{x + 6},764 a6,6 0 1 0 0.1,0 '
                       f'M{x + 28},764 a6,6 0 1 0 0.1,0" fill="{colour}"/>')
        out.append(_text(W - 70 - int(c["caravans"]) * 46 + 20, 758,
                         _t("face.caravans", lang, n=c["caravans"]), 15, "end"))
    if "strip" in highlight:
        out.append(_frame(12, 772, W - 24, 92))
    return "".join(out)


def _frame(x: float, y: float, w: float, h: float) -> str:
    return (f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="14" fill="none" '
            f'stroke="{HIGHLIGHT}" stroke-width="12" opacity="0.85"/>')


def _svg_open(card_id: str, title: str, desc: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" role="img" '
            f'aria-labelledby="t{card_id} d{card_id}">'
            f'<title id="t{card_id}">{escape(title)}</title>'
            f'<desc id="d{card_id}">{escape(desc)}</desc>')


def _bar_svg(lang: str) -> str:
    parts = [_svg_open(BAR, _t("card.focus_bar", lang), _t("face.bar", lang)),
             f'<rect x="4" y="4" width="{W - 8}" height="{H - 8}" rx="30" fill="#14524f" '
             f'stroke="#c9a227" stroke-width="8"/>',
             _text(W / 2, 90, _t("card.focus_bar", lang), 36, "middle", "bold", "#f3e3a1")]
    for i, line in enumerate(wrap(_t("face.bar", lang), 34)):
        parts.append(_text(W / 2, 140 + i * 30, line, 22, "middle", fill="#f3e3a1"))
    for slot in range(1, 6):
        y = 210 + (slot - 1) * 120
        parts.append(f'<rect x="60" y="{y}" width="{W - 120}" height="100" rx="12" '
                     f'fill="{TERRAIN_COLOURS[slot - 1]}" stroke="#c9a227" stroke-width="4"/>')
        parts.append(f'<circle cx="115" cy="{y + 50}" r="32" fill="#f3e3a1"/>')
        parts.append(_text(115, y + 62, str(slot), 36, "middle", "bold"))
        parts.append(_text(170, y + 60, _t(f"face.terrain.{TERRAINS[slot - 1]}", lang), 28,
                           weight="bold"))
    parts.append("</svg>")
    return "".join(parts)


def describe(card_id: str, lang: str) -> str:
    """The card's content as text (the SVG's ``<desc>``)."""
    c = data.card(card_id)
    _svg, lines = _body(c, (), lang)
    head = _t("face.level", lang, level=data.ROMAN[c["level"]])
    bonus = _t(f"face.strip_bonus.{c['type']}", lang)
    strip = f"{_t('face.strip', lang)} {bonus}"
    return " ".join([head, *lines, strip])


def card_svg(card_id: str, highlight: Sequence[str] = (), lang: str = "en") -> str:
    """One AP focus card face (or the focus bar)."""
    if card_id == BAR:
        return _bar_svg(lang)
    c = data.card(card_id)
    body, _lines = _body(c, highlight, lang)
    colour = COLOURS[c["type"]]
    return "".join([
        _svg_open(card_id, _t(f"card.{card_id}", lang), describe(card_id, lang)),
        f'<rect x="4" y="4" width="{W - 8}" height="{H - 8}" rx="30" fill="{PAPER}" '
        f'stroke="{colour}" stroke-width="10"/>',
        _header(c, lang),
        f'<line x1="30" y1="176" x2="{W - 30}" y2="176" stroke="{colour}" stroke-width="3"/>',
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
