"""Board procedures the player carries out for the Automa: conquer, explore, traps.

Each shows the rule in our own words (``ui["rule"]``) and the tiebreaker card's hex
pattern (``ui["pattern"]``), and asks only what the board must answer. Rulebook sections
"Distance", "The hex tiebreaker", "Conquer", "Conquer opponent", "Conquer neutral",
"Explore", "Traps", "Achievements".
"""

from __future__ import annotations

from typing import Any

from automa.core import prompts
from automa.core.records import MessageRef, Params, Ui, Why

from . import data
from . import map as twin
from .state import (
    MAX_TERRITORIES,
    Ctx,
    can_gain,
    gain_achievement,
    k,
    m,
    steps,
    tb_ui,
    tiebreaker_card,
)

CONQUER_CASES = ("opponent", "neutral", "none")


def steps_of(prompt: str, names: tuple[str, ...],
             params: Params | None = None) -> list[MessageRef]:
    """A long instruction as numbered steps, one action each (``ui["steps"]``)."""
    return [m(f"step.{prompt}.{n}", **(params or {})) for n in names]


def _toppled_icon(ctx: Ctx) -> bool:
    card = tiebreaker_card(ctx)
    return bool(card and data.card(card, ctx.options)["toppled_outpost"])


def _filters(ctx: Ctx) -> dict[str, bool]:
    """Whether the middle island filter applies (rulebook "Conquer opponent"/"Conquer
    neutral": the Automa can still gain its achievement — on the map, not once the middle
    island can no longer be conquered) and hexes next to yours are valid."""
    middle = can_gain(ctx, "middle_island") and (
        "map" not in ctx.data or twin.middle_open(ctx.data["map"]))
    return {"middle": middle, "adjacent": _toppled_icon(ctx)}


@steps
def conquer(ctx: Ctx, anywhere: bool) -> None:
    """Rulebook "Conquer": your territory if the Automa can legally take one, else a neutral hex."""
    if on_map(ctx):
        conquer_on_map(ctx, anywhere)
        return
    where = _where(anywhere)
    rule = m("rule.conquer", where=where,
             adjacent=m("rule.adjacent_ok" if _toppled_icon(ctx)
                        else "rule.adjacent_not_ok"))
    ctx.ask(prompts.pick_one(k("q.conquer_case"), list(CONQUER_CASES), {"where": where},
                             labels=[m(f"conquer_case.{c}") for c in CONQUER_CASES],
                             ui=tb_ui(ctx, rule)),
            conquer_case)


@steps
def conquer_case(ctx: Ctx, answer: str) -> None:
    """Go on with the procedure the board allows."""
    if answer == "none":
        ctx.log("automa", k("log.conquer_skipped"),
                why={"rule": m("rule.no_valid_hex")})
        return
    # The rule of which hexes are valid is how to do the step: it is in the steps, one
    # filter each (rulebook "Conquer"); "Why?" keeps how distance is counted.
    f = _filters(ctx)
    middle = [m("rule.middle_filter")] if f["middle"] else []
    ui = tb_ui(ctx, m("rule.distance"))
    if answer == "opponent":
        ui["steps"] = [*steps_of("conquer_opponent", ("valid",)), *middle,
                       *steps_of("conquer_opponent", ("walk", "place", "trap"))]
        ctx.ask(prompts.yes_no(k("q.conquer_opponent"), ui=ui), conquer_opponent_done)
        return
    adjacent = m("rule.adjacent_ok" if f["adjacent"]
                 else "rule.adjacent_not_ok")
    ui["steps"] = [*steps_of("conquer_neutral", ("valid",)), adjacent, *middle,
                   *steps_of("conquer_neutral", ("closest", "walk"))]
    ctx.ask(prompts.scan(k("q.conquer_neutral_scan"), ui.get("pattern", {}), ui=ui),
            conquer_neutral_where)


