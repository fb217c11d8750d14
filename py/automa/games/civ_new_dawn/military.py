"""Military focus cards: attacks by target class, combat-token spending, reinforcement.

AP rules, Performing Attacks: the target classes are tried in printed order; the first class
with a target within range wins, ties broken by lowest defence, then at random. A failed attack
is repeated on the same target; a won one looks for a new target (the Masonry example).
Spending Trade Tokens, military: the four attacker/defender cases.
"""

from __future__ import annotations

from automa.core import prompts

from . import data
from .actions import Runner, gain_resources, res, spend_tokens
from .state import (
    MAX_SPACES,
    Ctx,
    card_ui,
    gain_trade_tokens,
    held_diplomacy,
    is_leader,
    k,
    log_ap,
    log_table,
    m,
    military_bonus,
    nw_value,
    steps,
    take_one,
    uses_cards,
)
from .walk import start_walk

MAX_TOTAL = 40
BARBARIANS = ("barbarian", "barbarian_adjacent")
RIVAL_CITIES = ("rival_city", "rival_city_wonder")


def attacker_wins(attack: int, defence: int, tie: str) -> bool:
    """Whether the attacker's total beats the defender's (ties: reading ``combat_tie``)."""
    return attack > defence or (attack == defence and tie == "attacker")


def attack_spend(ap: int, opponent: int, tokens: int, opponent_extra: int, tie: str) -> int:
    """Tokens the AP spends as the attacker: as many as it can, stopping at a total the
    defender cannot match; nothing if it cannot get ahead at all."""
    if not attacker_wins(ap + tokens, opponent, tie):
        return 0
    for s in range(tokens + 1):
        if attacker_wins(ap + s, opponent + opponent_extra, tie):
            return s
    return tokens


def defence_spend(ap: int, attacker: int, tokens: int, tie: str) -> int:
    """Tokens the AP spends as the defender: none while winning; enough to win, or none."""
    for s in range(tokens + 1):
        if not attacker_wins(attacker, ap + s, tie):
            return s
    return 0


RIVAL_TARGETS = (*RIVAL_CITIES, "rival_token")
JOINT_WAR = 2
"""Joint War: "When attacking, increase your combat value by 2 unless you are attacking
[the card's owner]" (the card's text, base game component list)."""


def teddy_tokens_unspent(ctx: Ctx) -> int:
    """Teddy Roosevelt's natural wonder tokens still kept for his last attack (0 for others)."""
    r = res(ctx)
    if not is_leader(ctx, "teddy") or "nw" in r.get("used", []):
        return 0
    return r["nw"]


def joint_wars(ctx: Ctx, target: str, defender: str | None) -> list[str]:
    """The rivals whose Joint War the AP uses in this attack: all it holds, except the one
    of the rival it attacks (with one human, every rival target is that human's)."""
    held = held_diplomacy(ctx, "joint_war")
    if target not in RIVAL_TARGETS:
        return held
    if ctx.data["humans"] == 1:
        return []
    return [p for p in held if p != defender]


def card_combat(step: data.Step, target: str) -> int:
    """The card's own combat value (against barbarians, Iron Working's higher one)."""
    return step["combat_barbarian"] if target in BARBARIANS else step["combat"]


def teddy_tokens_on(ctx: Ctx, last: bool) -> int:
    """Teddy Roosevelt's tokens that go on this attack: all he kept, on his last (AP rules,
    Leader Abilities: "he spends all unspent natural wonder tokens on the last attack he
    performs"); else none."""
    return teddy_tokens_unspent(ctx) if last else 0


def combat_value(ctx: Ctx, step: data.Step, target: str, defender: str | None = None,
                 teddy: int = 0) -> int:
    """The AP's combat value (computed only): the card's, +1 per military wonder and
    city-state card, +2 per Joint War it uses, and ``teddy`` tokens Teddy Roosevelt spends
    on it (:func:`teddy_tokens_on`; :func:`spend_teddy_tokens` spends them)."""
    return (card_combat(step, target) + military_bonus(ctx)
            + JOINT_WAR * len(joint_wars(ctx, target, defender))
            + teddy * nw_value(ctx, wonder=False))


def spend_teddy_tokens(ctx: Ctx) -> None:
    """Teddy Roosevelt's kept tokens are spent (on his last attack): none are left for
    another."""
    res(ctx).setdefault("used", []).append("nw")


def attack(ctx: Ctx, step: data.Step, i: int) -> None:
    """Start the card's attacks."""
    ctx.then(attack_next, i=i)


