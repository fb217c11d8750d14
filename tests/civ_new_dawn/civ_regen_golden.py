"""Regenerate the golden transcripts: ``python tests/civ_new_dawn/civ_regen_golden.py``.

One game per difficulty level, leaders taken in turn (each AP leader rule covered), 1–3
human players. Review the diff before committing.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent.parent / "py"), str(HERE)]

from civ_play import transcript  # noqa: E402

from automa.games.civ_new_dawn.data import DIFFICULTIES  # noqa: E402

GOLDEN = HERE / "golden"
LEADERS = ("america", "aztec", "sumer", "rome", "egypt", "japan")


def cases() -> list[tuple[str, dict[str, Any], int]]:
    """(file name, options, seed) of every golden game."""
    out = []
    for i, difficulty in enumerate(DIFFICULTIES):
        options = {"difficulty": difficulty, "leader": LEADERS[i], "humans": 1 + i % 3}
        out.append((f"{LEADERS[i]}_{difficulty}.txt", options, 40 + i))
    return out


def main() -> None:
    """Write every transcript."""
    GOLDEN.mkdir(exist_ok=True)
    for name, options, seed in cases():
        (GOLDEN / name).write_text(transcript(options, seed), encoding="utf-8")
        print("wrote", name)


if __name__ == "__main__":
    main()
