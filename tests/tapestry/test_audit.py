"""The rules audit's findings (issue 10), the at-the-table view (issue 13) and the rules
checked again in the first audit, one test each.

Each test names the rule it pins down; the docstring cites the solo rulebook (seed 001)
or the reading recorded in cards/tapestry/README.md.
"""

from __future__ import annotations

from typing import Any

import pytest

from automa.core.i18n import render
from automa.core.prompts import Prompt
from automa.core.session import Session
from automa.games.tapestry import data as tdata
from automa.games.tapestry.state import turn_label
from automa.games.tapestry.tracks import choose_track
from tests.conformance import playout
from tests.tapestry.play import (
    at_idle,
    bots_turn_with,
    data,
    default_answer,
    new,
    piles,
    run_until,
    stack_deck,
)


def _run_step(s: Session, step: str, **args: Any) -> None:
    """Run one game step now (the waiting prompt is dropped), up to the next prompt."""
    s._state["prompt"] = None
    s._state["pending"] = None
    s._state["stack"].append({"step": step, "args": args})
    s._run()


def _to_income_turn_2(s: Session) -> None:
    piles(s)["discard"]["cards"] += piles(s)["deck"]["cards"]
    piles(s)["deck"]["cards"] = []
    s.answer(True)


# --- Achievements ---------------------------------------------------------------------------
def test_reporting_your_own_achievements_gives_the_automa_no_vp() -> None:
    """Rulebook "Achievements": "The Automa earns achievements and the VP from them in the
    same way as you" — for its own achievements, not for yours."""
    s = at_idle(2, 4)
    for achievement in tdata.ACHIEVEMENTS:
        s.start("you_achievement")
        s.answer(achievement)
    assert sum(data(s)["vp"].values()) == 0
    assert all(h == ["player"] for h in data(s)["achievements"].values())


def _automa_completes_a_track(s: Session, holders: list[str]) -> None:
    d = data(s)
    d["achievements"]["complete_track"] = holders
    d["pos"]["automa"] = {"exploration": 11, "science": 12, "military": 12, "technology": 12}
    stack_deck(s, ["6", "7"])
    s.answer(True)


def test_complete_track_second_holder_scores_the_later_vp() -> None:
    """Base game achievements: the first scores 10, a later holder 5."""
    s = at_idle(2, 4)
    _automa_completes_a_track(s, ["shadow"])
    assert data(s)["vp"]["achievements"] == 5


def test_complete_track_third_holder_scores_nothing_by_default() -> None:
    """Reading ``third_achievement = none``: with you and the Shadow Empire ahead the Automa
    is third, and a third place scores nothing in a game of fewer than four players."""
    s = at_idle(2, 4)
    _automa_completes_a_track(s, ["player", "shadow"])
    assert data(s)["achievements"]["complete_track"] == ["player", "shadow", "automa"]
    assert data(s)["vp"]["achievements"] == 0


def test_complete_track_third_holder_scores_five_in_the_other_reading() -> None:
    """Reading ``third_achievement = five``: every later holder scores 5."""
    s = at_idle(2, 4, third_achievement="five")
    _automa_completes_a_track(s, ["player", "shadow"])
    assert data(s)["vp"]["achievements"] == 5


# --- Game end -------------------------------------------------------------------------------
def test_after_the_bots_last_income_turn_your_procedures_stay_available() -> None:
    """Rulebook "Game end": the winner is found as in the base game, so you play on to your
    own 5th income turn; conquering an Automa territory (the trap check) is still offered."""
    s = new(2, 11)
    run_until(s, "tapestry.q.game_over")
    offered = [p["id"] for p in s.procedures]
    assert {"you_conquer_automa", "you_claim_landmark", "you_achievement"} <= set(offered)
    data(s)["tapestry_held"] = 1
    s.start("you_conquer_automa")
    assert s.prompt is not None and s.prompt.key == "tapestry.q.reveal_tapestry"
    assert [p["id"] for p in s.procedures] == ["correct"]  # not inside another procedure
    s.answer(True)
    run_until(s, "tapestry.q.game_over")
    s.answer(True)
    assert s.finished and s.procedures == []


