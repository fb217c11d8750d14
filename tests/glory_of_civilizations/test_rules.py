"""The automa rules of seeds/003 (Glory of Civilizations), one named test per rule."""

from __future__ import annotations

from typing import Any

import pytest

import automa
from automa.games.glory_of_civilizations import data
from automa.games.glory_of_civilizations.rounds import reform_choice, vote_target
from tests.glory_of_civilizations.play import at, bot, card, deck, logged, new, run
from tests.sessions import asked


def _row(s: Any) -> list[str]:
    return list(bot(s)["row"])


def _first_turn(s: Any) -> Any:
    return run(s, at("prompt.ready"))


@pytest.mark.parametrize(("difficulty", "size"), [("easy", 4), ("medium", 5), ("hard", 6)])
def test_row_size_by_difficulty(difficulty: str, size: int) -> None:
    """"Lay out a row of 4, 5 or 6 cards by difficulty (easy/medium/hard)"."""
    s = _first_turn(new({"difficulty": difficulty}))
    assert len(_row(s)) == size
    assert len(s._state["piles"]["row"]["cards"]) == size


def test_row_size_newer_revision_is_four_plus_age() -> None:
    """The flagged reading of the newer revision: 4 + the current age (age I: 5)."""
    s = _first_turn(new({"difficulty": "hard", "row_rule": "age"}))
    assert len(_row(s)) == 5


def test_twelve_random_cards_for_the_game() -> None:
    """Setup: "select 12 random cards for the game, the rest go back to the box"."""
    s = _first_turn(new())
    piles = s._state["piles"]
    in_game = len(piles["deck"]["cards"]) + len(piles["row"]["cards"])
    assert in_game == 12
    assert len(piles["box"]["cards"]) == len(data.companion_deck()) - 12


def face_up(s: automa.Session) -> int:
    """The cards of the row shown face up (the others lie face down, their fronts unseen)."""
    return sum(1 for c in s.view()["cards"] if not c.get("face_down"))


def test_three_cards_face_up_then_one_revealed_per_activation() -> None:
    """First three face up; after each activation the next is turned up (3 unactivated seen)."""
    s = _first_turn(new({"difficulty": "hard"}))
    assert face_up(s) == 3
    s.answer(True)
    s = run(s, at("prompt.ready"))
    assert face_up(s) == 4
    assert len(logged(s, "log.reveal")) == 1


def test_first_card_uses_its_own_arrow_then_the_previous_cards_pointer() -> None:
    """The first card of a row plays the row with its own arrow; every later card plays the
    row the previous card's pointer names."""
    cards = [card(i, pointer=(i % 4) + 1, main=["gather", "produce", "market", "gather"])
             for i in range(1, 13)]
    s = run(new({"difficulty": "hard"}, cards), at("prompt.others_pass"))
    row = _row(s)
    planned = [e["action"]["params"]["row"] for e in logged(s, "log.planned")]
    expected = [data.card(row[0])["pointer"]] + [data.card(c)["pointer"] for c in row[:4]]
    assert planned == expected  # the sixth card of round 1 reforms instead


def test_impossible_action_falls_to_the_row_below() -> None:
    """"If the planned main action is impossible, perform the one in the row below"."""
    cards = deck(main=["spread_religion", "produce", "market", "gather"], pointer=1)
    s = new({}, cards)
    s = run(s, lambda s: bool(logged(s, "log.storage")))
    assert logged(s, "log.impossible")[0]["action"]["params"]["row"] == 1
    assert bot(s)["storage"]["mead"] == 2  # row 2: produce


def test_nothing_possible_below_row_four_passes_the_turn() -> None:
    """No action found going down the list: the turn passes to the next player."""
    cards = deck(main=["gather", "produce", "market", "spread_religion"], pointer=4)
    s = run(new({}, cards), lambda s: bool(logged(s, "log.no_action")))
    assert bot(s)["storage"]["food"] == 0


def test_wrap_reading_tries_row_one_after_row_four() -> None:
    """The flagged reading "wrap": after row 4 the fall-through goes on from row 1."""
    cards = deck(main=["gather", "produce", "market", "spread_religion"], pointer=4)
    s = run(new({"fallthrough": "wrap"}, cards), lambda s: bool(logged(s, "log.storage")))
    assert not logged(s, "log.no_action")
    assert bot(s)["storage"]["food"] == 1


