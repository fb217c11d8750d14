"""Culture, economy, industry and science focus-card steps (AP focus cards; AP rules,
Spending Trade Tokens, Building Wonders, Gaining Focus Cards)."""

from __future__ import annotations

from collections.abc import Callable

from automa.core import prompts

from . import data
from .state import (
    MAX_SPACES,
    ApWhy,
    Ctx,
    Resolving,
    add_tokens,
    advance_dial,
    card_in,
    card_name,
    card_ui,
    city_state_room,
    gain_trade_tokens,
    is_leader,
    k,
    level_of,
    log_ap,
    log_table,
    m,
    nw_value,
    replace_card,
    resolving,
    slot_of,
    steps,
)
from .walk import start_walk

MAX_WONDERS = 12
MAX_COST = 40
Runner = Callable[[Ctx, data.Step, int], None]


def res(ctx: Ctx) -> Resolving:
    """The focus card being resolved: card, type, bonus, Teddy's tokens, what it did."""
    return resolving(ctx)


def spend_tokens(ctx: Ctx, card_type: str, n: int) -> None:
    """Take ``n`` trade tokens off the AP's card of this type (back to the supply)."""
    if n <= 0:
        return
    ctx.data["tokens"][card_type] -= n
    log_table(ctx, "log.spend_tokens", {"n": n, "card": card_name(res(ctx)["card"])},
              icon="trade")


def _first_use(ctx: Ctx, key: str) -> bool:
    """Whether the per-card extras (bonus, Teddy's tokens) are still unused this resolution."""
    r = res(ctx)
    used: list[str] = r.setdefault("used", [])
    if key in used:
        return False
    used.append(key)
    return True


# --- culture ------------------------------------------------------------------------------
def place_tokens(ctx: Ctx, step: data.Step, i: int) -> None:
    """Ask the legal spaces, then spend tokens for them, then walk the priority list."""
    ctx.ask(prompts.count(k("prompt.legal_spaces"), 0, MAX_SPACES, {
        "near": m(f"near.{step['near']}"), "card": card_name(res(ctx)["card"])},
        ui=card_ui(ctx, res(ctx)["card"], (f"step{i}",), rule=m("rule.culture_spaces"),
                   typed=True)),
        place_tokens_count, i=i)


@steps
def place_tokens_count(ctx: Ctx, answer: int, i: int) -> None:
    """Culture: spend as many trade tokens as there are legal spaces for them; each control
    token that cannot be placed becomes a trade token on the card (AP rules, Clarifications)."""
    r = res(ctx)
    step = data.card(r["card"])["steps"][i]
    legal = answer
    base = step["tokens"]
    extra = bool(step.get("extra"))
    spendable = 0
    if not extra:
        if _first_use(ctx, "bonus"):
            base += r["bonus"] + r["nw"] * nw_value(ctx, wonder=False)
        spendable = ctx.data["tokens"]["culture"]
    spend = min(spendable, max(0, legal - base))
    spend_tokens(ctx, "culture", spend)
    allowed = base + spend
    placed = min(allowed, legal)
    unplaced = allowed - placed
    why: ApWhy = {"rule": m("why.culture_spend"), "legal": legal, "allowed": allowed}
    if placed:
        log_table(ctx, "log.place_tokens", {"n": placed}, icon="control", why=why)
    else:
        log_ap(ctx, "log.place_tokens", {"n": placed}, why=why)
    if unplaced and (not extra or ctx.options["civil_service_fallback"]):
        gained = add_tokens(ctx, "culture", unplaced)
        log_table(ctx, "log.unplaced", {"n": gained, "card": card_name(r["card"])},
                  icon="trade")
    start_walk(ctx, total=legal, need=placed, criteria=list(step["priority"]), noun="space",
               card=r["card"], verb="token", then="walk_done")


@steps
def walk_done(ctx: Ctx, placed: int) -> None:
    """A walk that needs nothing more."""


