"""Findings of the independent rulebook audit (issue 20, section A), each as a test named
after the rule it checks (AP Rules v1.0, 8/1/2020), and the readings the rules leave open."""

from __future__ import annotations

import json
from typing import Any

import pytest

import automa
from automa.core.game import Ctx
from automa.core.i18n import render
from automa.core.session import Session
from automa.games.civ_new_dawn import data as cards
from automa.games.civ_new_dawn import military
from tests.civ_new_dawn.play import data, entries, key, new
from tests.sessions import asked

MASONRY_TURN = ["astrology", "foreign_trade", "pottery", "early_empire", "masonry"]


def set_row(s: Session, row: list[str]) -> None:
    """Put these cards in slots 1..5 (no trade tokens)."""
    data(s)["row"] = list(row)
    data(s)["tokens"] = dict.fromkeys(cards.TYPES, 0)


def _teddy_attacks(**options: str) -> Session:
    """Teddy Roosevelt resolves Masonry (2 attacks) with 2 natural wonder tokens on it."""
    s = new(2, leader="america", **options)
    set_row(s, MASONRY_TURN)
    data(s)["nw"] = dict.fromkeys(cards.TYPES, 0) | {"military": 2}
    s.answer(True)
    s.answer("barbarian")
    s.answer(1)
    return s


def _teddy_no_attack() -> Session:
    """Teddy Roosevelt resolves Masonry with 2 natural wonder tokens on it, and no target."""
    s = new(2, leader="america")
    set_row(s, MASONRY_TURN)
    data(s)["nw"] = dict.fromkeys(cards.TYPES, 0) | {"military": 2}
    s.answer(True)
    s.answer("none")
    while s.prompt is not None and s.prompt.kind == "count":
        s.answer(0)
    return s


# --- A1 -------------------------------------------------------------------------------------
def test_teddy_spends_all_unspent_natural_wonder_tokens_on_the_last_attack_he_performs() -> None:
    """AP rules, Leader Abilities: "When resolving a military focus card, he spends all
    unspent natural wonder tokens on the last attack he performs." An attack that turns out to
    be his last before the card's last one (no further target) gets them: the app asks before
    it, since the board decides."""
    s = _teddy_attacks()
    assert key(s) == "prompt.teddy_another_target" and asked(s).params["n"] == 2
    s.answer(False)                          # no other target after this barbarian
    assert key(s) == "prompt.ap_total" and asked(s).default == 5 + 2
    s.answer(7)
    s.answer(3)                              # won
    s.answer("none")                         # indeed no target left
    s.answer(0)                              # no unreinforced control token
    assert data(s)["nw"]["culture"] == 2     # spent: on the card in slot 4 (Early Empire)


def test_the_combat_value_only_computes_and_a_separate_step_spends_teddys_tokens() -> None:
    """Issue 50 item 4: ``combat_value`` is a value (asked twice, the same, the state as it
    was); Teddy's tokens on his last attack count in it, and only ``spend_teddy_tokens``
    marks them spent."""
    s = _teddy_attacks()
    ctx: Ctx[Any, Any] = Ctx(s.game, s._state, [])
    step = cards.card("masonry")["steps"][0]
    before = json.dumps(s._state, sort_keys=True)
    teddy = military.teddy_tokens_on(ctx, last=True)
    assert teddy == 2 and military.teddy_tokens_on(ctx, last=False) == 0
    value = military.combat_value(ctx, step, "barbarian", teddy=teddy)
    assert value == military.combat_value(ctx, step, "barbarian", teddy=teddy) == 5 + 2
    assert military.combat_value(ctx, step, "barbarian") == 5
    assert json.dumps(s._state, sort_keys=True) == before
    military.spend_teddy_tokens(ctx)
    assert military.teddy_tokens_unspent(ctx) == 0


def test_teddys_tokens_wait_for_his_last_attack_when_another_target_follows() -> None:
    """AP rules, Leader Abilities: with another target after this attack, the tokens go on the
    card's last attack; if the attacks end earlier after all, "He always spends natural
    wonder tokens on a focus card he is resolving, even when the bonus for doing so is not
    needed": spent, they go on the card in slot 4 (issue 33, point 4)."""
    s = _teddy_attacks()
    s.answer(True)                           # another target follows
    assert asked(s).default == 5
    s.answer(5)
    s.answer(3)                              # won
    s.answer("barbarian")
    s.answer(1)
    assert key(s) == "prompt.ap_total" and asked(s).default == 7   # attack 2 of 2: the last
    s = _teddy_attacks()
    s.answer(True)
    s.answer(5)
    s.answer(3)
    s.answer("none")                         # the player finds no target after all
    s.answer(0)
    assert entries(s, "log.teddy_slot4")
    assert data(s)["nw"]["military"] == 0 and data(s)["row"][0] == "masonry"
    assert data(s)["nw"]["culture"] == 2     # on the card in slot 4 (Early Empire)


