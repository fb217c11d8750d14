"""The AP's turn (AP rules, Automated Player Turn) and the flow between its turns.

Between turns the app asks whether the AP takes its turn or the game is over (base rules,
game end: an agenda on every victory card). On its turn the AP turns the event dial (not on
the first turn), resolves the card in its fifth slot, then resets it to the first slot. Card
rules after the reset: Capitalism resolves the card now in slot 5 without resetting it;
Urbanization resolves the culture card as if it were in slot 5 and resets it; Montezuma swaps
his military card into slot 2 after a turn with a won attack; levels I–III of industry and
I–II of military swap for the next level when they did nothing.
"""

from __future__ import annotations

from typing import Any

from automa.core import prompts

from . import actions, data, military
from .state import (
    AP,
    AP_TURN,
    WAITING,
    Ctx,
    Resolving,
    bonus,
    card_in,
    card_name,
    card_ui,
    is_leader,
    k,
    level_of,
    log_ap,
    log_table,
    m,
    replace_card,
    reset,
    resolving,
    slot_of,
    steps,
    take_notice,
)


# --- between the AP's turns --------------------------------------------------------------
@steps
def await_turn(ctx: Ctx, answer: Any = True) -> None:
    """Before each AP turn: the AP's turn, or the game is over."""
    ctx.phase = WAITING
    params = {"turn": ctx.turn + 1, "card": card_name(card_in(ctx, 5)),
              "notice": take_notice(ctx)}
    if ctx.turn == 0:
        ctx.ask(prompts.confirm(k("prompt.first_turn"), params, label=m("answer.ap_turn"),
                                ui=card_ui(ctx, card_in(ctx, 5))), ap_turn)
        return
    ui = card_ui(ctx, card_in(ctx, 5))  # (its card matters once "AP's turn" is tapped)
    ui["fold"] = m("fold_next", card=card_name(card_in(ctx, 5)))
    ui["turn_first"] = True  # (the turn just played before the focus row)
    ctx.ask(prompts.pick_one(k("prompt.ready"), ["ap_turn", "game_over"], params,
                             labels=[m("answer.ap_turn"), m("answer.game_over")],
                             default="ap_turn", ui=ui), ready)


@steps
def ready(ctx: Ctx, answer: str) -> None:
    """The AP's turn, or who won."""
    if answer == "ap_turn":
        ctx.then(ap_turn)
        return
    ctx.ask(prompts.pick_one(k("prompt.who_won"), ["ap", "human"],
                             {"n": sum(ctx.data["agendas"])},
                             labels=[m("answer.ap_won"), m("answer.human_won")],
                             ui=card_ui(ctx, rule=m("rule.victory"))), who_won)


@steps
def who_won(ctx: Ctx, answer: str) -> None:
    """Check the win: an agenda on every victory card (base rules, game end)."""
    ctx.ask(prompts.yes_no(k("prompt.confirm_end"), {"winner": m(f"answer.{answer}_won")},
                           ui=card_ui(ctx, rule=m("rule.victory"))), game_end, winner=answer)


@steps
def game_end(ctx: Ctx, answer: bool, winner: str) -> None:
    """The game ends; a mistaken claim goes back to the AP's turn."""
    if not answer:
        log_ap(ctx, "log.no_win_yet")
        ctx.then(await_turn)
        return
    ctx.data["winner"] = winner
    if winner == "ap":
        ctx.data["agendas"] = [True, True, True]
    ctx.log(AP, k(f"log.game_end.{winner}"), {"turns": ctx.turn})
    ctx.finish()


@steps
def ap_turn(ctx: Ctx, answer: Any = True) -> None:
    """The AP's turn: event dial (not on the first turn), resolve slot 5, reset (AP rules,
    Automated Player Turn)."""
    ctx.phase = AP_TURN
    ctx.turn += 1
    if ctx.turn > 1:
        log_table(ctx, "log.event_dial", icon="advance")
    card = card_in(ctx, 5)
    ctx.seq(("resolve_card", {"card": card, "reset": True}), "await_turn")


# --- resolving a focus card --------------------------------------------------------------
AFTER_RESET = ("resolve_slot5", "resolve_culture", "upgrade_if_idle")
RUNNERS = {**actions.RUNNERS, **military.RUNNERS}


