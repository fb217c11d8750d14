"""Random seeded play of any registered game, checking the engine's invariants: the one
random-play family of the suite (conformance and fuzzing in one, OpenSpiel's games_sim_test).

Used by ``test_conformance.py`` (every game, a budget of steps), by the benchmark and by the
per-game tests. A playout mixes answers with every other thing a player does: start a
procedure, cancel it, undo (several steps back) and redo, and now and then an answer no
question takes. After every action: no card lost or duplicated, the state is JSON, every
tracked value lies within the range its game declares (the count invariant), undo restores
the previous state and log exactly and redo re-applies them, a refused answer changes
nothing; after every undo and cancel and every :data:`LOAD_EVERY` th action, save ->
load gives the same session and its snapshot passes the checks a save's snapshot gets
(issue 21 item 8: "undo of a cancel" once left a log that its save did not load back); at
the end the replay of the same seed and actions goes through identical states and log.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

import automa
from automa.core.errors import AutomaError
from automa.core.i18n import catalog
from automa.core.prompts import Prompt
from automa.core.ranges import first_problem
from automa.core.rng import Rng
from automa.core.savecheck import check_snapshot
from automa.core.session import Session

MAX_ANSWERS = 5000
LOAD_EVERY = 32
"""Besides every undo and cancel, save -> load is checked every this many actions (a
load replays every action: checking each one would make a playout's cost grow with its
square)."""
REFUSED: list[Any] = ["²", "-1", {"x": 1}, ["²", 10**30], "٣", 10**30]
"""Answers no question takes (a superscript, a negative, an object, a list of such, an Arabic-Indic
digit, a number past any count)."""
UNTRANSLATED_TEST_GAMES = {"demo"}
"""Games registered only by the tests, whose messages are not in the app's catalogs."""


def random_answer(prompt: Prompt, rng: Rng) -> Any:
    """A uniformly random allowed answer to ``prompt``."""
    if prompt.kind in ("confirm", "scan"):
        return True
    if prompt.kind in ("yes_no", "count", "pick_one"):
        return rng.choice(prompt.choices)
    if prompt.kind == "pick_subset":
        lo, hi = prompt.bounds or (0, len(prompt.choices))
        k = lo + rng.below(hi - lo + 1)
        return rng.shuffle(prompt.choices)[:k]
    if prompt.kind == "values":
        domain = prompt.domain or []
        return {str(item): rng.choice(domain) for item in prompt.choices}
    raise AssertionError(f"unknown prompt kind {prompt.kind}")


def check_cards(session: Session) -> None:
    """No card lost, none duplicated, none invented."""
    cards = session._ctx().piles.all_cards()
    dup = [c for c, n in Counter(cards).items() if n > 1]
    assert not dup, f"duplicated cards: {dup}"
    assert sorted(cards) == session.initial_cards, "a card was lost or added"


def check_ranges(session: Session) -> None:
    """Every tracked value within the range its game declares: no count below 0 or above
    its component count, no unknown key, nothing the box cannot make (the snapshot check
    refuses the same)."""
    beyond = session.game.box(session._ctx())
    assert beyond is None, f"{session.game_id} seed {session.seed}: {beyond}"
    if session.game.ranges is None:
        return
    problem = first_problem(session._state["data"], session.game.ranges, "data")
    assert problem is None, f"{session.game_id} seed {session.seed}: {problem}"


def random_options(game_id: str, rng: Rng) -> dict[str, Any]:
    """Random allowed values for every option of a game, drawn again while the game refuses
    them together (Glory: two automas need a person at the table)."""
    from automa.core.game import find_game

    spec = next(g for g in automa.games() if g["id"] == game_id)
    game = find_game(game_id)
    for _ in range(100):
        options = {o["id"]: rng.choice(o["choices"]) for o in spec["options"]}
        if game.new_game_check(game.resolve_options(options)) is None:
            break
    return options


