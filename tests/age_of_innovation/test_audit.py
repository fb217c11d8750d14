"""The rules audit's findings (issue 10) and the table-side contract (issue 13), one test each,
named after the rule; docstrings cite the Automa rulebook v1.1."""

from __future__ import annotations

import re
from typing import Any

import pytest

import automa
from automa.core.i18n import catalog, render
from automa.core.records import MessageRef
from automa.games.age_of_innovation import data, passing
from automa.games.age_of_innovation.state import round_tile, turn_label
from tests.age_of_innovation.play import (
    GAME,
    card_no,
    last_log,
    new,
    play,
    put,
    run_step,
    through_setup,
)
from tests.sessions import asked

ICONS = {"advance", "regress", "gain", "lose", "vp", "conquer", "explore", "build", "upgrade",
         "block", "card", "pass", "income", "attack", "defend", "trade", "resource", "caravan",
         "city", "wonder", "tech", "control", "religion", "vote", "coin", "unit", "move",
         "discard", "shuffle", "landmark", "achievement", "info"}


def data_of(s: Any) -> dict[str, Any]:
    """The live game data (for arranging a rule situation)."""
    data: dict[str, Any] = s._state["data"]
    return data


# --- Level 12 -------------------------------------------------------------------------------

def test_level_12_rule_a_marker_just_reported_on_level_12_is_never_picked() -> None:
    """"Valid Options: All Disciplines without a marker on Level 12" comes before the
    tiebreakers: Catch-up I (her marker at 0) only narrows the valid ones."""
    s = automa.new_game(GAME, {"faction": "druids"}, seed=1)  # Medicine 2, the others 0
    through_setup(s)
    put(s, card_no(2), "support")  # Catch-up, ← 1
    run_step(s, "act_advance_discipline")
    s.answer({"banking": 12, "law": 3, "engineering": 12, "medicine": 1})
    assert last_log(s, "log.catch_up")["action"]["params"]["d"]["key"].endswith("law")
    assert data_of(s)["disciplines"]["law"] == 1


def test_level_12_rule_every_reported_level_12_leaves_nothing_valid() -> None:
    """"If there aren't any valid options, skip the action": no filter is skipped."""
    s = automa.new_game(GAME, {"faction": "druids"}, seed=1)
    through_setup(s)
    put(s, card_no(2), "support")
    run_step(s, "act_advance_discipline")
    s.answer({x: 12 for x in ("banking", "law", "engineering", "medicine")})
    assert last_log(s, "log.science_none")
    assert data_of(s)["disciplines"]["medicine"] == 2


def test_level_12_rule_round_score_tile_discipline_is_checked_fresh() -> None:
    """"Round Score tile: … If this isn't a valid Discipline, use the Catch-up tiebreaker":
    the tile's discipline is asked about Level 12 before she takes it."""
    s = new()
    through_setup(s)
    put(s, card_no(1), "support")  # Round Score tile
    tile_d = round_tile(s._ctx())["discipline"]
    run_step(s, "act_send_scholar")
    assert asked(s).key.endswith("prompt.level12")
    assert asked(s).params["d"]["key"].endswith(tile_d)
    s.answer(True)
    assert data_of(s)["human_levels"][tile_d] == 12
    assert last_log(s, "log.level12")
    assert asked(s).kind == "values" and tile_d not in asked(s).choices


def test_level_12_rule_single_catch_up_candidate_is_checked_fresh() -> None:
    """Catch-up I leaving one discipline still needs it valid: asked, not assumed."""
    s = new()
    through_setup(s)
    data_of(s)["disciplines"] = {"banking": 3, "law": 0, "engineering": 2, "medicine": 1}
    put(s, card_no(2), "support")
    run_step(s, "act_advance_discipline")
    assert asked(s).key.endswith("prompt.level12")
    assert asked(s).params["d"]["key"].endswith("law")
    s.answer(False)
    assert data_of(s)["disciplines"]["law"] == 1


# --- Final scoring --------------------------------------------------------------------------

def finish_from_final(s: Any, area: int, levels: dict[str, int]) -> None:
    """Run the final scoring with these answers."""
    run_step(s, "final_area")
    s.answer(area)
    s.answer(levels)


