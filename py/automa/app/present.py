"""The presenter: a session turned into typed view records, in one language.

The page (``web/main.py`` through :mod:`automa.app.views`) and the terminal
(:mod:`automa.cli`) both draw these records; neither looks at prompt kinds or message
references on its own. Nothing here draws HTML or touches a DOM.

* :func:`turn_summary` — what the bots did, as steps for the board, oldest first;
* :func:`question` — the question now with its steps, its rule ("Why?") and its controls;
* :func:`play` — the whole play screen: head, summary, question, cards, state, log.

The records are in :mod:`automa.app.view_records`, the phone's first screen (which decides
whether choices are buttons or a list) in :mod:`automa.app.layout`, each kind of question's
answer controls in :mod:`automa.app.controls`, and the controls read back into an answer in
:mod:`automa.app.answers`.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Literal

import automa
from automa.app.controls import controls
from automa.app.guide import folder
from automa.app.layout import (
    LONG_QUESTION,
    Phone,
    board_room,
)
from automa.app.view_records import (
    CardView,
    DialView,
    LogEntryView,
    LogGroup,
    PileView,
    PlayView,
    ProcedureView,
    QuestionView,
    SectionView,
    Strip,
    SummaryLineView,
    WhyView,
)
from automa.app.words import Words as Words
from automa.core import i18n, records
from automa.core.prompts import Prompt
from automa.core.session import Session

LOG_SHOWN = 40
"""How many log entries the play screen shows (newest turns)."""
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")
SENTENCE_END = re.compile(r"(?<=[.?!])\s+(?=[A-ZА-ЯІЇЄҐ«“(])")


# --- words ---------------------------------------------------------------------------------
def names_actor(text: str, name: str) -> bool:
    """Whether ``text`` names ``name`` as a whole word anywhere ("the AP attacks", "left of
    the AP:"), never inside another word ("Ви" is not in "Виправлено")."""
    if not name:
        return False
    word = r"[\w'’-]"
    return re.search(rf"(?<!{word}){re.escape(name)}(?!{word})", text) is not None


def with_actor(w: Words, game: str, actor: str, text: str) -> tuple[str, str]:
    """The actor to show before ``text``: none for the player's whole sentences (the log
    speaks to them) or when the text names the actor itself, wherever ("Attack 1: the AP
    attacks…" never reads "AP: Attack 1: the AP attacks…"); the text as it is."""
    name = w.actor(game, actor)
    if actor == "player":
        # A line in lower case goes on from its actor's name ("pass and take…", "здобули…"),
        # as the terminal prints it; a whole sentence ("Виправлено…") stands alone.
        return (name, text) if text[:1].islower() else ("", text)
    if names_actor(text, name):
        return "", text
    return name, text


# --- the turn summary ----------------------------------------------------------------------
def turn_summary(session: Session, w: Words,
                 found: list[records.TurnStep] | None = None) -> list[SummaryLineView]:
    """What the bots did in their newest turn, as steps for the board, oldest first
    (``found``: the session's turn summary, if read already)."""
    steps: list[SummaryLineView] = []
    for item in session.turn_summary() if found is None else found:
        text = i18n.render(item["key"], item["params"], w.lang)
        actor, text = with_actor(w, session.game_id, item["actor"], text)
        steps.append({"actor": actor, "text": text, "icon": item["icon"] or "info",
                      "each": each_bot(session.game_id, item["params"], w)})
    return unnamed(steps, summary_title(session, w, found))


def unnamed(steps: list[SummaryLineView], title: str) -> list[SummaryLineView]:
    """The lines without their actor where the heading names the one bot they all are
    ("Automa 2: round 1, turn 1 — do this on the board": not "Automa 2:" on every line)."""
    actors = {s["actor"] for s in steps if s["actor"]}
    if len(actors) != 1 or not names_actor(title, next(iter(actors))):
        return steps
    return [{**s, "actor": ""} for s in steps]


def each_bot(game: str, params: records.Params, w: Words) -> list[tuple[str, str]]:
    """What a board line for several bots means for each (its ``each_bot`` parameter: one
    ``{"actor", "what"}`` per bot, in seat order), by the bot's name; [] for a line of one
    (or one whose parameter is not such a list: a log read back from storage)."""
    found = params.get("each_bot")
    if not isinstance(found, list):
        return []
    return [(w.actor(game, str(c.get("actor"))), w.text(c["what"]))
            for c in found if isinstance(c, dict) and "what" in c]


def line_text(s: SummaryLineView) -> str:
    """A board line as one sentence (the terminal, a screen reader, speech): its actor, what
    to do, and what it means for each bot."""
    each = "; ".join(f"{name}: {what}" for name, what in s["each"])
    text = f"{s['text']} — {each}" if each else s["text"]
    return f"{s['actor']}: {text}" if s["actor"] else text


def summary_title(session: Session, w: Words,
                  found: list[records.TurnStep] | None = None) -> str:
    """The turn summary's heading: the turn its lines belong to, as the game counts it
    ("AP turn 3", "Setup"), so it never calls a setup list or a procedure's result "the
    bot's turn" (``found``: the session's turn summary, if read already)."""
    if found is None:
        found = session.turn_summary()
    turn = found[0]["turn"] if found else session.turn
    return w.t("web.play.summary", turn=w.turn(session, turn))


# --- the question --------------------------------------------------------------------------
def split_question(text: str) -> tuple[str, str, str]:
    """A long question as (lead, ask, after): the asking sentence (the last one ending in "?")
    apart, between the explanation before it and the note after it, in the order written; a
    short one, or one that asks nothing, whole (as the lead)."""
    if len(text) <= LONG_QUESTION:
        return text, "", ""
    sentences = SENTENCE_END.split(text)
    asking = [i for i, part in enumerate(sentences) if part.rstrip().endswith("?")]
    if not asking or len(sentences) < 2:
        return text, "", ""
    key = asking[-1]
    return " ".join(sentences[:key]), sentences[key], " ".join(sentences[key + 1:])


def bulleted(text: str) -> tuple[str, list[str]]:
    """A question written as a list ("…with these changes:\n• Core: …\n• …") as its opening
    line and one step per bullet, so it reads as a checklist, not one run-on paragraph; the
    lines after the bullets are steps too. Text without bullets is returned whole."""
    lines = [line.strip() for line in text.split("\n") if line.strip()]
    first = next((i for i, line in enumerate(lines) if line.startswith("•")), None)
    if first is None:
        return text, []
    steps = [line.lstrip("• ").strip() for line in lines[first:]]
    return " ".join(lines[:first]), steps


def prompt_cards(session: Session, p: Prompt | None, w: Words) -> list[CardView]:
    """The cards the question is about, in table order, the one driving it marked."""
    if p is None or session.finished:
        return []
    ui = p.ui
    game = str(ui.get("game") or session.game_id)
    driving = str(ui["card"]) if ui.get("card") else ""
    found: list[CardView] = []
    for c in ui.get("cards") or []:
        if isinstance(c, dict) and c.get("card"):
            card = str(c["card"])
            highlight = c.get("highlight") or (ui.get("highlight") if card == driving else ())
            found.append(_card(game, card, highlight, w.text(c["role"]) if c.get("role") else "",
                               card == driving))
        elif isinstance(c, str):
            found.append(_card(game, c, (), "", c == driving))
    if driving and not any(c["card"] == driving for c in found):
        found.insert(0, _card(game, driving, ui.get("highlight") or (), "", True))
    return found


def _card(game: str, card: str, highlight: Any, caption: str, drives: bool,
          shown: records.TableCard | None = None, w: Words | None = None) -> CardView:
    """A card on screen; ``shown`` is the game's view of it (its strip label, level, trade
    tokens, whether it is activated or face down)."""
    shown = shown or {"card": card}
    state: Literal["", "activated", "face_down"] = (
        "face_down" if shown.get("face_down") else "activated" if shown.get("activated")
        else "")
    label = shown.get("label")
    return {"game": game, "card": "" if state == "face_down" else card,
            "highlight": [str(x) for x in highlight or ()], "caption": caption,
            "drives": drives, "label": w.text(label) if w and label is not None else "",
            "badge": shown.get("badge", ""), "tokens": shown.get("tokens", 0),
            "state": state}


def question(session: Session, w: Words, size: float = 1.0) -> QuestionView:
    """The question now, its steps and rule, and the controls that answer it, laid out for
    a 360 px phone at the text size ``size``."""
    p = session.prompt
    base: QuestionView = {
        "kind": "over", "key": "", "lead": w.t("web.play.over"), "ask": "", "after": "",
        "steps": [],
        "rule": "", "choices": [], "lo": 0, "hi": 0, "value": 0, "domain": [], "chosen": [],
        "one_tap": [], "ok": w.t("web.play.ok"), "hint": "", "cards": [], "pattern": None,
        "game": session.game_id, "layout": "over", "short": False, "fold": "",
        "card_lead": "", "lead_below": False, "board_fold": "", "board_open": False}
    if p is None or session.finished:
        return base
    ui = p.ui
    text, bullets = bulleted(w.t(p.key, **p.params))
    lead, ask, after = split_question(text)
    base.update({"kind": p.kind, "key": p.key, "lead": lead, "ask": ask, "after": after,
                 "steps": bullets + [w.text(s) for s in ui.get("steps") or []],
                 "rule": w.text(ui["rule"]) if ui.get("rule") else "",
                 "cards": prompt_cards(session, p, w),
                 "game": str(ui.get("game") or session.game_id),
                 "pattern": ui.get("pattern") if p.kind == "scan"
                 else ui.get("board"),
                 "fold": w.text(ui["fold"]) if ui.get("fold") else "",
                 "card_lead": w.text(ui["lead"]) if ui.get("lead") else "",
                 "board_fold": w.text(ui["board_fold"]) if ui.get("board_fold") else "",
                 "board_open": bool(ui.get("board_open"))})
    phone = Phone(text=size)
    controls(base, p, w, phone)
    board = base["pattern"]
    if board is not None and p.kind != "scan" and not base["board_fold"]:
        # drawn right under the question: as tall as the room left above the dock
        base["pattern"] = {**board, "room": round(board_room(base, phone), 3)}
    return base


# --- the bot's state -----------------------------------------------------------------------
def state(view: records.GameView, w: Words) -> tuple[list[SectionView], list[PileView]]:
    """The bot's tracks, VP and decks at a glance."""
    sections: list[SectionView] = [
        {"title": w.text(s["title"]),
         "rows": [{"label": w.text(r["label"]), "value": w.text(r["value"])} for r in s["rows"]]}
        for s in view["sections"]]
    piles: list[PileView] = [
        {"id": p["id"], "label": w.text(p["label"]), "count": p["count"],
         "viewable": p["viewable"]} for p in view["piles"]]
    return sections, piles


def table_cards(session: Session, view: records.GameView, w: Words,
                driving: str = "") -> list[CardView]:
    """The bot's cards in play as the game's view lists them, in table order."""
    return [_card(session.game_id, c["card"], c.get("highlight") or (),
                  w.text(c["role"]) if "role" in c else "", bool(driving)
                  and c["card"] == driving, c, w) for c in view["cards"]]


def other_cards(session: Session, view: records.GameView, shown: list[CardView],
                w: Words) -> list[CardView]:
    """The bot's cards in play not shown with the question, in table order (none where the
    game folds its row into a strip: the strip shows them all)."""
    if view.get("strip"):
        return []
    with_question = {c["card"] for c in shown}
    return [c for c in table_cards(session, view, w) if c["card"] not in with_question]


def strip(session: Session, view: records.GameView, shown: list[CardView],
          w: Words) -> list[CardView]:
    """The row as a strip, in table order, the card driving the question marked ([]: the
    game shows its cards with the question)."""
    if not view.get("strip"):
        return []
    driving = next((c["card"] for c in shown if c["drives"]), "")
    return table_cards(session, view, w, driving)


def strips(session: Session, view: records.GameView, shown: list[CardView],
           w: Words) -> list[Strip]:
    """Every bot's row as its own labelled strip, where several bots have one ([]: else)."""
    driving = next((c["card"] for c in shown if c["drives"]), "")
    return [{"label": w.text(r["label"]),
             "cards": table_cards(session, {**view, "cards": r["cards"]}, w, driving)}
            for r in view.get("rows") or []]


def dial(view: records.GameView, w: Words) -> DialView | None:
    """The game's dial (Civ's tech dial), or None."""
    d = view.get("dial")
    if d is None:
        return None
    return {"at": d["at"], "last": d["last"], "spaces": list(d["spaces"]),
            "text": f"{w.text(d['label'])}: {w.text(d['value'])}"}


# --- the log -------------------------------------------------------------------------------
def rule_text(rule: records.MessageRef | str | None, w: Words) -> str:
    """A decision's rule in words: a message reference, or a message id alone (a
    :class:`~automa.core.records.Why` gives one or the other; "" for none)."""
    if not rule:
        return ""
    return w.t(rule) if isinstance(rule, str) else w.text(rule)


def why(data: records.Why | None, w: Words) -> WhyView | None:
    """A decision's reason, or None where it would explain nothing (a lone candidate,
    values without names)."""
    if not isinstance(data, dict):  # defensive: a log entry read back from storage
        return None
    rule = rule_text(data.get("rule"), w)
    if PLACEHOLDER.search(rule):  # a rule logged by its bare id, without its values
        rule = ""
    labels = data.get("labels") or []
    several = isinstance(labels, list) and len(labels) > 1
    candidates = w.text(labels) if several else ""
    pick = w.text(data["pick_label"]) if several and data.get("pick_label") is not None else ""
    if pick == candidates:  # it took them all: nothing was chosen among them
        candidates = pick = ""
    if not (rule or pick):
        return None
    return {"rule": rule, "candidates": candidates, "pick": pick}


def log_entry(game: str, entry: records.LogEntry, w: Words) -> LogEntryView:
    """One log line: who, what (never the actor twice), and why."""
    actor, text = with_actor(w, game, str(entry["actor"]), w.text(entry["action"]))
    return {"actor": actor, "text": text, "why": why(entry.get("why"), w)}


_ENTRIES: dict[tuple[str, str, str], LogEntryView] = {}
"""Log lines already worded (an entry never changes once logged): a tap words only the new."""


def log(session: Session, w: Words, shown: int = LOG_SHOWN) -> list[LogGroup]:
    """The newest log entries by turn, newest turn first, oldest first within a turn."""
    groups: list[LogGroup] = []
    turn: Any = object()
    for entry in session.log_read(shown):
        if not groups or entry.get("turn") != turn:
            turn = entry.get("turn")
            groups.append({"turn": w.turn(session, turn), "entries": []})
        key = (w.lang, session.game_id, repr(entry))
        found = _ENTRIES.get(key)
        if found is None:
            if len(_ENTRIES) > 4 * LOG_SHOWN:
                _ENTRIES.clear()
            found = _ENTRIES[key] = log_entry(session.game_id, entry, w)
        groups[-1]["entries"].append(found)
    for group in groups:
        group["entries"] = once_a_turn(group["entries"])
    groups.reverse()
    return groups


def once_a_turn(entries: list[LogEntryView]) -> list[LogEntryView]:
    """The entries of one turn, each rule shown under the first entry that gives it (every
    track advance of a turn gives the same rule: it is read once)."""
    seen: set[str] = set()
    out: list[LogEntryView] = []
    for e in entries:
        why = e["why"]
        if why is not None and why["rule"] and why["rule"] in seen:
            rest: WhyView = {**why, "rule": ""}
            e = {**e, "why": rest if rest["candidates"] or rest["pick"] else None}
        elif why is not None and why["rule"]:
            seen.add(why["rule"])
        out.append(e)
    return out


def pile(session: Session, pile_id: str, w: Words) -> tuple[str, list[CardView]] | None:
    """A viewable pile's name and cards, top first, each with its marks as its caption;
    None when there is no such pile to look at."""
    info = next((p for p in session.view()["piles"] if p["id"] == pile_id), None)
    if info is None or not info.get("viewable"):
        return None
    game = session.game_id
    return w.text(info["label"]), [
        _card(game, str(c["card"]), (), w.text([w.mark(game, m) for m in c["marks"]])
              if c["marks"] else "", False) for c in session.pile(pile_id)]


def game_list() -> list[dict[str, Any]]:
    """The games and their option schemas, as written by build.py (no game module is
    imported: importing every game's rules is the slowest part of starting)."""
    path = Path(automa.__file__).parent / "_data" / "games.json"
    try:
        found: list[dict[str, Any]] = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError):  # from the sources (the terminal, the tests)
        from automa.core.paths import i18n_dir

        guides = folder(i18n_dir(), "en")
        return [{**g, "guide": True} if (guides / f"{g['id']}.toml").is_file() else g
                for g in automa.games()]
    return found