def weaken_rivals(ctx: Ctx, step: data.Step, i: int) -> None:
    """Mass Media: flip or remove every rival control token adjacent to a friendly space."""
    log_table(ctx, "log.weaken_rivals", icon="attack")


# --- economy ------------------------------------------------------------------------------
def defeat_barbarians(ctx: Ctx, step: data.Step, i: int) -> None:
    """Currency: every barbarian adjacent to a friendly space is defeated (no trade tokens)."""
    log_table(ctx, "log.currency_barbarians", icon="attack")
    if is_leader(ctx, "gilgamesh"):
        ctx.ask(prompts.count(k("prompt.barbarians_defeated"), 0, 9, {},
                              ui=card_ui(ctx, res(ctx)["card"], (f"step{i}",), typed=True)),
                currency_gilgamesh)


@steps
def currency_gilgamesh(ctx: Ctx, answer: int) -> None:
    """Gilgamesh gains a resource for each barbarian he defeats."""
    gain_resources(ctx, answer)


def gain_resources(ctx: Ctx, n: int) -> None:
    """The AP gains resources of a random type each (AP rules, Gaining and Spending Resource
    Tokens)."""
    for _ in range(n):
        left = [r for r in data.RESOURCES if ctx.data["resources"][r] < data.RESOURCES_PER_TYPE]
        if not left:
            log_ap(ctx, "log.resources_none_left", {"n": data.RESOURCES_PER_TYPE})
            return
        kind = ctx.rng.choice(left)
        ctx.data["resources"][kind] += 1
        log_table(ctx, "log.gain_resource", {"resource": m(f"resource.{kind}")}, icon="resource",
                  why={"rule": m("why.random_resource"), "candidates": left, "pick": kind})


def gain_resource(ctx: Ctx, step: data.Step, i: int) -> None:
    """Steam Power: gain one resource."""
    gain_resources(ctx, 1)


def caravans(ctx: Ctx, step: data.Step, i: int) -> None:
    """Each caravan picks its destination; tokens are spent only if a caravan then arrives."""
    caravan_next(ctx, i=i, j=1)


@steps
def caravan_next(ctx: Ctx, i: int, j: int) -> None:
    """Ask the best destination class for caravan ``j``."""
    r = res(ctx)
    card = data.card(r["card"])
    step = card["steps"][i]
    total = int(card.get("caravans", 1))
    if j > total:
        caravans_move(ctx, i)
        return
    choices = [*step["priority"], "none"]
    if not any(ctx.data["city_states"].values()):
        # "Any other city-state" is one whose card the AP holds: none without such a card.
        choices.remove("other_cs")
    ctx.ask(prompts.pick_one(k("prompt.caravan_class"), choices, {
        "j": j, "of": total, "different": m("caravan_different" if step["different"] and j > 1
                                            else "caravan_any")},
        labels=[m(f"crit.{c}") for c in choices],
        ui=card_ui(ctx, r["card"], ("priority",), rule=m(
            "rule.caravan_water" if step["water"] else "rule.caravan_land"))),
        caravan_class, i=i, j=j)


@steps
def caravan_class(ctx: Ctx, answer: str, i: int, j: int) -> None:
    """No destination: the caravan stays (another caravan elsewhere may still have one, e.g.
    across water); otherwise the tiebreaker (shortest distance)."""
    if answer == "none":
        log_ap(ctx, "log.caravan_none", {"j": j})
        ctx.then(caravan_next, i=i, j=j + 1)
        return
    ctx.ask(prompts.count(k("prompt.caravan_tied"), 1, MAX_SPACES, {
        "j": j, "cls": m(f"crit.{answer}")},
        ui=card_ui(ctx, res(ctx)["card"], ("priority",))), caravan_tied, i=i, j=j, cls=answer)


