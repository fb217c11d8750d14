"""HTML of the page's screens, built from the presenter's records with :func:`h` (every
text escaped unless our own code drew it). The page only puts these on screen.

The play screen is a list of parts, each one element, so the page replaces only the parts
that changed after a tap (the cards and opened notes that stay are not drawn again).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import automa.render as cards
from automa.app import guide
from automa.app.html import Safe, emphasised, h, icon, join, trusted
from automa.app.present import (
    LONG_QUESTION,
    CardView,
    LogEntry,
    LogGroup,
    PlayView,
    QuestionView,
    Words,
)
from automa.render import print as sheets

NUMBER = re.compile(r"([+−-]?\d+(?:\s*→\s*[+−-]?\d+)?)")
DrawCard = Callable[[str, str, Sequence[str]], Safe | None]
"""Draws a card's image (game, card, highlighted fields), or None when the game draws none."""


# --- the play screen -----------------------------------------------------------------------
def play_parts(v: PlayView, w: Words, draw: DrawCard, save_id: str,
               paper: str, end: Safe | None = None) -> list[Safe]:
    """The parts of the play screen: what the bots did first, then the question (with the
    cards it depends on; at the game's ``end``, its score and your entry), the other cards,
    the state, procedures, the log and printing."""
    parts = [h("p", {"class": "play-head muted", "id": "play-status"}, v["head"]),
             summary(v, w), prompt(v, w, draw, end), cards_panel(v["cards"], w, draw),
             state(v, w, save_id), procedures(v, w), log(v["log"], w),
             print_panel(v, w, paper)]
    return [part or h("div", {"hidden": True}) for part in parts]


def summary(v: PlayView, w: Words) -> Safe:
    """The bots' last turn as a checklist of board instructions, in table order."""
    if not v["summary"]:
        return Safe("")
    items = [h("li", None, h("label", {"class": "step-item"},
                             h("input", {"type": "checkbox", "class": "tick"}),
                             icon(s["icon"], "icon step-icon"),
                             h("span", {"class": "step-text"},
                               h("strong", {"class": "actor"}, s["actor"] + ":")
                               if s["actor"] else None,
                               " " if s["actor"] else None, *numbers(s["text"]))))
             for s in v["summary"]]
    return h("section", {"class": "panel summary", "aria-labelledby": "summary-title"},
             h("h2", {"id": "summary-title", "class": "summary-title"}, v["summary_title"]),
             h("ol", {"class": "plain steps"}, *items))


def numbers(text: str) -> list[Safe | str]:
    """Text with its numbers ("3 → 4", "+2") in bold, so a step reads at a glance."""
    parts: list[Safe | str] = []
    for i, part in enumerate(NUMBER.split(text)):
        if part:
            parts.append(h("strong", {"class": "num"}, part) if i % 2 else part)
    return parts


def question_text(q: QuestionView) -> Safe:
    """The question; a long one as its explanation, then the asking sentence in bold."""
    if q["ask"]:
        return h("div", {"class": "question long", "id": "question", "tabindex": "-1"},
                 h("p", None, *emphasised(q["lead"])),
                 h("p", {"class": "ask"}, *emphasised(q["ask"])))
    long = len(q["lead"]) > LONG_QUESTION
    return h("p", {"class": "question long" if long else "question", "id": "question",
                   "tabindex": "-1"}, *emphasised(q["lead"]))


def prompt(v: PlayView, w: Words, draw: DrawCard, end: Safe | None = None) -> Safe:
    """The question now, its steps, the cards it depends on, its answers and its rule (at
    the game's end: its ``end`` panel)."""
    q = v["question"]
    if q["kind"] == "over":
        home = h("a", {"class": "button wide", "href": "#/"}, w.t("web.nav.home"))
        return h("section", {"class": "panel prompt", "id": "prompt", "data-kind": "over",
                             "aria-labelledby": "question"},
                 question_text(q), end, dock(v, w, home))
    steps = (h("ol", {"class": "instructions"}, *[
        h("li", None, h("label", {"class": "step-item"},
                        h("input", {"type": "checkbox", "class": "tick"}),
                        h("span", {"class": "step-text"}, *emphasised(s))))
        for s in q["steps"]])
        if q["steps"] else None)
    pattern = draw_pattern(q["game"], q["pattern"], w.lang) if q["pattern"] is not None else None
    shown = (h("div", {"class": f"cards prompt-cards cards-{len(q['cards'])}"},
               *[zoomable(c, w, draw) for c in q["cards"]]) if q["cards"] else None)
    inline, docked = controls(q, w)
    cancel = (h("button", {"class": "link cancel", "data-act": "cancel"},
                w.t("web.play.cancel")) if v["can_cancel"] else None)
    rule = (h("details", {"class": "rule"}, h("summary", None, w.t("web.log.why")),
              h("p", None, q["rule"])) if q["rule"] else None)
    return h("section", {"class": "panel prompt", "id": "prompt", "data-kind": q["kind"],
                         "data-key": q["key"], "aria-labelledby": "question"},
             question_text(q), steps, pattern, shown, inline, cancel, rule,
             dock(v, w, docked))


