"""Issue 45, items 8–10: crafted saves of every game's new state — rows against their piles,
damaged step arguments, tiles and tokens beyond the box — are refused with a translated
sentence, or carried down with a sentence in the player's words; never a game that cannot
go on. Each save is tampered in its snapshot and its last answer is one today's questions
refuse, so its answers no longer replay and the snapshot's own checks decide (as for a save of
an older release whose rules changed); a tampered snapshot whose answers all replay opens from
those answers, within the box, and says so."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest

import automa
from automa.core.i18n import render
from automa.core.rng import Rng
from automa.core.session import Session
from tests.conformance import random_answer
from tests.hostile.hostile_support import check_loaded
from tests.notes import TALLY

Snapshot = dict[str, Any]
INTERNAL = re.compile(r"\b(?:data|snapshot|nw|round_tiles|automas)\.[a-z0-9_.]+|\{[a-z_]+\}")
"""An internal path or an unfilled placeholder in a sentence meant for the player."""


def answered(game: str, options: dict[str, Any], seed: int, until: Callable[[Session], bool],
             pick: Callable[[Session], Any] | None = None) -> Session:
    """A game answered by its defaults (or ``pick``) until ``until`` holds."""
    s = automa.new_game(game, options, seed)
    for _ in range(500):
        if until(s):
            return s
        p = s.prompt
        assert p is not None
        s.answer(pick(s) if pick else p.default if p.default is not None else p.choices[0])
    raise AssertionError("never reached")


STALE = {"answer": "an answer no question of today's rules takes"}
"""The last answer of a crafted save: its answers stop replaying there."""


def crafted(s: Session, change: Callable[[Snapshot], None], replays: bool = False) -> str:
    """``s``'s save with its snapshot changed (and, unless it ``replays``, an answer at the end
    that today's questions refuse)."""
    saved = json.loads(s.to_json())
    change(saved["snapshot"])
    if not replays:
        saved["actions"].append(STALE)
    return json.dumps(saved)


def from_snapshot(s: Session) -> Session:
    """``s`` opened from its own snapshot (its last answer left out of its save, so that its
    answers stop short of it), as a save whose rules changed opens."""
    saved = json.loads(s.to_json())
    saved["actions"], saved["redo"] = saved["actions"][:-1], []
    loaded = automa.load_game(json.dumps(saved))
    assert loaded.history_dropped
    check_loaded(loaded)
    return loaded


def refused_in_words(text: str) -> automa.AutomaError:
    """The save is refused, its reason translated and in the player's words."""
    TALLY["saves beyond the box"] += 1
    with pytest.raises(automa.AutomaError) as refused:
        automa.load_game(text)
    for lang in ("en", "uk"):
        said = refused.value.message(lang)
        assert said and not said.startswith("error."), said
        if refused.value.key == "error.save.beyond_box":
            assert not INTERNAL.search(said), said
    return refused.value


def plays_on(s: Session, answers: int = 300) -> None:
    """A loaded game goes on: every question takes some answer, and no answer breaks the
    game's own code (only translated refusals)."""
    rng = Rng.from_seed(45)
    for _ in range(answers):
        p = s.prompt
        if p is None:
            return
        for _try in range(12):
            try:
                s.answer(random_answer(p, rng))
                break
            except automa.AutomaError:
                continue
        else:
            raise AssertionError(f"no answer is taken at {p.key}")


# --- Age of Innovation: her tiles, and the set-up question "I drew mine" ---------------------
AOI = "age_of_innovation"


def aoi_entering(tiles: int = 2) -> Session:
    """Seed 7 at "I drew mine" for her Round Score tiles, ``tiles`` of them entered."""
    s = automa.new_game(AOI, {}, 7)
    s.answer("enter")
    for _ in range(tiles):
        assert s.prompt is not None and s.prompt.default is not None
        s.answer(s.prompt.default)
    return s


def aoi_round_one() -> Session:
    return answered(AOI, {}, 7, lambda s: s.turn >= 100)


def spade() -> str:
    from automa.games.age_of_innovation import data

    return next(t for t, v in data.tiles().items() if v["spade"])


def _same_tile(snap: Snapshot) -> None:
    snap["data"]["round_tiles"] = [snap["data"]["round_tiles"][0]] * 6


def _spade_in_round_6(snap: Snapshot) -> None:
    tiles = [t for t in snap["data"]["round_tiles"] if t != spade()][:5]
    snap["data"]["round_tiles"] = [*tiles, spade()]


