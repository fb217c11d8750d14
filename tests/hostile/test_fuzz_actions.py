"""A bounded, seeded fuzzer over every game: answers, undo, redo, procedure starts and
cancels in random mixes (with refused answers among them). After every step the game is
saved and loaded again and must be the same session — state, log, actions and undone
actions — and every few steps its snapshot must pass the checks a save's snapshot gets
(the cards and each game's declared value ranges).

Issue 21 item 8: "undo of a cancel" once left a log that its save did not load back.
``AUTOMA_FUZZ_STEPS`` sets the steps per game (default 600: about a minute in all on a
loaded 2-core machine; a deeper run: ``AUTOMA_FUZZ_STEPS=5000``). A
game that ends, or reaches :data:`RUN`, steps, gives way to a new one with the next seed.
"""

from __future__ import annotations

import json
import os

import pytest

import automa
from automa.core.rng import Rng
from automa.core.savecheck import check_snapshot
from automa.core.session import Session
from tests.conformance import check_cards, random_answer, random_options
from tests.hostile.hostile_support import GAMES, TALLY

STEPS = int(os.environ.get("AUTOMA_FUZZ_STEPS", "600"))
RUN = 150
"""Steps of one game at most (a save's load replays every action: cost grows with length)."""
SNAPSHOT_EVERY = 5
REFUSED = ["²", "-1", {"x": 1}, [1, 2], "٣", 10**30]


def step(session: Session, rng: Rng) -> str:
    """One random thing a player does; the name of what was done."""
    roll = rng.below(20)
    if roll < 3 and session.can_undo:
        session.undo()
        return "undo"
    if roll < 9 and session.can_redo:
        session.redo()
        return "redo"
    if roll < 9 and session.can_cancel:
        session.cancel()
        return "cancel"
    if roll < 11 and session.procedures:
        session.start(rng.choice(session.procedures)["id"])
        return "start"
    assert session.prompt is not None
    if roll == 11:
        before = session.to_json()
        with pytest.raises(automa.AutomaError):
            session.answer(rng.choice(REFUSED))
        assert session.to_json() == before, "a refused answer changed the game"
        return "refused"
    session.answer(random_answer(session.prompt, rng))
    return "answer"


@pytest.mark.parametrize("game_id", GAMES)
def test_any_mix_of_actions_saves_and_loads_as_the_same_session(game_id: str) -> None:
    steps = 0
    for seed in range(STEPS):
        if steps >= STEPS:
            break
        steps += fuzz(game_id, seed, min(RUN, STEPS - steps))


def fuzz(game_id: str, seed: int, limit: int) -> int:
    """Up to ``limit`` random steps of one game, each saved and loaded again; the number
    of steps taken."""
    rng = Rng.from_seed(seed * 104_729 + len(game_id))
    session = automa.new_game(game_id, random_options(game_id, rng), seed=seed)
    fresh = automa.new_game(game_id, session.options, seed=seed)
    done: list[str] = []
    for n in range(limit):
        if session.prompt is None:
            return n
        done.append(step(session, rng))
        TALLY[f"fuzz: {done[-1]}"] += 1
        loaded = automa.load_game(session.to_json())
        assert loaded == session, f"{game_id} seed {seed}: save -> load differs after " \
                                  f"{done[-8:]}"
        assert not loaded.history_dropped and not loaded.warnings
        if n % SNAPSHOT_EVERY == 0:
            check_cards(session)
            check_snapshot(fresh, json.loads(json.dumps(session._state)), session.log)
    return limit
