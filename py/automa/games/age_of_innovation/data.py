"""Card data of the Age of Innovation Automa, loaded from ``cards/age_of_innovation/`` and checked.

Decision cards, difficulty levels, Automa factions, Automa Terrain Priority cards, round score
tiles and a few base-game facts. Everything here is read-only; the game's state lives in
``ctx.data``.
"""

from __future__ import annotations

from functools import cache
from typing import Any, Literal, TypedDict, cast, get_args

from automa.core.cards import Field, Schema, load_records, read_toml, value_of

GAME_ID = "age_of_innovation"
TERRAINS = ("lake", "plains", "forest", "wasteland", "swamp", "desert", "mountain")
DISCIPLINES = ("banking", "law", "engineering", "medicine")
ACTION_TYPES = ("faction", "take_innovation", "gain_points", "terraform_build", "upgrade",
                "block_power_book", "send_scholar", "advance_discipline")
FACTION_STEP_TYPES = (*ACTION_TYPES, "symbionts_tool", "blight_fallow")
TB_TIEBREAKERS = ("atp", "atp_yours", "closest", "most_power")
"""The board tiebreakers of Terraform and Build: her Automa Terrain Priority card's row, your
card's row, the hexes closest to you, the most Power for her."""
TB_ORDER = ("atp", "closest")
"""The tiebreakers of a Decision card's Terraform and Build (rulebook "Terraform and Build");
a faction card that builds may give its own order (``tiebreak`` in factions.toml)."""
PENCILS = ("structure", "atp_row", "directional", "scholar")
BONUS_POSITIONS = ("left", "middle", "right")
Difficulty = Literal["automalein", "automa", "automachtig", "ultoma", "alptrauma"]
DIFFICULTIES: tuple[Difficulty, ...] = get_args(Difficulty)
Faction = Literal["simpletons", "kuddlers", "druids", "racelings", "wanderers", "mimics",
                  "powermongers", "symbionts", "blight", "gognomes"]
FACTIONS: tuple[Faction, ...] = get_args(Faction)
BUILDINGS = ("workshop", "guild", "school", "palace", "university")



class Options(TypedDict):
    """The game's options as a step reads them (``ctx.options``): each one's choices, the
    option schema of ``__init__.py`` said as types (a test holds the two the same)."""

    difficulty: Difficulty
    faction: Faction
    variant: Literal["solo", "two_players"]
    random_terrain: bool
    book_without_power: bool
    highest_includes_automa: bool
    two_player_board: Literal["two", "three"]
    science_scoring: Literal["computed", "ask"]


def _check_action(action: Any) -> str | None:
    if not isinstance(action, dict) or action.get("type") not in FACTION_STEP_TYPES:
        return f"not an action: {action!r}"
    points = action.get("points")
    if action["type"] == "gain_points" and not (points == "X" or isinstance(points, int)):
        return "gain_points needs points = an integer or \"X\""
    if action.get("variant", "") not in ("", *FACTIONS):
        return f"a variant is a faction: {action['variant']!r}"
    return None


def _check_actions(actions: Any) -> str | None:
    for action in actions:
        problem = _check_action(action)
        if problem:
            return problem
    return None


def _tiebreak_order(order: Any) -> str | None:
    if not order or len(set(order)) != len(order):
        return "a tiebreak order names each tiebreaker once"
    return None


def _seven_terrains(row: Any) -> str | None:
    return None if sorted(row) == sorted(TERRAINS) else "a row must list each terrain once"


DECISION_SCHEMA = Schema({
    "id": Field(str),
    "number": Field(int, check=lambda n: None if 1 <= n <= 14 else "1..14"),
    "starting": Field(bool),
    "pass_icon": Field(bool),
    "setup_marked": Field(str, choices=("A", "B", "C", "D", "E", "F")),
    "setup_unmarked": Field(str, choices=("A", "B", "C", "D", "E", "F")),
    "actions": Field(list, item_type=dict, check=_check_actions),
    "structure": Field(str, choices=("marked", "unmarked")),
    "bring_together": Field(bool),
    "atp_row": Field(str, choices=("A", "B")),
    "direction": Field(str, choices=("ltr", "rtl")),
    "count": Field(int, check=lambda n: None if n >= 1 else "at least 1"),
    "scholar": Field(str, choices=("round_tile", "catch_up")),
    "bonus": Field(str, choices=BONUS_POSITIONS),
})

LEVEL_SCHEMA = Schema({
    "id": Field(str, choices=DIFFICULTIES),
    "order": Field(int),
    "name": Field(str),
    "sailing": Field(list, item_type=int, check=lambda v: None if len(v) == 6 else "6 rounds"),
    "x": Field(list, item_type=int, check=lambda v: None if len(v) == 6 else "6 rounds"),
    "deck": Field(dict),
})

