"""HTML of the page's screens, built from the presenter's records with :func:`h` (every
text escaped unless our own code drew it). The page only puts these on screen.

The play screen is a list of parts, each one element, so the page replaces only the parts
that changed after a tap (the cards and opened notes that stay are not drawn again).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from typing import Any

import automa.render as cards
from automa.app.html import Safe, emphasised, h, icon, join, trusted
from automa.app.layout import LONG_QUESTION, SHORT_LABEL
from automa.app.view_records import (
    CardView,
    Choice,
    DialView,
    LogEntryView,
    LogGroup,
    PlayView,
    QuestionView,
)
from automa.app.words import Words
from automa.render import print as sheets

COLOUR = re.compile(r"#[0-9a-fA-F]{6}")
NUMBER = re.compile(r"([+−-]?\d+(?:\s*→\s*[+−-]?\d+)?)")
FIRST_PARTS = 7
"""The play screen's parts up to the other cards: what a tap must change before the next
frame (the state, procedures, log and print follow it)."""
SUMMARY_PART = 5
"""The place of the bots' last turn (its checklist) among the play screen's parts."""
DrawCard = Callable[[str, str, Sequence[str]], Safe | None]
"""Draws a card's image (game, card, highlighted fields), or None when the game draws none."""


# --- the play screen -----------------------------------------------------------------------
def play_parts(v: PlayView, w: Words, draw: DrawCard, save_id: str,
               paper: str, end: Safe | None = None) -> list[Safe]:
    """The parts of the play screen: the question (at the game's ``end``, with its score and
    your entry), its answers in the dock under the thumb, the card that drives the question
    with its steps and rule, the bot's row as a strip (where the game folds it), then what
    the bots did, the other cards, the state, procedures, the log and printing. Each part is
    one element, replaced only when it changed; the dock comes right after the question (so
    Tab goes from the question to its answers, before any step's tick box) though it is
    drawn at the bottom of the screen."""
    return first_parts(v, w, draw, end) + other_parts(v, w, save_id, paper)


def first_parts(v: PlayView, w: Words, draw: DrawCard, end: Safe | None = None) -> list[Safe]:
    """The play screen's first :data:`FIRST_PARTS` parts (what a tap changes on screen)."""
    body = prompt_body(v, w, draw)
    return shown([head(v, w),
                  prompt(v, w, draw, joined=bool(body), end=end), dock(v, w, draw), body,
                  row_strip(v, w, draw), summary(v, w), cards_panel(v["cards"], w, draw)])


def head(v: PlayView, w: Words) -> Safe:
    """The line under the game's title: its turn and score, and "Share" (a link to the
    set-up's share screen), at hand on every screen of the game (issue 43: it was in the
    print panel, some 3,000 px down); at a larger text it is its icon alone (its name kept
    for screen readers), so the turn and score stay on one line."""
    word = w.t("web.share.short")
    share = (h("a", {"class": "head-link", "href": "#/share", "aria-label": word},
               icon("share"), h("span", {"class": "head-word"}, word))
             if v["question"]["kind"] != "over" else None)
    return h("div", {"class": "play-head", "id": "play-status"},
             h("span", {"class": "muted"}, v["head"]), share)


def other_parts(v: PlayView, w: Words, save_id: str, paper: str) -> list[Safe]:
    """The play screen's other parts: state, procedures, log and printing."""
    return shown([state(v, w, save_id), procedures(v, w), log(v["log"], w),
                  print_panel(v, w, paper)])


def shown(parts: list[Safe]) -> list[Safe]:
    """Parts as elements (an empty one as a hidden placeholder, so parts keep their place)."""
    return [part or h("div", {"hidden": True}) for part in parts]


def summary(v: PlayView, w: Words) -> Safe:
    """The bots' last turn as a checklist of board instructions, in table order (drawn
    again only when it changed: most taps of a turn leave it as it is)."""
    if not v["summary"]:
        return Safe("")
    return drawn(("summary", w.lang, v["summary_title"], repr(v["summary"])),
                 lambda: _summary(v, w))