@steps
def attack_next(ctx: Ctx, i: int) -> None:
    """The next attack: the same target after a loss, else the first class with a target."""
    r = res(ctx)
    step = data.card(r["card"])["steps"][i]
    n = r["attacks"] + 1
    if n > step["attacks"]:
        return
    if r["retry"]:
        log_ap(ctx, "log.attack_again", {"n": n})
        ctx.then(attack_target, i=i, target=r["retry"])
        return
    choices = [*step["targets"], "none"]
    ctx.ask(prompts.pick_one(k("prompt.target_class"), choices, {
        "n": n, "of": step["attacks"], "range": step["range"],
        "through": m(f"through.{step['through']}")},
        labels=[m(f"target.{t}", limit=step["limit"]) for t in choices],
        ui=card_ui(ctx, r["card"], ("priority",), rule=m("rule.attack"))),
        attack_class, i=i)


@steps
def attack_class(ctx: Ctx, answer: str, i: int) -> None:
    """No target left: the attacks end. Otherwise the lowest-defence tiebreaker."""
    if answer == "none":
        log_ap(ctx, "log.no_target")
        return
    ctx.ask(prompts.count(k("prompt.lowest_defence"), 1, MAX_SPACES, {
        "target": m(f"target.{answer}", limit=data.card(res(ctx)["card"])["steps"][i]["limit"])},
        ui=card_ui(ctx, res(ctx)["card"], ("priority",))), attack_tied, i=i, target=answer)


@steps
def attack_tied(ctx: Ctx, answer: int, i: int, target: str) -> None:
    """Golden rule 2 among targets tied at the lowest defence."""
    if answer > 1:
        pick = ctx.rng.below(answer) + 1
        log_table(ctx, "log.target_random", {"n": answer, "pick": pick}, icon="attack",
                  why={"rule": m("why.golden_rule_2"), "candidates": list(range(1, answer + 1)),
                       "pick": pick})
    if target == "city_state" and sum(ctx.data["city_states"].values()) > 0:
        held = [t for t in data.TYPES if ctx.data["city_states"][t] > 0]
        choices = ["no", *held]
        ctx.ask(prompts.pick_one(k("prompt.return_city_state"), choices, {},
                                 labels=[m("answer.not_held"),
                                         *[m(f"type_label.{t}") for t in held]],
                                 ui=card_ui(ctx, res(ctx)["card"], ("priority",))),
                return_city_state, i=i, target=target)
        return
    ctx.then(attack_target, i=i, target=target)


@steps
def return_city_state(ctx: Ctx, answer: str, i: int, target: str) -> None:
    """AP rules: the AP returns an attacked city-state's diplomacy card before the attack."""
    if answer != "no" and take_one(ctx.data["city_states"], answer):
        log_table(ctx, "log.return_city_state", {"type": m(f"type.{answer}")}, icon="lose")
    ctx.then(attack_target, i=i, target=target)


@steps
def attack_target(ctx: Ctx, i: int, target: str, last: bool | None = None,
                  defender: str | None = None) -> None:
    """Ask the two totals read off the table (the AP's pre-filled). Before an attack that
    may be his last, Teddy Roosevelt needs to know whether another target follows; before an
    attack on a rival, the Joint Wars the AP holds need the defender's name."""
    r = res(ctx)
    step = data.card(r["card"])["steps"][i]
    n = r["attacks"] + 1
    if last is None:
        last = n >= step["attacks"]
        if not last and teddy_tokens_unspent(ctx):
            ctx.ask(prompts.yes_no(k("prompt.teddy_another_target"), {
                "n": teddy_tokens_unspent(ctx), "next": n + 1, "of": step["attacks"]},
                ui=card_ui(ctx, r["card"], ("priority",), rule=m("rule.teddy_last"))),
                attack_is_last, i=i, target=target)
            return
    if defender is None and _ask_defender(ctx, target):
        rivals = [str(p) for p in range(1, ctx.data["humans"] + 1)]
        ctx.ask(prompts.pick_one(k("prompt.which_rival_attacked"), rivals, {
            "target": m(f"target.{target}", limit=step["limit"])},
            labels=[m("rival", n=int(p)) for p in rivals],
            ui=card_ui(ctx, r["card"], ("strip",), rule=m("rule.joint_war"))),
            attack_rival_named, i=i, target=target, last=last)
        return
    teddy = teddy_tokens_on(ctx, last)
    value = combat_value(ctx, step, target, defender, teddy)
    if teddy:
        spend_teddy_tokens(ctx)
    log_table(ctx, "log.attack", {"n": n, "target": m(f"target.{target}", limit=step["limit"]),
                                  "value": value}, icon="attack")
    wars = joint_wars(ctx, target, defender)
    ctx.ask(prompts.count(k("prompt.ap_total"), 0, MAX_TOTAL, {
        "value": value, "uses": uses_cards(wars, "joint_war"), "card": card_combat(step, target),
        "bonus": military_bonus(ctx)}, default=value,
        ui=card_ui(ctx, r["card"], ("strip",), rule=m("rule.combat"))),
        attack_ap_total, i=i, target=target)