def test_action_cubes_one_first_time_two_after() -> None:
    """"The first time in a round 1 cube on the area; later in the same round 2"."""
    s = run(new({}, deck(main=["gather"] * 4)), lambda s: len(logged(s, "log.cubes")) >= 4)
    ns = [(e["action"]["params"]["area"]["key"].rsplit(".", 1)[1], e["action"]["params"]["n"])
          for e in logged(s, "log.cubes")]
    assert ns[:4] == [("mill", 1), ("sawmill", 1), ("mill", 2), ("sawmill", 2)]
    assert bot(s)["cubes"]["mill"] == 3


def test_cubes_counted_afresh_each_round() -> None:
    """Cleanup takes the cubes back: the next round starts again with 1."""
    s = run(new({"difficulty": "easy"}, deck(main=["gather"] * 4)),
            lambda s: s._state["data"]["round"] == 2 and any(bot(s)["cubes"].values()))
    assert bot(s)["cubes"]["mill"] == 1


def test_pass_when_the_whole_row_is_activated_and_first_to_pass_is_first_player() -> None:
    """All cards activated: the automa passes; passing first makes it first player."""
    s = run(new({"difficulty": "easy"}), at("prompt.someone_passed"))
    assert bot(s)["activated"] == 4 and bot(s)["passed"]
    s.answer(False)
    assert bot(s)["first_player"] is True
    assert logged(s, "log.first_player")


def test_not_first_player_when_someone_passed_before() -> None:
    """Another player passed earlier: the automa does not take the first-player token."""
    s = run(new({"difficulty": "easy"}), at("prompt.someone_passed"))
    s.answer(True)
    assert bot(s)["first_player"] is False


def test_tech_pairs_slide_and_skip_the_fourth_row_with_few_players() -> None:
    """Technology: pairs (n1,n2), (n2,n3), (n3,n4); no fourth row with 2-3 players."""
    prio = [{"terrain": "meadow", "number": n, "direction": "n"} for n in (4, 1, 2, 3)]
    cards = deck(priority=prio, free=["tech", "coins"])
    s = run(new({"players": 2}, cards), at("prompt.tech"))
    assert logged(s, "log.tech_no_row4")
    assert (asked(s).params["row"], asked(s).params["col"]) == (1, 2)
    s.answer(False)
    assert (asked(s).params["row"], asked(s).params["col"]) == (2, 3)
    s.answer(True)
    assert logged(s, "log.tech")[0]["action"]["params"] == {"row": 2, "col": 3}


def test_tech_fourth_row_asked_with_four_players_and_three_tries_at_most() -> None:
    """With 4 players row 4 exists; after three failed pairs no technology is taken."""
    prio = [{"terrain": "meadow", "number": n, "direction": "n"} for n in (4, 1, 2, 3)]
    s = run(new({"players": 4}, deck(priority=prio, free=["tech", "coins"])), at("prompt.tech"))
    assert (asked(s).params["row"], asked(s).params["col"]) == (4, 1)
    s.answer(False)
    s.answer(False)
    s.answer(False)
    assert logged(s, "log.no_tech")


@pytest.mark.parametrize(("numbers", "government", "religion"), [
    ([1, 2, 3, 4], "autocracy", "islam"),
    ([2, 4, 1, 3], "democracy", "paganism"),
    ([3, 1, 4, 2], "theocracy", "buddhism"),
    ([4, 3, 1, 2], "theocracy", "buddhism"),  # 4 = skip: the 2nd and 3rd numbers
    ([4, 2, 3, 1], "democracy", "christianity"),
])
def test_reform_maps_with_four_meaning_skip(numbers: list[int], government: str,
                                            religion: str) -> None:
    """Reform: government 1 Autocracy, 2 Democracy, 3 Theocracy, 4 skip; religion 1 Buddhism,
    2 Islam, 3 Christianity, 4 Paganism (fixed maps, never sorted translated names)."""
    assert reform_choice(numbers)[:2] == (government, religion)


