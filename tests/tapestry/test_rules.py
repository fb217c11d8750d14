"""The rules of the Tapestry solo rulebook, each worked example and rule as a named test."""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

import pytest

from automa.core.i18n import render
from automa.core.prompts import Prompt
from automa.games.tapestry import GAME
from automa.games.tapestry import data as tdata
from automa.games.tapestry.income import chart_steps, era_first_vp, income_vp, multipliers
from automa.games.tapestry.tracks import choose_track, distance, tiebreak_order
from tests.tapestry.play import (
    at_idle,
    bots_turn_with,
    data,
    log_keys,
    new,
    piles,
    run_until,
    stack_deck,
)

ZERO = {t: 0 for t in tdata.TRACKS}


def options(**given: Any) -> tdata.Options:
    """The game's options: the defaults with ``given`` over them, each checked."""
    return cast(tdata.Options, GAME.resolve_options(given))


def positions(**pos: int) -> dict[str, int]:
    return {**ZERO, **pos}


# --- Advance on a track ----------
def test_track_tiebreak_example_military_and_technology_valid_picks_technology() -> None:
    """Rulebook example: military and technology valid → the list (technology above military)."""
    order = tdata.card(4)["track_tiebreak"]  # technology, science, heart, military, exploration
    pick = choose_track(positions(military=5, technology=5), "end", order, "automa",
                        "science", {})
    assert pick.remaining == ["technology"]
    assert pick.why("r")["steps"][1]["kept"] == ["military", "technology"]


def test_shadow_empire_reads_the_track_tiebreakers_bottom_to_top() -> None:
    order = tdata.card(4)["track_tiebreak"]
    pick = choose_track(positions(military=5, technology=5), "end", order, "shadow",
                        "science", {})
    assert pick.choice == "military"
    assert tiebreak_order(order, "shadow", "science")[0] == "exploration"


def test_heart_in_the_tiebreakers_is_that_bots_favorite_track() -> None:
    order = tdata.card(1)["track_tiebreak"]  # heart first
    assert choose_track(ZERO, "any", order, "automa", "science", {}).choice == "science"
    assert tiebreak_order(order, "shadow", "military")[-1] == "military"


def test_valid_tracks_any_ignores_finished_tracks() -> None:
    order = ["exploration", "science", "military", "technology", "favorite"]
    pick = choose_track(positions(exploration=12), "any", order, "automa", "science", {})
    assert pick.choice == "science"


def test_valid_tracks_landmark_or_end_uses_unclaimed_landmarks() -> None:
    pos = positions(exploration=3, science=2)
    assert distance(3, "landmark_or_end", "exploration", {}) == 1
    assert distance(3, "landmark_or_end", "exploration", {"Lighthouse": "you"}) == 4
    order = ["science", "exploration", "military", "technology", "favorite"]
    assert choose_track(pos, "landmark_or_end", order, "automa", "science", {}).choice == \
        "exploration"
    claimed = {"Lighthouse": "you"}
    assert choose_track(pos, "landmark_or_end", order, "automa", "science", claimed).choice == \
        "science"


def test_valid_tracks_end_is_the_furthest_unfinished_track() -> None:
    order = ["exploration", "science", "military", "technology", "favorite"]
    pos = positions(military=12, technology=9, science=3)
    assert choose_track(pos, "end", order, "automa", "science", {}).choice == "technology"


def test_all_tracks_finished_means_no_advance() -> None:
    pos = {t: 12 for t in tdata.TRACKS}
    assert choose_track(pos, "any", tdata.card(1)["track_tiebreak"], "automa", "science",
                        {}).choice is None


# --- The hex tiebreaker ----------
def test_hex_tiebreak_example_the_first_valid_hex_in_the_order_wins() -> None:
    """Rulebook example: scanning row by row, the first valid hex reached (number 9) is picked."""
    order = tdata.pattern_of_card(1)["order"]
    valid = {order[8], order[20], order[33]}
    assert tdata.first_in_order(1, valid) == order[8]


