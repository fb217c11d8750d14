"""Every step of the 20 AP focus cards in ``cards/civ_new_dawn/focus_cards.toml`` checked field
by field against the card facts table (``civ_ap_cards.csv``, a copy of
shared/data-facts/civ_ap_cards.csv, read off the card images: one row per printed step)."""

from __future__ import annotations

import csv
import re
from pathlib import Path
from typing import Any

import pytest

from automa.games.civ_new_dawn import data as cards
from tests.state_layout import keys, record_problems

FACTS = Path(__file__).resolve().parent / "civ_ap_cards.csv"
ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4}

CRITERION = {
    "space has a natural wonder": "nw_space",
    "space has a resource token": "resource_space",
    "space has a barbarian spawn point": "spawn_space",
    "adjacent to a natural wonder token or resource token or uncovered barbarian spawn point":
        "adjacent_token_or_spawn",
    "adjacent to the most cities": "most_cities",
    "adjacent to the city nearest to maturity": "nearest_maturity",
    "adjacent to a rival space": "adjacent_rival",
    "highest terrain difficulty": "highest_terrain",
    "city-state whose diplomacy card the AP lacks": "cs_lacking",
    "rival city": "rival_city",
    "any other city-state": "other_cs",
    "wonder that brings the AP nearest to completing an agenda": "agenda",
    "cheapest wonder": "lowest_cost",
    "adjacent to the most natural wonder and/or resource tokens": "most_tokens",
    "space holding a barbarian spawn point": "spawn_point",
    "highest defence": "highest_defence",
}
TARGET = {
    "barbarian": "barbarian",
    "barbarian adjacent to a friendly space": "barbarian_adjacent",
    "rival control token": "rival_token",
    "city-state": "city_state",
}
SIMPLE = {
    "weaken rival control tokens": "weaken_rivals",
    "defeat barbarians": "defeat_barbarians",
    "gain 1 resource from the supply": "gain_resource",
    "resolve the card now in slot 5": "resolve_slot5",
    "resolve the AP's culture card as if in slot 5": "resolve_culture",
    "upgrade if idle": "upgrade_if_idle",
    "place 1 trade token from the supply on a focus card": "gain_trade_token",
    "upgrade one own focus card": "upgrade_card",
    "destroy one non-capital city of each human player": "nuke",
}
# Rows that restate a rule the engine applies to every step of that kind, not a step of its own.
FOLDED = ("gain trade tokens for tokens not placed", "reminder: gaining cards at tech level spaces")


def facts() -> list[dict[str, str]]:
    """The facts table, one row per printed card step."""
    with FACTS.open(encoding="utf-8") as f:
        return list(csv.DictReader(f))


def by_card() -> dict[str, list[dict[str, str]]]:
    """The facts rows of each card, by card name, in step order."""
    out: dict[str, list[dict[str, str]]] = {}
    for row in facts():
        out.setdefault(row["card_name"], []).append(row)
    return out


def criteria(text: str) -> list[str]:
    """A printed priority list as criterion keys."""
    return [CRITERION[part.strip()] for part in text.split(">")]


def targets(text: str) -> tuple[list[str], int | None]:
    """A printed target list as target keys, and the city-defence limit it names."""
    keys: list[str] = []
    limit = None
    for part in (p.strip() for p in text.split(">")):
        city = re.fullmatch(r"rival city (with a wonder and )?with defence (\d+) or less", part) \
            or re.fullmatch(r"rival city with a wonder and defence (\d+) or less", part)
        if part.startswith("rival city"):
            assert city, part
            limit = int(city.groups()[-1])
            keys.append("rival_city_wonder" if "wonder" in part else "rival_city")
        else:
            keys.append(TARGET[part])
    return keys, limit


def number(text: str) -> int:
    """The first number in a cell."""
    found = re.search(r"\d+", text)
    assert found, text
    return int(found.group())