FACTION_SCHEMA = Schema({
    "id": Field(str, choices=FACTIONS),
    "advances": Field(list, item_type=str, item_choices=DISCIPLINES),
    "actions": Field(list, item_type=dict, check=_check_actions),
    "two_player": Field(bool, required=False),
    "ongoing": Field(list, required=False, item_type=str,
                     item_choices=("first_pass_scores_twice", "power_advances")),
    "end_points_per_building": Field(int, required=False),
    "setup": Field(list, required=False, item_type=str,
                   item_choices=("youth_terrain", "achievements")),
    "follow_card": Field(bool, required=False),
    "tiebreak": Field(list, required=False, item_type=str, item_choices=TB_TIEBREAKERS,
                      check=_tiebreak_order),
})

ATP_SCHEMA = Schema({
    "id": Field(str, choices=TERRAINS),
    "A": Field(list, item_type=str, item_choices=TERRAINS, check=_seven_terrains),
    "B": Field(list, item_type=str, item_choices=TERRAINS, check=_seven_terrains),
})

TILE_SCHEMA = Schema({
    "id": Field(str),
    "kind": Field(str, choices=("round", "final")),
    "number": Field(int),
    "points_early": Field(int),
    "points_late": Field(int),
    "discipline": Field(str, choices=DISCIPLINES),
    "spade": Field(bool),
})

POOL_SCHEMA = Schema({
    "id": Field(str, choices=("planning", "faction", "bonus", "palace")),
    "count": Field(int, check=lambda n: None if n >= 1 else "at least 1"),
    "drawn": Field(int, check=lambda n: None if n >= 1 else "at least 1"),
})
"""What a set-up draw takes from: how many tiles the box holds, how many the rulebook draws."""

PALACE_ALWAYS = 17
"""Palace tile #17 (red back), laid out beside the 2 random ones (rulebook step 4)."""

BUILDING_SCHEMA = Schema({
    "id": Field(str, choices=BUILDINGS),
    "count": Field(int, disputable=True),
    "power": Field(int),
    "upgrades_to": Field(list, item_type=str, item_choices=BUILDINGS),
})


class DecisionCard(TypedDict):
    """One Decision card, as :data:`DECISION_SCHEMA` checks it."""

    id: str
    number: int
    starting: bool
    pass_icon: bool
    setup_marked: str
    setup_unmarked: str
    actions: list[dict[str, Any]]
    """Its actions, each a record of its ``type`` (:data:`ACTION_TYPES`)."""
    structure: Literal["marked", "unmarked"]
    bring_together: bool
    atp_row: Literal["A", "B"]
    direction: Literal["ltr", "rtl"]
    count: int
    scholar: Literal["round_tile", "catch_up"]
    bonus: str
    """One of :data:`BONUS_POSITIONS`."""


class Tile(TypedDict):
    """A round score tile or a final one, as :data:`TILE_SCHEMA` checks it."""

    id: str
    kind: Literal["round", "final"]
    number: int
    points_early: int
    points_late: int
    discipline: str
    """One of :data:`DISCIPLINES`."""
    spade: bool


class Pool(TypedDict):
    """A set-up draw's pool, as :data:`POOL_SCHEMA` checks it."""

    id: str
    count: int
    drawn: int


@cache
def decision_cards() -> dict[str, DecisionCard]:
    """The 14 Decision cards by id (``c01`` … ``c14``)."""
    records = load_records(GAME_ID, "decision_cards.toml", "card", DECISION_SCHEMA)
    return {r["id"]: cast(DecisionCard, r) for r in records}  # (as the schema checked them)


def card(card_id: str) -> DecisionCard:
    """One Decision card."""
    return decision_cards()[card_id]


def card_by_number(number: int) -> str:
    """The id of the Decision card with this printed number."""
    return next(c for c, r in decision_cards().items() if r["number"] == number)


@cache
def levels() -> dict[str, dict[str, Any]]:
    """The five difficulty levels by id."""
    return {r["id"]: r for r in load_records(GAME_ID, "difficulty.toml", "level", LEVEL_SCHEMA)}


@cache
def factions() -> dict[str, dict[str, Any]]:
    """The Automa factions by id."""
    return {r["id"]: r for r in load_records(GAME_ID, "factions.toml", "faction", FACTION_SCHEMA)}


@cache
def atp_cards() -> dict[str, dict[str, Any]]:
    """The Automa Terrain Priority cards by terrain."""
    return {r["id"]: r
            for r in load_records(GAME_ID, "terrain_priority.toml", "card", ATP_SCHEMA)}


@cache
def tiles() -> dict[str, Tile]:
    """Round score tiles (``r01``…) and final round score tiles (``f01``…) by id."""
    return {r["id"]: cast(Tile, r)  # (as the schema checked them)
            for r in load_records(GAME_ID, "round_score_tiles.toml", "tile", TILE_SCHEMA)}


@cache
def pools() -> dict[str, Pool]:
    """The set-up draws' pools by id (``planning``, ``faction``, ``bonus``, ``palace``): the
    tiles are known by number only (a Planning display by its terrain)."""
    records = load_records(GAME_ID, "setup_tiles.toml", "pool", POOL_SCHEMA)
    out = {r["id"]: cast(Pool, r) for r in records}  # (as the schema checked them)
    if out["planning"]["count"] != len(TERRAINS) or any(
            r["drawn"] > r["count"] for r in out.values()):
        raise ValueError("setup_tiles.toml: a pool draws more than it holds")
    return out