@pytest.mark.parametrize("pattern", tdata.PATTERNS)
def test_hex_tiebreak_rows_follow_the_black_arrow_then_the_grey_arrow(pattern: str) -> None:
    """Every pattern walks 7 rows (3-5-6-6-6-5-3) of neighbouring hexes along one direction."""
    card = next(c for c in tdata.cards() if tdata.card(c)["hex_pattern"] == pattern)
    pat = tdata.pattern_of_card(card)
    assert sorted(pat["order"]) == sorted(tdata.hexes())
    rows = tdata.pattern_rows(pat)
    assert [len(r) for r in rows] == [3, 5, 6, 6, 6, 5, 3]
    assert pat["order"][0] == pat["start"]

    def ab(h: str) -> tuple[int, int]:
        a, b = h.split(",")
        return int(a), int(b)

    steps = {(ab(r[i + 1])[0] - ab(r[i])[0], ab(r[i + 1])[1] - ab(r[i])[1])
             for r in rows for i in range(len(r) - 1)}
    assert len(steps) == 1, "each row runs in the black arrow's single direction"


def test_solo_map_has_34_hexes_with_the_start_territories() -> None:
    roles = {h.get("role"): k for k, h in tdata.hexes().items() if "role" in h}
    assert len(tdata.hexes()) == 34
    assert roles == {"middle_island": "0,0", "automa_start": "2,0", "your_start": "0,2"}


# --- Setup ----------
@pytest.mark.parametrize("seed", range(12))
def test_setup_rolls_civ_and_a_different_shadow_empire_favorite(seed: int) -> None:
    s = new(2, seed)
    d = data(s)
    civ = tdata.civ(d["civs"][0])
    assert d["fav"]["automa"] == civ["favorite"] == civ["die"]
    assert d["fav"]["shadow"] != d["fav"]["automa"]
    deck = piles(s)["deck"]["cards"]
    assert len(deck) == 8 and sum(int(c) >= 8 for c in deck) == 1
    assert len(piles(s)["progress"]["cards"]) == 14
    assert d["territories"] == 1


def test_setup_level_6_second_civilization_is_the_players_choice() -> None:
    s = new(6, 3)
    prompt = run_until(s, "tapestry.q.second_civ")
    assert data(s)["civs"][0] not in prompt.choices and len(prompt.choices) == 3
    s.answer(prompt.choices[-1])
    assert data(s)["civs"] == [data(s)["civs"][0], prompt.choices[-1]]


def test_setup_mat_side_and_income_card_per_difficulty() -> None:
    sides = {n: (tdata.level(n)["mat"], tdata.level(n)["income_card"]) for n in range(1, 7)}
    assert sides == {1: ("normal", 1), 2: ("normal", 0), 3: ("normal", 3), 4: ("normal", 4),
                     5: ("hard", 0), 6: ("hard", 0)}


# --- A bot turn ----------
def _bots_turn(s: Any, cards: list[str]) -> int:
    stack_deck(s, cards)
    start = len(s.log)
    s.answer(True)
    return start


def test_bot_turn_draws_a_pair_and_both_bots_advance() -> None:
    s = at_idle(2, 4)
    start = _bots_turn(s, ["6", "7"])
    assert sorted(piles(s)["pair"]["cards"]) == ["6", "7"]
    run_until(s, "tapestry.q.bots_turn")
    keys = log_keys(s, start)
    assert keys[0] == "tapestry.log.pair"
    advances = [e["actor"] for e in s.log[start:] if e["action"]["key"] == "tapestry.log.advance"]
    assert advances[0] == "automa" and advances[-1] == "shadow"
    assert sum(data(s)["pos"]["automa"].values()) >= 1
    assert sum(data(s)["pos"]["shadow"].values()) == 1


def test_bot_turn_discards_the_previous_pair() -> None:
    s = at_idle(2, 4)
    _bots_turn(s, ["6", "7"])
    run_until(s, "tapestry.q.bots_turn")
    _bots_turn(s, ["3", "5"])
    assert sorted(piles(s)["discard"]["cards"]) == ["6", "7"]


