"""What the player sees at a glance: the automa's values, its row on the table, its piles;
and its score for the end screen and the records."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from automa.core.game import START
from automa.core.records import GameView, MessageRef, PileInfo, Row, Section, TableCard
from automa.core.scoring import FinalScore

from . import data
from .state import AREAS, FACE_UP, STORAGE, Ctx, automa_name, automas, bot, m, pile, roman, several


def view(ctx: Ctx) -> GameView:
    """Round, age, deck edition, then each automa's Glory, coins, storage, structures, cubes
    (with two automas, each section named by its automa), and the row of the automa in play
    as it lies on the table, left to right: activated cards (a cube on each, the one in play
    marked), the face-up cards, then the face-down ones (with two automas, each one's row
    too, labelled)."""
    d = ctx.data
    table_rows: list[Row] = [
        {"label": m("view.deck"), "value": m(f"edition_view.{d['edition']}")},
        {"label": m("view.round"), "value": d["round"]},
        {"label": m("view.age"), "value": roman(d["age"])},
        {"label": m("view.difficulty"), "value": m(f"difficulty.{ctx.options['difficulty']}")},
    ]
    sections: list[Section] = []
    if several(ctx):  # what the automas share first, then each one's own
        sections.append({"title": m("view.game"), "rows": table_rows})
        table_rows = []
    for seat in range(len(automas(ctx))):
        sections += automa_sections(ctx, seat, table_rows)
    cards = row_cards(ctx, d["seat"])
    piles: list[PileInfo] = []
    for seat in range(len(automas(ctx))):
        of = {"automa": automa_name(ctx, seat)}
        key = "pile_of" if several(ctx) else "pile"
        piles += [
            {"id": pile(ctx, "deck", seat), "label": m(f"{key}.deck", **of),
             "count": len(ctx.piles[pile(ctx, "deck", seat)]), "viewable": False},
            {"id": pile(ctx, "discard", seat), "label": m(f"{key}.discard", **of),
             "count": len(ctx.piles[pile(ctx, "discard", seat)]), "viewable": True},
        ]
        if seat == 0:
            piles.append({"id": "box", "label": m("pile.box"), "count": len(ctx.piles["box"]),
                          "viewable": False})
    shown: GameView = {"sections": sections, "cards": cards, "piles": piles,
                       "vp": bot(ctx)["glory"], "strip": True}
    if several(ctx):
        shown["rows"] = [{"label": m("view.row_of", automa=automa_name(ctx, seat)),
                          "cards": row_cards(ctx, seat)} for seat in range(len(automas(ctx)))]
    return shown


def automa_sections(ctx: Ctx, seat: int, table_rows: list[Row]) -> list[Section]:
    """One automa's values; with two, every title names it (and whether it passed)."""
    d = automas(ctx)[seat]
    gov = m(f"government.{d['government']}") if d["government"] else m("view.none_yet")
    rel = m(f"religion.{d['religion']}") if d["religion"] else m("view.none_yet")
    automa_rows: list[Row] = [
        *table_rows,
        {"label": m("view.glory"), "value": d["glory"]},
        {"label": m("view.coins"), "value": d["coins"]},
        {"label": m("view.government"), "value": gov},
        {"label": m("view.religion"), "value": rel},
        {"label": m("view.first_player"), "value": bool(d["first_player"])},
        {"label": m("view.achievements"), "value": d["achievements"]},
    ]
    if several(ctx):
        automa_rows.append({"label": m("view.passed"), "value": bool(d["passed"])})

    def title(key: str) -> MessageRef:
        if not several(ctx):
            return m(key)
        return m("view.of", automa=automa_name(ctx, seat), what=m(key))

    out: list[Section] = [
        {"title": automa_name(ctx, seat) if several(ctx) else m("view.automa"),
         "rows": automa_rows},
    ]
    out += [
        {"title": title("view.storage"),
         "rows": [{"label": m(f"item.{s}"), "value": d["storage"][s]} for s in STORAGE]},
        {"title": title("view.structures"),
         "rows": [{"label": m("view.cities"), "value": d["cities"]},
                  {"label": m("view.castles"), "value": d["castles"]},
                  {"label": m("view.wonder"), "value": m(f"wonder.{d['wonder']}")},
                  {"label": m("view.wonders_done"), "value": d.get("wonders_done", 0)}]},
        {"title": title("view.cubes"),
         "rows": [{"label": m(f"area_name.{a}"), "value": d["cubes"][a]} for a in AREAS
                  if d["cubes"].get(a)]
         or [{"label": m("view.no_cubes"), "value": ""}]},
    ]
    return out


def row_cards(ctx: Ctx, seat: int) -> list[TableCard]:
    """An automa's row as it lies on the table, left to right."""
    d = automas(ctx)[seat]
    cards: list[TableCard] = []
    for i, c in enumerate(d["row"]):  # as it lies on the table, left to right
        if i >= d["activated"] + FACE_UP:
            cards.append({"card": "", "face_down": True, "role": m("card.face_down")})
            continue
        state = "activated" if i < d["activated"] else "face_up"
        if i == d["activated"] - 1:
            state = "current"
        number = data.card(c)["number"]
        cards.append({"card": c, "role": m(f"card.{state}", n=number), "label": str(number),
                      "activated": state != "face_up"})
    return cards


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
    """Its Glory; with two automas, the higher one (the score to beat), each automa's by
    name as its sources. After round 6 the Glory decides; a game ended at once by instant
    achievements (complexity 4) was not decided by Glory, so the end screen asks who won."""
    bots = automas(ctx)
    # the cleanup after round 6 empties the rows; an instant end does not
    instant = any(a["row"] for a in bots)
    sources = {f"automa{i + 1}": a["glory"] for i, a in enumerate(bots)} \
        if len(bots) > 1 else {}
    return {"total": max(a["glory"] for a in bots), "sources": sources,
            "rounds": ctx.data["round"], "winner": "", "ask_winner": instant,
            "played": {}}


def progress(ctx: Ctx) -> tuple[int, int] | None:
    """(round, its Glory — the higher of two automas')."""
    if ctx.phase == START:
        return None
    return ctx.data["round"], max(a["glory"] for a in automas(ctx))


def proxy_players(options: Mapping[str, Any]) -> MessageRef | None:
    """seeds/003, its second line: each automa is run by a proxy player, a person at the
    table; so the players (automas included) outnumber the automas. A new game with two
    automas and 2 players is refused by name (a game saved so before plays on: one human,
    :func:`humans`)."""
    automas, players = int(options.get("automas", 1)), int(options.get("players", 2))
    if players > automas:
        return None
    return m("error.proxy_players", automas=automas, least=automas + 1)


def humans(options: Mapping[str, Any]) -> int:
    """The players but the automas."""
    return max(1, int(options.get("players", 2)) - int(options.get("automas", 1)))
