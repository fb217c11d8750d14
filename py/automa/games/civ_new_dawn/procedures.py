"""What the player starts at any time: the AP gains tokens, resources or cards, defends, wins a
capital, defeats a barbarian, visits a rival with a caravan, completes agendas; and the AP's
values the player may correct."""

from __future__ import annotations

from functools import cache

from automa.core import prompts
from automa.core.game import Correction, Procedure
from automa.core.records import MessageRef

from . import data
from .actions import gain_resources, place_wonder
from .military import MAX_TOTAL, attacker_wins, barbarian_defeated, defence_spend
from .state import (
    AP,
    Ctx,
    card_counts,
    card_in,
    card_name,
    card_ui,
    city_state_room,
    gain_trade_tokens,
    held_diplomacy,
    is_leader,
    k,
    log_ap,
    log_table,
    m,
    military_bonus,
    nw_held,
    steps,
    take_one,
    uses_cards,
)

PROCEDURES = (
    ("gain_tokens", "proc_gain_tokens"),
    ("gain_resources", "proc_gain_resources"),
    ("swap_resources", "proc_swap_resources"),
    ("gain_nw", "proc_gain_nw"),
    ("gain_card", "proc_gain_card"),
    ("lose_card", "proc_lose_card"),
    ("defend", "proc_defend"),
    ("capital", "proc_capital"),
    ("capital_lost", "proc_capital_lost"),
    ("barbarian", "proc_barbarian"),
    ("attack_city_state", "proc_attack_city_state"),
    ("visit_rival", "proc_visit_rival"),
    ("victory", "proc_victory"),
)


def procedures(ctx: Ctx, phase: str) -> list[Procedure]:
    """Every procedure, in every phase: the player starts them at any time."""
    out = [Procedure(pid, k(f"procedure.{pid}"), step) for pid, step in PROCEDURES]
    if not any(ctx.data["city_states"].values()):
        out = [p for p in out if p.id != "attack_city_state"]
    if not any(ctx.data["resources"].values()):
        out = [p for p in out if p.id != "swap_resources"]
    return out


def _types(prefix: str = "type") -> list[MessageRef]:
    return [m(f"{prefix}.{t}") for t in data.TYPES]


@steps
def proc_gain_tokens(ctx: Ctx) -> None:
    """The AP gains trade tokens with a free choice of card."""
    ctx.ask(prompts.count(k("prompt.how_many_tokens"), 1, 10, {}, default=1,
                          ui=card_ui(ctx, rule=m("rule.gain_tokens"))), proc_gain_tokens_n)


@steps
def proc_gain_tokens_n(ctx: Ctx, answer: int) -> None:
    """Place them one at a time."""
    gain_trade_tokens(ctx, answer)


@steps
def proc_gain_resources(ctx: Ctx) -> None:
    """The AP gains resources of its choice: each of a random type."""
    ctx.ask(prompts.count(k("prompt.how_many_resources"), 1, 5, {}, default=1,
                          ui=card_ui(ctx)), proc_gain_resources_n)


@steps
def proc_gain_resources_n(ctx: Ctx, answer: int) -> None:
    """Random types."""
    gain_resources(ctx, answer)


@steps
def proc_swap_resources(ctx: Ctx) -> None:
    """AP rules, Gaining and Spending Resource Tokens: "If the supply runs out of a specific
    type of resource, players can change out the AP's resources of that type with other
    resources from the supply." Which type goes back?"""
    held = [r for r in data.RESOURCES if ctx.data["resources"][r] > 0]
    if not held:
        log_ap(ctx, "log.no_resources")
        return
    ctx.ask(prompts.pick_one(k("prompt.swap_from"), held, {},
                             labels=[m(f"resource.{r}") for r in held],
                             ui=card_ui(ctx, rule=m("rule.resource_swap"))), proc_swap_from)