def playout(game_id: str, seed: int, *, options: dict[str, Any] | None = None,
            check: bool = True, procedure_rate: int = 25, undo_rate: int = 40) -> Session:
    """Play one game to its end with random answers, sometimes a procedure (and sometimes
    its cancel), an undo, a redo or a refused answer (``undo_rate`` 0: answers and
    procedures only); ``check``: every invariant of the module's docstring."""
    rng = Rng.from_seed(seed * 7919 + 17)
    if options is None:
        options = random_options(game_id, rng)
    session = automa.new_game(game_id, options, seed=seed)
    fresh = automa.new_game(game_id, options, seed=seed)
    states: list[str] = [_dump(session)]
    """The state after each action of ``session.actions`` (and before the first)."""
    procedures_started = 0
    for n in range(MAX_ANSWERS):
        prompt = session.prompt
        if prompt is None:
            break
        if check and rng.below(20) == 0:
            _check_refused(session, rng)
        if undo_rate and session.can_undo and rng.below(undo_rate) == 0:
            session.undo()
            states.pop()
            assert _dump(session) == states[-1], "undo did not restore"
            if check:
                _check_load(session, fresh)
            continue
        if undo_rate and session.can_redo and rng.below(2) == 0:
            session.redo()
            states.append(_dump(session))
            continue
        log_before = list(session._log)
        procs = session.procedures
        cancelled = undo_rate and session.can_cancel and rng.below(3) == 0
        if cancelled:
            session.cancel()
        elif procs and procedures_started < 10 and rng.below(procedure_rate) == 0:
            session.start(rng.choice(procs)["id"])
            procedures_started += 1
        else:
            session.answer(random_answer(prompt, rng))
        if check:
            _check_step(session, states, log_before)
            if cancelled or n % LOAD_EVERY == 0:
                _check_load(session, fresh)
        states.append(_dump(session))
    else:
        raise AssertionError(f"{game_id} seed {seed}: no end after {MAX_ANSWERS} actions")
    assert session.finished
    if check:
        _check_replay(session, states)
    return session


def apply(session: Session, action: dict[str, Any]) -> None:
    """Carry out one recorded action (an answer, a procedure start or a cancel) as a
    player would."""
    if "start" in action:
        session.start(action["start"])
    elif "cancel" in action:
        session.cancel()
    else:
        session.answer(action["answer"])


_MESSAGE_REF = re.compile(r'"key": "((?:[^"\\]|\\.)+)", "params": \{')


def message_keys(value: Any) -> set[str]:
    """Every message id referenced inside a JSON value (``{"key": ..., "params": ...}``)."""
    return set(_MESSAGE_REF.findall(json.dumps(value, ensure_ascii=False)))


def check_messages(session: Session, log_from: int = 0, *, with_view: bool = True) -> None:
    """Every message the prompt, the view and the new log entries use exists in en and uk."""
    keys = message_keys(session._log[log_from:])
    if with_view:
        keys |= message_keys(session.view())
    raw_prompt = session._state.get("prompt")
    if raw_prompt is not None:
        keys |= message_keys(raw_prompt) | {raw_prompt["key"]}
    keys |= {p["label"] for p in session.procedures}
    keys -= _KNOWN_KEYS
    for lang in ("en", "uk"):
        missing = sorted(k for k in keys if k not in catalog(lang))
        assert not missing, f"missing {lang} messages: {missing}"
    _KNOWN_KEYS.update(keys)


_KNOWN_KEYS: set[str] = set()
"""Message ids already found in both catalogs."""


def _dump(session: Session) -> str:
    return json.dumps(session._state, sort_keys=True)


def _check_step(session: Session, states: list[str],
                log_before: list[Any] | None = None) -> None:
    check_cards(session)
    check_ranges(session)
    if session.game_id not in UNTRANSLATED_TEST_GAMES:
        # the view is checked every few answers: it changes slowly and is costly to walk
        check_messages(session, max(0, len(session._log) - 20),
                       with_view=len(states) % 8 == 1 or session.finished)
    after = _dump(session)
    log_after = list(session._log)
    assert json.loads(after) == session._state, "state is not plain JSON"
    session.undo()
    assert _dump(session) == states[-1], "undo did not restore"
    assert log_before is None or session._log == log_before, "undo did not restore the log"
    session.redo()
    assert _dump(session) == after, "redo did not re-apply"
    assert session._log == log_after, "redo gave another log"


def _check_refused(session: Session, rng: Rng) -> None:
    """An answer no question takes is refused and changes nothing."""
    before = session.to_json()
    try:
        session.answer(rng.choice(REFUSED))
    except AutomaError:
        assert session.to_json() == before, "a refused answer changed the game"
    else:
        raise AssertionError(f"{session.game_id}: an answer no question takes was taken")


def _check_load(session: Session, fresh: Session) -> None:
    """Save -> load gives the same session, and its snapshot passes a save's checks."""
    loaded = automa.load_game(session.to_json())
    assert loaded == session, f"{session.game_id} seed {session.seed}: save -> load differs"
    assert not loaded.history_dropped and not loaded.warnings
    check_snapshot(fresh, json.loads(json.dumps(session._state)), session.log)


def _check_replay(session: Session, states: list[str]) -> None:
    """Replaying the same seed and actions passes through identical states and log."""
    replay = automa.new_game(session.game_id, session.options, session.seed)
    assert _dump(replay) == states[0]
    for i, action in enumerate(session.actions, 1):
        apply(replay, action)
        assert _dump(replay) == states[i], f"replay differs at {i}"
    assert replay._log == session._log, "same seed and answers gave another log"
    loaded = automa.load_game(session.to_json())
    assert loaded == session, "save -> load is not identical"
    assert not loaded.warnings
