"""The bots' income turns 1-5 (rulebook "Income turns" and "Difficulty levels").

The chart of the chosen level is read top to bottom, left column first. Tiebreaks use
the top card of the progress deck in income turn 1 (reshuffled afterwards) and the latest
tiebreaker card in income turns 2-5.
"""

from __future__ import annotations

from typing import Any

from automa.core import prompts
from automa.core.records import Why

from . import data
from .benefits import give_tapestry_card
from .state import (
    MAT_COLUMNS,
    PHASE_INCOME,
    TURNS_PER_ERA,
    Ctx,
    G,
    add_vp,
    k,
    m,
    mat_landmarks,
    steps,
    tiebreaker_card,
    track_word,
)
from .tracks import pick_track

IT1_TRACKS = ("military", "exploration", "technology", "science")
"""The order of level 6's income-turn-1 advances (as printed on the level's box)."""


def multipliers(mat: str, covered: int) -> dict[str, int]:
    """The leftmost multipliers not covered by a tapestry card (``covered`` cards on the mat)."""
    m = data.mats()[mat]
    i = max(0, min(covered, len(m["territories_and_landmarks"]) - 1))
    return {g: m[g][i] for g in ("territories_and_landmarks", "military_and_science",
                                 "exploration_and_technology")}


def income_vp(mat: str, covered: int, territories: int, landmarks: int,
              pos: dict[str, int]) -> dict[str, int]:
    """VP of the scoring step by source (rulebook's income turn 3 example)."""
    m = multipliers(mat, covered)
    return {
        "territories": m["territories_and_landmarks"] * territories,
        "landmarks": m["territories_and_landmarks"] * landmarks,
        "military_science": m["military_and_science"] * (pos["military"] + pos["science"]),
        "exploration_technology": m["exploration_and_technology"]
        * (pos["exploration"] + pos["technology"]),
    }


def era_first_vp(mat: str, turn: int) -> int:
    """VP for being the first to start the era of income turn ``turn`` (none in turn 5)."""
    values = data.mats()[mat]["era_first"]
    return values[turn - 2] if 2 <= turn <= len(values) + 1 else 0


def chart_steps(level: data.Level, turn: int) -> list[str]:
    """The steps of a level's chart that happen in income turn ``turn``, in reading order."""
    when = data.step_turns()
    return [s for s in level["chart"] if turn in when[s]]


@steps
def income_turn(ctx: Ctx) -> None:
    """The bots take their next income turn."""
    ctx.data["income_turns"] += 1
    turn = ctx.data["income_turns"]
    ctx.turn = turn * TURNS_PER_ERA  # the log groups it as "income turn N" (see turn_label)
    ctx.phase = PHASE_INCOME
    level = data.level(ctx.data["level"], ctx.options)
    plan = chart_steps(level, turn)
    ctx.log("automa", k("log.income_turn"), {"turn": turn},
            why={"rule": k("rule.income_chart"), "candidates": level["chart"],
                 "pick": plan})
    todo: list[Any] = []
    if turn == 1:
        todo.extend(_turn_one(ctx, level))
    for step in plan:
        todo.extend(_chart_step(step, turn))
    todo.append(("income_end", {"turn": turn}))
    ctx.seq(*todo)


def _turn_one(ctx: Ctx, level: data.Level) -> list[Any]:
    """Income turn 1's extras of the level, the first event of the turn."""
    todo: list[Any] = []
    if level["you_turn_1"] == "advance_each_track":
        todo.append("you_advance_each_track")
    if level["bots_turn_1"] != "none":
        # a tiebreak may be needed: draw the top progress card (put back and reshuffled after)
        card = ctx.piles["progress"].draw()
        ctx.piles["income_tiebreaker"].put_top(card)
        ctx.log("automa", k("log.progress_tiebreaker"), {"card": card},
                why={"rule": k("rule.income_one_tiebreaker")})
    for bot in data.BOTS:
        if level["bots_turn_1"] == "advance_favorite":
            todo.append(("advance_on", {"bot": bot, "track": ctx.data["fav"][bot],
                                        "benefits": True}))
        elif level["bots_turn_1"] == "advance_each_track":
            todo.extend(("advance_on", {"bot": bot, "track": t, "benefits": True})
                        for t in IT1_TRACKS)
    return todo


