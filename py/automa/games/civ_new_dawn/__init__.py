"""Sid Meier's Civilization: A New Dawn — the Automated Player (AP rules v1.0, 8/1/2020).

Modules: ``data`` (card data), ``state`` (step registry, message ids, the state layout, readers,
token and card bookkeeping), ``setup``, ``turn`` (the AP's turn: a focus card from slot 5 to
the reset, the flow between turns, the game end), ``procedures`` (what the player starts, the
corrections), ``view``; rule modules ``walk`` (the priority walk), ``actions`` (culture,
economy, industry, science) and ``military``.
"""

from __future__ import annotations

from automa.core.formats import same_layout
from automa.core.game import GameDef, OptionSpec, always_correctable, register
from automa.core.scoring import Scoring

from . import actions, military, procedures, setup, turn, view, walk  # noqa: F401
from .data import DIFFICULTIES, GAME_ID, LEADERS
from .migrations import ACTION_MIGRATIONS
from .state import PHASES, beyond_box, k, migrate, ranges, steps, turn_label

GAME = GameDef(
    id=GAME_ID,
    name=k("name"),
    version=4,  # 2: the audit's findings (Teddy's tokens, box counts, pacts, swap); 3: the
    # second audit's (an idle card through Capitalism reset, Teddy's tokens with no attack);
    # 4: a rival's city the AP beats, not a capital, becomes the AP's (with its wonder)
    changes={2: k("change.v2"), 3: k("change.v3"), 4: k("change.v4")},
    options=(
        OptionSpec.named(GAME_ID, "difficulty", "choice", "settler", DIFFICULTIES, help=True),
        OptionSpec.named(GAME_ID, "humans", "int", 1, (1, 2, 3)),
        OptionSpec.named(GAME_ID, "leader", "choice", "random", ("random", *LEADERS)),
        OptionSpec.reading(GAME_ID, "dial_past_24", "to_15", ("to_15", "to_17", "stay_24")),
        OptionSpec.reading(GAME_ID, "combat_tie", "defender", ("defender", "attacker")),
        OptionSpec.reading(GAME_ID, "economy_spend", "minimum", ("minimum", "most_arrivals")),
        OptionSpec.reading(GAME_ID, "industry_bonus", "wonders_and_city_states",
                           ("wonders_and_city_states", "city_states_only")),
        OptionSpec.reading(GAME_ID, "wonder_affordable", True),
        OptionSpec.reading(GAME_ID, "mathematics_self", True),
        OptionSpec.reading(GAME_ID, "parts_self", True),
        OptionSpec.reading(GAME_ID, "civil_service_fallback", True),
        OptionSpec.reading(GAME_ID, "nuke_own_tokens", True),
        OptionSpec.reading(GAME_ID, "tokens_on_replaced", "kept", ("kept", "returned")),
        # version 1 put the wonder in a full city (read "shared" since)
        OptionSpec.reading(GAME_ID, "full_cities", "stays", ("stays", "shared"),
                           earlier=((2, "shared"),)),
        # version 1 left an idle card swapped through Capitalism in slot 5; version 2 named it
        OptionSpec.reading(GAME_ID, "capitalism_idle", "reset", ("reset", "not_reset"),
                           earlier=((2, "not_reset"),)),
        OptionSpec.reading(GAME_ID, "teddy_nw_value", "one_two", ("one_two", "one")),
        OptionSpec.reading(GAME_ID, "teddy_nw_capitalism", "twice", ("twice", "once")),
        # version 2 kept the tokens on a military card that made no attack (1 and 3 spent them)
        OptionSpec.reading(GAME_ID, "teddy_nw_no_attack", "spent", ("spent", "kept"),
                           earlier=((2, "spent"), (3, "kept"))),
        # version 3 left a rival's city the AP beat, not a capital, to its owner
        OptionSpec.reading(GAME_ID, "city_taken", "changes_hands", ("changes_hands", "stays"),
                           earlier=((4, "stays"),)),
    ),
    setup=setup.setup,
    steps=steps,
    phases=PHASES,
    procedures=procedures.procedures,
    corrections=procedures.corrections,
    correctable=always_correctable,  # (the dial and the cities, in every phase)
    migrate=migrate,
    migrations=(same_layout, same_layout, same_layout),  # 2-4 changed rules, not the layout
    action_migrations=ACTION_MIGRATIONS,
    view=view.view,
    value_label=view.value_label,
    turn_label=turn_label,
    actors=("ap", "player"),
    description=k("description"),
    ranges=ranges(),
    box=beyond_box,
    correct_label=k("procedure.correct"),
    scoring=Scoring(final=view.final_score, progress=view.progress, humans=view.humans,
                    unit=k("record.unit"), round_label=k("record.round"),
                    you=k("record.you"), strength=("difficulty", "leader"), player_max=3),
)

register(GAME)
