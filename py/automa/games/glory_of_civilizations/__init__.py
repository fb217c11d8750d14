"""Glory of Civilizations: the automa of the Ukrainian rulebook text (seeds/003, an older
revision than the game's current wiki), with our companion edition deck or the player's own.

Modules: ``data`` (vocabularies, the companion deck, the card check), ``editor`` (the card
editor's model), ``state`` (step registry, readers), ``flow`` (setup, rounds, turns, free
actions, reform, achievement phase, game end), ``actions`` (main actions), ``view``.
"""

from __future__ import annotations

from automa.core.game import GameDef, OptionSpec, Scoring, register

from . import actions, flow, view  # noqa: F401  (registers the steps)
from .data import GAME_ID
from .editor import CARD_EDITOR, option_value
from .state import PHASES, migrate, ranges, steps


def _o(key: str) -> str:
    return f"{GAME_ID}.option.{key}"


GAME = GameDef(
    id=GAME_ID,
    name=f"{GAME_ID}.name",
    version=1,
    options=(
        OptionSpec("difficulty", "choice", "medium", ("easy", "medium", "hard"),
                   label=_o("difficulty"), help=_o("difficulty_help")),
        OptionSpec("players", "int", 2, (2, 3, 4, 5, 6), label=_o("players"),
                   help=_o("players_help")),
        OptionSpec("custom_deck", "data", None, label=_o("custom_deck"),
                   help=_o("custom_deck_help"), validate=option_value, editor=CARD_EDITOR),
        OptionSpec("row_rule", "choice", "difficulty", ("difficulty", "age"),
                   label=_o("row_rule"), advanced=True),
        OptionSpec("round_shuffle", "choice", "deck", ("deck", "with_discard"),
                   label=_o("round_shuffle"), advanced=True),
        OptionSpec("fallthrough", "choice", "down", ("down", "wrap"),
                   label=_o("fallthrough"), advanced=True),
        OptionSpec("cube_rule", "choice", "own", ("own", "any"), label=_o("cube_rule"),
                   advanced=True),
        OptionSpec("capital_is_city", "bool", True, label=_o("capital_is_city"),
                   advanced=True),
        OptionSpec("wonder_stages", "int", 2, (1, 2), label=_o("wonder_stages"),
                   help=_o("wonder_stages_help"), advanced=True),
        OptionSpec("experience_number", "choice", "found", ("found", "first"),
                   label=_o("experience_number"), advanced=True),
        OptionSpec("adversity_glory", "int", 1, (0, 1), label=_o("adversity_glory"),
                   advanced=True),
        OptionSpec("free_order", "choice", "free_first", ("free_first", "main_first"),
                   label=_o("free_order"), advanced=True),
        OptionSpec("archer_area", "choice", "barracks", ("barracks", "workshop"),
                   label=_o("archer_area"), advanced=True),
        OptionSpec("vote_fours", "choice", "each", ("each", "once"), label=_o("vote_fours"),
                   advanced=True),
        OptionSpec("age_rule", "choice", "rounds", ("rounds", "manual"), label=_o("age_rule"),
                   help=_o("age_rule_help"), advanced=True),
        OptionSpec("castle_explore", "bool", True, label=_o("castle_explore"),
                   help=_o("castle_explore_help"), advanced=True),
    ),
    setup=flow.setup,
    steps=steps,
    phases=PHASES,
    procedures=view.procedures,
    corrections=view.corrections,
    migrate=migrate,
    view=view.view,
    value_label=view.value_label,
    turn_label=view.turn_label,
    actors=("automa", "player"),
    description=f"{GAME_ID}.description",
    ranges=ranges(),
    score=f"{GAME_ID}.play.vp",
    correct_label=f"{GAME_ID}.procedure.correct",
    scoring=Scoring(final=view.final_score, progress=view.progress, humans=view.humans,
                    round_label=f"{GAME_ID}.record.round",
                    you=f"{GAME_ID}.record.you"),
)

register(GAME)