def _final_in_round_1(snap: Snapshot) -> None:
    snap["data"]["round_tiles"][0] = "f01"


def _round_tile_as_final(snap: Snapshot) -> None:
    snap["data"]["final_tile"] = snap["data"]["round_tiles"][0]


@pytest.mark.parametrize("change", [_same_tile, _spade_in_round_6, _final_in_round_1,
                                    _round_tile_as_final])
def test_age_of_innovation_tiles_beyond_the_box_are_refused(
        change: Callable[[Snapshot], None]) -> None:
    """The attack's impossible tables: the same Round Score tile in all six rounds, the
    Spade tile in round 6, a Final tile in round 1, a Round Score tile as the Final one."""
    refused = refused_in_words(crafted(aoi_round_one(), change))
    assert refused.key == "error.save.beyond_box"


@pytest.mark.parametrize("change", [_same_tile, _spade_in_round_6, _final_in_round_1,
                                    _round_tile_as_final])
def test_a_table_beyond_the_box_whose_answers_all_replay_opens_from_its_answers(
        change: Callable[[Snapshot], None]) -> None:
    """A snapshot beyond the box whose every answer today's questions take (an earlier
    release's correction put one tile in two rounds; today's swaps): the game is the replay
    of its answers, within the box, its history kept, and one sentence says what the save
    held, in the player's words."""
    loaded = automa.load_game(crafted(aoi_round_one(), change, replays=True))
    check_loaded(loaded)
    assert not loaded.history_dropped
    [said] = [w for w in loaded.warnings if w["key"] == "warning.save.within_box"]
    for lang in ("en", "uk"):
        text = render(said["key"], said["params"], lang)
        assert not INTERNAL.search(text) and "r0" not in text, text
    plays_on(loaded, 100)


def _entry_repeats(snap: Snapshot) -> None:
    chosen = snap["pending"]["args"]["chosen"]
    chosen[1] = chosen[0]


def _entry_keep_a_list(snap: Snapshot) -> None:
    snap["pending"]["args"]["keep"] = [1, 2]  # the attack's A1: failed at the 6th tile


def _entry_kind_unknown(snap: Snapshot) -> None:
    snap["pending"]["args"]["what"] = "dragons"


def _entry_as_bonus_without_row(snap: Snapshot) -> None:
    snap["pending"]["args"]["what"] = "bonus"


def _entry_spade_late(snap: Snapshot) -> None:
    snap["pending"]["args"]["chosen"] = ["r01", "r02", "r03", "r04", spade()]


@pytest.mark.parametrize("change", [_entry_repeats, _entry_keep_a_list, _entry_kind_unknown,
                                    _entry_as_bonus_without_row, _entry_spade_late])
def test_age_of_innovation_a_damaged_entry_is_refused_when_the_save_is_read(
        change: Callable[[Snapshot], None]) -> None:
    """"I drew mine" with a damaged pending step: its arguments are checked against the
    types the step declares and against the tiles its own questions offer — refused at
    once, never at the 6th tile."""
    s = aoi_entering(5 if change is _entry_spade_late else 2)
    refused_in_words(crafted(s, change))


def test_age_of_innovation_an_honest_entry_still_opens_and_plays_on() -> None:
    plays_on(from_snapshot(aoi_entering(4)), 40)


# --- Glory of Civilizations: each automa's rows and cards -----------------------------------
GLORY = "glory_of_civilizations"


def glory_two() -> Session:
    return answered(GLORY, {"automas": 2, "players": 3}, 3, lambda s: s.turn > 1100 and bool(
        s.state["data"]["automas"][1]["row"]))


def _rows_swapped(snap: Snapshot) -> None:
    a = snap["data"]["automas"]
    a[0]["row"], a[1]["row"] = a[1]["row"], a[0]["row"]


def _row_piles_swapped(snap: Snapshot) -> None:
    p = snap["piles"]
    p["row"], p["row2"] = p["row2"], p["row"]


def _a_card_moved_across(snap: Snapshot) -> None:
    p = snap["piles"]
    p["deck"]["cards"].append(p["deck2"]["cards"].pop())


