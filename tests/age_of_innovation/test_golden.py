"""Golden playthroughs: fixed seeds at every difficulty and with every faction.

If a rule change is intended, run ``python tests/age_of_innovation/regen_golden.py`` and
review the diff.
"""

from __future__ import annotations

from typing import Any

from tests.age_of_innovation.play import transcript
from tests.age_of_innovation.regen_golden import GOLDEN, cases
from tests.golden_games import assert_plays_as_recorded, each_case


@each_case(cases())
def test_golden_transcript(name: str, options: dict[str, Any], seed: int) -> None:
    """The game plays exactly as recorded."""
    assert_plays_as_recorded(GOLDEN, name, transcript(options, seed))


def test_golden_games_cover_every_difficulty_and_faction() -> None:
    """Every level and every faction appears in a golden game."""
    from automa.games.age_of_innovation.data import DIFFICULTIES, FACTIONS

    opts = [c[1] for c in cases()]
    assert {o["difficulty"] for o in opts} == set(DIFFICULTIES)
    assert {o["faction"] for o in opts} == set(FACTIONS)