def test_income_turn_when_the_deck_is_empty_at_the_draw() -> None:
    s = at_idle(2, 4)
    piles(s)["discard"]["cards"] += piles(s)["deck"]["cards"]
    piles(s)["deck"]["cards"] = []
    start = len(s.log)
    s.answer(True)
    assert "tapestry.log.deck_empty" in log_keys(s, start)
    assert data(s)["income_turns"] == 2


def test_income_turn_when_the_last_draw_shows_the_income_icon() -> None:
    """Deck empty after the draw: income now if the track card shows the icon, else advance."""
    seen = set()
    for seed in range(30):
        s = at_idle(2, seed)
        rest = [c for c in piles(s)["deck"]["cards"] if c not in ("1", "3")]
        piles(s)["deck"]["cards"] = []
        piles(s)["discard"]["cards"] += rest
        stack_deck(s, ["1", "3"])  # card 1 shows the income icon, card 3 does not
        start = len(s.log)
        s.answer(True)
        left = piles(s)["pair"]["cards"][0]
        keys = log_keys(s, start)
        seen.add(left)
        if left == "1":
            assert "tapestry.log.income_icon" in keys
            assert "tapestry.log.advance" not in keys
            assert data(s)["income_turns"] == 2
        else:
            assert "tapestry.log.income_icon" not in keys
            assert keys.count("tapestry.log.advance") >= 1
            assert data(s)["income_turns"] == 1
    assert seen == {"1", "3"}


# --- Landmarks, benefits ----------


def test_landmark_reached_by_the_shadow_empire_goes_to_the_automa_mat() -> None:
    s = bots_turn_with(dict.fromkeys(tdata.TRACKS, 12),
                       shadow=dict.fromkeys(tdata.TRACKS, 3))
    d = data(s)
    run_until(s, "tapestry.q.landmark_to_mat")
    assert [h for h in d["landmarks"].values() if h] == ["shadow"]
    s.answer("placed")
    assert sum(1 for h in d["landmarks"].values() if h in tdata.BOTS) == 1


def test_each_benefit_is_gained_once_per_space() -> None:
    assert tdata.automa_benefits("military", 6) == ["conquer", "tapestry_card"]
    assert tdata.automa_benefits("science", 12) == ["research_no_benefit"]
    assert tdata.automa_benefits("exploration", 1) == []


def test_shadow_empire_never_gains_benefits() -> None:
    s = at_idle(2, 4)
    d = data(s)
    d["pos"]["automa"] = {t: 12 for t in tdata.TRACKS}
    start = len(s.log)
    stack_deck(s, ["6", "7"])
    s.answer(True)
    assert "tapestry.log.benefit" not in log_keys(s, start)
    assert s.prompt is not None and s.prompt.key == "tapestry.q.bots_turn"


def test_automa_benefit_conquer_walks_the_conquer_procedure() -> None:
    s = bots_turn_with({"exploration": 12, "science": 12, "technology": 12, "military": 0})
    prompt = s.prompt
    assert prompt is not None and prompt.key == "tapestry.q.conquer_case"
    assert prompt.choices == ["opponent", "neutral", "none"]
    assert prompt.ui["rule"]["key"] == "tapestry.rule.conquer"


def test_research_rolls_the_science_die_and_advances_without_benefit() -> None:
    """Science 1's research: roll until a track the Automa can still advance on (reading
    ``finished_track_roll = reroll``), advance without the benefit."""
    s = at_idle(2, 4)
    d = data(s)
    d["pos"]["automa"] = {"exploration": 12, "science": 0, "technology": 12, "military": 12}
    stack_deck(s, ["6", "7"])
    start = len(s.log)
    s.answer(True)
    keys = log_keys(s, start)
    assert "tapestry.log.die" in keys
    assert d["pos"]["automa"]["science"] == 2  # the advance, then research on science


def test_research_roll_on_a_finished_track_is_lost_in_the_other_reading() -> None:
    """Reading ``finished_track_roll = lost``: a roll showing a finished track moves nothing."""
    s = at_idle(2, 4, finished_track_roll="lost")
    d = data(s)
    d["pos"]["automa"] = {"exploration": 12, "science": 0, "technology": 12, "military": 12}
    stack_deck(s, ["6", "7"])
    s.answer(True)
    assert d["pos"]["automa"]["science"] in (1, 2)


