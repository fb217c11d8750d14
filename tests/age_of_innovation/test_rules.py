"""The rulebook's worked examples and rules, each as a named test (Automa rules v1.1)."""

from __future__ import annotations

from typing import Any

import pytest

import automa
from automa.core.i18n import render
from automa.core.session import Session
from automa.games.age_of_innovation import data, directional
from tests.age_of_innovation.play import GAME, card_no, last_log, new, put, run_step, through_setup
from tests.corpus.frozen import FOLDERS, open_save
from tests.sessions import asked

# --- Directional Selection ------------------------------------------------------------------

def test_directional_selection_example_right_3_and_left_2() -> None:
    """Rulebook p.4: valid Deserts counted → 3 gives the 3rd; ← 2 the 2nd from the lower right."""
    deserts = ["d1", "d2", "d3", "d4", "d5"]  # the valid Deserts, in reading order
    assert directional.pick(deserts, "ltr", 3) == "d3"
    assert directional.pick(deserts, "rtl", 2) == "d4"


def test_left_4_wraps_around_over_taken_power_actions() -> None:
    """Rulebook p.4: ← 4 with 3 actions already taken picks the rightmost free action."""
    power = [1, 2, 3, 4, 5, 6]
    taken = [2, 4, 5]
    free = [a for a in power if a not in taken]
    assert directional.position(len(free), 4) == 1
    assert directional.pick(free, "rtl", 4) == 6


def test_block_power_action_with_left_4_in_the_game() -> None:
    """The app itself names the blocked Power action from the covered ones (card 10: ← 4)."""
    s = new()
    through_setup(s)
    assert data.card(card_no(10))["direction"] == "rtl" and data.card(card_no(10))["count"] == 4
    put(s, card_no(10), "support")
    run_step(s, "act_block_power_book")
    assert asked(s).kind == "pick_subset"
    s.answer([2, 4, 5])
    assert last_log(s, "log.power_blocked")["action"]["params"]["n"] == 6
    assert asked(s).key.endswith("book_free")
    assert asked(s).ui["pattern"] == {"kind": "zigzag", "direction": "rtl", "number": 4,
                                      "start": "lower_right"}


def test_directional_pattern_describes_the_zigzag_arrow() -> None:
    """prompt.ui["pattern"] carries the arrow: direction, number, where counting starts."""
    p = directional.pattern("ltr", 3, 5)
    assert (p["direction"], p["number"], p["start"], p["pick"], p["wraps"]) == (
        "ltr", 3, "upper_left", 3, False)


# --- Terraform and Build ----------------------------------------------------------------------

def test_terraform_and_build_example_lakes_closest_to_you_unmarked() -> None:
    """Rulebook p.7: blue Automa, Bring together, Lakes first by priority, the hex closest to
    your buildings; no Power token, as it is closer to an unmarked building."""
    s = new()
    through_setup(s, terrain="forest", native="lake")
    support = card_no(3)  # unmarked + Bring together, row B, → 3
    assert data.card(support)["bring_together"]
    put(s, support, "support")
    before = s.state["data"]["supply"]["workshop"]
    run_step(s, "act_terraform_build")
    assert asked(s).key.endswith("tb_in_reach")
    s.answer(False)  # no marked building in Reach of an unmarked one: Bring together applies
    assert asked(s).key.endswith("tb_bring_together")
    s.answer(True)
    assert asked(s).key.endswith("tb_atp_first")
    assert asked(s).choices[0] == "lake"  # her own terrain leads both rows
    assert asked(s).choices[-1] == "none"
    s.answer("lake")
    assert asked(s).key.endswith("tb_closest_count")
    s.answer(1)  # the yellow hex alone is closest to your buildings
    assert asked(s).key.endswith("tb_marked")
    s.answer(False)
    d = s.state["data"]
    assert d["supply"]["workshop"] == before - 1
    assert (d["marked"], d["unmarked"]) == (1, 2)