def _all_cards_in_one(snap: Snapshot) -> None:
    p = snap["piles"]
    for name in ("deck2", "discard2"):
        p["deck"]["cards"] += p[name]["cards"]
        p[name] = {"cards": [], "marks": {}}
    p["row"]["cards"] += p["row2"]["cards"]
    snap["data"]["automas"][0]["row"] += p["row2"]["cards"]
    p["row2"] = {"cards": [], "marks": {}}
    snap["data"]["automas"][1]["row"] = []


@pytest.mark.parametrize("change", [_rows_swapped, _row_piles_swapped, _a_card_moved_across,
                                    _all_cards_in_one])
def test_glory_rows_against_their_piles_and_mixed_decks_are_refused(
        change: Callable[[Snapshot], None]) -> None:
    """The attack's G1 (two automas' rows swapped against their row piles: the round's
    cleanup once raised ValueError at every "no") and its mixed decks (a card of Automa
    2's in Automa 1's, all of them in one)."""
    refused = refused_in_words(crafted(glory_two(), change))
    assert refused.key in ("error.save.beyond_box", "error.save.invalid")


def test_glory_an_honest_two_automa_save_from_its_snapshot_plays_to_the_end() -> None:
    plays_on(from_snapshot(glory_two()), 400)


# --- Civilization: tokens and cards beyond the box ------------------------------------------
CIV = "civ_new_dawn"


def civ_started(leader: str) -> Session:
    return answered(CIV, {"leader": leader}, 1, lambda s: s.turn >= 1)


def _nw_everywhere(snap: Snapshot) -> None:
    snap["data"]["nw"] = {t: 4 for t in snap["data"]["nw"]}
    snap["data"]["nw_pool"] = 4


def _seventeen_city_states(snap: Snapshot) -> None:
    snap["data"]["city_states"] = {t: 0 for t in snap["data"]["city_states"]} | {
        "culture": 9, "economy": 8}


@pytest.mark.parametrize("change", [_nw_everywhere, _seventeen_city_states])
def test_civilization_tokens_and_cards_beyond_the_box_are_refused(
        change: Callable[[Snapshot], None]) -> None:
    """The attack's 24 natural wonder tokens (4 on each card, 4 in the pool; the box holds
    4), and 17 city-state diplomacy cards (the box holds 16)."""
    refused = refused_in_words(crafted(civ_started("america"), change))
    assert refused.key == "error.save.beyond_box"


@pytest.mark.parametrize("leader", ["japan", "america"])
def test_civilization_a_value_an_earlier_release_allowed_is_carried_down_in_the_players_words(
        leader: str) -> None:
    """Item 10: 8 natural wonder tokens on the culture card (an earlier release's correction
    allowed 8) carried down to the box's 4, the sentence naming the tokens as the player
    knows them — «nw.culture» never — in both languages, for any leader."""
    def eight(snap: Snapshot) -> None:
        snap["data"]["nw"]["culture"] = 8

    loaded = automa.load_game(crafted(civ_started(leader), eight))
    check_loaded(loaded)
    assert loaded.state["data"]["nw"]["culture"] == 4
    [carried] = [w for w in loaded.warnings if w["key"] == "warning.save.carried"]
    for lang, words in (("en", "Natural wonder tokens on the"), ("uk", "Жетони природних чудес")):
        said = render(carried["key"], carried["params"], lang)
        assert words in said and not INTERNAL.search(said) and "nw." not in said, said
    plays_on(loaded, 100)


# --- every game: a step argument of the wrong type -------------------------------------------
@pytest.mark.parametrize("game", [g["id"] for g in automa.games() if g["id"] != "demo"])
def test_a_step_argument_of_another_type_than_its_step_declares_is_refused(game: str) -> None:
    """Every argument of every waiting step, given a value of another JSON type (a list for
    a table, text for a number…): refused by the step's declared types, or — where the step
    takes any value — the game opens and goes on."""
    s = answered(game, {}, 5, lambda s: len(s.actions) >= 3)
    pending = s.state["pending"]
    assert pending is not None
    for arg in pending["args"]:
        for wrong in ([1, 2], {"x": 1}, "text", 7, None):
            def change(snap: Snapshot, arg: str = arg, wrong: Any = wrong) -> None:
                snap["pending"]["args"][arg] = wrong

            TALLY["step arguments of another type"] += 1
            try:
                loaded = automa.load_game(crafted(s, change))
            except automa.AutomaError as e:
                assert e.message("uk") and e.message("en")
                continue
            check_loaded(loaded)
            plays_on(loaded, 30)
