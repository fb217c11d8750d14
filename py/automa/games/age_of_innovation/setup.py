"""Game setup for the Automa (rulebook "Game Setup" steps 1-12, and the 2-player variant).

Every random draw of the set-up (her Round Score tiles and Final tile, the Palace tiles, your
faction offer, the round bonus tiles) is shown as a picture with two answers: "Done" (one tap:
the app's draw is on the table) or "I drew mine" (the player enters the tiles, one a question,
the app's draw suggested), after which the question comes back with the tiles entered.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal, TypedDict

from automa.core import prompts
from automa.core.prompts import Prompt
from automa.core.records import MessageRef, Params, Ui
from automa.core.rng import Rng

from . import data
from .state import (
    PLAYER,
    SETUP,
    TOP_LEVEL,
    Ctx,
    discipline,
    faction,
    initial_data,
    k,
    m,
    native,
    round_tile_allowed,
    say,
    shuffle_deck,
    steps,
    terrain,
    tiles_beyond_box,
    tiles_of,
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
    ask_board(ctx)


def ask_board(ctx: Ctx, palace: list[int] | None = None) -> None:
    """Steps 1-5 on the table, with her Round Score tiles and the Palace tiles as drawn (by
    the app, or as the player entered them)."""
    humans = ctx.data["humans"]
    lvl = data.levels()[ctx.data["difficulty"]]
    palace = palace or sorted(_draw(ctx, "palace"))
    # 2-player variant: the board as for two (the Automa rules' "Set up the game for 2
    # players"), or, in the advanced reading, as for three (README, "two_player_board").
    board = "three" if humans == 2 and ctx.options.get("two_player_board") == "three" else "two"
    ctx.ask(_drawn(k(f"setup.board_{board}"), {
        "rule": m("rule.no_two_player_rules"),
        "steps": [
            m("setup_step.difficulty", level=m(f"difficulty.{lvl['id']}")),
            m("setup_step.round_tiles",
              tiles=", ".join(str(data.tiles()[t]["number"]) for t in ctx.data["round_tiles"])),
            m("setup_step.final_tile", final=data.tiles()[ctx.data["final_tile"]]["number"]),
            m("setup_step.palace_drawn", a=palace[0], b=palace[1]),
            m("order_setup.two" if humans == 2 else "order_setup.one"),
        ],
        "cards": [{"card": data.score_picture(ctx.data["round_tiles"], ctx.data["final_tile"]),
                   "role": m("picture.score")},
                  {"card": data.palace_picture(palace), "role": m("picture.palace")}],
    }), setup_player_faction, palace=palace)


# --- the set-up draws: the app's, or what the player drew from the box ----------------------
DRAW = True
"""The one-tap answer of a set-up draw: what the picture shows is on the table."""
ENTER = "enter"
"""The other answer: the player drew from the box and enters what they drew."""
SALT = {"palace": 0x50A1ACE, "planning": 0x91A4, "faction": 0xFAC7, "bonus": 0xB0B5}


def _drawn(key: str, ui: Ui, params: Params | None = None) -> Prompt:
    """A set-up question whose picture shows a draw: "Done" (one tap) or "I drew mine"."""
    return prompts.pick_one(key, [DRAW, ENTER], params,
                            labels=[m("draw.done"), m("draw.enter")], default=DRAW,
                            ui={"game": data.GAME_ID, **ui})


def _side_rng(ctx: Ctx, pool: str) -> Rng:
    """A generator for one kind of set-up draw, derived from the session's without moving
    it: these draws came after the game's first version, and every draw it made before them
    (her tiles, her cards) stays what it was for the same seed, so older saves replay."""
    s = ctx.state["rng"]
    return Rng.from_seed(((s[0] << 32) | s[1]) ^ ((s[2] << 32) | s[3]) ^ SALT[pool])


def _draw(ctx: Ctx, pool: str, extra: int = 0) -> list[int]:
    """The numbers of a random draw from a pool (and ``extra`` more drawn after them)."""
    return _side_rng(ctx, pool).shuffle(_numbers(pool))[:data.pools()[pool]["drawn"] + extra]


def _offer(ctx: Ctx) -> data.Offer:
    """Step 6: 3 random Planning displays with 2 random Faction tiles on each."""
    displays = [data.TERRAINS[n - 1] for n in _draw(ctx, "planning")]
    tiles = _draw(ctx, "faction")
    pairs = [sorted(tiles[2 * i:2 * i + 2]) for i in range(len(displays))]
    return [(t, a, b) for t, (a, b) in zip(displays, pairs, strict=True)]


def _numbers(pool: str) -> list[int]:
    """Every tile number of a pool."""
    return list(range(1, data.pools()[pool]["count"] + 1))


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


# --- entering what the player drew: one tile a question, never one taken twice --------------
Entry = Literal["round", "final", "palace", "faction", "bonus"]
"""What an entry asks: her Round Score tiles, her Final tile, the Palace tiles, the Faction
tiles of the offer, the round bonus tiles."""


class Kept(TypedDict, total=False):
    """What a set-up question goes back with once its tiles are entered."""

    palace: list[int]
    """The Palace tiles drawn (entering hers comes first)."""
    planning: list[str]
    """The 3 Planning displays entered (their Faction tiles are entered next)."""
    offer: list[list[Any]]
    """The faction offer before (a display, its two Faction tiles)."""
    row: list[int]
    """The round bonus tiles in the row before."""
    hers: int | None
    """Her own round bonus tile before (2-player variant), or None."""


Question = tuple[str, Params, Any]
"""A slot's question: its message id, its parameters, and the app's draw as its default."""


@dataclass(frozen=True)
class EntryKind:
    """One kind of entry of what the player drew: its questions, one tile each, and what the
    tiles go to once all are entered."""

    slots: Callable[[Kept], int]
    """How many tiles it asks."""
    choices: Callable[[int, list[Any]], list[Any]]
    """The tiles a slot's question offers, given those entered before: never one taken."""
    question: Callable[[Ctx, int, Kept], Question]
    """A slot's message id, its parameters, and the app's draw as its default."""
    faces: Callable[[int, list[Any]], list[str]]
    """Each tile offered as the Done screen draws it (its picture id), one tap each."""
    entered: Callable[[Ctx, list[Any], Kept], None]
    """What comes once every tile is entered."""
    held: Callable[[Kept], bool] = lambda keep: _palace_held(keep)
    """Whether what it goes back with holds what it needs, tiles the box can give (a saved
    question's, :func:`beyond_box`); all but two go back with the Palace tiles alone."""
    numbered: bool = False
    """Score tiles, each named by its number (a pool's tiles are their numbers already)."""


