"""What the player sees and may start: the bots at a glance, procedures, corrections."""

from __future__ import annotations

from functools import cache
from itertools import permutations
from typing import Any

from automa.core import prompts
from automa.core.game import START, Correction, Ctx, FinalScore, Procedure
from automa.core.i18n import msg
from automa.core.records import GameView, MessageRef, Row, Section, Shown, TableCard, empty_view
from automa.games.tapestry import data
from automa.games.tapestry.board import CONQUER_CASES
from automa.games.tapestry.common import (
    PHASE_OVER,
    PLAYER_PHASES,
    TURNS_PER_ERA,
    VP_SOURCES,
    bot_ref,
    gain_achievement,
    mat_landmarks,
    steps,
    total_vp,
)
from automa.games.tapestry.common import track_ref as _track
from automa.games.tapestry.data import ACHIEVEMENTS, TRACKS
from automa.games.tapestry.tracks import landmark_key


def _row(label: str, value: Shown, **params: Any) -> Row:
    return {"label": msg(label, **params), "value": value}


def _bot_section(ctx: Ctx, bot: str) -> Section:
    d = ctx.data
    rows = [_row("tapestry.view.favorite", _track(d["fav"][bot]))]
    rows += [Row(label=_track(t), value=d["pos"][bot][t]) for t in TRACKS]
    if bot == "automa":
        rows = [_row("tapestry.view.vp", total_vp(ctx)), *rows,
            _row("tapestry.view.civs", [msg(f"tapestry.civ.{c}") for c in d["civs"]]),
            _row("tapestry.view.territories", d["territories"]),
            _row("tapestry.view.tapestry_held", d["tapestry_held"]),
            _row("tapestry.view.landmarks", [msg(landmark_key(n)) for n in mat_landmarks(ctx)]
                 or "—"),
            _row("tapestry.view.achievements",
                 [msg(f"tapestry.achievement.{a}") for a in ACHIEVEMENTS
                  if "automa" in d["achievements"][a]] or "—")]
    return {"title": bot_ref(bot), "rows": rows}


def view(ctx: Ctx) -> GameView:
    """The bots at a glance: tracks, VP by source, decks, the cards on the table."""
    d = ctx.data
    if not d:
        return empty_view()
    sections = [_bot_section(ctx, "automa"), _bot_section(ctx, "shadow")]
    sections.append({"title": msg("tapestry.view.vp_breakdown"),
                     "rows": [_row(f"tapestry.vp.{s}", d["vp"][s]) for s in VP_SOURCES]})
    sections.append({"title": msg("tapestry.view.game"), "rows": [
        _row("tapestry.view.level", msg(f"tapestry.level.{d['level']}")),
        _row("tapestry.view.income_turns", d["income_turns"]),
        _row("tapestry.view.your_income_turns", d["you_income_turns"]),
        _row("tapestry.view.mat_tapestries", d["mat_tapestries"]),
        _row("tapestry.view.deck", len(ctx.piles["deck"])),
        _row("tapestry.view.progress", len(ctx.piles["progress"])),
    ]})
    cards: list[TableCard] = []
    pair = ctx.piles["pair"].cards
    if len(pair) == 2:
        cards.append(_card(ctx, pair[0], "tapestry.view.track_card", "track"))
        cards.append(_card(ctx, pair[1], "tapestry.view.tiebreaker_card", "tiebreaker"))
    for card in ctx.piles["income_tiebreaker"].cards:
        cards.append(_card(ctx, card, "tapestry.view.income_tiebreaker", "tiebreaker"))
    return {
        "sections": sections,
        "cards": cards,
        "piles": [
            {"id": "deck", "label": msg("tapestry.pile.deck"), "count": len(ctx.piles["deck"]),
             "viewable": False},
            {"id": "discard", "label": msg("tapestry.pile.discard"),
             "count": len(ctx.piles["discard"]), "viewable": True},
            {"id": "progress", "label": msg("tapestry.pile.progress"),
             "count": len(ctx.piles["progress"]), "viewable": False},
        ],
        "vp": total_vp(ctx),
    }