# --- Benefits -------------------------------------------------------------------------------
@pytest.mark.parametrize(("reading", "advances"), [("once", 1), ("twice", 2)])
def test_quantum_physics_benefit_shown_twice_is_gained_once(reading: str, advances: int) -> None:
    """Rulebook "Benefits": "If a benefit is granted multiple times on a space, the Automa
    only gains it once" — Quantum Physics (science 11) gives one advance by default
    (``quantum_physics = once``), two in the other companions' reading (``twice``)."""
    assert tdata.automa_benefits("science", 11) == ["advance_exp_mil_tec_twice"]
    s = at_idle(2, 4, quantum_physics=reading)
    d = data(s)
    d["pos"]["automa"] = {"exploration": 0, "science": 11, "military": 12, "technology": 12}
    _run_step(s, "benefit", kind="advance_exp_mil_tec_twice")
    assert d["pos"]["automa"]["exploration"] == advances


def test_roll_until_on_a_finished_track_rolls_again() -> None:
    """Reading ``finished_track_roll = reroll``: "Roll until it selects one of the indicated
    tracks" counts only tracks the Automa can still move on, as "Advance on a track" does."""
    s = at_idle(2, 4)
    d = data(s)
    d["pos"]["automa"] = {"exploration": 12, "science": 0, "military": 12, "technology": 3}
    _run_step(s, "benefit", kind="advance_exp_mil_tec")
    assert d["pos"]["automa"]["technology"] == 4


def test_roll_until_on_a_finished_track_is_lost_in_the_other_reading() -> None:
    """Reading ``finished_track_roll = lost``: a roll showing a finished track moves nothing."""
    moved = set()
    for seed in range(12):
        s = at_idle(2, seed, finished_track_roll="lost")
        d = data(s)
        d["pos"]["automa"] = {"exploration": 12, "science": 0, "military": 12, "technology": 3}
        _run_step(s, "benefit", kind="advance_exp_mil_tec")
        moved.add(d["pos"]["automa"]["technology"])
    assert moved == {3, 4}


def test_roll_with_no_movable_track_rolls_nothing() -> None:
    s = at_idle(2, 4)
    d = data(s)
    d["pos"]["automa"] = {"exploration": 12, "science": 0, "military": 12, "technology": 12}
    start = len(s.log)
    _run_step(s, "benefit", kind="advance_exp_mil_tec")
    assert [e["action"]["key"] for e in s.log[start:]][-1] == "tapestry.log.no_roll"


# --- Conquerors: ask less -------------------------------------------------------------------
def _conquerors_prompts(territories: int) -> list[str]:
    s = at_idle(2, 4)
    data(s)["civs"] = ["conquerors"]
    _to_income_turn_2(s)
    keys: list[str] = []

    def answer(prompt: Prompt) -> Any:
        keys.append(prompt.key)
        if prompt.key == "tapestry.q.territories":
            return territories
        if prompt.key == "tapestry.q.conquer_case":
            return "none"
        return default_answer(prompt)

    run_until(s, "tapestry.q.bots_turn", answer)
    return keys


def test_conquerors_single_token_question_skipped_with_two_territories_or_fewer() -> None:
    """Conquerors' bonus: a toppled SE outpost needs more than 2 territories holding only the
    Automa's outpost; with 2 territories or fewer the answer can only be no: not asked."""
    assert "tapestry.q.single_token_territories" not in _conquerors_prompts(2)
    assert "tapestry.q.single_token_territories" in _conquerors_prompts(3)


def test_territory_count_is_confirmed_in_every_income_turn() -> None:
    s = new(6, 106)
    asked: dict[int, int] = {}

    def answer(prompt: Prompt) -> Any:
        if prompt.key == "tapestry.q.territories":
            asked[s.turn] = asked.get(s.turn, 0) + 1
        return default_answer(prompt)

    run_until(s, "tapestry.q.game_over", answer)
    assert asked == {200: 1, 300: 1, 400: 1, 500: 1}


# --- Landmarks and achievements: ways out and corrections -----------------------------------
def test_landmark_reached_first_may_already_be_yours() -> None:
    """"Automa reached a landmark first" has a way out: the landmark was already taken."""
    s = bots_turn_with(dict.fromkeys(tdata.TRACKS, 12),
                       shadow=dict.fromkeys(tdata.TRACKS, 3))
    d = data(s)
    prompt = run_until(s, "tapestry.q.landmark_to_mat")
    assert prompt.choices == ["placed", "taken"]
    s.answer("taken")
    assert [h for h in d["landmarks"].values() if h] == ["player"]
    assert s.view()["sections"][0]["rows"][-2]["value"] == "—"  # none on the Automa's mat


