"""Card data of the Glory of Civilizations automa: vocabularies, the companion edition deck,
and the one card check every deck goes through (the shipped TOML and a deck keyed in by a
player alike).

A card is ``{"number", "priority": [4 × {"terrain", "number", "direction"}], "free": [2 ids],
"main": [4 ids], "pointer": 1..4}`` and, when a printed card shows other amounts than the
rulebook's, ``"amounts": {"free": [2 × {id: n}], "main": [4 × {id: n}]}`` (only the amounts
that differ). Companion cards carry an ``id`` (``c01``…); a player's own deck gets ids from
its content (``u<hash>-<n>``) so that two decks never share an id.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from typing import Any, Literal, TypedDict

from automa.core.cards import Field, Schema, read_toml, validate_record
from automa.core.errors import InvalidCardData
from automa.core.i18n import Namespace
from automa.core.records import MessageRef

GAME_ID = "glory_of_civilizations"


_IDS = Namespace(GAME_ID)
k = _IDS.k
"""A message id in this game's namespace: ``k("log.advance")`` is ``"<game id>.log.advance"``."""
m = _IDS.m
"""A message reference in this game's namespace (``m("log.advance", n=2)``)."""
COMPANION_FILE = "companion_deck.toml"
VOCABULARY_FILE = "vocabulary.toml"
PRIORITY_ENTRIES = 4
FREE_ACTIONS = 2
MAIN_ACTIONS = 4
NUMBERS = (1, 2, 3, 4)
CARDS_PER_GAME = 12
"""Setup: "select 12 random cards for the game" (seeds/003)."""
MAX_DECK = 60
MAX_CARD_NUMBER = 999
MAX_AMOUNT = 99
"""The largest amount a card may print (coins, Glory, goods, battles, technologies)."""
SLOTS = {"free": FREE_ACTIONS, "main": MAIN_ACTIONS}



class Options(TypedDict):
    """The game's options as a step reads them (``ctx.options``): each one's choices, the
    option schema of ``__init__.py`` said as types (a test holds the two the same)."""

    difficulty: Literal["easy", "medium", "hard"]
    players: Literal[2, 3, 4, 5, 6]
    automas: Literal[1, 2]
    custom_deck: list[dict[str, Any]] | None
    """The player's own deck, checked (``editor.option_value``), or None: the companion's."""
    row_rule: Literal["difficulty", "age"]
    round_shuffle: Literal["deck", "with_discard"]
    fallthrough: Literal["down", "wrap"]
    cube_rule: Literal["own", "any"]
    capital_is_city: bool
    wonder_stages: Literal[1, 2]
    experience_number: Literal["found", "first"]
    adversity_glory: Literal[0, 1]
    free_order: Literal["free_first", "main_first"]
    archer_area: Literal["barracks", "workshop"]
    vote_fours: Literal["each", "once"]
    age_rule: Literal["rounds", "manual"]
    castle_explore: bool


@cache
def vocabulary() -> dict[str, Any]:
    """The vocabulary file: terrains, directions, actions, reform maps, storage, supply."""
    return read_toml(GAME_ID, VOCABULARY_FILE)


def ids(table: str) -> tuple[str, ...]:
    """The ids of one vocabulary (``terrain``, ``direction``, ``free_action``, ``main_action``)."""
    return tuple(str(r["id"]) for r in vocabulary()[table])


def record(table: str, item: str) -> dict[str, Any]:
    """One vocabulary record by id."""
    return next(r for r in vocabulary()[table] if r["id"] == item)


def terrains() -> tuple[str, ...]:
    """Terrain type ids."""
    return ids("terrain")


def directions() -> tuple[str, ...]:
    """Direction ids (as the proxy player looks at the board)."""
    return ids("direction")


def free_actions() -> tuple[str, ...]:
    """Free action ids."""
    return ids("free_action")


def main_actions() -> tuple[str, ...]:
    """Main action ids."""
    return ids("main_action")


def amount_defaults(kind: str, action: str) -> dict[str, int]:
    """The amounts a free (``kind = "free"``) or main action prints, by id, as the rulebook
    gives them (+10 coins; gather: food +1, wood +2; 2 battles)."""
    rec = record(f"{kind}_action", action)
    if kind == "free":
        return {action: int(rec["amount"])} if "amount" in rec else {}
    return {name: int(n) for name, n in rec.get("amounts", {}).items()}


