"""What the player may start while she waits (rulebook "Passing": you pass), and the values
they may correct."""

from __future__ import annotations

from functools import cache

from automa.core.game import Correction, Procedure

from . import data
from .state import (
    MAX_SCORE,
    WAITING,
    Ctx,
    building,
    buildings_in_box,
    discipline,
    k,
    m,
    steps,
    terrain,
)
from .turn import human_pass


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
        Correction("score", m("fix.score"), ("score",), 0, MAX_SCORE),
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
    for r in range(1, 7):  # all six (the Final tile lies over round 6's: corrected apart)
        out.append(Correction(f"tile_{r}", m("fix.tile_of_round", n=r), ("round_tiles", r - 1),
                              choices=tuple(rounds),
                              choice_labels=tuple(m("tile", n=data.tiles()[t]["number"])
                                                  for t in rounds)))
    out.append(Correction("final_tile", m("fix.final_tile"), ("final_tile",),
                          choices=tuple(finals),
                          choice_labels=tuple(m("tile", n=data.tiles()[t]["number"])
                                              for t in finals)))
    return tuple(out)
