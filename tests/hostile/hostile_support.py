"""Honest sessions of every registered game, and the checks every hostile test shares."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import automa
from automa.core.rng import Rng
from automa.core.savefile import _from_base
from automa.core.session import Session
from tests.conformance import random_answer
from tests.notes import TALLY

GAMES = [g["id"] for g in automa.games()]


@cache
def honest_saves(game_id: str) -> tuple[str, ...]:
    """Saves of one game at several points: the start, early, mid-game, inside an open
    procedure (if the game has one), with undone answers, and at the end."""
    rng = Rng.from_seed(sum(map(ord, game_id)))
    session = automa.new_game(game_id, seed=7)
    saves = [session.to_json()]
    checkpoints = {2, 9, 30}
    opened = False
    for n in range(1, 5000):
        prompt = session.prompt
        if prompt is None:
            break
        if not opened and n > 4 and session.procedures:
            session.start(session.procedures[0]["id"])
            opened = True
            if session.prompt is not None and session.open_procedures:
                saves.append(session.to_json())
            continue
        session.answer(random_answer(prompt, rng))
        if n in checkpoints:
            saves.append(session.to_json())
        if n == 12 and session.can_undo:
            session.undo()
            saves.append(session.to_json())
            session.redo()
    saves.append(session.to_json())
    return tuple(saves)


@cache
def _loaded(game_id: str) -> tuple[Session, ...]:
    return tuple(automa.load_game(text) for text in honest_saves(game_id))


def honest_session(game_id: str, which: int) -> Session:
    """A private copy of one of the honest sessions of ``game_id`` (any ``which``)."""
    sessions = _loaded(game_id)
    return clone(sessions[which % len(sessions)])


def clone(session: Session) -> Session:
    """An independent copy of a session (the game definition is shared)."""
    copied = Session.__new__(Session)
    copied.__dict__.update(session.__dict__)
    copied._state = json.loads(json.dumps(session._state))
    for name in ("_log", "_actions", "_redo"):
        setattr(copied, name, json.loads(json.dumps(getattr(session, name))))
    copied._undo = list(session._undo)
    copied._open = list(session._open)
    copied.warnings = list(session.warnings)
    return copied


def replayed(session: Session) -> Session:
    """A new session of the same game replaying ``session``'s actions: the trusted state."""
    fresh = automa.new_game(session.game_id, session.options, session.seed)
    if session._base is not None:
        fresh = _from_base(fresh, session._base)
    for action in session.actions:
        fresh._apply(action)
    return fresh


def snapshot_of(session: Session) -> str:
    """Everything a player can see or act on, for comparing before and after."""
    return json.dumps([session._state, session._log, session._actions, session._redo,
                       session._open], sort_keys=True)


def check_loaded(session: Session) -> None:
    """A loaded session is either the replay of its actions or a fully checked snapshot."""
    if not session.history_dropped:
        assert replayed(session)._state == session._state, "loaded state is not the replay"
        return
    from automa.core.savecheck import check_opens, check_snapshot

    fresh = automa.new_game(session.game_id, session.options, session.seed)
    check_snapshot(fresh, json.loads(json.dumps(session._state)), session.log)
    check_opens(session)
    assert sorted(session._ctx().piles.all_cards()) == session.initial_cards


def load_or_refuse(text: str | bytes, category: str) -> Session | None:
    """Load a hostile save: a typed refusal, or a session that passes :func:`check_loaded`."""
    TALLY[category] += 1
    try:
        session = automa.load_game(text)
    except automa.AutomaError as e:
        assert e.message("uk") and e.message("en")
        assert e.key in _catalog_keys(), f"untranslated error {e.key}"
        return None
    check_loaded(session)
    return session


@cache
def _catalog_keys() -> frozenset[str]:
    from automa.core.i18n import catalog

    return frozenset(catalog("en")) & frozenset(catalog("uk"))


def fields(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into a JSON value (dict keys and list indices), the value's own first."""
    out = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            out += fields(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += fields(v, (*path, i))
    return out


def replace(data: Any, path: tuple[Any, ...], new: Any) -> Any:
    """A copy of ``data`` with the value at ``path`` replaced (``DELETE`` removes it)."""
    if not path:
        return new
    copy = json.loads(json.dumps(data))
    target = copy
    for part in path[:-1]:
        target = target[part]
    if new is DELETE:
        del target[path[-1]]
    else:
        target[path[-1]] = new
    return copy


DELETE = object()
"""Marks a mutation that removes the field."""
