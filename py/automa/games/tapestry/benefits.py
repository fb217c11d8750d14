"""The Automa's benefits (rulebook "Benefits" chart) and its civilization income bonuses."""

from __future__ import annotations

from typing import Any

from automa.core import prompts
from automa.core.records import Why

from . import data
from . import map as twin
from .data import TRACKS
from .state import (
    TAPESTRY_CARDS,
    Ctx,
    G,
    add_vp,
    k,
    m,
    mat_landmarks,
    steps,
    track_ref,
)

MAX_ROLLS = 100
"""A safety bound on "roll until it shows one of these tracks" (never reached in practice)."""


def roll_until(ctx: Ctx, allowed: tuple[str, ...] = TRACKS) -> tuple[str, list[str]]:
    """Roll the science die until it shows one of ``allowed``; the track and every roll."""
    rolls: list[str] = []
    for _ in range(MAX_ROLLS):
        rolls.append(ctx.rng.choice(TRACKS))
        if rolls[-1] in allowed:
            return rolls[-1], rolls
    return allowed[0], rolls


def movable(ctx: Ctx, allowed: tuple[str, ...], regress: bool) -> tuple[str, ...]:
    """The indicated tracks the roll may stop on.

    Reading ``finished_track_roll`` (cards/tapestry/README.md): by default ("reroll") the die
    is rolled again when it shows a track where the Automa cannot move (at the end, or at
    the start for a regression), as "Advance on a track" only counts tracks it has not
    finished; with "lost" every indicated track counts and such a roll is simply lost.
    """
    if ctx.options.get("finished_track_roll") == "lost":
        return allowed
    pos = ctx.data["pos"]["automa"]
    return tuple(t for t in allowed if (pos[t] > 0 if regress else pos[t] < data.END))


def _rolled(ctx: Ctx, track: str, rolls: list[str], allowed: tuple[str, ...]) -> None:
    why: Why | None = None
    if len(allowed) == 1:
        why = {"rule": k("rule.science_die")}
    elif len(rolls) > 1 or len(allowed) < len(TRACKS):
        why = {"rule": k("rule.science_die"), "candidates": list(allowed),
               "steps": [{"step": "roll", "kind": "random", "kept": [r], "note": ""}
                         for r in rolls], "pick": track}
    ctx.log("automa", k("log.die"), {"track": track_ref(track), "n": len(rolls)}, why=why)


_ALLOWED: dict[str, tuple[str, ...]] = {
    "advance_exp_mil_tec": ("exploration", "military", "technology"),
    "regress_mil_tec": ("military", "technology"),
}


def _roll_and_move(ctx: Ctx, kind: str, allowed: tuple[str, ...], benefits: bool) -> None:
    regress = kind.startswith("regress")
    can = movable(ctx, allowed, regress)
    if not can:
        ctx.log("automa", k("log.no_roll"), why={"rule": k("rule.finished_roll")})
        return
    track, rolls = roll_until(ctx, can)
    _rolled(ctx, track, rolls, can)
    if regress:
        ctx.then("regress_on", track=track)
    else:
        ctx.then("advance_on", bot="automa", track=track, benefits=benefits)


@steps
def benefit(ctx: Ctx, kind: str) -> None:
    """Resolve one benefit icon of the space the Automa just reached."""
    if kind == "advance_exp_mil_tec_twice":
        # Quantum Physics (science 11) shows the advance icon twice; "If a benefit is
        # granted multiple times on a space, the Automa only gains it once" (reading
        # ``quantum_physics``: "once" by default, "twice" as other companion apps do).
        twice = ctx.options.get("quantum_physics") == "twice"
        ctx.log("automa", k("log.benefit"),
                {"benefit": m(f"benefit.{kind}" if twice
                              else "benefit.advance_exp_mil_tec")},
                why=None if twice else {"rule": k("rule.benefit_once")})
        ctx.seq(*[("benefit_roll", {"kind": "advance_exp_mil_tec"})] * (2 if twice else 1))
        return
    if kind == "tech_refresh":
        ctx.instruct("automa", k("log.tech_refresh"), icon="tech")
    elif kind != "tapestry_card":
        ctx.log("automa", k("log.benefit"), {"benefit": m(f"benefit.{kind}")})
    if kind in ("explore", "explore_anywhere"):
        ctx.then("explore", anywhere=kind.endswith("anywhere"))
    elif kind in ("conquer", "conquer_anywhere"):
        ctx.then("conquer", anywhere=kind.endswith("anywhere"))
    elif kind in ("research_no_benefit", "research_with_benefit"):
        _roll_and_move(ctx, kind, TRACKS, kind == "research_with_benefit")
    elif kind == "tapestry_card":
        give_tapestry_card(ctx)
    elif kind in _ALLOWED:
        _roll_and_move(ctx, kind, _ALLOWED[kind], True)