def test_gognomes_end_scoring_enters_her_final_score() -> None:
    """"Finally, Automa receives points from Endgame Scoring on her Faction card": the
    Gognomes' achievement points are added, not only reminded of."""
    s = automa.new_game(GAME, {"faction": "gognomes"}, seed=1)
    through_setup(s)
    before = data_of(s)["score"]
    finish_from_final(s, 5, {"banking": 0, "law": 0, "engineering": 0, "medicine": 0})
    assert asked(s).key.endswith("final_gognomes") and asked(s).kind == "count"
    s.answer(9)
    science = data_of(s)["final"]["science"]
    assert s.finished and data_of(s)["score"] == before + 5 + science + 9
    assert last_log(s, "log.final_achievements")["action"]["params"]["n"] == 9


def test_science_scoring_is_computed_from_her_levels_and_yours() -> None:
    """"Automa participates in the Science … Scoring like a human player": from her tracked
    levels and your final ones (8/4/2 by place, ties share, 0 scores nothing)."""
    assert passing.science_points(5, [3]) == 8
    assert passing.science_points(3, [5]) == 4
    assert passing.science_points(4, [4]) == 6  # (8 + 4) // 2
    assert passing.science_points(0, [0]) == 0
    assert passing.science_points(2, [5, 2]) == 3  # 2nd and 3rd shared: (4 + 2) // 2
    s = new()
    through_setup(s)
    data_of(s)["disciplines"] = {"banking": 5, "law": 2, "engineering": 0, "medicine": 4}
    before = data_of(s)["score"]
    finish_from_final(s, 0, {"banking": 3, "law": 6, "engineering": 2, "medicine": 4})
    assert data_of(s)["final"]["science"] == 8 + 4 + 0 + 6
    assert data_of(s)["score"] == before + 18 and s.finished


def test_science_scoring_asked_in_the_advanced_reading() -> None:
    """Advanced option science_scoring = ask: one number, as the table counts it."""
    s = automa.new_game(GAME, {"science_scoring": "ask"}, seed=1)
    through_setup(s)
    run_step(s, "final_area")
    s.answer(0)
    assert asked(s).key.endswith("final_science") and asked(s).kind == "count"


# --- Ask less -------------------------------------------------------------------------------

def test_powermongers_not_asked_when_she_built_nothing() -> None:
    """Powermongers: "whenever you gain 2 or more Power from her buildings" needs a new
    building; with none placed or upgraded there is nothing to ask."""
    s = automa.new_game(GAME, {"faction": "powermongers"}, seed=1)
    through_setup(s)
    run_step(s, "act_powermongers_check")
    assert s.prompt is None
    data_of(s)["built"] = True
    run_step(s, "act_powermongers_check")
    assert asked(s).key.endswith("powermongers")


def test_bring_together_not_asked_again_after_a_yes() -> None:
    """Bring together applies "if none of the marked buildings are in Reach of any of the
    unmarked buildings": once they are, they stay so (Sailing never drops)."""
    s = new()
    through_setup(s)
    put(s, card_no(3), "support")  # Bring together icon
    run_step(s, "act_terraform_build")
    assert asked(s).key.endswith("tb_in_reach")
    s.answer(True)
    assert data_of(s)["together"] is True
    run_step(s, "act_terraform_build")
    assert asked(s).key.endswith("tb_atp_first")


def test_take_innovation_with_arrow_1_asks_only_whether_there_is_one() -> None:
    """Directional Selection with 1 takes the first one met: "none / at least one" is all."""
    s = new()
    through_setup(s)
    data_of(s)["round"] = 3
    put(s, card_no(2), "support")  # ← 1
    run_step(s, "act_take_innovation")
    assert asked(s).kind == "yes_no" and asked(s).key.endswith("innovation_any")
    s.answer(True)
    assert asked(s).kind == "scan"
    s.answer(True)
    entry = last_log(s, "log.innovation")
    assert entry["table"] and entry["icon"] == "tech"
    assert entry["action"]["params"]["pick"]["key"].endswith("picked_first")


