"""Golden playthroughs: fixed seeds and scripted answers, 25 AP turns, every difficulty.

If a rule change is intended, run ``python tests/civ_new_dawn/civ_regen_golden.py`` and review
the diff.
"""

from __future__ import annotations

from typing import Any

from tests.civ_new_dawn.civ_regen_golden import GOLDEN, cases
from tests.civ_new_dawn.play import transcript
from tests.golden_games import assert_plays_as_recorded, each_case


@each_case(cases())
def test_golden_transcript(name: str, options: dict[str, Any], seed: int) -> None:
    """The game plays exactly as recorded."""
    assert_plays_as_recorded(GOLDEN, name, transcript(options, seed))


def test_golden_games_cover_every_difficulty_and_leader_rule() -> None:
    """Every level and every leader clarification (Teddy, Montezuma, Gilgamesh) is played."""
    from automa.games.civ_new_dawn.data import DIFFICULTIES, leaders

    opts = [c[1] for c in cases()]
    assert {o["difficulty"] for o in opts} == set(DIFFICULTIES)
    rules = {leaders()[o["leader"]]["ap_rule"] for o in opts}
    assert rules == {"none", "teddy", "montezuma", "gilgamesh"}