def _chart_step(step: str, turn: int) -> list[Any]:
    if step == "fav_track_check":
        return [("fav_check", {"bot": b}) for b in data.BOTS]
    if step == "civ_bonus":
        return [("civ_bonuses", {"turn": turn})]
    if step in ("score_vp", "add_progress"):
        return [(step, {"turn": turn})]
    return [step]


@steps
def you_advance_each_track(ctx: Ctx) -> None:
    """Level 1: you advance once on each track, with benefits, as your first event."""
    ctx.ask(prompts.confirm(k("q.you_advance_each_track"), ui={"game": G}),
            "tap_done")


@steps
def fav_check(ctx: Ctx, bot: str) -> None:
    """A bot whose favourite is finished, or with another token ahead there, picks anew."""
    track = ctx.data["fav"][bot]
    mine = ctx.data["pos"][bot][track]
    other = "shadow" if bot == "automa" else "automa"
    if mine >= data.END or ctx.data["pos"][other][track] > mine:
        reason = "end" if mine >= data.END else "other_bot"
        ctx.then(fav_change, bot=bot, reason=reason)
        return
    ctx.ask(prompts.yes_no(k("q.you_ahead_on_favorite"),
                           {"bot": m(f"bot_of.{bot}"), "track": track_word(track),
                            "space": mine},
                           ui={"game": G, "rule": m("rule.favorite_check")}),
            fav_you_ahead, bot=bot)


@steps
def fav_you_ahead(ctx: Ctx, answer: bool, bot: str) -> None:
    """Your token is further along the bot's favourite track: it picks anew."""
    if answer:
        ctx.then(fav_change, bot=bot, reason="you")
    else:
        ctx.log(bot, k("log.fav_kept"), {"track": track_word(ctx.data["fav"][bot])})


@steps
def fav_change(ctx: Ctx, bot: str, reason: str) -> None:
    """The new favourite: the track the bot would take by the favourite-change indicator."""
    card = tiebreaker_card(ctx)
    rule = ctx.options["favorite_rule"]
    if card is None:
        return
    picked = pick_track(ctx, bot, rule, card)
    old = ctx.data["fav"][bot]
    if picked.choice is None:
        ctx.log(bot, k("log.fav_kept"), {"track": track_word(old)},
                why=picked.why(k("rule.favorite_check")))
        return
    ctx.data["fav"][bot] = picked.choice
    same = picked.choice == old  # "it could be the same track"
    params = {"old": track_word(old), "track": track_word(picked.choice),
              "reason": m(f"fav_reason.{reason}")}
    why = picked.why(k("rule.favorite_check"))
    if same:
        ctx.log(bot, k("log.fav_repicked"), params, why=why)
    else:
        ctx.instruct(bot, k("log.fav_changed"), params, icon="move", why=why)


@steps
def extra_advance(ctx: Ctx) -> None:
    """Both bots advance again with the most recent pair (the Automa gains benefits)."""
    left, right = ctx.piles["pair"].cards[:2] if len(ctx.piles["pair"]) == 2 else (None, None)
    if left is None or right is None:
        return
    track_card = data.card(left, ctx.options)
    ctx.seq(("bot_advance", {"bot": "automa", "rule": track_card["automa_track"],
                             "tb_card": right}),
            ("bot_advance", {"bot": "shadow", "rule": track_card["shadow_track"],
                             "tb_card": right}))


@steps
def civ_bonuses(ctx: Ctx, turn: int) -> None:
    """Each civilization's bonus, the first civilization before the second (level 6)."""
    ctx.seq(*[("civ_bonus", {"civ": c, "turn": turn}) for c in ctx.data["civs"]])


@steps
def score_vp(ctx: Ctx, turn: int) -> None:
    """VP for territories, landmarks and track advances (after confirming territories)."""
    ctx.seq(("confirm_territories", {"turn": turn}), ("score_income_vp", {"turn": turn}))


