"""Glory of Civilizations' versions: what each changed in its questions, and the migrations
of an older save's action log (:mod:`automa.core.actionlog`); the migrations of its saved
state are in ``state`` (``migrate_v2`` … ``migrate_v4``).

- 2: the audit's Wonder, event, age, castle and building readings.
- 3: one or two automas (the state's layout: each automa's record in a list); the same
  questions.
- 4: a win at once told as a procedure is confirmed ("End the game") before the game ends.
- 5: a win at once answered "Yes" in the achievement phase is confirmed too; with two automas a
  question about one names it (the same answers).
"""

from __future__ import annotations

from automa.core.actionlog import ActionMigration, Here, Rewrite, insert

from .state import k


def win_confirmed(here: Here) -> Rewrite | None:
    """Version 4: the win at once version 3 ended the game with is confirmed at once."""
    if here.asks(k("prompt.instant_victory_sure")) \
            and here.last == {"start": "instant_victory"}:
        return insert("end")
    return None


def phase_win_confirmed(here: Here) -> Rewrite | None:
    """Version 5: the win at once version 4 ended the game with, answered "Yes" in the
    achievement phase, is confirmed at once."""
    if here.asks(k("prompt.instant_victory_sure")) and here.last == {"answer": True} \
            and here.answered is not None and here.answered.key == k("prompt.instant_victory"):
        return insert("end")
    return None


ACTION_MIGRATIONS: dict[int, tuple[ActionMigration, ...]] = {
    2: (),
    3: (),
    4: (win_confirmed,),
    5: (phase_win_confirmed,),
}
"""The migrations of the action log recorded before each version."""