@cache
def base() -> dict[str, Any]:
    """Base-game facts: scholars, scholar spaces, power actions, buildings."""
    data = read_toml(GAME_ID, "base.toml")
    records = load_records(GAME_ID, "base.toml", "building", BUILDING_SCHEMA)
    buildings = {r["id"]: {**r, "count": value_of(r["count"])} for r in records}
    return {"scholars": int(data["scholars"]), "scholar_spaces": list(data["scholar_spaces"]),
            "power_actions": int(data["power_actions"]), "buildings": buildings,
            "science_points": [int(p) for p in data["science_points"]]}


# --- the pictures of a set-up draw ------------------------------------------------------------
# A set-up draw is shown as one picture whose id spells what lies on the table, so that the
# question carries it like any card id: ``score:r03,r07,r01,r11,r02,r09:f02`` (her Round Score
# tiles for rounds 1-6, then the Final tile), ``palace:4,11``, ``offer:lake.3.7,forest.1.12,
# desert.5.9`` (Planning displays with their two Faction tiles), ``bonus:3,7,1,9,5`` (the row,
# left to right; the 2-player variant adds ``:8``, her tile from those not in the game); one
# tile alone, as an answer of "I drew mine" shows it: ``tile:r03:early`` (a Round Score tile
# with her points for rounds 1-3, ``late`` for 4-6 and the Final), ``one:palace:4``.
Offer = list[tuple[str, int, int]]
"""The faction offer: each Planning display (its terrain) with its two Faction tiles."""


def score_picture(rounds: list[str], final: str) -> str:
    """The picture id of her Round Score tiles (rounds 1-6) and Final Round Score tile."""
    return f"score:{','.join(rounds)}:{final}"


def palace_picture(tiles: list[int]) -> str:
    """The picture id of the random Palace tiles (#17 is always beside them)."""
    return "palace:" + ",".join(map(str, tiles))


def offer_picture(offer: Offer) -> str:
    """The picture id of the faction offer."""
    return "offer:" + ",".join(f"{t}.{a}.{b}" for t, a, b in offer)


def bonus_picture(row: list[int], hers: int | None = None) -> str:
    """The picture id of the round bonus tiles: the row, and her own tile in the 2-player
    variant."""
    return "bonus:" + ",".join(map(str, row)) + ("" if hers is None else f":{hers}")


def tile_picture(tile: str, late: bool) -> str:
    """The picture id of one Automa Round Score tile alone, with her points for rounds 1-3
    or (``late``) for rounds 4-6 and the Final tile: an answer of "I drew mine"."""
    return f"tile:{tile}:{'late' if late else 'early'}"


def number_picture(pool: str, n: int) -> str:
    """The picture id of one tile known by its number (``pool``: palace, faction, bonus)."""
    return f"one:{pool}:{n}"


def _numbers(text: str, pool: str) -> list[int]:
    count = pools()[pool]["count"]
    out = [int(x) for x in text.split(",") if x.isascii() and x.isdigit() and len(x) <= 2]
    if len(out) != len(text.split(",")) or not all(1 <= n <= count for n in out) \
            or len(set(out)) != len(out):
        raise KeyError(text)
    return out


def _tile_kind(tile_id: str) -> str | None:
    """The kind of the tile of that id, or None: no such tile."""
    tile = tiles().get(tile_id)
    return tile["kind"] if tile is not None else None


def read_picture(picture: str) -> tuple[str, Any]:
    """What a picture id shows: ``(kind, content)``; KeyError for anything else (an id read
    from a save is checked here, before it is drawn)."""
    kind, _, rest = picture.partition(":")
    parts = rest.split(":")
    if kind == "score" and len(parts) == 2:
        rounds = parts[0].split(",")
        if len(rounds) != 6 or not all(_tile_kind(t) == "round" for t in rounds) \
                or _tile_kind(parts[1]) != "final":
            raise KeyError(picture)
        return kind, (rounds, parts[1])
    if kind == "palace" and len(parts) == 1:
        return kind, _numbers(parts[0], "palace")
    if kind == "bonus" and len(parts) in (1, 2):
        row = _numbers(",".join(parts), "bonus")
        return kind, (row[:len(parts[0].split(","))], row[-1] if len(parts) == 2 else None)
    if kind == "offer" and len(parts) == 1:
        sets = [s.split(".") for s in parts[0].split(",")]
        if not all(len(s) == 3 and s[0] in TERRAINS for s in sets) \
                or len({s[0] for s in sets}) != len(sets):
            raise KeyError(picture)
        numbers = _numbers(",".join(f"{s[1]},{s[2]}" for s in sets), "faction")
        return kind, [(s[0], numbers[2 * i], numbers[2 * i + 1]) for i, s in enumerate(sets)]
    if kind == "tile" and len(parts) == 2 and parts[1] in ("early", "late") \
            and _tile_kind(parts[0]) in ("round", "final"):
        return kind, (parts[0], parts[1] == "late")
    if kind == "one" and len(parts) == 2 and parts[0] in ("palace", "faction", "bonus"):
        return kind, (parts[0], _numbers(parts[1], parts[0])[0])
    raise KeyError(picture)