def draw_pattern(game: str, pattern: Any, lang: str) -> Safe | None:
    """A board-scan pattern, drawn by the game's renderer when it draws them."""
    svg = cards.pattern_svg(game, pattern, lang)
    return None if svg is None else h("figure", {"class": "pattern"}, trusted(svg))


def dock(v: PlayView, w: Words, answers: Safe | None) -> Safe:
    """The bar under the thumb: the one-tap answers first (so Tab reaches them before
    Undo), then undo and redo."""
    undo, redo = w.t("web.play.undo"), w.t("web.play.redo")
    return h("div", {"class": "dock"}, h(
        "div", {"class": "dock-inner"},
        h("div", {"class": "dock-answers"}, answers),
        h("button", {"id": "undo", "class": "icon-button", "data-act": "undo",
                     "aria-label": undo, "disabled": not v["can_undo"]},
          icon("undo"), h("span", {"class": "icon-text"}, undo)),
        h("button", {"id": "redo", "class": "icon-button", "data-act": "redo",
                     "aria-label": redo, "disabled": not v["can_redo"]},
          icon("redo"), h("span", {"class": "icon-text"}, redo))))


def controls(q: QuestionView, w: Words) -> tuple[Safe | None, Safe | None]:
    """The answer controls: those under the question, and the one-tap ones in the dock."""
    kind = q["kind"]
    if q["one_tap"]:
        return None, join(h("button", {"class": "answer primary" if suggested else "answer",
                                       "data-act": "answer", "data-json": value}, label)
                          for label, value, suggested in q["one_tap"])
    ok = h("button", {"class": "answer primary wide", "data-act": f"submit-{_submit(kind)}"},
           q["ok"])
    if kind == "count":
        lo, hi = q["lo"], q["hi"]
        return join([
            h("div", {"class": "stepper", "data-lo": lo, "data-hi": hi},
              h("button", {"class": "step", "data-act": "step", "data-arg": "-1",
                           "aria-label": w.t("web.play.less")}, "−"),
              h("input", {"id": "count", "type": "number", "inputmode": "numeric",
                          "min": lo, "max": hi, "value": q["value"],
                          "enterkeyhint": "done", "aria-describedby": "count-hint",
                          "aria-label": w.t("web.play.number", lo=lo, hi=hi)}),
              h("button", {"class": "step", "data-act": "step", "data-arg": "1",
                           "aria-label": w.t("web.play.more")}, "+")),
            h("p", {"class": "muted", "id": "count-hint"}, q["hint"]), ok]), None
    if kind == "pick_one":
        return h("div", {"class": "stack answers"}, *[
            h("button", {"class": "answer primary" if c["chosen"] else "answer",
                         "data-act": "pick", "data-arg": c["index"]}, c["label"])
            for c in q["choices"]]), None
    if kind == "pick_subset":
        boxes = [h("label", {"class": "choice"},
                   h("input", {"type": "checkbox", "data-index": c["index"],
                               "checked": c["chosen"]}), h("span", None, c["label"]))
                 for c in q["choices"]]
        return join([h("fieldset", {"class": "subset", "id": "subset", "data-lo": q["lo"],
                                    "data-hi": q["hi"]}, h("legend", None, q["hint"]), *boxes),
                     ok]), None
    if kind == "values":
        rows = [h("div", {"class": "value-row"},
                  h("label", {"for": f"value-{c['index']}"}, c["label"]),
                  h("select", {"id": f"value-{c['index']}", "data-index": c["index"]},
                    *[h("option", {"value": j, "selected": j == q["chosen"][c["index"]]}, d)
                      for j, d in enumerate(q["domain"])]))
                for c in q["choices"]]
        return join([h("div", {"class": "values", "id": "values"}, *rows), ok]), None
    return None, None


