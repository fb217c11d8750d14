"""What the player sees at a glance: her values, her current pair of cards, her piles; the
names of the raw values her log's reasons mention; and her score for the end screen and the
records."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from automa.core.game import START
from automa.core.records import GameView, MessageRef, PileInfo, Row, Section, TableCard
from automa.core.scoring import FinalScore

from . import data
from .state import (
    FINAL,
    Ctx,
    action_card_id,
    building,
    discipline,
    m,
    round_no,
    round_tile,
    round_tile_points,
    sailing,
    terrain,
    turn_label,
    x_points,
)


def view(ctx: Ctx) -> GameView:
    """Her score, round values, disciplines, buildings, and the current pair of cards."""
    d = ctx.data
    rnd = min(round_no(ctx), 6)
    automa_rows: list[Row] = [
        {"label": m("view.score"), "value": d["score"]},
        {"label": m("view.round"), "value": turn_label(ctx.turn) or rnd},
        {"label": m("view.difficulty"), "value": m(f"difficulty.{d['difficulty']}")},
        {"label": m("view.faction"), "value": m(f"faction.{d['faction']}")},
        {"label": m("view.sailing"), "value": sailing(ctx)},
        {"label": m("view.x"), "value": x_points(ctx)},
        {"label": m("view.innovations"), "value": d["innovations"]},
        {"label": m("view.scholars"), "value": d["scholars"]},
    ]
    if own := d.get("native"):
        automa_rows.insert(4, {"label": m("view.native"), "value": terrain(own)})
    if "round_tiles" in d:
        automa_rows.append({"label": m("view.round_tile"),
                            "value": m("view.tile_value", n=round_tile(ctx)["number"],
                                       points=round_tile_points(ctx),
                                       d=discipline(round_tile(ctx)["discipline"]))})
    supply: list[Row] = [{"label": building(b), "value": d["supply"][b]}
                         for b in data.BUILDINGS]
    sections: list[Section] = [
        {"title": m("view.automa"), "rows": automa_rows},
        {"title": m("view.science"),
         "rows": [{"label": discipline(x), "value": d["disciplines"][x]}
                  for x in data.DISCIPLINES]},
        {"title": m("view.supply"),
         "rows": [*supply, {"label": m("view.marked"), "value": d["marked"]},
                  {"label": m("view.unmarked"), "value": d["unmarked"]}]},
    ]
    cards: list[TableCard] = []
    action = action_card_id(ctx)
    if action:
        cards.append({"card": action, "role": m("card.action"), "highlight": ["action"]})
    support = ctx.piles["support"].top() if "support" in ctx.piles else None
    if support:
        cards.append({"card": support, "role": m("card.support"), "highlight": ["support"]})
    piles: list[PileInfo] = [
        {"id": "deck", "label": m("pile.deck"), "count": len(ctx.piles["deck"]),
         "viewable": False},
        {"id": "support", "label": m("pile.support"), "count": len(ctx.piles["support"]),
         "viewable": True},
        {"id": "reserve", "label": m("pile.reserve"), "count": len(ctx.piles["reserve"]),
         "viewable": False},
    ]
    return {"sections": sections, "cards": cards, "piles": piles, "vp": d["score"]}


_VALUE_KINDS = (("terrain", data.TERRAINS), ("discipline", data.DISCIPLINES),
                ("building", data.BUILDINGS), ("bonus", data.BONUS_POSITIONS))


def value_label(value: Any) -> MessageRef | None:
    """The message naming a raw value the log's reasons mention (terrains, disciplines,
    buildings, bonus-tile positions), or None."""
    for kind, values in _VALUE_KINDS:
        if value in values:
            return m(f"{kind}.{value}")
    return None


# --- the score (end screen and records) ------------------------------------------------------
SCORE_SOURCES = ("game", "area", "science", "faction")
"""Her points: those scored during the six rounds (with her 20 to start), then the final
scoring's area, science and faction points."""


def final_score(ctx: Ctx) -> FinalScore:
    """Her points by source; the winner is found by points (base game)."""
    d = ctx.data
    final = d.get("final") or {}
    sources = {"game": int(final.get("before", d["score"])), "area": int(final.get("area", 0)),
               "science": int(final.get("science", 0)), "faction": int(final.get("faction", 0))}
    return {"total": d["score"], "sources": sources, "rounds": min(round_no(ctx), 6),
            "winner": "", "ask_winner": False, "played": {"faction": d["faction"]}}


def progress(ctx: Ctx) -> tuple[int, int] | None:
    """(round, her points) during the six rounds (not in the final scoring)."""
    d = ctx.data
    if ctx.phase in (START, FINAL):
        return None
    return round_no(ctx), d["score"]


def humans(options: Mapping[str, Any]) -> int:
    """One human, or two in the 2-player variant."""
    return 2 if options.get("variant") == "two_players" else 1
