"""Golden playthroughs: fixed seeds at every difficulty and with every faction.

One game per faction, the difficulties taken in turn so that every level is covered, plus
the 2-player variant and the random-terrain variant. If a rule change is intended, run
``python tests/regen_golden.py age_of_innovation`` and review the diff.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from automa.games.age_of_innovation.data import DIFFICULTIES, FACTIONS
from tests.age_of_innovation.play import transcript
from tests.golden_games import Case, Golden


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


GOLDEN = Golden(Path(__file__).resolve().parent / "golden", cases(), transcript)


@GOLDEN.parametrize()
def test_golden_transcript(name: str, options: dict[str, Any], seed: int) -> None:
    """The game plays exactly as recorded."""
    GOLDEN.assert_plays_as_recorded(name, options, seed)


def test_golden_games_cover_every_difficulty_and_faction() -> None:
    """Every level and every faction appears in a golden game."""
    opts = [c[1] for c in GOLDEN.cases]
    assert {o["difficulty"] for o in opts} == set(DIFFICULTIES)
    assert {o["faction"] for o in opts} == set(FACTIONS)
