"""Setup (AP rules, Setup and Difficulty Level) and the flow between the AP's turns."""

from __future__ import annotations

from typing import Any

from automa.core import prompts
from automa.core.game import Ctx
from automa.core.records import MessageRef, Why

from . import data
from .state import (
    AP,
    AP_TURN,
    SETUP,
    WAITING,
    card_in,
    card_name,
    card_ui,
    k,
    log_ap,
    log_table,
    m,
    replace_card,
    steps,
    take_notice,
    type_name,
)


@steps
def setup(ctx: Ctx) -> None:
    """Leader, focus row, difficulty replacements; then the table walkthrough."""
    opts = ctx.options
    ctx.phase = SETUP
    leader_id = opts["leader"]
    picked = leader_id == "random"
    if picked:
        leader_id = ctx.rng.choice(data.LEADERS)
    lead = data.leaders()[leader_id]
    humans = int(opts["humans"])
    ctx.data.update({
        "humans": humans,
        "leader": leader_id,
        "difficulty": opts["difficulty"],
        "row": [data.card_of(t, 1) for t in lead["row"]],
        "tokens": {t: 0 for t in data.TYPES},
        "nw": {t: 0 for t in data.TYPES},
        "nw_pool": 0,
        "dial": 0,
        "resources": {r: 0 for r in data.RESOURCES},
        "wonders": {t: 0 for t in data.TYPES},
        "city_states": {t: 0 for t in data.TYPES},
        "cities": 1,
        "diplomacy": {str(p): "none" for p in range(1, humans + 1)},
        "agendas": [False, False, False],
        "res": None,
        "winner": None,
    })
    why: Why = {"rule": m("why.random_leader"), "candidates": list(data.LEADERS),
                "pick": leader_id}
    log_table(ctx, "log.leader", {"leader": m(f"leader.{leader_id}"), "civ": m(f"civ.{leader_id}")},
              icon="info", why=why if picked else {"rule": m("why.chosen_leader")})
    log_table(ctx, "log.row", {"cards": _row_text(ctx)}, icon="card")
    n = int(data.levels()[opts["difficulty"]]["replaced"])
    if n:
        slots = sorted(ctx.rng.shuffle([1, 2, 3, 4, 5])[:n])
        log_ap(ctx, "log.difficulty_pick", {"n": n, "level": m(f"difficulty.{opts['difficulty']}")},
               why={"rule": m("why.difficulty_random"), "candidates": [1, 2, 3, 4, 5],
                    "pick": slots})
        for slot in slots:
            replace_card(ctx, slot, 2, "difficulty")
    ctx.ask(prompts.confirm(k("setup.components"), {
        "leader": m(f"leader.{leader_id}"), "civ": m(f"civ.{leader_id}"),
        "cards": _row_text(ctx), "players": humans + 1,
    }, ui=card_ui(ctx, rule=m("rule.setup_components" if picked
                                else "rule.setup_components_chosen"))), setup_map)


def _row_text(ctx: Ctx) -> MessageRef:
    """The focus row in words: "1 Pottery, 2 …"."""
    parts = [m("slot_card", n=i + 1, card=card_name(card_in(ctx, i + 1))) for i in range(5)]
    ref = parts[0]
    for part in parts[1:]:
        ref = m("list_join", a=ref, b=part)
    return ref


@steps
def setup_map(ctx: Ctx, answer: bool = True) -> None:
    """Map building with the AP's changes; the AP is always the first player."""
    ctx.ask(prompts.confirm(k("setup.map"), {"players": ctx.data["humans"] + 1},
                            ui=card_ui(ctx, rule=m("rule.core_diagram"))), await_turn)


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
    ctx.ask(prompts.pick_one(k("prompt.ready"), ["ap_turn", "game_over"], params,
                             labels=[m("answer.ap_turn"), m("answer.game_over")],
                             default="ap_turn", ui=card_ui(ctx, card_in(ctx, 5))), ready)


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


def type_list() -> list[MessageRef]:
    """The five focus types' names, for choices."""
    return [type_name(t) for t in data.TYPES]