@steps
def proc_swap_from(ctx: Ctx, answer: str) -> None:
    """How many of them, for which type from the supply."""
    have = ctx.data["resources"][answer]
    if have <= 0:
        ctx.then(proc_swap_resources)
        return
    others = [r for r in data.RESOURCES if r != answer
              and ctx.data["resources"][r] < data.RESOURCES_PER_TYPE]
    if not others:
        log_ap(ctx, "log.no_swap", {"resource": m(f"resource.{answer}")})
        return
    ctx.ask(prompts.pick_one(k("prompt.swap_to"), others,
                             {"resource": m(f"resource.{answer}"), "n": have},
                             labels=[m(f"resource.{r}") for r in others],
                             ui=card_ui(ctx, rule=m("rule.resource_swap"))),
            proc_swap_to, old=answer)


@steps
def proc_swap_to(ctx: Ctx, answer: str, old: str) -> None:
    """Every one of them the supply can replace (it holds 8 of each type)."""
    d = ctx.data["resources"]
    n = min(d[old], data.RESOURCES_PER_TYPE - d[answer])
    if n <= 0:
        ctx.then(proc_swap_resources)
        return
    d[old] -= n
    d[answer] += n
    log_table(ctx, "log.resources_swapped", {"n": n, "old": m(f"resource.{old}"),
                                             "new": m(f"resource.{answer}")}, icon="resource")


@steps
def proc_gain_nw(ctx: Ctx) -> None:
    """The AP gains natural wonder tokens (at most as many as the box has left)."""
    room = data.NATURAL_WONDERS - nw_held(ctx)
    if room <= 0:
        log_ap(ctx, "log.nw_none_left", {"n": data.NATURAL_WONDERS})
        return
    ctx.ask(prompts.count(k("prompt.how_many_nw"), 1, room, {}, default=1, ui=card_ui(ctx)),
            proc_gain_nw_n)


@steps
def proc_gain_nw_n(ctx: Ctx, answer: int) -> None:
    """Teddy Roosevelt puts them on the card in slot 4 (AP rules, Leader Abilities)."""
    answer = min(answer, data.NATURAL_WONDERS - nw_held(ctx))
    if answer <= 0:
        log_ap(ctx, "log.nw_none_left", {"n": data.NATURAL_WONDERS})
        return
    if is_leader(ctx, "teddy"):
        target = card_in(ctx, 4)
        ctx.data["nw"][data.card(target)["type"]] += answer
        log_table(ctx, "log.teddy_slot4", {"n": answer, "card": card_name(target)}, icon="move")
        return
    ctx.data["nw_pool"] += answer
    log_ap(ctx, "log.gain_nw", {"n": answer})


@steps
def proc_gain_card(ctx: Ctx) -> None:
    """The AP gains a wonder or a city-state diplomacy card."""
    ctx.ask(prompts.pick_one(k("prompt.card_kind"), ["wonder", "city_state"], {},
                             labels=[m("kind.wonder"), m("kind.city_state")], ui=card_ui(ctx)),
            proc_card_kind, delta=1)


@steps
def proc_lose_card(ctx: Ctx) -> None:
    """The AP loses a wonder or a city-state diplomacy card."""
    ctx.ask(prompts.pick_one(k("prompt.card_kind_lost"), ["wonder", "city_state"], {},
                             labels=[m("kind.wonder"), m("kind.city_state")], ui=card_ui(ctx)),
            proc_card_kind, delta=-1)


def card_types(ctx: Ctx, kind: str, delta: int) -> list[str]:
    """The types a card of this kind can be gained in (the box still has one) or lost in
    (the AP holds one)."""
    counts = card_counts(ctx, kind)
    if delta < 0:
        return [t for t in data.TYPES if counts[t] > 0]
    if kind == "city_state":
        return [t for t in data.TYPES if city_state_room(ctx, t)]
    return [t for t in data.TYPES if counts[t] < data.MAX_CITIES]


