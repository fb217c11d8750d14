"""Age of Innovation Automa Decision cards as SVG, drawn from ``cards/age_of_innovation``.

Layout (63 × 88 mm), icon first so that it reads at phone size (160 px wide): the card number
and the pass icon on top; the Support column on the left (used when the card is the Support
card: buildings, terrain-priority row, Directional Selection arrow, discipline selection,
round bonus arrow), the Action column on the right (used when it is the Action card: one big
symbol, number and name per action, the Support parts it needs underneath), the setup letters
in the lower left. Names are in each part's tooltip and the card's ``<desc>``. ``highlight``
may name ``action``, ``support`` or ``setup`` to frame that part.
"""

from __future__ import annotations

from collections.abc import Sequence

from automa.core.i18n import render
from automa.games.age_of_innovation import data
from automa.render import CardRenderer, escape, register_renderer

W, H = 630, 880
SPLIT = 300
LABEL_MARGIN = 56
"""An action's name keeps this much of its coloured block free, both sides together."""
INK = "#1f2a36"
PAPER = "#fbf7ee"
ACCENT = "#c9731d"
HIGHLIGHT = "#f2b705"
TOKEN = "#7b3fa0"
TERRAIN_COLOURS = ("#3b7dd8", "#d9a441", "#2f7d32", "#b33a2b", "#5d4a7a", "#e7d37a", "#8a8a8a")
TERRAINS = dict(zip(("lake", "plains", "forest", "wasteland", "swamp", "desert", "mountain"),
                    TERRAIN_COLOURS, strict=True))
"""Each terrain's colour (the box's order of terrains), as an answer's chip."""
ACTION_COLOURS = {
    "faction": "#7b3fa0", "take_innovation": "#1c8f8a", "gain_points": "#c9731d",
    "terraform_build": "#2f7d32", "upgrade": "#8c5a2b", "block_power_book": "#b33a2b",
    "send_scholar": "#3b5fb3", "advance_discipline": "#3b7dd8",
}


def _t(key: str, lang: str, **params: object) -> str:
    return escape(render(f"age_of_innovation.{key}", dict(params), lang))


def _text(x: float, y: float, s: str, size: int = 40, anchor: str = "middle",
          weight: str = "bold", fill: str = INK, fit: float = 0) -> str:
    """Text; with ``fit`` it is squeezed to that width when it would run longer."""
    squeeze = ""
    if fit and len(s) * size * 0.56 > fit:
        squeeze = f' textLength="{fit:.0f}" lengthAdjust="spacingAndGlyphs"'
    return (f'<text x="{x}" y="{y}" font-family="sans-serif" font-size="{size}" '
            f'text-anchor="{anchor}" font-weight="{weight}" fill="{fill}"{squeeze}>{s}</text>')


def _lines(label: str, size: int, width: float) -> list[str]:
    """One line, or two split at the space nearest the middle when one would run too long."""
    if len(label) * size * 0.56 <= width or " " not in label:
        return [label]
    spaces = [i for i, ch in enumerate(label) if ch == " "]
    cut = min(spaces, key=lambda i: abs(i - len(label) / 2))
    return [label[:cut], label[cut + 1:]]


def _titled(title: str, body: str) -> str:
    """A group with a tooltip (and a name for screen readers)."""
    return f"<g><title>{title}</title>{body}</g>"


def _zigzag(x: float, y: float, direction: str, number: int, scale: float = 1.0) -> str:
    """The Directional Selection arrow: a zig-zag with its head, and the count beside it."""
    pts = [(0, 0), (110, 0), (10, 45), (110, 45)]
    if direction == "rtl":
        pts = [(110 - px, 45 - py) for px, py in pts]
    path = " ".join(f"{px},{py}" for px, py in pts)
    hx, hy = pts[-1]
    d = 1 if direction == "ltr" else -1
    head = f"{hx + 6 * d},{hy} {hx - 18 * d},{hy - 14} {hx - 18 * d},{hy + 14}"
    return (f'<g transform="translate({x},{y}) scale({scale})">'
            f'<polyline points="{path}" fill="none" stroke="{INK}" stroke-width="9" '
            f'stroke-linejoin="round"/><polygon points="{head}" fill="{INK}"/>'
            + (_text(175, 50, str(number), 84) if number else "") + "</g>")


