"""Age of Innovation: the Automa (rulebook v1.1), solo and in the 2-player-with-Automa variant.

Modules: ``data`` (card data), ``state`` (step registry, message ids, the state layout,
readers, turn labels), ``setup``, ``turn`` (drawing and running her cards), ``procedures``
(what the player starts, the corrections), ``view``; rule modules ``actions`` (her actions),
``directional`` (Directional Selection arithmetic) and ``passing`` (pass, round end, final
scoring).
"""

from __future__ import annotations

from automa.core.game import GameDef, OptionSpec, always_correctable, register
from automa.core.scoring import Scoring

from . import actions, passing, procedures, science, setup, turn, view  # noqa: F401  (registers the steps)
from .data import DIFFICULTIES, FACTIONS, GAME_ID
from .migrations import ACTION_MIGRATIONS, migrate_v3
from .state import PHASES, k, migrate, ranges, steps, turn_label

GAME = GameDef(
    id=GAME_ID,
    name=k("name"),
    version=3,  # 2: turn labels, phase, table steps, fresh Level 12 check; 3: every set-up
    # draw shown and enterable (a game saved at the first set-up question opens from its
    # snapshot; one past the set-up replays answer by answer)
    changes={3: k("change.v3")},
    options=(
        OptionSpec.named(GAME_ID, "difficulty", "choice", "automalein", DIFFICULTIES),
        OptionSpec.named(GAME_ID, "faction", "choice", "simpletons", FACTIONS, help=True),
        # The 2-player variant allows only The Simpletons: setup plays them whatever "faction"
        # says and logs it (the option schema cannot tie one option to another).
        OptionSpec.named(GAME_ID, "variant", "choice", "solo", ("solo", "two_players"),
                         help=True),
        OptionSpec.named(GAME_ID, "random_terrain", "bool", False),
        # Rules readings where the rulebook is ambiguous (cards/age_of_innovation/README.md).
        OptionSpec.reading(GAME_ID, "book_without_power", True),
        OptionSpec.reading(GAME_ID, "highest_includes_automa", False),
        OptionSpec.reading(GAME_ID, "two_player_board", "two", ("two", "three")),
        OptionSpec.reading(GAME_ID, "science_scoring", "computed", ("computed", "ask")),
    ),
    setup=setup.setup,
    steps=steps,
    phases=PHASES,
    procedures=procedures.procedures,
    corrections=procedures.corrections,
    correctable=always_correctable,  # (her score, in every phase)
    migrate=migrate,
    migrations=(migrate_v3,),
    action_migrations=ACTION_MIGRATIONS,
    view=view.view,
    value_label=view.value_label,
    turn_label=turn_label,
    actors=("automa", "player"),
    description=k("description"),
    ranges=ranges(),
    box=setup.beyond_box,
    score=k("score"),
    correct_label=k("procedure.correct"),
    scoring=Scoring(final=view.final_score, progress=view.progress, humans=view.humans,
                    round_label=k("record.round"), you=k("record.you"),
                    sources=tuple((s, k(f"record.source.{s}")) for s in view.SCORE_SOURCES),
                    strength=("difficulty", "faction")),
)

register(GAME)