def test_a_landmark_already_yours_is_never_on_the_bots_board_list() -> None:
    """Issue 43, item 6 (shot 09): after "It was already taken: you hold it" the checklist
    still told the bot to take it ("Shadow Empire: takes the Apothecary (onto the Automa's
    mat)"). The line is written once the answer says the bot takes it: after "taken" no line
    of the turn names the landmark; after "Done" the line is there."""
    for answer, listed in (("taken", False), ("placed", True)):
        s = bots_turn_with(dict.fromkeys(tdata.TRACKS, 12),
                           shadow=dict.fromkeys(tdata.TRACKS, 3))
        prompt = run_until(s, "tapestry.q.landmark_to_mat")
        name = prompt.params["landmark"]
        s.answer(answer)
        lines = [t for t in s.turn_summary() if t["key"] == "tapestry.log.landmark"]
        assert bool(lines) is listed, answer
        assert all(t["params"]["landmark"] == name for t in lines)


def test_landmarks_and_achievements_are_correctable_with_plain_labels() -> None:
    s = at_idle(2, 4)
    s.start("correct")
    prompt = s.prompt
    assert prompt is not None and prompt.labels is not None
    labels = dict(zip(prompt.choices, prompt.labels, strict=True))
    assert render(labels["vp"]["key"], labels["vp"]["params"]).startswith("Automa’s VP")
    assert render(labels["landmark_Lighthouse"]["key"],
                  labels["landmark_Lighthouse"]["params"]) == "Who holds the Lighthouse"
    s.answer("landmark_Lighthouse")
    s.answer("player")
    assert data(s)["landmarks"]["Lighthouse"] == "player"
    s.start("correct")
    s.answer("achievement_complete_track")
    s.answer(["player", "automa"])
    assert data(s)["achievements"]["complete_track"] == ["player", "automa"]


def test_the_automas_vp_are_corrected_as_their_total() -> None:
    """The player reads the Automa's VP token and sets that total (34 → 36), never the
    correction alone: the question once said "now 0" with 34 VP on the board. The breakdown
    by source keeps what the rules scored; the difference is shown as a correction."""
    s = at_idle(2, 4)
    data(s)["vp"]["territories"] = 30
    data(s)["vp"]["era"] = 4
    s.start("correct")
    s.answer("vp")
    prompt = s.prompt
    assert prompt is not None and prompt.default == 34 and prompt.params["current"] == 34
    assert "(now 34)" in render(prompt.key, prompt.params)
    s.answer(36)
    assert data(s)["vp"]["correction"] == 2 and sum(data(s)["vp"].values()) == 36
    assert s.view()["vp"] == 36
    logged = s.log[-1]["action"]["params"]
    assert (logged["old"], logged["new"]) == (34, 36)


# --- At the table: what the bots did ---------------------------------------------------------
@pytest.mark.parametrize("level", [1, 2, 3, 4, 5, 6])
def test_plain_bot_turn_summary_lists_both_bots_advances_in_table_order(level: int) -> None:
    """Rulebook "A bot turn": the Automa advances, then the Shadow Empire; the play screen
    lists both as board steps with the numbers ("Technology 3 → 4")."""
    s = at_idle(level, 4)
    s.answer(True)
    run_until(s, "tapestry.q.bots_turn")
    summary = s.turn_summary()
    advances = [item for item in summary if item["key"] == "tapestry.log.advance"]
    assert advances[0]["actor"] == "automa"
    assert advances[-1]["actor"] == "shadow"
    assert all(a["icon"] == "advance" for a in advances)
    first = advances[0]["params"]
    assert first["space"] == first["old"] + 1
    text = render(advances[0]["key"], advances[0]["params"])
    assert text == f"{render(first['track']['key'])} {first['old']} → {first['space']}"


def test_income_turn_summary_lists_the_vp_moves() -> None:
    s = at_idle(2, 4)
    _to_income_turn_2(s)
    run_until(s, "tapestry.q.bots_turn")
    icons = {item["icon"] for item in s.turn_summary()}
    assert "vp" in icons


def test_log_messages_do_not_repeat_the_actor_or_capitalize_mid_sentence() -> None:
    log = playout("tapestry", 5, check=False).log
    for entry in log:
        for lang, names in (("en", ("Automa", "Shadow Empire", "She ", "You ")),
                            ("uk", ("Автома", "Тіньова імперія", "Вона ", "Ви "))):
            text = render(entry["action"]["key"], entry["action"]["params"], lang)
            assert not text.startswith(names), text