# --- Board procedures ----------
def _to_conquer(level: int = 2, tb: str = "1", fav: str = "science") -> Any:
    s = at_idle(level, 4)
    d = data(s)
    d["fav"]["automa"] = fav
    d["pos"]["automa"] = {"exploration": 12, "science": 12, "technology": 12, "military": 0}
    stack_deck(s, ["3", tb])
    s.answer(True)
    return s


def _answer_with(s: Any, key: str, value: Any) -> Prompt:
    prompt = run_until(s, key)
    s.answer(value)
    return prompt


def test_conquer_neutral_places_a_toppled_se_outpost_unless_middle_island() -> None:
    s = _to_conquer()
    tb = piles(s)["pair"]["cards"][1]
    _answer_with(s, "tapestry.q.conquer_case", "neutral")
    scan = _answer_with(s, "tapestry.q.conquer_neutral_scan", True)
    assert scan.ui["pattern"]["id"] == tdata.card(tb)["hex_pattern"]
    assert scan.ui["card"] == tb and "tiebreaker" in scan.ui["highlight"]
    _answer_with(s, "tapestry.q.is_middle_island", False)
    place = s.prompt
    assert place is not None
    assert place.key == "tapestry.q.place_neutral"
    shadow = {"key": "tapestry.step.place_neutral.shadow", "params": place.params}
    assert (shadow in place.ui["steps"]) == tdata.card(tb)["toppled_outpost"]
    assert data(s)["territories"] == 2


def test_conquer_neutral_on_the_middle_island_gains_the_achievement() -> None:
    s = _to_conquer()
    _answer_with(s, "tapestry.q.conquer_case", "neutral")
    _answer_with(s, "tapestry.q.conquer_neutral_scan", True)
    _answer_with(s, "tapestry.q.is_middle_island", True)
    assert data(s)["achievements"]["middle_island"] == ["automa"]
    assert data(s)["vp"]["achievements"] == 10


def test_conquer_opponent_topples_your_outposts_and_two_gain_the_achievement() -> None:
    s = _to_conquer()
    data(s)["toppled_yours"] = 1
    prompt = _answer_with(s, "tapestry.q.conquer_case", "opponent")
    ui = run_until(s, "tapestry.q.conquer_opponent").ui
    steps = [step["key"] for step in ui["steps"]]  # the filters are steps, not under "Why?"
    assert steps[:2] == ["tapestry.step.conquer_opponent.valid", "tapestry.rule.middle_filter"]
    assert ui["rule"]["key"] == "tapestry.rule.distance"
    s.answer(False)
    assert prompt.key == "tapestry.q.conquer_case"
    assert data(s)["achievements"]["topple_two"] == ["automa"]
    assert data(s)["territories"] == 2


def test_conquer_opponent_stopped_by_your_trap() -> None:
    s = _to_conquer()
    _answer_with(s, "tapestry.q.conquer_case", "opponent")
    _answer_with(s, "tapestry.q.conquer_opponent", True)
    assert data(s)["territories"] == 1 and data(s)["toppled_yours"] == 0


def test_conquer_skipped_when_nothing_is_valid() -> None:
    s = _to_conquer()
    _answer_with(s, "tapestry.q.conquer_case", "none")
    assert data(s)["territories"] == 1


@pytest.mark.parametrize(("fav", "furthest"), [("science", True), ("military", False)])
def test_explore_keeps_hexes_furthest_from_you_unless_military_is_favorite(fav: str,
                                                                          furthest: bool) -> None:
    """Rulebook "Explore": the filter is a step of the scan (how to do it), not a note."""
    s = bots_turn_with({"exploration": 1, "science": 12, "technology": 12, "military": 12},
                   fav=fav)
    prompt = run_until(s, "tapestry.q.explore_scan")
    steps = [step["key"] for step in prompt.ui["steps"]]
    assert ("tapestry.rule.furthest_filter" in steps) is furthest
    assert len(prompt.ui["pattern"]["order"]) == 34


