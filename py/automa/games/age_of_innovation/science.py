"""Sending a Scholar and advancing in a Discipline (rulebook "Automa Actions": "Send a
Scholar", "Advance in a Discipline"): the valid disciplines, the Round Score tile's colour or
the Catch-up tiebreakers, and her marker moved up.

Your markers move between her turns, so a discipline's Level 12 is asked fresh before it is
taken.
"""

from __future__ import annotations

from typing import Any

from automa.core import prompts
from automa.core.select import Extremum, Filter, select

from . import data, directional
from .state import (
    TOP_LEVEL,
    Ctx,
    card_ui,
    discipline,
    k,
    m,
    round_tile,
    say,
    steps,
    support_card,
    two_players,
    your,
)


def valid_disciplines(ctx: Ctx) -> list[str]:
    """Disciplines without a marker on level 12 (hers tracked, yours last reported)."""
    d = ctx.data
    return [x for x in data.DISCIPLINES
            if d["disciplines"][x] < TOP_LEVEL and d["human_levels"][x] < TOP_LEVEL]


@steps
def act_send_scholar(ctx: Ctx) -> None:
    """Round Score tile colour, or Catch-up; then place a Scholar on the best free space."""
    science(ctx, "scholar_discipline", {}, support_card(ctx)["scholar"] == "round_tile")


@steps
def act_advance_discipline(ctx: Ctx, levels: int = 1) -> None:
    """Advance 1 (Druids: 2) levels in the Catch-up discipline, without a Scholar."""
    science(ctx, "advance_in", {"levels": levels}, False)


def science(ctx: Ctx, next_step: str, args: dict[str, Any], by_tile: bool) -> None:
    """Valid options (no marker on Level 12), then the tiebreaker (rulebook "Send a Scholar").

    Your markers move between her turns, so a discipline is taken only after its Level 12 was
    checked with a fresh answer: one yes/no for a single candidate, your levels for several.
    """
    valid = valid_disciplines(ctx)
    if not valid:
        say(ctx, "log.science_none")
        return
    tile_d = round_tile(ctx)["discipline"]
    if by_tile and tile_d in valid:
        ask_level12(ctx, tile_d, "tile", next_step, args)
        return
    at_zero = [x for x in valid if ctx.data["disciplines"][x] == 0]
    left = at_zero or valid
    if len(left) == 1:
        ask_level12(ctx, left[0], "catch_up", next_step, args)
        return
    key = "prompt.highest_levels" if two_players(ctx) else "prompt.your_levels"
    ctx.ask(prompts.values(k(key), valid, list(range(TOP_LEVEL + 1)),
                           labels=[discipline(x) for x in valid],
                           default={x: ctx.data["human_levels"][x] for x in valid},
                           ui={**card_ui(ctx, "support"), "rule": m("rule.catch_up_text")}),
            catch_up_levels, valid=valid, next_step=next_step, args=args)


def ask_level12(ctx: Ctx, d: str, how: str, next_step: str, args: dict[str, Any]) -> None:
    """Is a human marker on Level 12 of the one candidate discipline? (asked fresh)"""
    ctx.ask(prompts.yes_no(k("prompt.level12"), {"d": discipline(d), "your": your(ctx)},
                           default=False, ui={**card_ui(ctx, "support"),
                                              "rule": m(f"rule.science_{how}")}),
            level12_answer, d=d, how=how, next_step=next_step, args=args)


@steps
def level12_answer(ctx: Ctx, answer: bool, d: str, how: str, next_step: str,
                   args: dict[str, Any]) -> None:
    """Level 12 taken: the discipline is not valid, choose again; otherwise it is hers."""
    if answer:
        ctx.data["human_levels"][d] = TOP_LEVEL
        say(ctx, "log.level12", {"d": discipline(d)})
        science(ctx, next_step, args, False)
        return
    if how == "tile":
        say(ctx, "log.scholar_tile", {"d": discipline(d)},
            why={"rule": k("rule.scholar_tile"), "pick": d})
    else:
        say(ctx, "log.catch_up_only", {"d": discipline(d)},
            why={"rule": k("rule.catch_up"), "pick": d})
    ctx.then(next_step, answer=d, **args)


def reference(ctx: Ctx, x: str, human: int) -> int:
    """The marker Catch-up II compares hers with: yours (two players: the highest; the
    advanced reading counts her own marker among the highest too)."""
    if two_players(ctx) and ctx.options.get("highest_includes_automa", False):
        return max(human, ctx.data["disciplines"][x])
    return human


@steps
def catch_up_levels(ctx: Ctx, answer: dict[str, int], valid: list[str], next_step: str,
                    args: dict[str, Any]) -> None:
    """Valid with fresh levels; then Catch-up I (her marker at 0), II (closest to your
    marker), III (Directional Selection over the row of disciplines)."""
    ctx.data["human_levels"].update(answer)
    mine = ctx.data["disciplines"]
    fresh = [x for x in valid if answer.get(x, 0) < TOP_LEVEL]
    if not fresh:
        say(ctx, "log.science_none")
        return
    s = support_card(ctx)
    sel = select(fresh, [
        Filter("at_zero", lambda x: mine[x] == 0, on_empty="skip"),
        Extremum("closest_to_you",
                 lambda x: abs(mine[x] - reference(ctx, x, answer.get(x, 0)))),
        directional.count_step(s["direction"], s["count"]),
    ])
    chosen = sel.choice
    say(ctx, "log.catch_up", {"d": discipline(chosen)}, why=sel.why(k("rule.catch_up")))
    ctx.then(next_step, answer=chosen, **args)


@steps
def scholar_discipline(ctx: Ctx, answer: str) -> None:
    """Ask the highest free Scholar space below the discipline (if she has a Scholar)."""
    if ctx.data["scholars"] <= 0:
        advance_in(ctx, answer=answer, levels=1, note="no_scholar")
        return
    spaces = sorted(set(data.base()["scholar_spaces"]), reverse=True)
    ctx.ask(prompts.pick_one(k("prompt.scholar_space"), [*spaces, 0], {"d": discipline(answer)},
                             labels=[m("space", n=v) for v in spaces] + [m("space_none")],
                             default=spaces[0], ui=card_ui(ctx, "action")),
            scholar_place, d=answer)


@steps
def scholar_place(ctx: Ctx, answer: int, d: str) -> None:
    """Place a Scholar and advance that many levels, or advance 1 without one."""
    if answer <= 0:
        advance_in(ctx, answer=d, levels=1, note="no_space")
        return
    if ctx.data["scholars"] <= 0:  # corrected to none while the question was open
        advance_in(ctx, answer=d, levels=1, note="no_scholar")
        return
    ctx.data["scholars"] -= 1
    advance_in(ctx, answer=d, levels=answer, note="scholar")


@steps
def advance_in(ctx: Ctx, answer: str, levels: int = 1, note: str = "advance") -> None:
    """Move her marker up (she needs no key for level 8; level 12 is the top)."""
    before = ctx.data["disciplines"][answer]
    after = min(before + levels, TOP_LEVEL)
    ctx.data["disciplines"][answer] = after
    say(ctx, f"log.advance_{note}", {"d": discipline(answer), "old": before, "new": after,
                                     "levels": after - before}, icon="advance")