def test_shortest_distance_between_marked_and_unmarked_buildings_asked_when_needed() -> None:
    """Rulebook p.4/5: Bring together narrows only if no marked building is in Reach of an
    unmarked one; the question shows the distance rule (your buildings block the path)."""
    s = new()
    through_setup(s)
    put(s, card_no(3), "support")
    run_step(s, "act_terraform_build")
    assert asked(s).ui["rule"]["key"] == f"{GAME}.rule.distance"
    s.answer(True)  # already in Reach: no narrowing, straight to terrain priority
    assert asked(s).key.endswith("tb_atp_first")
    assert last_log(s, "log.tb_already_together")
    t = render(f"{GAME}.rule.distance")
    assert "Rivers" in t and "around yours" in t


def test_terraform_and_build_without_valid_hex_upgrades_instead() -> None:
    """If Terraform and Build cannot be done, she performs Upgrade a Building."""
    s = new()
    through_setup(s)
    put(s, card_no(1), "support")
    run_step(s, "act_terraform_build")
    assert asked(s).key.endswith("tb_atp_first")
    s.answer("none")
    assert last_log(s, "log.tb_no_hex")
    assert asked(s).key.endswith("up_adjacent")


def test_powermongers_ask_first_whether_any_hex_is_valid() -> None:
    """When a faction tiebreaker comes first, the app asks whether any hex is valid."""
    s = automa.new_game(GAME, {"faction": "powermongers"}, seed=1)
    through_setup(s)
    put(s, card_no(1), "support")
    run_step(s, "act_terraform_build", variant="powermongers")
    assert asked(s).key.endswith("tb_any_valid")
    s.answer(True)
    assert asked(s).key.endswith("tb_most_power")


def test_terraform_and_build_with_no_workshop_left_upgrades() -> None:
    """Condition: at least one Workshop in her supply; otherwise Upgrade."""
    s = new()
    through_setup(s)
    s._state["data"]["supply"]["workshop"] = 0
    put(s, card_no(1), "support")
    run_step(s, "act_terraform_build")
    assert last_log(s, "log.tb_no_workshop")
    assert asked(s).key.endswith("up_adjacent")


@pytest.mark.parametrize(("variant", "stages"), [
    ("", ["atp", "closest_count"]),
    ("kuddlers", ["closest", "atp_yours", "count"]),
    ("mimics", ["atp_yours", "closest_count"]),
    ("powermongers", ["most_power", "atp", "closest_count"]),
])
def test_faction_tiebreakers_come_before_the_general_ones(variant: str, stages: list[str]) -> None:
    """For a Faction action, the faction's tiebreakers first, then the general ones."""
    from automa.games.age_of_innovation.actions import tb_stages

    assert tb_stages(variant, 3) == stages


# --- Upgrade ----------------------------------------------------------------------------------

def test_upgrade_guild_becomes_palace_rather_than_school() -> None:
    """Rulebook p.7: she upgrades to the highest Power value building (Guild → Palace)."""
    from automa.games.age_of_innovation.actions import upgrade_target

    s = new()
    through_setup(s)
    ctx = s._ctx()
    assert upgrade_target(ctx, "guild") == "palace"
    ctx.data["supply"]["palace"] = 0
    assert upgrade_target(ctx, "guild") == "school"
    assert upgrade_target(ctx, "workshop") == "guild"


def test_upgrade_prefers_a_workshop_next_to_you() -> None:
    """First tiebreaker: a Workshop adjacent to your buildings."""
    s = new()
    through_setup(s)
    put(s, card_no(6), "support")  # → 1: no count needed
    run_step(s, "act_upgrade")
    s.answer(True)
    assert asked(s).key.endswith("up_least_power")
    s.answer(True)
    assert asked(s).key.endswith("up_one")
    s.answer(True)
    assert last_log(s, "log.upgraded")["action"]["params"]["new"]["key"].endswith("guild")
    assert s.state["data"]["supply"]["guild"] == 3


