"""Passing, the end of a round and the end of the game (rulebook "Passing", "End of Game").

When she passes: the current Round Score tile's fixed points (once); the round bonus tile the
Support card's arrow picks (coins back to the supply, her old tile in its place); her cards of
the round plus the top Reserve card shuffled into next round's deck, the bottom two sideways;
her turn-order marker to the topmost free space.
"""

from __future__ import annotations

from automa.core import prompts
from automa.core.records import MessageRef

from . import data
from .state import (
    FINAL,
    FINAL_TURN,
    ROUND_END_TURN,
    TOP_LEVEL,
    Ctx,
    add_score,
    add_steps,
    faction,
    final,
    k,
    m,
    round_no,
    round_tile,
    round_tile_points,
    say,
    set_turn,
    shuffle_deck,
    steps,
    steps_ui,
    support_card,
    two_players,
)

LAST_ROUND = 6
MAX_AREA_POINTS = 60
MAX_SCIENCE_POINTS = 60
MAX_FACTION_POINTS = 60


@steps
def automa_pass(ctx: Ctx) -> None:
    """Score the round tile once (Racelings: twice when first to pass), then take a tile."""
    d = ctx.data
    first = not d["pass_order"]
    points = round_tile_points(ctx)
    add_score(d, points)
    tile = round_tile(ctx)
    say(ctx, "log.pass_points", {"n": points, "score": d["score"],
                                 "tile": m(f"tile_of.{tile['kind']}", n=tile["number"])},
        icon="pass")
    if first and "first_pass_scores_twice" in faction(ctx).get("ongoing", []):
        add_score(d, points)
        say(ctx, "log.pass_points_again", {"n": points, "score": d["score"]}, icon="vp")
    d["passed"] = True
    d["pass_order"].append("automa")
    position = len(d["pass_order"])
    if round_no(ctx) >= LAST_ROUND or not ctx.piles["support"]:
        ctx.then("await_turn")
        return
    pick = support_card(ctx)["bonus"]
    say(ctx, "log.pass_bonus", {"tile": m(f"bonus.{pick}")}, icon="card",
        why={"rule": k("rule.bonus_arrow"), "pick": pick})
    say(ctx, "log.turn_order", {"position": position, "round": round_no(ctx) + 1}, icon="move")
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
    if added:
        say(ctx, "log.deck_rebuilt", {"cards": len(deck), "added": data.card(added)["number"]},
            icon="shuffle")
    else:
        say(ctx, "log.deck_rebuilt_no_reserve", {"cards": len(deck)}, icon="shuffle")
    ctx.then("await_turn")


@steps
def round_end(ctx: Ctx) -> None:
    """Everyone has passed: clean-up of the round (Phase III), then the next round."""
    rnd = round_no(ctx)
    set_turn(ctx, rnd, ROUND_END_TURN)
    say(ctx, "log.round_end", {"round": rnd, "score": ctx.data["score"]})
    if rnd >= LAST_ROUND:
        ctx.then("final_area")
        return
    # Rulebook "Phase III": the Automa Round Score tile is removed, not flipped.
    add_steps(ctx, m("step.remove_round_tile", round=rnd), m("step.remove_x_tokens"),
              m("step.bonus_coins"), m("step.income", round=rnd + 1))
    next_round(ctx)


@steps
def next_round(ctx: Ctx, answer: bool = True) -> None:
    """Turn order by passing order: whoever passed first starts the next round."""
    d = ctx.data
    order = d["pass_order"]
    d["automa_position"] = order.index("automa") + 1 if "automa" in order else (
        3 if two_players(ctx) else 2)
    d["round"] += 1
    d["first_turn"] = True
    d["passed"] = False
    d["humans_passed"] = 0
    d["pass_order"] = []
    set_turn(ctx, d["round"])
    say(ctx, "log.round_start", {"round": d["round"]})
    ctx.then("await_turn")


# --- End of game ----------------------------------------------------------------------------

def best_sailing(ctx: Ctx) -> int:
    """The highest Sailing value on her Difficulty Level card (used for Area scoring)."""
    return max(int(v) for v in data.levels()[ctx.data["difficulty"]]["sailing"])


@steps
def final_area(ctx: Ctx) -> None:
    """Area scoring as for a player, her Reach using her highest Sailing value."""
    ctx.phase = FINAL
    ctx.turn = FINAL_TURN
    ctx.data["final"] = {"before": ctx.data["score"]}
    ctx.ask(prompts.count(k("prompt.final_area"), 0, MAX_AREA_POINTS,
                          {"reach": best_sailing(ctx)}, default=0,
                          ui=steps_ui(ctx, {"game": data.GAME_ID, "rule": m("rule.area")})),
            final_area_done)


