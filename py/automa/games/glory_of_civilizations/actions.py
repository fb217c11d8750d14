"""The automa's main actions (seeds/003): economy, building, training, religion, repair,
suppression and battles. Board facts are asked; the priority scale is walked entry by entry
(up to four tries); an impossible action falls to the row below (:func:`fail`). Which step
carries out each action a card names is the table :data:`MAIN_STEPS`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from automa.core import prompts
from automa.core.game import ActionSteps
from automa.core.records import MessageRef

from . import data
from .state import (
    MAX_STORED,
    MAX_WONDERS,
    STORAGE,
    Ctx,
    about_automa,
    add_glory,
    bot,
    card_ui,
    current_card,
    direction,
    entry,
    k,
    m,
    place_cubes,
    roman,
    steps,
    terrain,
    who,
)


def _counted(ctx: Ctx, key: str, lo: int, hi: int,
             params: dict[str, Any]) -> tuple[str, int, int, dict[str, Any]]:
    """A count about the automa in play (:func:`about_automa`), as ``prompts.count`` takes
    its first arguments."""
    named, given = about_automa(ctx, key, params)
    return named, lo, hi, given


def _entry_params(ctx: Ctx, i: int) -> dict[str, Any]:
    e = entry(ctx, i)
    return {"terrain": terrain(e["terrain"]), "direction": direction(e["direction"]),
            "number": e["number"], "k": i}


# --- trying the actions of a card's rows -----------------------------------------------------

@steps
def main_try(ctx: Ctx, row: int, tried: int) -> None:
    """Try main action ``row``; an impossible one falls to the row below (seeds/003)."""
    if tried >= data.MAIN_ACTIONS or row > data.MAIN_ACTIONS:
        ctx.instruct(who(ctx), k("log.no_action"), {}, {"rule": m("rule.no_action_" +
                                                                 ctx.options["fallthrough"])},
                     icon="pass")
        return
    action = current_card(ctx)["main"][row - 1]
    step, args = MAIN_STEPS.frame(action, row=row, tried=tried)
    ctx.then(step, **args)


def fail(ctx: Ctx, row: int, tried: int, reason: str, **params: Any) -> None:
    """The action in ``row`` is impossible: log why and go on to the row below."""
    action = current_card(ctx)["main"][row - 1]
    nxt = row + 1
    if nxt > data.MAIN_ACTIONS and ctx.options["fallthrough"] == "wrap":
        nxt = 1
    why = m(f"why.{reason}", **params)
    ctx.log(who(ctx), k("log.impossible"), {"action": m(f"main.{action}"), "row": row,
                                          "why": why}, {"rule": why})
    ctx.then(main_try, row=nxt, tried=tried + 1)


# --- economy ----------------------------------------------------------------------------------

def _storage_action(ctx: Ctx, action: str, row: int) -> None:
    for area in data.record("main_action", action)["areas"]:
        place_cubes(ctx, area)
    gains = data.amounts_of(current_card(ctx), "main", row - 1)
    # in the fixed storage order: the web build's JSON sorts table keys
    for item, n in ((i, gains[i]) for i in STORAGE if i in gains):
        n = min(n, MAX_STORED - bot(ctx)["storage"][item])
        if n <= 0:
            continue
        bot(ctx)["storage"][item] += int(n)
        ctx.instruct(who(ctx), k("log.storage"), {"n": int(n), "item": m(f"stored.{item}"),
                                                "total": bot(ctx)["storage"][item]},
                     {"rule": m(f"rule.{action}")}, icon="resource")


@steps
def act_gather(ctx: Ctx, row: int, tried: int) -> None:
    """Gather: cubes on the mill and the sawmill, their resources to its storage."""
    _storage_action(ctx, "gather", row)


@steps
def act_produce(ctx: Ctx, row: int, tried: int) -> None:
    """Produce: cubes on the smithy and the meadery, their goods to its storage."""
    _storage_action(ctx, "produce", row)


@steps
def act_market(ctx: Ctx, row: int, tried: int) -> None:
    """Market: food price one step up, weapons price one step down; nothing is paid."""
    place_cubes(ctx, "market")
    ctx.instruct(who(ctx), k("log.market"), {}, {"rule": m("rule.market")}, icon="trade")


# --- building ---------------------------------------------------------------------------------

def _supply_left(ctx: Ctx, piece: str) -> int:
    supply = data.vocabulary()["supply"]
    used = bot(ctx)["cities"] if piece == "city" else bot(ctx)["castles"]
    return int(supply[piece]) - int(used)


@steps
def act_build_city(ctx: Ctx, row: int, tried: int, piece: str = "city") -> None:
    """+1 city: explore first with non-exhausted military units, then the priority hex."""
    if _supply_left(ctx, piece) <= 0:
        fail(ctx, row, tried, "no_tokens", piece=m(f"piece.{piece}"))
        return
    if _site_failed(ctx, row, tried, piece):
        return
    e1 = entry(ctx, 1)
    ctx.ask(prompts.confirm(*about_automa(ctx, "prompt.explore_first",
                                                {"direction": direction(e1["direction"])}),
                            ui=card_ui(ctx, "priority.1", rule=m("rule.explore"))),
            site_ask, purpose="site", i=1, row=row, tried=tried, piece=piece)


@steps
def act_build_castle(ctx: Ctx, row: int, tried: int) -> None:
    """+1 castle; in age I a city instead."""
    if ctx.data["age"] == 1:
        ctx.log(who(ctx), k("log.castle_age1"), {}, {"rule": m("rule.castle_age1")})
        act_build_city(ctx, row=row, tried=tried, piece="city")
        return
    if _supply_left(ctx, "castle") <= 0:
        fail(ctx, row, tried, "no_tokens", piece=m("piece.castle"))
        return
    if ctx.options["castle_explore"]:
        # "Аналогічно до будівництва міста": the city's search, exploration first included
        act_build_city(ctx, row=row, tried=tried, piece="castle")
        return
    if _site_failed(ctx, row, tried, "castle"):
        return
    ctx.then("site_ask", purpose="site", i=1, row=row, tried=tried, piece="castle")


def _site_failed(ctx: Ctx, row: int, tried: int, piece: str) -> bool:
    """The search for this piece's site already walked the whole priority scale in vain this
    turn (a second castle row; in age I "+1 castle" builds a city): the same search cannot
    succeed, so the row below, without asking the same questions again."""
    if piece not in bot(ctx).get("failed_sites", []):
        return False
    fail(ctx, row, tried, "no_site", piece=m(f"piece.{piece}"))
    return True


@steps
def act_build_buildings(ctx: Ctx, row: int, tried: int) -> None:
    """+e buildings (e = the age) on a priority hex, within the building limit."""
    ctx.then("site_ask", purpose="buildings", i=1, row=row, tried=tried, piece="buildings")


@steps
def act_build_wonder(ctx: Ctx, row: int, tried: int) -> None:
    """Wonder stages (seeds/003 "+2 етапи Чуда"): the base of a Wonder on a priority hex, or
    the flip of the one whose base stands to its completed side. The text sets no limit on
    Wonders: once one is complete, the next action founds a new one."""
    if bot(ctx)["wonder"] == 1:
        _wonder_stage(ctx, 2)
        return
    ctx.then("site_ask", purpose="wonder", i=1, row=row, tried=tried, piece="wonder")


def _wonder_stage(ctx: Ctx, stage: int) -> None:
    before = bot(ctx)["wonder"] if bot(ctx)["wonder"] < 2 else 0  # a new Wonder
    bot(ctx)["wonder"] = stage
    if stage == 2:
        bot(ctx)["wonders_done"] = min(MAX_WONDERS, bot(ctx).get("wonders_done", 0) + 1)
    for built in range(before + 1, stage + 1):
        ctx.instruct(who(ctx), k("log.wonder_flip" if built == 2 else "log.wonder_base"), {},
                     {"rule": m("rule.wonder", stages=ctx.options["wonder_stages"])}, icon="wonder")
    key = "log.cubes_hex" if before == 0 else "log.cubes_wonder"
    ctx.instruct(who(ctx), k(key), {"n": 3}, {"rule": m("rule.wonder_cubes")}, icon="cube")
    ctx.then("tech_try", attempt=0, left=stage - before)


@steps
def site_ask(ctx: Ctx, purpose: str, i: int, row: int, tried: int, piece: str,
             answer: Any = None) -> None:
    """Walk the priority scale: is entry ``i``'s hex fit for this piece?"""
    params = _entry_params(ctx, i)
    params.update({"piece": m(f"piece.{piece}"), "n": ctx.data["age"]})
    ctx.ask(prompts.yes_no(*about_automa(ctx, f"prompt.site_{purpose}", params),
                           ui=card_ui(ctx, f"priority.{i}", rule=m("rule.proxy_decides"))),
            site_answer, purpose=purpose, i=i, row=row, tried=tried, piece=piece)