@steps
def conquer_opponent_done(ctx: Ctx, answer: bool) -> None:
    """You answered whether you played a trap against the Automa's conquest."""
    if answer:
        ctx.instruct("automa", k("log.conquer_trapped"), icon="defend")
        return
    # (a count within its sane bound: one corrected up to it stays there)
    ctx.data["territories"] = min(MAX_TERRITORIES, ctx.data["territories"] + 1)
    ctx.data["toppled_yours"] = min(MAX_TERRITORIES, ctx.data["toppled_yours"] + 1)
    ctx.instruct("automa", k("log.conquer_opponent"),
                 {"n": ctx.data["territories"], "toppled": ctx.data["toppled_yours"]},
                 icon="conquer")
    if ctx.data["toppled_yours"] >= 2:
        gain_achievement(ctx, "automa", "topple_two")
    if can_gain(ctx, "middle_island"):
        ctx.ask(prompts.yes_no(k("q.is_middle_island"), ui=tb_ui(ctx, pattern=False)),
                middle_island_answer)


@steps
def middle_island_answer(ctx: Ctx, answer: bool) -> None:
    """The Automa's new territory is the middle island: it gains the achievement."""
    if answer:
        gain_achievement(ctx, "automa", "middle_island")


@steps
def conquer_neutral_where(ctx: Ctx, answer: bool) -> None:
    """The hex is chosen: ask whether it is the middle island only when that matters."""
    if can_gain(ctx, "middle_island") or _toppled_icon(ctx):
        ctx.ask(prompts.yes_no(k("q.is_middle_island"), ui=tb_ui(ctx, pattern=False)),
                conquer_neutral_place)
    else:
        ctx.then(conquer_neutral_place, answer=False)


@steps
def conquer_neutral_place(ctx: Ctx, answer: bool) -> None:
    """Place the tile (if the hex is empty), the Automa outpost and maybe a toppled SE outpost."""
    se_outpost = _toppled_icon(ctx) and not answer
    turns = ctx.rng.die(6) - 1
    ctx.data["territories"] = min(MAX_TERRITORIES, ctx.data["territories"] + 1)
    ctx.instruct("automa", k("log.conquer_neutral_se") if se_outpost
                 else k("log.conquer_neutral"),
                 {"n": ctx.data["territories"], "rotation": rotation(turns)},
                 icon="conquer", why={"rule": k("rule.toppled_outpost")} if se_outpost
                 else None)
    if answer:
        gain_achievement(ctx, "automa", "middle_island")
    params = {"rotation": rotation(turns)}
    ui = tb_ui(ctx, pattern=False)
    ui["steps"] = steps_of("place_neutral", ("tile", "outpost", "shadow") if se_outpost
                           else ("tile", "outpost"), params)
    ctx.ask(prompts.confirm(k("q.place_neutral"), params, ui=ui), "tap_done")


def rotation(turns: int) -> MessageRef:
    """A territory tile's random orientation: 0-5 steps clockwise from the way it was drawn
    (rulebook "Conquer"/"Explore": "a random orientation"; 6 steps would be no turn)."""
    return m("rotation", n=turns) if turns else m("tile.unturned")


def _where(anywhere: bool) -> MessageRef:
    return m("where.anywhere" if anywhere else "where.adjacent")


@steps
def explore(ctx: Ctx, anywhere: bool) -> None:
    """Rulebook "Explore": one scan (furthest from you unless military is the favourite);
    with no valid hex the Automa does not explore."""
    turns = ctx.rng.die(6) - 1
    where = _where(anywhere)
    if on_map(ctx):
        explore_on_map(ctx, anywhere, turns)
        return
    params = {"rotation": rotation(turns), "where": where}
    furthest = ctx.data["fav"]["automa"] != "military"  # rulebook "Explore"
    ui = tb_ui(ctx, m("rule.distance"))
    ui["steps"] = [*steps_of("explore", ("valid",), params),
                   *([m("rule.furthest_filter")] if furthest else []),
                   *steps_of("explore", ("walk", "tile"), params)]
    ctx.ask(prompts.scan(k("q.explore_scan"), ui.get("pattern", {}), params, ui=ui,
                         none=m("answer.no_valid_hex")),
            explore_scanned, turns=turns)