@steps
def proc_card_kind(ctx: Ctx, answer: str, delta: int) -> None:
    """Which type it is (the AP only counts them by type)."""
    types = card_types(ctx, answer, delta)
    if not types:
        log_ap(ctx, "log.nothing_to_lose" if delta < 0 else "log.nothing_to_gain")
        return
    ctx.ask(prompts.pick_one(k("prompt.card_type"), types, {"kind": m(f"kind.{answer}")},
                             labels=[m(f"type_label.{t}") for t in types], ui=card_ui(ctx)),
            proc_card_type, kind=answer, delta=delta)


@steps
def proc_card_type(ctx: Ctx, answer: str, kind: str, delta: int) -> None:
    """Count it. A choice that is no longer there (another procedure took that card while
    this question was open) gets a fresh question with what is left."""
    if answer not in card_types(ctx, kind, delta):
        log_ap(ctx, "log.card_gone" if delta < 0 else "log.card_no_room",
               {"kind": m(f"kind.{kind}"), "type": m(f"type.{answer}")})
        ctx.then(proc_card_kind, answer=kind, delta=delta)
        return
    card_counts(ctx, kind)[answer] += delta
    key = "log.card_gained" if delta > 0 else "log.card_lost"
    log_ap(ctx, key, {"kind": m(f"kind.{kind}"), "type": m(f"type.{answer}")})


@steps
def proc_defend(ctx: Ctx) -> None:
    """The AP is attacked: the defence of the attacked space read off the table; the app adds
    the AP's military bonus (AP rules, Wonders and Diplomacy: +1 per military wonder and
    city-state card, "whether the AP is the attacker or the defender") and names the
    Defensive Pacts it holds and uses (their ability is on the card)."""
    pacts = held_diplomacy(ctx, "defensive_pact")
    ctx.ask(prompts.count(k("prompt.defend_space"), 0, MAX_TOTAL, {
        "bonus": military_bonus(ctx), "pacts": uses_cards(pacts, "defensive_pact")},
        ui=card_ui(ctx, rule=m("rule.defend_bonus"), typed=True)), proc_defend_base)


@steps
def proc_defend_base(ctx: Ctx, answer: int) -> None:
    """The AP's total: the space's defence plus its military bonus."""
    bonus = military_bonus(ctx)
    total = min(MAX_TOTAL, answer + bonus)
    log_ap(ctx, "log.defend_total", {"base": answer, "bonus": bonus, "total": total},
           why={"rule": m("rule.defend_bonus")})
    proc_defend_ap(ctx, answer=total)


@steps
def proc_defend_ap(ctx: Ctx, answer: int) -> None:
    """Ask the attacker's total."""
    ctx.ask(prompts.count(k("prompt.attacker_total"), 0, MAX_TOTAL, {"ap": answer},
                          ui=card_ui(ctx)), proc_defend_spend, ap=answer)


@steps
def proc_defend_spend(ctx: Ctx, answer: int, ap: int) -> None:
    """Winning: no tokens; losing: enough to win, or none (AP rules, military spending)."""
    tie = ctx.options["combat_tie"]
    tokens = ctx.data["tokens"]["military"]
    s = defence_spend(ap, answer, tokens, tie)
    losing = attacker_wins(answer, ap, tie)
    # one board line with the outcome after spending (a losing defender that spends wins)
    key = "log.defence_spending" if s else "log.defence.lost" if losing else "log.defence.won"
    log_table(ctx, key, {"ap": ap, "attacker": answer, "n": s}, icon="defend",
              why={"rule": m(f"why.defender_{'losing' if losing else 'winning'}")})
    ctx.data["tokens"]["military"] -= s


@steps
def proc_capital(ctx: Ctx, has_wonder: bool = False) -> None:
    """The AP won against a rival's capital: was there a wonder in it (and of which type)?
    After an attack on a "city with a wonder" only the type is asked."""
    choices = list(data.TYPES) if has_wonder else ["none", *data.TYPES]
    labels = _types() if has_wonder else [m("answer.no_wonder"), *_types()]
    ctx.ask(prompts.pick_one(k("prompt.capital_wonder"), choices, {}, labels=labels,
                             ui=card_ui(ctx, rule=m("rule.capital"))), proc_capital_wonder)