def _bonus(x: float, y: float, pick: str, scale: float = 1.0) -> str:
    """Three bars (the round bonus tiles) with an arrow over the one she takes."""
    out = [f'<g transform="translate({x},{y}) scale({scale})">']
    for i, pos in enumerate(data.BONUS_POSITIONS):
        fill = ACCENT if pos == pick else PAPER
        out.append(f'<rect x="{i * 78}" y="38" width="58" height="70" rx="8" '
                   f'fill="{fill}" stroke="{INK}" stroke-width="6"/>')
    ax = data.BONUS_POSITIONS.index(pick) * 78 + 29
    out.append(f'<polygon points="{ax - 20},0 {ax + 20},0 {ax},30" fill="{INK}"/></g>')
    return "".join(out)


def _house(x: float, y: float, size: float, marked: bool) -> str:
    """A building outline; a purple Power token inside when marked."""
    w = size
    out = (f'<polygon points="{x},{y + w} {x},{y + w * 0.42} {x + w / 2},{y} '
           f'{x + w},{y + w * 0.42} {x + w},{y + w}" fill="{PAPER}" stroke="{INK}" '
           f'stroke-width="7" stroke-linejoin="round"/>')
    if marked:
        out += f'<circle cx="{x + w / 2}" cy="{y + w * 0.64}" r="{w * 0.22}" fill="{TOKEN}"/>'
    return out


def _structure(x: float, y: float, marked: str, together: bool, scale: float = 1.0) -> str:
    """Her marked or unmarked buildings; two arrows meeting when Bring together."""
    out = [f'<g transform="translate({x},{y}) scale({scale})">',
           _house(0, 0, 88, marked == "marked")]
    if together:
        out.append(f'<path d="M110,44 h52 M240,44 h-52" stroke="{INK}" stroke-width="8"/>'
                   f'<polygon points="172,44 154,30 154,58" fill="{INK}"/>'
                   f'<polygon points="178,44 196,30 196,58" fill="{INK}"/>')
    out.append("</g>")
    return "".join(out)


def _atp(x: float, y: float, row: str, scale: float = 1.0) -> str:
    """The terrain-priority row: a strip of terrain colours and the big row letter."""
    out = [f'<g transform="translate({x},{y}) scale({scale})">']
    for i, colour in enumerate(TERRAIN_COLOURS):
        out.append(f'<rect x="{(i % 4) * 34}" y="{(i // 4) * 44}" width="30" height="40" '
                   f'rx="5" fill="{colour}" stroke="{INK}" stroke-width="2"/>')
    out.append(_text(200, 72, row, 90))
    out.append("</g>")
    return "".join(out)


def _scholar(x: float, y: float, kind: str, scale: float = 1.0) -> str:
    """Discipline selection: the Round Score tile's icon, or Catch-up (bars catching up)."""
    out = [f'<g transform="translate({x},{y}) scale({scale})">']
    if kind == "round_tile":
        out.append(f'<rect x="0" y="0" width="150" height="96" rx="12" fill="{PAPER}" '
                   f'stroke="{INK}" stroke-width="6"/>'
                   f'<circle cx="75" cy="48" r="28" fill="#3b5fb3"/>'
                   f'<circle cx="75" cy="48" r="11" fill="{PAPER}"/>')
    else:
        out.append(f'<rect x="0" y="52" width="40" height="44" fill="{INK}"/>'
                   f'<rect x="56" y="8" width="40" height="88" fill="{INK}"/>'
                   f'<path d="M20,44 V8" stroke="{ACCENT}" stroke-width="10"/>'
                   f'<polygon points="2,18 20,-6 38,18" fill="{ACCENT}"/>')
    out.append("</g>")
    return "".join(out)