@steps
def explore_scanned(ctx: Ctx, answer: bool, turns: int) -> None:
    """The tile is placed (logged as the Automa's exploration), or no hex was valid."""
    if answer is False:
        ctx.log("automa", k("log.explore_skipped"),
                why={"rule": m("rule.no_valid_hex")})
        return
    ctx.instruct("automa", k("log.explore"), {"rotation": rotation(turns)},
                 icon="explore")


@steps
def topple_on_single_token(ctx: Ctx) -> None:
    """Civilization bonus: a toppled SE outpost on one of the Automa's 1-token territories.

    Asked only when the Automa holds more than 2 territories (the count was confirmed
    this income turn): with 2 or fewer the answer can only be "no". With the map twin the
    app finds those territories and walks the card's order itself.
    """
    if on_map(ctx):
        topple_single_on_map(ctx)
        return
    if ctx.data["territories"] <= 2:
        ctx.log("automa", k("log.few_territories"), {"n": ctx.data["territories"]},
                why={"rule": k("rule.single_token")})
        return
    ctx.ask(prompts.yes_no(k("q.single_token_territories"),
                           ui=tb_ui(ctx, m("rule.single_token"), pattern=False)),
            topple_on_single_token_where)


@steps
def topple_on_single_token_where(ctx: Ctx, answer: bool) -> None:
    """More than 2 such territories: the hex tiebreaker picks one."""
    if not answer:
        ctx.log("automa", k("log.no_single_token"))
        return
    ui = tb_ui(ctx, m("rule.single_token"))
    ctx.instruct("shadow", k("log.single_token"), icon="conquer")
    ctx.ask(prompts.scan(k("q.single_token_scan"), ui.get("pattern", {}), ui=ui), "tap_done")


# --- with the map twin (the ``map`` option): the app picks the hex ---------------------------
# The pick is made from the map as it is when the question is asked, and carried out when it
# is answered: a mark made while the question waits (a hex you forgot) makes it again
# (:func:`pick_again`).
def on_map(ctx: Ctx) -> bool:
    """Whether the game keeps the map twin (and a tiebreaker card is on the table)."""
    return "map" in ctx.data and tiebreaker_card(ctx) is not None


def _order(ctx: Ctx) -> list[str]:
    return list(data.pattern_of_card(tiebreaker_card(ctx) or "1")["order"])


def hex_name(hex_id: str) -> MessageRef:
    """A hex as the player finds it on the board: the middle island, a start territory, or
    its column (from the left, as the card icons draw the map) and place from the top."""
    if hex_id == twin.MIDDLE:
        return m("hex.middle")
    column, place = twin.place_of(hex_id)
    return m("hex.at", column=column, place=place)


def map_ui(ctx: Ctx, pick: twin.Pick, rule: MessageRef | None = None) -> Ui:
    """Screen hints for a question about the Automa's hex: the map with the valid hexes,
    the filters' survivors and the walk numbered, each hex a tap that marks it (the pick is
    then made again), the reason as steps (under what to place, which the caller puts
    first), and the card folded to one line under them."""
    ui = tb_ui(ctx, rule, pattern=False)
    kept = pick["filters"][-1][1] if pick["filters"] else pick["valid"]
    ui["board"] = {"map": dict(ctx.data["map"]), "valid": pick["valid"], "kept": kept,
                   "walk": pick["walk"], "pick": pick["hex"], "tap": True}
    valid = (m("map.valid", n=len(pick["valid"]), case=m(f"map.case.{pick['case']}"))
             if pick["valid"] else m("map.none"))
    ui["steps"] = [valid,
                   *[m(f"map.filter.{name}", n=len(left)) for name, left in pick["filters"]],
                   m("map.walk", n=len(pick["walk"])), m("map.forgot")]
    ui["fold"] = m("map.card_fold", card=tiebreaker_card(ctx) or "")
    return ui


def _why_of(valid: list[str], hex_id: str) -> Why:
    return {"rule": m("rule.map_pick"), "candidates": list(valid), "pick": hex_id,
            "labels": [hex_name(h) for h in valid], "pick_label": hex_name(hex_id)}