# --- Gain Points, difficulty, deck ------------------------------------------------------------

def test_gain_points_x_example_automalein() -> None:
    """Rulebook p.6: X is 0 points in rounds 1-2 and 1 point in rounds 3-4 (Automalein)."""
    assert data.levels()["automalein"]["x"][:4] == [0, 0, 1, 1]


def test_sailing_values_on_automa_difficulty() -> None:
    """Rulebook p.4: Automa difficulty sails 0 in rounds 1-2, 1 in 3-4, 2 in 5-6."""
    assert data.levels()["automa"]["sailing"] == [0, 0, 1, 1, 2, 2]


@pytest.mark.parametrize(("level", "size"), [
    ("automalein", 5), ("automa", 6), ("automachtig", 7), ("ultoma", 8), ("alptrauma", 8)])
def test_starting_deck_adjusted_by_difficulty(level: str, size: int) -> None:
    """Rulebook p.4: the starting deck per difficulty; the bottom two cards turned sideways."""
    s = automa.new_game(GAME, {"difficulty": level}, seed=4)
    through_setup(s)
    deck = s.pile("deck")
    assert len(deck) == size
    assert [c["marks"] for c in deck[-2:]] == [["sideways"], ["sideways"]]
    assert all(not c["marks"] for c in deck[:-2])
    numbers = {data.card(c["card"])["number"] for c in deck}
    if level == "automalein":
        assert 3 not in numbers and s.pile("reserve")[0]["card"] == card_no(3)
    if level == "alptrauma":
        assert 13 in numbers
    assert {1, 2, 4, 5, 6} <= numbers


def test_first_workshops_from_a_random_decision_cards_setup_letters() -> None:
    """Rulebook p.3: two letters from a random card; the one with the Power token is marked."""
    s = new()
    while not asked(s).key.endswith("setup.workshops"):
        p = asked(s)
        s.answer(p.choices[0] if p.kind == "pick_one" else True)
    c = data.card(asked(s).ui["card"])
    assert asked(s).ui["highlight"] == ["setup"]
    her = next(step for step in asked(s).ui["steps"] if step["key"].endswith("her_workshops"))
    assert (her["params"]["marked"], her["params"]["unmarked"]) == (
        c["setup_marked"], c["setup_unmarked"])


def test_native_terrain_never_the_players() -> None:
    """Rulebook step 8: her native terrain differs from yours (also when drawn)."""
    for seed in range(20):
        s = automa.new_game(GAME, {"random_terrain": True}, seed=seed)
        through_setup(s, terrain="swamp")
        assert s.state["data"]["native"] != "swamp"
    s = new()
    while not asked(s).key.endswith("native_terrain"):
        s.answer("swamp" if asked(s).key.endswith("your_terrain") else True)
    assert "swamp" not in asked(s).choices and len(asked(s).choices) == 6


def test_first_turn_of_a_round_draws_two_second_card_is_the_action_card() -> None:
    """Rulebook p.5: two cards on her first turn; the second drawn goes left (Action card)."""
    s = new()
    through_setup(s)
    top_two = [c["card"] for c in s.pile("deck")[:2]]
    s.answer(True)
    assert s.pile("support")[0]["card"] == top_two[0]
    assert s.pile("action")[0]["card"] == top_two[1]


def test_action_card_slides_onto_the_support_pile() -> None:
    """Later turns: the previous Action card becomes the Support card."""
    s = new()
    through_setup(s)
    s.answer(True)
    while not asked(s).key.endswith("prompt.ready"):
        p = asked(s)
        s.answer(p.default if p.default is not None else (
            [] if p.kind == "pick_subset" else
            {str(c): 0 for c in p.choices} if p.kind == "values" else
            p.choices[0] if p.kind in ("pick_one", "count") else True))
    action = s.pile("action")[0]["card"]
    s.answer(True)
    assert s.pile("support")[0]["card"] == action


