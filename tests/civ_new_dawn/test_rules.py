"""The AP rules' worked examples and rules, each as a named test (AP Rules v1.0, 8/1/2020)."""

from __future__ import annotations

import pytest

from automa.core.i18n import render
from automa.core.session import Session
from automa.games.civ_new_dawn import data as cards
from automa.games.civ_new_dawn.actions import caravan_spend
from automa.games.civ_new_dawn.military import attack_spend, defence_spend
from tests.civ_new_dawn.play import data, entries, key, log_keys, new, play_to
from tests.sessions import asked


def set_row(s: Session, row: list[str], tokens: dict[str, int] | None = None) -> None:
    """Put these cards in slots 1..5 and these trade tokens on them."""
    d = data(s)
    d["row"] = list(row)
    d["tokens"] = {t: 0 for t in cards.TYPES} | (tokens or {})


# --- worked examples -------------------------------------------------------------------------
def _gaining_example(seed: int) -> Session:
    s = new(seed, leader="rome")
    set_row(s, ["iron_working", "foreign_trade", "drama_and_poetry", "animal_husbandry",
                "astrology"], {"science": 1})
    data(s)["dial"] = 13
    s.answer(True)
    return s


def test_example_gaining_focus_cards() -> None:
    """AP rules, "Example of Gaining Focus Cards": Astrology in slot 5 with one trade token moves
    the dial 13 → 19, past a level-III and a level-IV space. The AP replaces one of its two
    level-I cards at random with the level-III card (the example's die chose Astrology →
    Replaceable Parts), then its only level-I card left with the level-IV card (Foreign Trade →
    Capitalism)."""
    outcomes = set()
    for seed in range(1, 40):
        s = _gaining_example(seed)
        d = data(s)
        assert d["dial"] == 19 and d["tokens"]["science"] == 0
        assert entries(s, "log.dial")[-1]["action"]["params"] == {"old": 13, "new": 19, "n": 6}
        row = d["row"]
        outcomes.add(tuple(sorted(row)))
        if "replaceable_parts" in row:  # the example's roll
            assert "capitalism" in row and "astrology" not in row
            assert "foreign_trade" not in row
            assert row[0] == "replaceable_parts"  # the science card was reset to slot 1
            assert log_keys(s).index("log.replace.dial") < len(s.log)
    assert {tuple(sorted(["replaceable_parts", "capitalism", "iron_working", "drama_and_poetry",
                          "animal_husbandry"]))} <= outcomes
    # the other roll: Foreign Trade goes to III first, then Astrology (the only level I) to IV
    assert tuple(sorted(["steam_power", "nuclear_power", "iron_working", "drama_and_poetry",
                         "animal_husbandry"])) in outcomes


def test_gaining_a_card_when_no_card_of_that_level_is_left() -> None:
    """AP rules, Gaining Focus Cards: a level-II space with no level-I card left gives a
    random level-III card instead."""
    s = new(3, leader="rome")
    set_row(s, ["iron_working", "currency", "drama_and_poetry", "animal_husbandry", "astrology"])
    data(s)["row"][4] = "mathematics"
    data(s)["dial"] = 4
    s.answer(True)
    levels = sorted(cards.card(c)["level"] for c in data(s)["row"])
    # Mathematics takes its own token and advances 6: 4 → 10 passes 6 (II, none left: III)
    # and 10 (III): two level-II cards become level III
    assert levels == [2, 2, 2, 3, 3]


def test_example_priority_order_pottery() -> None:
    """AP rules, "Example of Using Priority Order": Stonehenge is out on the agenda criterion,
    the Oracle on lowest cost, and the die picks between the Colossus and Petra; production 5
    + 2 trade tokens pays the cost of 7; the wonder goes in the capital; the city site is
    chosen by adjacent tokens (3 tied), the spawn-point criterion fits none and is skipped,
    and highest defence picks option A."""
    s = new(5, leader="rome", wonder_affordable=False)
    set_row(s, ["astrology", "foreign_trade", "masonry", "early_empire", "pottery"],
            {"industry": 2})
    s.answer(True)
    assert key(s) == "prompt.wonders"
    s.answer(4)                        # Stonehenge, Colossus, Petra, Oracle
    assert key(s) == "walk.ask_fits"
    s.answer(3)                        # agenda: all but Stonehenge
    assert key(s) == "walk.ask_best"
    s.answer(2)                        # lowest cost: Colossus and Petra
    rolled = entries(s, "walk.random.wonder")
    assert len(rolled) == 1 and rolled[0]["action"]["params"]["n"] == 2
    assert rolled[0]["why"]["candidates"] == [1, 2]
    assert key(s) == "prompt.wonder_cost"
    s.answer(7)
    assert data(s)["tokens"]["industry"] == 0
    assert entries(s, "log.pay.tokens")[0]["action"]["params"]["n"] == 2
    s.answer("economy")
    assert entries(s, "walk.take_all.wonder_city")  # the capital is the only city
    assert key(s) == "prompt.city_sites"
    s.answer(6)
    s.answer(3)                        # adjacent to two tokens: three sites
    s.answer(0)                        # no barbarian spawn point among them: skipped
    assert entries(s, "walk.skipped")
    assert key(s) == "walk.ask_best" and asked(s).params["i"] == 3
    s.answer(1)                        # highest defence: option A (8)
    assert entries(s, "walk.take_all.city")
    assert data(s)["cities"] == 2 and data(s)["wonders"]["economy"] == 1
    assert data(s)["row"][0] == "pottery"  # built something: no swap, reset