def test_free_book_action_is_blocked_with_an_instruction() -> None:
    """"Repeat Steps 1–4 … Book action": the blocked one is named (one row, counted)."""
    s = new()
    through_setup(s)
    put(s, card_no(10), "support")  # ← 4
    run_step(s, "act_block_power_book")
    s.answer([])
    s.answer(1)
    assert last_log(s, "log.book_blocked_only")["table"]
    s._state["finished"] = False
    run_step(s, "act_block_power_book")
    s.answer([])
    s.answer(3)  # ← 4 over 3 wraps to the 1st from the right: the 3rd from the left
    entry = last_log(s, "log.book_blocked")
    assert entry["action"]["params"]["place"] == 3 and entry["icon"] == "block"


def test_book_action_skipped_when_every_power_action_is_covered_in_advanced_reading() -> None:
    """Disputed: the Book part as its own action (default) or part of the failed one."""
    s = automa.new_game(GAME, {"book_without_power": False}, seed=1)
    through_setup(s)
    put(s, card_no(10), "support")
    run_step(s, "act_block_power_book")
    s.answer([1, 2, 3, 4, 5, 6])
    assert s.prompt is None and last_log(s, "log.book_skipped")
    s = new()
    through_setup(s)
    put(s, card_no(10), "support")
    run_step(s, "act_block_power_book")
    s.answer([1, 2, 3, 4, 5, 6])
    assert asked(s).key.endswith("book_free")


# --- 2-player variant -----------------------------------------------------------------------

def test_two_player_next_round_start_when_the_automa_passed_between_you() -> None:
    """"The first player to pass takes the topmost free space": with the Automa passing
    between you, one of you starts and she plays second (not "You two start")."""
    s = automa.new_game(GAME, {"variant": "two_players"}, seed=1)
    through_setup(s)
    data_of(s)["pass_order"] = ["human", "automa", "human"]
    run_step(s, "next_round")
    assert asked(s).params["starts"]["key"].endswith("starts.two_2")
    data_of(s)["pass_order"] = ["human", "human", "automa"]
    run_step(s, "next_round")
    assert asked(s).params["starts"]["key"].endswith("starts.two_3")


def test_two_player_highest_marker_with_her_own_in_advanced_reading() -> None:
    """Disputed "closest to the highest marker": the humans' (default) or hers too."""
    levels = {"banking": 0, "law": 2, "engineering": 3, "medicine": 0}
    # hers: 1, 5, 3, 1. The humans' highest: Engineering at distance 0. Her own counted too,
    # every discipline is at distance 0 and the arrow (← 1) takes the last one: Medicine.
    for include, expected in ((False, "engineering"), (True, "medicine")):
        s = automa.new_game(GAME, {"variant": "two_players",
                                   "highest_includes_automa": include}, seed=1)
        through_setup(s)
        data_of(s)["disciplines"] = {"banking": 1, "law": 5, "engineering": 3, "medicine": 1}
        put(s, card_no(2), "support")
        run_step(s, "act_advance_discipline")
        s.answer(levels)
        assert last_log(s, "log.catch_up")["action"]["params"]["d"]["key"].endswith(expected)


def test_two_player_board_for_three_in_advanced_reading() -> None:
    """Disputed: the board "for two" (default) or for three, the Automa being the third."""
    two = automa.new_game(GAME, {"variant": "two_players"}, seed=1)
    three = automa.new_game(GAME, {"variant": "two_players", "two_player_board": "three"},
                            seed=1)
    assert asked(two).key.endswith("setup.board_two")
    assert asked(three).key.endswith("setup.board_three")


# --- At the table ---------------------------------------------------------------------------

GAMES = [({}, 3), ({"faction": "druids", "difficulty": "ultoma"}, 5),
         ({"faction": "powermongers"}, 2), ({"variant": "two_players"}, 4),
         ({"faction": "symbionts"}, 6), ({"faction": "blight"}, 7)]