@steps
def site_answer(ctx: Ctx, answer: bool, purpose: str, i: int, row: int, tried: int,
                piece: str) -> None:
    """A fit hex: build; none after four entries: the fallback of each action."""
    search = SITE_SEARCHES[purpose]
    if answer:
        search.build(ctx, i, piece, row, tried)
        return
    if i < data.PRIORITY_ENTRIES:
        ctx.then("site_ask", purpose=purpose, i=i + 1, row=row, tried=tried, piece=piece)
        return
    search.none_fit(ctx, piece, row, tried)


def _build_structure(ctx: Ctx, i: int, piece: str, row: int, tried: int) -> None:
    """A city or castle on entry ``i``'s hex, with one action cube on it; none left in its
    supply (corrected so while the question was open): the row below (seeds/003)."""
    if _supply_left(ctx, piece) <= 0:
        fail(ctx, row, tried, "no_tokens", piece=m(f"piece.{piece}"))
        return
    bot(ctx)["cities" if piece == "city" else "castles"] += 1
    ctx.instruct(who(ctx), k(f"log.build_{piece}"), _entry_params(ctx, i),
                 {"rule": m("rule.priority_found", k=i)},
                 icon="city" if piece == "city" else "build")
    ctx.instruct(who(ctx), k("log.cubes_hex"), {"n": 1}, {"rule": m("rule.site_cube")},
                 icon="cube")


