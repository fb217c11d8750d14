"""Rules checked again in the rules audit: each test names the rule it pins down."""

from __future__ import annotations

from typing import Any

from automa.core.i18n import render
from automa.core.prompts import Prompt
from automa.core.session import Session
from automa.games.tapestry import data as tdata
from automa.games.tapestry.tracks import choose_track
from tests.tapestry.play import at_idle, data, default_answer, piles, run_until


def _to_income_turn_2(level: int = 2, seed: int = 4) -> Session:
    """A session whose next bots' turn must draw from an empty deck (income turn 2)."""
    s = at_idle(level, seed)
    piles(s)["discard"]["cards"] += piles(s)["deck"]["cards"]
    piles(s)["deck"]["cards"] = []
    s.answer(True)
    return s


def test_era_vp_rule_asks_whether_you_started_the_era_before_the_automa() -> None:
    """Rulebook "Income turns": era VP only if the Automa is the first to start the era."""
    s = _to_income_turn_2()
    prompt = run_until(s, "tapestry.q.you_started_era")
    assert prompt.params == {"turn": 2, "vp": 2}
    s.answer(True)
    run_until(s, "tapestry.q.bots_turn")
    assert data(s)["vp"]["era"] == 0
    assert data(s)["you_income_turns"] == 2


def test_era_vp_rule_automa_first_scores_the_mat_value() -> None:
    s = _to_income_turn_2()
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
    s = _to_income_turn_2()
    d = data(s)
    fav = d["fav"]["automa"]
    keys: list[str] = []

    def you_are_ahead(prompt: Prompt) -> Any:
        keys.append(prompt.key)
        if prompt.key == "tapestry.q.you_ahead_on_favorite":
            return prompt.params["bot"]["key"] == "tapestry.bot.automa"
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
    for n, word in ((1, "крок"), (3, "кроки"), (5, "кроків")):
        text = render("tapestry.step.place_neutral.tile",
                      {"rotation": {"key": "tapestry.rotation", "params": {"n": n}}}, "uk")
        assert f"на {n} {word} за" in text