def automa_supply_out(ctx: Ctx) -> bool:
    """Whether every outpost of the Automa's is on the map (base game: a player whose
    outposts are all on the map may not conquer; the Automa follows the normal rules where
    its own do not say otherwise)."""
    return twin.automa_outposts(ctx.data["map"]) >= twin.ON_THE_MAP


@steps
def conquer_on_map(ctx: Ctx, anywhere: bool, turns: int | None = None) -> None:
    """Rulebook "Conquer" on the map twin: the app computes the valid hexes, the filters and
    the walk; only what the board cannot tell is asked (did you play a trap?). ``turns``:
    the tile's turn, when an earlier pick of this conquest rolled it."""
    if automa_supply_out(ctx):
        ctx.log("automa", k("log.no_outposts"), why={"rule": m("rule.outposts_out")})
        return
    f = _filters(ctx)
    pick = twin.pick_conquer(ctx.data["map"], _order(ctx), anywhere=anywhere,
                             adjacent_ok=f["adjacent"], middle_open=f["middle"])
    hex_id = pick["hex"]
    if hex_id is None:
        ctx.log("automa", k("log.conquer_skipped"), why={"rule": m("rule.no_valid_hex")})
        return
    ui = map_ui(ctx, pick, m("rule.distance"))
    if pick["case"] == "opponent":
        ctx.ask(prompts.yes_no(k("q.map_trap"), {"hex": hex_name(hex_id)}, ui=ui),
                conquer_opponent_on_map, hex=hex_id, anywhere=anywhere, valid=pick["valid"])
        return
    shadow = f["adjacent"] and hex_id != twin.MIDDLE
    if turns is None:
        turns = ctx.rng.die(6) - 1
    params: Params = {"rotation": rotation(turns), "hex": hex_name(hex_id)}
    empty = ctx.data["map"][hex_id] == twin.EMPTY
    ui["steps"] = [*steps_of("place_neutral", (("tile",) if empty else ()) + (
        ("outpost", "shadow") if shadow else ("outpost",)), params), *ui["steps"]]
    ctx.ask(prompts.confirm(k("q.map_place"), params, ui=ui), map_conquered, hex=hex_id,
            anywhere=anywhere, turns=turns, valid=pick["valid"])


@steps
def map_conquered(ctx: Ctx, answer: bool, hex: str, anywhere: bool, turns: int,
                  valid: list[str]) -> None:
    """The Automa's outpost is on the neutral hex it conquered (and a toppled Shadow Empire
    one with the card's icon, but never on the middle island)."""
    shadow = _toppled_icon(ctx) and hex != twin.MIDDLE
    middle = hex == twin.MIDDLE and _filters(ctx)["middle"]
    ctx.data["map"][hex] = twin.AUTOMA2 if shadow else twin.AUTOMA1
    count_territories(ctx)
    params: Params = {"n": ctx.data["territories"], "rotation": rotation(turns),
                      "hex": hex_name(hex)}
    ctx.instruct("automa", k("log.map_neutral_se") if shadow else k("log.map_neutral"),
                 params, icon="conquer", why=_why_of(valid, hex))
    if middle:
        gain_achievement(ctx, "automa", "middle_island")


@steps
def conquer_opponent_on_map(ctx: Ctx, answer: bool, hex: str, anywhere: bool = False,
                            valid: list[str] | None = None) -> None:
    """The Automa's outpost goes on your territory: yours is toppled, or its own if you
    played a trap (rulebook "Conquer opponent", "Traps")."""
    if answer:
        ctx.data["map"][hex] = twin.YOU2
        ctx.instruct("automa", k("log.conquer_trapped"), icon="defend")
        return
    middle = hex == twin.MIDDLE and can_gain(ctx, "middle_island")
    ctx.data["map"][hex] = twin.AUTOMA2
    count_territories(ctx)
    ctx.data["toppled_yours"] += 1
    ctx.instruct("automa", k("log.map_opponent"),
                 {"n": ctx.data["territories"], "toppled": ctx.data["toppled_yours"],
                  "hex": hex_name(hex)}, icon="conquer",
                 why=_why_of(valid, hex) if valid else None)
    if ctx.data["toppled_yours"] >= 2:
        gain_achievement(ctx, "automa", "topple_two")
    if middle:
        gain_achievement(ctx, "automa", "middle_island")


