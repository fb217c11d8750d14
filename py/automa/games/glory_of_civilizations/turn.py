"""The automa's turn (seeds/003, "the automa's turn", "passing"): it waits for its turn,
activates the first face-up card of the row (revealing the next), carries out the card's free
actions and the main action its pointer chain names (:mod:`.actions`), and passes once the
row is done."""

from __future__ import annotations

from typing import Any

from automa.core import prompts
from automa.core.records import MessageRef

from . import data
from .actions import main_try
from .rounds import reform
from .state import (
    AUTOMA_TURN,
    FACE_UP,
    MAX_TRACKED,
    WAITING,
    Ctx,
    about_automa,
    add_glory,
    automa_name,
    automas,
    bot,
    card_ui,
    current_card,
    entry,
    k,
    m,
    roman,
    row,
    several,
    steps,
    turn_number,
    who,
)

TECH_PAIRS = ((0, 1), (1, 2), (2, 3))
"""Technology: rows/columns from the numbers (n1,n2), then (n2,n3), then (n3,n4)."""


# --- waiting, activating, passing -------------------------------------------------------------

@steps
def await_turn(ctx: Ctx) -> None:
    """Wait for the automa's next turn, or (once every automa has passed) for the others to
    pass. With two automas, the turn is the next one's in seat order that has not passed."""
    d = ctx.data
    ctx.phase = WAITING
    if all(a["passed"] for a in automas(ctx)):
        # (with two automas it says both have passed)
        ctx.ask(prompts.confirm(*about_automa(ctx, "prompt.others_pass", {"round": d["round"]}),
                                ui={"game": data.GAME_ID}, label=m("answer.achievements")),
                "achievement_phase")
        return
    while bot(ctx)["passed"]:
        d["seat"] = (d["seat"] + 1) % len(automas(ctx))
    b = bot(ctx)
    up = [data.card(c)["number"] for c in row(ctx)[b["activated"]:b["activated"] + FACE_UP]]
    # with no face-up card left, the Automa's turn is its pass (seeds/003, "passing")
    key = "prompt.ready" if up else "prompt.ready_pass"
    params: dict[str, Any] = {"round": d["round"], "age": roman(d["age"]), "up": up}
    label = m("answer.automa_turn")
    if several(ctx):
        key += "_n"
        params["automa"] = automa_name(ctx)
        label = m("answer.automa_turn_n", n=d["seat"] + 1)
    # (the turn just played, the other automa's with two, before the rows)
    ctx.ask(prompts.confirm(k(key), params, ui={"game": data.GAME_ID, "turn_first": True},
                            label=label), "automa_turn")


@steps
def next_seat(ctx: Ctx) -> None:
    """Two automas: the turn goes on to the next in seat order (:func:`await_turn` skips one
    that has passed)."""
    ctx.data["seat"] = (ctx.data["seat"] + 1) % len(automas(ctx))
    ctx.then("await_turn")


def after_turn(ctx: Ctx) -> str:
    """The step after an automa's turn: the next automa's (two), else waiting again."""
    return "next_seat" if several(ctx) else "await_turn"


@steps
def automa_turn(ctx: Ctx, answer: bool = True) -> None:
    """Activate the first face-up card not yet activated, or pass if the row is done."""
    d = bot(ctx)
    ctx.phase = AUTOMA_TURN
    d["turn_in_round"] += 1
    ctx.turn = turn_number(ctx)
    cards = row(ctx)
    if d["activated"] >= len(cards):
        automa_pass(ctx)
        return
    i = d["activated"]
    d["activated"] = i + 1
    d["failed_sites"] = []
    d["last_card"] = cards[i]
    card = data.card(cards[i])
    reveal = cards[i + FACE_UP] if i + FACE_UP < len(cards) else None
    ctx.instruct(who(ctx), k("log.activate"), {"card": card["number"], "pos": i + 1},
                 {"rule": m("rule.activate")}, icon="card")
    if reveal:
        ctx.instruct(who(ctx), k("log.reveal"), {"card": data.card(reveal)["number"]},
                     {"rule": m("rule.reveal")}, icon="card")
    free: list[Any] = [("free_action", {"index": i}) for i in range(data.FREE_ACTIONS)]
    # the rules let the card's effects be played in any order (ambiguity C11)
    if ctx.options["free_order"] == "main_first":
        ctx.seq("main_action", *free, after_turn(ctx))
    else:
        ctx.seq(*free, "main_action", after_turn(ctx))


def automa_pass(ctx: Ctx) -> None:
    """Every card of the row is activated: the automa passes (seeds/003 "passing"). Only the
    first to pass becomes first player: an automa passing after the other one is not, and
    the app does not ask."""
    bot(ctx)["passed"] = True
    ctx.instruct(who(ctx), k("log.pass"), {"n": len(row(ctx))}, {"rule": m("rule.pass")},
                 icon="pass")
    before = [i for i, a in enumerate(automas(ctx)) if a["passed"] and i != ctx.data["seat"]]
    if before:
        bot(ctx)["first_player"] = False
        ctx.log(who(ctx), k("log.not_first"), {"other": automa_name(ctx, before[0])},
                {"rule": m("rule.first_player_other", other=automa_name(ctx, before[0]))})
        ctx.then(after_turn(ctx))
        return
    if several(ctx):
        ctx.ask(prompts.yes_no(k("prompt.someone_passed_n"), {"automa": automa_name(ctx)},
                               ui={"game": data.GAME_ID}), pass_first)
        return
    ctx.ask(prompts.yes_no(k("prompt.someone_passed"), {}, ui={"game": data.GAME_ID}),
            pass_first)