@pytest.mark.parametrize(("options", "seed"), GAMES)
def test_every_board_instruction_is_a_table_entry_with_an_icon(options: dict[str, Any],
                                                               seed: int) -> None:
    """Every turn's things to do on the board are table entries with a known icon."""
    s, _ = play(options, seed)
    table = [e for e in s.log if e.get("table")]
    assert table and all(e["icon"] in ICONS for e in table)
    kinds = {e["action"]["key"].rsplit(".", 1)[1] for e in table}
    assert {"draw", "pass_points", "final_area"} <= kinds
    numbers = [e for e in table if e["action"]["key"].endswith(("log.points", "pass_points"))]
    assert all("score" in e["action"]["params"] for e in numbers)


def test_turn_summary_lists_her_turn_in_table_order() -> None:
    """After her turn the screen lists what she did, oldest first: draw, then each action."""
    s = new()
    through_setup(s)
    put(s, card_no(6), "deck")
    put(s, card_no(2), "deck")  # drawn first: the Support card
    s.answer(True)  # her turn
    while s.prompt and not s.prompt.key.endswith("prompt.ready"):
        p = s.prompt
        s.answer(p.default if p.default is not None else (
            p.choices[0] if p.kind in ("pick_one", "count") else
            [] if p.kind == "pick_subset" else
            {str(c): 1 for c in p.choices} if p.kind == "values" else True))
    summary = s.turn_summary()
    assert summary[0]["key"].endswith("log.draw_two") and summary[0]["icon"] == "card"
    assert all(item["actor"] == "automa" and item["icon"] in ICONS for item in summary)


def _label(turn: int) -> MessageRef:
    """The name of ``turn``; every turn has one."""
    label = turn_label(turn)
    assert label is not None
    return label


