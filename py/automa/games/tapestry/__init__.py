"""Tapestry: the Automa and the Shadow Empire (Stonemaier Games' solo rules).

Modules: ``data`` (card and board data), ``state`` (step registry, message ids, the ``Data``
layout and its ranges, phases, shared readers), ``setup``, ``turn`` (the bots' turn and the
game end), ``procedures`` (what the player may start, corrections), ``view``; the rule
modules ``tracks`` (advancing, landmarks), ``benefits`` (the Automa's benefits and
civilization bonuses), ``board`` (conquer, explore) and ``income`` (income turns 1-5).
"""

from __future__ import annotations

from automa.core.game import GameDef, OptionSpec, register
from automa.core.scoring import Scoring

from . import benefits, board, income, procedures, setup, tracks, turn, view  # noqa: F401
from .migrations import ACTION_MIGRATIONS, migrate_v3, migrate_v4
from .state import PHASES, VP_SOURCES, G, k, migrate, ranges, steps, turn_label

__all__ = ["GAME"]

GAME = GameDef(
    id=G,
    name=k("name"),
    version=4,  # 3: the audit's income-turn order and full mat; 4: no confirm-only steps
    changes={3: k("change.v3"), 4: k("change.v4")},
    options=(
        OptionSpec.named(G, "difficulty", "int", 2, (1, 2, 3, 4, 5, 6)),
        OptionSpec.named(G, "map", "bool", False),
        OptionSpec.named(G, "favorite_rule", "choice", "landmark_or_end",
                         ("landmark_or_end", "any"), advanced=True),
        OptionSpec.named(G, "card_reading", "choice", "images", ("images", "bga"),
                         advanced=True),
        OptionSpec.named(G, "level3_progress", "choice", "0-2-2", ("0-2-2", "2-4-4"),
                         advanced=True),
        OptionSpec.named(G, "explorers_bonus", "choice", "track_advances",
                         ("track_advances", "explore_conquer"), advanced=True),
        OptionSpec.named(G, "civ_reading", "choice", "cards", ("cards", "seed_text"),
                         advanced=True),
        OptionSpec.named(G, "third_achievement", "choice", "none", ("none", "five"),
                         advanced=True),
        OptionSpec.named(G, "quantum_physics", "choice", "once", ("once", "twice"),
                         advanced=True),
        OptionSpec.named(G, "finished_track_roll", "choice", "reroll", ("reroll", "lost"),
                         advanced=True),
    ),
    setup=setup.setup,
    steps=steps,
    phases=PHASES,
    procedures=procedures.procedures,
    corrections=procedures.corrections,
    correctable=procedures.correctable,
    migrate=migrate,
    migrations=(migrate_v3, migrate_v4),
    action_migrations=ACTION_MIGRATIONS,
    view=view.view,
    value_label=view.value_label,
    turn_label=turn_label,
    actors=("automa", "shadow", "player"),
    description=k("description"),
    ranges=ranges(),
    score=k("score"),
    correct_label=k("procedure.correct"),
    scoring=Scoring(final=view.final_score, progress=view.progress,
                    round_label=k("record.round"), you=k("record.you"),
                    sources=tuple((s, k(f"vp.{s}")) for s in VP_SOURCES)),
)

register(GAME)