def test_why_only_where_it_explains() -> None:
    """No "Candidates: 1 / Picked: …": a reason with a single candidate is dropped."""
    log = playout("tapestry", 6, check=False).log
    for entry in log:
        why = entry.get("why")
        if why and "candidates" in why:
            assert len(why["candidates"]) > 1, entry


def test_procedures_follow_the_game_phase() -> None:
    s = new(2, 4)
    assert s.prompt is not None and s.prompt.key == "tapestry.q.setup_components"
    assert [p["id"] for p in s.procedures] == ["correct"]
    run_until(s, "tapestry.q.bots_turn")
    assert s.phase == "between_turns"
    assert "you_conquer_automa" in [p["id"] for p in s.procedures]


def test_setup_instructions_are_checklists_with_a_short_question() -> None:
    s = new(6, 4)
    for key in ("tapestry.q.setup_components", "tapestry.q.setup_automa",
                "tapestry.q.setup_shadow"):
        prompt = run_until(s, key)
        assert len(prompt.ui["steps"]) >= 4
        assert prompt.ui["rule"]["key"].startswith("tapestry.rule.setup_")
        assert len(render(prompt.key, prompt.params)) < 80
        for step in prompt.ui["steps"]:
            text = render(step["key"], step["params"])
            assert "{" not in text and text.endswith(".")


def test_turns_are_named_as_tapestry_counts_them() -> None:
    """Setup, income turn N (the era's start), the era's bot turns, after the bots' last."""
    assert turn_label(0) == {"key": "tapestry.turn.setup", "params": {}}
    assert turn_label(300) == {"key": "tapestry.turn.income", "params": {"n": 3}}
    assert turn_label(302) == {"key": "tapestry.turn.bots", "params": {"era": 3, "n": 2}}
    assert turn_label(600)["key"] == "tapestry.turn.after_bots"  # type: ignore[index]
    s = at_idle(2, 4)
    assert s.turn == 100
    s.answer(True)
    assert s.turn == 101


def test_card_faces_are_readable_at_phone_size() -> None:
    """At 160 px wide a card is drawn at a quarter of its 630 units: every text outside the
    hex map is at least 30 units (7.5 px); the map is scaled up to fill its box."""
    import re

    from automa.render import card_svg

    for card in tdata.card_ids():
        for lang in ("en", "uk"):
            svg = card_svg("tapestry", card, ("tiebreaker",), lang)
            outside_map = re.sub(r'<g transform="translate[^>]*scale.*?</g>', "", svg)
            sizes = [int(n) for n in re.findall(r'font-size="(\d+)"', outside_map)]
            assert sizes and min(sizes) >= 30, (card, lang, sizes)
            scale = float(re.findall(r"scale\(([\d.]+)\)", svg)[0])
            assert scale * 22 >= 28  # the scan numbers


# --- Checked again in the first rules audit ---------------------------------------------------
def test_era_vp_rule_asks_whether_you_started_the_era_before_the_automa() -> None:
    """Rulebook "Income turns": era VP only if the Automa is the first to start the era."""
    s = at_idle(2, 4)
    _to_income_turn_2(s)
    prompt = run_until(s, "tapestry.q.you_started_era")
    assert prompt.params == {"turn": 2, "vp": 2}
    s.answer(True)
    run_until(s, "tapestry.q.bots_turn")
    assert data(s)["vp"]["era"] == 0
    assert data(s)["you_income_turns"] == 2


def test_era_vp_rule_automa_first_scores_the_mat_value() -> None:
    s = at_idle(2, 4)
    _to_income_turn_2(s)
    run_until(s, "tapestry.q.you_started_era")
    s.answer(False)
    run_until(s, "tapestry.q.bots_turn")
    assert data(s)["vp"]["era"] == 2


def test_era_vp_rule_not_asked_when_you_reported_your_income_turn() -> None:
    s = at_idle(2, 4)
    s.start("you_income_turn")
    piles(s)["discard"]["cards"] += piles(s)["deck"]["cards"]
    piles(s)["deck"]["cards"] = []
    s.answer(True)

    def never_era(prompt: Prompt) -> Any:
        assert prompt.key != "tapestry.q.you_started_era"
        return default_answer(prompt)

    run_until(s, "tapestry.q.bots_turn", never_era)
    assert data(s)["vp"]["era"] == 0


