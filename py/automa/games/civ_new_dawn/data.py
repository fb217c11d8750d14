"""Card data of the Civilization: A New Dawn Automated Player, loaded from ``cards/civ_new_dawn/``.

The 20 AP focus cards (type, tech level, steps with their printed priority lists), the leaders'
starting focus rows, the difficulty levels and the tech dial's level spaces. Read-only; the
game's state lives in ``ctx.data``.
"""

from __future__ import annotations

from functools import cache
from typing import Any, Literal, NotRequired, TypedDict, cast, get_args

from automa.core.cards import Field, Schema, load_records, read_toml, value_of

GAME_ID = "civ_new_dawn"
TYPES = ("culture", "economy", "industry", "military", "science")
LEVELS = (1, 2, 3, 4)
ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV"}
RESOURCES = ("diamond", "marble", "mercury", "oil")
Difficulty = Literal["settler", "chieftain", "warlord", "prince", "king", "emperor"]
DIFFICULTIES: tuple[Difficulty, ...] = get_args(Difficulty)
Leader = Literal["america", "aztec", "scythia", "egypt", "france", "japan", "rome", "sumer"]
LEADERS: tuple[Leader, ...] = get_args(Leader)
DIPLOMACY = ("open_borders", "joint_war", "defensive_pact", "embassy")
"""Player diplomacy cards in the order the AP takes them (AP rules, Wonders and Diplomacy)."""
MAX_CITIES = 8
"""A capital and seven cities per player (base game component list)."""
RESOURCES_PER_TYPE = 8
"""32 resource tokens, 8 of each type (base game component list)."""
NATURAL_WONDERS = 4
"""4 natural wonder tokens (base game component list)."""
CITY_STATE_CARDS = 16
"""16 city-state diplomacy cards (base game component list)."""

FILTER_CRITERIA = (
    "nw_space", "resource_space", "spawn_space", "adjacent_token_or_spawn", "adjacent_rival",
    "cs_lacking", "rival_city", "other_cs", "agenda", "spawn_point",
)
"""Criteria a candidate fits or not (a criterion no candidate fits is skipped)."""
BEST_CRITERIA = (
    "most_cities", "nearest_maturity", "highest_terrain", "shortest_distance", "lowest_cost",
    "most_tokens", "highest_defence", "nearest_threat", "highest_city_defence",
)
"""Criteria that keep the candidates with the best value (at least one always has it)."""
TARGETS = ("barbarian", "rival_city", "rival_token", "rival_city_wonder", "barbarian_adjacent",
           "city_state")
ACTIONS = ("place_tokens", "weaken_rivals", "caravans", "defeat_barbarians", "gain_resource",
           "resolve_slot5", "wonder", "city", "upgrade_if_idle", "resolve_culture", "attack",
           "reinforce", "advance", "gain_trade_token", "upgrade_card", "nuke")
CRITERIA = FILTER_CRITERIA + BEST_CRITERIA



class Options(TypedDict):
    """The game's options as a step reads them (``ctx.options``): each one's choices, the
    option schema of ``__init__.py`` said as types (a test holds the two the same)."""

    difficulty: Difficulty
    humans: Literal[1, 2, 3]
    leader: Literal["random"] | Leader
    dial_past_24: Literal["to_15", "to_17", "stay_24"]
    combat_tie: Literal["defender", "attacker"]
    economy_spend: Literal["minimum", "most_arrivals"]
    industry_bonus: Literal["wonders_and_city_states", "city_states_only"]
    wonder_affordable: bool
    mathematics_self: bool
    parts_self: bool
    civil_service_fallback: bool
    nuke_own_tokens: bool
    tokens_on_replaced: Literal["kept", "returned"]
    full_cities: Literal["stays", "shared"]
    capitalism_idle: Literal["reset", "not_reset"]
    teddy_nw_value: Literal["one_two", "one"]
    teddy_nw_capitalism: Literal["twice", "once"]
    teddy_nw_no_attack: Literal["spent", "kept"]
    city_taken: Literal["changes_hands", "stays"]