def _build_buildings(ctx: Ctx, i: int, piece: str, row: int, tried: int) -> None:
    """All e buildings (e = the age) on entry ``i``'s hex."""
    _log_buildings(ctx, i, ctx.data["age"], m("rule.priority_found", k=i))


def _log_buildings(ctx: Ctx, i: int, n: int, rule: MessageRef) -> None:
    """``n`` buildings on entry ``i``'s hex; the action cubes go on the hex's used spaces."""
    ctx.instruct(who(ctx), k("log.build_buildings"), {**_entry_params(ctx, i), "n": n},
                 {"rule": rule}, icon="build")
    ctx.instruct(who(ctx), k("log.cubes_hex_used"), {}, {"rule": m("rule.hex_cubes")}, icon="cube")


def _found_wonder(ctx: Ctx, i: int, piece: str, row: int, tried: int) -> None:
    """A Wonder's base on entry ``i``'s hex, flipped at once with two stages per action."""
    ctx.instruct(who(ctx), k("log.wonder_site"), _entry_params(ctx, i),
                 {"rule": m("rule.priority_found", k=i)}, icon="wonder")
    _wonder_stage(ctx, 2 if ctx.options["wonder_stages"] == 2 else 1)


def _no_structure_site(ctx: Ctx, piece: str, row: int, tried: int) -> None:
    """No hex for a city or castle: the row below; remembered for the turn (an age I castle
    builds a city, whose search need not be walked twice)."""
    failed = bot(ctx).setdefault("failed_sites", [])
    if piece not in failed:  # each kind once: a city and a castle at most
        failed.append(piece)
    _no_site(ctx, piece, row, tried)


def _no_buildings_site(ctx: Ctx, piece: str, row: int, tried: int) -> None:
    """No hex takes all e buildings: from age II, as many as fit on the best hex
    (:func:`ask_buildings_fit`); in age I (one building) the row below."""
    if ctx.data["age"] > 1:
        ask_buildings_fit(ctx, row, tried, 1)
        return
    _no_site(ctx, piece, row, tried)