def _submit(kind: str) -> str:
    return {"count": "count", "pick_subset": "subset", "values": "values"}.get(kind, kind)


def card_image(c: CardView, w: Words, draw: DrawCard) -> Safe:
    """A card's image, or its name in a frame when the game draws none."""
    image = draw(c["game"], c["card"], c["highlight"])
    if image is None:
        return h("span", {"class": "card-text"}, w.card_name(c["game"], c["card"]))
    return image


def zoomable(c: CardView, w: Words, draw: DrawCard) -> Safe:
    """A card that grows to the screen's width when tapped (and shrinks when tapped again)."""
    cls = "card card-drives" if c["drives"] else "card"
    return h("button", {"type": "button", "class": "card-zoom", "data-act": "zoom",
                        "aria-pressed": "false", "title": w.t("web.play.zoom")},
             h("span", {"class": cls, "data-card": c["card"]}, card_image(c, w, draw),
               h("span", {"class": "caption"}, c["caption"]) if c["caption"] else None))


def cards_panel(shown: list[CardView], w: Words, draw: DrawCard) -> Safe:
    """The bot's other cards, side by side in table order (a tap shows one larger)."""
    if not shown:
        return Safe("")
    return h("section", {"class": "panel cards-panel"},
             h("h3", {"class": "visually-hidden"}, w.t("web.play.cards")),
             h("div", {"class": f"cards cards-{len(shown)}"},
               *[zoomable(c, w, draw) for c in shown]))


def state(v: PlayView, w: Words, save_id: str) -> Safe:
    """The bot's tracks, VP and decks at a glance."""
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
    return h("section", {"class": "panel"}, h("h3", None, w.t("web.play.procedures")),
             h("div", {"class": "stack"}, *[
                 h("button", {"data-act": "proc", "data-arg": p["id"]}, p["label"])
                 for p in v["procedures"]]))


def log_entry(e: LogEntry, w: Words) -> Safe:
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


# --- the other screens ---------------------------------------------------------------------
def home(games: Sequence[Mapping[str, Any]], saves: list[Safe], w: Words,
         extra: Mapping[str, Safe] | None = None, records: Safe | None = None) -> Safe:
    """The games (each with its guide and its ``extra`` links), the saved games, the
    ``records`` and import."""
    def tile(g: Mapping[str, Any]) -> Safe:
        links = [x for x in (guide_link(str(g["id"]), w.t(g["name"]), w) if g.get("guide")
                             else None, (extra or {}).get(g["id"])) if x is not None]
        return h("li", {"class": "game"},
                 h("button", {"class": "tile", "data-act": "new", "data-arg": g["id"]},
                   h("strong", None, w.t(g["name"])),
                   h("span", None, w.t(g["description"]) if g.get("description") else "")),
                 h("div", {"class": "row tile-links"}, *links) if links else None)

    tiles = [tile(g) for g in games] or [h("li", None, h("p", None, w.t("web.home.no_games")))]
    saved = saves or [h("li", None, h("p", {"class": "muted"}, w.t("web.home.no_saves")))]
    return join([
        h("section", {"class": "panel"}, h("h2", None, w.t("web.home.new_game")),
          h("ul", {"class": "plain stack"}, *tiles)),
        h("section", {"class": "panel"}, h("h2", None, w.t("web.home.saved")),
          h("ul", {"class": "plain stack", "id": "saves"}, *saved)),
        records,
        h("section", {"class": "panel"}, h("h2", None, w.t("web.home.import")),
          h("p", {"class": "muted"}, w.t("web.home.import_help")),
          h("label", {"class": "button", "for": "import-file"}, w.t("web.home.import_button")),
          h("input", {"type": "file", "id": "import-file", "class": "visually-hidden",
                      "accept": ".json,application/json"}))])


def guide_link(game: str, name: str, w: Words) -> Safe:
    """The link to a game's rule guide (a static page, in the chosen language)."""
    return h("a", {"class": "guide-link", "href": guide.href(game, w.lang)},
             w.t("web.guide.link"), h("span", {"class": "visually-hidden"}, f" ({name})"))