def _summary(v: PlayView, w: Words) -> Safe:
    items = [h("li", None, h("label", {"class": "step-item"},
                             h("input", {"type": "checkbox", "class": "tick"}),
                             icon(s["icon"], "icon step-icon"),
                             h("span", {"class": "step-text"},
                               h("strong", {"class": "actor"}, s["actor"] + ":")
                               if s["actor"] else None,
                               " " if s["actor"] else None, *numbers(s["text"]),
                               each_bot(s["each"]))))
             for s in v["summary"]]
    return h("section", {"class": "panel summary", "aria-labelledby": "summary-title"},
             h("div", {"class": "summary-head"},
               h("h2", {"id": "summary-title", "class": "summary-title"}, v["summary_title"]),
               h("button", {"class": "speak", "data-act": "speak",
                            "title": w.t("web.speech.button")},
                 icon("speak"), h("span", {"class": "visually-hidden"},
                                  w.t("web.speech.button")))),
             h("p", {"class": "muted", "id": "speech-state", "aria-live": "polite",
                     "data-none": w.t("web.speech.no_voice"),
                     "data-unsupported": w.t("web.speech.unsupported")}, ""),
             h("ol", {"class": "plain steps"}, *items))


def each_bot(each: list[tuple[str, str]]) -> Safe | None:
    """What a line for several bots means for each, side by side: a column per bot, its name
    over its part."""
    if not each:
        return None
    return h("span", {"class": "each"}, *[
        h("span", {"class": "each-cell"}, h("strong", {"class": "each-name"}, name),
          h("span", {"class": "each-what"}, *numbers(what))) for name, what in each])


def numbers(text: str) -> list[Safe | str]:
    """Text with its numbers ("3 → 4", "+2") in bold, so a step reads at a glance."""
    parts: list[Safe | str] = []
    for i, part in enumerate(NUMBER.split(text)):
        if part:
            parts.append(h("strong", {"class": "num"}, part) if i % 2 else part)
    return parts


def question_text(q: QuestionView) -> Safe:
    """The question; a long one as its explanation (unless it goes under the question:
    ``lead_below``), the asking sentence in bold, then what it says after that."""
    if q["ask"]:
        lead = q["lead"] if not q["lead_below"] else ""
        return h("div", {"class": "question long", "id": "question", "tabindex": "-1"},
                 h("p", None, *emphasised(lead)) if lead else None,
                 h("p", {"class": "ask"}, *emphasised(q["ask"])),
                 h("p", None, *emphasised(q["after"])) if q["after"] else None)
    long = len(q["lead"]) > LONG_QUESTION
    return h("p", {"class": "question long" if long else "question", "id": "question",
                   "tabindex": "-1"}, *emphasised(q["lead"]))


def prompt(v: PlayView, w: Words, draw: DrawCard, joined: bool = False,
           end: Safe | None = None) -> Safe:
    """The question now (its answers are in the dock, what it depends on below it: the
    panels are ``joined``; at the game's ``end``, its score and your entry)."""
    q = v["question"]
    if q["kind"] == "over":
        return h("section", {"class": "panel prompt", "id": "prompt", "data-kind": "over",
                             "aria-labelledby": "question"}, question_text(q), end)
    return h("section", {"class": "panel prompt joined" if joined else "panel prompt",
                         "id": "prompt", "data-kind": q["kind"], "data-key": q["key"],
                         "data-layout": q["layout"], "aria-labelledby": "question"},
             question_text(q))