@steps
def benefit_roll(ctx: Ctx, kind: str) -> None:
    """One roll-and-move of a benefit given more than once (Quantum Physics' second icon)."""
    _roll_and_move(ctx, kind, _ALLOWED[kind], True)


def give_tapestry_card(ctx: Ctx) -> None:
    """A tapestry card face down next to the Automa's mat (its trap pool)."""
    ctx.data["tapestry_held"] = min(TAPESTRY_CARDS, ctx.data["tapestry_held"] + 1)
    ctx.instruct("automa", k("log.tapestry_card"), {"n": ctx.data["tapestry_held"]},
                 icon="card")


# --- civilization income bonuses (income turns; rulebook: first civ before the second) ------
@steps
def civ_bonus(ctx: Ctx, civ: str, turn: int) -> None:
    """Apply one civilization side's income bonus for income turn ``turn``."""
    side = data.civ(civ, ctx.options)
    if turn not in side["turns"]:
        return
    ctx.log("automa", k("log.civ_bonus"), {"civ": m(f"civ.{civ}")})
    plan: list[Any] = []
    for bonus in side["bonus"]:
        plan.extend(_bonus_steps(bonus, turn))
    ctx.seq(*plan)


def _bonus_steps(bonus: str, turn: int) -> list[Any]:
    even = turn % 2 == 0
    if bonus == "advance_exploration_or_military":
        track = "exploration" if even else "military"
        return [("advance_on", {"bot": "automa", "track": track, "benefits": True})]
    if bonus == "explore_anywhere_or_conquer":
        return [("explore", {"anywhere": True})] if even else [("conquer", {"anywhere": False})]
    if bonus == "conquer_if_few_territories":
        return [("confirm_territories", {"turn": turn}),
                ("conquer_if_few", {"turn": turn})]
    if bonus == "topple_on_single_token":
        return [("confirm_territories", {"turn": turn}), "topple_on_single_token"]
    if bonus == "research_with_benefit":
        return [("benefit", {"kind": "research_with_benefit"})]
    if bonus == "vp_per_territory":
        return [("confirm_territories", {"turn": turn}), "vp_per_territory"]
    return ["vp_per_landmark"]


@steps
def conquer_if_few(ctx: Ctx, turn: int) -> None:
    """Conquerors: fewer territories than the income-turn number → conquer once."""
    n = ctx.data["territories"]
    why: Why = {"rule": k("rule.conquerors")}
    if n < turn:
        ctx.log("automa", k("log.conquerors_conquer"), {"n": n, "turn": turn}, why=why)
        ctx.then("conquer", anywhere=False)
    else:
        ctx.log("automa", k("log.conquerors_enough"), {"n": n, "turn": turn}, why=why)


@steps
def vp_per_territory(ctx: Ctx) -> None:
    """Civilization bonus: 1 VP per controlled territory."""
    add_vp(ctx, "civ", ctx.data["territories"])


@steps
def vp_per_landmark(ctx: Ctx) -> None:
    """Civilization bonus: 1 VP per landmark on the Automa's mat."""
    add_vp(ctx, "civ", len(mat_landmarks(ctx)))


@steps
def confirm_territories(ctx: Ctx, turn: int) -> None:
    """Ask once per income turn how many territories the Automa controls (pre-filled)."""
    if ctx.data["territories_confirmed"] == turn:
        return
    if "map" in ctx.data:  # the map twin counts them: nothing to ask
        n = twin.automa_territories(ctx.data["map"])
        ctx.log("automa", k("log.map_territories"), {"n": n})
        ctx.then(territories_set, answer=n, turn=turn)
        return
    ctx.ask(prompts.count(k("q.territories"), 0, 40, {"n": ctx.data["territories"]},
                          default=ctx.data["territories"], ui={"game": G}),
            territories_set, turn=turn)


@steps
def territories_set(ctx: Ctx, answer: int, turn: int) -> None:
    """Keep the confirmed territory count."""
    if answer != ctx.data["territories"]:
        ctx.log("player", k("log.territories"), {"old": ctx.data["territories"],
                                                 "n": answer})
    ctx.data["territories"] = answer
    ctx.data["territories_confirmed"] = turn