def test_example_masonry_attack_order() -> None:
    """AP rules, Performing Attacks example: Masonry's two attacks go first at barbarians,
    the one in the lower-difficulty terrain first; if that attack fails the AP attacks the same
    barbarian again, and if it succeeds it attacks the other one."""
    s = new(2, leader="rome")
    set_row(s, ["astrology", "foreign_trade", "pottery", "early_empire", "masonry"])
    s.answer(True)
    assert key(s) == "prompt.target_class"
    assert asked(s).choices[0] == "barbarian"
    s.answer("barbarian")
    s.answer(1)                        # lowest defence: the one in easier terrain
    assert key(s) == "prompt.ap_total" and asked(s).default == 5
    s.answer(5)
    s.answer(6)                        # the barbarian holds: attack lost
    assert entries(s, "log.attack_lost")
    assert key(s) == "prompt.ap_total"  # straight at the same barbarian, no new target search
    assert entries(s, "log.attack_again")

    s = new(2, leader="rome")
    set_row(s, ["astrology", "foreign_trade", "pottery", "early_empire", "masonry"])
    s.answer(True)
    s.answer("barbarian")
    s.answer(1)
    s.answer(5)
    s.answer(3)                        # won: a trade token, then a new target
    assert entries(s, "log.attack_won") and data(s)["tokens"]["military"] == 1
    assert key(s) == "prompt.target_class"


def test_example_capital_attack() -> None:
    """AP rules, "Capital Attack Example": no wonder to take; two trade tokens come from the
    defender's slots 5 then 4, and go on the AP's cards with the fewest tokens, highest in the
    row first: Drama and Poetry, then Astrology."""
    s = new(1, leader="rome")
    set_row(s, ["astrology", "foreign_trade", "drama_and_poetry", "masonry", "pottery"],
            {"economy": 1, "military": 1, "industry": 2})
    s.start("capital")
    s.answer("none")
    assert key(s) == "prompt.capital_tokens"
    s.answer(2)
    placed = [e["action"]["params"]["card"]["key"] for e in entries(s, "log.trade_token")]
    assert placed == ["civ_new_dawn.card.drama_and_poetry", "civ_new_dawn.card.astrology"]
    assert data(s)["tokens"]["culture"] == 1 and data(s)["tokens"]["science"] == 1
    assert key(s) == "prompt.first_turn"   # back where the procedure started


def test_a_rival_city_beaten_that_is_no_capital_becomes_the_aps_with_its_wonder() -> None:
    """Rules of Play, a won attack on a city that is not a capital (issue 43, item 4: "AP:
    Attack 1 won" said nothing of the beaten city): the board list says to put one of the
    AP's unused cities in its place, the AP's cities count it, and a wonder there is asked
    and becomes the AP's (its token stays on the space)."""
    s = new(2, leader="rome")
    set_row(s, ["astrology", "foreign_trade", "pottery", "early_empire", "masonry"])
    s.answer(True)
    cities = data(s)["cities"]
    for answer in ["rival_city", 1, 5, 1, 0]:  # lowest defence, totals 5 vs 1, no tokens
        s.answer(answer)
    assert key(s) == "prompt.was_capital"
    s.answer(False)
    assert data(s)["cities"] == cities + 1
    [taken] = entries(s, "log.city_taken")
    assert taken.get("table") and taken["action"]["params"]["n"] == cities + 1
    text = render(taken["action"]["key"], taken["action"]["params"], "en")
    assert "one of the AP’s unused cities" in text
    assert key(s) == "prompt.city_wonder" and asked(s).choices[0] == "none"
    s.answer("science")
    assert data(s)["wonders"]["science"] == 1 and entries(s, "log.city_wonder")


@pytest.mark.parametrize(("difficulty", "replaced"), [
    ("settler", 0), ("chieftain", 1), ("warlord", 2), ("prince", 3), ("king", 4),
    ("emperor", 5)])
def test_difficulty_replacements(difficulty: str, replaced: int) -> None:
    """AP rules, Difficulty Level: 0–5 random starting cards become their level-II card of the
    same type, in the same slot."""
    for seed in (1, 2, 3):
        s = new(seed, difficulty=difficulty, leader="rome")
        row = data(s)["row"]
        assert [cards.card(c)["type"] for c in row] == cards.leaders()["rome"]["row"]
        assert sum(cards.card(c)["level"] == 2 for c in row) == replaced
        assert sum(cards.card(c)["level"] == 1 for c in row) == 5 - replaced