def _palace_held(keep: Kept) -> bool:
    return not keep.get("palace") or _distinct(keep.get("palace", []), "palace")


def _faction_held(keep: Kept) -> bool:
    planning = keep.get("planning", [])
    return (len(planning) == 3 and len(set(planning)) == 3
            and all(t in data.TERRAINS for t in planning)
            and (not keep.get("offer") or _offer_held(keep.get("offer", []))))


def _bonus_held(keep: Kept) -> bool:
    hers = keep.get("hers")
    return ("row" in keep and "hers" in keep and len(keep["row"]) == _taken("bonus")
            and _distinct([*keep["row"], *([hers] if hers is not None else [])], "bonus",
                          _taken("bonus") + (hers is not None)))


def _free(pool: str) -> Callable[[int, list[Any]], list[Any]]:
    return lambda slot, chosen: [n for n in _numbers(pool) if n not in chosen]


def _pool_faces(pool: str) -> Callable[[int, list[Any]], list[str]]:
    return lambda slot, choices: [data.number_picture(pool, int(n)) for n in choices]


def _round_question(ctx: Ctx, slot: int, keep: Kept) -> Question:
    return "setup.enter_round", {"n": slot + 1}, ctx.data["round_tiles"][slot]


def _round_entered(ctx: Ctx, chosen: list[Any], keep: Kept) -> None:
    ctx.data["round_tiles"] = chosen
    ask_entry(ctx, "final", [], keep)


def _final_question(ctx: Ctx, slot: int, keep: Kept) -> Question:
    return "setup.enter_final", {}, ctx.data["final_tile"]


