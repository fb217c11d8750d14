"""Tapestry card and board data, loaded from ``cards/tapestry/*.toml`` and validated.

Every accessor takes the game options where a disputed value has another reading
(``card_reading``, ``level3_progress``, ``explorers_bonus``, ``civ_reading``).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any, Literal, TypedDict, cast

from automa.core.cards import Field, Schema, dispute_of, load_records, value_of

GAME_ID = "tapestry"
TRACKS = ("exploration", "science", "military", "technology")
"""The four advancement tracks, in the base game's order."""
END = 12
"""The last space of every track."""
LANDMARK_SPACES = (4, 7, 10)
BOTS = ("automa", "shadow")
RULES = ("any", "landmark_or_end", "end")
ORDER_ITEMS = (*TRACKS, "favorite")
PATTERNS = tuple(f"H{i}" for i in range(1, 11))
CIVS = ("explorers", "conquerors", "scientists", "engineers")
ACHIEVEMENTS = ("middle_island", "topple_two", "complete_track")
INCOME_STEPS = ("fav_track_check", "extra_advance", "civ_bonus", "score_vp",
                "tapestry_to_supply", "add_progress", "tapestry_to_mat", "shuffle_decision")
BENEFITS = ("explore", "explore_anywhere", "conquer", "conquer_anywhere",
            "research_no_benefit", "research_with_benefit", "tech_refresh", "tapestry_card",
            "advance_exp_mil_tec", "advance_exp_mil_tec_twice", "regress_mil_tec")
CIV_BONUSES = ("advance_exploration_or_military", "explore_anywhere_or_conquer",
               "conquer_if_few_territories", "topple_on_single_token", "vp_per_territory",
               "research_with_benefit", "vp_per_landmark")



class Options(TypedDict):
    """The game's options as a step reads them (``ctx.options``): each one's choices, the
    option schema of ``__init__.py`` said as types (a test holds the two the same)."""

    difficulty: Literal[1, 2, 3, 4, 5, 6]
    map: bool
    favorite_rule: Literal["landmark_or_end", "any"]
    card_reading: Literal["images", "bga"]
    level3_progress: Literal["0-2-2", "2-4-4"]
    explorers_bonus: Literal["track_advances", "explore_conquer"]
    civ_reading: Literal["cards", "seed_text"]
    third_achievement: Literal["none", "five"]
    quantum_physics: Literal["once", "twice"]
    finished_track_roll: Literal["reroll", "lost"]


def _order_check(value: Any) -> str | None:
    if sorted(value) != sorted(ORDER_ITEMS):
        return "must list the 4 tracks and the favourite once each"
    return None


CARD_SCHEMA = Schema({
    "id": Field(int, check=lambda v: None if 1 <= v <= 22 else "card ids are 1..22"),
    "deck": Field(str, choices=("start", "progress")),
    "badge": Field(str, choices=("circle", "rectangle_grey", "rectangle_red")),
    "automa_track": Field(str, choices=RULES),
    "shadow_track": Field(str, choices=RULES),
    "income": Field(bool),
    "track_tiebreak": Field(list, item_type=str, item_choices=ORDER_ITEMS, check=_order_check,
                            disputable=True),
    "toppled_outpost": Field(bool, disputable=True),
    "hex_pattern": Field(str, choices=PATTERNS),
    "confidence": Field(str),
})
HEX_SCHEMA = Schema({
    "id": Field(str), "x": Field(int), "y": Field(int), "preprinted": Field(bool),
    "role": Field(str, required=False, choices=("middle_island", "automa_start", "your_start")),
})
PATTERN_SCHEMA = Schema({
    "id": Field(str, choices=PATTERNS), "start": Field(str),
    "along": Field(str, choices=("down_right", "up_left", "down", "up", "down_left", "up_right")),
    "next_row": Field(str, choices=("toward_lower_left", "toward_upper_left",
                                    "toward_upper_right", "column_left", "column_right")),
    "rows": Field(list, item_type=int, check=lambda v: None if sum(v) == 34 else "34 hexes"),
    "order": Field(list, item_type=str, check=lambda v: None if len(set(v)) == 34 else "34"),
})
SPACE_SCHEMA = Schema({
    "track": Field(str, choices=TRACKS),
    "space": Field(int, check=lambda v: None if 1 <= v <= END else "spaces are 1..12"),
    "name": Field(str), "landmark": Field(str, required=False),
    "automa": Field(list, item_type=str, item_choices=BENEFITS),
}, id_field="name")
MAT_SCHEMA = Schema({
    "id": Field(str, choices=("normal", "hard")),
    "territories_and_landmarks": Field(list, item_type=int),
    "military_and_science": Field(list, item_type=int),
    "exploration_and_technology": Field(list, item_type=int),
    "era_first": Field(list, item_type=int),
})
STEP_SCHEMA = Schema({"id": Field(str, choices=INCOME_STEPS),
                      "turns": Field(list, item_type=int)})
