"""Shared pieces of the Glory of Civilizations automa: the step registry, the message-id
helpers, the game's data (:class:`Data`, its builder :func:`initial_data`, its declared
:func:`ranges`), the phases and the state readers.

Each automa of the game (one or two, the option ``automas``) is one :class:`Automa` record in
``Data.automas``, in seat order; ``Data.seat`` is the one whose turn (or achievement phase
step) is in play, and the steps read it through :func:`bot`, so one automa is the same code
with a list of one. Cards live in the piles ``box`` (not in this game) and, per automa,
``deck``, ``row`` and ``discard`` (:func:`pile`: the second automa's are ``deck2``…);
``Automa.row`` keeps the row's order.
"""

from __future__ import annotations

import copy
from typing import Any, Literal, NotRequired, TypedDict

from automa.core import game as core
from automa.core.actionlog import questions_waiting
from automa.core.common_steps import resumed_step
from automa.core.formats import Migrated
from automa.core.game import Steps
from automa.core.ranges import FLAG, Count, Items, Maybe, OneOf, Table, Text, record_table, table_of
from automa.core.records import MessageRef, Ui, Why

from . import data

G = data.GAME_ID
steps = Steps()
AUTOMA = "automa"
BOTH = "automas"
"""The actor of a board line for both automas at once (the achievement phase with two)."""
PLAYER = "player"
ROW_SIZE = {"easy": 4, "medium": 5, "hard": 6}
"""seeds/003 "round start": 4, 5 or 6 cards by difficulty easy / medium / hard."""
FACE_UP = 3
ROUNDS = 6
STORAGE = ("food", "wood", "weapons", "mead")
AREAS = ("mill", "sawmill", "smithy", "meadery", "market", "barracks", "workshop", "city_area",
         "religion", "maneuver")

SETUP = "setup"
"""Phase: the setup checklist."""
WAITING = "waiting"
"""Phase: the automa waits for the players (its next turn, or the others' passes); the
player's procedures are offered."""
AUTOMA_TURN = "automa_turn"
"""Phase: the automa's turn (and its pass)."""
ACHIEVEMENTS = "achievements"
"""Phase: the achievement phase and cleanup."""
PHASES = (SETUP, WAITING, AUTOMA_TURN, ACHIEVEMENTS)
_OLD_PHASES = {"setup_cards": SETUP, "automa_turn": WAITING, "achievement_phase": WAITING,
               "achievement_glory": ACHIEVEMENTS, "achievement_done": ACHIEVEMENTS,
               "spent": ACHIEVEMENTS, "storage_left": ACHIEVEMENTS,
               "instant_victory": ACHIEVEMENTS, "instant_victory_said": ACHIEVEMENTS}
"""The phase of a state saved before the engine had one, by the step its prompt leads to."""


def migrate(state: dict[str, Any]) -> None:
    """A state saved before the engine had a phase: the phase of the step the game's own
    prompt leads to (under an open procedure, the prompt it interrupted)."""
    state["phase"] = _OLD_PHASES.get(resumed_step(state), AUTOMA_TURN)


class Automa(TypedDict):
    """The tracked values of one automa (seeds/003): its row, mat, structures and score."""

    activated: int
    """Cards of the row activated this round (the last one is the card in play)."""
    row: list[str]
    """This round's row, left to right (the first three not activated are face up)."""
    passed: bool
    """The automa has passed this round."""
    first_player: bool
    """It passed first and becomes first player."""
    glory: int
    """Its tracked Glory."""
    coins: int
    """The coins in its treasury."""
    storage: dict[str, int]
    """What its storage holds, by item of :data:`STORAGE`."""
    cities: int
    """The cities it has built (the capital not counted)."""
    castles: int
    """The castles it has built."""
    wonder: int
    """Its Wonder under construction: 0 none, 1 the base, 2 completed."""
    wonders_done: NotRequired[int]
    """The Wonders it has completed (a game begun before this key lacks it)."""
    government: str | None
    """Its government, from the reform at the end of round 1 (None before)."""
    religion: str | None
    """Its religion, from the same reform (None before)."""
    cubes: dict[str, int]
    """Its action cubes on each area of :data:`AREAS` this round."""
    last_card: str | None
    """The card it activated last (its priority numbers decide the vote)."""
    turn_in_round: int
    """Its turns so far this round (the turn number's last digit)."""
    achievements: int
    """The instant-achievement cubes it has placed."""
    techs_taken: list[list[int]]
    """The technologies (row, column) it took this round: their spots are empty now."""
    failed_sites: NotRequired[list[str]]
    """The pieces ("city", "castle") whose site search failed this turn (set on its first
    card)."""


