"""What every Tapestry module shares: the step registry, the message ids, the state.

The game's JSON state (``ctx.data``) is a :class:`Data` (built by :func:`initial_data`, its
values within :func:`ranges`); the decision cards are in the piles ``deck`` (the decision
deck), ``discard``, ``pair`` (the track card, then the tiebreaker card on the table),
``progress`` (the progress cards not yet shuffled in) and ``income_tiebreaker`` (income turn
1's progress card, put back afterwards).
"""

from __future__ import annotations

from typing import Any, TypedDict

from automa.core import game as core
from automa.core.game import Steps
from automa.core.i18n import Namespace
from automa.core.ranges import FLAG, Count, Items, Maybe, OneOf, Table, Text, record_table, table_of
from automa.core.records import MessageRef, Params, Ui, Why

from . import data
from . import map as twin

G = data.GAME_ID
steps = Steps()
"""Every step of the game."""


_IDS = Namespace(G)
k = _IDS.k
"""A message id in this game's namespace: ``k("log.advance")`` is ``"<game id>.log.advance"``."""
m = _IDS.m
"""A message reference in this game's namespace (``m("log.advance", n=2)``)."""


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
MAT_COLUMNS = 4
"""The income mat's multiplier columns a tapestry card can cover."""
MAX_VP = 999
"""A sane bound on the Automa's VP from one source (a whole game scores about 200)."""
TAPESTRY_CARDS = 43
"""Tapestry cards in the base game's deck."""
MAX_TERRITORIES = 99
"""A sane bound on the territories the Automa controls (a real map holds about 40)."""
HOLDERS = ("", "automa", "shadow", "player")
"""Who may hold a landmark ("" = still free)."""


class _Tracked(TypedDict):
    """The values every game keeps (see :class:`Data`)."""

    level: int
    """The difficulty level, 1-6 (rulebook "Difficulty levels")."""
    civs: list[str]
    """The Automa's civilization sides: the one the science die rolled, then at level 6 the
    one you picked for it."""
    fav: dict[str, str]
    """Each bot's favourite track ("" until setup rolls it)."""
    pos: dict[str, dict[str, int]]
    """Each bot's token on each track: 0 (not started) to ``data.END``."""
    vp: dict[str, int]
    """The Automa's VP by source (``VP_SOURCES``); ``correction`` holds what you set by hand
    beyond what the rules scored."""
    territories: int
    """The territories the Automa controls (its starting one included)."""
    territories_confirmed: int
    """The income turn in which you last confirmed that count (0: not yet): it is asked once
    per income turn."""
    tapestry_held: int
    """The tapestry cards face down next to the Automa's mat (its traps)."""
    mat_tapestries: int
    """The tapestry cards covering columns of the Automa's income mat."""
    landmarks: dict[str, str]
    """Each landmark's holder: "automa", "shadow", "player", or "" while it is free."""
    achievements: dict[str, list[str]]
    """Each achievement's holders in the order they gained it."""
    toppled_yours: int
    """Your outposts the Automa has toppled (two give it "topple two opponents")."""
    you_income_turns: int
    """The income turns you have started (1: everyone takes income turn 1 at the start)."""
    income_turns: int
    """The income turns the bots have taken (5: they are done)."""
    over: bool
    """Whether you have confirmed that your game is over."""
    procedure: str | None
    """The procedure of yours under way (no other is offered until it is over), or None."""


class Data(_Tracked, total=False):
    """The bots' state the app keeps (``ctx.data``); :func:`ranges` declares every value's
    range, and the keys here are exactly the keys there."""

    map: dict[str, twin.Mark]
    """The map twin (the ``map`` option): each hex's mark (:data:`.map.MARKS`); absent when
    the game is played without the map (then the board questions are asked)."""


Ctx = core.Ctx[Data, data.Options]
"""What this game's steps see: the engine's :class:`~automa.core.game.Ctx`, its
``data`` typed as :class:`Data` and its ``options`` as :class:`.data.Options` (plain JSON
dicts at run time)."""


def initial_data(level: int) -> Data:
    """The bots' state at difficulty ``level`` before anything is rolled."""
    return {
        "level": level,
        "civs": [],
        "fav": {bot: "" for bot in data.BOTS},
        "pos": {bot: {t: 0 for t in data.TRACKS} for bot in data.BOTS},
        "vp": {s: 0 for s in VP_SOURCES},
        "territories": 1,
        "territories_confirmed": 0,
        "tapestry_held": 0,
        "mat_tapestries": 0,
        "landmarks": {name: "" for name in data.landmarks()},
        "achievements": {a: [] for a in data.ACHIEVEMENTS},
        "toppled_yours": 0,
        "you_income_turns": 1,  # everyone takes income turn 1 at the start
        "income_turns": 0,
        "over": False,
        "procedure": None,
    }