def saves(index: Mapping[str, Mapping[str, Any]], games: Mapping[str, Mapping[str, Any]],
          confirm: str, date: Callable[[float], str], w: Words) -> list[Safe]:
    """The saved games, the last played first: what, when, which turn."""
    items = []
    for save_id, meta in sorted(index.items(), key=lambda kv: -float(kv[1].get("updated", 0))):
        game = games.get(str(meta.get("game")))
        state = w.t("web.home.finished") if meta.get("finished") else w.t(
            "web.home.turn", n=int(meta.get("turn") or 0))
        items.append(save_item(save_id, w.t(game["name"]) if game else str(meta.get("game")),
                               date(float(meta.get("updated") or 0)), state,
                               confirm == save_id, w))
    return items


def save_item(save_id: str, name: str, when: str, state_: str, confirm: bool, w: Words) -> Safe:
    """One saved game: what, when, which turn; continue, export, delete."""
    def button(act: str, key: str, cls: str | None = None) -> Safe:
        return h("button", {"class": cls, "data-act": act, "data-arg": save_id}, w.t(key))

    if confirm:
        actions = [h("p", None, w.t("web.home.delete_confirm")),
                   button("delete-yes", "web.home.delete_yes", "danger"),
                   button("delete-no", "web.home.delete_no")]
    else:
        actions = [button("continue", "web.home.continue", "primary"),
                   button("export", "web.home.export"), button("delete", "web.home.delete")]
    return h("li", {"class": "save", "data-save": save_id},
             h("div", {"class": "save-what"}, h("strong", None, name),
               h("span", {"class": "muted"}, f"{when} · {state_}")),
             h("div", {"class": "row"}, *actions))


def new_game(game: Mapping[str, Any], w: Words, extra: Safe | None = None) -> Safe:
    """The options of a new game, from the game's option schema; a ``data`` option (no form
    field) is left to ``extra`` (e.g. the deck choice)."""
    gid = str(game["id"])
    shown = [o for o in game["options"] if o.get("form_field", True)]
    fields = [option_field(o, w) for o in shown if not o.get("advanced")]
    advanced = [option_field(o, w) for o in shown if o.get("advanced")]
    if extra is not None:
        fields.append(extra)
    if advanced:
        fields.append(h("details", {"class": "advanced", "id": "advanced"},
                        h("summary", None, w.t("web.new.advanced")),
                        h("p", {"class": "muted"}, w.t("web.new.advanced_help")),
                        h("div", {"class": "stack"}, *advanced)))
    seed = h("div", {"class": "field"}, h("label", {"for": "seed"}, w.t("web.new.seed")),
             h("input", {"id": "seed", "type": "text", "inputmode": "numeric",
                         "pattern": "[0-9]*", "autocomplete": "off",
                         "aria-describedby": "seed-help"}),
             h("p", {"id": "seed-help", "class": "muted"}, w.t("web.new.seed_help")))
    return h("section", {"class": "panel"}, h("h2", None, w.t(game["name"])),
             h("p", {"class": "muted"}, w.t(game["description"]) if game.get("description")
               else ""),
             h("form", {"id": "new-form", "class": "stack", "data-game": gid}, *fields, seed,
               h("div", {"class": "sticky-action"},
                 h("button", {"type": "button", "class": "primary wide", "data-act": "start",
                              "data-arg": gid}, w.t("web.new.start")))))


def option_field(option: Mapping[str, Any], w: Words) -> Safe:
    """One option as a group of radio buttons (or a select for many values)."""
    oid = str(option["id"])
    label = w.t(option["label"]) if option.get("label") else oid
    help_id = f"help-{oid}"
    help_ = (h("p", {"class": "muted option-help", "id": help_id}, w.t(option["help"]))
             if option.get("help") else None)
    choices = list(zip(option["choices"], option["choice_labels"], strict=False))
    if len(choices) > 6:
        opts = [h("option", {"value": i, "selected": value == option["default"]}, w.t(lab))
                for i, (value, lab) in enumerate(choices)]
        return h("div", {"class": "field"}, h("label", {"for": f"opt-{oid}"}, label),
                 h("select", {"id": f"opt-{oid}", "data-option": oid,
                              "aria-describedby": help_id if help_ else None}, *opts), help_)
    radios = [h("label", {"class": "choice"},
                h("input", {"type": "radio", "name": f"opt-{oid}", "value": i,
                            "data-option": oid, "checked": value == option["default"]}),
                h("span", None, w.t(lab))) for i, (value, lab) in enumerate(choices)]
    return h("fieldset", {"class": "field", "aria-describedby": help_id if help_ else None},
             h("legend", None, label), help_, *radios)


