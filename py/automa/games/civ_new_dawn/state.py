"""Shared pieces of the Civilization AP: the step registry, the message-id helpers, the state
layout (:class:`Data`, built by :func:`initial_data`, its ranges in :func:`ranges`), readers of
the state, and the AP's bookkeeping rules (trade-token placement, focus-card gains, resets).
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from automa.core import game as core
from automa.core.common_steps import resumed_step
from automa.core.game import Steps, broken, known
from automa.core.i18n import Namespace
from automa.core.ranges import FLAG, Count, Items, Json, Maybe, OneOf, Table, record_table, table_of
from automa.core.records import CardHint, MessageRef, Params, Ui, Why

from . import data

G = data.GAME_ID
steps = Steps()
AP = "ap"
PLAYER = "player"
MAX_TRADE_TOKENS = 40
"""Trade tokens on one AP card: the AP may hold any number (AP rules, Gaining Trade Tokens);
a sane bound (the base game's component list has 34 in the box)."""
MAX_BONUS = 99
LEGACY_NATURAL_WONDERS = 8
"""What a correction of natural wonder tokens allowed before the count invariant: saves of
those releases still load (gains now stop at the box's 4)."""
MAX_SPACES = 40

SETUP = "setup"
"""Phase: setup and map building."""
WAITING = "waiting"
"""Phase: between the AP's turns (its next turn, or the game's end)."""
AP_TURN = "ap_turn"
"""Phase: the AP's turn."""
PHASES = (SETUP, WAITING, AP_TURN)
_OLD_PHASES = {"setup_map": SETUP, "await_turn": SETUP, "ap_turn": WAITING, "ready": WAITING,
               "who_won": WAITING, "game_end": WAITING}
"""The phase of a state saved before the engine had one, by the step its prompt leads to."""


def migrate(state: dict[str, Any]) -> None:
    """A state saved before the engine had a phase: the phase of the step the game's own
    prompt leads to (under an open procedure, the prompt it interrupted)."""
    state["phase"] = _OLD_PHASES.get(resumed_step(state), AP_TURN)


class Caravan(TypedDict):
    """A caravan of the economy card being resolved, as the player described it."""

    j: int
    """Which of the card's caravans (1 first)."""
    cls: str
    """Its best destination class on the card's priority list (:data:`data.CRITERIA`)."""
    dist: int
    """The distance to that destination, in spaces."""


class Resolving(TypedDict):
    """The focus card being resolved and what it did so far (AP rules, Automated Player
    Turn; the after-reset rules read it)."""

    card: str
    """The card's id."""
    type: str
    """Its focus type (culture, economy, industry, military, science)."""
    bonus: int
    """Trade tokens it counts as spent: one per wonder and city-state card of its type."""
    nw: int
    """Teddy Roosevelt's natural wonder tokens taken off it for this resolution."""
    reset: bool
    """Whether it is reset to slot 1 afterwards (not when Capitalism resolves slot 5)."""
    built: bool
    """Industry: whether it built a city or a wonder (else it upgrades when idle)."""
    attacks: int
    """Military: attacks made so far."""
    won: int
    """Military: attacks won (Montezuma's swap after the reset)."""
    reinforced: int
    """Military: control tokens reinforced."""
    retry: str | None
    """Military: the target of a lost attack, tried again next."""
    caravans: list[Caravan]
    """Economy: the caravans described so far."""
    used: NotRequired[list[str]]
    """The once-per-card extras already spent: ``"bonus"``, Teddy's ``"nw"``."""


class Data(TypedDict):
    """Everything the app tracks for the AP (``ctx.data``); :func:`ranges` bounds each value."""

    humans: int
    """Human players at the table (1–3)."""
    leader: str
    """The AP's leader (:data:`data.LEADERS`)."""
    difficulty: str
    """The difficulty level (:data:`data.DIFFICULTIES`)."""
    row: list[str]
    """The focus row: card ids, slot 1 first."""
    tokens: dict[str, int]
    """Trade tokens on each focus card, by type (a replaced card hands its tokens on)."""
    nw: dict[str, int]
    """Teddy Roosevelt's natural wonder tokens on each focus card, by type."""
    nw_pool: int
    """Other leaders' natural wonder tokens."""
    dial: int
    """The tech dial's position."""
    resources: dict[str, int]
    """Resource tokens held, by type."""
    wonders: dict[str, int]
    """Wonder cards held, counted by type."""
    city_states: dict[str, int]
    """City-state diplomacy cards held, counted by type."""
    cities: int
    """Cities on the map, the capital included."""
    diplomacy: dict[str, str]
    """The player diplomacy card held from each rival (``"1"``…), or ``"none"``."""
    agendas: list[bool]
    """The three victory cards: whether the AP completed an agenda on each."""
    res: Resolving | None
    """The focus card being resolved, between its steps."""
    winner: str | None
    """Who won (``"ap"``, ``"human"``) once the game is over."""
    notice: NotRequired[MessageRef]
    """A board reminder kept for the next question (:func:`notice`)."""


Ctx = core.Ctx[Data, data.Options]
"""What this game's steps see: the engine's :class:`~automa.core.game.Ctx`, its
``data`` typed as :class:`Data` and its ``options`` as :class:`.data.Options` (plain JSON
dicts at run time)."""


def initial_data(leader_id: str, difficulty: str, humans: int) -> Data:
    """The AP at setup: the leader's level I focus row, nothing gained yet, the dial at 0
    (AP rules, Setup and Difficulty Level)."""
    return {
        "humans": humans,
        "leader": leader_id,
        "difficulty": difficulty,
        "row": [data.card_of(t, 1) for t in data.leaders()[leader_id]["row"]],
        "tokens": dict.fromkeys(data.TYPES, 0),
        "nw": dict.fromkeys(data.TYPES, 0),
        "nw_pool": 0,
        "dial": 0,
        "resources": dict.fromkeys(data.RESOURCES, 0),
        "wonders": dict.fromkeys(data.TYPES, 0),
        "city_states": dict.fromkeys(data.TYPES, 0),
        "cities": 1,
        "diplomacy": {str(p): "none" for p in range(1, humans + 1)},
        "agendas": [False, False, False],
        "res": None,
        "winner": None,
    }


def turn_label(turn: int) -> MessageRef | None:
    """"AP turn 4" (setup, turn 0, keeps the plain number)."""
    return m("turn_label", n=turn) if turn > 0 else None


_IDS = Namespace(G)
k = _IDS.k
"""A message id in this game's namespace: ``k("log.advance")`` is ``"<game id>.log.advance"``."""
m = _IDS.m
"""A message reference in this game's namespace (``m("log.advance", n=2)``)."""


def card_name(card_id: str) -> MessageRef:
    """A focus card's name."""
    return m(f"card.{card_id}")


def leader(ctx: Ctx) -> dict[str, Any]:
    """The AP's leader data."""
    return data.leaders()[ctx.data["leader"]]


def is_leader(ctx: Ctx, rule: str) -> bool:
    """Whether one of the AP rules' leader clarifications applies (teddy, montezuma…)."""
    return bool(leader(ctx)["ap_rule"] == rule)


def row(ctx: Ctx) -> list[str]:
    """The focus row, slot 1 first."""
    r: list[str] = ctx.data["row"]
    return r


def resolving(ctx: Ctx) -> Resolving:
    """The focus card being resolved. Invariant: a card is being resolved from
    ``resolve_card`` until ``end_card`` clears it, and only its steps read it."""
    return known(ctx.data["res"], "Civilization: a focus card is being resolved")


def slot_of(ctx: Ctx, card_type: str) -> int:
    """The slot (1..5) of the AP's card of this type."""
    return next(i + 1 for i, c in enumerate(row(ctx)) if data.card(c)["type"] == card_type)


def card_in(ctx: Ctx, slot: int) -> str:
    """The card id in a slot (1..5)."""
    return row(ctx)[slot - 1]


def level_of(card_id: str) -> int:
    """A card's tech level."""
    return data.card(card_id)["level"]


def bonus(ctx: Ctx, card_type: str) -> int:
    """Trade tokens the AP is considered to have spent: one per wonder and city-state card of
    the card's type (AP rules, Wonders and Diplomacy). For industry, the reading
    ``industry_bonus`` decides whether wonders count too (the payment list names only
    city-state cards)."""
    cs = ctx.data["city_states"][card_type]
    wonders = ctx.data["wonders"][card_type]
    if card_type == "industry" and ctx.options["industry_bonus"] == "city_states_only":
        return cs
    return cs + wonders


def military_bonus(ctx: Ctx) -> int:
    """+1 combat value per military wonder and city-state card, attacking or defending (AP
    rules, Wonders and Diplomacy)."""
    return ctx.data["wonders"]["military"] + ctx.data["city_states"]["military"]


def held_diplomacy(ctx: Ctx, card: str) -> list[str]:
    """The rivals whose player diplomacy card ``card`` the AP holds (and uses)."""
    return sorted(p for p, held in ctx.data["diplomacy"].items() if held == card)


def rivals_ref(rivals: list[str]) -> MessageRef:
    """"Player 1, Player 2" as a message reference."""
    ref = m("rival", n=int(rivals[0]))
    for p in rivals[1:]:
        ref = m("list_join", a=ref, b=m("rival", n=int(p)))
    return ref


def uses_cards(rivals: list[str], card: str) -> MessageRef | str:
    """The note naming the player diplomacy cards of this kind the AP uses at a combat (AP
    rules, Wonders and Diplomacy: "The AP uses the abilities on any player diplomacy cards it
    has except for Embassy"), or nothing."""
    return m(f"uses.{card}", rivals=rivals_ref(rivals)) if rivals else ""


def nw_value(ctx: Ctx, *, wonder: bool) -> int:
    """What one of Teddy Roosevelt's natural wonder tokens adds: +1 like a trade token, +2
    toward a wonder like a resource (AP rules, Building Wonders); reading ``teddy_nw_value``
    ``one``: +1 toward a wonder too."""
    return 2 if wonder and ctx.options["teddy_nw_value"] == "one_two" else 1


def card_ui(ctx: Ctx, card_id: str | None = None, highlight: tuple[str, ...] = (),
            rule: MessageRef | None = None, typed: bool = False) -> Ui:
    """Screen hints: the card being resolved alone, its fields highlighted (the whole focus
    row is on screen as a strip, from the view); ``typed``: a count the player reads off the
    board, whose box starts empty (a 0 filled in and taken by one quick OK changed the AP's
    turn)."""
    ui: Ui = {"game": G, "cards": []}
    if typed:
        ui["typed"] = True
    if card_id:
        ui["card"] = card_id
        ui["highlight"] = list(highlight)
        shown: CardHint = {"card": card_id, "highlight": list(highlight)}
        if card_id in row(ctx):
            shown["role"] = m("slot", n=row(ctx).index(card_id) + 1)
        ui["cards"] = [shown]
    if rule is not None:
        ui["rule"] = rule
    return ui


class ApWhy(Why, total=False):
    """Why the AP decided as it did: the core's reasons, and the counts of Civilization's own
    rules kept beside them in the log (not shown: the rule's words say them)."""

    legal: int
    """The culture spend: how many control tokens the rules allow."""
    allowed: int
    """… and how many the AP can place (with the tokens it spends)."""
    tokens: list[int]
    """Trade tokens: how many lie on each candidate's card."""


def log_table(ctx: Ctx, key: str, params: Params | None = None, *, icon: str,
              why: ApWhy | None = None) -> None:
    """Log a board instruction for the AP (shown as a checklist item)."""
    ctx.instruct(AP, k(key), params or {}, why, icon=icon)


def log_ap(ctx: Ctx, key: str, params: Params | None = None,
           why: ApWhy | None = None) -> None:
    """Log an AP decision or bookkeeping change (nothing to do on the board)."""
    ctx.log(AP, k(key), params or {}, why)


# --- trade tokens ------------------------------------------------------------------------
def card_counts(ctx: Ctx, kind: str) -> dict[str, int]:
    """The AP's cards of a kind by type: ``"wonder"`` (``wonders``) or ``"city_state"``
    (``city_states``); any other kind breaks the invariant that only these two are counted."""
    if kind == "wonder":
        return ctx.data["wonders"]
    if kind == "city_state":
        return ctx.data["city_states"]
    broken(f"Civilization: the AP counts wonders and city-states only, not {kind!r}")


def city_state_room(ctx: Ctx, card_type: str) -> bool:
    """Whether the AP can take one more city-state diplomacy card of this type: the box
    holds 16 in all (base game component list), so neither one type nor all of them
    together pass that."""
    held = ctx.data["city_states"]
    return held[card_type] < data.CITY_STATE_CARDS and sum(held.values()) < data.CITY_STATE_CARDS


def nw_held(ctx: Ctx) -> int:
    """Natural wonder tokens the AP holds (on its cards, in its pool, in the card it resolves)."""
    r = ctx.data["res"]
    return ctx.data["nw_pool"] + sum(ctx.data["nw"].values()) + (r["nw"] if r else 0)


def beyond_box(ctx: Ctx) -> MessageRef | None:
    """What the box allows across the AP's values (the game's check): 16 city-state
    diplomacy cards and 4 natural wonder tokens in all (base game component list)."""
    cards = sum(ctx.data["city_states"].values())
    if cards > data.CITY_STATE_CARDS:
        return m("box.city_states", n=cards, most=data.CITY_STATE_CARDS)
    if nw_held(ctx) > data.NATURAL_WONDERS:
        return m("box.nw", n=nw_held(ctx), most=data.NATURAL_WONDERS)
    return None


def take_one(counts: dict[str, int], key: str) -> bool:
    """Take one from ``counts[key]`` if there is one (a correction made while the question
    was open may have taken it already); whether one was taken."""
    if counts.get(key, 0) <= 0:
        return False
    counts[key] -= 1
    return True


def add_tokens(ctx: Ctx, card_type: str, n: int) -> int:
    """Put up to ``n`` trade tokens on the AP's card of this type (no more than
    :data:`MAX_TRADE_TOKENS` on one card); how many went on."""
    tokens = ctx.data["tokens"]
    added = max(0, min(n, MAX_TRADE_TOKENS - int(tokens[card_type])))
    tokens[card_type] += added
    return added


def gain_trade_tokens(ctx: Ctx, n: int, exclude_slot: int | None = None) -> None:
    """Place ``n`` trade tokens one at a time on the focus card with the fewest, ties going to
    the card highest in the row (AP rules, Gaining Trade Tokens; "highest" = slot 5 first, as
    the capital-attack example shows)."""
    tokens = ctx.data["tokens"]
    for _ in range(n):
        slots = [s for s in range(5, 0, -1) if s != exclude_slot]
        counts = [tokens[data.card(card_in(ctx, s))["type"]] for s in slots]
        fewest = min(counts)
        if fewest >= MAX_TRADE_TOKENS:
            log_ap(ctx, "log.tokens_full", {"n": MAX_TRADE_TOKENS})
            return
        slot = slots[counts.index(fewest)]
        card_id = card_in(ctx, slot)
        tokens[data.card(card_id)["type"]] += 1
        log_table(ctx, "log.trade_token", {"card": card_name(card_id), "slot": slot,
                                           "n": fewest + 1}, icon="trade",
                  why={"rule": m("why.fewest_tokens"), "candidates": slots, "pick": slot,
                       "tokens": counts})


# --- focus cards ---------------------------------------------------------------------------
def replace_card(ctx: Ctx, slot: int, new_level: int, reason: str) -> str:
    """Swap the card in ``slot`` for the card of the same type at ``new_level``."""
    old = card_in(ctx, slot)
    card_type = data.card(old)["type"]
    new = data.card_of(card_type, new_level)
    row(ctx)[slot - 1] = new
    params = {"old": card_name(old), "new": card_name(new), "slot": slot,
              "level": data.ROMAN[new_level]}
    log_table(ctx, f"log.replace.{reason}", params, icon="upgrade")
    if ctx.options["tokens_on_replaced"] == "returned":
        lost = ctx.data["tokens"][card_type]
        if lost:
            ctx.data["tokens"][card_type] = 0
            log_table(ctx, "log.tokens_returned", {"n": lost, "card": card_name(old)},
                      icon="lose")
    return new


def gain_focus_card(ctx: Ctx, space_level: int) -> None:
    """A tech level space reached: a random card of the lowest level becomes the card of the
    space's level, or one level above the card if it is already that high (AP rules, Gaining
    Focus Cards; Astrology's reminder). Nothing happens when every card is level IV."""
    levels = [level_of(c) for c in row(ctx)]
    lowest = min(levels)
    if lowest >= 4:
        log_ap(ctx, "log.no_card_to_gain", {"level": data.ROMAN[space_level]})
        return
    candidates = [i + 1 for i, lv in enumerate(levels) if lv == lowest]
    slot = ctx.rng.choice(candidates)
    new_level = max(space_level, lowest + 1)
    log_ap(ctx, "log.gain_pick", {"level": data.ROMAN[lowest]},
           why={"rule": m("why.lowest_level_random"), "candidates": candidates, "pick": slot})
    replace_card(ctx, slot, new_level, "dial")


def spaces_passed(ctx: Ctx, old: int, new: int) -> list[tuple[int, int]]:
    """Tech level spaces reached or passed moving the dial from ``old`` to ``new``."""
    return [(p, lv) for p, lv in data.dial()["spaces"] if old < p <= new]


def advance_dial(ctx: Ctx, amount: int) -> None:
    """Move the tech dial and gain a focus card at every level space reached or passed."""
    old = ctx.data["dial"]
    last = data.dial()["last"]
    target = old + amount
    passed = spaces_passed(ctx, old, min(target, last))
    new = target
    reading = ctx.options["dial_past_24"]
    if target > last:
        new = {"to_15": 15, "to_17": 17, "stay_24": last}[reading]
    ctx.data["dial"] = new
    log_table(ctx, "log.dial", {"old": old, "new": new, "n": amount}, icon="tech")
    if target > last:
        log_ap(ctx, "log.dial_past_last", {"last": last, "new": new},
               why={"rule": m(f"why.dial_past.{reading}")})
    for _position, level in passed:
        gain_focus_card(ctx, level)


def reset(ctx: Ctx, slot: int) -> None:
    """Move the card in ``slot`` to slot 1; the cards left of it shift one slot right."""
    r = row(ctx)
    card_id = r.pop(slot - 1)
    r.insert(0, card_id)
    log_table(ctx, "log.reset", {"card": card_name(card_id), "slot": slot}, icon="move")


def notice(ctx: Ctx, ref: MessageRef) -> None:
    """Remember a board reminder for the next question."""
    ctx.data["notice"] = ref


def take_notice(ctx: Ctx) -> MessageRef | str:
    """The pending board reminder (cleared), or an empty text."""
    ref = ctx.data.pop("notice", None)
    return ref if ref else ""


# --- declared ranges ------------------------------------------------------------------------


def nw_count(label: MessageRef) -> Count:
    """Natural wonder tokens on a card, in the pool, on the card being resolved: the box's 4
    (an older release's 8 carried down, named as ``label``)."""
    return Count(0, data.NATURAL_WONDERS, was=LEGACY_NATURAL_WONDERS, label=label)


def ranges() -> Table:
    """The range of every value in ``ctx.data`` (counts from 0 to the component count: 8
    resources of each type, 4 natural wonder tokens, 8 cities; a sane bound where the box
    sets none)."""
    card_ids = OneOf(tuple(data.cards()))
    resolving = record_table(Resolving, {
        "card": card_ids, "type": OneOf(data.TYPES), "bonus": Count(0, MAX_BONUS),
        "nw": nw_count(m("view.nw_resolving")), "reset": FLAG, "built": FLAG,
        "attacks": Count(0, 9), "won": Count(0, 9), "reinforced": Count(0, MAX_SPACES),
        "retry": Maybe(OneOf(data.TARGETS)),
        "caravans": Items(Table({"j": Count(1, 9), "cls": OneOf(data.CRITERIA),
                                 "dist": Count(0, MAX_SPACES)}), 9),
        "used": Items(OneOf(("bonus", "nw")), 2),
    })
    return record_table(Data, {
        "humans": Count(1, 3),
        "leader": OneOf(data.LEADERS),
        "difficulty": OneOf(data.DIFFICULTIES),
        "row": Items(card_ids, 5, 5, unique=True),
        "tokens": table_of(data.TYPES, Count(0, MAX_TRADE_TOKENS)),
        # the box holds 4 (gains stop there); earlier releases' corrections allowed 8,
        # carried down to the box on load
        "nw": Table({t: nw_count(m("view.nw_on", type=m(f"type.{t}"))) for t in data.TYPES}),
        "nw_pool": nw_count(m("view.nw")),
        "dial": Count(0, data.dial()["last"]),
        "resources": table_of(data.RESOURCES, Count(0, data.RESOURCES_PER_TYPE)),
        "wonders": table_of(data.TYPES, Count(0, data.MAX_CITIES)),
        "city_states": table_of(data.TYPES, Count(0, data.CITY_STATE_CARDS)),
        "cities": Count(1, data.MAX_CITIES),
        "diplomacy": table_of(("1", "2", "3"), OneOf(("none", *data.DIPLOMACY)), optional=True),
        "agendas": Items(FLAG, 3, 3),
        "res": Maybe(resolving),
        "winner": OneOf((None, "ap", "human")),
        "notice": Json(),
    })