def _no_site(ctx: Ctx, piece: str, row: int, tried: int) -> None:
    """No hex on the priority scale is fit: the row below."""
    fail(ctx, row, tried, "no_site", piece=m(f"piece.{piece}"))


class SiteSearch(NamedTuple):
    """What a walk of the priority scale does when it ends: on a fit hex, or on none."""

    build: Callable[[Ctx, int, str, int, int], None]
    """Build on entry ``i``'s hex: ``(ctx, i, piece, row, tried)``."""
    none_fit: Callable[[Ctx, str, int, int], None]
    """No entry's hex is fit: ``(ctx, piece, row, tried)``."""


SITE_SEARCHES = {
    "site": SiteSearch(_build_structure, _no_structure_site),
    "buildings": SiteSearch(_build_buildings, _no_buildings_site),
    "wonder": SiteSearch(_found_wonder, _no_site),
}
"""The searches of :func:`site_ask` by their ``purpose`` (a step argument, so saved games
name it): a city or castle, buildings, a Wonder's base."""


def ask_buildings_fit(ctx: Ctx, row: int, tried: int, i: int) -> None:
    """No hex takes them all (seeds/003: "побудуйте таку кількість будівель, щоб не
    перевищити ліміт забудови"): the best priority hex is the first entry where any fit."""
    n = ctx.data["age"]
    ctx.ask(prompts.count(*_counted(ctx, "prompt.buildings_fit", 0, max(0, n - 1),
                                          {**_entry_params(ctx, i), "n": n}),
                          ui=card_ui(ctx, f"priority.{i}", rule=m("rule.proxy_decides"))),
            buildings_fit, row=row, tried=tried, i=i)


@steps
def buildings_fit(ctx: Ctx, answer: int, row: int, tried: int, i: int = 1) -> None:
    """As many as the limit allows on entry ``i``'s hex; none there: the next entry; none on
    any: the row below."""
    if answer <= 0:
        if i < data.PRIORITY_ENTRIES:
            ask_buildings_fit(ctx, row, tried, i + 1)
            return
        fail(ctx, row, tried, "no_site", piece=m("piece.buildings"))
        return
    _log_buildings(ctx, i, answer, m("rule.building_limit", n=ctx.data["age"]))


# --- training ---------------------------------------------------------------------------------

TRAIN_AREA = {"swordsmen": "barracks", "ballista": "workshop", "peasants": "city_area"}
"""Where the cubes go; archers (the age I stand-in for the ballista) by the option
``archer_area``: the rulebook's cube example trains archers on the barracks area, its ballista
action names the workshop."""


def _train(ctx: Ctx, row: int, tried: int, unit: str, n: int) -> None:
    if n <= 0:
        fail(ctx, row, tried, "no_cities")
        return
    if n > 1:
        # only tokens that "ran out" send the action down the list: fewer than n still train
        ctx.ask(prompts.count(*_counted(ctx, "prompt.units_count", 0, n,
                                              {"n": n, "unit": m(f"unit.{unit}", n=n)}),
                              default=n,
                              ui=card_ui(ctx)),
                train_count, row=row, tried=tried, unit=unit)
        return
    ctx.ask(prompts.yes_no(*about_automa(ctx, "prompt.units_left",
                                               {"n": n, "unit": m(f"unit.{unit}", n=n)}),
                           ui=card_ui(ctx)),
            train_supply, row=row, tried=tried, unit=unit, n=n)


@steps
def act_train_swordsmen(ctx: Ctx, row: int, tried: int) -> None:
    """+e swordsmen (e = the age)."""
    _train(ctx, row, tried, "swordsmen", ctx.data["age"])


@steps
def act_train_ballista(ctx: Ctx, row: int, tried: int) -> None:
    """+1 ballista; in age I one archer unit instead."""
    unit = "archers" if ctx.data["age"] == 1 else "ballista"
    if unit == "archers":
        ctx.log(who(ctx), k("log.archer_age1"), {}, {"rule": m("rule.archer_age1")})
    _train(ctx, row, tried, unit, 1)