def test_reform_replaces_the_last_main_action_of_round_one() -> None:
    """"At the end of round 1, instead of its main action from its last card, it reforms"."""
    prio = [{"terrain": "meadow", "number": n, "direction": "n"} for n in (3, 4, 1, 2)]
    s = run(new({"difficulty": "easy"}, deck(priority=prio)), at("prompt.someone_passed"))
    assert len(logged(s, "log.planned")) == 3
    assert (bot(s)["government"], bot(s)["religion"]) == (
        "theocracy", "paganism")


def test_reform_map_does_not_depend_on_the_language() -> None:
    """The maps are data in the rulebook's (Ukrainian) order, fixed by id."""
    assert data.religions() == ("buddhism", "islam", "christianity", "paganism")
    assert data.governments() == ("autocracy", "democracy", "theocracy")


@pytest.mark.parametrize(("numbers", "event", "extra"), [
    ([1, 2, 3, 4], 1, 0), ([3, 1, 2, 4], 3, 0), ([4, 2, 1, 3], 2, 1), ([4, 4, 3, 1], 3, 2)])
def test_vote_rule(numbers: list[int], event: int, extra: int) -> None:
    """Vote by the last activated card's priority number; 4 = +1 vote and the next number."""
    assert vote_target(numbers) == (event, extra)


def test_vote_uses_the_last_activated_card() -> None:
    """The achievement phase votes from the last card activated this round."""
    s = run(new({"difficulty": "easy"}), at("prompt.achievements"))
    last = data.card(bot(s)["last_card"])
    event, extra = vote_target([e["number"] for e in last["priority"]])
    assert (asked(s).params["event"], asked(s).params["extra"]) == (event, extra)


def test_deck_reshuffle_when_the_deck_runs_out() -> None:
    """"If the automa deck runs out, shuffle the discard to form a new deck"."""
    s = run(new({"difficulty": "hard"}), lambda s: s._state["data"]["round"] == 3)
    assert len(logged(s, "log.reshuffle")) == 1
    piles = s._state["piles"]
    assert len(piles["row"]["cards"]) == 6 and len(piles["deck"]["cards"]) == 6


def test_round_shuffle_with_discard_reading() -> None:
    """The flagged reading: each round shuffles the discard back in, so no reshuffle is due."""
    s = run(new({"difficulty": "hard", "round_shuffle": "with_discard"}),
            lambda s: s._state["data"]["round"] == 3)
    assert not logged(s, "log.reshuffle")


def test_coins_and_glory_free_actions_are_tracked() -> None:
    """+10 coins to the treasury, +3 Glory."""
    s = run(new({}, deck()), lambda s: bool(logged(s, "log.storage")))
    assert (bot(s)["coins"], bot(s)["glory"]) == (10, 3)


def test_game_ends_after_round_six() -> None:
    """Six rounds, then the end."""
    s = run(new({"difficulty": "easy"}), lambda s: False)
    assert s.finished and s._state["data"]["round"] == 6
    assert logged(s, "log.game_end")


def test_instant_victory_ends_the_game_and_says_the_text_is_cut() -> None:
    """A player with complexity ≥ 4 in instant achievements: the game ends; the rulebook
    sentence about it breaks off, and the app says so."""
    s = run(new({"difficulty": "easy"}), at("prompt.instant_victory"))
    assert asked(s).ui["rule"]["key"].endswith("rule.truncated")
    s.answer(True)
    assert asked(s).key.endswith("prompt.instant_victory_sure")  # said twice (issue 43.1)
    s.answer("end")
    assert s.finished and logged(s, "log.game_end_instant")


def test_a_yes_in_the_achievement_phase_asks_end_the_game_as_the_procedure_does() -> None:
    """Issue 43, item 1: "Yes" to "Has any player now reached a complexity of 4…?" ended and
    recorded the game at once, where the procedure asks "End the game?". Both paths ask the
    one question now; "No, go back" brings the phase's question back, and nothing ended."""
    s = run(new({"difficulty": "easy"}), at("prompt.instant_victory"))
    s.answer(True)
    sure = asked(s)
    assert sure.key.endswith("prompt.instant_victory_sure") and not s.finished
    assert sure.choices == ["end", "back"]
    s.answer("back")
    assert asked(s).key.endswith("prompt.instant_victory") and not s.finished
    assert not logged(s, "log.game_end_instant")
    s.answer(True)
    s.answer("end")
    assert s.finished
    by_procedure = run(new({"difficulty": "easy"}), at("prompt.ready"))
    by_procedure.start("instant_victory")
    assert {k: v for k, v in asked(by_procedure).to_json().items() if k != "key"} == {
        k: v for k, v in sure.to_json().items() if k != "key"}
    assert asked(by_procedure).key == sure.key


