"""Glory of Civilizations: the automa of the Ukrainian rulebook text (seeds/003, an older
revision than the game's current wiki), with our companion edition deck or the player's own.

Modules: ``data`` (vocabularies, the companion deck, the card check), ``editor`` (the card
editor's model), ``state`` (step registry, message ids, the game's data, readers), ``setup``,
``turn`` (the automa's turn: activation, free actions, the pointer chain, passing),
``actions`` (main actions), ``rounds`` (round start, reform, achievement phase, game end),
``procedures`` (what the player may start, corrections), ``view``.
"""

from __future__ import annotations

from automa.core.game import GameDef, OptionSpec, always_correctable, register
from automa.core.scoring import Scoring

from . import actions, procedures, rounds, setup, turn, view  # noqa: F401  (registers the steps)
from .data import GAME_ID
from .editor import CARD_EDITOR, option_value
from .migrations import ACTION_MIGRATIONS
from .state import (
    PHASES,
    k,
    migrate,
    migrate_v2,
    migrate_v3,
    migrate_v4,
    migrate_v5,
    ranges,
    steps,
    turn_label,
)

GAME = GameDef(
    id=GAME_ID,
    name=k("name"),
    version=5,  # 2: the audit's Wonder, event, age, castle and building readings;
    # 3: one or two automas (the state's layout: each automa's record in a list);
    # 4: a win at once by instant achievements is confirmed before the game ends;
    # 5: so is one answered in the achievement phase, and with two automas each question
    # about one of them names it
    changes={2: k("change.v2"), 4: k("change.v4"), 5: k("change.v5")},
    options=(
        OptionSpec.named(GAME_ID, "difficulty", "choice", "medium", ("easy", "medium", "hard"),
                         help=True),
        OptionSpec.named(GAME_ID, "players", "int", 2, (2, 3, 4, 5, 6), help=True),
        OptionSpec.named(GAME_ID, "automas", "int", 1, (1, 2), help=True),
        OptionSpec.named(GAME_ID, "custom_deck", "data", None, help=True, validate=option_value,
                         editor=CARD_EDITOR),
        OptionSpec.named(GAME_ID, "row_rule", "choice", "difficulty", ("difficulty", "age"),
                         advanced=True),
        OptionSpec.named(GAME_ID, "round_shuffle", "choice", "deck", ("deck", "with_discard"),
                         advanced=True),
        OptionSpec.named(GAME_ID, "fallthrough", "choice", "down", ("down", "wrap"),
                         advanced=True),
        OptionSpec.named(GAME_ID, "cube_rule", "choice", "own", ("own", "any"), advanced=True),
        OptionSpec.named(GAME_ID, "capital_is_city", "bool", True, advanced=True),
        OptionSpec.named(GAME_ID, "wonder_stages", "int", 2, (1, 2), advanced=True, help=True),
        OptionSpec.named(GAME_ID, "experience_number", "choice", "found", ("found", "first"),
                         advanced=True),
        OptionSpec.named(GAME_ID, "adversity_glory", "int", 1, (0, 1), advanced=True),
        OptionSpec.named(GAME_ID, "free_order", "choice", "free_first",
                         ("free_first", "main_first"), advanced=True),
        OptionSpec.named(GAME_ID, "archer_area", "choice", "barracks", ("barracks", "workshop"),
                         advanced=True),
        OptionSpec.named(GAME_ID, "vote_fours", "choice", "each", ("each", "once"),
                         advanced=True),
        OptionSpec.reading(GAME_ID, "age_rule", "rounds", ("rounds", "manual")),
        OptionSpec.reading(GAME_ID, "castle_explore", True),
    ),
    setup=setup.setup,
    steps=steps,
    phases=PHASES,
    procedures=procedures.procedures,
    corrections=procedures.corrections,
    correctable=always_correctable,  # (the age, in every phase)
    migrate=migrate,
    migrations=(migrate_v2, migrate_v3, migrate_v4, migrate_v5),
    action_migrations=ACTION_MIGRATIONS,
    view=view.view,
    value_label=view.value_label,
    turn_label=turn_label,
    actors=("automa", "automa1", "automa2", "automas", "player"),
    description=k("description"),
    ranges=ranges(),
    box=setup.beyond_box,
    score=k("play.vp"),
    correct_label=k("procedure.correct"),
    new_game_check=view.proxy_players,
    scoring=Scoring(final=view.final_score, progress=view.progress, humans=view.humans,
                    round_label=k("record.round"), you=k("record.you"),
                    sources=(("automa1", k("actor.automa1")), ("automa2", k("actor.automa2"))),
                    strength=("difficulty", "automas"), bots=True),
)

register(GAME)
