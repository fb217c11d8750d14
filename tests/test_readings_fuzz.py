"""Issue 33: under every rules reading (each value of each reading in turn, the other options
random), random playouts find no allowed answer refused by a range — no legal sequence of
answers (corrections within their bounds among them) drives a tracked value out of the range
its game declares, so no turn stalls on a truthful answer (a Glory card of castle, castle,
city once did under ``castle_explore = false``; Teddy's natural wonder tokens under two
corrections of 4).

``AUTOMA_READING_PLAYOUTS`` sets the playouts per reading value (default 2: about a minute
in all).
"""

from __future__ import annotations

import os
from typing import Any

import pytest

import automa
from automa.core.errors import ImpossibleValue
from automa.core.rng import Rng
from tests.conformance import playout, random_options

PLAYOUTS = int(os.environ.get("AUTOMA_READING_PLAYOUTS", "2"))
READINGS = [(g["id"], o["id"], value) for g in automa.games() for o in g["options"]
            if o.get("advanced") for value in o["choices"]]


@pytest.mark.parametrize(("game_id", "reading", "value"), READINGS,
                         ids=[f"{g}:{r}={v}" for g, r, v in READINGS])
def test_no_allowed_answer_is_refused_by_a_range_under_any_reading(
        game_id: str, reading: str, value: Any) -> None:
    for n in range(PLAYOUTS):
        seed = 1_000 + n * 37 + sum(map(ord, reading))
        options = {**random_options(game_id, Rng.from_seed(seed)), reading: value}
        try:
            playout(game_id, seed, options=options, check=False, procedure_rate=6,
                    undo_rate=0)
        except ImpossibleValue as e:
            pytest.fail(f"{game_id} seed {seed} {options}: an allowed answer was refused: "
                        f"{e}")


FOUND = [
    ("age_of_innovation", 3369, {"difficulty": "automachtig", "faction": "symbionts",
                                 "variant": "two_players", "random_terrain": True,
                                 "book_without_power": True, "highest_includes_automa": False,
                                 "two_player_board": "three", "science_scoring": "computed"}),
    ("age_of_innovation", 4994, {"difficulty": "automalein", "faction": "powermongers",
                                 "variant": "solo", "random_terrain": False,
                                 "book_without_power": False, "highest_includes_automa": True,
                                 "two_player_board": "three", "science_scoring": "computed"}),
    ("tapestry", 2642, {"difficulty": 6, "favorite_rule": "any", "card_reading": "images",
                        "level3_progress": "0-2-2", "explorers_bonus": "explore_conquer",
                        "civ_reading": "cards", "third_achievement": "none",
                        "quantum_physics": "twice", "finished_track_roll": "reroll"}),
]
"""What this fuzzer found: a discipline corrected to 12 before her faction's setup advance
(13 refused), her score corrected to its bound before she scores, your toppled outposts
corrected to their bound before a conquest."""


@pytest.mark.parametrize(("game_id", "seed", "options"), FOUND,
                         ids=[f"{f[0]}-{f[1]}" for f in FOUND])
def test_a_count_corrected_to_its_bound_stays_there_when_play_adds_to_it(
        game_id: str, seed: int, options: dict[str, Any]) -> None:
    """A correction may set a count to its bound; a rule that then adds to it leaves it
    there, never refusing the next allowed answer."""
    playout(game_id, seed, options=options, check=False, procedure_rate=6, undo_rate=0)