class Data(TypedDict):
    """The game's tracked values, as ``ctx.data`` holds them: what the table shares, and each
    automa's own record in seat order."""

    edition: Literal["companion", "custom"]
    """The automa deck of the game: our companion edition, or the player's own."""
    round: int
    """The round, 1..6."""
    age: int
    """The age, 1..3 (by :func:`age_of_round` under ``age_rule = rounds``; correctable)."""
    seat: int
    """The automa in play (its turn, its pass, its part of the achievement phase): an index
    into :attr:`automas`."""
    automas: list[Automa]
    """Each automa of the game, in seat order ("Automa 1", "Automa 2")."""


Ctx = core.Ctx[Data, data.Options]
"""What this game's steps see: the engine's :class:`~automa.core.game.Ctx`, its
``data`` typed as :class:`Data` and its ``options`` as :class:`.data.Options` (plain JSON
dicts at run time)."""


MAX_AUTOMAS = 2
"""seeds/003: "Можна додати одну або дві автоми" (one or two automas)."""


def initial_automa() -> Automa:
    """One automa at setup (seeds/003): nothing built, nothing stored."""
    return {
        "activated": 0, "row": [], "passed": False,
        "first_player": False, "glory": 0, "coins": 0,
        "storage": {s: 0 for s in STORAGE},
        "cities": 0, "castles": 0, "wonder": 0, "wonders_done": 0,
        "government": None, "religion": None,
        "cubes": dict.fromkeys(AREAS, 0), "last_card": None, "turn_in_round": 0,
        "achievements": 0, "techs_taken": [],
    }


def initial_data(edition: Literal["companion", "custom"], automas: int = 1) -> Data:
    """The data at setup (seeds/003): round 1 of age I, each automa as
    :func:`initial_automa`."""
    return {"edition": edition, "round": 1, "age": 1, "seat": 0,
            "automas": [initial_automa() for _ in range(automas)]}


def migrate_v3(state: dict[str, Any]) -> Migrated:
    """Game version 2 → 3: the one automa's values, kept flat in ``data`` before, become the
    single record of ``data.automas`` (seat 0); the shared edition, round and age stay; the
    options name the new option ``automas`` (1: the only game there was)."""
    out = copy.deepcopy(state)
    if isinstance(out.get("options"), dict):
        out["options"] = {"automas": 1, **out["options"]}
    old = out.get("data")
    if isinstance(old, dict) and "automas" not in old:
        shared = {key: old.pop(key) for key in SHARED if key in old}
        out["data"] = {**shared, "seat": 0, "automas": [old]}
    return Migrated(out)


def migrate_v4(state: dict[str, Any]) -> Migrated:
    """Game version 3 → 4: a win at once told as a procedure is confirmed before the game
    ends; the rules' flow changed, not the layout (a save whose answers no longer replay is
    restored from its snapshot)."""
    return Migrated(state)


def migrate_v5(state: dict[str, Any]) -> Migrated:
    """Game version 4 → 5: with two automas, a waiting question about one automa names it
    (its ``_n`` form, :data:`NAMED_N`, with the automa as ``automa``); and a win at once
    answered in the achievement phase is confirmed before the game ends (a save that ended
    so no longer replays: it is restored from its snapshot)."""
    out = copy.deepcopy(state)
    found = out.get("data")
    if not (isinstance(found, dict) and isinstance(found.get("automas"), list)
            and len(found["automas"]) > 1):
        return Migrated(out)
    seat = found.get("seat", 0)
    frames = [f.get("args") for f in out.get("stack") or []
              if isinstance(f, dict) and f.get("step") == "core_reask"]
    for held_ in [out, *frames]:
        if isinstance(held_, dict):
            _name_automa(held_.get("prompt"), held_.get("pending"), seat)
    return Migrated(out)


def _name_automa(prompt: Any, pending: Any, seat: Any) -> None:
    """A waiting question of :data:`NAMED_N` in its ``_n`` form (an event procedure's automa
    is its step's ``seat``, 0 when not given)."""
    if not (isinstance(prompt, dict) and isinstance(prompt.get("params"), dict)):
        return
    name = str(prompt.get("key", "")).removeprefix(f"{G}.prompt.")
    if name not in NAMED_N:
        return
    args = pending.get("args") if isinstance(pending, dict) else None
    step = pending.get("step") if isinstance(pending, dict) else None
    if str(step).startswith("proc_event_"):
        seat = args.get("seat", 0) if isinstance(args, dict) else 0
    n = seat + 1 if isinstance(seat, int) and not isinstance(seat, bool) else 1
    prompt["key"] = f"{G}.prompt.{name}_n"
    prompt["params"]["automa"] = m("automa_n", n=n)