def test_he_always_spends_natural_wonder_tokens_on_a_military_card_that_makes_no_attack(
        ) -> None:
    """AP rules, Leader Abilities (Teddy Roosevelt): "He always spends natural wonder tokens
    on a focus card he is resolving, even when the bonus for doing so is not needed." A
    military card with no target at all spends them as well: they go on the card in slot 4,
    and the log says "spends" once, for tokens that are spent."""
    s = _teddy_no_attack()
    assert entries(s, "log.teddy_spends") and entries(s, "log.teddy_slot4")
    assert data(s)["nw"]["military"] == 0 and sum(data(s)["nw"].values()) == 2


# --- A2 -------------------------------------------------------------------------------------
def test_a_card_taken_by_another_procedure_is_not_lost_twice() -> None:
    """AP rules, Wonders and Diplomacy (a card is counted by type for the AP's bonus): the
    audit's repro — the AP gains an economy wonder; "the AP loses a wonder" asks its type, and
    while that question is open a rival wins the AP's capital and takes that same wonder. The
    answer "economy" finds nothing left: a fresh question (here: none left), never −1."""
    s = new(1, leader="rome")
    s.start("gain_card")
    s.answer("wonder")
    s.answer("economy")
    assert data(s)["wonders"]["economy"] == 1
    s.start("lose_card")
    s.answer("wonder")
    assert key(s) == "prompt.card_type" and asked(s).choices == ["economy"]
    s.start("capital_lost")
    s.answer("economy")
    assert key(s) == "prompt.card_type"      # the interrupted question is back
    s.answer("economy")
    assert data(s)["wonders"]["economy"] == 0
    assert entries(s, "log.card_gone") and entries(s, "log.nothing_to_lose")
    assert key(s) == "prompt.first_turn"


def test_every_path_that_takes_a_card_away_asks_again_when_it_is_gone() -> None:
    """AP rules, Attacking Capitals (a rival "takes" the wonder in the AP's capital) and
    Attacking City-States (the AP returns the city-state's card first): as with "the AP loses
    a card", a card another procedure took meanwhile is not taken twice — the open question
    comes back with what is left."""
    s = new(1, leader="rome")
    data(s)["wonders"]["economy"] = 1
    s.start("capital_lost")
    assert asked(s).choices == ["none", "economy"]
    s.start("lose_card")                     # meanwhile the player records the loss there
    s.answer("wonder")
    s.answer("economy")
    assert key(s) == "prompt.capital_lost_wonder"
    s.answer("economy")                      # the answer given before: gone now
    assert entries(s, "log.card_gone") and asked(s).choices == ["none"]
    assert data(s)["wonders"]["economy"] == 0
    s = new(1, leader="rome")
    data(s)["city_states"]["science"] = 1
    s.start("attack_city_state")
    s.start("lose_card")
    s.answer("city_state")
    s.answer("science")
    assert key(s) == "prompt.return_which"
    s.answer("science")
    assert entries(s, "log.card_gone") and entries(s, "log.nothing_to_lose")
    assert data(s)["city_states"]["science"] == 0


def test_a_count_never_goes_below_zero_or_above_its_component_count() -> None:
    """The count invariant, AP side: 4 natural wonder tokens and 8 resources of each type
    are all the box holds (base game component list); the app offers no more."""
    s = new(1, leader="rome")
    s.start("gain_nw")
    assert asked(s).bounds == (1, cards.NATURAL_WONDERS)
    s.answer(4)
    s.start("gain_nw")
    assert entries(s, "log.nw_none_left")
    data(s)["resources"] = dict.fromkeys(cards.RESOURCES, cards.RESOURCES_PER_TYPE)
    s.start("gain_resources")
    s.answer(2)
    assert entries(s, "log.resources_none_left")
    assert all(v == cards.RESOURCES_PER_TYPE for v in data(s)["resources"].values())


# --- A3 -------------------------------------------------------------------------------------
def _capital_won_with_every_city_full(**options: str) -> Session:
    s = new(1, leader="rome", **options)
    data(s)["wonders"]["military"] = 1       # its only city, the capital, holds a wonder
    s.start("capital")
    s.answer("science")
    return s