def _to_explore() -> Any:
    return bots_turn_with({"exploration": 1, "science": 12, "technology": 12, "military": 12})


def test_explore_with_no_valid_hex_is_logged_as_not_explored() -> None:
    """Rulebook "Explore": no valid hex, no exploration. The one scan question offers "No
    valid hex" beside "Done" (no extra question); the log then says the Automa did not
    explore, with the rule as why."""
    s = _to_explore()
    prompt = run_until(s, "tapestry.q.explore_scan")
    assert prompt.choices == [True, False]
    assert prompt.ui["rule"]["key"] == "tapestry.rule.distance"
    s.answer(False)
    keys = [e["action"]["key"] for e in s.log]
    assert "tapestry.log.explore" not in keys
    skipped = next(e for e in s.log if e["action"]["key"] == "tapestry.log.explore_skipped")
    assert skipped["why"]["rule"] == {"key": "tapestry.rule.no_valid_hex", "params": {}}
    assert render("tapestry.log.explore_skipped", {}, "uk") == (
        "не досліджує: допустимих гексів немає")
    assert s.prompt is not None and s.prompt.key != "tapestry.q.explore_scan"


def test_explore_with_a_valid_hex_logs_the_tile_once_placed() -> None:
    """Rulebook "Explore": a tile with a random orientation — one of 6, 0 to 5 steps from
    the way it was drawn (never "6 steps", a full turn)."""
    s = _to_explore()
    prompt = run_until(s, "tapestry.q.explore_scan")
    steps = [step["key"] for step in prompt.ui["steps"]]
    assert steps == ["tapestry.step.explore.valid", "tapestry.rule.furthest_filter",
                     "tapestry.step.explore.walk", "tapestry.step.explore.tile"]
    s.answer(True)
    explored = [e for e in s.log if e["action"]["key"] == "tapestry.log.explore"]
    assert len(explored) == 1 and explored[0]["table"]
    turned = explored[0]["action"]["params"]["rotation"]
    assert turned["key"] == "tapestry.tile.unturned" or 1 <= turned["params"]["n"] <= 5


def test_conquer_with_no_valid_hex_names_its_rule_as_a_message() -> None:
    s = _to_conquer()
    _answer_with(s, "tapestry.q.conquer_case", "none")
    skipped = next(e for e in s.log if e["action"]["key"] == "tapestry.log.conquer_skipped")
    assert skipped["why"]["rule"] == {"key": "tapestry.rule.no_valid_hex", "params": {}}


def test_traps_discard_at_random_until_a_trap() -> None:
    s = at_idle(2, 4)
    d = data(s)
    d["tapestry_held"], d["territories"] = 3, 3
    s.start("you_conquer_automa")
    _answer_with(s, "tapestry.q.reveal_tapestry", False)
    _answer_with(s, "tapestry.q.reveal_tapestry", True)
    assert d["tapestry_held"] == 1 and d["territories"] == 3
    s.answer(True)
    assert s.prompt is not None and s.prompt.key == "tapestry.q.bots_turn"


def test_traps_your_conquest_stands_when_no_trap_shows() -> None:
    s = at_idle(2, 4)
    d = data(s)
    d["tapestry_held"], d["territories"] = 1, 3
    s.start("you_conquer_automa")
    _answer_with(s, "tapestry.q.reveal_tapestry", False)
    assert d["tapestry_held"] == 0 and d["territories"] == 2


def test_achievement_complete_track_shadow_empire_takes_the_place_without_vp() -> None:
    s = bots_turn_with(dict.fromkeys(tdata.TRACKS, 12),
                       shadow=dict.fromkeys(tdata.TRACKS, 11))
    d = data(s)
    assert d["achievements"]["complete_track"] == ["shadow"]
    assert sum(d["vp"].values()) == 0