LEVEL_SCHEMA = Schema({
    "level": Field(int, choices=(1, 2, 3, 4, 5, 6)),
    "mat": Field(str, choices=("normal", "hard")),
    "income_card": Field(int, choices=(0, 1, 3, 4)),
    "chart": Field(list, item_type=str, item_choices=INCOME_STEPS),
    "progress": Field(list, item_type=int, disputable=True),
    "you_turn_1": Field(str, choices=("none", "advance_each_track")),
    "bots_turn_1": Field(str, choices=("none", "advance_favorite", "advance_each_track")),
    "second_civ": Field(bool),
}, id_field="level")
CIV_SCHEMA = Schema({
    "id": Field(str, choices=CIVS), "die": Field(str, choices=TRACKS),
    "favorite": Field(str, choices=TRACKS), "turns": Field(list, item_type=int),
    "bonus": Field(list, item_type=str, item_choices=CIV_BONUSES, disputable=True),
})
ACHIEVEMENT_SCHEMA = Schema({"id": Field(str, choices=ACHIEVEMENTS),
                             "vp": Field(list, item_type=int)})


class DecisionCard(TypedDict):
    """A decision card with plain values (:func:`card`: each disputed one as the options
    read it), as :data:`CARD_SCHEMA` checks it."""

    id: int
    deck: str
    badge: str
    automa_track: str
    """How the Automa picks its track, one of :data:`RULES`."""
    shadow_track: str
    income: bool
    track_tiebreak: list[str]
    """The tracks and the favourite (:data:`ORDER_ITEMS`), in the card's order."""
    toppled_outpost: bool
    hex_pattern: str
    """One of :data:`PATTERNS`."""
    confidence: str


class Level(TypedDict):
    """A difficulty level with plain values (:func:`level`), as :data:`LEVEL_SCHEMA` checks
    it."""

    level: int
    mat: str
    income_card: int
    chart: list[str]
    """The income chart's steps (:data:`INCOME_STEPS`)."""
    progress: list[int]
    you_turn_1: str
    bots_turn_1: str
    second_civ: bool


class CivSide(TypedDict):
    """A civilization side with its bonuses as the options say (:func:`civ`), as
    :data:`CIV_SCHEMA` checks it."""

    id: str
    die: str
    favorite: str
    turns: list[int]
    bonus: list[str]
    """Its bonuses (:data:`CIV_BONUSES`)."""


def _by_id(filename: str, table: str, schema: Schema) -> dict[Any, dict[str, Any]]:
    return {r[schema.id_field]: r for r in load_records(GAME_ID, filename, table, schema)}


@cache
def cards() -> dict[int, dict[str, Any]]:
    """The 22 decision cards by number (raw records, disputed fields as tables)."""
    return _by_id("decision_cards.toml", "card", CARD_SCHEMA)


def card_ids() -> list[str]:
    """Every decision card id, as pile card ids ("1".."22")."""
    return [str(i) for i in sorted(cards())]


def reading(raw: Any, alternative: bool) -> Any:
    """A field's shipped value, or its (first) alternative reading when asked for."""
    dispute = dispute_of(raw)
    if alternative and dispute is not None:
        return dispute["alternatives"][0]
    return value_of(raw)


def card(card_id: str | int, options: Options | None = None) -> DecisionCard:
    """One decision card with plain values, read as the options say."""
    raw = cards()[int(card_id)]
    alt = bool(options and options.get("card_reading") == "bga")
    return cast(DecisionCard, {name: reading(value, alt) for name, value in raw.items()})


def disputed_fields(card_id: str | int) -> dict[str, dict[str, Any]]:
    """The disputed fields of a card with their dispute notes."""
    return {k: d for k, v in cards()[int(card_id)].items() if (d := dispute_of(v)) is not None}


@cache
def hexes() -> dict[str, dict[str, Any]]:
    """The 34 hexes of the solo map by id "a,b"."""
    return _by_id("hex_tiebreak.toml", "hex", HEX_SCHEMA)


@cache
def patterns() -> dict[str, dict[str, Any]]:
    """The 10 hex-tiebreaker patterns by id."""
    return _by_id("hex_tiebreak.toml", "pattern", PATTERN_SCHEMA)


