"""What every Tapestry module shares: the step registry and small state helpers."""

from __future__ import annotations

from typing import Any

from automa.core.game import Ctx, Steps
from automa.core.i18n import msg
from automa.core.records import MessageRef, Params, Ui, Why
from automa.games.tapestry import data

steps = Steps()
"""Every step of the game."""

VP_SOURCES = ("territories", "landmarks", "military_science", "exploration_technology",
              "era", "civ", "achievements", "correction")
"""Where the Automa's VP come from (the breakdown shown in the view and at game end)."""
TURNS_PER_ERA = 100
"""The turn counter is ``era * 100 + bot turn``: income turn N is ``N * 100`` (see
``turn_label``), so the log groups and names turns as the game counts them."""
PHASE_SETUP = "setup"
"""Phase: the setup checklist."""
PHASE_BETWEEN = "between_turns"
"""Phase: waiting for the bots' next turn (your turn; your procedures are offered)."""
PHASE_BOTS = "bots"
"""Phase: the bots' turn."""
PHASE_INCOME = "income"
"""Phase: the bots' income turn."""
PHASE_BOTS_DONE = "bots_done"
"""Phase: the bots took their last income turn; you play on (your procedures are offered)."""
PHASE_OVER = "over"
"""Phase: the game is over."""
PHASES = (PHASE_SETUP, PHASE_BETWEEN, PHASE_BOTS, PHASE_INCOME, PHASE_BOTS_DONE, PHASE_OVER)
PLAYER_PHASES = (PHASE_BETWEEN, PHASE_BOTS_DONE)
AFTER_BOTS = 6 * TURNS_PER_ERA
"""The turn counter once the bots are done (you play on to your own 5th income turn)."""


def migrate(state: dict[str, Any]) -> None:
    """A state saved before the engine had a phase kept it in ``data["phase"]``."""
    phase = state["data"].pop("phase", None)
    state["phase"] = phase if phase in PHASES else PHASE_BOTS


def turn_label(turn: int) -> MessageRef | None:
    """A turn as Tapestry counts it: setup, income turn N, era N's bot turn K, after the bots."""
    if turn <= 0:
        return msg("tapestry.turn.setup")
    if turn >= AFTER_BOTS:
        return msg("tapestry.turn.after_bots")
    era, n = divmod(turn, TURNS_PER_ERA)
    if n == 0:
        return msg("tapestry.turn.income", n=era)
    return msg("tapestry.turn.bots", era=era, n=n)


def track_ref(track: str) -> MessageRef:
    """A message reference naming a track."""
    return msg(f"tapestry.track.{track}")


def track_word(track: str) -> MessageRef:
    """A message reference naming a track inside a sentence (lower case)."""
    return msg(f"tapestry.track_word.{track}")


def bot_ref(bot: str) -> MessageRef:
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


def tb_ui(ctx: Ctx, rule: MessageRef | None = None, *, pattern: bool = True) -> Ui:
    """Screen hints for a question answered with the tiebreaker card."""
    ui: Ui = {"game": data.GAME}
    card = tiebreaker_card(ctx)
    if card is not None:
        ui.update({"card": card, "highlight": ["tiebreaker"]})
        if pattern:
            ui["pattern"] = data.pattern_of_card(card)
    if rule is not None:
        ui["rule"] = rule
    return ui


def instruct(ctx: Ctx, actor: str, key: str, params: Params | None = None, *,
             icon: str, why: Why | None = None) -> None:
    """Log a thing the player does on the board for a bot (shown in the turn's checklist)."""
    ctx.log(actor, key, params, why, table=True, icon=icon)


def add_vp(ctx: Ctx, source: str, amount: int, why: Why | None = None, *,
           count: int | None = None, mult: int | None = None) -> None:
    """Give the Automa VP from one source and log the move of its VP token (old → new).

    With ``count`` and ``mult`` the message shows the product (income-turn scoring).
    """
    if amount == 0:
        return
    old = total_vp(ctx)
    ctx.data["vp"][source] += amount
    params: Params = {"n": amount, "source": msg(f"tapestry.vp_for.{source}"),
                              "old": old, "total": total_vp(ctx)}
    key = "tapestry.log.vp"
    if count is not None and mult is not None:
        key = "tapestry.log.vp_times"
        params.update(count=count, mult=mult)
    instruct(ctx, "automa", key, params, icon="vp", why=why)


def total_vp(ctx: Ctx) -> int:
    """The Automa's VP so far."""
    return sum(int(v) for v in ctx.data["vp"].values())


def can_gain(ctx: Ctx, achievement: str) -> bool:
    """Whether the Automa can still gain an achievement (it has not got it yet)."""
    return "automa" not in ctx.data["achievements"][achievement]


def mat_landmarks(ctx: Ctx) -> list[str]:
    """The landmarks on the Automa's mat: every landmark either bot reached first."""
    return [name for name, holder in ctx.data["landmarks"].items() if holder in data.BOTS]


def claimed_landmarks(ctx: Ctx) -> dict[str, str]:
    """Every landmark someone holds, with its holder (free ones are left out)."""
    return {name: holder for name, holder in ctx.data["landmarks"].items() if holder}


def achievement_vp(ctx: Ctx, achievement: str, place: int) -> int:
    """The VP the Automa scores for an achievement at ``place`` (0 = first).

    Base game: the first scores more, the second less; a third place (you, the Shadow
    Empire and the Automa on "complete a track") scores nothing in a game of fewer than
    four players, unless the ``third_achievement`` reading pays it like the second.
    """
    first, later = data.achievement_vp()[achievement]
    if place == 0:
        return first
    if place == 1 or ctx.options.get("third_achievement") == "five":
        return later
    return 0


def gain_achievement(ctx: Ctx, who: str, achievement: str) -> None:
    """Someone reaches an achievement: only the Automa scores; you and the SE take a place.

    Rulebook "Achievements": the Automa earns achievements and their VP as you do; the
    Shadow Empire only takes a place on "complete any advancement track", for no VP.
    """
    if who in ctx.data["achievements"][achievement]:
        return
    # a new list: a corrected value may be shared with the log entry of its correction
    holders: list[str] = [*ctx.data["achievements"][achievement], who]
    ctx.data["achievements"][achievement] = holders
    name = msg(f"tapestry.achievement.{achievement}")
    if who == "player":
        return
    place = len(holders)
    if who == "shadow":
        instruct(ctx, "shadow", "tapestry.log.achievement_shadow",
                 {"achievement": name, "place": place}, icon="achievement")
        return
    instruct(ctx, "automa", "tapestry.log.achievement", {"achievement": name, "place": place},
             icon="achievement",
             why={"rule": "tapestry.rule.achievements"} if place > 1 else None)
    add_vp(ctx, "achievements", achievement_vp(ctx, achievement, place - 1))
