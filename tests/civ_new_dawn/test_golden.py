"""Golden playthroughs: fixed seeds and scripted answers, 25 AP turns, every difficulty.

One game per difficulty level, leaders taken in turn (each AP leader rule covered), 1–3
human players. If a rule change is intended, run ``python tests/regen_golden.py civ_new_dawn``
and review the diff.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from automa.games.civ_new_dawn.data import DIFFICULTIES, leaders
from tests.civ_new_dawn.play import transcript
from tests.golden_games import Case, Golden

LEADERS = ("america", "aztec", "sumer", "rome", "egypt", "japan")


def cases() -> list[Case]:
    """(file name, options, seed) of every golden game."""
    out = []
    for i, difficulty in enumerate(DIFFICULTIES):
        options = {"difficulty": difficulty, "leader": LEADERS[i], "humans": 1 + i % 3}
        out.append((f"{LEADERS[i]}_{difficulty}.txt", options, 40 + i))
    return out


GOLDEN = Golden(Path(__file__).resolve().parent / "golden", cases(), transcript)


@GOLDEN.parametrize()
def test_golden_transcript(name: str, options: dict[str, Any], seed: int) -> None:
    """The game plays exactly as recorded."""
    GOLDEN.assert_plays_as_recorded(name, options, seed)


def test_golden_games_cover_every_difficulty_and_leader_rule() -> None:
    """Every level and every leader clarification (Teddy, Montezuma, Gilgamesh) is played."""
    opts = [c[1] for c in GOLDEN.cases]
    assert {o["difficulty"] for o in opts} == set(DIFFICULTIES)
    rules = {leaders()[o["leader"]]["ap_rule"] for o in opts}
    assert rules == {"none", "teddy", "montezuma", "gilgamesh"}