@steps
def proc_capital_wonder(ctx: Ctx, answer: str) -> None:
    """The wonder moves to the AP's best city without one; then the two trade tokens."""
    ctx.then(proc_capital_tokens_ask)
    if answer != "none":
        place_wonder(ctx, answer, "log.capital_wonder", card_in(ctx, 5))


@steps
def proc_capital_tokens_ask(ctx: Ctx) -> None:
    """How many trade tokens the defender had to give (up to 2)."""
    ctx.ask(prompts.count(k("prompt.capital_tokens"), 0, 2, {}, default=2,
                          ui=card_ui(ctx, rule=m("rule.capital"))), proc_capital_tokens)


@steps
def proc_capital_tokens(ctx: Ctx, answer: int) -> None:
    """Taken from the defender's highest cards, placed on the AP's cards with the fewest."""
    if answer:
        log_table(ctx, "log.capital_take", {"n": answer}, icon="trade")
        gain_trade_tokens(ctx, answer)


@steps
def proc_capital_lost(ctx: Ctx) -> None:
    """A rival won against the AP's capital: which wonder was in it, if any."""
    held = [t for t in data.TYPES if ctx.data["wonders"][t] > 0]
    ctx.ask(prompts.pick_one(k("prompt.capital_lost_wonder"), ["none", *held], {},
                             labels=[m("answer.no_wonder"), *[m(f"type_label.{t}") for t in held]],
                             ui=card_ui(ctx, rule=m("rule.capital_lost"))), proc_capital_lost_do)


@steps
def proc_capital_lost_do(ctx: Ctx, answer: str) -> None:
    """The wonder goes to the rival; then the trade tokens the rival takes. A wonder no longer
    there (taken by another procedure meanwhile) gets a fresh question."""
    if answer != "none":
        if not take_one(ctx.data["wonders"], answer):
            log_ap(ctx, "log.card_gone", {"kind": m("kind.wonder"), "type": m(f"type.{answer}")})
            ctx.then(proc_capital_lost)
            return
        log_table(ctx, "log.capital_lost_wonder", {"type": m(f"type.{answer}")}, icon="lose")
    ctx.then(capital_lost_token, n=1)


@steps
def capital_lost_token(ctx: Ctx, n: int) -> None:
    """Up to 2 trade tokens, one at a time, from the AP cards the rival picks: the AP rules give
    no rule for a human attacker, so the Rules of Play's free choice stands (rules-model A10).
    The card highest in the row is offered first."""
    held = [str(s) for s in range(5, 0, -1)
            if ctx.data["tokens"][data.card(card_in(ctx, s))["type"]] > 0]
    if n > 2 or not held:
        if n == 1:
            log_ap(ctx, "log.no_token_to_take")
        return
    ctx.ask(prompts.pick_one(k("prompt.capital_lost_token"), [*held, "none"], {"n": n},
                             labels=[m("slot_card", n=int(s), card=card_name(card_in(ctx, int(s))))
                                     for s in held] + [m("answer.no_more_tokens")],
                             default=held[0], ui=card_ui(ctx, rule=m("rule.capital_lost"))),
            capital_lost_take, n=n)


@steps
def capital_lost_take(ctx: Ctx, answer: str, n: int) -> None:
    """One trade token leaves that card."""
    if answer == "none":
        return
    slot = int(answer)
    card = card_in(ctx, slot)
    if not take_one(ctx.data["tokens"], data.card(card)["type"]):
        # none left there any more (corrected meanwhile): ask again with the cards that have
        ctx.then(capital_lost_token, n=n)
        return
    log_table(ctx, "log.token_taken", {"card": card_name(card), "slot": slot}, icon="lose")
    ctx.then(capital_lost_token, n=n + 1)


