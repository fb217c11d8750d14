"""Board procedures the player carries out for the Automa: conquer, explore, traps.

Each shows the rule in our own words (``ui["rule"]``) and the tiebreaker card's hex
pattern (``ui["pattern"]``), and asks only what the board must answer. Rulebook sections
"Distance", "The hex tiebreaker", "Conquer", "Conquer opponent", "Conquer neutral",
"Explore", "Traps", "Achievements".
"""

from __future__ import annotations

from automa.core import prompts
from automa.core.game import Ctx
from automa.core.records import MessageRef, Params

from . import data
from .state import (
    MAX_TERRITORIES,
    can_gain,
    gain_achievement,
    instruct,
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
    return {"middle": can_gain(ctx, "middle_island"), "adjacent": _toppled_icon(ctx)}


@steps
def conquer(ctx: Ctx, anywhere: bool) -> None:
    """Rulebook "Conquer": your territory if the Automa can legally take one, else a neutral hex."""
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
        instruct(ctx, "automa", k("log.conquer_trapped"), icon="defend")
        return
    # (a count within its sane bound: one corrected up to it stays there)
    ctx.data["territories"] = min(MAX_TERRITORIES, ctx.data["territories"] + 1)
    ctx.data["toppled_yours"] = min(MAX_TERRITORIES, ctx.data["toppled_yours"] + 1)
    instruct(ctx, "automa", k("log.conquer_opponent"),
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
    instruct(ctx, "automa", k("log.conquer_neutral_se") if se_outpost
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
    instruct(ctx, "automa", k("log.explore"), {"rotation": rotation(turns)},
             icon="explore")


@steps
def topple_on_single_token(ctx: Ctx) -> None:
    """Civilization bonus: a toppled SE outpost on one of the Automa's 1-token territories.

    Asked only when the Automa holds more than 2 territories (the count was confirmed
    this income turn): with 2 or fewer the answer can only be "no".
    """
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
    instruct(ctx, "shadow", k("log.single_token"), icon="conquer")
    ctx.ask(prompts.scan(k("q.single_token_scan"), ui.get("pattern", {}), ui=ui), "tap_done")