@steps
def caravan_tied(ctx: Ctx, answer: int, i: int, j: int, cls: str) -> None:
    """Random among the destinations tied at the shortest distance; then ask that distance."""
    if answer > 1:
        pick = ctx.rng.below(answer) + 1
        log_table(ctx, "log.caravan_random", {"j": j, "n": answer, "pick": pick}, icon="caravan",
                  why={"rule": m("why.golden_rule_2"), "candidates": list(range(1, answer + 1)),
                       "pick": pick})
    ctx.ask(prompts.count(k("prompt.caravan_distance"), 0, MAX_SPACES, {"j": j},
                          ui=card_ui(ctx, res(ctx)["card"], ("strip",), typed=True)),
            caravan_distance, i=i, j=j, cls=cls)


@steps
def caravan_distance(ctx: Ctx, answer: int, i: int, j: int, cls: str) -> None:
    """Remember the caravan's destination and distance."""
    res(ctx)["caravans"].append({"j": j, "cls": cls, "dist": answer})
    ctx.then(caravan_next, i=i, j=j + 1)


def caravan_spend(distances: list[int], move: int, tokens: int, reading: str) -> int:
    """Economy tokens to spend: only if that lets a caravan arrive that would not (AP rules,
    Spending Trade Tokens). Each token adds 1 to every caravan's move. ``minimum``: the
    fewest that bring one more caravan in; ``most_arrivals``: the fewest that bring in as many
    as the tokens can.

    Caravans 5, 7 and 9 spaces away, a move of 4 and 3 tokens: one token brings the first in,
    three bring the second in too; the third stays out of reach.

    >>> caravan_spend([5, 7, 9], 4, 3, "minimum"), caravan_spend([5, 7, 9], 4, 3, "most_arrivals")
    (1, 3)

    A caravan that arrives anyway, or one too far for every token, spends none:

    >>> caravan_spend([3, 12], 4, 5, "minimum")
    0
    """
    short = sorted(d - move for d in distances if 0 < d - move <= tokens)
    if not short:
        return 0
    return short[0] if reading == "minimum" else short[-1]


def caravans_move(ctx: Ctx, i: int) -> None:
    """Move every caravan; arrivals take diplomacy cards."""
    r = res(ctx)
    step = data.card(r["card"])["steps"][i]
    move = step["move"] + r["bonus"] + r["nw"] * nw_value(ctx, wonder=False)
    spend = caravan_spend([c["dist"] for c in r["caravans"]], move,
                          ctx.data["tokens"]["economy"], ctx.options["economy_spend"])
    spend_tokens(ctx, "economy", spend)
    move += spend
    arrivals = []
    for c in r["caravans"]:
        if c["dist"] <= move:
            log_table(ctx, "log.caravan_arrives", {"j": c["j"], "cls": m(f"crit.{c['cls']}")},
                      icon="caravan")
            arrivals.append(c)
        else:
            log_table(ctx, "log.caravan_moves", {"j": c["j"], "n": move,
                                                 "cls": m(f"crit.{c['cls']}")}, icon="caravan")
    for c in reversed(arrivals):
        ctx.then("caravan_arrived", cls=c["cls"], j=c["j"])


@steps
def caravan_arrived(ctx: Ctx, cls: str, j: int) -> None:
    """A rival city: a diplomacy card. A city-state whose card the AP lacks: it takes the card,
    so only its type is asked. Any other city-state is one whose card the AP already holds:
    nothing to take, nothing to ask."""
    if cls == "rival_city":
        ctx.then("proc_visit_rival")
        return
    if cls == "other_cs":
        log_ap(ctx, "log.city_state_held", {"j": j})
        return
    ctx.ask(prompts.pick_one(k("prompt.city_state_type"), list(data.TYPES), {"j": j},
                             labels=[m(f"type_label.{t}") for t in data.TYPES],
                             ui=card_ui(ctx, rule=m("rule.city_state_visit"))),
            city_state_card)