def test_wonder_payment_order() -> None:
    """AP rules, Building Wonders: industry city-state bonus, natural wonder tokens, resources
    (+2 each), trade tokens; a resource that would overspend by one is kept and a trade token
    pays instead."""
    s = new(1, leader="rome")
    set_row(s, ["astrology", "foreign_trade", "masonry", "early_empire", "pottery"],
            {"industry": 1})
    d = data(s)
    d["city_states"]["industry"] = 1
    d["nw_pool"] = 1
    d["resources"]["oil"] = 2
    s.answer(True)
    s.answer(1)                        # one wonder the AP can pay for
    s.answer(11)                       # cost 11: 5 + 1 bonus + 2 NW = 8, +2 resource = 10, +1 token
    assert [k for k in log_keys(s) if k.startswith("log.pay.")] == [
        "log.pay.nw", "log.pay.resource", "log.pay.tokens"]
    assert d["nw_pool"] == 0 and d["resources"]["oil"] == 1 and d["tokens"]["industry"] == 0


def test_wonder_overspend_by_one_keeps_the_resource() -> None:
    """AP rules, Building Wonders step 3: production 5, cost 8: one resource gives 7; a second
    would overspend by one, so a trade token pays the last point."""
    s = new(1, leader="rome")
    set_row(s, ["astrology", "foreign_trade", "masonry", "early_empire", "pottery"],
            {"industry": 1})
    data(s)["resources"]["marble"] = 2
    s.answer(True)
    s.answer(1)
    s.answer(8)
    assert data(s)["resources"]["marble"] == 1 and data(s)["tokens"]["industry"] == 0


# --- rules --------------------------------------------------------------------------------------
def test_trade_tokens_go_to_the_card_with_fewest_ties_highest_in_row() -> None:
    """AP rules, Gaining Trade Tokens: one at a time, fewest first, ties to the highest slot."""
    s = new(1, leader="rome")
    set_row(s, ["astrology", "foreign_trade", "masonry", "early_empire", "pottery"],
            {"industry": 1, "culture": 1})
    s.start("gain_tokens")
    s.answer(4)
    # masonry, foreign trade, astrology (0 each), then the tie of all at 1 goes to slot 5
    assert data(s)["tokens"] == {"science": 1, "economy": 1, "military": 1, "culture": 1,
                                 "industry": 2}


def test_culture_spends_tokens_for_legal_spaces_and_keeps_the_rest() -> None:
    """AP rules, Spending Trade Tokens (culture) and Clarifications: tokens are spent up to the
    legal spaces; each control token that cannot be placed becomes a trade token on the card."""
    s = new(1, leader="rome")
    set_row(s, ["astrology", "foreign_trade", "masonry", "pottery", "early_empire"],
            {"culture": 3})
    s.answer(True)
    s.answer(4)                        # 4 legal spaces: 2 + 2 tokens
    assert data(s)["tokens"]["culture"] == 1
    assert entries(s, "log.place_tokens")[-1]["action"]["params"]["n"] == 4
    assert entries(s, "walk.take_all.token")   # every legal space gets one: no walk

    s = new(1, leader="rome")
    set_row(s, ["astrology", "foreign_trade", "masonry", "pottery", "early_empire"])
    s.answer(True)
    s.answer(1)                        # 1 legal space: 1 placed, 1 becomes a trade token
    assert data(s)["tokens"]["culture"] == 1
    assert entries(s, "log.unplaced")[0]["action"]["params"]["n"] == 1


def test_culture_walks_the_priority_list_when_spaces_outnumber_tokens() -> None:
    """Early Empire, 2 tokens, 5 legal spaces: one natural-wonder space takes a token, the
    second goes by the next criteria; a final tie is settled by the app's die."""
    s = new(1, leader="rome")
    set_row(s, ["astrology", "foreign_trade", "masonry", "pottery", "early_empire"])
    s.answer(True)
    s.answer(5)
    s.answer(1)                        # natural wonder: one space
    assert entries(s, "walk.take_all.token")[0]["action"]["params"]["n"] == 1
    s.answer(0)                        # resource: none of the other 4
    s.answer(0)                        # spawn point: none
    s.answer(2)                        # most cities: 2 of 4
    s.answer(2)                        # nearest maturity: both
    s.answer(2)                        # terrain: both
    rolled = entries(s, "walk.random.token")
    assert rolled and rolled[0]["action"]["params"]["n"] == 2
    assert key(s) == "prompt.ready"


def test_economy_spends_only_to_let_a_caravan_arrive() -> None:
    """AP rules, Spending Trade Tokens (economy): tokens only if a caravan then arrives."""
    assert caravan_spend([5], 3, 1, "minimum") == 0        # one token is not enough
    assert caravan_spend([5], 3, 2, "minimum") == 2
    assert caravan_spend([3], 3, 4, "minimum") == 0        # arrives anyway
    assert caravan_spend([5, 7], 4, 3, "minimum") == 1
    assert caravan_spend([5, 7], 4, 3, "most_arrivals") == 3


