"""The checks refuse nothing honest: every state the engine reaches in random playouts of
every game (procedures included) passes the snapshot checks and opens."""

from __future__ import annotations

import json

import pytest

import automa
from automa.core.rng import Rng
from automa.core.savecheck import check_opens, check_snapshot
from automa.core.savefile import _from_snapshot
from tests.conformance import random_answer, random_options
from tests.hostile.hostile_support import GAMES
from tests.notes import TALLY
from tests.sessions import asked


@pytest.mark.parametrize("seed", [1])
@pytest.mark.parametrize("game_id", GAMES)
def test_every_honest_state_passes_the_snapshot_checks(game_id: str, seed: int) -> None:
    rng = Rng.from_seed(seed * 31 + 5)
    session = automa.new_game(game_id, random_options(game_id, rng), seed)
    fresh = automa.new_game(game_id, session.options, seed)
    for n in range(5000):
        if n % 3 == 0 or session.finished:
            TALLY["honest states checked"] += 1
            check_snapshot(fresh, json.loads(json.dumps(session._state)), session.log)
        if session.prompt is None:
            break
        if session.procedures and rng.below(8) == 0:
            session.start(rng.choice(session.procedures)["id"])
        elif session.can_cancel and rng.below(4) == 0:
            session.cancel()
        else:
            session.answer(random_answer(session.prompt, rng))
    data = json.loads(session.to_json())
    restored = _from_snapshot(fresh, data, fresh)
    check_opens(restored)
    assert restored._state == session._state


def test_a_question_whose_choices_are_orders_of_players_passes_the_snapshot_checks() -> None:
    """Tapestry's correction of an achievement offers orders of holders (lists) as its
    choices; the check once refused that honest state ("must be a single value")."""
    rng = Rng.from_seed(3)
    session = automa.new_game("tapestry", seed=3)
    while "correct" not in [p["id"] for p in session.procedures]:
        assert session.prompt is not None
        session.answer(random_answer(session.prompt, rng))
    session.start("correct")
    achievement = next(c for c in asked(session).choices if str(c).startswith("ach"))
    session.answer(achievement)
    assert session.prompt is not None and isinstance(session.prompt.choices[0], list)
    fresh = automa.new_game("tapestry", session.options, 3)
    check_snapshot(fresh, json.loads(json.dumps(session._state)), session.log)