def amounts_of(card: dict[str, Any], kind: str, index: int) -> dict[str, int]:
    """The amounts of slot ``index`` (0-based) of a card: its own where keyed, else the
    rulebook's."""
    own = (card.get("amounts") or {}).get(kind) or []
    keyed = own[index] if index < len(own) and isinstance(own[index], dict) else {}
    return {name: int(keyed.get(name, n))
            for name, n in amount_defaults(kind, card[kind][index]).items()}


def slot_label(card: dict[str, Any], kind: str, index: int) -> MessageRef:
    """The name of a card's free or main action in slot ``index`` (0-based) as printed, with
    the card's own amounts where they differ from the rulebook's."""
    action = card[kind][index]
    own = amounts_of(card, kind, index)
    if own == amount_defaults(kind, action):
        return m(f"{kind}.{action}")
    return m(f"{kind}_n.{action}", **own)


def governments() -> tuple[str, ...]:
    """Governments by reform number 1..3 (4 = skip)."""
    return tuple(vocabulary()["reform"]["government"])


def religions() -> tuple[str, ...]:
    """Religions by reform number 1..4."""
    return tuple(vocabulary()["reform"]["religion"])


# --- the card check -------------------------------------------------------------------------

CardProblem = tuple[str, str, dict[str, Any]]
"""(field path, problem id, params): one thing wrong with a card."""


def card_problems(card: Any) -> list[CardProblem]:
    """Everything wrong with one card (empty when it is a valid card)."""
    if not isinstance(card, dict):
        return [("-", "not_a_card", {})]
    out: list[CardProblem] = []
    allowed = {"id", "number", "priority", "free", "main", "pointer", "amounts"}
    out += [(_short(name), "unknown_field", {}) for name in card if name not in allowed]
    number = card.get("number")
    if not isinstance(number, int) or isinstance(number, bool) or not (
            1 <= number <= MAX_CARD_NUMBER):
        out.append(("number", "bad_number", {"lo": 1, "hi": MAX_CARD_NUMBER}))
    out += _priority_problems(card.get("priority"))
    out += _list_problems("free", card.get("free"), FREE_ACTIONS, free_actions())
    out += _list_problems("main", card.get("main"), MAIN_ACTIONS, main_actions())
    pointer = card.get("pointer")
    if not _int(pointer) or pointer not in NUMBERS:
        out.append(("pointer", "bad_pointer", {"lo": 1, "hi": MAIN_ACTIONS}))
    if "amounts" in card and not out:
        out += _amount_problems(card)
    return out