# --- the whole screen ----------------------------------------------------------------------
def head(session: Session, view: records.GameView, w: Words) -> str:
    """Turn and score in one short line, in the game's own word for points ("3 Glory")."""
    turn = w.turn(session, session.turn)
    points = score(session, view, w)
    return f"{turn} · {points}" if points else turn


def score(session: Session, view: records.GameView, w: Words) -> str:
    """The bot's score in the game's own word ("12 Glory"), or "" where it keeps none."""
    vp, word = view.get("vp"), session.game.score
    return w.t(word, n=vp) if word and isinstance(vp, int) else ""


PARENTHESIS = re.compile(r"\s*\([^()]*\)$")


def options_text(session: Session, w: Words) -> str:
    """The options that tell one game from another ("Warlord · Human players: 2"): the ones
    on the new-game form (not the folded rule readings), without their explanations."""
    parts = []
    for o in session.game.options:
        value = session.options.get(o.id)
        if o.advanced or o.type not in ("choice", "int") or value == "random" or not o.label:
            continue
        chosen = PARENTHESIS.sub("", w.t(f"{o.label}.{str(value).lower()}"))
        if isinstance(value, int) and o.id != "difficulty":
            chosen = f"{PARENTHESIS.sub('', w.t(o.label))}: {chosen}"
        parts.append(chosen)
    return " · ".join(parts)


