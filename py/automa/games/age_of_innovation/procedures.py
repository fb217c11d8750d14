"""What the player may start while she waits (rulebook "Passing": you pass), and the values
they may correct."""

from __future__ import annotations

from functools import cache

from automa.core.game import Correction, Procedure
from automa.core.records import MessageRef

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
    round_tile_allowed,
    steps,
    terrain,
    tiles_of,
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
    return tuple(c for c in all_corrections() if c.id != "youth" or ctx.data.get("youth")) \
        + tile_corrections(ctx)


def tile_corrections(ctx: Ctx) -> tuple[Correction, ...]:
    """Her Round Score tile of each round, offering the tiles that may lie there (a tile
    another round holds swaps places with this round's: the box has one of each), never one
    that would bring the Spade tile to round 5 or 6 (:func:`round_tile_allowed`), and her Final
    tile from the Final tiles."""
    tiles = ctx.data.get("round_tiles", [])
    out = []
    for r in range(1, len(tiles) + 1):  # all six (the Final tile lies over round 6's: apart)
        allowed = [t for t in tiles_of("round") if _swap_allowed(tiles, r - 1, t)]
        out.append(Correction(f"tile_{r}", m("fix.tile_of_round", n=r), ("round_tiles", r - 1),
                              choices=tuple(allowed), choice_labels=_tile_labels(allowed),
                              swaps=True))
    finals = tiles_of("final")
    out.append(Correction("final_tile", m("fix.final_tile"), ("final_tile",),
                          choices=tuple(finals), choice_labels=_tile_labels(finals)))
    return tuple(out)


def _swap_allowed(tiles: list[str], slot: int, tile: str) -> bool:
    """Whether ``tile`` may lie in round ``slot + 1``, the round that holds it now (if any)
    taking this round's tile in exchange."""
    after = list(tiles)
    if tile in after:
        after[after.index(tile)] = after[slot]
    after[slot] = tile
    return all(round_tile_allowed(t, i, after[:i]) for i, t in enumerate(after))


def _tile_labels(tiles: list[str]) -> tuple[MessageRef, ...]:
    return tuple(m("tile", n=data.tiles()[t]["number"]) for t in tiles)


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
    return tuple(out)