def _frame(x: float, y: float, w: float, h: float) -> str:
    return (f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="18" fill="none" '
            f'stroke="{HIGHLIGHT}" stroke-width="14"/>')


def _action_icon(kind: str, cx: float, cy: float) -> str:
    """A white symbol for each action, about 120 units across, centred on (cx, cy)."""
    white = "#ffffff"
    if kind == "faction":
        return (f'<polygon points="{cx - 50},{cy - 55} {cx + 50},{cy - 55} {cx + 50},{cy} '
                f'{cx},{cy + 60} {cx - 50},{cy}" fill="none" stroke="{white}" '
                f'stroke-width="10" stroke-linejoin="round"/>')
    if kind == "take_innovation":
        return (f'<circle cx="{cx}" cy="{cy - 15}" r="40" fill="none" stroke="{white}" '
                f'stroke-width="10"/><rect x="{cx - 20}" y="{cy + 30}" width="40" '
                f'height="26" rx="4" fill="{white}"/>')
    if kind in ("terraform_build", "upgrade"):
        out = (f'<polygon points="{cx - 45},{cy + 55} {cx - 45},{cy - 5} {cx},{cy - 50} '
               f'{cx + 45},{cy - 5} {cx + 45},{cy + 55}" fill="{white}"/>')
        if kind == "upgrade":
            out += (f'<polygon points="{cx},{cy - 20} {cx - 24},{cy + 14} {cx - 9},{cy + 14} '
                    f'{cx - 9},{cy + 45} {cx + 9},{cy + 45} {cx + 9},{cy + 14} '
                    f'{cx + 24},{cy + 14}" fill="{ACTION_COLOURS[kind]}"/>')
        return out
    if kind == "block_power_book":
        return (f'<path d="M{cx - 45},{cy - 45} L{cx + 45},{cy + 45} M{cx + 45},{cy - 45} '
                f'L{cx - 45},{cy + 45}" stroke="{white}" stroke-width="18" '
                f'stroke-linecap="round"/>')
    if kind == "send_scholar":
        return (f'<circle cx="{cx}" cy="{cy - 30}" r="24" fill="{white}"/>'
                f'<path d="M{cx - 42},{cy + 55} Q{cx},{cy - 20} {cx + 42},{cy + 55} Z" '
                f'fill="{white}"/>')
    # advance_discipline: an arrow up a step
    return (f'<polygon points="{cx},{cy - 55} {cx - 40},{cy - 5} {cx - 14},{cy - 5} '
            f'{cx - 14},{cy + 55} {cx + 14},{cy + 55} {cx + 14},{cy - 5} {cx + 40},{cy - 5}" '
            f'fill="{white}"/>')


PENCIL_DRAW = {
    "structure": lambda x, y, c: _structure(x, y, str(c["structure"]), False, 0.42),
    "atp_row": lambda x, y, c: _text(x + 18, y + 38, "A/B", 30, fill="#ffffff"),
    "directional": lambda x, y, c: _zigzag(x, y + 6, "ltr", 0, 0.38),
    "scholar": lambda x, y, c: _scholar(x + 4, y + 2, "catch_up", 0.38),
}