def _card(ctx: Ctx, card: str, role: str, half: str) -> TableCard:
    disputed = sorted(data.disputed_fields(card))
    entry: TableCard = {"card": card, "role": msg(role), "highlight": [half]}
    if disputed:
        entry["disputed"] = disputed
        entry["reading"] = "bga" if ctx.options.get("card_reading") == "bga" else "images"
    return entry


# --- player-initiated procedures -------------------------------------------------------------
def procedures(ctx: Ctx, phase: str) -> list[Procedure]:
    """Your turn's procedures, offered in the phases where you play (between the bots' turns
    and after their last income turn until your game is over), never inside another one."""
    d = ctx.data
    if phase not in PLAYER_PHASES or d["procedure"]:
        return []
    found = [_procedure("you_conquer_automa")]
    if any(not holder for holder in d["landmarks"].values()):
        found.append(_procedure("you_claim_landmark"))
    if any("player" not in h for h in d["achievements"].values()):
        found.append(_procedure("you_achievement"))
    if d["you_income_turns"] < 5:
        found.append(_procedure("you_income_turn"))
    return found


def _procedure(step: str) -> Procedure:
    return Procedure(step, f"tapestry.procedure.{step}", "begin_procedure", {"procedure": step})


@steps
def begin_procedure(ctx: Ctx, procedure: str) -> None:
    """Run one of your procedures; no other starts until it is over."""
    ctx.data["procedure"] = procedure
    ctx.seq(procedure, "end_procedure")


@steps
def end_procedure(ctx: Ctx) -> None:
    """Your procedure is over: the others are offered again."""
    ctx.data["procedure"] = None


@steps
def you_claim_landmark(ctx: Ctx) -> None:
    """Which landmark did you claim? (It is then no longer a target for the bots.)"""
    free = [name for name, holder in ctx.data["landmarks"].items() if not holder]
    ctx.ask(prompts.pick_one("tapestry.q.which_landmark", free,
                             labels=[msg(landmark_key(n)) for n in free],
                             ui={"game": data.GAME}), landmark_claimed)


@steps
def landmark_claimed(ctx: Ctx, answer: str) -> None:
    """Record your landmark."""
    ctx.data["landmarks"][answer] = "player"
    ctx.log("player", "tapestry.log.you_landmark", {"landmark": msg(landmark_key(answer))})


@steps
def you_achievement(ctx: Ctx) -> None:
    """Which achievement did you gain? (The Automa then scores less for it.)"""
    left = [a for a in ACHIEVEMENTS if "player" not in ctx.data["achievements"][a]]
    ctx.ask(prompts.pick_one("tapestry.q.which_achievement", left,
                             labels=[msg(f"tapestry.achievement.{a}") for a in left],
                             ui={"game": data.GAME, "rule": msg("tapestry.rule.achievements")}),
            achievement_gained)


@steps
def achievement_gained(ctx: Ctx, answer: str) -> None:
    """Record your achievement: you take a place, the Automa scores nothing for it."""
    gain_achievement(ctx, "player", answer)
    ctx.log("player", "tapestry.log.you_achievement",
            {"achievement": msg(f"tapestry.achievement.{answer}")})


@steps
def you_income_turn(ctx: Ctx) -> None:
    """You start an income turn (for the Automa's "first to start a new era")."""
    ctx.data["you_income_turns"] += 1
    ctx.log("player", "tapestry.log.you_income", {"turn": ctx.data["you_income_turns"]})


def corrections(ctx: Ctx, phase: str) -> tuple[Correction, ...]:
    """The values the player may set by hand: every tracked value, landmarks and
    achievements included (until the game is over)."""
    if phase == PHASE_OVER:
        return ()
    # The player sets the Automa's VP as a total; the difference goes to its "correction"
    # source, so the breakdown by source stays as the rules scored it.
    other_sources = total_vp(ctx) - int(ctx.data["vp"]["correction"])
    vp = Correction("vp", msg("tapestry.correct.vp"), ("vp", "correction"), 0, 999,
                    offset=other_sources)
    return (vp, *_corrections())


HOLDERS = ("", "automa", "shadow", "player")
"""Who may hold a landmark ("" = still free)."""


def holder_orders(achievement: str) -> list[list[str]]:
    """Every order in which the players may hold an achievement (first to last)."""
    who = ["automa", "player"] + (["shadow"] if achievement == "complete_track" else [])
    return [list(p) for k in range(len(who) + 1) for p in permutations(who, k)]