def test_sideways_card_with_pass_icon_makes_her_pass() -> None:
    """Rulebook p.5: a sideways card with the pass icon: ignore it, she passes."""
    s = new()
    through_setup(s)
    ctx = s._ctx()
    ctx.data["first_turn"] = False
    put(s, card_no(1), "action")
    deck = ctx.piles["deck"]
    passing = card_no(2)  # shows the pass icon
    assert data.card(passing)["pass_icon"]
    put(s, passing, "deck")
    deck.mark(passing, "sideways")
    score = ctx.data["score"]
    run_step(s, "automa_turn")
    assert last_log(s, "log.sideways_pass")
    assert s.state["data"]["passed"]
    assert s.state["data"]["score"] > score


def test_empty_deck_makes_her_pass_and_the_arrow_picks_the_bonus_tile() -> None:
    """Rulebook p.5-6: empty deck → pass; the Support card's 3-bar arrow picks the tile."""
    s = new()
    through_setup(s)
    ctx = s._ctx()
    ctx.data["first_turn"] = False
    for c in list(ctx.piles["deck"].cards):
        ctx.piles.move(c, "deck", "reserve")
    put(s, card_no(5), "action")  # becomes the Support card: middle tile
    reserve_before = len(s.pile("reserve"))
    run_step(s, "automa_turn")
    assert last_log(s, "log.deck_empty")
    assert last_log(s, "log.pass_bonus")["action"]["params"]["tile"]["key"].endswith("middle")
    assert len(s.pile("reserve")) == reserve_before - 1
    # her pass is a checklist for the table; you now pass and pick your tile
    assert asked(s).key.endswith("you_pass")
    keys = [e["key"].split(".log.")[1] for e in s.turn_summary()]
    assert keys == ["pass_points", "pass_bonus", "turn_order", "deck_rebuilt"]
    deck = s.pile("deck")
    assert [c["marks"] for c in deck[-2:]] == [["sideways"], ["sideways"]]


def test_racelings_first_to_pass_score_the_round_tile_twice() -> None:
    """Racelings: first to pass, she scores the round tile's points again."""
    s = automa.new_game(GAME, {"faction": "racelings"}, seed=2)
    through_setup(s)
    ctx = s._ctx()
    score = ctx.data["score"]
    run_step(s, "automa_pass")
    from automa.games.age_of_innovation.state import round_tile_points

    assert s.state["data"]["score"] == score + 2 * round_tile_points(s._ctx())


# --- Science ------------------------------------------------------------------------------------

def test_send_scholar_to_the_round_tile_discipline() -> None:
    """Support icon "Round Score tile": the discipline of the Automa icon on the tile."""
    s = new()
    through_setup(s)
    put(s, card_no(1), "support")  # round tile selection
    from automa.games.age_of_innovation.state import round_tile

    d = round_tile(s._ctx())["discipline"]
    level = s.state["data"]["disciplines"][d]
    run_step(s, "act_send_scholar")
    assert asked(s).key.endswith("level12")
    s.answer(False)
    assert asked(s).key.endswith("scholar_space")
    s.answer(3)
    assert s.state["data"]["disciplines"][d] == level + 3
    assert s.state["data"]["scholars"] == 6


def test_catch_up_discipline_at_zero_first_then_closest_then_arrow() -> None:
    """Catch-up: her marker at 0; else closest to yours; else Directional Selection."""
    s = automa.new_game(GAME, {"faction": "druids"}, seed=1)  # Medicine +2, others 0
    through_setup(s)
    put(s, card_no(2), "support")  # catch-up, ← 1
    run_step(s, "act_advance_discipline")
    assert asked(s).kind == "values"
    assert asked(s).choices == ["banking", "law", "engineering", "medicine"]
    s.answer({"banking": 3, "law": 0, "engineering": 0, "medicine": 5})
    # Law and Engineering tie at distance 0; ← 1 takes the last of them in reading order
    assert s.state["data"]["disciplines"]["engineering"] == 1


