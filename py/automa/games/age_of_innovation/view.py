"""What the player sees at a glance, the procedures they may start, the values they may correct."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from automa.core.game import START, Correction, Ctx, FinalScore, Procedure
from automa.core.records import GameView, MessageRef, PileInfo, Row, Section, TableCard

from . import data
from .state import (
    FINAL,
    MAX_CORRECTED_SCORE,
    WAITING,
    action_card_id,
    building,
    buildings_in_box,
    discipline,
    k,
    m,
    round_no,
    round_tile,
    round_tile_points,
    sailing,
    steps,
    terrain,
    turn_label,
    x_points,
)
from .turn import human_pass


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
    if d.get("native"):
        automa_rows.insert(4, {"label": m("view.native"), "value": terrain(d["native"])})
    if "round_tiles" in d:
        automa_rows.append({"label": m("view.round_tile"),
                            "value": m("view.tile_value", n=round_tile(ctx)["number"],
                                       points=round_tile_points(ctx),
                                       d=discipline(round_tile(ctx)["discipline"]))})
    sections: list[Section] = [
        {"title": m("view.automa"), "rows": automa_rows},
        {"title": m("view.science"),
         "rows": [{"label": discipline(x), "value": d["disciplines"][x]}
                  for x in data.DISCIPLINES]},
        {"title": m("view.supply"),
         "rows": [{"label": building(b), "value": d["supply"][b]} for b in data.BUILDINGS]
         + [{"label": m("view.marked"), "value": d["marked"]},
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


def procedures(ctx: Ctx, phase: str) -> list[Procedure]:
    """While waiting for her turn: you pass (if you have not yet this round)."""
    d = ctx.data
    if phase != WAITING or d["humans_passed"] >= d["humans"]:
        return []
    label = "procedure.pass_two" if d["humans"] == 2 else "procedure.pass"
    return [Procedure("you_pass", k(label), "proc_you_pass")]


@steps
def proc_you_pass(ctx: Ctx) -> None:
    """A human passes before the Automa (starting the procedure is the whole answer)."""
    human_pass(ctx)


def corrections(ctx: Ctx, phase: str) -> tuple[Correction, ...]:
    """Her tracked values: score, disciplines, Scholars, Innovations, buildings, tiles."""
    # Symbionts only: her youth terrain places her Tools.
    return tuple(c for c in all_corrections() if c.id != "youth" or ctx.data.get("youth"))


@cache
def all_corrections() -> tuple[Correction, ...]:
    """Every correctable value (the list does not depend on the position)."""
    base = data.base()
    buildings = buildings_in_box()
    out = [
        Correction("score", m("fix.score"), ("score",), 0, MAX_CORRECTED_SCORE),
        Correction("scholars", m("fix.scholars"), ("scholars",), 0, base["scholars"]),
        Correction("innovations", m("fix.innovations"), ("innovations",), 0, 3),
        Correction("marked", m("fix.marked"), ("marked",), 0, buildings),
        Correction("unmarked", m("fix.unmarked"), ("unmarked",), 0, buildings),
    ]
    out += [Correction(f"science_{x}", m("fix.level", d=discipline(x)), ("disciplines", x), 0,
                       12) for x in data.DISCIPLINES]
    out += [Correction(f"yours_{x}", m("fix.your_level", d=discipline(x)),
                       ("human_levels", x), 0, 12) for x in data.DISCIPLINES]
    out += [Correction(f"supply_{b}", m("fix.in_supply", what=building(b)), ("supply", b), 0,
                       int(base["buildings"][b]["count"])) for b in data.BUILDINGS]
    out.append(Correction("together", m("fix.together"), ("together",), choices=(False, True),
                          choice_labels=(m("fix.no"), m("fix.yes"))))
    out.append(Correction("native", m("fix.native"), ("native",), choices=data.TERRAINS,
                          choice_labels=tuple(terrain(t) for t in data.TERRAINS)))
    out.append(Correction("youth", m("fix.youth"), ("youth",), choices=data.TERRAINS,
                          choice_labels=tuple(terrain(t) for t in data.TERRAINS)))
    out.append(Correction("automa_position", m("fix.turn_order"), ("automa_position",), 1, 3))
    rounds = sorted(t for t, v in data.tiles().items() if v["kind"] == "round")
    finals = sorted(t for t, v in data.tiles().items() if v["kind"] == "final")
    for r in range(1, 6):
        out.append(Correction(f"tile_{r}", m("fix.tile_of_round", n=r), ("round_tiles", r - 1),
                              choices=tuple(rounds),
                              choice_labels=tuple(m("tile", n=data.tiles()[t]["number"])
                                                  for t in rounds)))
    out.append(Correction("final_tile", m("fix.final_tile"), ("final_tile",),
                          choices=tuple(finals),
                          choice_labels=tuple(m("tile", n=data.tiles()[t]["number"])
                                              for t in finals)))
    return tuple(out)


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
    return {"total": int(d["score"]), "sources": sources, "rounds": min(round_no(ctx), 6),
            "winner": "", "ask_winner": False, "played": {"faction": d["faction"]}}


def progress(ctx: Ctx) -> tuple[int, int] | None:
    """(round, her points) during the six rounds (not in the final scoring)."""
    d = ctx.data
    if ctx.phase in (START, FINAL):
        return None
    return round_no(ctx), int(d["score"])


def humans(options: Mapping[str, Any]) -> int:
    """One human, or two in the 2-player variant."""
    return 2 if options.get("variant") == "two_players" else 1