def test_combat_token_spending_in_the_four_cases() -> None:
    """AP rules, Spending Trade Tokens (military): winning attacker, losing attacker, winning
    defender, losing defender (ties go to the defender by default)."""
    # winning attacker: as many as it can, stopping at a total the defender cannot match
    assert attack_spend(8, 6, 5, 3, "defender") == 2
    assert attack_spend(8, 6, 1, 3, "defender") == 1
    # losing attacker: nothing if it cannot get ahead, else as above
    assert attack_spend(5, 8, 3, 0, "defender") == 0
    assert attack_spend(5, 8, 4, 0, "defender") == 4
    assert attack_spend(5, 8, 6, 2, "defender") == 6
    # defender winning: nothing; losing: enough to win, or nothing
    assert defence_spend(8, 6, 5, "defender") == 0
    assert defence_spend(6, 8, 3, "defender") == 2
    assert defence_spend(6, 8, 1, "defender") == 0
    assert defence_spend(6, 8, 3, "attacker") == 3


@pytest.mark.parametrize(("ap", "attacker", "tokens", "line", "left"), [
    (6, 7, 1, "log.defence_spending", 0),  # losing by 1: it spends its token and wins
    (4, 6, 1, "log.defence.lost", 1),      # it cannot catch up: it spends none and loses
    (8, 6, 2, "log.defence.won", 2),       # winning: it spends nothing
])
def test_the_defence_outcome_is_one_board_line_after_spending(ap: int, attacker: int,
                                                              tokens: int, line: str,
                                                              left: int) -> None:
    """AP rules, military spending: a losing defender spends enough tokens to win, or none.
    The board line says the outcome after spending (never "losing" for a defence it wins),
    and a plain loss is shown too."""
    s = new(1, leader="rome")
    s.answer(True)
    data(s)["tokens"]["military"] = tokens
    s.start("defend")
    s.answer(ap)
    s.answer(attacker)
    table = [e for e in s.log if e.get("table") and "defence" in e["action"]["key"]]
    assert [e["action"]["key"] for e in table] == [f"civ_new_dawn.{line}"]
    assert data(s)["tokens"]["military"] == left


def test_reinforcement_is_five_minus_k_per_attack() -> None:
    """Masonry: 5 − 3 × attacks (minimum 0): no attack → 5 tokens."""
    s = new(2, leader="rome")
    set_row(s, ["astrology", "foreign_trade", "pottery", "early_empire", "masonry"])
    s.answer(True)
    s.answer("none")
    assert entries(s, "log.reinforce_n")[0]["action"]["params"]["n"] == 5
    s.answer(0)                        # no unreinforced token: idle, so Masonry → Iron Working
    assert data(s)["row"][0] == "iron_working"
    assert entries(s, "log.replace.idle")


def test_industry_swap_if_idle_resets_without_resolving() -> None:
    """AP rules, Clarifications (industry): a card that built nothing becomes the next level
    and is reset without being resolved."""
    s = new(1, leader="rome")
    set_row(s, ["astrology", "foreign_trade", "masonry", "early_empire", "pottery"])
    s.answer(True)
    s.answer(0)                        # no wonder
    s.answer(0)                        # no city site
    assert data(s)["row"][0] == "animal_husbandry"
    assert len(entries(s, "log.resolve")) == 1
    assert key(s) == "prompt.ready"


def test_capitalism_resolves_the_new_slot_5_card_without_reset() -> None:
    """Capitalism: after its reset, the card now in slot 5 is resolved and stays there."""
    s = new(1, leader="rome")
    set_row(s, ["masonry", "early_empire", "pottery", "astrology", "capitalism"])
    s.answer(True)
    for _ in range(3):
        s.answer("none")
    assert data(s)["row"][0] == "capitalism" and data(s)["row"][4] == "astrology"
    assert data(s)["dial"] == 5
    assert entries(s, "log.resolve_no_reset")


def test_urbanization_resolves_the_culture_card_then_resets_it() -> None:
    """Urbanization: after its reset, the culture card resolves as if in slot 5, then resets."""
    s = new(1, leader="rome")
    set_row(s, ["masonry", "early_empire", "foreign_trade", "astrology", "urbanization"])
    s.answer(True)
    s.answer(0)                        # no wonder
    s.answer(0)                        # no city site
    assert key(s) == "prompt.legal_spaces"
    s.answer(2)
    assert data(s)["row"][:2] == ["early_empire", "urbanization"]


def test_montezuma_swaps_his_military_card_into_slot_2_after_a_win() -> None:
    """AP rules, Leader Abilities: Montezuma, after a won attack, swaps his reset military
    card with the card in slot 2."""
    s = new(1, leader="aztec")
    set_row(s, ["astrology", "foreign_trade", "pottery", "early_empire", "masonry"])
    s.answer(True)
    play_to(s, {"prompt.target_class": ["barbarian", "none"], "prompt.lowest_defence": 1,
                "prompt.ap_total": 5, "prompt.defender_total": 2,
                "prompt.unreinforced": 0}, "prompt.ready")
    assert data(s)["row"][:2] == ["astrology", "masonry"]
    assert entries(s, "log.montezuma")