def test_favorite_change_could_be_the_same_track_no_outpost_move() -> None:
    """Rulebook: the new favourite "could be the same track": logged, no move asked."""
    s = at_idle(2, 4)
    _to_income_turn_2(s)
    d = data(s)
    fav = d["fav"]["automa"]
    keys: list[str] = []

    def you_are_ahead(prompt: Prompt) -> Any:
        keys.append(prompt.key)
        if prompt.key == "tapestry.q.you_ahead_on_favorite":
            return str(prompt.params["bot"]["key"]).endswith(".automa")
        return default_answer(prompt)

    # the favourite stays: it is the nearest to a free landmark and first in every list
    for t in tdata.TRACKS:
        d["pos"]["automa"][t] = 3 if t == fav else 0
    piles(s)["pair"]["cards"] = ["3", "1"]  # card 1's list starts with the heart
    for pile in ("discard", "deck", "progress"):
        piles(s)[pile]["cards"] = [c for c in piles(s)[pile]["cards"] if c not in ("1", "3")]
    start = len(s.log)
    run_until(s, "tapestry.q.bots_turn", you_are_ahead)
    repicked = [e for e in s.log[start:] if e["action"]["key"] == "tapestry.log.fav_repicked"]
    assert repicked and repicked[0]["actor"] == "automa"
    assert d["fav"]["automa"] == fav
    assert "tapestry.q.move_favorite" not in keys


def test_landmark_or_end_skips_landmarks_you_claimed() -> None:
    """Rulebook "Advance on a track": only unclaimed landmarks count, yours included."""
    pos = {"exploration": 3, "science": 2, "military": 0, "technology": 0}
    order = ["science", "exploration", "military", "technology", "favorite"]
    free = choose_track(pos, "landmark_or_end", order, "automa", "military", {})
    assert free.choice == "exploration"  # Lighthouse one space away
    yours = choose_track(pos, "landmark_or_end", order, "automa", "military",
                         {"Lighthouse": "player"})
    assert yours.choice == "science"  # next free landmark: Apothecary two spaces away


def test_tile_rotation_is_told_with_a_plural_in_both_languages() -> None:
    ref = {"key": "tapestry.rotation", "params": {"n": 1}}
    assert render("tapestry.step.place_neutral.tile", {"rotation": ref}, "en").count("1 step ") == 1
    for n, word in ((1, "крок"), (3, "кроки")):
        text = render("tapestry.step.place_neutral.tile",
                      {"rotation": {"key": "tapestry.rotation", "params": {"n": n}}}, "uk")
        assert f"на {n} {word} за" in text


@pytest.mark.parametrize(("turns", "en", "uk"), [
    (1, "1 step clockwise", "на 1 крок за годинниковою"),
    (3, "3 steps clockwise", "на 3 кроки за годинниковою"),
    (4, "2 steps anticlockwise", "на 2 кроки проти годинникової"),
    (5, "1 step anticlockwise", "на 1 крок проти годинникової")])
def test_a_tile_is_turned_the_shorter_way(turns: int, en: str, uk: str) -> None:
    """Issue 43, item 6: a hexagonal tile was "turned 5 steps clockwise" (UK «на 4 кроки»),
    where 1–2 steps the other way is meant: 4 and 5 steps clockwise are said as 2 and 1
    anticlockwise (the same orientation of a six-sided tile)."""
    ref = {"key": "tapestry.rotation", "params": {"n": turns}}
    assert en in render("tapestry.step.place_neutral.tile", {"rotation": ref}, "en")
    assert uk in render("tapestry.step.place_neutral.tile", {"rotation": ref}, "uk")



@pytest.mark.parametrize("seed", [101, 102, 105, 106])
def test_a_step_done_on_the_board_alone_is_a_checklist_line_not_a_question(seed: int) -> None:
    """At the table (review 2026-11-28, problem 8): a tapestry card given or put on the mat,
    the tech cards refreshed and a favourite track moved were each asked again as a "Done"
    question under the checklist line that already said so, doubling a bot turn's taps. They
    are lines of the checklist only; a question is left only where the answer changes the
    state."""
    import automa
    from automa.core.rng import Rng
    from tests.conformance import random_answer

    s = automa.new_game("tapestry", {"difficulty": 6}, seed=seed)
    rng, keys = Rng.from_seed(seed), set()
    while (p := s.prompt) is not None:
        keys.add(p.key.rsplit(".", 1)[1])
        s.answer(random_answer(p, rng))
    assert not keys & {"tech_refresh", "tapestry_to_supply", "tapestry_to_mat", "move_favorite"}
    lines = {e["action"]["key"].rsplit(".", 1)[1] for e in s.log if e.get("table")}
    assert {"tapestry_card", "tapestry_to_mat"} <= lines
