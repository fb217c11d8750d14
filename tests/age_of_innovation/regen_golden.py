"""Regenerate the golden transcripts: ``python tests/age_of_innovation/regen_golden.py``.

One game per faction, the difficulties taken in turn so that every level is covered, plus
the 2-player variant and the random-terrain variant. Review the diff before committing.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent.parent / "py"), str(HERE.parent), str(HERE)]

from automa.games.age_of_innovation.data import DIFFICULTIES, FACTIONS  # noqa: E402
from tests.age_of_innovation.play import transcript  # noqa: E402
from tests.golden_games import Case, regenerate  # noqa: E402

GOLDEN = HERE / "golden"


def cases() -> list[Case]:
    """(file name, options, seed) of every golden game."""
    out = []
    for i, faction in enumerate(FACTIONS):
        difficulty = DIFFICULTIES[i % len(DIFFICULTIES)]
        options = {"difficulty": difficulty, "faction": faction, "variant": "solo",
                   "random_terrain": False}
        out.append((f"{faction}_{difficulty}.txt", options, 100 + i))
    out.append(("two_players_automa.txt", {"difficulty": "automa", "faction": "simpletons",
                                           "variant": "two_players", "random_terrain": False}, 7))
    out.append(("random_terrain_alptrauma.txt", {"difficulty": "alptrauma",
                                                 "faction": "simpletons", "variant": "solo",
                                                 "random_terrain": True}, 8))
    return out


def main() -> None:
    """Write every transcript."""
    regenerate(GOLDEN, cases(), transcript)

if __name__ == "__main__":
    main()
