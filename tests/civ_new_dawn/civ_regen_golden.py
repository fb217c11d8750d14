"""Regenerate the golden transcripts: ``python tests/civ_new_dawn/civ_regen_golden.py``.

One game per difficulty level, leaders taken in turn (each AP leader rule covered), 1–3
human players. Review the diff before committing.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent.parent / "py"), str(HERE.parent), str(HERE)]

from automa.games.civ_new_dawn.data import DIFFICULTIES  # noqa: E402
from tests.civ_new_dawn.play import transcript  # noqa: E402
from tests.golden_games import Case, regenerate  # noqa: E402

GOLDEN = HERE / "golden"
LEADERS = ("america", "aztec", "sumer", "rome", "egypt", "japan")


def cases() -> list[Case]:
    """(file name, options, seed) of every golden game."""
    out = []
    for i, difficulty in enumerate(DIFFICULTIES):
        options = {"difficulty": difficulty, "leader": LEADERS[i], "humans": 1 + i % 3}
        out.append((f"{LEADERS[i]}_{difficulty}.txt", options, 40 + i))
    return out


def main() -> None:
    """Write every transcript."""
    regenerate(GOLDEN, cases(), transcript)

if __name__ == "__main__":
    main()