def _amount_problems(card: dict[str, Any]) -> list[CardProblem]:
    """Amounts only where the action in that slot prints one, each a whole number."""
    amounts = card["amounts"]
    if not isinstance(amounts, dict):
        return [("amounts", "not_an_entry", {})]
    out: list[CardProblem] = [(f"amounts.{_short(k)}", "unknown_field", {}) for k in amounts
                          if k not in SLOTS]
    for kind, n in SLOTS.items():
        slots = amounts.get(kind, [{}] * n)
        if not isinstance(slots, list) or len(slots) != n:
            out.append((f"amounts.{kind}", "bad_count", {"n": n}))
            continue
        for i, slot in enumerate(slots):
            where = f"amounts.{kind}.{i + 1}"
            if not isinstance(slot, dict):
                out.append((where, "not_an_entry", {}))
                continue
            known = amount_defaults(kind, card[kind][i])
            for name, value in slot.items():
                if name not in known:
                    out.append((f"{where}.{_short(name)}", "unknown_field", {}))
                elif not _int(value) or not 0 <= value <= MAX_AMOUNT:
                    out.append((f"{where}.{name}", "bad_number", {"lo": 0, "hi": MAX_AMOUNT}))
    return out


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _short(value: Any) -> str:
    text = str(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _priority_problems(value: Any) -> list[CardProblem]:
    if not isinstance(value, list) or len(value) != PRIORITY_ENTRIES:
        return [("priority", "bad_count", {"n": PRIORITY_ENTRIES})]
    out: list[CardProblem] = []
    for i, entry in enumerate(value, 1):
        where = f"priority.{i}"
        if not isinstance(entry, dict):
            out.append((where, "not_an_entry", {}))
            continue
        out += [(f"{where}.{_short(k)}", "unknown_field", {}) for k in entry
                if k not in ("terrain", "number", "direction")]
        if entry.get("terrain") not in terrains():
            out.append((f"{where}.terrain", "bad_choice", {"value": _short(entry.get("terrain"))}))
        number = entry.get("number")
        if not _int(number) or number not in NUMBERS:
            out.append((f"{where}.number", "bad_number", {"lo": 1, "hi": 4}))
        if entry.get("direction") not in directions():
            out.append((f"{where}.direction", "bad_choice",
                        {"value": _short(entry.get("direction"))}))
    return out


def _list_problems(name: str, value: Any, n: int, allowed: tuple[str, ...]) -> list[CardProblem]:
    if not isinstance(value, list) or len(value) != n:
        return [(name, "bad_count", {"n": n})]
    return [(f"{name}.{i}", "bad_choice", {"value": _short(v)})
            for i, v in enumerate(value, 1) if v not in allowed]


def problem_ref(card_label: Any, problem: CardProblem) -> MessageRef:
    """A problem as a translated message naming the card and the field."""
    field, key, params = problem
    return m("error.card", card=card_label, field=field,
               problem=m(f"error.{key}", **params))


def _check_card(card: Any) -> str | None:
    """The schema hook: the first problem in English (the TOML loader's error text)."""
    from automa.core.i18n import render

    problems = card_problems(card)
    if not problems:
        return None
    ref = problem_ref(card.get("number", "?") if isinstance(card, dict) else "?", problems[0])
    return render(ref["key"], ref["params"], "en")


CARD_SCHEMA = Schema({
    "id": Field(str),
    "number": Field(int),
    "priority": Field(list, item_type=dict),
    "free": Field(list, item_type=str),
    "main": Field(list, item_type=str),
    "pointer": Field(int),
    "amounts": Field(dict, required=False),
})


def canonical(card: dict[str, Any]) -> dict[str, Any]:
    """A valid card with only its own fields, in a fixed layout (amounts only where they
    differ from the rulebook's, so a deck keyed before amounts existed keeps its form)."""
    out: dict[str, Any] = {
        "number": card["number"],
        "priority": [{"terrain": e["terrain"], "number": e["number"],
                      "direction": e["direction"]} for e in card["priority"]],
        "free": list(card["free"]),
        "main": list(card["main"]),
        "pointer": card["pointer"],
    }
    own = {kind: [{name: n for name, n in amounts_of(card, kind, i).items()
                   if n != amount_defaults(kind, card[kind][i])[name]} for i in range(count)]
           for kind, count in SLOTS.items()}
    if any(slot for slots in own.values() for slot in slots):
        out["amounts"] = own
    return out


@cache
def companion_deck() -> dict[str, dict[str, Any]]:
    """The companion edition (our own deck) by card id, every card checked."""
    label = f"cards/{GAME_ID}/{COMPANION_FILE}"
    raw = read_toml(GAME_ID, COMPANION_FILE)
    if raw.get("edition") != "companion":
        raise InvalidCardData(label, "-", "edition", "the companion deck must say edition = "
                                                     "\"companion\"")
    records = raw.get("card")
    if not isinstance(records, list) or not records:
        raise InvalidCardData(label, "-", "card", "no records")
    out: dict[str, dict[str, Any]] = {}
    for i, rec in enumerate(records):
        validate_record(label, rec, CARD_SCHEMA, i)
        problem = _check_card(rec)
        if problem:
            raise InvalidCardData(label, str(rec.get("id")), "-", problem)
        if rec["id"] in out:
            raise InvalidCardData(label, str(rec["id"]), "id", "duplicate id")
        out[rec["id"]] = {"id": rec["id"], **canonical(rec)}
    return out


# --- a player's own deck --------------------------------------------------------------------

_CUSTOM: dict[str, dict[str, dict[str, Any]]] = {}
"""Player decks seen in this process, by deck tag: the card renderer finds their cards here."""


def deck_tag(cards: list[dict[str, Any]]) -> str:
    """A short tag naming a deck by its content."""
    text = json.dumps(cards, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:8]


def register_custom(cards: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Give a valid player deck its card ids and remember it; the cards by id."""
    tag = deck_tag(cards)
    if tag not in _CUSTOM:
        _CUSTOM[tag] = {f"u{tag}-{i:02d}": {"id": f"u{tag}-{i:02d}", **c}
                        for i, c in enumerate(cards, 1)}
    return _CUSTOM[tag]


def card(card_id: str) -> dict[str, Any]:
    """A card of either deck by id (a player's deck must have been read in this process)."""
    if card_id.startswith("u"):
        tag = card_id[1:].partition("-")[0]
        return _CUSTOM[tag][card_id]
    return companion_deck()[card_id]


def is_custom(card_id: str) -> bool:
    """Whether a card id belongs to a player's own deck."""
    return card_id.startswith("u")


def known_custom_cards() -> list[str]:
    """Every player-deck card id read in this process (for printing)."""
    return [c for deck in _CUSTOM.values() for c in deck]