def test_a_won_capitals_wonder_needs_an_ap_city_without_one() -> None:
    """AP rules, Attacking Capitals: "the AP moves any wonder in that city to their own city
    without a wonder that has the highest defense." With no such city nothing can move
    (reading ``full_cities = stays``): the wonder is not counted and no impossible move is
    shown; the app goes on to the two trade tokens."""
    s = _capital_won_with_every_city_full()
    assert data(s)["wonders"]["science"] == 0 and entries(s, "log.wonder_stays")
    assert key(s) == "prompt.capital_tokens"


def test_a_won_capitals_wonder_may_join_a_full_city_as_the_other_reading() -> None:
    """Reading ``full_cities = shared``: the wonder joins the AP's best-defended city anyway;
    later industry turns never count a negative number of free cities."""
    s = _capital_won_with_every_city_full(full_cities="shared")
    assert data(s)["wonders"]["science"] == 1 and entries(s, "log.wonder_shared")
    assert key(s) == "prompt.capital_tokens"


# --- A4 -------------------------------------------------------------------------------------
def test_the_ap_defends_with_its_military_bonus_and_names_its_defensive_pact() -> None:
    """AP rules, Wonders and Diplomacy: military wonders and city-state cards give +1 "whether
    the AP is the attacker or the defender"; "The AP uses the abilities on any player
    diplomacy cards it has except for Embassy": the defence question names its Defensive Pact
    and the app adds the bonus to the space's defence."""
    s = new(1, leader="rome")
    data(s)["wonders"]["military"] = 1
    data(s)["diplomacy"]["1"] = "defensive_pact"
    s.start("defend")
    assert key(s) == "prompt.defend_space" and asked(s).params["bonus"] == 1
    text = render(asked(s).key, asked(s).params, "en")
    assert "Defensive Pact" in text and "Player 1" in text
    s.answer(4)
    assert key(s) == "prompt.attacker_total" and asked(s).params["ap"] == 5


def _masonry_with_joint_war(target: str) -> Session:
    """Two humans; the AP holds player 1's Joint War and attacks ``target`` with Masonry."""
    s = new(2, leader="rome", humans=2)
    set_row(s, MASONRY_TURN)
    data(s)["diplomacy"]["1"] = "joint_war"
    s.answer(True)
    s.answer(target)
    s.answer(1)
    return s


def test_joint_war_adds_two_when_the_ap_attacks_anyone_but_its_owner() -> None:
    """AP rules, Wonders and Diplomacy ("The AP uses the abilities on any player diplomacy
    cards it has"); Joint War: "When attacking, increase your combat value by 2 unless you are
    attacking [the card's owner]". Against a barbarian it counts; against its owner it does
    not (with several rivals the app asks whose target it is)."""
    s = _masonry_with_joint_war("barbarian")
    assert key(s) == "prompt.ap_total" and asked(s).default == 5 + 2
    assert "Joint War" in render(asked(s).key, asked(s).params, "en")
    for rival, value in (("1", 5), ("2", 7)):
        s = _masonry_with_joint_war("rival_token")
        assert key(s) == "prompt.which_rival_attacked"
        s.answer(rival)
        assert key(s) == "prompt.ap_total" and asked(s).default == value


# --- A5 -------------------------------------------------------------------------------------
def test_the_aps_resources_of_a_type_the_supply_lacks_can_be_swapped() -> None:
    """AP rules, Gaining and Spending Resource Tokens: "If the supply runs out of a specific
    type of resource, players can change out the AP's resources of that type with other
    resources from the supply." A procedure does it; gaining a resource says so."""
    s = new(1, leader="rome")
    assert "swap_resources" not in [p["id"] for p in s.procedures]   # nothing to swap yet
    data(s)["resources"]["marble"] = 2
    s.start("swap_resources")
    assert asked(s).choices == ["marble"]
    s.answer("marble")
    assert "marble" not in asked(s).choices
    s.answer("oil")
    assert data(s)["resources"]["marble"] == 0 and data(s)["resources"]["oil"] == 2
    assert "supply runs out" in render("civ_new_dawn.why.random_resource", {}, "en")


@pytest.mark.parametrize("prompt", ["legal_spaces", "city_sites", "target_class",
                                    "lowest_defence"])