def test_teddy_roosevelt_natural_wonders_go_on_slot_4_and_are_always_spent() -> None:
    """AP rules, Leader Abilities: Teddy Roosevelt's natural wonder tokens go on slot 4 and
    are spent on the card he resolves, then go back on slot 4."""
    s = new(1, leader="america")
    set_row(s, ["masonry", "pottery", "early_empire", "foreign_trade", "astrology"])
    s.start("gain_nw")
    s.answer(2)
    assert data(s)["nw"]["economy"] == 2
    data(s)["nw"] = {t: 0 for t in cards.TYPES} | {"science": 2}
    s.answer(True)
    assert data(s)["dial"] == 7 and data(s)["nw"]["economy"] == 2


def test_gilgamesh_gains_a_resource_for_a_barbarian() -> None:
    """AP rules, Leader Abilities: Gilgamesh defeats a barbarian: a trade token and a resource."""
    s = new(1, leader="sumer")
    s.start("barbarian")
    assert sum(data(s)["resources"].values()) == 1
    assert sum(data(s)["tokens"].values()) == 1


def test_mathematics_and_replaceable_parts_and_nuclear_power() -> None:
    """Mathematics puts a token on the card with fewest (itself on a tie, then spent);
    Replaceable Parts upgrades the lowest card highest in the row; Nuclear Power makes each
    human destroy a city."""
    s = new(1, leader="rome")
    set_row(s, ["masonry", "pottery", "early_empire", "foreign_trade", "mathematics"])
    s.answer(True)
    assert data(s)["dial"] == 6       # 5 + the token it just took
    s = new(1, leader="rome")
    set_row(s, ["masonry", "pottery", "early_empire", "foreign_trade", "replaceable_parts"])
    s.answer(True)
    assert data(s)["row"][0] == "replaceable_parts" and "capitalism" not in data(s)["row"]
    assert "currency" in data(s)["row"]   # slot 4, the highest level-I card
    s = new(1, leader="rome", humans=2)
    set_row(s, ["masonry", "pottery", "early_empire", "foreign_trade", "nuclear_power"])
    s.answer(True)
    assert entries(s, "log.nuke_all")[0]["action"]["params"]["n"] == 2


@pytest.mark.parametrize(("reading", "after"), [("to_15", 15), ("to_17", 17), ("stay_24", 24)])
def test_dial_past_24_is_a_flagged_reading(reading: str, after: int) -> None:
    """Past space 24 the sources disagree: the option decides where the pointer goes."""
    s = new(1, leader="rome", dial_past_24=reading)
    set_row(s, ["masonry", "pottery", "early_empire", "foreign_trade", "astrology"])
    data(s)["dial"] = 22
    s.answer(True)
    assert data(s)["dial"] == after


def test_event_dial_reminder_not_on_the_first_turn() -> None:
    """AP rules, Automated Player Turn: no event dial on the first AP turn, then every turn."""
    s = new(1, leader="rome")
    set_row(s, ["masonry", "pottery", "early_empire", "foreign_trade", "astrology"])
    s.answer(True)
    assert not entries(s, "log.event_dial")
    assert s.turn_summary()[0]["key"].endswith("log.resolve")
    s.answer("ap_turn")
    assert len(entries(s, "log.event_dial")) == 1


def test_caravan_to_rival_takes_the_first_available_diplomacy_card() -> None:
    """AP rules, Wonders and Diplomacy: Open Borders, Joint War, Defensive Pact, Embassy."""
    s = new(1, leader="rome", humans=2)
    s.start("visit_rival")
    s.answer("2")
    assert key(s) == "prompt.diplomacy_gone" and asked(s).default == []
    s.answer(["open_borders", "joint_war"])     # already gone to someone else
    assert data(s)["diplomacy"]["2"] == "defensive_pact"
    s.start("visit_rival")
    s.answer("2")                      # already holds one of this rival's cards: none more
    assert entries(s, "log.diplomacy_has")


def test_attacked_city_state_card_is_returned_first() -> None:
    """AP rules: the AP returns an attacked city-state's diplomacy card before the attack, so a
    military city-state no longer adds to its combat value."""
    s = new(1, leader="rome")
    set_row(s, ["astrology", "foreign_trade", "pottery", "early_empire", "mass_production"])
    data(s)["city_states"]["military"] = 1
    s.answer(True)
    s.answer("city_state")
    s.answer(1)
    assert key(s) == "prompt.return_city_state"
    s.answer("military")
    assert asked(s).default == 7          # no +1 any more


def test_victory_checklist_ends_the_game_when_the_ap_has_all_three() -> None:
    """Base game end: one agenda on each victory card."""
    s = new(1)
    s.start("victory")
    s.answer(["1", "2", "3"])
    assert s.finished


