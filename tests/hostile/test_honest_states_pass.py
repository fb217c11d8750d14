"""The checks refuse nothing honest: every state the engine reaches in random playouts of
every game (procedures included) passes the snapshot checks and opens."""

from __future__ import annotations

import json

import pytest
from hostile_support import GAMES, TALLY

import automa
from automa.core.rng import Rng
from automa.core.savecheck import check_opens, check_snapshot
from automa.core.session import _from_snapshot
from conformance import random_answer, random_options


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