@steps
def proc_barbarian(ctx: Ctx) -> None:
    """The AP defeated a barbarian."""
    barbarian_defeated(ctx)


@steps
def proc_attack_city_state(ctx: Ctx) -> None:
    """The AP attacks a city-state whose card it holds: the card goes back first."""
    held = [t for t in data.TYPES if ctx.data["city_states"][t] > 0]
    if not held:
        log_ap(ctx, "log.nothing_to_lose")
        return
    ctx.ask(prompts.pick_one(k("prompt.return_which"), held, {},
                             labels=[m(f"type_label.{t}") for t in held], ui=card_ui(ctx)),
            proc_return_city_state)


@steps
def proc_return_city_state(ctx: Ctx, answer: str) -> None:
    """Return it (a card no longer held gets a fresh question)."""
    if not take_one(ctx.data["city_states"], answer):
        log_ap(ctx, "log.card_gone", {"kind": m("kind.city_state"),
                                      "type": m(f"type.{answer}")})
        ctx.then(proc_attack_city_state)
        return
    log_table(ctx, "log.return_city_state", {"type": m(f"type.{answer}")}, icon="lose")


@steps
def proc_visit_rival(ctx: Ctx) -> None:
    """An AP caravan reached a rival's city: which rival (with more than one human)."""
    humans = ctx.data["humans"]
    if humans == 1:
        ctx.then(proc_visit_which, answer="1")
        return
    rivals = [str(p) for p in range(1, humans + 1)]
    ctx.ask(prompts.pick_one(k("prompt.which_rival"), rivals, {},
                             labels=[m("rival", n=int(p)) for p in rivals], ui=card_ui(ctx)),
            proc_visit_which)


@steps
def proc_visit_which(ctx: Ctx, answer: str) -> None:
    """If the AP has none of this rival's cards: which of them can still be taken."""
    held = ctx.data["diplomacy"][answer]
    if held != "none":
        log_ap(ctx, "log.diplomacy_has", {"rival": m("rival", n=int(answer)),
                                          "card": m(f"diplomacy.{held}")})
        return
    ctx.ask(prompts.pick_subset(k("prompt.diplomacy_gone"), list(data.DIPLOMACY),
                                {"rival": m("rival", n=int(answer))},
                                labels=[m(f"diplomacy.{d}") for d in data.DIPLOMACY],
                                default=[], ui=card_ui(ctx)),
            proc_diplomacy, rival=answer)


@steps
def proc_diplomacy(ctx: Ctx, answer: list[str], rival: str) -> None:
    """The first still available of Open Borders, Joint War, Defensive Pact, Embassy (the
    player names the cards already gone, usually none)."""
    available = [d for d in data.DIPLOMACY if d not in answer]
    if not available:
        log_ap(ctx, "log.diplomacy_none", {"rival": m("rival", n=int(rival))})
        return
    card = available[0]
    ctx.data["diplomacy"][rival] = card
    # AP rules, Wonders and Diplomacy: it uses player diplomacy cards' abilities, except Embassy.
    log_table(ctx, "log.diplomacy_take_embassy" if card == "embassy" else "log.diplomacy_take",
              {"rival": m("rival", n=int(rival)), "card": m(f"diplomacy.{card}")}, icon="card",
              why={"rule": m("why.diplomacy_order"), "candidates": available, "pick": card})


@steps
def proc_victory(ctx: Ctx) -> None:
    """The victory-card checklist: on which cards has the AP completed an agenda?"""
    done = [str(i + 1) for i, v in enumerate(ctx.data["agendas"]) if v]
    ctx.ask(prompts.pick_subset(k("prompt.agendas"), ["1", "2", "3"], {},
                                labels=[m("victory_card", n=i) for i in (1, 2, 3)],
                                default=done, ui=card_ui(ctx, rule=m("rule.victory"))),
            proc_victory_set)


