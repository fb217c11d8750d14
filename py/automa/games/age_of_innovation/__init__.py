"""Age of Innovation: the Automa (rulebook v1.1), solo and in the 2-player-with-Automa variant.

Modules: ``data`` (card data), ``state`` (step registry, readers), ``setup``, ``turn`` (drawing
and running her cards), ``actions``, ``directional`` (Directional Selection arithmetic),
``passing`` (pass, round end, final scoring), ``view`` (view, procedures, corrections).
"""

from __future__ import annotations

from automa.core.game import GameDef, OptionSpec, Scoring, register

from . import actions, passing, setup, turn, view  # noqa: F401  (registers the steps)
from .data import DIFFICULTIES, FACTIONS, GAME_ID
from .state import PHASES, migrate, ranges, steps, turn_label

GAME = GameDef(
    id=GAME_ID,
    name=f"{GAME_ID}.name",
    version=2,  # 2: turn labels, phase, table steps, fresh Level 12 check
    options=(
        OptionSpec("difficulty", "choice", "automalein", DIFFICULTIES,
                   label=f"{GAME_ID}.option.difficulty"),
        OptionSpec("faction", "choice", "simpletons", FACTIONS,
                   label=f"{GAME_ID}.option.faction", help=f"{GAME_ID}.option.faction_help"),
        # The 2-player variant allows only The Simpletons: setup plays them whatever "faction"
        # says and logs it (the option schema cannot tie one option to another).
        OptionSpec("variant", "choice", "solo", ("solo", "two_players"),
                   label=f"{GAME_ID}.option.variant", help=f"{GAME_ID}.option.variant_help"),
        OptionSpec("random_terrain", "bool", False, label=f"{GAME_ID}.option.random_terrain"),
        # Rules readings where the rulebook is ambiguous (cards/age_of_innovation/README.md).
        OptionSpec("book_without_power", "bool", True,
                   label=f"{GAME_ID}.option.book_without_power",
                   help=f"{GAME_ID}.option.book_without_power_help", advanced=True),
        OptionSpec("highest_includes_automa", "bool", False,
                   label=f"{GAME_ID}.option.highest_includes_automa",
                   help=f"{GAME_ID}.option.highest_includes_automa_help", advanced=True),
        OptionSpec("two_player_board", "choice", "two", ("two", "three"),
                   label=f"{GAME_ID}.option.two_player_board",
                   help=f"{GAME_ID}.option.two_player_board_help", advanced=True),
        OptionSpec("science_scoring", "choice", "computed", ("computed", "ask"),
                   label=f"{GAME_ID}.option.science_scoring",
                   help=f"{GAME_ID}.option.science_scoring_help", advanced=True),
    ),
    setup=setup.setup,
    steps=steps,
    phases=PHASES,
    procedures=view.procedures,
    corrections=view.corrections,
    migrate=migrate,
    view=view.view,
    value_label=view.value_label,
    turn_label=turn_label,
    actors=("automa", "player"),
    description=f"{GAME_ID}.description",
    ranges=ranges(),
    score=f"{GAME_ID}.score",
    correct_label=f"{GAME_ID}.procedure.correct",
    scoring=Scoring(final=view.final_score, progress=view.progress, humans=view.humans,
                    round_label=f"{GAME_ID}.record.round",
                    you=f"{GAME_ID}.record.you",
                    sources=tuple((s, f"{GAME_ID}.record.source.{s}") for s in view.SCORE_SOURCES),
                    strength=("difficulty", "faction")),
)

register(GAME)