def prompt_body(v: PlayView, w: Words, draw: DrawCard) -> Safe:
    """Under the question: the cards it depends on, its numbered steps, the board pattern,
    Cancel and its rule ("Why?")."""
    q = v["question"]
    if q["kind"] == "over":
        return Safe("")
    lead = (h("p", {"class": "question-lead"}, *emphasised(q["lead"]))
            if q["lead_below"] and q["lead"] else None)
    steps = (h("ol", {"class": "instructions"}, *[
        h("li", None, h("label", {"class": "step-item"},
                        h("input", {"type": "checkbox", "class": "tick"}),
                        h("span", {"class": "step-text"}, *emphasised(s))))
        for s in q["steps"]])
        if q["steps"] else None)
    pattern = draw_pattern(q["game"], q["pattern"], w.lang) if q["pattern"] is not None else None
    # the game's board (not a scan's pattern) comes first: the hex the question names is on it
    board = pattern is not None and q["kind"] != "scan"
    if board and q["board_fold"]:
        pattern = h("details", {"class": "board-fold", "open": q["board_open"]},
                    h("summary", None, icon("explore"), q["board_fold"]), pattern)
    first, pattern = (pattern, None) if board else (None, pattern)
    shown = (join([h("p", {"class": "card-lead"}, q["card_lead"]) if q["card_lead"] else None,
                   h("div", {"class": f"cards prompt-cards cards-{len(q['cards'])}"},
                     *[zoomable(c, w, draw) for c in q["cards"]])]) if q["cards"] else None)
    cancel = (h("button", {"class": "link cancel", "data-act": "cancel"},
                w.t("web.play.cancel")) if v["can_cancel"] else None)
    rule = (h("details", {"class": "rule"}, h("summary", None, w.t("web.log.why")),
              h("p", None, q["rule"])) if q["rule"] else None)
    if not (first or lead or shown or steps or pattern or cancel or rule):
        return Safe("")
    if shown and q["fold"]:  # (cards for after the answer: one line, the bots' turn first)
        return h("section", {"class": "panel prompt-body", "id": "prompt-body",
                             "aria-labelledby": "question"}, first, lead, steps, pattern, cancel,
                 rule, h("details", {"class": "fold-cards"}, h("summary", None, q["fold"]),
                         shown))
    return h("section", {"class": "panel prompt-body with-cards" if shown else "panel prompt-body",
                         "id": "prompt-body", "aria-labelledby": "question"},
             first, lead, shown, steps, pattern, cancel, rule)


def draw_pattern(game: str, pattern: Any, lang: str) -> Safe | None:
    """A board-scan pattern, drawn by the game's renderer when it draws them."""
    svg = cards.pattern_svg(game, pattern, lang)
    return None if svg is None else h("figure", {"class": "pattern"}, trusted(svg))


def dock(v: PlayView, w: Words, draw: DrawCard | None = None) -> Safe:
    """The bar under the thumb: every answer control of the question (the number, the
    choices — pictures where the game draws them —, the boxes or lists, then OK or the
    one-tap answers), then undo and redo."""
    q = v["question"]
    undo, redo = w.t("web.play.undo"), w.t("web.play.redo")
    form, answers = controls(q, w, draw)
    if q["kind"] == "over":
        answers = h("a", {"class": "button", "href": "#/"}, w.t("web.nav.home"))
    return h("div", {"class": "dock", "id": "dock", "data-layout": q["layout"],
                     "role": "group", "aria-labelledby": "question"}, h(
        "div", {"class": "dock-inner"}, form,
        h("div", {"class": "dock-bar"},
          h("div", {"class": "dock-answers"}, answers),
          h("button", {"id": "undo", "class": "icon-button", "data-act": "undo",
                       "aria-label": undo, "disabled": not v["can_undo"]},
            icon("undo"), h("span", {"class": "icon-text"}, undo)),
          h("button", {"id": "redo", "class": "icon-button", "data-act": "redo",
                       "aria-label": redo, "disabled": not v["can_redo"]},
            icon("redo"), h("span", {"class": "icon-text"}, redo)))))