def test_every_bad_answer_is_refused_and_changes_nothing() -> None:
    """A count out of range is a typed error and the session stays as it was."""
    from automa.core.errors import InvalidAnswer

    s = new(1, leader="rome")
    set_row(s, ["astrology", "foreign_trade", "masonry", "pottery", "early_empire"])
    s.answer(True)
    before = s.to_json()
    with pytest.raises(InvalidAnswer):
        s.answer(999)
    assert s.to_json() == before


def test_civil_service_places_one_more_token_next_to_any_friendly_space() -> None:
    """Civil Service: 3 tokens next to cities, then 1 more next to any friendly space; with the
    default reading an unplaceable 4th token becomes a trade token too."""
    s = new(1, leader="rome")
    set_row(s, ["astrology", "foreign_trade", "masonry", "pottery", "civil_service"])
    s.answer(True)
    s.answer(3)                        # 3 legal spaces next to cities: all get one
    assert key(s) == "prompt.legal_spaces"
    assert asked(s).params["near"]["key"].endswith("near.space")
    s.answer(0)                        # no space for the 4th
    assert data(s)["tokens"]["culture"] == 1

    s = new(1, leader="rome", civil_service_fallback=False)
    set_row(s, ["astrology", "foreign_trade", "masonry", "pottery", "civil_service"])
    s.answer(True)
    s.answer(3)
    s.answer(0)
    assert data(s)["tokens"]["culture"] == 0


def test_mass_media_weakens_rival_tokens_before_placing() -> None:
    """Mass Media: flip or remove rival tokens next to friendly spaces, then place 4."""
    s = new(1, leader="rome")
    set_row(s, ["astrology", "foreign_trade", "masonry", "pottery", "mass_media"])
    s.answer(True)
    assert entries(s, "log.weaken_rivals") and key(s) == "prompt.legal_spaces"
    s.answer(4)
    assert entries(s, "log.place_tokens")[-1]["action"]["params"]["n"] == 4


def test_steam_power_gains_a_random_resource_and_currency_defeats_barbarians() -> None:
    """Steam Power: +1 resource of a random type; Currency: barbarians next to friendly spaces
    are defeated without trade tokens (Gilgamesh still gains his resources)."""
    s = new(1, leader="rome")
    set_row(s, ["astrology", "currency", "masonry", "pottery", "steam_power"])
    s.answer(True)
    assert sum(data(s)["resources"].values()) == 1
    assert entries(s, "log.gain_resource")[0]["why"]["candidates"] == list(cards.RESOURCES)

    s = new(1, leader="sumer")
    set_row(s, ["astrology", "steam_power", "masonry", "pottery", "currency"])
    s.answer(True)
    assert entries(s, "log.currency_barbarians")
    assert key(s) == "prompt.barbarians_defeated"
    s.answer(2)
    assert sum(data(s)["resources"].values()) == 2 and sum(data(s)["tokens"].values()) == 0


def test_economy_tokens_let_a_caravan_arrive() -> None:
    """Foreign Trade moves 3; a destination 5 away is reached by spending 2 tokens."""
    s = new(1, leader="rome")
    set_row(s, ["astrology", "masonry", "pottery", "early_empire", "foreign_trade"],
            {"economy": 3})
    s.answer(True)
    s.answer("cs_lacking")
    s.answer(1)
    s.answer(5)
    assert data(s)["tokens"]["economy"] == 1
    assert entries(s, "log.caravan_arrives")
    assert key(s) == "prompt.city_state_type"
    s.answer("science")
    assert data(s)["city_states"]["science"] == 1


def test_mathematics_reading_without_its_own_token() -> None:
    """Reading ``mathematics_self`` off: the token goes to the next card (slot 4 on a tie)."""
    s = new(1, leader="rome", mathematics_self=False)
    set_row(s, ["masonry", "pottery", "early_empire", "foreign_trade", "mathematics"])
    s.answer(True)
    assert data(s)["dial"] == 5 and data(s)["tokens"]["economy"] == 1


def test_a_rival_wins_against_the_ap_capital() -> None:
    """A rival wins against the AP's capital: the AP rules have no rule for which AP tokens a
    human takes, so the Rules of Play's choice stands (rules-model A10): the wonder goes, and
    the player names the card of each of up to 2 tokens (the highest card is offered first)."""
    s = new(1, leader="rome")
    set_row(s, ["astrology", "foreign_trade", "masonry", "early_empire", "pottery"],
            {"industry": 1, "culture": 3})
    data(s)["wonders"]["science"] = 1
    s.start("capital_lost")
    s.answer("science")
    assert data(s)["wonders"]["science"] == 0
    assert key(s) == "prompt.capital_lost_token" and asked(s).default == "5"
    s.answer("4")
    s.answer("4")
    assert data(s)["tokens"]["industry"] == 1 and data(s)["tokens"]["culture"] == 1
    assert len(entries(s, "log.token_taken")) == 2