def _action_column(c: data.DecisionCard, lang: str) -> str:
    out = []
    actions = c["actions"]
    assert isinstance(actions, list)
    top, bottom = 130, H - 40
    gap = 24
    h = (bottom - top - gap * (len(actions) - 1)) / max(len(actions), 1)
    x, w = SPLIT + 24, W - SPLIT - 52
    y = float(top)
    for a in actions:
        kind = a["type"]
        colour = ACTION_COLOURS.get(kind, INK)
        label = _t(f"action.{kind}", lang)
        box = [f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="18" fill="{colour}"/>']
        cy = y + h * 0.34
        if kind == "gain_points":
            box.append(f'<circle cx="{x + w / 2}" cy="{cy}" r="78" fill="#ffffff"/>')
            box.append(_text(x + w / 2, cy + 34, f"+{a['points']}", 96, fill=colour))
        else:
            box.append(_action_icon(kind, x + w / 2, cy))
        # A long name ("Тераформування й будівництво") keeps a margin inside its block.
        for i, line in enumerate(_lines(label, 40, w - LABEL_MARGIN)):
            box.append(_text(x + w / 2, cy + 105 + 42 * i, line, 38, fill="#ffffff",
                             fit=w - LABEL_MARGIN))
        for j, p in enumerate(a.get("pencils", [])):
            px = x + 14 + j * (w - 28) / 4
            box.append(_titled(_t(f"render.pencil.{p}", lang),
                               f'<rect x="{px}" y="{y + h - 62}" width="{(w - 28) / 4 - 6}" '
                               f'height="50" rx="8" fill="{INK}" opacity="0.35"/>'
                               + PENCIL_DRAW[p](px + 6, y + h - 60, c)))
        out.append(_titled(label, "".join(box)))
        y += h + gap
    return "".join(out)


ROWS = (130, 250, 370, 485, 590)


def _support_column(c: data.DecisionCard, lang: str) -> str:
    return "".join([
        _titled(_t("render.structure", lang),
                _structure(34, ROWS[0], str(c["structure"]), bool(c["bring_together"]))),
        _titled(_t("render.atp", lang), _atp(34, ROWS[1], str(c["atp_row"]))),
        _titled(_t("render.directional", lang),
                _zigzag(34, ROWS[2] + 20, str(c["direction"]), int(str(c["count"])))),
        _titled(_t("render.discipline", lang) + ": " + _t(f"render.scholar.{c['scholar']}", lang),
                _scholar(70, ROWS[3], str(c["scholar"]))),
        _titled(_t("render.bonus", lang), _bonus(40, ROWS[4], str(c["bonus"]))),
    ])


def _setup_section(c: data.DecisionCard) -> str:
    marked, unmarked = c["setup_marked"], c["setup_unmarked"]
    return (f'<rect x="30" y="722" width="240" height="126" rx="14" fill="{PAPER}" '
            f'stroke="{INK}" stroke-width="4"/>'
            + _text(92, 810, str(marked), 80)
            + f'<circle cx="92" cy="830" r="12" fill="{TOKEN}"/>'
            + _text(208, 810, str(unmarked), 80))


def _pass_icon() -> str:
    return (f'<circle cx="{W - 70}" cy="70" r="44" fill="{PAPER}" stroke="{INK}" '
            f'stroke-width="7"/><path d="M{W - 96},70 h48 M{W - 64},50 l20,20 l-20,20" '
            f'fill="none" stroke="{INK}" stroke-width="9" stroke-linecap="round"/>')


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
    """One Decision card face, or the picture of a set-up draw (:func:`picture_svg`)."""
    if ":" in card_id:
        return picture_svg(card_id, lang)
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
        f'<line x1="{SPLIT}" y1="120" x2="{SPLIT}" y2="{H - 30}" stroke="{INK}" '
        f'stroke-width="3" stroke-dasharray="10 8"/>',
        _text(36, 96, f"{star}{c['number']}", 84, anchor="start"),
        _support_column(c, lang),
        _action_column(c, lang),
        _setup_section(c),
    ]
    if c["pass_icon"]:
        parts.append(_pass_icon())
    if "support" in highlight:
        parts.append(_frame(14, 116, SPLIT - 20, 600))
    if "action" in highlight:
        parts.append(_frame(SPLIT + 8, 116, W - SPLIT - 22, H - 130))
    if "setup" in highlight:
        parts.append(_frame(20, 712, 260, 146))
    parts.append("</svg>")
    return "".join(parts)