class Step(TypedDict):
    """One step of a focus card (``focus_cards.toml``): its action, and the values that
    action reads (each on the steps whose action needs it)."""

    action: str
    """One of :data:`ACTIONS`: the step function that resolves it."""
    amount: NotRequired[int]
    attacks: NotRequired[int]
    combat: NotRequired[int]
    combat_barbarian: NotRequired[int]
    """The combat value against barbarians (Iron Working's higher one)."""
    different: NotRequired[bool]
    extra: NotRequired[bool]
    limit: NotRequired[int]
    move: NotRequired[int]
    near: NotRequired[str]
    per_attack: NotRequired[int]
    priority: NotRequired[list[str]]
    """Criteria of :data:`CRITERIA`, in order."""
    production: NotRequired[int]
    range: NotRequired[int]
    targets: NotRequired[list[str]]
    """Target classes of :data:`TARGETS`, in order."""
    through: NotRequired[str]
    tiebreaker: NotRequired[str]
    tokens: NotRequired[int]
    water: NotRequired[bool]


class FocusCard(TypedDict):
    """One AP focus card, as :data:`CARD_SCHEMA` checks it."""

    id: str
    name: str
    type: str
    """One of :data:`TYPES`."""
    level: int
    """Its tech level, one of :data:`LEVELS`."""
    caravans: NotRequired[int]
    steps: list[Step]


def _check_steps(steps: Any) -> str | None:
    for step in steps:
        if not isinstance(step, dict) or step.get("action") not in ACTIONS:
            return f"not a step: {step!r}"
        for key in step.get("priority", []):
            if key not in CRITERIA:
                return f"unknown criterion {key!r}"
        for key in step.get("targets", []):
            if key not in TARGETS:
                return f"unknown target {key!r}"
        if step.get("tiebreaker", "shortest_distance") not in CRITERIA:
            return f"unknown tiebreaker {step['tiebreaker']!r}"
    return None


CARD_SCHEMA = Schema({
    "id": Field(str),
    "name": Field(str),
    "type": Field(str, choices=TYPES),
    "level": Field(int, choices=LEVELS),
    "caravans": Field(int, required=False),
    "steps": Field(list, item_type=dict, check=_check_steps),
})

LEADER_SCHEMA = Schema({
    "id": Field(str, choices=LEADERS),
    "leader": Field(str),
    "row": Field(list, item_type=str, item_choices=TYPES,
                 check=lambda r: None if sorted(r) == sorted(TYPES) else "each type once"),
    "ap_rule": Field(str, choices=("none", "teddy", "montezuma", "gilgamesh")),
})

LEVEL_SCHEMA = Schema({
    "id": Field(str, choices=DIFFICULTIES),
    "order": Field(int),
    "replaced": Field(int, check=lambda n: None if 0 <= n <= 5 else "0..5"),
})

SPACE_SCHEMA = Schema({
    "id": Field(str),
    "position": Field(int),
    "level": Field(int, choices=(2, 3, 4)),
})


@cache
def cards() -> dict[str, FocusCard]:
    """The 20 AP focus cards by id, in print order (type, then level)."""
    records = load_records(GAME_ID, "focus_cards.toml", "card", CARD_SCHEMA)
    out = {r["id"]: cast(FocusCard, r) for r in records}  # (as the schema checked them)
    if sorted((r["type"], r["level"]) for r in records) != sorted(
            (t, lv) for t in TYPES for lv in LEVELS):
        raise ValueError("focus_cards.toml must hold one card per type and level")
    return out


def card(card_id: str) -> FocusCard:
    """One focus card."""
    return cards()[card_id]


@cache
def card_of(card_type: str, level: int) -> str:
    """The id of the focus card of this type and tech level."""
    return next(c for c, r in cards().items() if r["type"] == card_type and r["level"] == level)


@cache
def leaders() -> dict[str, dict[str, Any]]:
    """The leaders by civilization id."""
    return {r["id"]: r for r in load_records(GAME_ID, "leaders.toml", "leader", LEADER_SCHEMA)}


@cache
def levels() -> dict[str, dict[str, Any]]:
    """The difficulty levels by id."""
    return {r["id"]: r for r in load_records(GAME_ID, "difficulty.toml", "level", LEVEL_SCHEMA)}


@cache
def dial() -> dict[str, Any]:
    """The tech dial: level spaces ``[(position, level)]``, the last space, where past it goes."""
    raw = read_toml(GAME_ID, "tech_dial.toml")
    spaces = load_records(GAME_ID, "tech_dial.toml", "space", SPACE_SCHEMA)
    return {"spaces": sorted((int(s["position"]), int(s["level"])) for s in spaces),
            "last": int(raw["last"]), "after_last": int(value_of(raw["after_last"])),
            "after_last_alternatives": [int(v) for v in raw["after_last"]["alternatives"]]}
