"""Tapestry's versions: what each changed in its questions, the migrations of a saved state
and of an older save's action log (:mod:`automa.core.actionlog`) that carry a game over.

- 3 (the audit's income-turn order and full mat): an income turn adds the progress cards and
  the mat's tapestry card before the tapestry card beside the mat (the printed charts'
  order); the Automa's VP are corrected as her total, no longer as the correction itself;
  a tile's random orientation counts its turns from 0 ("as drawn").
- 4: the purely physical steps — a tapestry card given or put on the mat, the tech cards
  refreshed, a favourite track moved — are lines of the turn's checklist, no longer a Done
  question; the question whether you are ahead on a bot's favourite track names the bot as
  its own ("the Automa's favourite track").
"""

from __future__ import annotations

import copy
from typing import Any

from automa.core.actionlog import (
    ActionMigration,
    Here,
    Rewrite,
    done_after,
    instead,
    questions_waiting,
)
from automa.core.formats import Migrated

from .board import rotation
from .state import k

CHECKLIST_ONLY = (k("log.tapestry_card"), k("log.tapestry_to_mat"), k("log.tech_refresh"),
                  k("log.fav_changed"))
"""The checklist lines version 3 followed with a Done question."""


INCOME_ORDER = ("add_progress", "tapestry_to_mat", "tapestry_to_supply")
"""Version 3's order of the income turn's last chart steps (version 2: the card beside the mat
first)."""


def migrate_v3(state: dict[str, Any]) -> Migrated:
    """Game version 2 → 3: a state saved in an income turn has its chart steps still to come
    in version 3's order (:data:`INCOME_ORDER`: the stack runs from its end); a state waiting
    on a question asks it as version 3 does: the Automa's set-up names her civilization's
    card, and a territory tile's random orientation counts the steps it turns (0–5, "as
    drawn" for none: version 2 showed the same die roll as 1–6)."""
    state = copy.deepcopy(state)
    stack = state.get("stack")
    if isinstance(stack, list):
        at = [i for i, f in enumerate(stack)
              if isinstance(f, dict) and f.get("step") in INCOME_ORDER]
        frames = sorted((stack[i] for i in at), key=lambda f: -INCOME_ORDER.index(f["step"]))
        for i, frame in zip(at, frames, strict=True):
            stack[i] = frame
    for waiting in questions_waiting(state):
        prompt, pending = waiting["prompt"], waiting.get("pending")
        params = prompt.get("params")
        if not isinstance(params, dict):
            continue
        civ = params.get("civ")
        if prompt.get("key") == k("q.setup_automa") and isinstance(civ, dict) \
                and str(civ.get("key", "")).startswith(k("civ.")):
            params.setdefault("civ_card", {"key": k("civ_card." + civ["key"][len(k("civ.")):]),
                                           "params": {}})
        turned = params.get("rotation")
        if isinstance(turned, dict) and turned.get("key") == k("rotation") \
                and isinstance(turned.get("params"), dict) \
                and isinstance(turned["params"].get("n"), int):
            params["rotation"] = rotation(turned["params"]["n"] - 1)
            if isinstance(pending, dict) and isinstance(pending.get("args"), dict) \
                    and isinstance(pending["args"].get("turns"), int):
                pending["args"]["turns"] -= 1
    return Migrated(state)


def vp_corrected_as_total(here: Here) -> Rewrite | None:
    """Version 3: a correction of the Automa's VP answers her total; version 2's answer was
    the correction itself, so the total it made is given instead."""
    answer = here.next.get("answer") if here.next else None
    if here.correcting != "vp" or type(answer) is not int:
        return None
    vp = here.data["vp"]
    return instead(answer + sum(int(v) for v in vp.values()) - int(vp["correction"]))


def done_questions_gone(here: Here) -> Rewrite | None:
    """Version 4: the Done answered after each line of :data:`CHECKLIST_ONLY` is dropped; a
    procedure started at that Done is replayed before the answer that led to it."""
    return done_after(here, *CHECKLIST_ONLY)


def migrate_v4(state: dict[str, Any]) -> Migrated:
    """Game version 3 → 4: the layout is the same; a state waiting on the question whether
    you are ahead on a bot's favourite track names the bot as version 4 does."""
    state = copy.deepcopy(state)
    for waiting in questions_waiting(state):
        prompt = waiting["prompt"]
        params = prompt.get("params")
        bot = params.get("bot") if isinstance(params, dict) else None
        if prompt.get("key") == k("q.you_ahead_on_favorite") and isinstance(bot, dict) \
                and str(bot.get("key", "")).startswith(k("bot.")):
            params["bot"] = {**bot, "key": k("bot_of." + bot["key"][len(k("bot.")):])}
    return Migrated(state)


ACTION_MIGRATIONS: dict[int, tuple[ActionMigration, ...]] = {
    3: (vp_corrected_as_total,),
    4: (done_questions_gone,),
}
"""The migrations of the action log recorded before each version."""
