"""What the player sees at a glance: the automa's values, its row on the table, its piles;
and its score for the end screen and the records."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from automa.core.game import START, Ctx, FinalScore
from automa.core.records import GameView, MessageRef, PileInfo, Row, Section, TableCard

from . import data
from .state import AREAS, FACE_UP, STORAGE, m, roman, row


def view(ctx: Ctx) -> GameView:
    """Round, age, deck edition, Glory, coins, storage, structures, cubes, and the row as it
    lies on the table, left to right: activated cards (a cube on each, the one in play
    marked), the face-up cards, then the face-down ones."""
    d = ctx.data
    gov = m(f"government.{d['government']}") if d["government"] else m("view.none_yet")
    rel = m(f"religion.{d['religion']}") if d["religion"] else m("view.none_yet")
    automa_rows: list[Row] = [
        {"label": m("view.deck"), "value": m(f"edition_view.{d['edition']}")},
        {"label": m("view.round"), "value": d["round"]},
        {"label": m("view.age"), "value": roman(d["age"])},
        {"label": m("view.difficulty"), "value": m(f"difficulty.{ctx.options['difficulty']}")},
        {"label": m("view.glory"), "value": d["glory"]},
        {"label": m("view.coins"), "value": d["coins"]},
        {"label": m("view.government"), "value": gov},
        {"label": m("view.religion"), "value": rel},
        {"label": m("view.first_player"), "value": bool(d["first_player"])},
        {"label": m("view.achievements"), "value": d["achievements"]},
    ]
    sections: list[Section] = [
        {"title": m("view.automa"), "rows": automa_rows},
        {"title": m("view.storage"),
         "rows": [{"label": m(f"item.{s}"), "value": d["storage"][s]} for s in STORAGE]},
        {"title": m("view.structures"),
         "rows": [{"label": m("view.cities"), "value": d["cities"]},
                  {"label": m("view.castles"), "value": d["castles"]},
                  {"label": m("view.wonder"), "value": m(f"wonder.{d['wonder']}")},
                  {"label": m("view.wonders_done"), "value": d.get("wonders_done", 0)}]},
        {"title": m("view.cubes"),
         "rows": [{"label": m(f"area_name.{a}"), "value": d["cubes"][a]} for a in AREAS
                  if d["cubes"].get(a)]
         or [{"label": m("view.no_cubes"), "value": ""}]},
    ]
    cards: list[TableCard] = []
    for i, c in enumerate(row(ctx)):  # as it lies on the table, left to right
        if i >= d["activated"] + FACE_UP:
            cards.append({"card": "", "face_down": True, "role": m("card.face_down")})
            continue
        state = "activated" if i < d["activated"] else "face_up"
        if i == d["activated"] - 1:
            state = "current"
        number = data.card(c)["number"]
        cards.append({"card": c, "role": m(f"card.{state}", n=number), "label": str(number),
                      "activated": state != "face_up"})
    piles: list[PileInfo] = [
        {"id": "deck", "label": m("pile.deck"), "count": len(ctx.piles["deck"]),
         "viewable": False},
        {"id": "discard", "label": m("pile.discard"), "count": len(ctx.piles["discard"]),
         "viewable": True},
        {"id": "box", "label": m("pile.box"), "count": len(ctx.piles["box"]), "viewable": False},
    ]
    return {"sections": sections, "cards": cards, "piles": piles, "vp": d["glory"],
            "strip": True}


def value_label(value: Any) -> MessageRef | None:
    """Names of the raw values the log's reasons mention (terrains, directions, actions)."""
    if not isinstance(value, str):
        return None
    for kind, values in (("terrain", data.terrains()), ("direction", data.directions()),
                         ("main", data.main_actions()), ("free", data.free_actions())):
        if value in values:
            return m(f"{kind}.{value}")
    return None


# --- the score (end screen and records) ------------------------------------------------------
def final_score(ctx: Ctx) -> FinalScore:
    """Its Glory. After round 6 the Glory decides; a game ended at once by instant
    achievements (complexity 4) was not decided by Glory, so the end screen asks who won."""
    d = ctx.data
    instant = bool(d["row"])  # the cleanup after round 6 empties the row; an instant end does not
    return {"total": int(d["glory"]), "sources": {}, "rounds": int(d["round"]), "winner": "",
            "ask_winner": instant, "played": {}}


def progress(ctx: Ctx) -> tuple[int, int] | None:
    """(round, its Glory)."""
    d = ctx.data
    return None if ctx.phase == START else (int(d["round"]), int(d["glory"]))


def humans(options: Mapping[str, Any]) -> int:
    """The players but the automa."""
    return max(1, int(options.get("players", 2)) - 1)