def test_counts_of_spaces_sites_and_targets_remind_any_terrain_except_water(prompt: str) -> None:
    """AP rules, Automated Player Turn: "Because the AP always resolves its card in the fifth
    slot, it will move through, count through, build in, and place in terrain of any type
    except for water, unless otherwise specified." Every count of legal spaces, city sites or
    targets says so."""
    params = {"card": "", "near": "", "range": 2, "water": "", "n": 1, "of": 2,
              "through": "", "target": ""}
    assert "except water" in render(f"civ_new_dawn.prompt.{prompt}", params, "uk").replace(
        "крім води", "except water")
    assert "but water" in render(f"civ_new_dawn.prompt.{prompt}", params, "en")


# --- A6 -------------------------------------------------------------------------------------
def _capitalism_then_idle_pottery(**options: str) -> Session:
    s = new(1, leader="rome", **options)
    set_row(s, ["astrology", "early_empire", "masonry", "pottery", "capitalism"])
    s.answer(True)
    for _ in range(3):
        s.answer("none")                     # no caravan destination
    s.answer(0)                              # Pottery through Capitalism: no wonder on offer
    s.answer(0)                              # and no city site: it did nothing
    return s


def test_the_ap_resets_that_card_without_resolving_it_after_capitalism() -> None:
    """AP rules, Clarifications (Industry Focus Cards): "When the AP's industry card replaces
    itself with the industry focus card of the next tech level, the AP resets that card
    without resolving it." Capitalism's "without resetting it" is of the card it resolved,
    which has been swapped away: the new card is reset (default, issue 33 point 3)."""
    s = _capitalism_then_idle_pottery()
    assert data(s)["row"][0] == "animal_husbandry"


def test_an_idle_card_resolved_through_capitalism_may_stay_as_the_other_reading() -> None:
    """Reading ``capitalism_idle = not_reset``: swapped, left in slot 5."""
    s = _capitalism_then_idle_pottery(capitalism_idle="not_reset")
    assert data(s)["row"][4] == "animal_husbandry"


@pytest.mark.parametrize(("reading", "most"), [("one_two", 5 + 2 * 2), ("one", 5 + 2)])
def test_teddys_natural_wonder_tokens_count_two_toward_a_wonder(reading: str,
                                                               most: int) -> None:
    """AP rules, Building Wonders ("each resource increases its production by 2", natural
    wonder tokens among them) and Leader Abilities (Teddy spends his tokens on the card he
    resolves): +2 each toward a wonder (reading ``teddy_nw_value = one_two``), or +1."""
    s = new(1, leader="america", teddy_nw_value=reading)
    set_row(s, ["astrology", "early_empire", "masonry", "foreign_trade", "pottery"])
    data(s)["nw"] = dict.fromkeys(cards.TYPES, 0) | {"industry": 2}
    s.answer(True)
    assert key(s) == "prompt.wonders_affordable" and asked(s).params["most"] == most


@pytest.mark.parametrize(("reading", "advance"), [("twice", 5 + 2), ("once", 5)])
def test_teddys_tokens_and_capitalism(reading: str, advance: int) -> None:
    """AP rules, Leader Abilities: tokens he spends go on the card in slot 4 — which
    Capitalism resolves the same turn. Reading ``teddy_nw_capitalism = twice``: they count
    there again at once; ``once``: they wait for a later turn."""
    s = new(1, leader="america", teddy_nw_capitalism=reading)
    set_row(s, ["early_empire", "masonry", "pottery", "astrology", "capitalism"])
    data(s)["nw"] = dict.fromkeys(cards.TYPES, 0) | {"economy": 2}
    s.answer(True)
    for _ in range(3):
        s.answer("none")
    assert data(s)["dial"] == advance


# --- issue 33, point 2 ------------------------------------------------------------------------
def test_the_box_has_four_natural_wonder_tokens_so_a_correction_offers_what_is_left() -> None:
    """AP rules, Natural Wonders (the box holds 4 tokens): two corrections within their
    bounds (4 on one card, then 4 on another) once made 8, and the AP turn resolving them was
    refused. A correction offers what is left of the box: 4 on the economy card leaves 0 for
    the culture card, and the pool."""
    s = new(1, leader="america")
    s.start("correct")
    s.answer("nw_economy")
    assert asked(s).bounds == (0, 4)
    s.answer(4)
    s.start("correct")
    s.answer("nw_culture")
    assert asked(s).bounds == (0, 0)
    s.cancel()
    s.start("correct")
    s.answer("nw_pool")
    assert asked(s).bounds == (0, 0)