@steps
def score_income_vp(ctx: Ctx, turn: int) -> None:
    """Score with the leftmost uncovered multipliers, then the era VP if the Automa is first."""
    level = data.level(ctx.data["level"], ctx.options)
    covered = ctx.data["mat_tapestries"]
    mult = multipliers(level["mat"], covered)
    pos = ctx.data["pos"]["automa"]
    counts = {"territories": ctx.data["territories"], "landmarks": len(mat_landmarks(ctx)),
              "military_science": pos["military"] + pos["science"],
              "exploration_technology": pos["exploration"] + pos["technology"]}
    gained = income_vp(level["mat"], covered, counts["territories"], counts["landmarks"], pos)
    why: Why = {"rule": k("rule.income_vp")}
    for source, amount in gained.items():
        group = "territories_and_landmarks" if source in ("territories", "landmarks") else (
            "military_and_science" if source == "military_science"
            else "exploration_and_technology")
        add_vp(ctx, source, amount, why=why, count=counts[source], mult=mult[group])
    era = era_first_vp(level["mat"], turn)
    if not era:
        return
    if ctx.data["you_income_turns"] >= turn:
        ctx.then(era_answer, answer=True, turn=turn, vp=era)
        return
    # The app cannot see whether you have already started this era: ask (rulebook "Income
    # turns": "If the Automa is the first to start a new era, it gains the VP shown").
    ctx.ask(prompts.yes_no(k("q.you_started_era"), {"turn": turn, "vp": era},
                           ui={"game": G, "rule": m("rule.era_first")}),
            era_answer, turn=turn, vp=era)


@steps
def era_answer(ctx: Ctx, answer: bool, turn: int, vp: int) -> None:
    """The era VP go to the Automa only if you have not started the era before it."""
    if answer:
        ctx.data["you_income_turns"] = max(ctx.data["you_income_turns"], turn)
    ctx.log("automa", k("log.era_not_first") if answer else k("log.era_first"),
            {"turn": turn, "you": ctx.data["you_income_turns"]},
            why={"rule": k("rule.era_first")})
    if not answer:
        add_vp(ctx, "era", vp)


@steps
def tapestry_to_supply(ctx: Ctx) -> None:
    """Chart: give the Automa a face-down tapestry card next to its mat."""
    give_tapestry_card(ctx)


@steps
def add_progress(ctx: Ctx, turn: int) -> None:
    """Chart: the top progress cards go to the decision discard pile."""
    level = data.level(ctx.data["level"], ctx.options)
    n = level["progress"][turn - 2]
    moved = ctx.piles["progress"].draw_many(n)
    ctx.piles["discard"].put_top(*moved)
    ctx.log("automa", k("log.progress_added"), {"n": len(moved), "cards": moved},
            why={"rule": k("rule.add_progress")})


@steps
def tapestry_to_mat(ctx: Ctx) -> None:
    """Chart: a tapestry card from the deck covers the leftmost free space of the mat (none
    left once every column is covered, e.g. after a correction)."""
    if ctx.data["mat_tapestries"] >= MAT_COLUMNS:
        ctx.log("automa", k("log.mat_full"), {"n": ctx.data["mat_tapestries"]})
        return
    ctx.data["mat_tapestries"] += 1
    ctx.instruct("automa", k("log.tapestry_to_mat"), {"n": ctx.data["mat_tapestries"]},
                 icon="card")


@steps
def shuffle_decision(ctx: Ctx) -> None:
    """Chart: this era's cards (discard, new progress cards and the pair) form a new deck."""
    deck = ctx.piles["deck"]
    for pile in ("discard", "pair"):
        deck.put_bottom(*ctx.piles[pile].take_all())
    deck.shuffle(ctx.rng)
    ctx.log("automa", k("log.shuffled"), {"n": len(deck)})


@steps
def income_end(ctx: Ctx, turn: int) -> None:
    """After income turn 1 the progress card goes back (reshuffled); after turn 5 the game ends."""
    reference = ctx.piles["income_tiebreaker"]
    if reference:
        ctx.piles["progress"].put_top(*reference.take_all())
        ctx.piles["progress"].shuffle(ctx.rng)
        ctx.log("automa", k("log.progress_reshuffled"))
    if turn >= 5:
        ctx.then("game_end")
    else:
        ctx.then("idle")
