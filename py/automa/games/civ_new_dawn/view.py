"""The AP at a glance (focus row, tokens, tech dial…), log names, the score."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from automa.core.game import START
from automa.core.records import GameView, MessageRef, Row, Section, TableCard, empty_view
from automa.core.scoring import FinalScore

from . import data
from .state import Ctx, card_in, is_leader, level_of, m, row


def next_space(dial: int) -> int | None:
    """The next tech level space ahead of the pointer, if any."""
    return next((p for p, _lv in data.dial()["spaces"] if p > dial), None)


def view(ctx: Ctx) -> GameView:
    """Leader, dial, cities, resources; the focus row in table order (slot 1 on the left)
    with each card's level and trade tokens, folded into a strip; the tech dial drawn."""
    if ctx.phase == START:  # nothing is on the table before the setup step
        return empty_view()
    d = ctx.data
    ahead = next_space(d["dial"])
    ap_rows: list[Row] = [
        {"label": m("view.leader"), "value": m("leader_civ", leader=m(f"leader.{d['leader']}"),
                                               civ=m(f"civ.{d['leader']}"))},
        {"label": m("view.difficulty"), "value": m(f"difficulty.{d['difficulty']}")},
        {"label": m("view.turn"), "value": ctx.turn},
        {"label": m("view.dial"), "value": m("view.dial_value", n=d["dial"],
                                             next=ahead if ahead is not None else "—")},
        {"label": m("view.cities"), "value": d["cities"]},
        {"label": m("view.resources"), "value": sum(d["resources"].values())},
    ]
    if not is_leader(ctx, "teddy"):
        ap_rows.append({"label": m("view.nw"), "value": d["nw_pool"]})
    focus_rows: list[Row] = []
    for slot in range(1, 6):  # in table order, slot 1 on the left (as the strip shows it)
        card = card_in(ctx, slot)
        t = data.card(card)["type"]
        value = m("view.slot_value", card=m(f"card.{card}"), level=data.ROMAN[level_of(card)],
                  n=d["tokens"][t])
        if is_leader(ctx, "teddy") and d["nw"][t]:
            value = m("view.with_nw", base=value, n=d["nw"][t])
        focus_rows.append({"label": m("slot", n=slot), "value": value})
    owned: list[Row] = [{"label": m(f"type.{t}"), "value": m("view.owned", w=d["wonders"][t],
                                                  c=d["city_states"][t])}
             for t in data.TYPES if d["wonders"][t] or d["city_states"][t]]
    sections: list[Section] = [{"title": m("view.ap"), "rows": ap_rows},
                {"title": m("view.row"), "rows": focus_rows}]
    if owned:
        sections.append({"title": m("view.owned_title"), "rows": owned})
    held: list[Row] = [{"label": m("rival", n=int(p)), "value": m(f"diplomacy.{card}")}
            for p, card in sorted(d["diplomacy"].items()) if card != "none"]
    if held:
        sections.append({"title": m("view.diplomacy"), "rows": held})
    sections.append({"title": m("view.victory"), "rows": [
        {"label": m("victory_card", n=i + 1), "value": m("view.done" if v else "view.not_done")}
        for i, v in enumerate(d["agendas"])]})
    cards: list[TableCard] = [
        {"card": c, "role": m("slot", n=i + 1), "highlight": ["steps"] if i == 4 else [],
         "label": m(f"card.{c}"), "badge": data.ROMAN[level_of(c)],
         "tokens": d["tokens"][data.card(c)["type"]]}
        for i, c in enumerate(row(ctx))]
    spaces = data.dial()["spaces"]
    return {"sections": sections, "cards": cards, "piles": [], "vp": None, "strip": True,
            "dial": {"at": d["dial"], "last": data.dial()["last"],
                     "spaces": [p for p, _lv in spaces], "label": m("view.dial"),
                     "value": m("view.dial_value", n=d["dial"],
                                next=ahead if ahead is not None else "—")}}


def value_label(value: Any) -> MessageRef | None:
    """Names of the raw values the log's reasons mention."""
    if not isinstance(value, str):
        return None
    if value in data.LEADERS:
        return m(f"civ.{value}")
    if value in data.RESOURCES:
        return m(f"resource.{value}")
    if value in data.DIPLOMACY:
        return m(f"diplomacy.{value}")
    if value in data.TYPES:
        return m(f"type.{value}")
    return None


# --- the score (end screen and records) ------------------------------------------------------
def final_score(ctx: Ctx) -> FinalScore:
    """Civilization has no points: its "score" is victory progress, the victory cards on
    which the AP completed an agenda (0-3). The game ends when someone completes all three
    (base rules); who that was the game asked (with several humans the end screen asks
    which)."""
    done = [bool(v) for v in ctx.data["agendas"]]
    return {"total": sum(done), "sources": {},
            "rounds": ctx.turn, "winner": {"ap": "bot", "human": "human"}.get(
                str(ctx.data.get("winner")), ""), "ask_winner": False,
            "played": {"leader": ctx.data["leader"]}}


def progress(ctx: Ctx) -> tuple[int, int] | None:
    """(AP turn, victory cards completed)."""
    return None if ctx.phase == START else (ctx.turn, sum(bool(v) for v in ctx.data["agendas"]))


def humans(options: Mapping[str, Any]) -> int:
    """The humans at the table."""
    return int(options.get("humans", 1))