def test_city_search_walks_four_priorities_then_falls_through() -> None:
    """+1 city: explore first, then up to four priority hexes; none: the row below."""
    s = run(new({}, deck(main=["build_city", "produce", "market", "gather"])),
            at("prompt.explore_first"))
    s.answer(True)
    ks = []
    for _ in range(4):
        ks.append(asked(s).params["k"])
        assert asked(s).key.endswith("prompt.site_site")
        s.answer(False)
    assert ks == [1, 2, 3, 4]
    assert bot(s)["storage"]["mead"] == 2


def test_castle_in_age_one_is_a_city() -> None:
    """+1 castle: in age I a city instead."""
    s = run(new({}, deck(main=["build_castle", "produce", "market", "gather"])),
            at("prompt.site_site"), {"prompt.site_site": True})
    s.answer(True)
    assert bot(s)["cities"] == 1 and bot(s)["castles"] == 0


def test_buildings_limit_fallback_builds_what_fits() -> None:
    """+e buildings: no hex takes them all: as many as the limit allows."""
    s = run(new({"difficulty": "easy"}, deck(main=["build_buildings", "produce", "market",
                                                   "gather"])),
            lambda s: s._state["data"]["round"] == 3 and at("prompt.buildings_fit")(s))
    assert asked(s).params["n"] == 2 and asked(s).bounds == (0, 1)


def test_peasants_equal_the_cities_capital_included() -> None:
    """+m peasants, m = the automa's cities (the capital counts: flagged reading)."""
    s = run(new({}, deck(main=["train_peasants", "produce", "market", "gather"])),
            at("prompt.units_left"))
    assert asked(s).params["n"] == 1
    s2 = run(new({"capital_is_city": False},
                 deck(main=["train_peasants", "produce", "market", "gather"])),
             lambda s: bool(logged(s, "log.impossible")))
    assert logged(s2, "log.impossible")


def test_training_then_attack_check_and_experience_by_priority_number() -> None:
    """Swordsmen: supply, priority hex, cubes on the barracks, then the attack check; the
    experience cubes equal the priority number."""
    answers = {"prompt.units_left": True, "prompt.site_train": True,
               "prompt.enemy_in_reach": True, "prompt.experience": True}
    s = run(new({}, deck(main=["train_swordsmen", "produce", "market", "gather"])),
            lambda s: bool(logged(s, "log.fight")), answers)
    assert logged(s, "log.train")[0]["action"]["params"]["n"] == 1
    assert logged(s, "log.experience")[0]["action"]["params"]["n"] == 1
    area = logged(s, "log.cubes")[0]["action"]["params"]["area"]["key"]
    assert area.endswith("area.barracks")


def test_two_battles_with_target_search() -> None:
    """2 battles: the army, the target by priority (second entry found: 2 experience cubes)."""
    seq = iter([False, True])
    answers = {"prompt.army_of": True, "prompt.target": lambda s: next(seq, True),
               "prompt.experience": True}
    s = run(new({}, deck(main=["battles", "produce", "market", "gather"])),
            lambda s: len(logged(s, "log.fight")) >= 2, answers)
    assert logged(s, "log.experience")[0]["action"]["params"]["n"] == 2


def test_no_army_falls_through() -> None:
    """2 battles without a non-exhausted army: the row below."""
    s = run(new({}, deck(main=["battles", "produce", "market", "gather"])),
            lambda s: bool(logged(s, "log.storage")))
    assert logged(s, "log.impossible")


def test_wonder_one_stage_per_action_with_technology() -> None:
    """Wonder (reading ``wonder_stages = 1``): the base with 3 cubes on the hex, then
    technologies as the free action."""
    s = run(new({"wonder_stages": 1}, deck(main=["build_wonder", "produce", "market", "gather"])),
            at("prompt.tech"), {"prompt.site_wonder": True})
    assert bot(s)["wonder"] == 1
    assert logged(s, "log.cubes_hex")[0]["action"]["params"]["n"] == 3