def test_an_older_save_with_six_tokens_on_a_card_loads_and_the_card_resolves() -> None:
    """A save of an earlier release whose correction put 6 natural wonder tokens on Teddy's
    economy card (what it allowed: 8): it loads, carried down to the box's 4 with one
    sentence saying so, and the AP turn resolving that card goes on — never a refusal in the
    middle of a turn ("res.nw is out of range (0 to 4)")."""
    s = new(1, leader="america")
    set_row(s, ["astrology", "early_empire", "masonry", "pottery", "foreign_trade"])
    saved = json.loads(s.to_json())
    saved["snapshot"]["data"]["nw"]["economy"] = 6
    saved["game_version"] = 1
    loaded = automa.load_game(json.dumps(saved))
    assert data(loaded)["nw"]["economy"] == 4
    [carried] = [w for w in loaded.warnings if w["key"] == "warning.save.carried"]
    assert "6" in render(carried["key"], carried["params"], "en")
    for _ in range(40):
        if loaded.prompt is None or (data(loaded)["res"] is None and loaded.turn > s.turn):
            break
        p = loaded.prompt
        loaded.answer(p.default if p.default is not None else
                      True if p.kind in ("confirm", "yes_no", "scan") else p.choices[0])
    assert data(loaded)["nw"]["economy"] == 0


def test_a_correction_whose_room_was_taken_while_it_was_open_is_asked_again() -> None:
    """The box's 4 natural wonder tokens, with a correction open: the AP gains 4 meanwhile
    (a procedure started while the question waited), so the 3 first offered are no longer
    left — the answer is asked again with what is left, never 7 tokens in all (what the
    fuzzer over every reading found)."""
    s = new(1, leader="america")
    s.start("correct")
    s.answer("nw_industry")
    assert asked(s).bounds == (0, 4)
    s.start("gain_nw")
    s.answer(4)
    s.answer(3)
    assert s.prompt is not None and s.prompt.key == "core.correct.new_value"
    assert asked(s).bounds == (0, 0)
    assert sum(data(s)["nw"].values()) == 4


# --- issue 45, item 6: the 16 city-state diplomacy cards in all ---------------------------
def _correct(s: Session, correction: str, value: int) -> None:
    s.start("correct")
    s.answer(correction)
    s.answer(value)


def test_the_16_city_state_diplomacy_cards_are_capped_in_total_as_well_as_per_type() -> None:
    """The box holds 16 city-state diplomacy cards (base game component list): Rome, seed 1
    — the attack corrected culture, economy and military to 16 each, then gained a science
    card (49). Now each correction offers only what the other types leave, a gain finds no
    card left, and the AP never holds more than 16."""
    s = new(1, leader="rome")
    _correct(s, "city_states_culture", 10)
    s.start("correct")
    s.answer("city_states_economy")
    assert asked(s).choices[-1] == 6  # 16 in all: 10 are culture cards already
    with pytest.raises(automa.AutomaError):
        s.answer(16)
    s.answer(6)
    s.start("gain_card")
    s.answer("city_state")
    assert entries(s, "log.nothing_to_gain")  # no type is offered: none is left in the box
    assert sum(data(s)["city_states"].values()) == cards.CITY_STATE_CARDS


def test_a_city_state_visited_with_all_16_cards_held_gives_none() -> None:
    """A caravan arriving at a city-state whose card the AP lacks takes its card — if one is
    left in the box: with 16 held (all), it is logged as none left, not a 17th."""
    from automa.games.civ_new_dawn.actions import city_state_card
    from automa.games.civ_new_dawn.state import beyond_box

    s = new(1, leader="rome")
    data(s)["city_states"] = dict.fromkeys(cards.TYPES, 0) | {"culture": 8, "economy": 8}
    city_state_card(s._ctx(), "science")
    assert data(s)["city_states"]["science"] == 0
    assert beyond_box(s._ctx()) is None


def test_natural_wonder_tokens_never_beyond_the_box_s_four() -> None:
    """4 natural wonder tokens in the box (base game component list): 4 on each of Teddy
    Roosevelt's cards plus 4 in the pool (24) is beyond it, said in the player's words."""
    from automa.games.civ_new_dawn.state import beyond_box

    s = new(1, leader="america")
    data(s)["nw"] = dict.fromkeys(cards.TYPES, 4)
    data(s)["nw_pool"] = 4
    said = beyond_box(s._ctx())
    assert said is not None
    assert "24" in render(said["key"], said["params"], "en")
    assert "24" in render(said["key"], said["params"], "uk")
