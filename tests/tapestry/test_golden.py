"""Golden playthroughs: fixed seeds at four difficulties, answered as a hurried player would.

If a rule change is intended, run ``python tests/regen_golden.py tapestry`` and review the
diff.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.golden_games import Case, Golden
from tests.tapestry.play import transcript

GAMES = {"level1_seed101": (1, 101), "level2_seed102": (2, 102),
         "level5_seed105": (5, 105), "level6_seed106": (6, 106)}
"""Transcript name → (difficulty, seed)."""


def cases() -> list[Case]:
    """(file name, options, seed) of every golden game."""
    return [(f"{name}.txt", {"difficulty": level}, seed) for name, (level, seed) in GAMES.items()]


GOLDEN = Golden(Path(__file__).resolve().parent / "golden", cases(), transcript)


@GOLDEN.parametrize()
def test_golden_transcript(name: str, options: dict[str, Any], seed: int) -> None:
    """The game plays exactly as recorded."""
    GOLDEN.assert_plays_as_recorded(name, options, seed)