def deck() -> list[str]:
    """All 14 Decision cards in number order."""
    return sorted(data.decision_cards(), key=lambda c: data.card(c)["number"])



# --- the pictures of the set-up draws (ids from data.read_picture) -------------------------
DISCIPLINE_COLOURS = {"banking": "#c9731d", "law": "#3b5fb3", "engineering": "#6b6b6b",
                      "medicine": "#2f7d32"}
LIGHT_TERRAINS = ("plains", "desert")
"""Terrains whose colour takes dark text."""
PALACE_BACK = "#a33a2b"
"""Palace tile 17's own red back."""


def _svg(kind: str, width: int, height: int, title: str, body: list[str]) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
            f'role="img" aria-labelledby="t{kind}"><title id="t{kind}">{title}</title>'
            f'<rect x="2" y="2" width="{width - 4}" height="{height - 4}" rx="24" '
            f'fill="{PAPER}" stroke="{INK}" stroke-width="4"/>' + "".join(body) + "</svg>")


def _tile(x: float, y: float, w: float, h: float, fill: str = "#ffffff",
          stroke: str = INK) -> str:
    return (f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="14" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="5"/>')


def _score_tile(x: float, y: float, tile_id: str, caption: str, late: bool, lang: str) -> str:
    """One Automa Round Score tile: its round, number, discipline icon, her points, Spade."""
    t = data.tiles()[tile_id]
    points = t["points_late"] if late else t["points_early"]
    colour = DISCIPLINE_COLOURS[t["discipline"]]
    d = _t(f"discipline.{t['discipline']}", lang)
    out = [_tile(x, y, 190, 170), _text(x + 95, y + 36, caption, 28, weight="normal"),
           _text(x + 50, y + 110, str(t["number"]), 64),
           f'<circle cx="{x + 140}" cy="{y + 86}" r="26" fill="{colour}"/>',
           _text(x + 140, y + 150, f"+{points}", 36, fill=colour)]
    if t["spade"]:
        out.append(_titled(_t("picture.spade", lang),
                           f'<path d="M{x + 16},{y + 150} l14,-24 l14,24 z" fill="{INK}"/>'))
    label = f"{caption}: {_t('picture.tile', lang, n=t['number'])}, {d}, " \
            + _t("picture.points", lang, n=points)
    return _titled(label, "".join(out))


def _score_svg(rounds: list[str], final: str, lang: str) -> str:
    body = []
    for r, tile_id in enumerate(rounds):
        x, y = 17 + (r % 3) * 202, 20 + (r // 3) * 184
        body.append(_score_tile(x, y, tile_id, _t("picture.round", lang, n=r + 1), r >= 3,
                                lang))
    body.append(_score_tile(220, 388, final, _t("picture.final", lang), True, lang))
    title = _t("picture.title_score", lang,
               tiles=", ".join(str(data.tiles()[t]["number"]) for t in rounds),
               final=data.tiles()[final]["number"])
    return _svg("score", 630, 580, title, body)


def _numbered(x: float, y: float, n: int, caption: str, fill: str = "#ffffff",
              ink: str = INK) -> str:
    """A tile known by its number only (its face is not in the card data)."""
    return _titled(caption, _tile(x, y, 180, 150, fill)
                   + _text(x + 90, y + 100, str(n), 72, fill=ink))


def _palace_svg(tiles: list[int], lang: str) -> str:
    body = [_numbered(20 + i * 200, 20, n, _t("picture.tile", lang, n=n))
            for i, n in enumerate([*tiles, data.PALACE_ALWAYS])]
    body[-1] = _numbered(420, 20, data.PALACE_ALWAYS, _t("picture.tile", lang,
                                                         n=data.PALACE_ALWAYS),
                         PALACE_BACK, "#ffffff")
    return _svg("palace", 630, 190, _t("picture.title_palace", lang, a=tiles[0], b=tiles[1]),
                body)


def _offer_svg(offer: list[tuple[str, int, int]], lang: str) -> str:
    body = []
    for i, (terrain, a, b) in enumerate(offer):
        x = 17 + i * 202
        colour = TERRAIN_COLOURS[data.TERRAINS.index(terrain)]
        name = _t(f"terrain.{terrain}", lang)
        ink = INK if terrain in LIGHT_TERRAINS else "#ffffff"
        body.append(_titled(f"{_t('picture.planning', lang)}: {name}",
                            _tile(x, 20, 190, 120, colour)
                            + _text(x + 95, 92, name, 34, fill=ink, fit=170)))
        for j, n in enumerate((a, b)):
            body.append(_titled(_t("picture.faction", lang, n=n),
                                _tile(x + 10, 160 + j * 120, 170, 100)
                                + _text(x + 95, 230 + j * 120, str(n), 60)))
    sets = ", ".join(f"{_t(f'terrain.{t}', lang)} {a}/{b}" for t, a, b in offer)
    return _svg("offer", 630, 410, _t("picture.title_offer", lang, sets=sets), body)


def _bonus_svg(row: list[int], hers: int | None, lang: str) -> str:
    size = 114 if hers is None else 90
    body = []
    for i, n in enumerate(row):
        x = 15 + i * (size + 8)
        mine = hers is None and i == 0
        body.append(_titled(_t("picture.tile", lang, n=n),
                            _tile(x, 70, size, 150, ACCENT if mine else "#ffffff")
                            + _text(x + size / 2, 170, str(n), 60)))
    if hers is not None:
        x = 15 + 5 * (size + 8) + 6
        body.append(_titled(_t("picture.tile", lang, n=hers),
                            _tile(x, 70, size, 150, ACCENT, TOKEN)
                            + _text(x + size / 2, 170, str(hers), 60)))
        body.append(_text(x + size / 2, 50, _t("picture.hers", lang), 30))
        title = _t("picture.title_bonus_two", lang, tiles=", ".join(map(str, row)), hers=hers)
    else:
        body.append(_text(15 + size / 2, 50, _t("picture.hers", lang), 30))
        title = _t("picture.title_bonus", lang, tiles=", ".join(map(str, row)))
    return _svg("bonus", 630, 240, title, body)


def _face_svg(width: int, height: int, label: str, body: str) -> str:
    """One tile alone, as an answer's face, named ``label`` (the button it is drawn in takes
    its name from it; no id: a screen shows a dozen of them)."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
            f'role="img" aria-label="{escape(label)}" focusable="false">{body}</svg>')


def _one_tile_svg(kind: str, content: tuple[str, object], lang: str) -> str:
    if kind == "tile":
        tile_id, late = content
        t = data.tiles()[str(tile_id)]
        caption = _t("picture.tile", lang, n=t["number"])
        points = t["points_late"] if late else t["points_early"]
        label = ", ".join([caption, _t(f"discipline.{t['discipline']}", lang),
                           _t("picture.points", lang, n=points)])
        return _face_svg(214, 194, label,
                         _score_tile(12, 12, str(tile_id), caption, bool(late), lang))
    _, n = content
    caption = _t("picture.tile", lang, n=n)
    return _face_svg(204, 174, caption, _numbered(12, 12, int(str(n)), caption))


def picture_svg(picture: str, lang: str) -> str:
    """A set-up draw as one picture (KeyError for an id that spells no draw)."""
    kind, content = data.read_picture(picture)
    if kind in ("tile", "one"):
        return _one_tile_svg(kind, content, lang)
    if kind == "score":
        return _score_svg(content[0], content[1], lang)
    if kind == "palace":
        return _palace_svg(content, lang)
    if kind == "offer":
        return _offer_svg(content, lang)
    return _bonus_svg(content[0], content[1], lang)


register_renderer(CardRenderer("age_of_innovation", card_svg, deck, swatch=TERRAINS.get))
