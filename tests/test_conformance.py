"""The conformance suite, run over every registered game (OpenSpiel's games_sim_test): the
suite's one family of random play (``tests/conformance.py``), with a budget of steps.

``AUTOMA_RANDOM_STEPS`` sets the actions of seeded random play each game gets (default 5,000:
25 to 100 games to their end, a game's share of CI's budget; a deeper run:
``AUTOMA_RANDOM_STEPS=100000``). The actions are counted as a game keeps them (an undone
action is not counted).
"""

from __future__ import annotations

import os

import pytest

import automa
from automa.core.game import find_game
from automa.core.ranges import first_problem, spec_at
from automa.core.rng import Rng
from tests.conformance import playout, random_answer

STEPS = int(os.environ.get("AUTOMA_RANDOM_STEPS", "5000"))
GAME_STEPS = 50
"""What a game counts against the budget at least: its start and its replay cost as much
(Civilization's random games end in under 20 actions)."""
CHUNKS = 4
"""Each game's budget is played in this many tests (seeds ``chunk``, ``chunk + CHUNKS``, ...),
which two processes share."""
GAMES = [g["id"] for g in automa.games()]


@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("game_id", GAMES)
def test_random_play_keeps_every_invariant(game_id: str, chunk: int) -> None:
    """Cards kept, values in range, JSON state, undo/redo exact, refused answers change
    nothing, save/load identical and its snapshot valid, replay identical."""
    steps, seed = 0, chunk
    while steps < STEPS // CHUNKS:
        steps += max(len(playout(game_id, seed).actions), GAME_STEPS)
        seed += CHUNKS


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
