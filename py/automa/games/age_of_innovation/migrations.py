"""Age of Innovation's versions: what each changed in its questions, the migrations of a
saved state and of an older save's action log (:mod:`automa.core.actionlog`).

- 2: turn labels, the phase, table steps, a fresh Level 12 check.
- 3: every set-up draw (the Palace tiles, the faction offer, the round bonus tiles) shown as
  drawn, with "Done" (as version 2's confirmation answered) or "I drew mine"; the question
  whether she builds on a marked space no longer names the terrain it picked.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from automa.core.actionlog import ActionMigration, asked_anew, questions_waiting
from automa.core.formats import Migrated
from automa.core.game import Ctx, find_game

from . import setup
from .data import GAME_ID
from .state import k

DRAWN: dict[str, Callable[[Ctx[Any, Any]], None]] = {
    k("setup.board_two"): setup.ask_board, k("setup.board_three"): setup.ask_board,
    k("setup.player_faction"): setup.ask_offer, k("setup.player_faction_two"): setup.ask_offer,
    k("setup.bonus"): setup.ask_bonus, k("setup.bonus_two"): setup.ask_bonus,
}
"""Version 2's set-up confirmations that became draws, and what asks each today."""


def migrate_v3(state: dict[str, Any]) -> Migrated:
    """Game version 2 → 3: the layout is the same; a state waiting on a set-up question that
    became a draw waits on it as version 3 asks it (the draw made as the replay makes it:
    from the state's generator, which it does not move), and the question whether she builds
    on a marked space names nothing."""
    state = copy.deepcopy(state)
    for waiting in questions_waiting(state):
        key = waiting["prompt"].get("key")
        if key == k("prompt.tb_marked"):
            waiting["prompt"]["params"] = {}
        elif key in DRAWN and isinstance(state.get("data"), dict):
            try:
                waiting["prompt"], waiting["pending"] = asked_anew(
                    find_game(GAME_ID), state, DRAWN[key])
            except Exception:  # an untrusted state: the snapshot check names what is wrong
                continue
    return Migrated(state)


ACTION_MIGRATIONS: dict[int, tuple[ActionMigration, ...]] = {
    3: (),
}
"""The migrations of the action log recorded before each version ("Done" answers a draw as
the confirmation did)."""
