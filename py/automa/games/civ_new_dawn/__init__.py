"""Sid Meier's Civilization: A New Dawn — the Automated Player (AP rules v1.0, 8/1/2020).

Modules: ``data`` (card data), ``state`` (step registry, readers, token and card bookkeeping),
``setup`` (setup and the flow between turns), ``resolve`` (a focus card from slot 5 to the
reset), ``walk`` (the priority walk), ``actions`` (culture, economy, industry, science),
``military``, ``reactive`` (procedures), ``view``.
"""

from __future__ import annotations

from automa.core.game import GameDef, OptionSpec, Scoring, register

from . import actions, military, reactive, resolve, setup, view, walk  # noqa: F401
from .data import DIFFICULTIES, GAME_ID, LEADERS
from .state import PHASES, migrate, ranges, steps


def _reading(option_id: str, default: object, choices: tuple[object, ...], kind: str = "choice"
             ) -> OptionSpec:
    return OptionSpec(option_id, "bool" if kind == "bool" else "choice", default, choices,
                      label=f"{GAME_ID}.option.{option_id}",
                      help=f"{GAME_ID}.option.{option_id}_help", advanced=True)


GAME = GameDef(
    id=GAME_ID,
    name=f"{GAME_ID}.name",
    version=1,
    options=(
        OptionSpec("difficulty", "choice", "settler", DIFFICULTIES,
                   label=f"{GAME_ID}.option.difficulty", help=f"{GAME_ID}.option.difficulty_help"),
        OptionSpec("humans", "int", 1, (1, 2, 3), label=f"{GAME_ID}.option.humans"),
        OptionSpec("leader", "choice", "random", ("random", *LEADERS),
                   label=f"{GAME_ID}.option.leader"),
        _reading("dial_past_24", "to_15", ("to_15", "to_17", "stay_24")),
        _reading("combat_tie", "defender", ("defender", "attacker")),
        _reading("economy_spend", "minimum", ("minimum", "most_arrivals")),
        _reading("industry_bonus", "wonders_and_city_states",
                 ("wonders_and_city_states", "city_states_only")),
        _reading("wonder_affordable", True, (), "bool"),
        _reading("mathematics_self", True, (), "bool"),
        _reading("parts_self", True, (), "bool"),
        _reading("civil_service_fallback", True, (), "bool"),
        _reading("nuke_own_tokens", True, (), "bool"),
        _reading("tokens_on_replaced", "kept", ("kept", "returned")),
        _reading("full_cities", "stays", ("stays", "shared")),
        _reading("capitalism_idle", "not_reset", ("not_reset", "reset")),
        _reading("teddy_nw_value", "one_two", ("one_two", "one")),
        _reading("teddy_nw_capitalism", "twice", ("twice", "once")),
    ),
    setup=setup.setup,
    steps=steps,
    phases=PHASES,
    procedures=reactive.procedures,
    corrections=view.corrections,
    migrate=migrate,
    view=view.view,
    value_label=view.value_label,
    turn_label=view.turn_label,
    actors=("ap", "player"),
    description=f"{GAME_ID}.description",
    ranges=ranges(),
    correct_label=f"{GAME_ID}.procedure.correct",
    scoring=Scoring(final=view.final_score, progress=view.progress, humans=view.humans,
                    unit=f"{GAME_ID}.record.unit", round_label=f"{GAME_ID}.record.round",
                    you=f"{GAME_ID}.record.you", strength=("difficulty", "leader"), player_max=3),
)

register(GAME)