def migrate_v2(state: dict[str, Any]) -> Migrated:
    """Game version 1 → 2: the audit's readings changed the rules; the automa counts the
    Wonders it completed (``wonders_done``: version 1 built one, completed at stage 2)."""
    out = copy.deepcopy(state)
    old = out.get("data")
    if isinstance(old, dict) and "wonders_done" not in old:
        old["wonders_done"] = 1 if old.get("wonder") == 2 else 0
    waiting = list(questions_waiting(out))
    for holder in waiting:
        _ask_as_v2(holder)
    stack = out.get("stack")
    for step in [*(stack if isinstance(stack, list) else ()), *(w.get("pending") for w in waiting)]:
        if isinstance(step, dict) and step.get("step") in BATTLE_STEPS \
                and isinstance(step.get("args"), dict):
            step["args"].setdefault("of", 2)
    return Migrated(out)


BATTLE_STEPS = ("battle_army", "target_ask", "target_answer", "battle_next")
"""The steps of a battle, which name since version 2 how many battles the card makes."""


def _ask_as_v2(waiting: dict[str, Any]) -> None:
    """A question version 1 waited on, as version 2 asks it: the automa's turn with no card
    face up is its pass (``ready_pass``), and a battle names how many the card makes
    (``army_of``: version 1 always made two)."""
    prompt = waiting["prompt"]
    params = prompt.get("params")
    if not isinstance(params, dict):
        return
    if prompt.get("key") == k("prompt.ready") and params.get("up") == "—":
        prompt["key"], params["up"] = k("prompt.ready_pass"), []
    elif prompt.get("key") == k("prompt.army"):
        prompt["key"], params["of"] = k("prompt.army_of"), 2


SHARED = ("edition", "round", "age")
"""The values the automas share (the table's deck edition, round and age)."""


def automas(ctx: Ctx) -> list[Automa]:
    """Every automa of the game, in seat order."""
    found: list[Automa] = ctx.data["automas"]
    return found


def bot(ctx: Ctx) -> Automa:
    """The automa in play (:attr:`Data.seat`)."""
    return automas(ctx)[ctx.data["seat"]]


def several(ctx: Ctx) -> bool:
    """Whether two automas play (each is then named: "Automa 1", "Automa 2")."""
    return len(automas(ctx)) > 1


def who(ctx: Ctx, seat: int | None = None) -> str:
    """The log's actor for an automa (the one in play by default): "automa" alone, else
    "automa1", "automa2" (named so on screen)."""
    if not several(ctx):
        return AUTOMA
    return f"{AUTOMA}{(ctx.data['seat'] if seat is None else seat) + 1}"


def automa_name(ctx: Ctx, seat: int | None = None) -> MessageRef:
    """An automa's name on screen ("Automa 2"), the one in play by default."""
    return m("automa_n", n=(ctx.data["seat"] if seat is None else seat) + 1)


def about_automa(ctx: Ctx, key: str, params: dict[str, Any] | None = None,
                 seat: int | None = None) -> tuple[str, dict[str, Any]]:
    """A question about one automa (the one in play by default): its message id and
    parameters; with two automas, the id's ``_n`` form, which names it ("Does Automa 2's
    supply still hold…?") where one automa's game says "the Automa"."""
    if not several(ctx):
        return k(key), dict(params or {})
    return k(key + "_n"), {**(params or {}), "automa": automa_name(ctx, seat)}


NAMED_N = ("explore_first", "buildings_fit", "units_count", "units_left", "site_site",
           "site_buildings", "site_wonder", "site_train", "community", "has_repair",
           "has_suppress", "adversity_count", "removed", "army_of", "experience",
           "event_item", "event_amount", "others_pass")
"""The questions that name the automa they ask about when two play (version 5: before, they
said "the Automa" for either)."""


def pile(ctx: Ctx, name: str, seat: int | None = None) -> str:
    """The pile ``deck``, ``row`` or ``discard`` of an automa (the one in play by default):
    the first automa's keep their names (as a one-automa game always had them), the
    second's are ``deck2``, ``row2``, ``discard2``."""
    at = ctx.data["seat"] if seat is None else seat
    return name if at == 0 else f"{name}{at + 1}"


m = data.m
k = data.k


