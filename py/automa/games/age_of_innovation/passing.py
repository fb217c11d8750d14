"""Passing, the end of a round and the end of the game (rulebook "Passing", "End of Game").

When she passes: the current Round Score tile's fixed points (once); the round bonus tile the
Support card's arrow picks (coins back to the supply, her old tile in its place); her cards of
the round plus the top Reserve card shuffled into next round's deck, the bottom two sideways;
her turn-order marker to the topmost free space.
"""

from __future__ import annotations

from automa.core import prompts
from automa.core.game import Ctx

from . import data
from .setup import shuffle_deck
from .state import (
    AUTOMA,
    faction,
    k,
    m,
    round_no,
    round_tile,
    round_tile_points,
    steps,
    support_card,
    take_notice,
)
from .state import notice as set_notice

LAST_ROUND = 6
MAX_AREA_POINTS = 60
MAX_SCIENCE_POINTS = 60


@steps
def automa_pass(ctx: Ctx) -> None:
    """Score the round tile once (Racelings: twice when first to pass), then take a tile."""
    d = ctx.data
    first = not d["pass_order"]
    points = round_tile_points(ctx)
    d["score"] += points
    tile = round_tile(ctx)
    ctx.log(AUTOMA, k("log.pass_points"), {"n": points, "score": d["score"],
                                            "tile": m(f"tile_of.{tile['kind']}", n=tile["number"])})
    if first and "first_pass_scores_twice" in faction(ctx).get("ongoing", []):
        d["score"] += points
        ctx.log(AUTOMA, k("log.pass_points_again"), {"n": points, "score": d["score"]})
    d["passed"] = True
    d["pass_order"].append("automa")
    position = len(d["pass_order"])
    if round_no(ctx) >= LAST_ROUND or not ctx.piles["support"]:
        set_notice(ctx, m("notice.automa_passed_last", n=points))
        ctx.then("await_turn")
        return
    pick = support_card(ctx)["bonus"]
    ctx.log(AUTOMA, k("log.pass_bonus"), {"tile": m(f"bonus.{pick}")},
            why={"rule": k("rule.bonus_arrow"), "candidates": list(data.BONUS_POSITIONS),
                 "pick": pick})
    set_notice(ctx, m("notice.automa_passed", n=points, tile=m(f"bonus.{pick}"),
                      position=position))
    rebuild_deck(ctx)


@steps
def rebuild_deck(ctx: Ctx, answer: bool = True) -> None:
    """Her cards of the round and the top Reserve card become next round's deck."""
    deck = ctx.piles["deck"]
    for pile in ("action", "support"):
        for c in ctx.piles[pile].take_all():
            deck.put_top(c)
    added = None
    if ctx.piles["reserve"]:
        added = ctx.piles["reserve"].draw()
        deck.put_top(added)
    shuffle_deck(ctx)
    ctx.log(AUTOMA, k("log.deck_rebuilt"), {"cards": len(deck),
                                             "added": data.card(added)["number"] if added else 0})
    ctx.then("await_turn")


@steps
def round_end(ctx: Ctx) -> None:
    """Everyone has passed: clean-up of the round (Phase III), then the next round."""
    ctx.log(AUTOMA, k("log.round_end"), {"round": round_no(ctx), "score": ctx.data["score"]})
    if round_no(ctx) >= LAST_ROUND:
        ctx.then("final_area")
        return
    set_notice(ctx, m("notice.round_end", round=round_no(ctx), next=round_no(ctx) + 1))
    next_round(ctx)


@steps
def next_round(ctx: Ctx, answer: bool = True) -> None:
    """Turn order by passing order: whoever passed first starts the next round."""
    d = ctx.data
    d["automa_first"] = bool(d["pass_order"]) and d["pass_order"][0] == "automa"
    d["round"] += 1
    d["first_turn"] = True
    d["passed"] = False
    d["humans_passed"] = 0
    d["pass_order"] = []
    ctx.log(AUTOMA, k("log.round_start"), {"round": d["round"]})
    ctx.then("await_turn")


# --- End of game ----------------------------------------------------------------------------

def best_sailing(ctx: Ctx) -> int:
    """The highest Sailing value on her Difficulty Level card (used for Area scoring)."""
    return max(int(v) for v in data.levels()[ctx.data["difficulty"]]["sailing"])


@steps
def final_area(ctx: Ctx) -> None:
    """Area scoring as for a player, her Reach using her highest Sailing value."""
    ctx.data["final"] = {"before": ctx.data["score"]}
    ctx.ask(prompts.count(k("prompt.final_area"), 0, MAX_AREA_POINTS,
                          {"reach": best_sailing(ctx), "notice": take_notice(ctx)}, default=0,
                          ui={"game": data.GAME_ID}), final_science)


@steps
def final_science(ctx: Ctx, answer: int) -> None:
    """Science scoring as for a player (her levels are shown)."""
    ctx.data["score"] += answer
    ctx.data["final"]["area"] = answer
    ctx.log(AUTOMA, k("log.final_area"), {"n": answer, "score": ctx.data["score"]})
    lv = ctx.data["disciplines"]
    ctx.ask(prompts.count(k("prompt.final_science"), 0, MAX_SCIENCE_POINTS, {
        **{x: lv[x] for x in data.DISCIPLINES}}, default=0, ui={"game": data.GAME_ID}),
        final_faction)


@steps
def final_faction(ctx: Ctx, answer: int) -> None:
    """Faction end-game scoring; no Resource scoring for her."""
    d = ctx.data
    d["score"] += answer
    d["final"]["science"] = answer
    ctx.log(AUTOMA, k("log.final_science"), {"n": answer, "score": d["score"]})
    per = faction(ctx).get("end_points_per_building", 0)
    extra = 0
    if per:
        built = sum(int(b["count"]) - d["supply"][kind]
                    for kind, b in data.base()["buildings"].items())
        extra = per * built
        d["score"] += extra
        ctx.log(AUTOMA, k("log.final_faction"), {"n": extra, "buildings": built,
                                                  "score": d["score"]})
    d["final"]["faction"] = extra
    if d["faction"] == "gognomes":
        ctx.ask(prompts.confirm(k("prompt.final_gognomes"), ui={"game": data.GAME_ID}),
                final_done)
        return
    final_done(ctx)


@steps
def final_done(ctx: Ctx, answer: bool = True) -> None:
    """The game is over: her final score."""
    ctx.log(AUTOMA, k("log.final"), {"score": ctx.data["score"]})
    ctx.finish()
