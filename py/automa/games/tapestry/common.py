"""What every Tapestry module shares: the step registry and small state helpers."""

from __future__ import annotations

from typing import Any

from automa.core.game import Ctx, Steps
from automa.core.i18n import msg
from automa.games.tapestry import data

steps = Steps()
"""Every step of the game."""

VP_SOURCES = ("territories", "landmarks", "military_science", "exploration_technology",
              "era", "civ", "achievements", "correction")
"""Where the Automa's VP come from (the breakdown shown in the view and at game end)."""


def track_ref(track: str) -> dict[str, Any]:
    """A message reference naming a track."""
    return msg(f"tapestry.track.{track}")


def bot_ref(bot: str) -> dict[str, Any]:
    """A message reference naming a bot."""
    return msg(f"tapestry.bot.{bot}")


def tiebreaker_card(ctx: Ctx) -> str | None:
    """The card for tiebreaks now: income turn 1's progress card, else the pair's right card."""
    reference = ctx.piles["income_tiebreaker"]
    if reference:
        return reference.top()
    pair = ctx.piles["pair"].cards
    return pair[1] if len(pair) == 2 else None


def track_card(ctx: Ctx) -> str | None:
    """The left card of the pair on the table, if any."""
    pair = ctx.piles["pair"].cards
    return pair[0] if len(pair) == 2 else None


def tb_ui(ctx: Ctx, rule: dict[str, Any] | None = None, *,
          pattern: bool = True) -> dict[str, Any]:
    """Screen hints for a question answered with the tiebreaker card."""
    ui: dict[str, Any] = {"game": data.GAME}
    card = tiebreaker_card(ctx)
    if card is not None:
        ui.update({"card": card, "highlight": ["tiebreaker"]})
        if pattern:
            ui["pattern"] = data.pattern_of_card(card)
    if rule is not None:
        ui["rule"] = rule
    return ui


def add_vp(ctx: Ctx, source: str, amount: int, why: dict[str, Any] | None = None) -> None:
    """Give the Automa VP from one source, and log it."""
    if amount == 0:
        return
    ctx.data["vp"][source] += amount
    ctx.log("automa", "tapestry.log.vp", {"n": amount, "source": msg(f"tapestry.vp.{source}"),
                                          "total": total_vp(ctx)}, why=why)


def total_vp(ctx: Ctx) -> int:
    """The Automa's VP so far."""
    return sum(int(v) for v in ctx.data["vp"].values())


def can_gain(ctx: Ctx, achievement: str) -> bool:
    """Whether the Automa can still gain an achievement (it has not got it yet)."""
    return "automa" not in ctx.data["achievements"][achievement]


def gain_achievement(ctx: Ctx, bot: str, achievement: str) -> None:
    """A bot reaches an achievement: the Automa scores it, the SE only takes a place."""
    holders: list[str] = ctx.data["achievements"][achievement]
    if bot in holders:
        return
    first = not holders
    holders.append(bot)
    name = msg(f"tapestry.achievement.{achievement}")
    if bot == "shadow":
        ctx.log("shadow", "tapestry.log.achievement_shadow", {"achievement": name})
        return
    vp_first, vp_later = data.achievement_vp()[achievement]
    ctx.log("automa", "tapestry.log.achievement", {"achievement": name},
            why={"rule": "tapestry.rule.achievements", "candidates": holders[:-1],
                 "pick": "first" if first else "later"})
    add_vp(ctx, "achievements", vp_first if first else vp_later)