def _final_entered(ctx: Ctx, chosen: list[Any], keep: Kept) -> None:
    ctx.data["final_tile"] = chosen[-1]
    say(ctx, "log.entered_round_tiles", {
        "tiles": ", ".join(str(data.tiles()[t]["number"]) for t in ctx.data["round_tiles"]),
        "final": data.tiles()[chosen[-1]]["number"]}, actor=PLAYER)
    ask_entry(ctx, "palace", [], keep)


def _palace_question(ctx: Ctx, slot: int, keep: Kept) -> Question:
    drawn = keep["palace"]
    return "setup.enter_palace", {"n": slot + 1}, drawn[slot] if drawn else None


def _faction_question(ctx: Ctx, slot: int, keep: Kept) -> Question:
    display = keep["planning"][slot // 2]
    before = {t: (a, b) for t, a, b in _as_offer(keep["offer"])}
    return "setup.enter_faction", {"terrain": terrain(display), "i": slot % 2 + 1}, \
        before[display][slot % 2] if display in before else None


def _faction_entered(ctx: Ctx, chosen: list[Any], keep: Kept) -> None:
    ask_offer(ctx, [(t, *sorted(chosen[2 * i:2 * i + 2])) for i, t in enumerate(keep["planning"])])


def _bonus_question(ctx: Ctx, slot: int, keep: Kept) -> Question:
    row, hers = keep["row"], keep["hers"]
    if slot == len(row):
        return "setup.enter_bonus_hers", {}, hers
    first = slot == 0 and hers is None
    return "setup.enter_bonus_first" if first else "setup.enter_bonus", {"n": slot + 1}, \
        row[slot]


def _bonus_entered(ctx: Ctx, chosen: list[Any], keep: Kept) -> None:
    row = chosen[:len(keep["row"])]
    ask_bonus(ctx, row, chosen[-1] if keep["hers"] is not None else None)


ENTRIES: dict[Entry, EntryKind] = {
    # her Round Score tiles as round_tile_allowed says; rounds 4-6 drawn with the later points
    "round": EntryKind(
        lambda keep: 6,
        lambda slot, chosen: [t for t in tiles_of("round") if round_tile_allowed(t, slot, chosen)],
        _round_question,
        lambda slot, choices: [data.tile_picture(t, slot >= 3) for t in choices],
        _round_entered, numbered=True),
    "final": EntryKind(
        lambda keep: 1, lambda slot, chosen: tiles_of("final"), _final_question,
        lambda slot, choices: [data.tile_picture(t, True) for t in choices],
        _final_entered, numbered=True),
    "palace": EntryKind(
        lambda keep: 2, _free("palace"), _palace_question, _pool_faces("palace"),
        lambda ctx, chosen, keep: ask_board(ctx, sorted(chosen))),
    "faction": EntryKind(
        lambda keep: 6, _free("faction"), _faction_question, _pool_faces("faction"),
        _faction_entered, held=_faction_held),
    "bonus": EntryKind(
        lambda keep: len(keep["row"]) + (keep["hers"] is not None), _free("bonus"),
        _bonus_question, _pool_faces("bonus"), _bonus_entered, held=_bonus_held),
}
"""The five kinds of entry, by what they ask (issue 50: one table, not a string through
helpers)."""


def ask_entry(ctx: Ctx, what: Entry, chosen: list[Any], keep: Kept) -> None:
    """Ask the next tile the player drew (``what``: one of :data:`ENTRIES`; ``keep``: what
    the set-up question goes back with)."""
    kind, slot = ENTRIES[what], len(chosen)
    choices = kind.choices(slot, chosen)
    key, params, default = kind.question(ctx, slot, keep)
    labels = [m("picture.tile", n=data.tiles()[t]["number"]) for t in choices] \
        if kind.numbered else None
    ctx.ask(prompts.pick_one(k(key), choices, params, labels=labels,
                             default=default if default in choices else None,
                             ui={"game": data.GAME_ID, "faces": kind.faces(slot, choices)}),
            setup_entered, what=what, chosen=chosen, keep=keep)


@steps
def setup_entered(ctx: Ctx, answer: Any, what: Entry, chosen: list[Any],
                  keep: Kept) -> None:
    """One tile entered: the next, or, with all of them, what they were entered for."""
    chosen = [*chosen, answer]
    if len(chosen) < ENTRIES[what].slots(keep):
        ask_entry(ctx, what, chosen, keep)
    else:
        ENTRIES[what].entered(ctx, chosen, keep)


@steps
def setup_entered_planning(ctx: Ctx, answer: list[str], offer: list[list[Any]]) -> None:
    """The 3 Planning displays drawn; then their Faction tiles, one by one."""
    ask_entry(ctx, "faction", [], {"planning": answer, "offer": offer})


@steps
def setup_player_faction(ctx: Ctx, answer: Any, palace: list[int] | None = None) -> None:
    """After steps 1-5 (or the player enters the tiles drawn from the box); step 6: the
    faction offer."""
    if answer == ENTER:
        ask_entry(ctx, "round", [], {"palace": palace or []})
        return
    if palace:
        say(ctx, "log.palace", {"a": palace[0], "b": palace[1]}, actor=PLAYER)
    ask_offer(ctx)


def ask_offer(ctx: Ctx, offer: data.Offer | None = None) -> None:
    """Step 6: the faction offer as drawn (by the app, or as entered). In the 2-player variant
    both of you choose from it (README, rules readings)."""
    offer = offer or _offer(ctx)
    sets = [m("offer_set", terrain=terrain(t), a=a, b=b) for t, a, b in offer]
    two = two_players(ctx)
    steps_ = [m("setup_step.offer_drawn", sets=sets),
              m("setup_step.faction_3_two" if two else "setup_step.faction_3"),
              m("setup_step.faction_4")]
    ctx.ask(_drawn(k("setup.player_faction_two" if two else "setup.player_faction"), {
        "steps": steps_,
        "cards": [{"card": data.offer_picture(offer), "role": m("picture.offer")}],
    }), setup_ask_terrains, offer=[list(x) for x in offer])


def _as_offer(raw: list[list[Any]]) -> data.Offer:
    return [(str(t), int(a), int(b)) for t, a, b in raw]


@steps
def setup_ask_terrains(ctx: Ctx, answer: Any, offer: list[list[Any]] | None = None) -> None:
    """Ask the human native terrain(s): the Automa's must differ (or the player enters the
    faction offer drawn from the box)."""
    chips: Ui = {"game": data.GAME_ID}  # (each terrain with its colour chip)
    if answer == ENTER:
        ctx.ask(prompts.pick_subset(k("setup.enter_planning"), list(data.TERRAINS),
                                    labels=[terrain(t) for t in data.TERRAINS], lo=3, hi=3,
                                    default=[t for t, _, _ in offer or []] or None, ui=chips),
                setup_entered_planning, offer=offer or [])
        return
    if offer:
        say(ctx, "log.offer", {"sets": [m("offer_set", terrain=terrain(t), a=a, b=b)
                                        for t, a, b in _as_offer(offer)]}, actor=PLAYER)
    # Step 6: "Choose a set, take the corresponding Planning display": the question shows the
    # displays on offer only. It still takes any terrain, as before the offer was drawn: a
    # game saved then replays with its answers.
    shown = [t for t in data.TERRAINS if t in {str(x[0]) for x in offer or []}]
    if shown:
        chips["shown"] = shown
    labels = [terrain(t) for t in data.TERRAINS]
    if ctx.data["humans"] == 1:
        prompt = prompts.pick_one(k("setup.your_terrain"), list(data.TERRAINS), labels=labels,
                                  ui=chips)
    else:
        prompt = prompts.pick_subset(k("setup.your_terrains"), list(data.TERRAINS),
                                     labels=labels, lo=2, hi=2, ui=chips)
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
    ctx.ask(prompts.pick_one(k("setup.native_terrain"), free, labels=[terrain(t) for t in free],
                             ui={"game": data.GAME_ID}), setup_native_set)


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
        "faction": m(f"faction.{fac['id']}"), "terrain": terrain(native(ctx))},
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
    ask_bonus(ctx)