def test_caravan_to_rival_with_nothing_gone_takes_open_borders() -> None:
    """AP rules, Wonders and Diplomacy: the AP takes the first available card of the list, so
    when none of the rival's cards is gone (the usual case, the default answer) it is Open
    Borders."""
    s = new(1, leader="rome")
    s.start("visit_rival")
    s.answer([])
    assert data(s)["diplomacy"]["1"] == "open_borders"


def _attack_rival_token(s: Session, ap: int, defender: int) -> None:
    set_row(s, ["astrology", "foreign_trade", "pottery", "early_empire", "masonry"],
            {"military": 1})
    s.answer(True)
    s.answer("rival_token")
    s.answer(1)
    s.answer(ap)
    s.answer(defender)


def test_losing_attacker_that_cannot_get_ahead_is_not_asked_the_defenders_tokens() -> None:
    """AP rules, Spending Trade Tokens (military), losing attacker: if the AP cannot raise its
    total above the defender's it spends nothing, so the attack is lost whatever the defender
    could still add; the app does not ask for the defender's tokens."""
    s = new(2, leader="rome")
    _attack_rival_token(s, 5, 6)           # 5 + 1 token = 6: not above 6
    assert entries(s, "log.attack_lost")
    assert data(s)["tokens"]["military"] == 1
    assert key(s) != "prompt.defender_tokens"


def test_losing_attacker_that_can_get_ahead_asks_the_defenders_tokens() -> None:
    """AP rules, Spending Trade Tokens (military), losing attacker: when its tokens can lift it
    above the defender, it spends as many as it can, stopping at a total the defender cannot
    match, so the defender's remaining tokens are asked."""
    s = new(2, leader="rome")
    _attack_rival_token(s, 5, 5)
    assert key(s) == "prompt.defender_tokens"
    s.answer(0)
    assert entries(s, "log.attack_won") and data(s)["tokens"]["military"] == 0


def test_military_wonders_count_when_the_ap_defends() -> None:
    """AP rules, Wonders and Diplomacy: military wonders and city-state cards give the AP +1
    combat value whether it attacks or defends; the defence question states the sum to add."""
    s = new(1, leader="rome")
    data(s)["wonders"]["military"] = 1
    data(s)["city_states"]["military"] = 1
    s.start("defend")
    assert key(s) == "prompt.defend_space" and asked(s).params["bonus"] == 2
    s.answer(4)                          # the attacked space's defence read off the table
    assert key(s) == "prompt.attacker_total" and asked(s).params["ap"] == 6


def test_caravan_at_a_city_state_the_ap_lacks_takes_its_card() -> None:
    """Economy cards' destination priority: a city-state whose diplomacy card the AP lacks comes
    first, and reaching it gives the AP that card; only its type is asked (no "no card" answer)."""
    s = new(1, leader="rome")
    set_row(s, ["astrology", "masonry", "pottery", "early_empire", "foreign_trade"])
    s.answer(True)
    s.answer("cs_lacking")
    s.answer(1)
    s.answer(2)
    assert key(s) == "prompt.city_state_type"
    assert "none" not in asked(s).choices


def test_caravan_at_any_other_city_state_asks_nothing() -> None:
    """Economy cards' last destination, "any other city-state", is one whose card the AP already
    holds: reaching it gives nothing, so the app asks nothing."""
    s = new(1, leader="rome")
    set_row(s, ["astrology", "masonry", "pottery", "early_empire", "foreign_trade"])
    data(s)["city_states"]["science"] = 1
    s.answer(True)
    s.answer("other_cs")
    s.answer(1)
    s.answer(2)
    assert entries(s, "log.city_state_held")
    assert key(s) == "prompt.ready"


def test_no_other_city_state_destination_without_a_city_state_card() -> None:
    """Economy cards' destination list: "any other city-state" means one whose card the AP
    already holds, so while it holds none that answer is not offered."""
    s = new(1, leader="rome")
    set_row(s, ["astrology", "masonry", "pottery", "early_empire", "foreign_trade"])
    s.answer(True)
    assert key(s) == "prompt.caravan_class"
    assert asked(s).choices == ["cs_lacking", "rival_city", "none"]


def test_the_ap_uses_player_diplomacy_cards_except_embassy() -> None:
    """AP rules, Wonders and Diplomacy: the AP uses the abilities of the player diplomacy cards
    it holds, except Embassy; the instruction says which."""
    s = new(1, leader="rome")
    s.start("visit_rival")
    s.answer(["open_borders", "joint_war", "defensive_pact"])
    assert data(s)["diplomacy"]["1"] == "embassy"
    assert entries(s, "log.diplomacy_take_embassy")
    s = new(1, leader="rome")
    s.start("visit_rival")
    s.answer([])
    assert entries(s, "log.diplomacy_take")