def _ask_defender(ctx: Ctx, target: str) -> bool:
    """Whose city or token it is matters only to Joint Wars, with several human rivals."""
    return (target in RIVAL_TARGETS and ctx.data["humans"] > 1
            and bool(held_diplomacy(ctx, "joint_war")))


@steps
def attack_is_last(ctx: Ctx, answer: bool, i: int, target: str) -> None:
    """No other target after this one: this is his last attack, his tokens go on it."""
    attack_target(ctx, i=i, target=target, last=not answer)


@steps
def attack_rival_named(ctx: Ctx, answer: str, i: int, target: str, last: bool) -> None:
    """The rival the AP attacks (its own Joint War does not count against it)."""
    attack_target(ctx, i=i, target=target, last=last, defender=answer)


@steps
def attack_ap_total(ctx: Ctx, answer: int, i: int, target: str) -> None:
    """Ask the defender's total: typed, nothing filled in (a 0 accepted by one quick OK
    handed the AP the win)."""
    ctx.ask(prompts.count(k("prompt.defender_total"), 0, MAX_TOTAL, {"ap": answer},
                          ui=card_ui(ctx, res(ctx)["card"], ("strip",), typed=True)),
            attack_defender_total, i=i, target=target, ap=answer)


@steps
def attack_defender_total(ctx: Ctx, answer: int, i: int, target: str, ap: int) -> None:
    """A rival may still spend tokens: ask how many it has. Not asked for barbarians and
    city-states (no tokens), nor when the AP cannot get ahead even with all its tokens: then it
    spends none and loses whatever the defender does."""
    tokens = ctx.data["tokens"]["military"]
    can_get_ahead = attacker_wins(ap + tokens, answer, ctx.options["combat_tie"])
    if target in RIVAL_TARGETS and can_get_ahead:
        ctx.ask(prompts.count(k("prompt.defender_tokens"), 0, 20, {},
                              ui=card_ui(ctx, res(ctx)["card"], ("strip",), typed=True)),
                attack_spend_step, i=i, target=target, ap=ap, opponent=answer)
        return
    ctx.then(attack_spend_step, answer=0, i=i, target=target, ap=ap, opponent=answer)


@steps
def attack_spend_step(ctx: Ctx, answer: int, i: int, target: str, ap: int,
                      opponent: int) -> None:
    """Spend the attacker's tokens; the outcome is known unless the rival can still answer."""
    tie = ctx.options["combat_tie"]
    tokens = ctx.data["tokens"]["military"]
    s = attack_spend(ap, opponent, tokens, answer, tie)
    case = "winning" if attacker_wins(ap, opponent, tie) else "losing"
    log_ap(ctx, f"log.combat.{case}", {"ap": ap, "opponent": opponent, "n": s},
           why={"rule": m(f"why.attacker_{case}")})
    spend_tokens(ctx, "military", s)
    total = ap + s
    if attacker_wins(total, opponent + answer, tie):
        ctx.then(attack_result, answer=True, i=i, target=target)
    elif not attacker_wins(total, opponent, tie):
        ctx.then(attack_result, answer=False, i=i, target=target)
    else:
        ctx.ask(prompts.yes_no(k("prompt.did_ap_win"), {"ap": total},
                               ui=card_ui(ctx, res(ctx)["card"], ("strip",))),
                attack_result, i=i, target=target)


