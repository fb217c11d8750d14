"""Game setup for the Automa (rulebook "Game Setup" steps 1-12, and the 2-player variant)."""

from __future__ import annotations

from typing import Any

from automa.core import prompts
from automa.core.game import Ctx

from . import data
from .state import (
    SETUP,
    TOP_LEVEL,
    discipline,
    faction,
    initial_data,
    k,
    m,
    say,
    shuffle_deck,
    steps,
    terrain,
    two_players,
)

MAX_TILE_DRAWS = 50


@steps
def setup(ctx: Ctx) -> None:
    """Steps 1-5: difficulty, the Automa round score tiles and final tile, palace tiles, order
    (her state as :func:`initial_data` builds it; the 2-player variant plays The Simpletons)."""
    opts = ctx.options
    humans = 2 if opts["variant"] == "two_players" else 1
    chosen = "simpletons" if humans == 2 else opts["faction"]
    ctx.data.update(initial_data(opts["difficulty"], chosen, humans))
    ctx.phase = SETUP
    ids = sorted(data.decision_cards())
    ctx.piles.create("deck")
    ctx.piles.create("reserve", ids)
    ctx.piles.create("action")
    ctx.piles.create("support")
    _draw_round_tiles(ctx)
    if humans == 2 and opts["faction"] != "simpletons":
        say(ctx, "log.two_player_simpletons", {"asked": m(f"faction.{opts['faction']}")})
    lvl = data.levels()[ctx.data["difficulty"]]
    # 2-player variant: the board as for two (the Automa rules' "Set up the game for 2
    # players"), or, in the advanced reading, as for three (README, "two_player_board").
    board = "three" if humans == 2 and opts.get("two_player_board") == "three" else "two"
    ctx.ask(prompts.confirm(k(f"setup.board_{board}"), ui={
        "game": data.GAME_ID, "rule": m("rule.no_two_player_rules"),
        "steps": [
            m("setup_step.difficulty", level=m(f"difficulty.{lvl['id']}")),
            m("setup_step.round_tiles",
              tiles=", ".join(str(data.tiles()[t]["number"]) for t in ctx.data["round_tiles"])),
            m("setup_step.final_tile", final=data.tiles()[ctx.data["final_tile"]]["number"]),
            m("setup_step.palace_tiles"),
            m("order_setup.two" if humans == 2 else "order_setup.one"),
        ]}), setup_player_faction)


def _draw_round_tiles(ctx: Ctx) -> None:
    """Six random Automa round score tiles; the Spade tile never in round 5 or 6."""
    round_ids = sorted(t for t, v in data.tiles().items() if v["kind"] == "round")
    finals = sorted(t for t, v in data.tiles().items() if v["kind"] == "final")
    spade = {t for t in round_ids if data.tiles()[t]["spade"]}
    for _ in range(MAX_TILE_DRAWS):
        drawn = ctx.rng.shuffle(round_ids)[:6]
        if not spade & set(drawn[4:]):
            break
    else:  # pragma: no cover - vanishingly unlikely; move the Spade tile to round 1
        drawn = sorted(drawn, key=lambda t: t not in spade)
    ctx.data["round_tiles"] = drawn
    ctx.data["final_tile"] = ctx.rng.choice(finals)


@steps
def setup_player_faction(ctx: Ctx, answer: bool) -> None:
    """Step 6: the player's faction-choice procedure, then the player's native terrain(s)."""
    if two_players(ctx):
        ctx.ask(prompts.confirm(k("setup.player_faction_two"), ui={"game": data.GAME_ID}),
                setup_ask_terrains)
        return
    ctx.ask(prompts.confirm(k("setup.player_faction"), ui={
        "game": data.GAME_ID,
        "steps": [m(f"setup_step.faction_{i}") for i in range(1, 5)]}), setup_ask_terrains)


@steps
def setup_ask_terrains(ctx: Ctx, answer: bool) -> None:
    """Ask the human native terrain(s): the Automa's must differ."""
    humans = ctx.data["humans"]
    labels = [terrain(t) for t in data.TERRAINS]
    if humans == 1:
        prompt = prompts.pick_one(k("setup.your_terrain"), list(data.TERRAINS), labels=labels)
    else:
        prompt = prompts.pick_subset(k("setup.your_terrains"), list(data.TERRAINS),
                                     labels=labels, lo=2, hi=2)
    ctx.ask(prompt, setup_native_terrain)


@steps
def setup_native_terrain(ctx: Ctx, answer: Any) -> None:
    """Step 8: her native terrain, chosen or drawn from the ATP cards (never the player's)."""
    ctx.data["player_terrains"] = [answer] if isinstance(answer, str) else list(answer)
    free = [t for t in data.TERRAINS if t not in ctx.data["player_terrains"]]
    if ctx.options["random_terrain"]:
        native = ctx.rng.choice(free)
        say(ctx, "log.native_drawn", {"terrain": terrain(native)})
        setup_native_set(ctx, native)
        return
    ctx.ask(prompts.pick_one(k("setup.native_terrain"), free, labels=[terrain(t) for t in free]),
            setup_native_set)


