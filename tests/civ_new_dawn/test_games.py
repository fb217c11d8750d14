"""Long games with random answers: every card level gets played, the invariants hold.

The conformance suite's random answers end a game after a few AP turns (someone "wins"); here
the AP plays 40 turns first, with every option drawn at random, undo/redo and replay checked.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import automa
from automa.core.rng import Rng
from tests.civ_new_dawn.play import GAME, key
from tests.conformance import (
    _check_replay,
    _check_step,
    _dump,
    check_messages,
    random_answer,
    random_options,
)

TURNS = 40


@pytest.mark.parametrize("seed", range(8))
def test_forty_turns_with_random_answers_keep_the_invariants(seed: int) -> None:
    """Cards, messages, undo/redo, replay and save/load over a long game."""
    rng = Rng.from_seed(seed + 77)
    s = automa.new_game(GAME, random_options(GAME, rng), seed=seed)
    states = [_dump(s)]
    played: set[str] = set()
    for _ in range(3000):
        if s.prompt is None:
            break
        played.update(s._state["data"].get("row", []))
        answer: Any
        if key(s) == "prompt.ready":
            answer = "ap_turn" if s.turn < TURNS else "game_over"
        elif key(s) in ("prompt.who_won",):
            answer = "ap"
        elif key(s) == "prompt.confirm_end":
            answer = s.turn >= TURNS
        else:
            answer = random_answer(s.prompt, rng)
        procs = [p["id"] for p in s.procedures if p["id"] != "victory"]  # no early AP win
        if procs and rng.below(30) == 0:
            s.start(rng.choice(procs))
        else:
            s.answer(answer)
        _check_step(s, states)
        check_messages(s, max(0, len(s._log) - 30), with_view=len(states) % 5 == 0)
        states.append(_dump(s))
    assert s.finished
    _check_replay(s, states)
    assert json.loads(s.to_json())["game"] == GAME
    assert len(played) >= 10   # at least half of the 20 cards came into the row