@steps
def act_train_peasants(ctx: Ctx, row: int, tried: int) -> None:
    """+m peasants, m = the automa's cities."""
    n = bot(ctx)["cities"] + (1 if ctx.options["capital_is_city"] else 0)
    _train(ctx, row, tried, "peasants", n)


@steps
def train_count(ctx: Ctx, answer: int, row: int, tried: int, unit: str) -> None:
    """As many as its supply still holds (none left: the row below)."""
    train_supply(ctx, answer > 0, row=row, tried=tried, unit=unit, n=max(answer, 1))


@steps
def train_supply(ctx: Ctx, answer: bool, row: int, tried: int, unit: str, n: int) -> None:
    """Tokens left: look for the priority hex next to an automa city or castle."""
    if not answer:
        fail(ctx, row, tried, "no_units", unit=m(f"unit.{unit}", n=n))
        return
    ctx.then("train_ask", i=1, row=row, tried=tried, unit=unit, n=n)


@steps
def train_ask(ctx: Ctx, i: int, row: int, tried: int, unit: str, n: int) -> None:
    """Is entry ``i``'s hex (next to an automa city or castle) free for the new units?"""
    ctx.ask(prompts.yes_no(*about_automa(ctx, "prompt.site_train", {
        **_entry_params(ctx, i), "unit": m(f"unit.{unit}", n=n), "n": n}),
                           ui=card_ui(ctx, f"priority.{i}", rule=m("rule.proxy_decides"))),
            train_answer, i=i, row=row, tried=tried, unit=unit, n=n)


@steps
def train_answer(ctx: Ctx, answer: bool, i: int, row: int, tried: int, unit: str,
                 n: int) -> None:
    """Place the units (one into a city or castle without troops when training several)."""
    if not answer:
        if i < data.PRIORITY_ENTRIES:
            ctx.then("train_ask", i=i + 1, row=row, tried=tried, unit=unit, n=n)
        else:
            fail(ctx, row, tried, "no_room", unit=m(f"unit.{unit}", n=n))
        return
    params = {**_entry_params(ctx, i), "unit": m(f"unit.{unit}", n=n), "n": n}
    military = unit != "peasants"
    key = "log.train_split" if military and n > 1 else "log.train"
    ctx.instruct(who(ctx), k(key), params, {"rule": m("rule.priority_found", k=i)}, icon="unit")
    place_cubes(ctx, ctx.options["archer_area"] if unit == "archers" else TRAIN_AREA[unit])
    if military:
        ctx.ask(prompts.yes_no(k("prompt.enemy_in_reach"), {"unit": m(f"unit.{unit}", n=n)},
                               ui=card_ui(ctx, "priority.1")), train_attack)


@steps
def train_attack(ctx: Ctx, answer: bool) -> None:
    """The attack check after training: maneuver and attack the nearest target."""
    if not answer:
        return
    e1 = entry(ctx, 1)
    ctx.instruct(who(ctx), k("log.train_attack"), {"direction": direction(e1["direction"])},
                 {"rule": m("rule.train_attack")}, icon="attack")
    ctx.then("battle_experience", i=1)


# --- religion, repair, suppression ------------------------------------------------------------

@steps
def act_spread_religion(ctx: Ctx, row: int, tried: int) -> None:
    """Spread religion from the community farthest from the capital in the priority direction."""
    if ctx.data["round"] == 1 or bot(ctx)["religion"] is None:
        fail(ctx, row, tried, "no_religion")
        return
    ctx.ask(prompts.yes_no(*about_automa(ctx, "prompt.community"), ui=card_ui(ctx)),
            religion_answer, row=row, tried=tried)


@steps
def religion_answer(ctx: Ctx, answer: bool, row: int, tried: int) -> None:
    """A community it controls: spread from the farthest one."""
    if not answer:
        fail(ctx, row, tried, "no_community")
        return
    place_cubes(ctx, "religion")
    ctx.instruct(who(ctx), k("log.spread"), {"direction": direction(entry(ctx, 1)["direction"]),
                                           "religion": m(f"religion.{bot(ctx)['religion']}")},
                 {"rule": m("rule.spread")}, icon="religion")