def test_won_capital_with_a_wonder_asks_only_its_type() -> None:
    """AP rules, Attacking Capitals: the wonder in a won capital moves to the AP. After an
    attack on a rival city chosen because it has a wonder, only the wonder's type is asked."""
    s = new(2, leader="rome")
    set_row(s, ["astrology", "foreign_trade", "pottery", "early_empire", "mass_production"])
    s.answer(True)
    s.answer("rival_city_wonder")
    s.answer(1)
    s.answer(7)
    s.answer(3)
    s.answer(0)                         # the defender has no tokens left: the AP wins
    s.answer(True)                      # it was the capital
    assert key(s) == "prompt.capital_wonder" and "none" not in asked(s).choices
    s.answer("science")
    assert data(s)["wonders"]["science"] == 1


def test_setup_random_leader_and_focus_row_from_the_leader() -> None:
    """AP rules, Setup 1–2: the AP's leader is drawn at random and its focus bar is built as
    normal from that leader, with the AP focus cards (all level I at Settler)."""
    import automa

    s = automa.new_game("civ_new_dawn", {}, seed=4)
    d = data(s)
    assert d["leader"] in cards.LEADERS
    assert entries(s, "log.leader")[0]["why"]["candidates"] == list(cards.LEADERS)
    want = [cards.card_of(t, 1) for t in cards.leaders()[d["leader"]]["row"]]
    assert d["row"] == want
    assert key(s) == "setup.components"


def test_setup_map_changes_and_the_ap_always_goes_first() -> None:
    """AP rules, Setup 3 and Automated Player Turn: the AP core diagram, no map tiles for the AP,
    the tile-placement requirements still apply, and the AP is always the first player; its
    first turn has no event-dial step."""
    import automa

    s = automa.new_game("civ_new_dawn", {"humans": 2}, seed=4)
    s.answer(True)
    assert key(s) == "setup.map" and asked(s).params["players"] == 3
    s.answer(True)
    assert key(s) == "prompt.first_turn"


@pytest.mark.parametrize(("old", "new_", "levels"), [
    (0, 5, ["II"]), (0, 6, ["II", "II"]), (1, 6, ["II", "II"]), (5, 10, ["II", "III"]),
    (9, 14, ["III", "III"]), (13, 19, ["III", "IV"]), (14, 19, ["IV"]), (19, 24, ["IV"]),
    (6, 11, ["III"]), (3, 9, ["II"]), (15, 20, ["IV"]),
])
def test_tech_dial_level_spaces(old: int, new_: int, levels: list[str]) -> None:
    """AP rules, Gaining Focus Cards: a card is gained on reaching or passing a tech level space;
    the app tracks the dial with the spaces II at 3 and 6, III at 10 and 14, IV at 19 and 24."""
    s = new(1, leader="rome")
    set_row(s, ["foreign_trade", "masonry", "pottery", "early_empire", "astrology"],
            {"science": new_ - old - 5})
    data(s)["dial"] = old
    s.answer(True)
    assert data(s)["dial"] == new_
    assert [e["action"]["params"]["level"] for e in entries(s, "log.replace.dial")] == levels


def test_a_card_corrected_away_while_its_question_is_open_is_not_returned_twice() -> None:
    """The AP attacks a city-state it holds: which card goes back? If a correction made while
    that question is open already took the card, the answer takes nothing (no count below 0)."""
    s = new()
    types = list(data(s)["city_states"])
    data(s)["city_states"][types[0]] = 1
    s.start("attack_city_state")
    assert key(s) == "prompt.return_which"
    data(s)["city_states"][types[0]] = 0  # as a correction would
    start = len(s.log)
    s.answer(types[0])
    assert data(s)["city_states"][types[0]] == 0
    assert "log.return_city_state" not in log_keys(s, start)


READ_OFF_THE_BOARD = {"legal_spaces", "wonders", "wonders_affordable", "wonder_cost",
                      "city_sites", "caravan_distance", "barbarians_defeated", "unreinforced",
                      "defender_total", "defender_tokens"}
"""The counts the player reads off the board (never a number the app could suggest)."""


def test_every_count_read_off_the_board_starts_empty() -> None:
    """Issue 43, item 4: legal spaces, wonders, city sites and caravan moves started at 0, so
    a quick OK changed the AP's turn (placed nothing, built nothing, made a caravan arrive).
    Each such count starts empty, as the defender's total does: OK alone is refused."""
    from automa.app import present
    from automa.core.errors import InvalidAnswer
    from automa.core.rng import Rng
    from tests.conformance import random_answer

    seen: set[str] = set()
    for seed in range(1, 9):
        s = new(seed, leader="rome")
        rng = Rng.from_seed(seed)
        for _ in range(400):
            p = s.prompt
            if p is None:
                break
            name = key(s).removeprefix("prompt.")
            if p.kind == "count" and name in READ_OFF_THE_BOARD:
                seen.add(name)
                assert p.ui.get("typed") and p.default is None, name
                assert present.question(s, present.Words("en"))["value"] is None, name
                with pytest.raises(InvalidAnswer):
                    s.answer("")
            s.answer("ap_turn" if name == "ready" else random_answer(p, rng))
    assert {"legal_spaces", "city_sites", "caravan_distance"} <= seen, seen