def test_two_player_catch_up_asks_the_highest_marker() -> None:
    """2-player variant: closest to the highest human marker."""
    s = automa.new_game(GAME, {"variant": "two_players", "faction": "druids"}, seed=1)
    through_setup(s)
    assert s.state["data"]["faction"] == "simpletons"
    s._state["data"]["disciplines"] = {"banking": 0, "law": 0, "engineering": 2, "medicine": 2}
    put(s, card_no(2), "support")
    run_step(s, "act_advance_discipline")
    assert asked(s).key.endswith("highest_levels")


# --- 2-player variant -----------------------------------------------------------------------

def test_two_player_variant_simpletons_third_and_both_of_you() -> None:
    """2 players: The Simpletons only, the Automa third, "you" means both human players."""
    s = automa.new_game(GAME, {"variant": "two_players", "faction": "mimics"}, seed=3)
    assert s.log[0]["action"]["key"] == f"{GAME}.log.two_player_simpletons"
    while not asked(s).key.endswith("automa_components"):
        p = asked(s)
        s.answer(p.choices[:2] if p.kind == "pick_subset" else
                 p.choices[0] if p.kind == "pick_one" else True)
    place = next(step for step in asked(s).ui["steps"] if step["key"].endswith("turn_order"))
    assert place["params"]["place"] == 3
    assert len(s.state["data"]["player_terrains"]) == 2
    assert render(f"{GAME}.you.both") == "both of you"
    assert s.state["data"]["faction"] == "simpletons"


def test_player_pass_procedure_offered_while_waiting() -> None:
    """While waiting for her turn you may pass; starting the procedure records the pass."""
    s = new()
    through_setup(s)
    assert [p["id"] for p in s.procedures] == ["you_pass", "correct"]
    s.start("you_pass")
    assert asked(s).key.endswith("ready_round")
    assert s.state["data"]["pass_order"] == ["human"]
    assert last_log(s, "log.you_passed")
    assert [p["id"] for p in s.procedures] == ["correct"]


def test_your_pass_needs_no_bonus_tile_choice() -> None:
    """Passing: you put your old tile where the new one was, so the row the Automa's arrow
    points at never changes and the app does not ask which tile you took."""
    s = new()
    through_setup(s)
    run_step(s, "automa_pass")
    assert asked(s).key.endswith("you_pass")
    assert asked(s).kind == "confirm"
    s.answer(True)
    assert last_log(s, "log.you_passed")
    assert s.state["data"]["automa_position"] == 1  # she passed first: she starts round 2
    assert s.state["data"]["round"] == 2


def test_upgrade_adjacent_workshops_named_in_the_least_power_question() -> None:
    """Upgrade tiebreaker 2 works on what tiebreaker 1 kept: her Workshops next to you."""
    s = new()
    through_setup(s)
    put(s, card_no(6), "support")
    run_step(s, "act_upgrade")
    s.answer(True)
    assert asked(s).params["among"]["key"].endswith("up_set.adjacent")
    assert "Workshops next to any building of yours" in render(asked(s).key, asked(s).params)


def test_symbionts_youth_terrain_chosen_like_her_native_terrain() -> None:
    """Symbionts: her youth terrain is chosen (drawn in the random variant), never yours."""
    s = automa.new_game(GAME, {"faction": "symbionts"}, seed=1)
    while not asked(s).key.endswith("youth_terrain"):
        p = asked(s)
        s.answer("forest" if p.key.endswith("your_terrain") else
                 "lake" if p.key.endswith("native_terrain") else True)
    assert "forest" not in asked(s).choices and "lake" not in asked(s).choices
    s.answer("swamp")
    assert s.state["data"]["youth"] == "swamp"
    s = automa.new_game(GAME, {"faction": "symbionts", "random_terrain": True}, seed=1)
    while s.state["data"].get("youth") is None:
        s.answer("forest" if asked(s).key.endswith("your_terrain") else True)
    assert s.state["data"]["youth"] not in ("forest", s.state["data"]["native"])