def about(session: Session) -> dict[str, dict[str, str]]:
    """What the list of saved games shows of a game, in every language: its turn as the game
    counts it, the bot's score and the options that matter."""
    view = session.view()
    out: dict[str, dict[str, str]] = {"turn_text": {}, "score_text": {}, "options_text": {}}
    for lang in i18n.LANGUAGES:
        w = Words(lang)
        out["turn_text"][lang] = w.turn(session, session.turn)
        out["score_text"][lang] = score(session, view, w)
        out["options_text"][lang] = options_text(session, w)
    return {k: v for k, v in out.items() if any(v.values())}


def can_cancel(session: Session) -> bool:
    """Whether a started procedure can be cancelled."""
    return session.can_cancel


def later(session: Session, v: PlayView, w: Words) -> None:
    """Fill in what a first screen (``play(…, with_log=False)``) left out: the log, the
    bot's state and the procedures, as the session is now."""
    v["sections"], v["piles"] = state(session.view(), w)
    v["procedures"] = procedures(session, w)
    v["log"] = log(session, w)


def procedures(session: Session, w: Words) -> list[ProcedureView]:
    """What the player may start now (none once the game is over)."""
    return [] if session.finished else [
        {"id": p["id"], "label": w.t(p["label"])} for p in session.procedures]