@steps
def proc_victory_set(ctx: Ctx, answer: list[str]) -> None:
    """All three: the AP wins and the game ends."""
    ctx.data["agendas"] = [str(i) in answer for i in (1, 2, 3)]
    log_ap(ctx, "log.agendas", {"n": len(answer)})
    if len(answer) == 3:
        ctx.data["winner"] = "ap"
        ctx.log(AP, k("log.game_end.ap"), {"turns": ctx.turn})
        ctx.finish()


# --- corrections ---------------------------------------------------------------------------
def corrections(ctx: Ctx, phase: str) -> tuple[Correction, ...]:
    """Every tracked value of the AP, in every phase."""
    held = sum(ctx.data["city_states"].values())  # the box's 16 in all, whatever their types
    out = list(_fixed()) + [
        Correction(f"city_states_{t}", m("view.city_states_of", type=m(f"type.{t}")),
                   ("city_states", t), 0,
                   left_for(ctx.data["city_states"][t], held, data.CITY_STATE_CARDS))
        for t in data.TYPES]
    out.insert(2, Correction("nw_pool", m("view.nw"), ("nw_pool",), 0,
                             nw_left_for(ctx, ctx.data["nw_pool"])))
    for slot in range(1, 6):
        t = data.card(card_in(ctx, slot))["type"]
        cards = tuple(data.card_of(t, lv) for lv in data.LEVELS)
        out.append(Correction(f"slot_{slot}", m("view.slot_card", n=slot), ("row", slot - 1),
                              choices=cards, choice_labels=tuple(m(f"card.{c}") for c in cards)))
    cards_held = ("none", *data.DIPLOMACY)
    out += [Correction(f"diplomacy_{p}", m("view.diplomacy_of", rival=m("rival", n=int(p))),
                       ("diplomacy", p), choices=cards_held,
                       choice_labels=tuple(m(f"diplomacy.{c}") for c in cards_held))
            for p in sorted(ctx.data["diplomacy"])]
    if is_leader(ctx, "teddy"):
        out += [Correction(f"nw_{t}", m("view.nw_on", type=m(f"type.{t}")), ("nw", t), 0,
                           nw_left_for(ctx, ctx.data["nw"][t]))
                for t in data.TYPES]
    return tuple(out)


def nw_left_for(ctx: Ctx, now: int) -> int:
    """The most natural wonder tokens a place holding ``now`` of them can be corrected to:
    the box has 4 in all (AP rules, Natural Wonders), so what the AP holds elsewhere is not
    left for it (never below what it holds now)."""
    return left_for(now, nw_held(ctx), data.NATURAL_WONDERS)


def left_for(now: int, held: int, box: int) -> int:
    """The most a place holding ``now`` of a component can be corrected to, when ``held``
    of the ``box``'s ones are held in all: what is held elsewhere is not left for it (never
    below what it holds now)."""
    return max(now, min(box, box - held + now))


@cache
def _fixed() -> tuple[Correction, ...]:
    out = [
        Correction("dial", m("view.dial"), ("dial",), 0, data.dial()["last"]),
        Correction("cities", m("view.cities"), ("cities",), 1, data.MAX_CITIES),
    ]
    out += [Correction(f"tokens_{t}", m("view.tokens_on", type=m(f"type.{t}")), ("tokens", t),
                       0, 40) for t in data.TYPES]
    out += [Correction(f"resource_{r}", m("view.resource_of", resource=m(f"resource.{r}")),
                       ("resources", r), 0, 8)
            for r in data.RESOURCES]
    out += [Correction(f"wonders_{t}", m("view.wonders_of", type=m(f"type.{t}")), ("wonders", t),
                       0, 8) for t in data.TYPES]
    out += [Correction(f"agenda_{i}", m("victory_card", n=i), ("agendas", i - 1),
                       choices=(False, True), choice_labels=(m("view.not_done"), m("view.done")))
            for i in (1, 2, 3)]
    return tuple(out)