def test_suppression_commits_adversities_plus_two() -> None:
    """Suppression: its adversities + 2 non-exhausted military units; Glory per cube."""
    answers = {"prompt.has_suppress": True, "prompt.adversity_count": 2, "prompt.removed": 2}
    s = run(new({}, deck(main=["suppress_rebels", "produce", "market", "gather"])),
            lambda s: bool(logged(s, "log.suppress")) and s.prompt is not None
            and not s.prompt.key.endswith("removed"), answers)
    assert logged(s, "log.suppress")[0]["action"]["params"]["n"] == 4
    assert bot(s)["glory"] == 3 + 2


def test_cube_rule_any_reading_tells_both_counts() -> None:
    """Reading "any" (C3): the first use says 1 cube, or 2 if other players' cubes are there."""
    s = run(new({"cube_rule": "any"}, deck(main=["gather"] * 4)),
            lambda s: len(logged(s, "log.cubes")) >= 2)
    assert len(logged(s, "log.cubes_any")) == 2


def test_instant_achievement_puts_its_cube_on_the_card() -> None:
    """"If it fulfils an instant achievement during its turn, put its cube on the card"."""
    s = run(new(), at("prompt.ready"))
    s.start("automa_achievement")
    assert bot(s)["achievements"] == 1
    assert logged(s, "log.achievement_cube")[0]["table"] is True
    assert s.prompt is not None and s.prompt.key.endswith("prompt.ready")


def test_setup_and_achievement_phase_are_checklists_for_the_table() -> None:
    """Setup and the achievement phase (with the automa's exceptions and cleanup) are board
    instructions the player ticks off."""
    s = new()
    keys = [e["key"].rsplit(".", 1)[1] for e in s.turn_summary()]
    assert keys == ["mode", "board", "colour", "capital", "aid"]
    s = run(s, at("prompt.achievements"))
    keys = [e["key"].rsplit(".", 1)[1] for e in s.turn_summary()]
    assert keys[:4] == ["ignore_religion", "glory", "ignore_taxes", "vote"]
    assert keys[-3:] == ["cleanup_cubes", "cleanup_exhaust", "cleanup_cards"]
    assert "consumption" in keys and "main_event" in keys


def test_wonder_two_stages_reading_takes_two_technologies() -> None:
    """Reading "2 stages per action": base and completed side at once, two technologies; the
    second search goes on after the pair just taken."""
    s = run(new({"wonder_stages": 2, "players": 4},
                deck(main=["build_wonder", "produce", "market", "gather"])),
            at("prompt.tech"), {"prompt.site_wonder": True})
    assert bot(s)["wonder"] == 2
    assert len(logged(s, "log.wonder_base")) == len(logged(s, "log.wonder_flip")) == 1
    s.answer(True)
    assert asked(s).key.endswith("prompt.tech") and asked(s).params["try"] == 2


def test_a_win_at_once_told_as_a_procedure_is_confirmed_before_the_game_ends() -> None:
    """The procedure "A player wins at once by instant achievements" asks once more, as the
    end of a Civ game does (at the table, review 2026-11-28 problem 2: one slip of the thumb
    ended the game); "No" brings the question before back, "Yes" ends the game."""
    s = run(new(), at("prompt.ready"))
    s.start("instant_victory")
    assert asked(s).key.endswith("prompt.instant_victory_sure") and not s.finished
    s.answer("back")
    assert asked(s).key.endswith("prompt.ready") and not s.finished
    s.start("instant_victory")
    s.answer("end")
    assert s.finished and logged(s, "log.game_end_instant")


def test_the_row_the_automa_plays_is_said_over_its_card() -> None:
    """At the table (review 2026-11-28, problem 10): the row in play was shown by a frame
    while the card's own printed ▶ (for the next card) pointed elsewhere, and said only in
    the log. A lead line over the card says the row, its action and whose arrow chose it."""
    from automa.core.i18n import text

    s = run(new(), lambda s: bot(s)["activated"] >= 2 and s.prompt is not None
            and "lead" in s.prompt.ui)
    lead = text(asked(s).ui["lead"], "en")
    prev = data.card(bot(s)["row"][0])
    assert lead.startswith(f"Main action: row {prev['pointer']}, ")
    assert f"by the arrow of card {prev['number']}" in lead