def announcement(v: PlayView) -> str:
    """What a screen reader says when the bots' turn is new: its heading and every step."""
    if not v["summary"]:
        return ""
    return " ".join([f"{v['summary_title']}:", *map(line_text, v["summary"])])


def play(session: Session, lang: str, with_log: bool = True, text: float = 1.0) -> PlayView:
    """The whole play screen of ``session`` in ``lang`` at the text size ``text``
    (``with_log=False``: its log, the bot's state and the procedures left empty, for a first
    screen drawn before the rest; :func:`later` fills them in)."""
    w = Words(lang)
    view = session.view()
    q = question(session, w, text)
    sections, piles = state(view, w) if with_log else ([], [])
    others = other_cards(session, view, q["cards"], w)
    row = strip(session, view, q["cards"], w)
    on_table = {c["card"]: c for c in table_cards(session, view, w)}
    for c in q["cards"]:  # what lies on the card as the table shows it (its tokens)
        seen = on_table.get(c["card"])
        if seen is not None:
            c["label"], c["badge"], c["tokens"] = seen["label"], seen["badge"], seen["tokens"]
    # printed as they lie on the table
    pair = list(dict.fromkeys(c["card"] for c in row or [*q["cards"], *others] if c["card"]))
    done = session.turn_summary()
    return {
        "game": session.game_id,
        "head": head(session, view, w),
        "summary": turn_summary(session, w, done),
        "summary_title": summary_title(session, w, done),
        "question": q,
        "cards": others,
        "row": row,
        "rows": strips(session, view, q["cards"], w),
        "dial": dial(view, w),
        "sections": sections,
        "piles": piles,
        "procedures": procedures(session, w) if with_log else [],
        "can_cancel": can_cancel(session),
        "can_undo": session.can_undo,
        "can_redo": session.can_redo,
        "log": log(session, w) if with_log else [],
        "print_card": pair,
        "turn_first": bool(session.prompt and not session.finished and done
                           and session.prompt.ui.get("turn_first")),
    }