@steps
def city_state_card(ctx: Ctx, answer: str) -> None:
    """The AP takes a city-state diplomacy card of this type."""
    if not city_state_room(ctx, answer):  # (the box holds 16 in all)
        log_ap(ctx, "log.card_no_room", {"kind": m("kind.city_state"),
                                         "type": m(f"type.{answer}")})
        return
    ctx.data["city_states"][answer] += 1
    log_table(ctx, "log.city_state_card", {"type": m(f"type.{answer}")}, icon="card")


# --- industry -----------------------------------------------------------------------------
def free_cities(ctx: Ctx) -> int:
    """AP cities without a wonder (a city holds one wonder)."""
    return max(0, ctx.data["cities"] - sum(ctx.data["wonders"].values()))


def place_wonder(ctx: Ctx, wonder_type: str, key: str, card: str) -> None:
    """A wonder the AP gains goes into its city without a wonder that has the highest
    defence (AP rules, Attacking Capitals; Pottery's city). With every AP city holding one
    already, the reading ``full_cities`` decides: the wonder stays where it is (not the
    AP's), or it joins the AP's best-defended city beside the wonder there."""
    free = free_cities(ctx)
    if free <= 0 and ctx.options["full_cities"] == "stays":
        log_table(ctx, "log.wonder_stays", {"type": m(f"type.{wonder_type}")}, icon="info",
                  why={"rule": m("why.full_cities.stays")})
        return
    if ctx.data["wonders"][wonder_type] >= data.MAX_CITIES:
        log_ap(ctx, "log.card_no_room", {"kind": m("kind.wonder"),
                                         "type": m(f"type.{wonder_type}")})
        return
    ctx.data["wonders"][wonder_type] += 1
    log_table(ctx, key, {"type": m(f"type.{wonder_type}")}, icon="wonder")
    if free > 0:
        start_walk(ctx, total=free, need=1, criteria=["highest_city_defence"], noun="city",
                   card=card, verb="wonder_city", then="walk_done")
        return
    log_table(ctx, "log.wonder_shared", {"type": m(f"type.{wonder_type}")}, icon="wonder",
              why={"rule": m("why.full_cities.shared")})
    start_walk(ctx, total=ctx.data["cities"], need=1, criteria=["highest_city_defence"],
               noun="city", card=card, verb="wonder_city", then="walk_done")


def most_production(ctx: Ctx, production: int) -> int:
    """The most production the AP can reach for a wonder now."""
    r = res(ctx)
    d = ctx.data
    return int(production + r["bonus"] + r["nw"] * nw_value(ctx, wonder=True) + 2 * d["nw_pool"]
               + 2 * sum(d["resources"].values()) + d["tokens"]["industry"])


def wonder(ctx: Ctx, step: data.Step, i: int) -> None:
    """Build one wonder: only those the AP can pay for are candidates (reading
    ``wonder_affordable``), walked by the printed priority."""
    if free_cities(ctx) <= 0:
        log_ap(ctx, "log.no_free_city")
        return
    most = most_production(ctx, step["production"])
    key = "prompt.wonders_affordable" if ctx.options["wonder_affordable"] else "prompt.wonders"
    ctx.ask(prompts.count(k(key), 0, MAX_WONDERS, {"most": most},
                          ui=card_ui(ctx, res(ctx)["card"], (f"step{i}",), typed=True)),
            wonder_count, i=i)


@steps
def wonder_count(ctx: Ctx, answer: int, i: int) -> None:
    """Walk the wonder priority list over the candidates."""
    if answer == 0:
        log_ap(ctx, "log.no_wonder")
        return
    step = data.card(res(ctx)["card"])["steps"][i]
    start_walk(ctx, total=answer, need=1, criteria=list(step["priority"]), noun="wonder",
               card=res(ctx)["card"], verb="wonder", then="wonder_chosen", args={"i": i},
               rule="rule.wonder")


