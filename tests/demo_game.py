"""A tiny game used only by the core's tests: every prompt kind, piles, procedures and
corrections, in a few lines. It is registered by the tests, never by the app."""

from __future__ import annotations

from typing import Any

from automa.core import game, prompts
from automa.core.game import Correction, GameDef, OptionSpec, Procedure, Steps, register
from automa.core.i18n import msg
from automa.core.ranges import Count, Table
from automa.core.records import empty_view
from automa.core.select import OrderedPick, select

Ctx = game.Ctx[dict[str, Any], dict[str, Any]]
"""The demo game keeps its data as a plain dict, untyped."""
steps = Steps()
CARDS = [f"c{i}" for i in range(1, 9)]


@steps
def setup(ctx: Ctx) -> None:
    ctx.data.update({"vp": 0, "rounds": ctx.options["rounds"], "track": 0})
    ctx.phase = "setup"
    deck = ctx.piles.create("deck", CARDS)
    deck.shuffle(ctx.rng)
    ctx.piles.create("discard")
    ctx.piles.create("box")
    ctx.piles.move(deck.cards[-1], "deck", "box")
    ctx.ask(prompts.confirm("demo.setup"), round_start)


@steps
def round_start(ctx: Ctx, answer: bool) -> None:
    ctx.turn += 1
    ctx.phase = "round"
    if ctx.turn > ctx.data["rounds"] or not ctx.piles["deck"]:
        ctx.log("bot", "demo.log.end", {"vp": ctx.data["vp"]})
        ctx.finish()
        return
    card = ctx.piles["deck"].draw()
    ctx.piles["discard"].put_top(card)
    ctx.log("bot", "demo.log.draw", {"card": card})
    ctx.ask(prompts.yes_no("demo.q.yes_no"), after_yes_no)


@steps
def after_yes_no(ctx: Ctx, answer: bool) -> None:
    if answer:
        ctx.ask(prompts.count("demo.q.count", 0, 3), after_count)
    else:
        ctx.ask(prompts.pick_subset("demo.q.subset", ["a", "b", "c"], hi=2), after_subset)


@steps
def after_count(ctx: Ctx, answer: int) -> None:
    ctx.data["vp"] += answer
    pick = select(["x", "y", "z"], [OrderedPick("order", ["z", "y"])])
    ctx.log("bot", "demo.log.pick", {"pick": pick.choice}, why=pick.why("demo.rule.order"))
    ctx.ask(prompts.values("demo.q.values", ["p", "q"], [0, 1, 2]), after_values)


@steps
def after_subset(ctx: Ctx, answer: list[str]) -> None:
    ctx.data["vp"] += len(answer)
    ctx.ask(prompts.pick_one("demo.q.pick", ["left", "right"]), idle)


@steps
def after_values(ctx: Ctx, answer: dict[str, int]) -> None:
    ctx.data["vp"] += sum(answer.values())
    ctx.ask(prompts.scan("demo.q.scan", {"rows": 2}), idle)


@steps
def idle(ctx: Ctx, answer: Any) -> None:
    ctx.phase = "idle"
    ctx.ask(prompts.confirm("demo.q.next"), round_start)


@steps
def bonus(ctx: Ctx) -> None:
    ctx.data["vp"] += 1
    ctx.log("player", "demo.log.bonus")


def procedures(ctx: Ctx, phase: str) -> list[Procedure]:
    if phase == "idle":
        return [Procedure("bonus", "demo.procedure.bonus", "bonus")]
    return []


def corrections(ctx: Ctx, phase: str) -> list[Correction]:
    return [Correction("vp", msg("demo.vp"), ("vp",), 0, 200)]


GAME = GameDef(
    id="demo",
    name="demo.name",
    version=1,
    options=(OptionSpec("rounds", "int", 3, choices=(1, 2, 3, 4, 5), label="demo.option.rounds"),),
    setup=setup,
    steps=steps,
    phases=("setup", "round", "idle"),
    procedures=procedures,
    corrections=corrections,
    view=lambda ctx: {**empty_view(), "vp": ctx.data.get("vp", 0)},
    ranges=Table({"vp": Count(0, 9999), "rounds": Count(1, 5), "track": Count(0, 99)}),
)


def ensure_registered() -> GameDef[dict[str, Any]]:
    """Register the demo game (idempotent)."""
    return register(GAME)
