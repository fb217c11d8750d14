"""Golden playthroughs: whole games at every difficulty, with a player's own deck, and with
every flagged reading switched. If a rule change is intended, run
``python tests/glory_of_civilizations/glory_regen_golden.py`` and review the diff."""

from __future__ import annotations

from typing import Any

from tests.glory_of_civilizations.glory_regen_golden import GOLDEN, cases
from tests.glory_of_civilizations.play import transcript
from tests.golden_games import assert_plays_as_recorded, each_case


@each_case(cases())
def test_golden_transcript(name: str, options: dict[str, Any], seed: int) -> None:
    """The game plays exactly as recorded."""
    assert_plays_as_recorded(GOLDEN, name, transcript(options, seed))


@each_case(cases())
def test_golden_games_last_six_rounds(name: str, options: dict[str, Any], seed: int) -> None:
    """Without an instant victory every game runs six rounds to the end."""
    text = (GOLDEN / name).read_text(encoding="utf-8")
    assert "End of round 6: the game is over" in text