def test_passing_in_round_6_scores_the_final_round_score_tile() -> None:
    """Round 6: her pass points come from the Final Round Score tile (later side)."""
    s = new()
    through_setup(s)
    s._state["data"]["round"] = 6
    score = s.state["data"]["score"]
    run_step(s, "automa_pass")
    tile = data.tiles()[s.state["data"]["final_tile"]]
    assert s.state["data"]["score"] == score + tile["points_late"]
    entry = last_log(s, "log.pass_points")
    assert entry["action"]["params"]["tile"]["key"].endswith("tile_of.final")
    assert asked(s).key.endswith("you_pass_last")


def test_arrow_1_names_the_first_option_in_its_direction_without_counting() -> None:
    """Directional Selection with 1: no count is needed, but several options may be left;
    she takes the first valid one met in the arrow's direction (not "the only one")."""
    s = new()
    through_setup(s)
    put(s, card_no(2), "support")  # ← 1
    run_step(s, "act_upgrade")
    s.answer(False)  # no Workshop next to you
    assert asked(s).kind == "confirm"  # keep the least-Power ones; no count asked
    s.answer(True)
    pick = asked(s).params["pick"]
    assert pick["key"].endswith(".pick_first")
    text = render(asked(s).key, asked(s).params)
    assert "lower-right" in text and "number 1" in text


@pytest.mark.parametrize("seed", range(12))
def test_spade_round_score_tile_never_in_round_5_or_6(seed: int) -> None:
    """Setup step 2: the Round Score tile with the Spade cannot lie in round 5 or 6."""
    s = automa.new_game(GAME, {}, seed=seed)
    tiles = s.state["data"]["round_tiles"]
    assert len(set(tiles)) == 6
    assert not any(data.tiles()[t]["spade"] for t in tiles[4:])
    assert data.tiles()[s.state["data"]["final_tile"]]["kind"] == "final"


def _correct(s: Session, correction: str, value: Any) -> None:
    """Correct a tracked value through the player's procedure, then back to the question."""
    s.start("correct")
    s.answer(correction)
    s.answer(value)


@pytest.mark.parametrize("when", ["up_adjacent", "up_least_power", "up_one"])
def test_upgrade_after_correcting_every_workshop_back_to_the_supply_says_none(
        when: str) -> None:
    """All Workshops corrected back to her supply while the upgrade was being asked: she
    cannot upgrade (an empty list of kinds once raised a bare ValueError)."""
    s = new()
    through_setup(s)
    put(s, card_no(6), "support")
    run_step(s, "act_upgrade")
    while not asked(s).key.endswith(when):
        s.answer(True)
    _correct(s, "supply_workshop", int(data.base()["buildings"]["workshop"]["count"]))
    assert asked(s).key.endswith(when)
    s.answer(True)
    assert s.prompt is None  # the upgrade was the only step run
    assert s.log[-1]["action"]["key"] == f"{GAME}.log.upgrade_none"
    assert s.state["data"]["supply"]["guild"] == 4  # nothing was upgraded


# --- Set-up draws: drawn by the app, or entered as drawn from the box ------------------------
DRAW, ENTER = True, "enter"


def _until(s: Session, suffix: str) -> None:
    """Answer the set-up questions with the app's draws until the question ``suffix``."""
    while not asked(s).key.endswith(suffix):
        p = asked(s)
        s.answer(p.choices[0] if p.kind == "pick_one" else
                 p.choices[:2] if p.kind == "pick_subset" else True)


def _pictures(s: Session) -> list[tuple[str, Any]]:
    return [data.read_picture(c["card"]) for c in asked(s).ui.get("cards", [])]