def test_achievement_later_than_first_scores_less() -> None:
    s = at_idle(2, 4)
    d = data(s)
    s.start("you_achievement")
    s.answer("middle_island")
    s2 = _to_conquer()
    data(s2)["achievements"]["middle_island"] = ["player"]
    _answer_with(s2, "tapestry.q.conquer_case", "neutral")
    _answer_with(s2, "tapestry.q.conquer_neutral_scan", True)
    _answer_with(s2, "tapestry.q.is_middle_island", True)
    assert data(s2)["vp"]["achievements"] == 5
    assert d["achievements"]["middle_island"] == ["player"]
    assert sum(d["vp"].values()) == 0


# --- Income turns ----------
def test_income_turn_3_multiplier_example() -> None:
    """Rulebook example: in income turn 3 the multipliers are x2, x1 and x1 (+3 if first)."""
    assert multipliers("normal", 1) == {"territories_and_landmarks": 2,
                                        "military_and_science": 1,
                                        "exploration_and_technology": 1}
    vp = income_vp("normal", 1, territories=4, landmarks=2,
                   pos={"military": 3, "science": 2, "exploration": 5, "technology": 1})
    assert vp == {"territories": 8, "landmarks": 4, "military_science": 5,
                  "exploration_technology": 6}
    assert era_first_vp("normal", 3) == 3


def test_leftmost_multiplier_not_covered_by_a_tapestry_card() -> None:
    by_turn = [multipliers("normal", covered) for covered in range(4)]
    assert [m["territories_and_landmarks"] for m in by_turn] == [1, 2, 2, 3]
    assert multipliers("hard", 3)["exploration_and_technology"] == 4
    assert era_first_vp("hard", 5) == 0


def test_income_chart_top_to_bottom_left_column_first() -> None:
    """Rulebook, "Income turns": "The Automa gains what's listed on the income chart on its
    mat, top to bottom, left column first." The printed charts of levels 2–6 end with the
    progress cards, the tapestry card onto the mat, the tapestry card beside the mat, and the
    shuffle."""
    assert chart_steps(tdata.level(2), 2) == [
        "fav_track_check", "civ_bonus", "score_vp", "add_progress", "tapestry_to_mat",
        "tapestry_to_supply", "shuffle_decision"]
    for level in (2, 3, 4, 5, 6):
        assert tdata.level(level)["chart"][-4:] == [
            "add_progress", "tapestry_to_mat", "tapestry_to_supply", "shuffle_decision"]
    assert chart_steps(tdata.level(5), 5) == [
        "fav_track_check", "extra_advance", "civ_bonus", "score_vp"]
    assert chart_steps(tdata.level(1), 1) == []
    assert chart_steps(tdata.level(4), 1) == ["tapestry_to_supply"]


def test_income_chart_order_at_the_table_matches_the_printed_chart() -> None:
    """Rulebook, "Income turns" (the chart read top to bottom, left column first): in income
    turn 2 the player adds the progress cards, puts a tapestry card on the mat, then one
    beside the mat, then shuffles — in that order, as the app tells it."""
    s = _income_turn_2(2)
    run_until(s, "tapestry.q.bots_turn")
    keys = [e["action"]["key"] for e in s.log if e["turn"] == 200]
    wanted = ["tapestry.log.progress_added", "tapestry.log.tapestry_to_mat",
              "tapestry.log.tapestry_card", "tapestry.log.shuffled"]
    assert [k for k in keys if k in wanted] == wanted


@pytest.mark.parametrize(("lang", "steps"), [
    ("en", ["progress cards", "covers a multiplier", "beside its mat", "reshuffles"]),
    ("uk", ["карти прогресу", "закриває множник", "поруч із її планшетом", "перетасовує"]),
], ids=["en", "uk"])
def test_the_guide_tells_the_income_chart_in_its_printed_order(lang: str,
                                                               steps: list[str]) -> None:
    """Rulebook, "Income turns" (top to bottom, left column first): the guide's income turn
    names the chart's last steps as the printed chart has them — progress cards, the tapestry
    card onto the mat, the one beside the mat, the shuffle (it once gave the trap card before
    the progress cards)."""
    guide = Path(__file__).resolve().parents[2] / "i18n" / lang / "guide" / "tapestry.toml"
    text = guide.read_text(encoding="utf-8")
    start = text.index('"Income turns"' if lang == "en" else '"Ходи доходу"')
    section = text[start:text.find("[[", start)]
    at = [section.index(step) for step in steps]
    assert at == sorted(at), at