@steps
def act_adversity(ctx: Ctx, row: int, tried: int, kind: str, adversity: str) -> None:
    """Repair (``kind = "repair"``: damages, malfunctions, calamities) or suppress
    (``"suppress"``: rebels, corruption, heresy) every ``adversity`` of the automa."""
    ctx.ask(prompts.yes_no(*about_automa(ctx, f"prompt.has_{kind}",
                                               {"adversity": m(f"adversity.{adversity}")}),
                           ui=card_ui(ctx)),
            adversity_answer, row=row, tried=tried, kind=kind, adversity=adversity)


@steps
def adversity_answer(ctx: Ctx, answer: bool, row: int, tried: int, kind: str,
                     adversity: str) -> None:
    """Repair with peasants, or suppress with (adversities + 2) military units."""
    adv = m(f"adversity.{adversity}")
    if not answer:
        fail(ctx, row, tried, f"no_{kind}", adversity=adv)
        return
    place_cubes(ctx, "maneuver")
    if kind == "repair":
        key = "log.repair_city" if adversity == "malfunctions" else "log.repair"
        ctx.instruct(who(ctx), k(key), {"adversity": adv}, {"rule": m("rule.repair")},
                     icon="move")
        ask_removed(ctx, adversity)
        return
    ctx.ask(prompts.count(*_counted(ctx, "prompt.adversity_count", 1, 30, {"adversity": adv}),
                          default=1,
                          ui=card_ui(ctx)), suppress_count, adversity=adversity)


@steps
def suppress_count(ctx: Ctx, answer: int, adversity: str) -> None:
    """Commit adversities + 2 non-exhausted military units, fight, exhaust them."""
    adv = m(f"adversity.{adversity}")
    ctx.instruct(who(ctx), k("log.suppress"), {"adversity": adv, "n": answer + 2},
                 {"rule": m("rule.suppress")}, icon="attack")
    ask_removed(ctx, adversity, most=answer)


def ask_removed(ctx: Ctx, adversity: str, most: int = 30) -> None:
    """How many black cubes went (suppression: at most the ones it had): the automa gains the
    reward per cube, like a player."""
    ctx.ask(prompts.count(*_counted(ctx, "prompt.removed", 0, most,
                                          {"adversity": m(f"adversity.{adversity}")}),
                          default=0, ui=card_ui(ctx)), adversity_removed)


@steps
def adversity_removed(ctx: Ctx, answer: int) -> None:
    """The reward for the discarded black cubes."""
    per = ctx.options["adversity_glory"]
    add_glory(ctx, answer * per, {"rule": m("rule.adversity_reward", n=per)})


# --- battles ----------------------------------------------------------------------------------

@steps
def act_battles(ctx: Ctx, row: int, tried: int) -> None:
    """Two battles (or as many as the card prints)."""
    of = data.amounts_of(current_card(ctx), "main", row - 1)["battles"]
    if of <= 0:
        fail(ctx, row, tried, "no_army")
        return
    ctx.ask(prompts.yes_no(*about_automa(ctx, "prompt.army_of", {"battle": 1, "of": of}),
                           ui=card_ui(ctx)),
            battle_army, battle=1, row=row, tried=tried, of=of)


@steps
def battle_army(ctx: Ctx, answer: bool, battle: int, row: int, tried: int,
                of: int = 2) -> None:
    """The largest non-exhausted army farthest from the capital (none: no battle)."""
    if not answer:
        if battle == 1:
            fail(ctx, row, tried, "no_army")
        elif battle == 2:
            ctx.log(who(ctx), k("log.no_second_battle"), {}, {"rule": m("why.no_army")})
        else:
            ctx.log(who(ctx), k("log.no_army_for_battle"), {"battle": battle},
                    {"rule": m("why.no_army")})
        return
    if battle == 1:
        place_cubes(ctx, "maneuver")
    ctx.instruct(who(ctx), k("log.army"), {"battle": battle,
                                         "terrain": terrain(entry(ctx, 1)["terrain"])},
                 {"rule": m("rule.army")}, icon="attack")
    ctx.then("target_ask", i=1, battle=battle, of=of)


