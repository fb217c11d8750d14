"""The conformance suite, run over every registered game (OpenSpiel's games_sim_test).

``AUTOMA_PLAYOUTS`` sets how many seeded random playouts each game gets (default 200).
"""

from __future__ import annotations

import os

import pytest

import automa
from tests.conformance import playout

PLAYOUTS = int(os.environ.get("AUTOMA_PLAYOUTS", "200"))
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
