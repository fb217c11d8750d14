"""Tapestry: the Automa and the Shadow Empire (Stonemaier Games' solo rules).

Modules: ``data`` (card and board data), ``tracks`` (advancing, landmarks), ``benefits``
(the Automa's benefits and civilization bonuses), ``board`` (conquer, explore, traps),
``income`` (income turns 1-5), ``turn`` (the bots' turn and the game end), ``setup`` and
``view`` (what is shown, procedures, corrections).
"""

from __future__ import annotations

from automa.core.game import GameDef, OptionSpec, Scoring, register

from . import benefits, board, income, setup, tracks, turn, view
from .state import PHASES, VP_SOURCES, migrate, ranges, steps, turn_label

__all__ = ["GAME"]
_MODULES = (benefits, board, income, setup, tracks, turn, view)  # they register the steps

GAME = register(GameDef(
    id="tapestry",
    name="tapestry.name",
    version=2,
    options=(
        OptionSpec("difficulty", "int", 2, choices=(1, 2, 3, 4, 5, 6),
                   label="tapestry.option.difficulty"),
        OptionSpec("favorite_rule", "choice", "landmark_or_end",
                   choices=("landmark_or_end", "any"), label="tapestry.option.favorite_rule",
                   advanced=True),
        OptionSpec("card_reading", "choice", "images", choices=("images", "bga"),
                   label="tapestry.option.card_reading", advanced=True),
        OptionSpec("level3_progress", "choice", "0-2-2", choices=("0-2-2", "2-4-4"),
                   label="tapestry.option.level3_progress", advanced=True),
        OptionSpec("explorers_bonus", "choice", "track_advances",
                   choices=("track_advances", "explore_conquer"),
                   label="tapestry.option.explorers_bonus", advanced=True),
        OptionSpec("civ_reading", "choice", "cards", choices=("cards", "seed_text"),
                   label="tapestry.option.civ_reading", advanced=True),
        OptionSpec("third_achievement", "choice", "none", choices=("none", "five"),
                   label="tapestry.option.third_achievement", advanced=True),
        OptionSpec("quantum_physics", "choice", "once", choices=("once", "twice"),
                   label="tapestry.option.quantum_physics", advanced=True),
        OptionSpec("finished_track_roll", "choice", "reroll", choices=("reroll", "lost"),
                   label="tapestry.option.finished_track_roll", advanced=True),
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
    actors=("automa", "shadow", "player"),
    description="tapestry.description",
    ranges=ranges(),
    score="tapestry.score",
    correct_label="tapestry.procedure.correct",
    scoring=Scoring(final=view.final_score, progress=view.progress,
                    round_label="tapestry.record.round", you="tapestry.record.you",
                    sources=tuple((s, f"tapestry.vp.{s}") for s in VP_SOURCES)),
))