def expected_step(row: dict[str, str]) -> dict[str, Any]:
    """What the facts row says the step's data must hold."""
    action, notes = row["action"], row["notes"]
    if action in SIMPLE:
        return {"action": SIMPLE[action]}
    if action.startswith("place control tokens") or action.startswith("place 1 more control"):
        extra = action.startswith("place 1 more")
        return {"action": "place_tokens", "tokens": number(row["amount"]),
                "near": "space" if extra else "city", "priority": criteria(row["priority_list"]),
                **({"extra": True} if extra else {})}
    if action.startswith("move"):
        return {"action": "caravans", "move": number(row["amount"]),
                "water": "into water" in notes, "different": "different destination" in action,
                "priority": criteria(row["priority_list"]), "tiebreaker": "shortest_distance"}
    if action == "build 1 world wonder":
        return {"action": "wonder", "production": number(row["amount"].split(";")[1]),
                "priority": criteria(row["priority_list"])}
    if action == "build 1 city on a legal space":
        return {"action": "city", "range": number(row["range"]),
                "near": "space_or_caravan" if "caravan" in row["range_from"] else "space",
                "water": "through water" in notes, "priority": criteria(row["priority_list"])}
    if action == "attack":
        keys, limit = targets(row["priority_list"])
        combat = re.search(r"AP combat value (\d+)(?:, or (\d+) when the target is a barbarian)?",
                           notes)
        assert combat, notes
        through = ("anything" if "rival spaces, barbarians" in notes
                   else "water" if "through water" in notes else "land")
        return {"action": "attack", "attacks": number(row["amount"]), "range": number(row["range"]),
                "combat": int(combat.group(1)),
                "combat_barbarian": int(combat.group(2) or combat.group(1)),
                "through": through, "limit": limit, "targets": keys}
    if action == "reinforce own control tokens":
        return {"action": "reinforce", "per_attack": number(row["amount"].split("minus")[1])}
    if action == "advance tech dial":
        return {"action": "advance", "amount": number(row["amount"])}
    raise AssertionError(f"unknown facts action: {action}")


def test_the_facts_table_covers_all_20_cards_and_47_steps() -> None:
    """The card facts name 20 cards (5 types × levels I–IV) in 47 printed steps."""
    rows = facts()
    assert len(rows) == 47
    assert len(by_card()) == 20
    assert {(r["type"], ROMAN[r["level"]]) for r in rows} == {
        (t, lv) for t in cards.TYPES for lv in cards.LEVELS}


@pytest.mark.parametrize("name", sorted(by_card()))
def test_card_data_matches_the_card_facts(name: str) -> None:
    """Each card's name, type, level, and every printed step (action, counts, ranges, priority
    lists in order, tiebreakers, combat values, limits, water) equal the facts read off the
    card images; rows the engine folds into a rule (unplaced tokens, Astrology's reminder) add
    no step."""
    rows = by_card()[name]
    matches = [c for c in cards.cards().values() if c["name"] == name]
    assert len(matches) == 1, name
    card = matches[0]
    assert card["type"] == rows[0]["type"]
    assert card["level"] == ROMAN[rows[0]["level"]]
    want = [expected_step(r) for r in rows if r["action"] not in FOLDED]
    got = [dict(s) for s in card["steps"]]
    assert len(got) == len(want), name
    for g, w in zip(got, want, strict=True):
        assert {f: g.get(f) for f in w} == w, name
        assert set(g) <= set(w) | {"tiebreaker"}, (name, set(g) - set(w))
    if card["type"] == "economy":
        icons = re.search(r"(?:shows|Card shows) (\d+) caravan", " ".join(r["notes"] for r in rows))
        assert icons, name
        assert card["caravans"] == int(icons.group(1))


def test_unplaced_tokens_fold_into_every_culture_step() -> None:
    """Culture cards: each control token that cannot be placed becomes a trade token on the card
    (a printed step on every culture card, applied by the engine to each placement step)."""
    for name, rows in by_card().items():
        folded = [r for r in rows if r["action"] == FOLDED[0]]
        assert bool(folded) == (rows[0]["type"] == "culture"), name



def test_the_card_and_step_records_type_every_value_the_cards_hold() -> None:
    """Issue 50 item 2: ``data.FocusCard`` and ``data.Step`` are the focus cards as they are: each
    key a card or step holds is declared, with its value's type, the keys every card or step
    needs are on each, and each declared step key is on some step."""
    used: set[str] = set()
    for card in cards.cards().values():
        assert not record_problems(cards.FocusCard, dict(card)), card["id"]
        for step in card["steps"]:
            assert not record_problems(cards.Step, dict(step)), step
            used |= step.keys()
    assert used == keys(cards.Step)[0]