def _bonus_draw(ctx: Ctx) -> tuple[list[int], int | None]:
    """5 random round bonus tiles in a row (solo: the first is hers); in the 2-player variant
    her own tile is a random one of those left in the box (the next one drawn)."""
    if not two_players(ctx):
        return _draw(ctx, "bonus"), None
    *row, hers = _draw(ctx, "bonus", extra=1)
    return row, hers


def ask_bonus(ctx: Ctx, row: list[int] | None = None, hers: int | None = None) -> None:
    """Step 9 on the table, with the tiles as drawn (by the app, or as entered)."""
    if row is None:
        row, hers = _bonus_draw(ctx)
    tiles = ", ".join(map(str, row))
    if two_players(ctx):
        key, steps_ = "setup.bonus_two", [m("setup_step.bonus_two_drawn", tiles=tiles),
                                          m("setup_step.bonus_two_hers", n=hers)]
    else:
        key, steps_ = "setup.bonus", [m("setup_step.bonus_drawn", tiles=tiles),
                                      m("setup_step.bonus_hers", n=row[0]),
                                      m("setup_step.bonus_3"), m("setup_step.bonus_4")]
    ctx.ask(_drawn(k(key), {"steps": steps_, "cards": [
        {"card": data.bonus_picture(row, hers), "role": m("picture.bonus")}]}),
        setup_first_workshops, row=row, hers=hers)