@steps
def attack_result(ctx: Ctx, answer: bool, i: int, target: str) -> None:
    """Count the attack; a win gives the rewards and a new target, a loss a second try."""
    r = res(ctx)
    r["attacks"] += 1
    if not answer:
        r["retry"] = target
        log_table(ctx, "log.attack_lost", {"n": r["attacks"]}, icon="lose")
        ctx.then(attack_next, i=i)
        return
    r["retry"] = None
    r["won"] += 1
    log_table(ctx, "log.attack_won", {"n": r["attacks"], "target": m(f"target.{target}", limit="")},
              icon="conquer")
    ctx.then(attack_next, i=i)
    if target in BARBARIANS:
        barbarian_defeated(ctx)
    elif target in RIVAL_CITIES:
        ctx.ask(prompts.yes_no(k("prompt.was_capital"), {},
                               ui=card_ui(ctx, r["card"], rule=m("rule.capital"))), was_capital,
                has_wonder=target == "rival_city_wonder")
    elif target == "city_state":
        log_table(ctx, "log.city_state_won", icon="conquer")


def barbarian_defeated(ctx: Ctx) -> None:
    """Base rules: a trade token; Gilgamesh also gains a random resource (AP rules)."""
    gain_trade_tokens(ctx, 1)
    if is_leader(ctx, "gilgamesh"):
        gain_resources(ctx, 1)


@steps
def was_capital(ctx: Ctx, answer: bool, has_wonder: bool = False) -> None:
    """A rival's capital: the wonder and trade tokens (AP rules, Attacking Capitals); any
    other city changes hands (:func:`city_taken`; reading ``city_taken``)."""
    if answer:
        ctx.then("proc_capital", has_wonder=has_wonder)
        return
    if ctx.options["city_taken"] == "changes_hands":
        city_taken(ctx, has_wonder)


def city_taken(ctx: Ctx, has_wonder: bool) -> None:
    """The Rules of Play, a won attack on a city that is not a capital: the attacker puts
    one of its unused cities in its place, and a wonder there stays on its space, its card
    going to the attacker. The AP's tracked cities follow, and the wonder is asked (its
    type only, after an attack on "a city with a wonder")."""
    d = ctx.data
    if d["cities"] >= data.MAX_CITIES:  # (every AP city is on the board already)
        log_table(ctx, "log.city_taken_none", icon="conquer", why={"rule": m("rule.city_taken")})
        return
    d["cities"] += 1
    log_table(ctx, "log.city_taken", {"n": d["cities"]}, icon="conquer",
              why={"rule": m("rule.city_taken")})
    types = list(data.TYPES)
    ctx.ask(prompts.pick_one(k("prompt.city_wonder"), types if has_wonder else ["none", *types],
                             {}, labels=[*([] if has_wonder else [m("answer.no_wonder")]),
                                         *[m(f"type.{t}") for t in types]],
                             ui=card_ui(ctx, rule=m("rule.city_taken"))), city_wonder)


@steps
def city_wonder(ctx: Ctx, answer: str) -> None:
    """The wonder in the city taken becomes the AP's (its token stays on the space)."""
    if answer == "none":
        return
    if ctx.data["wonders"][answer] >= data.MAX_CITIES:
        log_ap(ctx, "log.card_no_room", {"kind": m("kind.wonder"), "type": m(f"type.{answer}")})
        return
    ctx.data["wonders"][answer] += 1
    log_table(ctx, "log.city_wonder", {"type": m(f"type.{answer}")}, icon="wonder")


def reinforce(ctx: Ctx, step: data.Step, i: int) -> None:
    """Reinforce 5 − k × attacks control tokens, by the printed priority."""
    n = max(0, 5 - step["per_attack"] * res(ctx)["attacks"])
    log_ap(ctx, "log.reinforce_n", {"n": n, "attacks": res(ctx)["attacks"]},
           why={"rule": m("why.reinforce", k=step["per_attack"])})
    if n == 0:
        return
    ctx.ask(prompts.count(k("prompt.unreinforced"), 0, 31, {"n": n},
                          ui=card_ui(ctx, res(ctx)["card"], (f"step{i}",), typed=True)),
            reinforce_count, n=n)


@steps
def reinforce_count(ctx: Ctx, answer: int, n: int) -> None:
    """Walk: nearest to barbarians or rival spaces, then highest terrain difficulty."""
    start_walk(ctx, total=answer, need=min(n, answer),
               criteria=["nearest_threat", "highest_terrain"], noun="token",
               card=res(ctx)["card"], verb="reinforce", then="reinforced")


@steps
def reinforced(ctx: Ctx, placed: int) -> None:
    """Remember how many tokens were reinforced (for swap-if-idle)."""
    res(ctx)["reinforced"] = placed


RUNNERS: dict[str, Runner] = {"attack": attack, "reinforce": reinforce}
