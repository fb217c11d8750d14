"""The bots' turn (rulebook "A bot turn"), the idle prompt between turns, and the game end."""

from __future__ import annotations

from automa.core import prompts
from automa.core.records import MessageRef, Ui

from . import data
from .state import (
    AFTER_BOTS,
    PHASE_BETWEEN,
    PHASE_BOTS,
    PHASE_BOTS_DONE,
    PHASE_OVER,
    TURNS_PER_ERA,
    VP_SOURCES,
    Ctx,
    G,
    k,
    m,
    steps,
    total_vp,
)


@steps
def idle(ctx: Ctx) -> None:
    """Wait until it is the bots' turn; the player's procedures are offered meanwhile."""
    ctx.phase = PHASE_BETWEEN
    income_next = len(ctx.piles["deck"]) < 2
    ctx.ask(prompts.confirm(k("q.bots_turn"),
                            {"next": m("next.income" if income_next
                                       else "next.draw",
                                       turn=ctx.data["income_turns"] + 1)},
                            ui=_with_map(ctx, {"game": G}), label=m("answer.bots_turn")),
            bot_turn)


def _with_map(ctx: Ctx, ui: Ui) -> Ui:
    """With the map twin, the question between turns shows the map, every hex a tap target
    (you mark what you explored and conquered), folded to one line that reminds you to: the
    bots' turn just done comes first (a mark draws it open)."""
    if "map" in ctx.data:
        ui["board"] = {"map": dict(ctx.data["map"]), "tap": True}
        ui["board_fold"] = m("map.fold")
    return ui


@steps
def bot_turn(ctx: Ctx, answer: bool = True) -> None:
    """Discard the last pair, draw two, lay them at random; income turn or both advances."""
    ctx.phase = PHASE_BOTS
    deck = ctx.piles["deck"]
    if len(deck) < 2:
        # "you need to draw and the deck is empty" (a single card left is read as empty)
        ctx.turn = (ctx.data["income_turns"] + 1) * TURNS_PER_ERA
        ctx.log("automa", k("log.deck_empty"), why={"rule": k("rule.income_trigger")})
        ctx.then("income_turn")
        return
    ctx.turn += 1
    ctx.piles["discard"].put_top(*ctx.piles["pair"].take_all())
    drawn = deck.draw_many(2)
    left, right = ctx.rng.shuffle(drawn)
    ctx.piles["pair"].put_bottom(left, right)
    ctx.log("automa", k("log.pair"), {"track": left, "tiebreaker": right},
            why={"rule": k("rule.pair"), "candidates": drawn, "pick": [left, right]})
    track_card = data.card(left, ctx.options)
    if not deck and track_card["income"]:
        ctx.log("automa", k("log.income_icon"), {"card": left},
                why={"rule": k("rule.income_trigger")})
        ctx.then("income_turn")
        return
    ctx.seq(("bot_advance", {"bot": "automa", "rule": track_card["automa_track"],
                             "tb_card": right}),
            ("bot_advance", {"bot": "shadow", "rule": track_card["shadow_track"],
                             "tb_card": right}),
            "idle")


def vp_breakdown(ctx: Ctx) -> dict[str, int]:
    """The Automa's VP by source."""
    return {s: ctx.data["vp"][s] for s in VP_SOURCES}


def vp_parts(ctx: Ctx) -> list[MessageRef]:
    """The Automa's VP by source in words, the sources that scored nothing left out."""
    return [m("vp_part", source=m(f"vp_source.{s}"), n=n)
            for s, n in vp_breakdown(ctx).items() if n]


@steps
def game_end(ctx: Ctx) -> None:
    """After their 5th income turn the bots are done; you play on to your own 5th.

    Rulebook "Game end": the winner is found as in the base game. Until you confirm that
    your game is over, the procedures of your turns stay available (your conquests of
    Automa territories with their trap check, landmarks, achievements, income turns).
    """
    ctx.turn = AFTER_BOTS
    ctx.phase = PHASE_BOTS_DONE
    parts = vp_parts(ctx)
    ctx.ask(prompts.confirm(k("q.game_over"), {"total": total_vp(ctx), "parts": parts},
                            ui={"game": G, "rule": m("rule.game_end"),
                                "steps": [m("step.game_over.play_on"),
                                          m("step.game_over.report"),
                                          m("step.game_over.compare")]}),
            finish)


@steps
def finish(ctx: Ctx, answer: bool = True) -> None:
    """Log the final score with its breakdown and end the game."""
    parts = vp_parts(ctx)
    ctx.log("automa", k("log.final"), {"total": total_vp(ctx), "parts": parts},
            why={"rule": k("rule.game_end")})
    ctx.data["over"] = True
    ctx.phase = PHASE_OVER
    ctx.finish()