def _income_turn_2(level: int, seed: int = 4, **options: Any) -> Any:
    s = at_idle(level, seed, **options)
    piles(s)["discard"]["cards"] += piles(s)["deck"]["cards"][2:]
    piles(s)["deck"]["cards"] = piles(s)["deck"]["cards"][:2]
    s.answer(True)  # last pair
    run_until(s, "tapestry.q.bots_turn")
    s.answer(True)  # empty deck → income turn 2
    return s


def test_income_turn_scores_vp_and_reshuffles_the_era_cards() -> None:
    s = _income_turn_2(2)
    run_until(s, "tapestry.q.bots_turn")
    d = data(s)
    assert d["income_turns"] == 2 and d["mat_tapestries"] == 1
    assert len(piles(s)["deck"]["cards"]) == 10  # 8 cards + 2 progress cards, pair included
    assert not piles(s)["pair"]["cards"] and not piles(s)["discard"]["cards"]
    assert d["vp"]["territories"] == d["territories"]  # x1 per territory in income turn 2


@pytest.mark.parametrize(("reading", "added"), [("0-2-2", 0), ("2-4-4", 2)])
def test_level_3_progress_cards_added_in_income_turn_2(reading: str, added: int) -> None:
    s = _income_turn_2(3, level3_progress=reading)
    run_until(s, "tapestry.q.bots_turn")
    assert len(piles(s)["deck"]["cards"]) == 8 + added


def test_era_vp_only_when_the_automa_starts_the_era_first() -> None:
    s = _income_turn_2(2)
    run_until(s, "tapestry.q.bots_turn")
    assert data(s)["vp"]["era"] == 2
    s2 = at_idle(2, 4)
    s2.start("you_income_turn")
    piles(s2)["discard"]["cards"] += piles(s2)["deck"]["cards"]
    piles(s2)["deck"]["cards"] = []
    s2.answer(True)
    run_until(s2, "tapestry.q.bots_turn")
    assert data(s2)["vp"]["era"] == 0


def test_favorite_track_changes_when_the_other_bot_is_further_along() -> None:
    s = at_idle(2, 4)
    d = data(s)
    fav = d["fav"]["automa"]
    d["pos"]["shadow"][fav] = 5
    d["pos"]["automa"][fav] = 2
    piles(s)["discard"]["cards"] += piles(s)["deck"]["cards"]
    piles(s)["deck"]["cards"] = []
    stack_deck(s, [])
    piles(s)["pair"]["cards"] = [c for c in ("3", "7")]
    for pile in ("discard", "deck", "progress"):
        piles(s)[pile]["cards"] = [c for c in piles(s)[pile]["cards"] if c not in ("3", "7")]
    start = len(s.log)
    s.answer(True)
    changed = [e for e in s.log[start:] if e["action"]["key"] in (
        "tapestry.log.fav_changed", "tapestry.log.fav_repicked")]
    assert changed[0]["actor"] == "automa"
    assert changed[0]["action"]["params"]["reason"]["key"] == "tapestry.fav_reason.other_bot"
    assert changed[0]["why"]["rule"] == "tapestry.rule.favorite_check"


def test_income_turn_1_uses_the_top_progress_card_then_reshuffles() -> None:
    s = new(5, 2)
    run_until(s, "tapestry.q.bots_turn")
    keys = log_keys(s)
    assert "tapestry.log.progress_tiebreaker" in keys
    assert "tapestry.log.progress_reshuffled" in keys
    assert len(piles(s)["progress"]["cards"]) == 14
    d = data(s)
    assert d["pos"]["automa"][d["fav"]["automa"]] >= 1  # level 5: advance on favourite
    assert d["pos"]["shadow"][d["fav"]["shadow"]] >= 1


def test_level_6_income_turn_1_bots_advance_on_every_track() -> None:
    s = new(6, 2)
    run_until(s, "tapestry.q.bots_turn")
    assert all(v >= 1 for v in data(s)["pos"]["shadow"].values())
    assert all(v >= 1 for v in data(s)["pos"]["automa"].values())