@steps
def wonder_chosen(ctx: Ctx, placed: int, i: int) -> None:
    """Ask the chosen wonder's cost (the payment is computed)."""
    step = data.card(res(ctx)["card"])["steps"][i]
    most = most_production(ctx, step["production"])
    hi = most if ctx.options["wonder_affordable"] else MAX_COST
    ctx.ask(prompts.count(k("prompt.wonder_cost"), 0, hi, {"most": most},
                          ui=card_ui(ctx, res(ctx)["card"], ("strip",), typed=True)),
            wonder_cost, i=i)


def pay_wonder(ctx: Ctx, cost: int, production: int) -> tuple[bool, list[tuple[str, int]]]:
    """Raise production to ``cost`` in the AP rules' order (Building Wonders): industry
    city-state bonus, natural wonder tokens (+2), resources (+2; a trade token instead when a
    resource would overspend by one), trade tokens on the industry card (+1).
    Returns whether it is paid and what was spent, as ``[(what, n)]``."""
    d = ctx.data
    r = res(ctx)
    p = production + r["bonus"] + r["nw"] * nw_value(ctx, wonder=True)
    spent: list[tuple[str, int]] = []
    nw = 0
    while p < cost and d["nw_pool"] > 0:
        d["nw_pool"] -= 1
        nw += 1
        p += 2
    if nw:
        spent.append(("nw", nw))
    while p < cost and sum(d["resources"].values()) > 0:
        if cost - p == 1 and d["tokens"]["industry"] > 0:
            break  # overspend by one: keep the resource, a trade token pays the last point
        held = [x for x in data.RESOURCES if d["resources"][x] > 0]
        kind = ctx.rng.choice(held)
        d["resources"][kind] -= 1
        spent.append((f"resource.{kind}", 1))
        p += 2
    tokens = 0
    while p < cost and d["tokens"]["industry"] > 0:
        d["tokens"]["industry"] -= 1
        tokens += 1
        p += 1
    if tokens:
        spent.append(("tokens", tokens))
    return p >= cost, spent


@steps
def wonder_cost(ctx: Ctx, answer: int, i: int) -> None:
    """Pay for the wonder, then ask its type and place it."""
    step = data.card(res(ctx)["card"])["steps"][i]
    before = ctx.data["nw_pool"], dict(ctx.data["resources"]), dict(ctx.data["tokens"])
    paid, spent = pay_wonder(ctx, answer, step["production"])
    if not paid:
        ctx.data["nw_pool"], ctx.data["resources"], ctx.data["tokens"] = before
        log_ap(ctx, "log.wonder_unaffordable", {"cost": answer})
        return
    r = res(ctx)
    log_ap(ctx, "log.production", {"base": step["production"], "bonus": r["bonus"],
                                   "cost": answer},
           why={"rule": m("why.wonder_payment")})
    for what, n in spent:
        if what.startswith("resource."):
            log_table(ctx, "log.pay.resource", {"resource": m(what)}, icon="resource")
        else:
            log_table(ctx, f"log.pay.{what}", {"n": n}, icon="coin")
    ctx.ask(prompts.pick_one(k("prompt.wonder_type"), list(data.TYPES), {},
                             labels=[m(f"type_label.{t}") for t in data.TYPES],
                             ui=card_ui(ctx, r["card"], (f"step{i}",))), wonder_type)


@steps
def wonder_type(ctx: Ctx, answer: str) -> None:
    """Count the wonder by type; place it in the best city without a wonder."""
    res(ctx)["built"] = True
    place_wonder(ctx, answer, "log.wonder_built", res(ctx)["card"])


def city(ctx: Ctx, step: data.Step, i: int) -> None:
    """Build a city on a legal space within range, by the printed priority."""
    if ctx.data["cities"] >= data.MAX_CITIES:
        log_ap(ctx, "log.no_city_left")
        return
    ctx.ask(prompts.count(k("prompt.city_sites"), 0, MAX_SPACES, {
        "range": step["range"], "near": m(f"near_site.{step['near']}"),
        "water": m("water.yes" if step["water"] else "water.no")},
        ui=card_ui(ctx, res(ctx)["card"], (f"step{i}",), rule=m("rule.city_sites"),
                   typed=True)),
        city_count, i=i)