@steps
def setup_first_workshops(ctx: Ctx, answer: Any, row: list[int] | None = None,
                          hers: int | None = None) -> None:
    """Step 11: the first Workshops from a random Decision card's setup letters (or the
    player enters the round bonus tiles drawn from the box)."""
    if answer == ENTER and row:
        ask_entry(ctx, "bonus", [], {"row": row, "hers": hers})
        return
    if row:
        say(ctx, "log.bonus_two" if hers is not None else "log.bonus",
            {"tiles": ", ".join(map(str, row)), "hers": hers if hers is not None else row[0]},
            actor=PLAYER)
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
             "terrain": terrain(native(ctx))}
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


# --- what the box allows: her tiles, and the tiles of a draw or an entry that waits ---------
def beyond_box(ctx: Ctx) -> MessageRef | None:
    """The game's check of what the box allows: her Round Score tiles and Final tile
    (:func:`tiles_beyond_box`), and the tiles a set-up question waiting for its answer holds
    — drawn, or entered so far, each as the entry's own questions offer them (none twice,
    none the pool lacks)."""
    waiting = [ctx.state.get("pending")] + [
        f["args"].get("pending") for f in ctx.state.get("stack", []) if f["step"] == "core_reask"]
    held = all(_waiting_tiles_held(ctx, f["step"], f["args"]) for f in waiting if f is not None)
    return tiles_beyond_box(ctx.data) or (None if held else m("box.entry"))


def _waiting_tiles_held(ctx: Ctx, step: str, args: dict[str, Any]) -> bool:
    """Whether a waiting step's tiles are tiles the box can give at once."""
    if step == "setup_entered":
        kind, chosen, keep = ENTRIES[args["what"]], args["chosen"], args["keep"]
        return (kind.held(keep) and len(chosen) < kind.slots(keep)
                and all(c in kind.choices(i, chosen[:i]) for i, c in enumerate(chosen)))
    palace, offer, row = args.get("palace"), args.get("offer"), args.get("row")
    return ((not palace or _distinct(palace, "palace")) and (not offer or _offer_held(offer))
            and (not row or (len(row) == _taken("bonus") and _distinct(
                [*row, *filter(None, [args.get("hers")])], "bonus",
                len(row) + (args.get("hers") is not None)))))


def _offer_held(offer: list[list[Any]]) -> bool:
    """A faction offer: 3 different Planning displays, 6 different Faction tiles."""
    return (len(offer) == 3 and all(len(x) == 3 for x in offer)
            and all(x[0] in data.TERRAINS for x in offer) and len({x[0] for x in offer}) == 3
            and _distinct([n for x in offer for n in x[1:]], "faction"))


def _distinct(numbers: list[Any], pool: str, count: int | None = None) -> bool:
    """As many different tiles of a pool as its draw takes (or ``count``)."""
    top = data.pools()[pool]["count"]
    return (len(numbers) == (_taken(pool) if count is None else count)
            and all(type(n) is int and 1 <= n <= top for n in numbers)
            and len(set(numbers)) == len(numbers))


def _taken(pool: str) -> int:
    """How many tiles the set-up draws from a pool."""
    return data.pools()[pool]["drawn"]