@pytest.mark.parametrize("variant", ["solo", "two_players"])
def test_every_setup_draw_is_offered_drawn_or_entered_in_one_tap(variant: str) -> None:
    """Setup steps 2-4, 6 and 9 (and the 2-player variant's tile for her): each draw is shown
    as a picture, "Done" is one tap and the suggested answer, "I drew mine" the other."""
    s = automa.new_game(GAME, {"variant": variant}, seed=3)
    shown = []
    while not asked(s).key.endswith("setup.workshops"):
        p = asked(s)
        if p.kind == "pick_one" and p.choices == [DRAW, ENTER]:
            assert p.default is DRAW
            shown += [kind for kind, _ in _pictures(s)]
        s.answer(p.choices[0] if p.kind == "pick_one" else
                 ["lake", "forest"] if p.kind == "pick_subset" else True)
    assert shown == ["score", "palace", "offer", "bonus"]


def test_palace_tiles_only_2_random_and_tile_17() -> None:
    """Setup step 4: only 2 random Palace tiles, and Palace tile #17 beside them."""
    for seed in range(10):
        s = automa.new_game(GAME, {}, seed=seed)
        (_, tiles), = [x for x in _pictures(s) if x[0] == "palace"]
        assert len(set(tiles)) == 2 and 17 not in tiles
        step = next(x for x in asked(s).ui["steps"] if x["key"].endswith("palace_drawn"))
        assert (step["params"]["a"], step["params"]["b"]) == tuple(tiles)
    s.answer(DRAW)
    assert last_log(s, "log.palace")["action"]["params"] == {"a": tiles[0], "b": tiles[1]}


def test_your_faction_3_planning_displays_with_2_faction_tiles_each() -> None:
    """Setup step 6: 3 random Planning Display cards, 2 random Faction tiles on each."""
    for seed in range(10):
        s = automa.new_game(GAME, {}, seed=seed)
        _until(s, "player_faction")
        (_, offer), = _pictures(s)
        assert len({t for t, _, _ in offer}) == 3
        factions = [n for _, a, b in offer for n in (a, b)]
        assert len(set(factions)) == 6 and all(1 <= n <= 12 for n in factions)


def test_5_round_bonus_tiles_the_first_is_hers() -> None:
    """Setup step 9: 5 random Round Bonus tiles in a line; the Automa gets the first one."""
    s = new()
    _until(s, "setup.bonus")
    (_, (row, hers)), = _pictures(s)
    assert len(set(row)) == 5 and hers is None
    s.answer(DRAW)
    assert last_log(s, "log.bonus")["action"]["params"]["hers"] == row[0]


def test_two_players_give_her_a_random_tile_not_in_the_game() -> None:
    """2-player variant: she gets a random one of the unselected Round Bonus tiles, so 6
    tiles are in the game."""
    for seed in range(10):
        s = automa.new_game(GAME, {"variant": "two_players"}, seed=seed)
        _until(s, "setup.bonus_two")
        (_, (row, hers)), = _pictures(s)
        assert hers is not None and len(set(row) | {hers}) == 6


def test_draw_for_me_keeps_every_other_draw_of_the_same_seed() -> None:
    """The app's set-up draws never move the game's generator: her tiles, her first
    Workshops' card and her deck are those of the same seed before the draws were added
    (an older save's answers replay to the same game)."""
    s = new()
    before = list(s.state["rng"])
    while asked(s).key.split(".")[-1] not in ("your_terrain", "native_terrain"):
        s.answer(DRAW)
    assert s.state["rng"] == before