@steps
def city_count(ctx: Ctx, answer: int, i: int) -> None:
    """Walk the city-site priority list."""
    if answer == 0:
        log_ap(ctx, "log.no_city_site")
        return
    step = data.card(res(ctx)["card"])["steps"][i]
    start_walk(ctx, total=answer, need=1, criteria=list(step["priority"]), noun="site",
               card=res(ctx)["card"], verb="city", then="city_built", rule="rule.city_sites")


@steps
def city_built(ctx: Ctx, placed: int) -> None:
    """One more AP city (none when its figures ran out meanwhile, e.g. by a correction)."""
    if ctx.data["cities"] >= data.MAX_CITIES:
        log_ap(ctx, "log.no_city_left")
        return
    ctx.data["cities"] += 1
    res(ctx)["built"] = True


# --- science ------------------------------------------------------------------------------
def advance(ctx: Ctx, step: data.Step, i: int) -> None:
    """Science: always spend every trade token on the card; advance 5 + tokens + bonus."""
    r = res(ctx)
    tokens = ctx.data["tokens"]["science"]
    spend_tokens(ctx, "science", tokens)
    nw = r["nw"] * nw_value(ctx, wonder=False)
    amount = step["amount"] + tokens + r["bonus"] + nw
    teddy = "_teddy" if is_leader(ctx, "teddy") else ""
    log_ap(ctx, f"log.advance_sum{teddy}", {"base": step["amount"], "tokens": tokens,
                                            "bonus": r["bonus"], "nw": nw, "n": amount},
           why={"rule": m("why.science_spend")})
    advance_dial(ctx, amount)


def gain_trade_token(ctx: Ctx, step: data.Step, i: int) -> None:
    """Mathematics: one trade token from the supply on the card with the fewest (reading
    ``mathematics_self``: Mathematics itself may take it, and then spends it)."""
    own = None if ctx.options["mathematics_self"] else slot_of(ctx, "science")
    gain_trade_tokens(ctx, 1, exclude_slot=own)


def upgrade_card(ctx: Ctx, step: data.Step, i: int) -> None:
    """Replaceable Parts: the lowest-level card (ties: highest in the row) goes up one level
    (reading ``parts_self``: the card may pick itself)."""
    slots = list(range(5, 0, -1))
    if not ctx.options["parts_self"]:
        slots = [s for s in slots if card_in(ctx, s) != res(ctx)["card"]]
    levels = [level_of(card_in(ctx, s)) for s in slots]
    lowest = min(levels)
    if lowest >= 4:
        log_ap(ctx, "log.no_card_to_gain", {"level": "IV"})
        return
    slot = slots[levels.index(lowest)]
    replace_card(ctx, slot, lowest + 1, "parts")
    log_ap(ctx, "log.parts_pick", {"slot": slot},
           why={"rule": m("why.parts"), "candidates": levels[::-1], "pick": slot})


def nuke(ctx: Ctx, step: data.Step, i: int) -> None:
    """Nuclear Power: each human destroys one of their non-capital cities and the control
    tokens next to it (reading ``nuke_own_tokens``: the AP's own tokens too)."""
    key = "log.nuke_all" if ctx.options["nuke_own_tokens"] else "log.nuke_rivals"
    log_table(ctx, key, {"n": ctx.data["humans"]}, icon="attack")


RUNNERS: dict[str, Runner] = {
    "place_tokens": place_tokens,
    "weaken_rivals": weaken_rivals,
    "defeat_barbarians": defeat_barbarians,
    "gain_resource": gain_resource,
    "caravans": caravans,
    "wonder": wonder,
    "city": city,
    "advance": advance,
    "gain_trade_token": gain_trade_token,
    "upgrade_card": upgrade_card,
    "nuke": nuke,
}