def settings(current: Mapping[str, Any], languages: Sequence[str], text_sizes: Sequence[float],
             wake_supported: bool, w: Words) -> Safe:
    """Language, theme, text size, paper, keep awake."""
    def group(name: str, options: list[tuple[str, str]], now: Any) -> Safe:
        legend = w.t(f"web.settings.{'language' if name == 'lang' else name}")
        return h("fieldset", {"class": "field"}, h("legend", None, legend), *[
            h("label", {"class": "choice"},
              h("input", {"type": "radio", "name": name, "value": v, "data-setting": name,
                          "checked": str(now) == v}), h("span", None, text))
            for v, text in options])

    def named(name: str, values: Sequence[str]) -> list[tuple[str, str]]:
        return [(v, w.t(f"web.settings.{name}_{v}")) for v in values]

    sizes = [(str(v), w.t(f"web.settings.text_{i}")) for i, v in enumerate(text_sizes)]
    return h("section", {"class": "panel"}, h("h2", None, w.t("web.settings.title")),
             h("form", {"class": "stack", "id": "settings-form"},
               group("lang", named("lang", languages), current["lang"]),
               group("theme", named("theme", ["auto", "light", "dark"]), current["theme"]),
               group("text", sizes, current["text"]),
               group("paper", named("paper", ["a4", "letter"]), current["paper"]),
               h("label", {"class": "choice"},
                 h("input", {"type": "checkbox", "data-setting": "wake",
                             "checked": bool(current.get("wake")),
                             "disabled": not wake_supported}),
                 h("span", None, w.t("web.settings.wake"))),
               None if wake_supported else h("p", {"class": "muted"},
                                             w.t("web.settings.wake_unsupported"))))


def banner(message: str, kind: str, w: Words) -> Safe:
    """A message at the top of the screen, with a way to dismiss it."""
    return h("div", {"class": f"banner banner-{kind}", "role": "alert"}, h("p", None, message),
             h("button", {"class": "link", "data-act": "dismiss"}, w.t("web.action.dismiss")))


def nav_link(name: str, href: str, current: bool, w: Words, new_tab: bool = False) -> Safe:
    """A link of the top bar: an icon, its words beside it where there is room (``new_tab``:
    opened beside the app, which stays as it is)."""
    words = w.t(f"web.nav.{name}")
    return h("a", {"class": "nav-link", "href": href, "aria-label": words,
                   "aria-current": "page" if current else None,
                   "target": "_blank" if new_tab else None,
                   "rel": "noopener" if new_tab else None},
             icon(name), h("span", {"class": "nav-text"}, words))


def update_notice(w: Words) -> Safe:
    """A new version of the app was installed: reload to use it (saves are untouched)."""
    return h("div", {"class": "banner banner-info notice", "role": "status",
                     "id": "update-notice"},
             h("p", None, w.t("web.update.ready")),
             h("button", {"data-act": "reload"}, w.t("web.update.reload")))


def memory_notice(why: str, save_id: str, w: Words) -> Safe:
    """The browser lets the app keep nothing (``why``): play goes on in this tab only; the
    game in play (``save_id``, "" for none) can be exported to keep it."""
    export = (h("button", {"class": "primary", "data-act": "export", "data-arg": save_id},
                w.t("web.memory.export")) if save_id else None)
    return h("div", {"class": "banner banner-error notice", "role": "status",
                     "id": "memory-notice"},
             h("p", None, w.t("web.memory.notice", detail=why)),
             h("div", {"class": "row"}, export) if export is not None else None)


def held_notice(save_id: str, holding: bool, hold_failed: str, w: Words) -> Safe:
    """The game opened without its undo history: its original is kept aside until the player
    accepts (``holding``), or could not be (``hold_failed``: why) and the game is not saved."""
    text = (w.t("web.store.held_failed", detail=hold_failed) if hold_failed
            else w.t("web.store.held"))
    export = (h("button", {"data-act": "export-original", "data-arg": save_id},
                w.t("web.store.export_original")) if holding else None)
    return h("div", {"class": "banner banner-info notice", "role": "status", "id": "held-notice"},
             h("p", None, text),
             h("div", {"class": "row"}, export,
               h("button", {"class": "primary", "data-act": "accept-held"},
                 w.t("web.store.accept"))))