def ranges() -> Table:
    """The declared range of every value the app tracks for the bots (``ctx.data``): track
    positions within the tracks, counts from 0 to what the box holds, VP within sane bounds,
    no key the game does not know."""
    vp = {s: Count(-MAX_VP if s == "correction" else 0, MAX_VP) for s in VP_SOURCES}
    return record_table(Data, {
        "level": Count(1, 6),
        "civs": Items(OneOf(data.CIVS), 2),
        "fav": table_of(data.BOTS, OneOf(("", *data.TRACKS))),
        "pos": table_of(data.BOTS, table_of(data.TRACKS, Count(0, data.END))),
        "vp": Table(vp),
        "territories": Count(0, MAX_TERRITORIES),
        "territories_confirmed": Count(0, 5),
        "tapestry_held": Count(0, TAPESTRY_CARDS),
        "mat_tapestries": Count(0, MAT_COLUMNS),
        "landmarks": table_of(data.landmarks(), OneOf(HOLDERS)),
        "achievements": table_of(data.ACHIEVEMENTS, Items(OneOf(HOLDERS[1:]), 3)),
        "toppled_yours": Count(0, MAX_TERRITORIES),
        "you_income_turns": Count(1, 5),
        "income_turns": Count(0, 5),
        "over": FLAG,
        "procedure": Maybe(Text()),
        "map": table_of(twin.hexes(), OneOf(twin.MARKS)),
    })


def migrate(state: dict[str, Any]) -> None:
    """A state saved before the engine had a phase kept it in ``data["phase"]``."""
    phase = state["data"].pop("phase", None)
    state["phase"] = phase if phase in PHASES else PHASE_BOTS


def turn_label(turn: int) -> MessageRef | None:
    """A turn as Tapestry counts it: setup, income turn N, era N's bot turn K, after the bots."""
    if turn <= 0:
        return m("turn.setup")
    if turn >= AFTER_BOTS:
        return m("turn.after_bots")
    era, n = divmod(turn, TURNS_PER_ERA)
    if n == 0:
        return m("turn.income", n=era)
    return m("turn.bots", era=era, n=n)


def track_ref(track: str) -> MessageRef:
    """A message reference naming a track."""
    return m(f"track.{track}")


def track_word(track: str) -> MessageRef:
    """A message reference naming a track inside a sentence (lower case)."""
    return m(f"track_word.{track}")


def bot_ref(bot: str) -> MessageRef:
    """A message reference naming a bot."""
    return m(f"bot.{bot}")


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
    ui: Ui = {"game": G}
    card = tiebreaker_card(ctx)
    if card is not None:
        ui.update({"card": card, "highlight": ["tiebreaker"]})
        if pattern:
            ui["pattern"] = data.pattern_of_card(card)
    if rule is not None:
        ui["rule"] = rule
    return ui


def add_vp(ctx: Ctx, source: str, amount: int, why: Why | None = None, *,
           count: int | None = None, mult: int | None = None) -> None:
    """Give the Automa VP from one source and log the move of its VP token (old → new).

    With ``count`` and ``mult`` the message shows the product (income-turn scoring).
    """
    if amount == 0:
        return
    old = total_vp(ctx)
    ctx.data["vp"][source] += amount
    params: Params = {"n": amount, "source": m(f"vp_for.{source}"),
                              "old": old, "total": total_vp(ctx)}
    key = k("log.vp")
    if count is not None and mult is not None:
        key = k("log.vp_times")
        params.update(count=count, mult=mult)
    ctx.instruct("automa", key, params, icon="vp", why=why)


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
    name = m(f"achievement.{achievement}")
    if who == "player":
        return
    place = len(holders)
    if who == "shadow":
        ctx.instruct("shadow", k("log.achievement_shadow"),
                     {"achievement": name, "place": place}, icon="achievement")
        return
    ctx.instruct("automa", k("log.achievement"), {"achievement": name, "place": place},
                 icon="achievement",
                 why={"rule": k("rule.achievements")} if place > 1 else None)
    add_vp(ctx, "achievements", achievement_vp(ctx, achievement, place - 1))