def test_level_1_income_turn_1_you_advance_on_every_track() -> None:
    s = new(1, 2)
    run_until(s, "tapestry.q.you_advance_each_track")


def test_level_6_civilization_bonuses_first_civ_before_second() -> None:
    s = new(6, 9)
    run_until(s, "tapestry.q.second_civ")
    first = data(s)["civs"][0]
    second = "engineers" if first != "engineers" else "explorers"
    s.answer(second)
    run_until(s, "tapestry.q.bots_turn")
    piles(s)["discard"]["cards"] += piles(s)["deck"]["cards"]
    piles(s)["deck"]["cards"] = []
    start = len(s.log)
    s.answer(True)
    run_until(s, "tapestry.q.bots_turn")
    bonuses = [e["action"]["params"]["civ"]["key"] for e in s.log[start:]
               if e["action"]["key"] == "tapestry.log.civ_bonus"]
    expected = [f"tapestry.civ.{c}" for c in (first, second)
                if 2 in tdata.civ(c)["turns"]]
    assert bonuses == expected


def test_conquerors_conquer_with_fewer_territories_than_the_income_turn() -> None:
    s = at_idle(2, 4)
    data(s)["civs"] = ["conquerors"]
    piles(s)["discard"]["cards"] += piles(s)["deck"]["cards"]
    piles(s)["deck"]["cards"] = []
    s.answer(True)
    prompt = run_until(s, "tapestry.q.territories")
    assert prompt.default == 1
    s.answer(1)
    assert s.prompt is not None and s.prompt.key == "tapestry.q.conquer_case"


def test_engineers_score_one_vp_per_landmark() -> None:
    s = at_idle(2, 4)
    d = data(s)
    d["civs"] = ["engineers"]
    d["landmarks"].update(Forge="automa", Academy="shadow")
    piles(s)["discard"]["cards"] += piles(s)["deck"]["cards"]
    piles(s)["deck"]["cards"] = []
    s.answer(True)
    run_until(s, "tapestry.q.bots_turn")
    assert d["vp"]["civ"] == 2
    assert d["vp"]["landmarks"] == 2


@pytest.mark.parametrize(("reading", "first"), [("track_advances", "advance_on"),
                                                ("explore_conquer", "explore")])
def test_explorers_bonus_reading_is_an_option(reading: str, first: str) -> None:
    civ = tdata.civ("explorers", options(explorers_bonus=reading))
    expected = ("advance_exploration_or_military" if first == "advance_on"
                else "explore_anywhere_or_conquer")
    assert civ["bonus"] == [expected]


# --- Disputed card data ----------
def test_disputed_cards_8_19_21_ship_the_image_reading_with_the_bga_alternative() -> None:
    assert set(tdata.disputed_fields(8)) == {"toppled_outpost"}
    assert tdata.card(8)["toppled_outpost"] is False
    assert tdata.card(8, options(card_reading="bga"))["toppled_outpost"] is True
    assert tdata.card(19)["track_tiebreak"][:3] == ["military", "technology", "science"]
    assert tdata.card(19, options(card_reading="bga"))["track_tiebreak"][:3] == \
        ["military", "science", "technology"]
    assert tdata.card(21)["track_tiebreak"][3:] == ["science", "military"]
    assert tdata.card(21, options(card_reading="bga"))["track_tiebreak"][3:] == \
        ["military", "science"]
    assert tdata.level_dispute(3) is not None


# --- Game end ----------
def test_game_end_reports_the_automa_vp_by_source() -> None:
    from tests.tapestry.play import play_to_end

    s = play_to_end(new(2, 11))
    final = s.log[-1]
    assert final["action"]["key"] == "tapestry.log.final"
    assert final["action"]["params"]["total"] == s.view()["vp"]
    parts = final["action"]["params"]["parts"]
    assert sum(part["params"]["n"] for part in parts) == final["action"]["params"]["total"]
    assert data(s)["income_turns"] == 5