@steps
def final_area_done(ctx: Ctx, answer: int) -> None:
    """Her Area points; then Science scoring (computed, or asked in the advanced reading)."""
    add_score(ctx.data, answer)
    final(ctx)["area"] = answer
    say(ctx, "log.final_area", {"n": answer, "score": ctx.data["score"]}, icon="vp")
    lv = ctx.data["disciplines"]
    levels = {x: lv[x] for x in data.DISCIPLINES}
    if ctx.options.get("science_scoring", "computed") == "ask":
        ctx.ask(prompts.count(k("prompt.final_science"), 0, MAX_SCIENCE_POINTS, levels,
                              default=0, ui={"game": data.GAME_ID}), final_science)
        return
    items = human_items(ctx)
    default = {item: ctx.data["human_levels"][item.split(":")[0]] for item in items}
    ctx.ask(prompts.values(k("prompt.final_levels_two" if two_players(ctx)
                             else "prompt.final_levels"), items, list(range(TOP_LEVEL + 1)),
                           levels, labels=[item_label(item) for item in items],
                           default=default, ui={"game": data.GAME_ID,
                                                "rule": m("rule.science_scoring")}),
            final_levels)


def human_items(ctx: Ctx) -> list[str]:
    """The human markers asked at the end: one per discipline (and per player, with two)."""
    if two_players(ctx):
        return [f"{x}:{p}" for x in data.DISCIPLINES for p in (1, 2)]
    return list(data.DISCIPLINES)


def item_label(item: str) -> MessageRef:
    """"Banking" or "Banking, player 2"."""
    name, _, player = item.partition(":")
    d = m(f"discipline.{name}")
    return m("discipline_of_player", d=d, n=int(player)) if player else d


def science_points(hers: int, others: list[int]) -> int:
    """Her Science points in one discipline: the places she shares are summed and split,
    rounded down; a marker on 0 scores nothing (base game Science scoring, ``base.toml``:
    8, 4 and 2 points for the first three places).

    >>> science_points(5, [3, 2])  # first alone
    8
    >>> science_points(5, [5, 2])  # first and second shared: (8 + 4) // 2
    6
    >>> science_points(5, [7, 5, 5])  # second to fourth shared: (4 + 2 + 0) // 3
    2
    >>> science_points(0, [1])
    0
    """
    table = [int(p) for p in data.base()["science_points"]]
    if hers <= 0:
        return 0
    ahead = sum(1 for o in others if o > hers)
    tied = sum(1 for o in others if o == hers)
    shared = table[ahead:ahead + tied + 1]
    return sum(shared) // (tied + 1)


@steps
def final_levels(ctx: Ctx, answer: dict[str, int]) -> None:
    """Compute her Science points from her levels and the humans' final levels."""
    hers = ctx.data["disciplines"]
    total = 0
    for x in data.DISCIPLINES:
        others = [v for item, v in answer.items() if item.split(":")[0] == x]
        total += science_points(hers[x], others)
        ctx.data["human_levels"][x] = max(others)
    final_science(ctx, answer=total)


@steps
def final_science(ctx: Ctx, answer: int) -> None:
    """Her Science points; then faction end-game scoring (no Resource scoring for her)."""
    d = ctx.data
    add_score(d, answer)
    final(ctx)["science"] = answer
    say(ctx, "log.final_science", {"n": answer, "score": d["score"]}, icon="vp")
    per = faction(ctx).get("end_points_per_building", 0)
    extra = 0
    if per:
        built = sum(int(b["count"]) - d["supply"][kind]
                    for kind, b in data.base()["buildings"].items())
        extra = per * built
        add_score(d, extra)
        say(ctx, "log.final_faction", {"n": extra, "buildings": built, "score": d["score"]},
            icon="vp")
    final(ctx)["faction"] = extra
    # The Gognomes (factions.toml: setup = ["achievements"]) score their achievement
    # tiles at the game end; the player counts them on the board.
    if "achievements" in faction(ctx).get("setup", []):
        ctx.ask(prompts.count(k("prompt.final_gognomes"), 0, MAX_FACTION_POINTS, default=0,
                              ui={"game": data.GAME_ID, "rule": m("faction_rules.gognomes")}),
                final_achievements)
        return
    final_done(ctx)


@steps
def final_achievements(ctx: Ctx, answer: int) -> None:
    """Gognomes: her achievement points enter her final score (faction end-game scoring)."""
    d = ctx.data
    add_score(d, answer)
    final(ctx)["faction"] += answer
    say(ctx, "log.final_achievements", {"n": answer, "score": d["score"]}, icon="vp")
    final_done(ctx)


@steps
def final_done(ctx: Ctx, answer: bool = True) -> None:
    """The game is over: her final score."""
    say(ctx, "log.final", {"score": ctx.data["score"]})
    ctx.finish()

