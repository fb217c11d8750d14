"""The conformance suite, run over every registered game (OpenSpiel's games_sim_test).

``AUTOMA_PLAYOUTS`` sets how many seeded random playouts each game gets (default 60, which
keeps the whole test command within CI's budget; a deeper run: ``AUTOMA_PLAYOUTS=1000``).
"""

from __future__ import annotations

import os

import pytest

import automa
from automa.core.game import find_game
from automa.core.ranges import first_problem, spec_at
from automa.core.rng import Rng
from tests.conformance import playout, random_answer

PLAYOUTS = int(os.environ.get("AUTOMA_PLAYOUTS", "60"))
CHUNKS = 4
GAMES = [g["id"] for g in automa.games()]


@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("game_id", GAMES)
def test_random_playouts_keep_invariants(game_id: str, chunk: int) -> None:
    """Cards kept, JSON state, undo/redo exact, replay identical, save/load identical."""
    for seed in range(chunk, PLAYOUTS, CHUNKS):
        playout(game_id, seed)


@pytest.mark.parametrize("game_id", GAMES)
def test_same_seed_same_game(game_id: str) -> None:
    """Two runs with the same seed and answers give the same log and state."""
    a, b = playout(game_id, 12345, check=False), playout(game_id, 12345, check=False)
    assert a == b


@pytest.mark.parametrize("game_id", [g for g in GAMES if g != "demo"])
def test_every_correction_offers_only_values_within_the_declared_ranges(game_id: str) -> None:
    """The count invariant's declaration covers every value the player may correct: each
    correction's bounds and choices lie inside the range the game declares for its path."""
    game = find_game(game_id)
    assert game.ranges is not None
    session = automa.new_game(game_id, seed=5)
    rng = Rng.from_seed(5)
    seen: set[str] = set()
    while session.prompt is not None and len(seen) < 200:
        for c in game.corrections(session._ctx(), session.phase):
            seen.add(c.id)
            spec = spec_at(game.ranges, c.path)
            assert spec is not None, f"{c.id}: {c.path} has no declared range"
            values = c.choices or (c.lo, c.hi)
            for value in values:
                assert first_problem(value, spec, c.id) is None, (c.id, value)
        session.answer(random_answer(session.prompt, rng))
    assert seen


@pytest.mark.parametrize("game_id", GAMES)
def test_the_cheap_answer_whether_correct_shows_agrees_with_the_corrections(game_id: str
                                                                              ) -> None:
    """Issue 49: every screen asks whether "Correct" shows, by the game's cheap
    ``correctable`` instead of building every correction; in every phase of seeded games,
    to their end, it says what the corrections built would say."""
    game = find_game(game_id)
    for seed in range(3):
        session = automa.new_game(game_id, seed=seed)
        rng = Rng.from_seed(seed)
        for _ in range(400):
            ctx = session._ctx()
            assert game.offers_corrections(ctx, session.phase) == bool(
                game.corrections(ctx, session.phase)), (seed, session.phase)
            if session.prompt is None:
                break
            session.answer(random_answer(session.prompt, rng))