@steps
def resolve_card(ctx: Ctx, card: str, reset: bool, held_back: int = 0) -> None:
    """Start resolving ``card``; its bonus tokens (wonders, city-states) are automatic.
    ``held_back``: Teddy's tokens placed on it earlier this turn that wait for a later turn
    (reading ``teddy_nw_capitalism`` = ``once``)."""
    c = data.card(card)
    t = c["type"]
    nw = 0
    if is_leader(ctx, "teddy"):
        nw = max(0, ctx.data["nw"][t] - held_back)
        ctx.data["nw"][t] -= nw
        if nw:
            log_table(ctx, "log.teddy_spends", {"n": nw, "card": card_name(card)},
                      icon="resource")
    b = bonus(ctx, t)
    resolving: Resolving = {"card": card, "type": t, "bonus": b, "nw": nw, "reset": reset,
                            "built": False, "attacks": 0, "won": 0, "reinforced": 0,
                            "retry": None, "caravans": []}
    ctx.data["res"] = resolving
    log_table(ctx, "log.resolve" if reset else "log.resolve_no_reset",
              {"card": card_name(card), "slot": slot_of(ctx, t)}, icon="card")
    if b:
        log_ap(ctx, "log.bonus", {"n": b, "card": card_name(card)})
    todo: list[tuple[str, dict[str, int]]] = [
        ("run_step", {"i": i}) for i, s in enumerate(c["steps"])
        if s["action"] not in AFTER_RESET]
    ctx.seq(*todo, ("end_card", {}))


@steps
def run_step(ctx: Ctx, i: int) -> None:
    """Run one printed step of the card being resolved."""
    res = resolving(ctx)
    step = data.card(res["card"])["steps"][i]
    RUNNERS[step["action"]](ctx, step, i)


def _idle(res: Resolving) -> bool:
    if res["type"] == "industry":
        return not res["built"]
    return res["attacks"] == 0 and res["reinforced"] == 0


@steps
def end_card(ctx: Ctx) -> None:
    """Teddy's tokens to slot 4, swap-if-idle, reset, and the card's after-reset rules."""
    res = resolving(ctx)
    t = res["type"]
    resolved = res["card"]
    placed = _teddy_tokens_after(ctx, res)
    actions_ = [s["action"] for s in data.card(resolved)["steps"]]
    slot = slot_of(ctx, t)
    if "upgrade_if_idle" in actions_ and _idle(res):
        # AP rules, Industry Focus Cards: the new card is reset without being resolved.
        replace_card(ctx, slot, level_of(resolved) + 1, "idle")
        if not res["reset"] and ctx.options["capitalism_idle"] == "reset":
            # Capitalism's "without resetting" is of the card it resolved, swapped away: the
            # new card is reset as the clarification says (reading ``not_reset``: left)
            reset(ctx, slot)
    if not res["reset"]:
        ctx.data["res"] = None
        return
    reset(ctx, slot)
    if t == "military" and is_leader(ctx, "montezuma") and res["won"] > 0:
        r = ctx.data["row"]
        r[0], r[1] = r[1], r[0]
        log_table(ctx, "log.montezuma", {"card": card_name(r[1]), "other": card_name(r[0])},
                  icon="move")
    ctx.data["res"] = None
    if "resolve_culture" in actions_:
        culture = card_in(ctx, slot_of(ctx, "culture"))
        log_ap(ctx, "log.urbanization", {"card": card_name(culture)})
        ctx.then("resolve_card", card=culture, reset=True)
    elif "resolve_slot5" in actions_:
        fifth = card_in(ctx, 5)
        log_ap(ctx, "log.capitalism", {"card": card_name(fifth)})
        held = placed if ctx.options["teddy_nw_capitalism"] == "once" else 0
        ctx.then("resolve_card", card=fifth, reset=False, held_back=held)


def _teddy_tokens_after(ctx: Ctx, res: Resolving) -> int:
    """Teddy's tokens after the card: spent, they go on the card in slot 4 (AP rules, Leader
    Abilities: "He always spends natural wonder tokens on a focus card he is resolving, even
    when the bonus for doing so is not needed" — a military card that made no attack spends
    them too, there being no last attack to wait for; reading ``teddy_nw_no_attack`` =
    ``kept``, version 2's: they stay on it). Returns how many went on it."""
    if not res["nw"]:
        return 0
    if (ctx.options["teddy_nw_no_attack"] == "kept" and res["type"] == "military"
            and "nw" not in res.get("used", [])):
        ctx.data["nw"]["military"] += res["nw"]
        log_ap(ctx, "log.teddy_unspent", {"n": res["nw"], "card": card_name(res["card"])})
        return 0
    target = card_in(ctx, 4)
    ctx.data["nw"][data.card(target)["type"]] += res["nw"]
    log_table(ctx, "log.teddy_slot4", {"n": res["nw"], "card": card_name(target)}, icon="move")
    return res["nw"]