@steps
def setup_native_set(ctx: Ctx, answer: str) -> None:
    """Step 7: her faction with its setup advances; Symbionts also get a youth terrain."""
    ctx.data["native"] = answer
    fac = faction(ctx)
    for d in fac["advances"]:  # (a level corrected to the top before setup stays there)
        ctx.data["disciplines"][d] = min(TOP_LEVEL, ctx.data["disciplines"][d] + 1)
    advances = [discipline(d) for d in fac["advances"]]
    say(ctx, "log.faction", {"faction": m(f"faction.{fac['id']}"), "terrain": terrain(answer),
                             "advances": advances})
    if "youth_terrain" not in fac.get("setup", []):
        setup_components(ctx)
        return
    # The youth terrain is settled like her native one: chosen, or drawn in the random variant.
    free = [t for t in data.TERRAINS if t not in ctx.data["player_terrains"] and t != answer]
    if ctx.options["random_terrain"]:
        setup_youth_set(ctx, answer=ctx.rng.choice(free))
        return
    ctx.ask(prompts.pick_one(k("setup.youth_terrain"), free, labels=[terrain(t) for t in free],
                             ui={"game": data.GAME_ID, "rule": m("faction_rules.symbionts")}),
            setup_youth_set)


@steps
def setup_youth_set(ctx: Ctx, answer: str) -> None:
    """Symbionts: her youth terrain (its Terrain Priority card places her Tools)."""
    ctx.data["youth"] = answer
    say(ctx, "log.youth_drawn" if ctx.options["random_terrain"] else "log.youth",
        {"terrain": terrain(answer)})
    setup_components(ctx)


def setup_components(ctx: Ctx) -> None:
    """Step 10: her components, markers and faction setup (instructions for the table)."""
    fac = faction(ctx)
    advances_ref = [discipline(d) for d in data.DISCIPLINES for _ in
                    range(fac["advances"].count(d))]
    ctx.ask(prompts.confirm(k("setup.automa_components"), {
        "faction": m(f"faction.{fac['id']}"), "terrain": terrain(ctx.data["native"])},
        ui={"game": data.GAME_ID, "rule": m(f"faction_rules.{fac['id']}"), "steps": [
            m("setup_step.buildings"),
            m("setup_step.science", advances=advances_ref),
            m("setup_step.score"),
            m("setup_step.turn_order", place=3 if two_players(ctx) else 2),
            m("setup_step.faction_card"),
        ]}), setup_bonus_tiles)


@steps
def setup_bonus_tiles(ctx: Ctx, answer: bool) -> None:
    """Step 9: round bonus tiles (2-player variant: a random unselected tile for her)."""
    if two_players(ctx):
        ctx.ask(prompts.confirm(k("setup.bonus_two"), ui={"game": data.GAME_ID, "steps": [
            m("setup_step.bonus_two_1"), m("setup_step.bonus_two_2")]}), setup_first_workshops)
        return
    ctx.ask(prompts.confirm(k("setup.bonus"), ui={"game": data.GAME_ID, "steps": [
        m("setup_step.bonus_1"), m("setup_step.bonus_2"), m("setup_step.bonus_3"),
        m("setup_step.bonus_4")]}), setup_first_workshops)


@steps
def setup_first_workshops(ctx: Ctx, answer: bool) -> None:
    """Step 11: the first Workshops from a random Decision card's setup letters."""
    drawn = ctx.rng.choice(sorted(data.decision_cards()))
    c = data.card(drawn)
    ctx.data["setup_card"] = drawn
    ctx.data["marked"] = 1
    ctx.data["unmarked"] = 1
    # from her supply (a correction made during setup may have emptied it already)
    ctx.data["supply"]["workshop"] = max(0, ctx.data["supply"]["workshop"] - 2)
    say(ctx, "log.first_workshops", {"card": c["number"], "marked": c["setup_marked"],
                                     "unmarked": c["setup_unmarked"]})
    two = "_two" if two_players(ctx) else ""
    where = {"marked": c["setup_marked"], "unmarked": c["setup_unmarked"],
             "terrain": terrain(ctx.data["native"])}
    ctx.ask(prompts.confirm(k("setup.workshops"), {"card": c["number"]}, ui={
        "game": data.GAME_ID, "card": drawn, "highlight": ["setup"], "steps": [
            m(f"setup_step.first_workshop{two}"),
            m("setup_step.setup_card"),
            m("setup_step.her_workshops", **where),
            m("setup_step.power_token", marked=c["setup_marked"]),
            m(f"setup_step.second_workshop{two}"),
        ]}), setup_deck)


@steps
def setup_deck(ctx: Ctx, answer: bool) -> None:
    """Step 12: the starting deck, the reserve deck and the difficulty adjustment."""
    adjust = data.levels()[ctx.data["difficulty"]]["deck"]
    reserve = ctx.piles["reserve"]
    deck = ctx.piles["deck"]
    starting = [c for c, v in data.decision_cards().items() if v["starting"]]
    extra = [data.card_by_number(n) for n in adjust["add"]]
    for c in sorted(starting) + extra:
        ctx.piles.move(c, "reserve", "deck")
    reserve.shuffle(ctx.rng)
    for n in adjust["remove"]:
        ctx.piles.move(data.card_by_number(n), "deck", "reserve")  # on top of the reserve
    for _ in range(adjust["add_random"]):
        top = reserve.draw()
        deck.put_top(top)
    shuffle_deck(ctx)
    say(ctx, "log.deck_ready", {"cards": len(deck), "reserve": len(reserve)})
    ctx.then("await_turn")