def controls(q: QuestionView, w: Words,
             draw: DrawCard | None = None) -> tuple[Safe | None, Safe | None]:
    """The answer controls in the dock: the form above the bar (a number, choices, pictures,
    boxes, lists) and the answers in the bar (the one-tap answers, or OK)."""
    layout = q["layout"]
    if q["one_tap"]:
        return None, join(h("button", {"class": "answer primary" if suggested else "answer",
                                       "data-act": "answer", "data-json": value}, label)
                          for label, value, suggested in q["one_tap"])
    ok = h("button", {"class": "answer primary", "data-act": f"submit-{_submit(layout)}"},
           q["ok"])
    cols = "dock-form short" if q["short"] else "dock-form"
    if layout == "stepper":
        lo, hi = q["lo"], q["hi"]
        return h("div", {"class": "dock-form stepper", "data-lo": lo, "data-hi": hi},
                 h("button", {"class": "step", "data-act": "step", "data-arg": "-1",
                              "aria-label": w.t("web.play.less")}, "−"),
                 h("input", {"id": "count", "type": "number", "inputmode": "numeric",
                             "min": lo, "max": hi, "value": q["value"],
                             "placeholder": "?" if q["value"] is None else None,
                             "enterkeyhint": "done", "aria-describedby": "count-hint",
                             "aria-label": w.t("web.play.number", lo=lo, hi=hi)}),
                 h("button", {"class": "step", "data-act": "step", "data-arg": "1",
                              "aria-label": w.t("web.play.more")}, "+"),
                 h("span", {"class": "visually-hidden", "id": "count-hint"}, q["hint"])), ok
    if layout == "bar":
        return None, join(pick_buttons(q))
    if layout == "buttons":
        return h("div", {"class": cols + " answers"}, *pick_buttons(q)), None
    if layout == "pictures":
        return h("div", {"class": "dock-form pictures answers"},
                 *[picture_button(q["game"], c, draw) for c in q["choices"]]), None
    if layout == "list":
        chosen = next((c["index"] for c in q["choices"] if c["chosen"]), 0)
        return h("div", {"class": "dock-form"},
                 h("select", {"id": "pick", "aria-labelledby": "question"},
                   *[h("option", {"value": c["index"], "selected": c["index"] == chosen},
                       c["label"]) for c in q["choices"]])), ok
    if layout == "boxes":
        boxes = [h("label", {"class": "choice"},
                   h("input", {"type": "checkbox", "data-index": c["index"],
                               "checked": c["chosen"]}),
                   h("span", None, swatch(c["swatch"]), c["label"]))
                 for c in q["choices"]]
        return h("fieldset", {"class": cols + " subset", "id": "subset", "data-lo": q["lo"],
                              "data-hi": q["hi"]}, h("legend", None, q["hint"]), *boxes), ok
    if layout == "values":
        rows = [h("div", {"class": "value-row"},
                  h("label", {"for": f"value-{c['index']}"}, c["label"]),
                  h("select", {"id": f"value-{c['index']}", "data-index": c["index"]},
                    *[h("option", {"value": j, "selected": j == q["chosen"][c["index"]]}, d)
                      for j, d in enumerate(q["domain"])]))
                for c in q["choices"]]
        return h("div", {"class": "dock-form values", "id": "values"}, *rows), ok
    return None, None


def pick_buttons(q: QuestionView) -> list[Safe]:
    """A button per choice, the suggested one first in colour, with its colour chip (a
    terrain's); a long last one among short ones takes a row of its own."""
    last = len(q["choices"]) - 1
    return [h("button", {"class": " ".join(
                ["answer"] + ["primary"] * c["chosen"]
                + ["wide"] * (q["short"] and i == last and len(c["label"]) > SHORT_LABEL)),
                         "data-act": "pick", "data-arg": c["index"]}, swatch(c["swatch"]),
              c["label"])
            for i, c in enumerate(q["choices"])]


def picture_button(game: str, c: Choice, draw: DrawCard | None) -> Safe:
    """One choice as its picture, one tap (the suggested one marked; the picture names it
    for a screen reader), its label shown where the picture cannot be drawn."""
    try:
        image = draw(game, c["face"], ()) if draw is not None else None
    except (KeyError, ValueError, TypeError):  # (a face read back from storage, not ours)
        image = None
    return h("button", {"class": "answer picture primary" if c["chosen"] else "answer picture",
                        "data-act": "pick", "data-arg": c["index"],
                        "aria-pressed": "true" if c["chosen"] else None},
             image if image is not None else c["label"])


def swatch(colour: str) -> Safe | None:
    """A colour chip (the colour checked: ``#`` and six hex digits, else none)."""
    if not COLOUR.fullmatch(colour):
        return None
    return trusted(f'<svg class="swatch" viewBox="0 0 4 4" aria-hidden="true">'
                   f'<rect width="4" height="4" rx="1" fill="{colour}"/></svg>')


def _submit(layout: str) -> str:
    return {"stepper": "count", "boxes": "subset", "list": "pick"}.get(layout, layout)


def card_image(c: CardView, w: Words, draw: DrawCard) -> Safe:
    """A card's image, or its name in a frame when the game draws none."""
    image = draw(c["game"], c["card"], c["highlight"])
    if image is None:
        return h("span", {"class": "card-text"}, w.card_name(c["game"], c["card"]))
    return image