@steps
def pass_first(ctx: Ctx, answer: bool) -> None:
    """The first to pass becomes first player (the other automa, if any, no longer is)."""
    for i, a in enumerate(automas(ctx)):
        a["first_player"] = not answer and i == ctx.data["seat"]
    if not answer:
        ctx.instruct(who(ctx), k("log.first_player"), {}, {"rule": m("rule.first_player")},
                     icon="pass")
    ctx.then(after_turn(ctx))


# --- free actions -----------------------------------------------------------------------------

@steps
def free_action(ctx: Ctx, index: int) -> None:
    """One free action of the top block, with the amount its card prints."""
    card = current_card(ctx)
    action = card["free"][index]
    amount = data.amounts_of(card, "free", index).get(action, 1)
    if action == "coins":
        amount = min(amount, MAX_TRACKED - bot(ctx)["coins"])
        bot(ctx)["coins"] += amount
        ctx.instruct(who(ctx), k("log.coins"), {"n": amount, "total": bot(ctx)["coins"]},
                     {"rule": m("rule.coins")}, icon="coin")
    elif action == "glory":
        add_glory(ctx, amount, {"rule": m("rule.glory_free_n", n=amount)})
    elif amount > 0:
        ctx.then("tech_try", attempt=0, left=amount)


@steps
def tech_try(ctx: Ctx, attempt: int, left: int,
             skipped: list[MessageRef] | None = None) -> None:
    """Technology: the pairs of priority numbers name row and column; up to three tries.
    A pair the app can rule out itself is skipped; the question then says why (its steps)."""
    skipped = list(skipped or [])
    if attempt >= len(TECH_PAIRS):
        ctx.log(who(ctx), k("log.no_tech"), {}, {"rule": m("rule.tech_none")})
        return
    a, b = TECH_PAIRS[attempt]
    r, c = entry(ctx, a + 1)["number"], entry(ctx, b + 1)["number"]
    params = {"row": r, "col": c, "try": attempt + 1}
    if r == 4 and ctx.options["players"] < 4:
        ctx.log(who(ctx), k("log.tech_no_row4"), params,
                {"rule": m("rule.tech_row4", players=ctx.options["players"])})
        ctx.then("tech_try", attempt=attempt + 1, left=left,
                 skipped=[*skipped, m("log.tech_no_row4", **params)])
        return
    if [r, c] in bot(ctx).setdefault("techs_taken", []):
        # research leaves the spot empty with action cubes on it (the wiki research page):
        # the app knows this answer, so the board is not asked
        ctx.log(who(ctx), k("log.tech_taken"), params, {"rule": m("rule.tech_taken")})
        ctx.then("tech_try", attempt=attempt + 1, left=left,
                 skipped=[*skipped, m("log.tech_taken", **params)])
        return
    ui = card_ui(ctx, f"priority.{a + 1}", f"priority.{b + 1}")
    if skipped:
        ui["steps"] = skipped
    ctx.ask(prompts.yes_no(k("prompt.tech"), params, ui=ui), tech_answer, attempt=attempt,
            left=left)


@steps
def tech_answer(ctx: Ctx, answer: bool, attempt: int, left: int) -> None:
    """Take the technology found, or try the next pair."""
    a, b = TECH_PAIRS[attempt]
    r, c = entry(ctx, a + 1)["number"], entry(ctx, b + 1)["number"]
    if not answer:
        ctx.then("tech_try", attempt=attempt + 1, left=left)
        return
    bot(ctx).setdefault("techs_taken", []).append([r, c])
    ctx.instruct(who(ctx), k("log.tech"), {"row": r, "col": c},
                 {"rule": m("rule.tech_pair", n=attempt + 1)}, icon="tech")
    if left > 1:
        # the next one (Wonder stages): the pairs up to this one are empty now
        ctx.then("tech_try", attempt=attempt + 1, left=left - 1)


# --- the main action --------------------------------------------------------------------------

@steps
def main_action(ctx: Ctx) -> None:
    """The row named by the previous card's pointer (the first card: its own), or the reform
    instead on the last card of round 1."""
    i = bot(ctx)["activated"] - 1
    if ctx.data["round"] == 1 and i == len(row(ctx)) - 1:
        reform(ctx)
        return
    if i == 0:
        arrow = current_card(ctx)
        why = m("rule.pointer_first", row=arrow["pointer"])
    else:
        arrow = data.card(row(ctx)[i - 1])
        why = m("rule.pointer_prev", row=arrow["pointer"], card=arrow["number"])
    pointer = arrow["pointer"]
    planned = current_card(ctx)["main"][pointer - 1]
    ctx.log(who(ctx), k("log.planned"), {"row": pointer, "action": m(f"main.{planned}"),
                                       "card": arrow["number"]}, {"rule": why})
    ctx.then(main_try, row=pointer, tried=0)