@cache
def spaces() -> dict[tuple[str, int], dict[str, Any]]:
    """Every track space by (track, space)."""
    recs = load_records(GAME_ID, "tracks.toml", "space", SPACE_SCHEMA)
    return {(r["track"], r["space"]): r for r in recs}


@cache
def landmarks() -> dict[str, tuple[str, int]]:
    """Every landmark on the tracks: name → (track, space)."""
    return {r["landmark"]: key for key, r in spaces().items() if "landmark" in r}


def landmark_at(track: str, space: int) -> str | None:
    """The landmark printed on a track space, if any."""
    rec = spaces().get((track, space))
    return rec.get("landmark") if rec else None


def automa_benefits(track: str, space: int) -> list[str]:
    """The Automa's benefits on a space, each once (a repeated icon counts once)."""
    rec = spaces().get((track, space))
    return list(dict.fromkeys(rec["automa"])) if rec else []


@cache
def mats() -> dict[str, dict[str, Any]]:
    """The two sides of the income mat."""
    return _by_id("income.toml", "mat", MAT_SCHEMA)


@cache
def step_turns() -> dict[str, list[int]]:
    """In which income turns each chart step happens."""
    return {k: v["turns"] for k, v in _by_id("income.toml", "step", STEP_SCHEMA).items()}


@cache
def _levels() -> dict[int, dict[str, Any]]:
    return _by_id("income.toml", "level", LEVEL_SCHEMA)


def level(n: int, options: Options | None = None) -> Level:
    """A difficulty level with plain values (level 3's progress cards as the options say)."""
    alt = bool(options and options.get("level3_progress") == "2-4-4")
    return cast(Level, {k: reading(v, alt) for k, v in _levels()[n].items()})


def level_dispute(n: int) -> dict[str, Any] | None:
    """The dispute note of a level's progress-card additions, if any."""
    return dispute_of(_levels()[n]["progress"])


@cache
def _civs() -> dict[str, dict[str, Any]]:
    return _by_id("civs.toml", "civ", CIV_SCHEMA)


def civ(civ_id: str, options: Options | None = None) -> CivSide:
    """A civilization side with its bonuses as the options say."""
    raw = _civs()[civ_id]
    alt = options is not None and (
        (civ_id == "explorers" and options.get("explorers_bonus") == "explore_conquer")
        or (civ_id in ("conquerors", "engineers") and options.get("civ_reading") == "seed_text"))
    return cast(CivSide, {k: reading(v, alt) for k, v in raw.items()})


def civ_for_die(track: str) -> str:
    """The civilization side whose science-die icon shows ``track``."""
    return next(c for c, r in _civs().items() if r["die"] == track)


@cache
def achievement_vp() -> dict[str, list[int]]:
    """Achievement VP by achievement: [first to gain it, any later]."""
    recs = load_records(GAME_ID, "civs.toml", "achievement", ACHIEVEMENT_SCHEMA)
    return {r["id"]: r["vp"] for r in recs}


class HexPattern(TypedDict):
    """A hex-tiebreaker pattern as a question shows it (``ui["pattern"]``, drawn by the
    game's renderer): the board's hexes in scan order."""

    id: str
    start: str
    """The corner the scan starts from."""
    along: str
    """The direction it walks a row in."""
    next_row: str
    """Where the next row starts."""
    order: list[str]
    """Every hex, in scan order."""
    rows: list[int]
    """How many hexes each row of ``order`` has."""


def pattern_of_card(card_id: str | int) -> HexPattern:
    """The hex-tiebreaker pattern printed on a decision card, ready for the screen.

    ``order`` lists the 34 hexes in scan order; ``rows`` gives how many hexes each row has.
    """
    pat = patterns()[card(card_id)["hex_pattern"]]
    return {"id": pat["id"], "start": pat["start"], "along": pat["along"],
            "next_row": pat["next_row"], "order": list(pat["order"]), "rows": list(pat["rows"])}


def pattern_rows(pattern: Mapping[str, Any]) -> list[list[str]]:
    """A pattern's scan order cut into its rows."""
    rows, start = [], 0
    for n in pattern["rows"]:
        rows.append(pattern["order"][start:start + n])
        start += n
    return rows


def first_in_order(card_id: str | int, valid: set[str] | list[str]) -> str | None:
    """The hex tiebreaker: the first hex of the card's scan order that is valid."""
    wanted = set(valid)
    return next((h for h in pattern_of_card(card_id)["order"] if h in wanted), None)
