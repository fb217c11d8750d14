"""Writes the saves of this folder with the engine of commit 588bb06 (before ``phase``).

Run from a checkout of that commit: ``PYTHONPATH=py:. python3 <this file> <folder>``.
Each game gets three saves, made with random answers at a fixed seed:
``<game>.idle.json`` at the prompt between the bot's turns (with one answer undone),
``<game>.turn.json`` in the middle of the bot's turn, and ``<game>.correcting.json`` with a
correction open on top of the prompt between turns; Glory also ``…adversity.json`` at the
question of a repair or suppress action (steps the later engine names differently).
``expected.json`` records, for each save, what that engine offered: the prompt's message id
and the procedures.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import automa
from automa.core.rng import Rng
from automa.core.session import Session
from tests.conformance import random_answer

GAMES = ("tapestry", "age_of_innovation", "civ_new_dawn", "glory_of_civilizations")
IDLE = {"tapestry": {"bot_turn"}, "age_of_innovation": {"automa_turn"},
        "civ_new_dawn": {"ap_turn", "ready"},
        "glory_of_civilizations": {"automa_turn", "achievement_phase"}}
"""The steps each game's prompt between the bot's turns leads to."""


def waiting(s: Session) -> bool:
    """Whether the game waits between the bot's turns."""
    return bool(s._state["pending"]["step"] in IDLE[s.game_id])


def play_until(game_id: str, seed: int, stop: Callable[[Session], bool],
               after: int = 30) -> Session:
    """Random answers (playing on between turns) until ``after`` answers and ``stop``."""
    rng = Rng.from_seed(seed)
    s = automa.new_game(game_id, seed=seed)
    for n in range(2000):
        assert s.prompt is not None, (game_id, seed)
        if n >= after and stop(s):
            return s
        # between turns, play on (civ's prompt there may also end the game)
        s.answer(s.prompt.default if waiting(s) and s.prompt.default is not None
                 else random_answer(s.prompt, rng))
    raise AssertionError(game_id)


def saves(game_id: str) -> dict[str, Session]:
    """The game's saves by name."""
    idle = play_until(game_id, 5, waiting)
    prompt = idle.prompt
    assert prompt is not None
    idle.answer(True if prompt.kind == "confirm" else prompt.default)
    idle.undo()
    correcting = play_until(game_id, 7, waiting)
    correcting.start("correct")
    found = {"idle": idle, "turn": play_until(game_id, 6, lambda s: not waiting(s)),
             "correcting": correcting}
    if game_id == "glory_of_civilizations":
        found["adversity"] = play_until(
            game_id, 8, lambda s: s.prompt is not None and ".prompt.has_" in s.prompt.key, 5)
    return found


def main(folder: Path) -> None:
    """Write every save and ``expected.json``."""
    expected: dict[str, Any] = {}
    for game_id in GAMES:
        for name, s in saves(game_id).items():
            file = f"{game_id}.{name}.json"
            (folder / file).write_text(s.to_json(), encoding="utf-8")
            assert s.prompt is not None
            expected[file] = {"prompt": s.prompt.key,
                              "procedures": [p["id"] for p in s.procedures]}
    (folder / "expected.json").write_text(json.dumps(expected, indent=1) + "\n",
                                          encoding="utf-8")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