def test_round_score_tiles_drawn_from_the_box_are_entered() -> None:
    """Setup step 2: a player who drew her Round Score tiles enters them round by round, the
    app's draw suggested, then the Final tile and the Palace tiles; the tiles then score and
    pick her discipline as drawn."""
    s = new()
    s.answer(ENTER)
    for r in range(1, 7):
        assert asked(s).key.endswith("enter_round") and asked(s).params == {"n": r}
        drawn = s.state["data"]["round_tiles"][r - 1]
        assert asked(s).default == (drawn if drawn in asked(s).choices else None)
        s.answer(f"r{r:02}")
    s.answer("f04")
    s.answer(5)
    assert 5 not in asked(s).choices
    s.answer(2)
    assert s.state["data"]["round_tiles"] == ["r01", "r02", "r03", "r04", "r05", "r06"]
    assert s.state["data"]["final_tile"] == "f04"
    assert _pictures(s) == [("score", (["r01", "r02", "r03", "r04", "r05", "r06"], "f04")),
                            ("palace", [2, 5])]
    s.answer(DRAW)
    assert last_log(s, "log.palace")["action"]["params"] == {"a": 2, "b": 5}


def test_an_entered_tile_is_never_offered_twice_nor_the_spade_tile_in_round_5_or_6() -> None:
    """Setup step 2: each tile lies on one round; the Spade tile cannot be placed in round 5
    or 6."""
    s = new()
    s.answer(ENTER)
    spade = next(t for t, v in data.tiles().items() if v["spade"])
    for r in range(1, 7):
        assert "r01" not in asked(s).choices or r == 1
        assert (spade in asked(s).choices) is (r < 5)
        s.answer("r01" if r == 1 else next(t for t in asked(s).choices if t != spade))


def test_faction_offer_and_bonus_tiles_drawn_from_the_box_are_entered() -> None:
    """Setup steps 6 and 9: the offer and the bonus row as drawn, each tile once."""
    s = new()
    _until(s, "player_faction")
    s.answer(ENTER)
    s.answer(["lake", "desert", "mountain"])
    for n in (2, 1, 4, 3, 6, 5):
        s.answer(n)
    assert _pictures(s) == [("offer", [("lake", 1, 2), ("desert", 3, 4), ("mountain", 5, 6)])]
    s.answer(DRAW)
    _until(s, "setup.bonus")
    s.answer(ENTER)
    assert asked(s).key.endswith("enter_bonus_first")
    for n in (10, 9, 8, 7, 6):
        assert n in asked(s).choices
        s.answer(n)
    assert _pictures(s) == [("bonus", ([10, 9, 8, 7, 6], None))]
    s.answer(DRAW)
    assert last_log(s, "log.bonus")["action"]["params"] == {"tiles": "10, 9, 8, 7, 6",
                                                            "hers": 10}


def test_two_players_enter_the_row_and_her_tile_from_the_box() -> None:
    """2-player variant: the 5 tiles laid out, then hers, each tile once."""
    s = automa.new_game(GAME, {"variant": "two_players"}, seed=3)
    _until(s, "setup.bonus_two")
    s.answer(ENTER)
    for n in (1, 2, 3, 4, 5):
        s.answer(n)
    assert asked(s).key.endswith("enter_bonus_hers") and 5 not in asked(s).choices
    s.answer(10)
    assert _pictures(s) == [("bonus", ([1, 2, 3, 4, 5], 10))]


def test_round_6_score_tile_is_correctable() -> None:
    """Setup step 2 names six Round Score tiles: the sixth can be corrected like the others."""
    s = new()
    through_setup(s)
    s.start("correct")
    assert "tile_6" in asked(s).choices
    s.answer("tile_6")
    s.answer("r12")
    assert s.state["data"]["round_tiles"][5] == "r12"


@pytest.mark.parametrize("name", ["automalein-simpletons.mid.json.gz",
                                  "alptrauma-gognomes-random.undo-redo.json.gz",
                                  "automachtig-druids-two-players.finished.json.gz"])
def test_games_saved_before_the_setup_draws_replay_with_their_undo_history(name: str) -> None:
    """A game saved by the first release, past its set-up, replays answer by answer to the
    same game: "Done" answers each draw as the old confirmation did, and the draws leave every
    other draw of the seed as it was."""
    s = open_save(FOLDERS[0] / "saves" / GAME / name)
    assert not s.history_dropped and not s.warnings and s.can_undo