def zoomable(c: CardView, w: Words, draw: DrawCard) -> Safe:
    """A card that grows to the screen's width when tapped (and shrinks when tapped again),
    with the trade tokens lying on it and the cube of an activated card; a face-down card
    shows its back."""
    cls = "card card-drives" if c["drives"] else "card"
    marks = on_card(c, w)
    caption = (h("span", {"class": "caption"}, c["caption"], marks)
               if c["caption"] or marks else None)
    if c["state"] == "face_down":
        return h("span", {"class": "card-zoom face-down"},
                 h("span", {"class": "card card-back", "role": "img",
                            "aria-label": c["caption"]}), caption)
    return h("button", {"type": "button", "class": "card-zoom", "data-act": "zoom",
                        "aria-pressed": "false", "title": w.t("web.play.zoom")},
             h("span", {"class": f"{cls} activated" if c["state"] else cls,
                        "data-card": c["card"]}, card_image(c, w, draw), caption))


def on_card(c: CardView, w: Words) -> Safe | None:
    """What lies on a card (shown beside its caption): its trade tokens, the cube of an
    activated card."""
    tokens = tokens_mark(c["tokens"], w) if c["tokens"] else None
    cube = (h("span", {"class": "cube-mark"}, icon("cube", "icon"))
            if c["state"] == "activated" else None)
    return h("span", {"class": "on-card"}, cube, tokens) if tokens or cube else None


def tokens_mark(n: int, w: Words) -> Safe:
    """Trade tokens as round counters (five at most drawn, then the number)."""
    dots = [h("span", {"class": "token"}) for _ in range(min(n, 5))]
    more = h("span", {"class": "token-more"}, f"+{n - 5}") if n > 5 else None
    words = w.t("web.play.tokens", n=n)
    return h("span", {"class": "tokens", "title": words},
             h("span", {"class": "visually-hidden"}, words),
             h("span", {"aria-hidden": "true", "class": "token-dots"}, *dots, more))


def row_strip(v: PlayView, w: Words, draw: DrawCard) -> Safe:
    """The bot's row in table order folded into one line of small cells (position, name,
    level, tokens, cube; the card driving the question marked) and the dial; a tap opens
    it to the cards themselves (drawn again only when one of them changed)."""
    return drawn(("strip", w.lang, repr(v["rows"]), repr(v["row"]), repr(v["dial"]),
                  str(v["turn_first"])), lambda: _row_strip(v, w, draw))


def _row_strip(v: PlayView, w: Words, draw: DrawCard) -> Safe:
    # (waiting for the bots' next turn: laid out after their last one, see .after-turn)
    later = " after-turn" if v["turn_first"] else ""
    if v["rows"]:  # several bots' rows: one labelled strip each
        return h("div", {"class": "row-strips" + later, "id": "row-strip"},
                 *[one_strip(r["cards"], v, w, draw, f"row-strip-{i + 1}", r["label"])
                   for i, r in enumerate(v["rows"])])
    if not v["row"]:
        return Safe("")
    return one_strip(v["row"], v, w, draw, "row-strip", later=later)


def one_strip(row: list[CardView], v: PlayView, w: Words, draw: DrawCard, at: str,
              label: str = "", later: str = "") -> Safe:
    """One row as a strip (its label first, where several bots have one; ``later``: the
    class that lays it out after the bots' last turn)."""
    cells = [strip_cell(i + 1, c, w) for i, c in enumerate(row)]
    d = v["dial"]
    # short labels (card numbers) side by side; names one card a line
    short = all(len(c["label"]) <= 3 for c in row)
    return h("details", {"class": "panel row-strip" + later, "id": at},
             h("summary", {"class": "strip cells" if short else "strip lines"},
               h("span", {"class": "strip-label"}, label) if label else None,
               h("span", {"class": "strip-cards"}, *cells), dial_svg(d) if d else None),
             h("div", {"class": f"cards row-cards cards-{len(row)}"},
               *[zoomable(c, w, draw) for c in row]),
             h("p", {"class": "muted dial-text"}, d["text"]) if d else None)


