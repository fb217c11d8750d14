"""Golden playthroughs: whole games at every difficulty, with a player's own deck, and with
every flagged reading switched. If a rule change is intended, run
``python tests/regen_golden.py glory_of_civilizations`` and review the diff."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.glory_of_civilizations.play import card, transcript
from tests.golden_games import Case, Golden


def own_deck() -> list[dict[str, Any]]:
    """A player's deck of 13 cards with varied actions (as keyed in from a box)."""
    mains = [["build_city", "train_swordsmen", "battles", "gather"],
             ["spread_religion", "build_castle", "repair_damages", "produce"],
             ["build_wonder", "train_peasants", "suppress_heresy", "market"],
             ["train_ballista", "build_buildings", "battles", "gather"]]
    dirs = ["n", "ne", "se", "s", "sw", "nw"]
    out = []
    for i in range(1, 14):
        nums = [(i + j) % 4 + 1 for j in range(4)]
        prio = [{"terrain": ("meadow", "forest", "mountains", "sea")[(i + j) % 4],
                 "number": nums[j], "direction": dirs[(i + 2 * j) % 6]} for j in range(4)]
        free = [("tech", "coins", "glory")[i % 3], ("glory", "tech", "coins")[i % 3]]
        out.append(card(100 + i, priority=prio, main=mains[i % 4], pointer=(i * 3) % 4 + 1,
                        free=free))
    return out


def cases() -> list[Case]:
    """(file name, options, seed) of every golden game."""
    return [
        ("companion_easy.txt", {"difficulty": "easy", "players": 2}, 11),
        ("companion_medium.txt", {"difficulty": "medium", "players": 3}, 12),
        ("companion_hard.txt", {"difficulty": "hard", "players": 4}, 13),
        ("own_deck_medium.txt", {"difficulty": "medium", "custom_deck": own_deck()}, 14),
        ("readings_flipped.txt", {"difficulty": "hard", "players": 5, "row_rule": "age",
                                  "round_shuffle": "with_discard", "fallthrough": "wrap",
                                  "capital_is_city": False, "wonder_stages": 1,
                                  "experience_number": "first", "adversity_glory": 0,
                                  "free_order": "main_first", "vote_fours": "once",
                                  "archer_area": "workshop", "age_rule": "manual",
                                  "castle_explore": False}, 15),
        ("two_automas_medium.txt", {"difficulty": "medium", "players": 3, "automas": 2}, 16),
    ]


GOLDEN = Golden(Path(__file__).resolve().parent / "golden", cases(), transcript)


@GOLDEN.parametrize()
def test_golden_transcript(name: str, options: dict[str, Any], seed: int) -> None:
    """The game plays exactly as recorded."""
    GOLDEN.assert_plays_as_recorded(name, options, seed)


@GOLDEN.parametrize()
def test_golden_games_last_six_rounds(name: str, options: dict[str, Any], seed: int) -> None:
    """Without an instant victory every game runs six rounds to the end."""
    text = (GOLDEN.folder / name).read_text(encoding="utf-8")
    assert "End of round 6: the game is over" in text