@steps
def explore_on_map(ctx: Ctx, anywhere: bool, turns: int) -> None:
    """Rulebook "Explore" on the map twin: the app picks the hex and shows it on the map."""
    military = ctx.data["fav"]["automa"] == "military"  # rulebook "Explore"
    pick = twin.pick_explore(ctx.data["map"], _order(ctx), anywhere=anywhere,
                             military_favourite=military)
    hex_id = pick["hex"]
    if hex_id is None:
        ctx.log("automa", k("log.explore_skipped"), why={"rule": m("rule.no_valid_hex")})
        return
    params: Params = {"rotation": rotation(turns), "hex": hex_name(hex_id)}
    ui = map_ui(ctx, pick, m("rule.distance"))
    ui["steps"] = [*steps_of("explore", ("tile",), params), *ui["steps"]]
    ctx.ask(prompts.confirm(k("q.map_explore"), params, ui=ui), map_explored, hex=hex_id,
            anywhere=anywhere, turns=turns, valid=pick["valid"])


@steps
def map_explored(ctx: Ctx, answer: bool, hex: str, anywhere: bool, turns: int,
                 valid: list[str]) -> None:
    """The Automa's tile is on the hex it explored."""
    ctx.data["map"][hex] = twin.TILE
    ctx.instruct("automa", k("log.map_explore"), {"rotation": rotation(turns),
                                                   "hex": hex_name(hex)},
                 icon="explore", why=_why_of(valid, hex))


def count_territories(ctx: Ctx) -> None:
    """The Automa's territory count, read from the map."""
    ctx.data["territories"] = twin.automa_territories(ctx.data["map"])


@steps
def topple_single_on_map(ctx: Ctx) -> None:
    """Civilization bonus on the map: the Automa's 1-token territories, if more than 2, the
    first of them in the card's order gets a toppled Shadow Empire outpost."""
    single = twin.single_token_territories(ctx.data["map"])
    if len(single) <= 2:
        ctx.log("automa", k("log.no_single_token"), why={"rule": k("rule.single_token")})
        return
    walked, hex_id = twin.walk(_order(ctx), single)
    pick: twin.Pick = {"case": "single_token", "valid": single, "filters": [],
                       "walk": walked, "hex": hex_id}
    params: Params = {"hex": hex_name(hex_id or "")}
    ctx.ask(prompts.confirm(k("q.map_single_token"), params,
                            ui=map_ui(ctx, pick, m("rule.single_token"))),
            map_single_toppled, hex=hex_id, valid=single)


@steps
def map_single_toppled(ctx: Ctx, answer: bool, hex: str, valid: list[str]) -> None:
    """The toppled Shadow Empire outpost is on the Automa's territory."""
    ctx.data["map"][hex] = twin.AUTOMA2
    ctx.instruct("shadow", k("log.map_single_token"), {"hex": hex_name(hex)}, icon="conquer",
                 why=_why_of(valid, hex))


PICKED = {"map_conquered": "conquer_on_map", "conquer_opponent_on_map": "conquer_on_map",
          "map_explored": "explore_on_map", "map_single_toppled": "topple_single_on_map"}
"""The question of each pick the Automa made on the map (its step), and the step that makes
that pick."""


def pick_again(pending: dict[str, Any]) -> dict[str, Any] | None:
    """The step that makes the pick of a waiting question again, with what it was made with
    (the tile's turn included, so a new pick turns it the same way), or None when the
    question waits on no pick (or on one saved before picks were made again)."""
    step = PICKED.get(pending.get("step", ""))
    args = pending.get("args") or {}
    if step is None or "valid" not in args:
        return None
    return {"step": step, "args": {k: args[k] for k in ("anywhere", "turns") if k in args}}