def strip_cell(position: int, c: CardView, w: Words) -> Safe:
    """One card of the row in the strip."""
    cls = " ".join(x for x in ("cell", "drives" if c["drives"] else "",
                               c["state"].replace("_", "-")) if x)
    name = "?" if c["state"] == "face_down" else c["label"] or w.card_name(c["game"], c["card"])
    return h("span", {"class": cls},
             h("span", {"class": "visually-hidden"}, c["caption"] or name),
             h("span", {"class": "cell-at", "aria-hidden": "true"}, str(position)),
             h("span", {"class": "cell-name", "aria-hidden": "true"}, name),
             h("span", {"class": "cell-badge"}, c["badge"]) if c["badge"] else None,
             icon("cube", "icon cell-cube") if c["state"] == "activated" else None,
             tokens_mark(c["tokens"], w) if c["tokens"] else None)


def dial_svg(d: DialView) -> Safe:
    """A dial drawn as a ring: its level spaces as ticks, the pointer, the number in the
    ring's open foot, below the pointer's hub (never under the needle)."""
    def point(p: float, r: float) -> str:
        a = math.radians(-225 + 270 * p / max(1, d["last"]))
        return f"{12 + r * math.cos(a):.2f} {12 + r * math.sin(a):.2f}"

    ticks = "".join(f"M{point(p, 8.5)}L{point(p, 11)}" for p in d["spaces"])
    svg = (f'<svg class="dial-ring" viewBox="0 0 24 27" aria-hidden="true" focusable="false">'
           f'<path class="dial-track" d="M{point(0, 10)}A10 10 0 1 1 {point(d["last"], 10)}"/>'
           f'<path class="dial-ticks" d="{ticks}"/>'
           f'<path class="dial-hand" d="M12 12L{point(d["at"], 9)}"/>'
           f'<circle class="dial-hub" cx="12" cy="12" r="1.4"/>'
           f'<text x="12" y="25.6" text-anchor="middle">{int(d["at"])}</text></svg>')
    return h("span", {"class": "dial", "title": d["text"]},
             h("span", {"class": "visually-hidden"}, d["text"]), trusted(svg))


def cards_panel(shown: list[CardView], w: Words, draw: DrawCard) -> Safe:
    """The bot's other cards, side by side in table order (a tap shows one larger)."""
    if not shown:
        return Safe("")
    return drawn(("cards", w.lang, repr(shown)), lambda: _cards_panel(shown, w, draw))


def _cards_panel(shown: list[CardView], w: Words, draw: DrawCard) -> Safe:
    return h("section", {"class": "panel cards-panel"},
             h("h3", {"class": "visually-hidden"}, w.t("web.play.cards")),
             h("div", {"class": f"cards cards-{len(shown)}"},
               *[zoomable(c, w, draw) for c in shown]))


_DRAWN: dict[tuple[str, ...], Safe] = {}
"""Parts already drawn (the state, the other cards): most taps change neither."""


def drawn(key: tuple[str, ...], draw: Callable[[], Safe]) -> Safe:
    """The HTML ``draw`` gives, drawn once per ``key`` (a small cache, emptied when full)."""
    found = _DRAWN.get(key)
    if found is None:
        if len(_DRAWN) > 64:
            _DRAWN.clear()
        found = _DRAWN[key] = draw()
    return found


def state(v: PlayView, w: Words, save_id: str) -> Safe:
    """The bot's tracks, VP and decks at a glance."""
    return drawn(("state", w.lang, save_id, repr(v["sections"]), repr(v["piles"])),
                 lambda: _state(v, w, save_id))


def _state(v: PlayView, w: Words, save_id: str) -> Safe:
    blocks: list[Safe] = []
    for s in v["sections"]:
        blocks.append(h("h3", None, s["title"]))
        blocks.append(h("dl", None, *[h("div", {"class": "kv"}, h("dt", None, r["label"]),
                                        h("dd", None, r["value"])) for r in s["rows"]]))
    piles = [h("li", None, h("span", None, f"{p['label']}: "
                             f"{w.t('web.play.cards_count', n=p['count'])}"),
               h("a", {"class": "button small", "href": f"#/pile/{save_id}/{p['id']}"},
                 w.t("web.play.view_pile")) if p["viewable"] else None)
             for p in v["piles"]]
    if piles:
        blocks += [h("h3", None, w.t("web.play.piles")), h("ul", {"class": "plain piles"}, *piles)]
    if not blocks:
        return Safe("")
    return h("section", {"class": "panel state"}, *blocks)


