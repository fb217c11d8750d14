"""The flow of a round: waiting for the Automa's turn, drawing her cards, running the Action card.

Rulebook "An Automa Turn": on her first turn of a round she draws two cards (the second goes
to the left: the Action card); afterwards the Action card slides onto the Support pile and she
draws one. She passes when the deck is empty, or when the drawn card is one of the two sideways
cards and shows the pass icon.
"""

from __future__ import annotations

from typing import Any

from automa.core import prompts
from automa.core.game import StepRef
from automa.core.records import MessageRef

from . import data
from .actions import ACTION_STEPS, act_faction_note, act_powermongers_check
from .state import (
    AUTOMA_TURN,
    HUMANS_PASS,
    SIDEWAYS,
    WAITING,
    Ctx,
    card_ui,
    faction,
    k,
    m,
    next_turn,
    round_no,
    say,
    steps,
    steps_ui,
    two_players,
)


@steps
def await_turn(ctx: Ctx) -> None:
    """Between Automa turns: wait for her turn, or for the human passes, or end the round."""
    d = ctx.data
    if d["passed"] and d["humans_passed"] >= d["humans"]:
        ctx.then("round_end")
        return
    if d["passed"]:
        ctx.phase = HUMANS_PASS
        ctx.ask(human_pass_prompt(ctx), "human_pass")
        return
    ctx.phase = WAITING
    first = d["first_turn"]
    key = "prompt.ready_round" if first else "prompt.ready"
    if d["humans_passed"] >= d["humans"]:
        key = "prompt.ready_passed"
    ui = steps_ui(ctx, card_ui(ctx, fold=m("card.fold")))  # (her last turn's checklist first)
    ctx.ask(prompts.confirm(k(key), {"round": round_no(ctx), "starts": starts(ctx)},
                            ui=ui, label=m("answer.automa_turn")),
            "automa_turn")


def starts(ctx: Ctx) -> MessageRef:
    """Who starts the round: her place in the turn order (rulebook "Passing": the first to
    pass takes the topmost free space of the next round's column)."""
    last = 3 if two_players(ctx) else 2
    # a corrected place may overshoot the places that exist
    place = min(max(ctx.data.get("automa_position", last), 1), last)
    return m(f"starts.{'two' if two_players(ctx) else 'one'}_{place}")


def human_pass_prompt(ctx: Ctx) -> prompts.Prompt:
    """A human passes: tap "Passed" (the round bonus row is on the table; the app needs no
    tile)."""
    two = two_players(ctx)
    params = {"round": round_no(ctx)}
    if round_no(ctx) >= 6:
        return prompts.confirm(k("prompt.you_pass_last_two" if two else "prompt.you_pass_last"),
                               params, ui=steps_ui(ctx), label=m("answer.passed"))
    # Rulebook "Passing": a human who passes puts the old tile where the new one was, so the
    # three positions the Automa's arrow points at stay put; which one was taken changes nothing.
    return prompts.confirm(k("prompt.you_pass_two" if two else "prompt.you_pass"), params,
                           ui=steps_ui(ctx, {"game": data.GAME_ID,
                                             "rule": m("rule.human_bonus_swap")}),
                           label=m("answer.passed"))


@steps
def human_pass(ctx: Ctx, answer: Any = True) -> None:
    """Record a human pass (its place in the passing order sets next round's turn order)."""
    ctx.data["humans_passed"] += 1
    ctx.data["pass_order"].append("human")
    key = "log.you_passed_last" if round_no(ctx) >= 6 else "log.you_passed"
    say(ctx, key + ("_two" if two_players(ctx) else ""), actor="player")
    if ctx.data["passed"]:
        ctx.then("await_turn")


@steps
def automa_turn(ctx: Ctx, answer: bool = True) -> None:
    """Draw her card(s) and either pass or run the Action card."""
    d = ctx.data
    ctx.phase = AUTOMA_TURN
    next_turn(ctx)
    deck = ctx.piles["deck"]
    if d["first_turn"]:
        d["first_turn"] = False
        if len(deck) < 2:  # cannot happen with the printed decks (>= 5 cards)
            ctx.then("automa_pass")
            return
        first = deck.draw()
        ctx.piles["support"].put_top(first)
        second = deck.draw()
        ctx.piles["action"].put_top(second)
        say(ctx, "log.draw_two", {"action": data.card(second)["number"],
                                  "support": data.card(first)["number"]}, icon="card")
        perform_card(ctx)
        return
    previous = ctx.piles["action"].top()
    if previous is not None:
        ctx.piles.move(previous, "action", "support")
    if not deck:
        say(ctx, "log.deck_empty")
        ctx.then("automa_pass")
        return
    top = deck.top()
    assert top is not None
    sideways = deck.has_mark(top, SIDEWAYS)
    deck.draw()
    ctx.piles["action"].put_top(top)
    if sideways:
        ctx.piles["action"].mark(top, SIDEWAYS)
    c = data.card(top)
    say(ctx, "log.draw", {"action": c["number"], "support": support_number(ctx)}, icon="card")
    if sideways and c["pass_icon"]:
        say(ctx, "log.sideways_pass", {"card": c["number"]})
        ctx.then("automa_pass")
        return
    perform_card(ctx)


def support_number(ctx: Ctx) -> int:
    """The printed number of the current Support card."""
    top = ctx.piles["support"].top()
    return data.card(top)["number"] if top else 0


Scheduled = list[tuple[StepRef, dict[str, Any]]]


def expand(ctx: Ctx, action: dict[str, Any], via_faction: bool = False) -> Scheduled:
    """The steps of one action icon (a Faction action expands into her faction's actions)."""
    kind = action["type"]
    if kind == "faction":
        out: Scheduled = [(act_faction_note, {})]
        for sub in faction(ctx)["actions"]:
            out += expand(ctx, sub, via_faction=True)
        return out
    args: dict[str, Any] = {}
    if kind == "gain_points":
        args = {"points": action["points"], "plus": action.get("plus", 0)}
    elif kind == "terraform_build":
        args = {"variant": action.get("variant", "") if via_faction else ""}
    elif kind == "advance_discipline":
        args = {"levels": action.get("levels", 1)}
    steps_out: Scheduled = [ACTION_STEPS.frame(kind, **args)]
    if kind in ("terraform_build", "upgrade") and "power_advances" in faction(ctx).get(
            "ongoing", []):
        steps_out.append((act_powermongers_check, {}))
    return steps_out


def perform_card(ctx: Ctx) -> None:
    """Schedule every action of the Action card, top to bottom, then wait for the next turn."""
    action_id = ctx.piles["action"].top()
    assert action_id is not None
    ctx.data.pop("built", None)
    scheduled: Scheduled = []
    for action in data.card(action_id)["actions"]:
        scheduled += expand(ctx, action)
    ctx.seq(*scheduled, "await_turn")