def _holders_label(order: list[str]) -> MessageRef:
    if not order:
        return msg("tapestry.holders.none")
    return msg("tapestry.holders.order", who=[msg(f"tapestry.holder.{w}") for w in order])


@cache
def _corrections() -> tuple[Correction, ...]:
    track_labels = tuple(_track(t) for t in TRACKS)
    found = [
        Correction("territories", msg("tapestry.view.territories"), ("territories",), 0, 40),
        Correction("tapestry_held", msg("tapestry.view.tapestry_held"), ("tapestry_held",),
                   0, 20),
        Correction("mat_tapestries", msg("tapestry.view.mat_tapestries"), ("mat_tapestries",),
                   0, 4),
        Correction("toppled_yours", msg("tapestry.view.toppled_yours"), ("toppled_yours",),
                   0, 20),
        Correction("you_income_turns", msg("tapestry.view.your_income_turns"),
                   ("you_income_turns",), 1, 5),
    ]
    for bot in data.BOTS:
        found.append(Correction(f"fav_{bot}", msg("tapestry.view.favorite_of", bot=bot_ref(bot)),
                                ("fav", bot), choices=TRACKS, choice_labels=track_labels))
        found += [Correction(f"pos_{bot}_{t}",
                             msg("tapestry.view.position", bot=bot_ref(bot), track=_track(t)),
                             ("pos", bot, t), 0, data.END) for t in TRACKS]
    holder_labels = tuple(msg("tapestry.holder.free" if not h else f"tapestry.holder.{h}")
                          for h in HOLDERS)
    found += [Correction(f"landmark_{name}", msg("tapestry.correct.landmark",
                                                 landmark=msg(landmark_key(name))),
                         ("landmarks", name), choices=HOLDERS, choice_labels=holder_labels)
              for name in data.landmarks()]
    for a in ACHIEVEMENTS:
        orders = holder_orders(a)
        found.append(Correction(f"achievement_{a}", msg("tapestry.correct.achievement",
                                                        achievement=msg(
                                                            f"tapestry.achievement.{a}")),
                                ("achievements", a), choices=tuple(orders),
                                choice_labels=tuple(_holders_label(o) for o in orders)))
    return tuple(found)


FAVORITE_REASONS = ("end", "other_bot", "you")


@cache
def _value_names() -> dict[str, str]:
    names = {t: f"tapestry.track.{t}" for t in TRACKS}
    names.update({b: f"tapestry.actor.{b}" for b in data.BOTS})
    names.update({v: f"tapestry.vp.{v}" for v in VP_SOURCES})
    names.update({c: f"tapestry.conquer_case.{c}" for c in CONQUER_CASES})
    names.update({r: f"tapestry.fav_reason.{r}" for r in FAVORITE_REASONS})
    names.update({s: f"tapestry.chart_step.{s}" for s in data.step_turns()})
    names.update({name: landmark_key(name) for name in data.landmarks()})
    return names


def value_label(value: Any) -> MessageRef | None:
    """The message naming a raw value the log's reasons mention (tracks, bots, landmarks,
    VP sources, chart steps, conquer cases), or None."""
    key = _value_names().get(value) if isinstance(value, str) else None
    return msg(key) if key else None


# --- the score (end screen and records) ------------------------------------------------------
def final_score(ctx: Ctx) -> FinalScore:
    """The Automa's VP by source; the winner is found by points as in the base game (the
    Shadow Empire never wins: rulebook "Game end")."""
    vp = ctx.data["vp"]
    return {"total": total_vp(ctx), "sources": {s: int(vp[s]) for s in VP_SOURCES},
            "rounds": int(ctx.data["income_turns"]), "winner": "", "ask_winner": False,
            "played": {}}


def progress(ctx: Ctx) -> tuple[int, int] | None:
    """(era, the Automa's VP): an era is its income turn and the bots' turns after it; the
    5th runs on to the game's end (income turn 5 scores on the way to it)."""
    era = min(ctx.turn // TURNS_PER_ERA, 5)
    if ctx.phase == START or era < 1:
        return None
    return era, total_vp(ctx)