def procedures(v: PlayView, w: Words) -> Safe:
    """What the player may start now."""
    if not v["procedures"]:
        return Safe("")
    return h("section", {"class": "panel procedures"}, h("h3", None, w.t("web.play.procedures")),
             h("div", {"class": "stack"}, *[
                 h("button", {"data-act": "proc", "data-arg": p["id"]}, p["label"])
                 for p in v["procedures"]]))


def log_entry(e: LogEntryView, w: Words) -> Safe:
    """One log line, its reason folded under "Why?" where there is one."""
    why = None
    if e["why"] is not None:
        lines = [h("p", None, e["why"]["rule"]) if e["why"]["rule"] else None,
                 h("p", None, w.t("web.log.candidates"), " ", e["why"]["candidates"])
                 if e["why"]["candidates"] else None,
                 h("p", None, w.t("web.log.pick"), " ", e["why"]["pick"])
                 if e["why"]["pick"] else None]
        why = h("details", None, h("summary", None, w.t("web.log.why")), *lines)
    actor = (join([h("span", {"class": "actor"}, e["actor"] + ":"), " "])
             if e["actor"] else None)
    return h("li", None, actor, e["text"], why)


_GROUPS: dict[tuple[str, str], Safe] = {}
"""The HTML of the log's turns already drawn: a tap draws only the turn that changed."""


def log_group(g: LogGroup, w: Words) -> Safe:
    """One turn of the log under a small heading, oldest first."""
    key = (w.lang, repr(g))
    found = _GROUPS.get(key)
    if found is None:
        if len(_GROUPS) > 64:
            _GROUPS.clear()
        found = _GROUPS[key] = join([
            h("h4", {"class": "log-turn"}, g["turn"]),
            h("ol", {"class": "plain log-list"}, *[log_entry(e, w) for e in g["entries"]])])
    return found


def log(groups: list[LogGroup], w: Words) -> Safe:
    """What happened: the newest turn first, each turn in the order it was played."""
    if not groups:
        return Safe("")
    body = [log_group(g, w) for g in groups]
    return h("section", {"class": "panel log", "aria-labelledby": "log-title"},
             h("h3", {"id": "log-title"}, w.t("web.play.log")), *body)


def print_panel(v: PlayView, w: Words, paper: str) -> Safe:
    """Print the cards on the table (the pair), or the whole deck."""
    one = " ".join(v["print_card"])
    return h("section", {"class": "panel print"}, h("h3", None, w.t("web.print.title")),
             h("div", {"class": "row"},
               h("button", {"data-act": "print-card", "data-arg": one},
                 icon("print"), w.t("web.print.card")) if one else None,
               h("button", {"data-act": "print-deck"}, w.t("web.print.deck"))),
             h("p", {"class": "muted"}, w.t("web.print.paper_now",
                                            paper=w.t("web.settings.paper_" + paper))))


def pile_screen(label: str, figures: list[CardView], w: Words, draw: DrawCard,
                save_id: str) -> Safe:
    """The cards of a viewable pile, top first, each zoomable."""
    empty = h("p", {"class": "muted"}, w.t("web.play.pile_empty")) if not figures else None
    return h("section", {"class": "panel"}, h("h2", None, label),
             h("p", None, h("a", {"class": "button", "href": f"#/play/{save_id}"},
                            w.t("web.play.back"))), empty,
             h("div", {"class": "cards pile"}, *[zoomable(c, w, draw) for c in figures]))


def print_sheets(game: str, ids: list[str], paper: str, lang: str) -> tuple[Safe, int]:
    """Real-size sheets of the cards ``ids`` (our renderer's SVG) and their page count."""
    svgs = [cards.card_svg(game, c, (), lang) for c in ids]
    return (trusted(f"<style>{sheets.page_css(paper)}</style>{sheets.sheets_html(svgs, paper)}"),
            int(sheets.pages(ids, paper)))