def age_of_round(rnd: int) -> int:
    """The age of a round: I in rounds 1-2, II in 3-4, III in 5-6 (our reading, correctable)."""
    return min(3, (rnd + 1) // 2)


def row_size(ctx: Ctx) -> int:
    """Cards in this round's row: by difficulty (seed), or 4 + age (newer revision)."""
    if ctx.options["row_rule"] == "age":
        return 4 + ctx.data["age"]
    return ROW_SIZE[ctx.options["difficulty"]]


def row(ctx: Ctx) -> list[str]:
    """The row's cards, left to right."""
    cards: list[str] = bot(ctx)["row"]
    return cards


def current_card(ctx: Ctx) -> dict[str, Any]:
    """The card activated this turn (the last activated one)."""
    return data.card(row(ctx)[bot(ctx)["activated"] - 1])


def entry(ctx: Ctx, i: int) -> dict[str, Any]:
    """Priority entry ``i`` (1..4) of the activated card."""
    e: dict[str, Any] = current_card(ctx)["priority"][i - 1]
    return e


def terrain(t: str) -> MessageRef:
    """A terrain type's name."""
    return m(f"terrain.{t}")


def direction(d: str) -> MessageRef:
    """A direction's name."""
    return m(f"direction.{d}")


def action_name(a: str) -> MessageRef:
    """A main action's name."""
    return m(f"main.{a}")


def roman(n: int) -> str:
    """An age number as printed (I, II, III)."""
    return ("I", "II", "III", "IV")[max(1, min(n, 4)) - 1]


def card_ui(ctx: Ctx, *highlight: str, rule: MessageRef | None = None) -> Ui:
    """Screen hints: the activated card with the fields the question depends on, and the
    main-action row the previous card's pointer chose on it (seeds/003, "the pointer")."""
    ui: Ui = {"game": G}
    if bot(ctx).get("activated"):
        ui["card"] = row(ctx)[bot(ctx)["activated"] - 1]
        chosen = pointed_row(ctx)
        ui["highlight"] = [*highlight, *([f"main.{chosen}"] if chosen else [])]
        if chosen:  # said in words over the card: its own ▶ is for the next card
            i = bot(ctx)["activated"] - 1
            action = data.card(row(ctx)[i])["main"][chosen - 1]
            ui["lead"] = m("lead.main_prev" if i else "lead.main_first", row=chosen,
                           action=m(f"main.{action}"),
                           card=data.card(row(ctx)[max(0, i - 1)])["number"])
    if rule is not None:
        ui["rule"] = rule
    return ui


def pointed_row(ctx: Ctx) -> int | None:
    """The main-action row of the card in play named by the pointer of the card before it
    (the first card: its own pointer); None on the last card of round 1 (the reform)."""
    i = (bot(ctx).get("activated") or 0) - 1
    cards = row(ctx)
    if i < 0 or (ctx.data["round"] == 1 and i == len(cards) - 1):
        return None
    return int(data.card(cards[max(0, i - 1)])["pointer"])


def place_cubes(ctx: Ctx, area: str, why_key: str = "why.cubes") -> int:
    """Put the automa's action cubes on an area: 1 the first time it is used this round, 2 after
    (seeds/003 "action cubes"). Logs the board instruction; returns the number of cubes."""
    used = bot(ctx)["cubes"].get(area, 0) > 0
    n = 2 if used else 1
    bot(ctx)["cubes"][area] = min(MAX_CUBES, bot(ctx)["cubes"].get(area, 0) + n)
    # Reading "any" (ambiguity C3): as for a player, other players' cubes there count too;
    # the app cannot see them, so the table is told both counts (correctable afterwards).
    key = "log.cubes_any" if not used and ctx.options["cube_rule"] == "any" else "log.cubes"
    ctx.instruct(who(ctx), k(key), {"n": n, "area": m(f"area.{area}")},
                 {"rule": m(why_key, used=used)}, icon="cube")
    return n


def add_glory(ctx: Ctx, n: int, why: Why | None = None) -> None:
    """Add Glory to the automa's tracked total and tell the table."""
    n = min(n, MAX_TRACKED - bot(ctx)["glory"])
    if n <= 0:
        return
    bot(ctx)["glory"] += n
    ctx.instruct(who(ctx), k("log.glory"), {"n": n, "total": bot(ctx)["glory"]}, why, icon="vp")


# --- declared ranges ------------------------------------------------------------------------
MAX_TRACKED = 9999
"""A sane bound on Glory and coins (a whole game gathers a few hundred)."""
MAX_STORED = 999
"""A sane bound on one item of the automa's storage (it only accumulates, seeds/003)."""
MAX_CUBES = 99
"""A sane bound on the action cubes on one area in a round (taken from the box)."""
MAX_ACHIEVEMENTS = 48
"""A sane bound on the instant-achievement cubes it places."""
MAX_WONDERS = 99
"""A sane bound on the Wonders the automa completes (the text sets no limit)."""
MAX_ROW = 4 + 3
"""The longest row: 4 + age III (the newer revision's reading)."""


def ranges() -> Table:
    """The range of every value of :class:`Data`: the round and age I–III, one or two
    automas (:func:`automa_ranges`)."""
    return record_table(Data, {
        "edition": OneOf(("companion", "custom")),
        "round": Count(1, ROUNDS), "age": Count(1, 3), "seat": Count(0, MAX_AUTOMAS - 1),
        "automas": Items(automa_ranges(), MAX_AUTOMAS, lo=1),
    })


def automa_ranges() -> Table:
    """The range of every value of :class:`Automa` (structures up to the supply beside the
    capital, a sane bound on what only accumulates)."""
    supply = data.vocabulary()["supply"]
    return record_table(Automa, {
        "activated": Count(0, MAX_ROW),
        "row": Items(Text(), MAX_ROW), "passed": FLAG, "first_player": FLAG,
        "glory": Count(0, MAX_TRACKED), "coins": Count(0, MAX_TRACKED),
        "storage": table_of(STORAGE, Count(0, MAX_STORED)),
        "cities": Count(0, int(supply["city"])), "castles": Count(0, int(supply["castle"])),
        "wonder": Count(0, 2), "wonders_done": Count(0, MAX_WONDERS),
        "government": Maybe(OneOf(data.governments())),
        "religion": Maybe(OneOf(data.religions())),
        "cubes": table_of(AREAS, Count(0, MAX_CUBES)),
        "last_card": Maybe(Text()), "turn_in_round": Count(0, MAX_ROW + 2),
        "achievements": Count(0, MAX_ACHIEVEMENTS),
        "techs_taken": Items(Items(Count(1, 4), 2, 2), 16),
        "failed_sites": Items(OneOf(("city", "castle")), 2),
    })


TWO_AUTOMAS = 1000
"""With two automas, turn numbers start here: 1000 + round × 100 + the rest (below), so that
each automa's turn is a turn of its own (its board list and log group are its own, never the
other's), and the numbers only grow."""
ACHIEVEMENT_TURN = {False: 9, True: 99}
"""The achievement phase's place in a round's numbers (one automa, two)."""


def round_turn(ctx: Ctx, at: int = 0) -> int:
    """The number of a round's start (``at`` 0) or of its achievement phase (``at``
    :data:`ACHIEVEMENT_TURN`)."""
    rnd = ctx.data["round"]
    return TWO_AUTOMAS + rnd * 100 + at if several(ctx) else rnd * 10 + at


def turn_number(ctx: Ctx) -> int:
    """The number of the automa in play's turn: round × 10 + its turn in the round. With two
    automas: 1000 + round × 100 + its turn × 10 + a digit 1–4 that names the automa and its
    place in the round's orbit (2 × (place − 1) + seat + 1: whichever opened the round plays
    each orbit's first turn, so the numbers only grow)."""
    t = bot(ctx)["turn_in_round"]
    if not several(ctx):
        return ctx.data["round"] * 10 + t
    seat = ctx.data["seat"]
    other = automas(ctx)[1 - seat]
    place = 1 if other["turn_in_round"] < t else 2
    return round_turn(ctx) + t * 10 + 2 * (place - 1) + seat + 1


def turn_label(turn: int) -> MessageRef | None:
    """Turns are numbered round × 10 + the automa's turn in the round (9: the achievement
    phase, 0: the round's start); with two automas, as :func:`turn_number` says, an automa's
    own turns naming it."""
    two = turn >= TWO_AUTOMAS
    rnd, t = divmod(turn - TWO_AUTOMAS, 100) if two else divmod(turn, 10)
    if rnd < 1:
        return None
    if t == 0:
        return m("turn.round", round=rnd)
    if t == ACHIEVEMENT_TURN[two]:
        return m("turn.achievements", round=rnd)
    if two:
        own, digit = divmod(t, 10)
        return m("turn.turn_of", automa=m("automa_n", n=(digit - 1) % 2 + 1), round=rnd, n=own)
    return m("turn.turn", round=rnd, n=t)


def held(ctx: Ctx, item: str) -> int:
    """How much of an item it holds: coins in its treasury, else goods in its storage."""
    return bot(ctx)["coins"] if item == "coins" else bot(ctx)["storage"][item]