def test_turn_label_counts_rounds_and_turns() -> None:
    """Turns are named as the game counts them: round, and her turn within the round."""
    assert _label(0)["key"].endswith("turn.setup")
    assert _label(203) == {"key": f"{GAME}.turn.turn", "params": {"round": 2, "n": 3}}
    assert _label(300)["key"].endswith("turn.round")
    assert _label(299)["key"].endswith("turn.round_end")
    assert _label(700)["key"].endswith("turn.final")
    s, _ = play({}, 3)
    turns = [e["turn"] for e in s.log]
    assert turns == sorted(turns) and {t // 100 for t in turns} == {0, 1, 2, 3, 4, 5, 6, 7}
    label = s.game.turn_label(105)
    assert label is not None and label["params"] == {"round": 1, "n": 5}


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_log_lines_read_after_the_actors_name(lang: str) -> None:
    """The page prints the actor before each message: no "She"/"Automa" again, no capital."""
    messages = catalog(lang)
    for key, text in messages.items():
        if not key.startswith(f"{GAME}.log."):
            continue
        for variant in (text.values() if isinstance(text, dict) else [text]):
            if variant in ("left", "cards"):  # a plural table's "_by"
                continue
            assert not re.match(r"(She|Her |Automa|Автома|Вона|Її )", variant), key
            assert variant[:1].islower(), key


def test_why_only_where_it_explains_something() -> None:
    """A "Why?" carries a rule and something named; no empty candidates or pick 0."""
    s, _ = play({"faction": "druids"}, 5)
    whys = [e["why"] for e in s.log if "why" in e]
    assert whys
    for why in whys:
        assert why.get("rule")
        assert why.get("candidates") != [] and why.get("pick") not in (0, None)


def test_procedures_come_from_the_phase() -> None:
    """"You pass" is offered while waiting for her turn (phase), not by prompt message ids."""
    s = new()
    through_setup(s)
    assert s.phase == "waiting"
    assert "you_pass" in [p["id"] for p in s.procedures]
    s._state["phase"] = "automa_turn"
    assert "you_pass" not in [p["id"] for p in s.procedures]


def test_corrections_cover_every_tracked_value_with_plain_labels() -> None:
    """Every number she tracks can be corrected, each named for the person at the table."""
    s = new()
    through_setup(s)
    ids = {c.id for c in s.game.corrections(s._ctx(), s.phase)}
    assert {"score", "scholars", "innovations", "marked", "unmarked", "together",
            "native"} <= ids
    assert {f"science_{x}" for x in ("banking", "law", "engineering", "medicine")} <= ids
    assert {f"yours_{x}" for x in ("banking", "law", "engineering", "medicine")} <= ids
    assert render(f"{GAME}.fix.score") == "Automa’s points"


def test_long_instructions_are_steps_in_ui() -> None:
    """Setup and round-end instructions are numbered steps, one action each, in ui."""
    s = new()
    assert len(asked(s).ui["steps"]) == 5
    through_setup(s)
    data_of(s)["pass_order"] = ["human", "automa"]
    run_step(s, "round_end")
    steps = [step["key"].rsplit(".", 1)[1] for step in asked(s).ui["steps"]]
    assert steps == ["remove_round_tile", "remove_x_tokens", "bonus_coins", "income"]


def test_ukrainian_numbers_agree_through_plurals() -> None:
    """Ukrainian: a number right before a counted noun is a plural message, never plain."""
    nouns = r"(очк|карт|майстер|будів|інновац|гекс|учен|рів)"
    for key, text in catalog("uk").items():
        if key.startswith(f"{GAME}.") and isinstance(text, str):
            assert not re.search(r"\{(n|cards|left|score)\} " + nouns, text), key
    assert render(f"{GAME}.log.points", {"n": 3, "score": 30}, "uk").startswith("отримує 3 очки")
    assert "5 очок" in render(f"{GAME}.log.points", {"n": 5, "score": 30}, "uk")


def table_answer(p: Any) -> Any:
    """A plain answer to any question (defaults first; counts of 2; nothing covered)."""
    if p.default is not None:
        return p.default
    if p.kind == "yes_no":
        return False
    if p.kind == "count":
        lo, hi = p.bounds
        return min(max(lo, 2), hi)
    if p.kind == "pick_one":
        return p.choices[0]
    if p.kind == "pick_subset":
        return []
    if p.kind == "values":
        return {str(c): 1 for c in p.choices}
    return True


ACTION_SUMMARIES = [
    ("act_gain_points", {"points": 3}, [("points", "vp")]),
    ("act_take_innovation", {}, [("innovation", "tech")]),
    ("act_terraform_build", {}, [("tb_built", "build")]),
    ("act_upgrade", {}, [("upgraded", "upgrade")]),
    ("act_block_power_book", {}, [("power_blocked", "block"), ("book_blocked", "block")]),
    ("act_send_scholar", {}, [("advance_scholar", "advance")]),
    ("act_advance_discipline", {}, [("advance_advance", "advance")]),
    ("automa_pass", {}, [("pass_points", "pass"), ("pass_bonus", "card"),
                         ("turn_order", "move"), ("deck_rebuilt", "shuffle")]),
]


@pytest.mark.parametrize(("step", "args", "expected"), ACTION_SUMMARIES)
def test_each_action_kind_yields_its_checklist_in_table_order(
        step: str, args: dict[str, Any], expected: list[tuple[str, str]]) -> None:
    """Each of her actions ends in board instructions with numbers, oldest first."""
    s = new()
    through_setup(s)
    data_of(s)["round"] = 3
    put(s, card_no(7), "support")  # → 4, Catch-up, middle bonus tile
    run_step(s, step, **args)
    while s.prompt is not None and not s.prompt.key.endswith("you_pass"):
        s.answer(table_answer(s.prompt))
    got = [(item["key"].rsplit(".", 1)[1], item["icon"]) for item in s.turn_summary()]
    assert got == expected
    for item in s.turn_summary():
        params = item["params"]
        assert params or item["key"].endswith("book_blocked_only")


# --- issue 45: no correction builds a table the box cannot make -------------------------------
def _at_round_one(seed: int = 7) -> Any:
    """A game past its set-up, the defaults answered up to round 1 (the attack's steps)."""
    s = automa.new_game(GAME, {}, seed)
    while s.turn < 100 and s.prompt is not None:
        p = s.prompt
        s.answer(p.default if p.default is not None else p.choices[0])
    return s


def _correct(s: Any, correction: str) -> list[Any]:
    """Open the correction of ``correction``: the values it offers."""
    s.start("correct")
    s.answer(correction)
    return list(asked(s).choices)


def test_the_spade_tile_cannot_be_placed_in_round_5_or_6_by_a_correction() -> None:
    """Set-up step 2: "the Round Score tile with the Spade on its left side cannot be placed
    in Round 5 or 6". Seed 7, round 1: the correction of round 5's and round 6's tile never
    offers it, and the answer is refused (the attack's tile_5 → r07)."""
    s = _at_round_one()
    spade = next(t for t, v in data.tiles().items() if v["spade"])
    for r in (5, 6):
        assert spade not in _correct(s, f"tile_{r}")
        with pytest.raises(automa.AutomaError):
            s.answer(spade)
        s.cancel()
    assert spade in _correct(s, "tile_1") or spade in data_of(s)["round_tiles"]


def test_each_round_score_tile_lies_in_one_round_only() -> None:
    """The box has one of each tile: a correction to a tile lying in another round (the
    attack's tile_3 → r08, which lies in round 1) swaps the two rounds' tiles, said in the
    log; no tile ever lies in two rounds, and the Final tiles lie only over round 6."""
    s = _at_round_one()
    tiles = list(data_of(s)["round_tiles"])
    offered = _correct(s, "tile_3")
    assert tiles[2] in offered and tiles[0] in offered
    assert all(data.tiles()[t]["kind"] == "round" for t in offered)
    s.answer(tiles[0])
    after = data_of(s)["round_tiles"]
    assert after[2] == tiles[0] and after[0] == tiles[2] and len(set(after)) == 6
    assert s.log[-1]["action"]["key"] == "core.log.swapped"
    assert all(data.tiles()[t]["kind"] == "final" for t in _correct(s, "final_tile"))


def test_a_swap_never_brings_the_spade_tile_to_round_5_or_6() -> None:
    """Set-up step 2 holds for swaps too: the round holding the Spade tile is not offered
    round 5's or 6's tile, as that round would take the Spade tile in exchange."""
    s = _at_round_one()
    tiles = data_of(s)["round_tiles"]
    spade = next(t for t, v in data.tiles().items() if v["spade"])
    if spade not in tiles:
        tiles[0] = spade
    where = tiles.index(spade) + 1
    offered = _correct(s, f"tile_{where}")
    assert tiles[4] not in offered and tiles[5] not in offered


def test_a_save_whose_earlier_correction_put_a_tile_in_two_rounds_opens_within_the_box() -> None:
    """An earlier release let a correction put one tile in two rounds: its save opens, its
    answers replayed by today's correction (a swap), its history kept, and the player told
    in one sentence what the box could not give."""
    import json

    s = _at_round_one()
    tiles = list(data_of(s)["round_tiles"])
    _correct(s, "tile_3")
    s.answer(tiles[0])
    save = json.loads(s.to_json())
    save["snapshot"]["data"]["round_tiles"][0] = tiles[0]  # as the earlier release kept it
    opened = automa.load_game(json.dumps(save))
    assert not opened.history_dropped
    assert len(set(data_of(opened)["round_tiles"])) == 6
    said = [w for w in opened.warnings if w["key"] == "warning.save.within_box"]
    assert len(said) == 1
    for lang in ("en", "uk"):
        assert "{" not in render(said[0]["key"], said[0]["params"], lang)


def test_the_box_check_refuses_what_the_set_up_refuses() -> None:
    """One check of what the box allows, shared by the set-up entry, the corrections and the
    save reader: a position holding the same tile twice, the Spade tile in round 6, a Final
    tile in a round's place or a Round Score tile as the Final one is beyond it, each said
    in the player's words (no internal name)."""
    from automa.games.age_of_innovation.setup import beyond_box

    s = _at_round_one()
    spade = next(t for t, v in data.tiles().items() if v["spade"])
    base = list(data_of(s)["round_tiles"])
    cases = [[base[0]] * 6, [*[t for t in base if t != spade][:5], spade],
             ["f01", *base[1:]]]
    for tiles in cases:
        data_of(s)["round_tiles"] = tiles
        said = beyond_box(s._ctx())
        assert said is not None, tiles
        for lang in ("en", "uk"):
            text = render(said["key"], said["params"], lang)
            assert "round_tiles" not in text and "r0" not in text and "{" not in text
    data_of(s)["round_tiles"] = base
    assert beyond_box(s._ctx()) is None
    data_of(s)["final_tile"] = base[0]
    assert beyond_box(s._ctx()) is not None