@steps
def target_ask(ctx: Ctx, i: int, battle: int, of: int = 2) -> None:
    """Can the army attack entry ``i``'s target (nearest enemy city in the direction, else
    enemy objects on the terrain in the direction)?"""
    ctx.ask(prompts.yes_no(k("prompt.target"), {**_entry_params(ctx, i), "battle": battle},
                           ui=card_ui(ctx, f"priority.{i}", rule=m("rule.proxy_decides"))),
            target_answer, i=i, battle=battle, of=of)


@steps
def target_answer(ctx: Ctx, answer: bool, i: int, battle: int, of: int = 2) -> None:
    """Attack the target found; none after four entries: move toward the enemy."""
    if answer:
        ctx.instruct(who(ctx), k("log.attack"), _entry_params(ctx, i),
                     {"rule": m("rule.priority_found", k=i)}, icon="attack")
        ctx.seq(("battle_experience", {"i": i}), ("battle_next", {"battle": battle, "of": of}))
        return
    if i < data.PRIORITY_ENTRIES:
        ctx.then("target_ask", i=i + 1, battle=battle, of=of)
        return
    ctx.instruct(who(ctx), k("log.no_target"), {"direction": direction(entry(ctx, 1)["direction"])},
                 {"rule": m("rule.no_target")}, icon="move")
    ctx.then("battle_next", battle=battle, of=of)


@steps
def battle_next(ctx: Ctx, battle: int, of: int = 2) -> None:
    """After a battle, the next one."""
    if battle < of:
        ctx.ask(prompts.yes_no(*about_automa(ctx, "prompt.army_of",
                                             {"battle": battle + 1, "of": of}),
                               ui=card_ui(ctx)),
                battle_army, battle=battle + 1, row=0, tried=0, of=of)


@steps
def battle_experience(ctx: Ctx, i: int) -> None:
    """Experience cubes for the bag: the priority number (+1 under Autocracy)."""
    ctx.ask(prompts.yes_no(*about_automa(ctx, "prompt.experience"),
                           ui=card_ui(ctx, f"priority.{i}")), battle_fight, i=i)


@steps
def battle_fight(ctx: Ctx, answer: bool, i: int) -> None:
    """Fight: bag cubes, draw as many as possible, experience from government and techs."""
    if answer:
        source = 1 if ctx.options["experience_number"] == "first" else i
        n = entry(ctx, source)["number"]
        extra = 1 if bot(ctx)["government"] == "autocracy" else 0
        ctx.instruct(who(ctx), k("log.experience"), {"n": n + extra},
                     {"rule": m("rule.experience", k=source, number=n, extra=extra)}, icon="gain")
    ctx.instruct(who(ctx), k("log.fight"), {}, {"rule": m("rule.fight")}, icon="attack")


MAIN_STEPS = ActionSteps(data.GAME_ID, data.main_actions(), {
    "gather": act_gather,
    "produce": act_produce,
    "market": act_market,
    "build_city": act_build_city,
    "build_castle": act_build_castle,
    "build_buildings": act_build_buildings,
    "build_wonder": act_build_wonder,
    "train_swordsmen": act_train_swordsmen,
    "train_ballista": act_train_ballista,
    "train_peasants": act_train_peasants,
    "spread_religion": act_spread_religion,
    "repair_damages": (act_adversity, {"kind": "repair", "adversity": "damages"}),
    "repair_malfunctions": (act_adversity, {"kind": "repair", "adversity": "malfunctions"}),
    "repair_calamities": (act_adversity, {"kind": "repair", "adversity": "calamities"}),
    "suppress_rebels": (act_adversity, {"kind": "suppress", "adversity": "rebels"}),
    "suppress_corruption": (act_adversity, {"kind": "suppress", "adversity": "corruption"}),
    "suppress_heresy": (act_adversity, {"kind": "suppress", "adversity": "heresy"}),
    "battles": act_battles,
})
"""The step of each main action of the vocabulary (checked against it on load)."""

__all__ = ["act_gather", "current_card", "roman"]
