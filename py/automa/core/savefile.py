"""The save file read back: ``load_game`` replays a save written by
:meth:`automa.core.session.Session.to_json` and checks it; what the replay cannot reach is
restored from the save's snapshot, checked field by field (:mod:`automa.core.savecheck`).
"""

from __future__ import annotations

import copy
from typing import Any

from automa.core import actionlog
from automa.core.actionlog import ActionMigration, migrations_since
from automa.core.checks import NAME, check_text, read_json
from automa.core.common_steps import CORRECTION_MENU, CORRECTION_VALUE
from automa.core.errors import AutomaError, NewerSave, UnreadableSave, WrongGameSave
from automa.core.formats import Migrated
from automa.core.game import GameDef, find_game, game_format
from automa.core.i18n import msg
from automa.core.numbers import SEED_MAX, describe, name_of
from automa.core.ranges import Carried, carry
from automa.core.records import MessageRef
from automa.core.savecheck import check_opens, check_snapshot
from automa.core.saveformat import SAVE, SAVE_FORMAT, played_options
from automa.core.session import MAX_ACTIONS, Action, Session

MAX_SAVE_CHARS = 5_000_000
"""Longest save accepted (a whole honest game is about 150 KB)."""


def _text_of(text: str | bytes) -> str:
    """The save as text: size checked, UTF-8 with or without a byte-order mark."""
    if isinstance(text, bytes | bytearray):
        if len(text) > MAX_SAVE_CHARS * 4:
            raise UnreadableSave("error.save.too_big", limit=MAX_SAVE_CHARS // 1_000_000)
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError:
            raise UnreadableSave("error.save.not_text") from None
    if not isinstance(text, str):
        raise UnreadableSave("error.save.not_a_save")
    if len(text) > MAX_SAVE_CHARS:
        raise UnreadableSave("error.save.too_big", limit=MAX_SAVE_CHARS // 1_000_000)
    return text.removeprefix("\ufeff")


def _envelope(text: str | bytes) -> dict[str, Any]:
    data = read_json(_text_of(text))
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise UnreadableSave("error.save.not_a_save")
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise UnreadableSave("error.save.bad_field", field="version")
    if version > SAVE.current:
        raise NewerSave(version=describe(version), supported=SAVE.current)
    for field, kind in (("game", str), ("options", dict), ("seed", int), ("actions", list)):
        if not isinstance(data.get(field), kind) or isinstance(data[field], bool):
            raise UnreadableSave("error.save.bad_field", field=field)
    optional: tuple[tuple[str, type], ...] = (
        ("redo", list), ("game_version", int), ("engine", str), ("turn", int),
        ("finished", bool), ("snapshot", dict), ("log", list), ("base", dict))
    for field, expected in optional:
        if field in data and (not isinstance(data[field], expected)
                              or (expected is int and isinstance(data[field], bool))):
            raise UnreadableSave("error.save.bad_field", field=field)
    check_text(data["game"], "game", NAME)
    if abs(data["seed"]) > SEED_MAX:
        raise UnreadableSave("error.save.bad_field", field="seed")
    if len(data["actions"]) + len(data.get("redo", [])) > MAX_ACTIONS:
        raise UnreadableSave("error.save.too_many_actions", limit=MAX_ACTIONS)
    return data


def load_game(text: str | bytes, expected_game: str | None = None) -> Session:
    """Rebuild a session from :meth:`Session.to_json` output, replaying and checking it.

    A save of an earlier version is first migrated (:data:`SAVE`, then the game's own
    migrations for its snapshot); what a migration could not carry over is in ``lost`` and
    ``warnings``. The only trusted source of a game is the replay of its options, seed and
    answers. If the replay does not reach the saved snapshot (a save from an older engine
    whose rules changed since), the snapshot is checked field by field against the game
    (its cards, steps, options, prompt, log) and restored without undo history:
    ``history_dropped`` is set and ``warnings`` says in one sentence what changed and what
    was lost; saves of that session carry the snapshot as their ``base`` (checked the same
    way on load) and their answers replay from it. Everything else is refused with a typed
    error that names the reason: :class:`UnreadableSave` (too big, too deep, not JSON, not
    a save, a damaged field), :class:`NewerSave`, :class:`WrongGameSave` (another game than
    ``expected_game``) or :class:`UnknownGame`. Loading takes time linear in the save.
    """
    data = _envelope(text)
    if expected_game is not None and data["game"] != expected_game:
        raise WrongGameSave(game=name_of(data["game"]), expected=expected_game)
    game = find_game(data["game"])
    game_version = data.get("game_version", 1)
    if game_version > game.version:
        raise NewerSave(version=describe(game_version), supported=game.version)
    guessed_phase = data["version"] < 2  # (a phase derived from an older state)
    migrated = SAVE.upgrade(data, data["version"])
    data, lost = migrated.value, list(migrated.lost)
    data, game_lost = _upgrade_states(game, data, game_version)
    data = played_options(game, data, game_version)
    lost.extend(game_lost)
    try:
        options = game.resolve_options(data["options"])
    except AutomaError as e:
        raise UnreadableSave("error.save.bad_options", detail=e.to_json()) from None
    migrations = migrations_since(game, game_version)
    snapshot = _carried_state(game, data.get("snapshot"))[0]
    settled: list[Any] = []

    def reaches(session: Session) -> bool:
        """Whether the replay stands where the save's snapshot does (an older save's moved
        on past a Done today's rules no longer ask, if it waits on one)."""
        if snapshot is None or _same_state(snapshot, session._state, guessed_phase):
            return True
        if migrations and not settled:
            settled.append(_settled(game, options, data))
        return bool(migrations) and _same_state(settled[0], session._state, guessed_phase)

    def replayed(placed: bool) -> tuple[Session, bool, bool, bool]:
        """The replay, whether it reached the snapshot, whether a migration hinted at a
        procedure placed elsewhere, and whether every recorded answer replayed."""
        session = (_from_base(Session(game, options, data["seed"]), data["base"])
                   if "base" in data else Session(game, options, data["seed"]))
        done, hinted = _replay(session, data, migrations, placed)
        return session, done and reaches(session), hinted, done

    session, reached, hinted, whole = replayed(False)
    if not reached and hinted:  # the procedures a migration would place elsewhere, there
        again, reached, _, again_whole = replayed(True)
        if reached:
            session, whole = again, again_whole
    if not reached:
        if snapshot is None:
            raise UnreadableSave("error.save.replay_failed")
        session = _snapshot_or_replay(Session(game, options, data["seed"]), data, session,
                                      game_version, whole)
    session.lost = lost
    session.warnings.extend(lost)
    return session


def _snapshot_or_replay(fresh: Session, data: dict[str, Any], replayed: Session,
                        saved_under: int, whole: bool) -> Session:
    """The game from the save's snapshot; but the replay itself when every answer replayed
    and the snapshot holds what today's checks refuse — values an earlier release allowed
    beyond a bound, carried down on the way, or a table the box cannot give (a tile in two
    rounds, which today's correction swaps): every answer passed today's checks, so the
    replay keeps within the box, and keeps the history; the player is told."""
    try:
        return _from_snapshot(fresh, data, replayed, saved_under)
    except UnreadableSave as e:
        if not whole:
            raise
        if e.key == "error.save.beyond_box":
            said = msg("warning.save.within_box", game=msg(fresh.game.name), **e.params)
            replayed.warnings.append(said)
            return replayed
        if replayed.carried:
            return replayed
        raise


def _upgrade_states(game: GameDef[Any], data: dict[str, Any],
                    game_version: int) -> tuple[dict[str, Any], list[MessageRef]]:
    """The save with its snapshot and base state migrated to the game's current layout.

    A state too old for the game's migrations, or one they cannot read (a hostile save),
    is left as it is: the replay decides, and the snapshot check refuses what is wrong."""
    fmt = game_format(game)
    if game_version >= game.version or game_version < fmt.first:
        return data, []
    lost: list[MessageRef] = []

    def upgraded(state: Any) -> Any:
        if not isinstance(state, dict):
            return state
        try:
            done: Migrated = fmt.upgrade(state, game_version)
        except Exception:  # an untrusted save: the snapshot check names what is wrong
            return state
        lost.extend(done.lost)
        return {**done.value, "version": game.version}

    out = {**data, "game_version": game.version}
    if "snapshot" in data:
        out["snapshot"] = upgraded(data["snapshot"])
    if isinstance(data.get("base"), dict) and "state" in data["base"]:
        out["base"] = {**data["base"], "state": upgraded(data["base"]["state"])}
    return out, lost


def _settled(game: GameDef[Any], options: dict[str, Any], data: dict[str, Any]) -> Any:
    """An older save's snapshot waiting on a confirmation (its one answer, Done), moved on by
    today's rules as that answer moves it: where the older version asked for a Done that
    today's rules no longer ask (a step become a line of the turn's checklist), the replay of
    its migrated answers stands there. None if it waits on another question, or cannot be
    restored (only compared with the replay, never played)."""
    try:
        session = _restored(Session(game, options, data["seed"]), data["snapshot"],
                            data.get("log", []), None)
        prompt = session.prompt
        if prompt is None or prompt.kind != "confirm":
            return None
        session._apply({"answer": True})
    except Exception:  # an untrusted snapshot: no state to compare with
        return None
    return session._state


def _same_state(snapshot: Any, state: dict[str, Any], guessed_phase: bool) -> bool:
    """Whether a save's snapshot is the state its answers replay to. A snapshot whose phase
    a migration derived from an older layout (``guessed_phase``) is compared with the phase
    the replay sets by the rules (the derived one is a best guess)."""
    if not isinstance(snapshot, dict):
        return False
    if guessed_phase:
        snapshot = {**snapshot, "phase": state["phase"]}
    return _unlabelled(snapshot) == _unlabelled(state)


PRESENTATION = ("labels", "ui", "default")
"""What of a question is its presentation: its buttons' labels, its screen hints and the
answer it suggests (filled in, or none)."""


def _unlabelled(state: dict[str, Any]) -> dict[str, Any]:
    """A state without how its questions are shown (the one it waits on and those procedures
    interrupted: their button labels, screen hints and suggested answers), nor the list of
    the corrections menu, nor the bounds and the name of a correction's new value: how a
    button reads, what the screen shows beside a question or fills in, or which values the
    app can correct, how far and by which name, is no part of the game, and a release that
    changes them does not change where an older save's answers lead."""
    def bare(prompt: Any) -> Any:
        if not isinstance(prompt, dict):
            return prompt
        # the corrections menu lists what the release can correct, and its last question how
        # far and by which name: a newer one offers more (an answer within the older list or
        # bounds still replays and is checked)
        menu = prompt.get("key") in (CORRECTION_MENU, CORRECTION_VALUE)
        bare_prompt = {k: v for k, v in prompt.items()
                       if k not in PRESENTATION and not (menu and k in ("choices", "bounds"))}
        if menu and isinstance(prompt.get("params"), dict):
            bare_prompt["params"] = {k: v for k, v in prompt["params"].items() if k != "what"}
        return bare_prompt

    stack = [{**f, "args": {**f["args"], "prompt": bare(f["args"].get("prompt"))}}
             if isinstance(f, dict) and f.get("step") == "core_reask"
             and isinstance(f.get("args"), dict) else f
             for f in state["stack"]] if isinstance(state.get("stack"), list) else None
    return {**state, "prompt": bare(state.get("prompt")),
            **({"stack": stack} if stack is not None else {})}


def _carried_state(game: GameDef[Any], state: Any) -> tuple[Any, list[Carried]]:
    """A copy of a saved state whose values an earlier release allowed beyond today's bounds
    are carried down to them (:func:`automa.core.ranges.carry`), and what was carried."""
    state = copy.deepcopy(state)
    if game.ranges is None or not isinstance(state, dict) or not isinstance(
            state.get("data"), dict):
        return state, []
    return state, carry(state["data"], game.ranges, "data")


def check_save(text: str | bytes, expected_game: str | None = None) -> dict[str, Any]:
    """Load a save as :func:`load_game` does and describe it, or raise why it is refused.

    For an import screen: ``{"game", "turn", "finished", "actions", "history_dropped",
    "warnings"}``.
    """
    session = load_game(text, expected_game)
    return {"game": session.game_id, "turn": session.turn, "finished": session.finished,
            "actions": len(session._actions), "history_dropped": session.history_dropped,
            "warnings": copy.deepcopy(session.warnings)}


def _replay(session: Session, data: dict[str, Any],
            migrations: tuple[ActionMigration, ...] = (),
            placed: bool = False) -> tuple[bool, bool]:
    """Apply the saved actions (and the undone ones, then undo them), an older save's
    through the migrations of its action log (:mod:`automa.core.actionlog`; ``placed``:
    with the procedures they would replay elsewhere placed there). Returns whether every
    action applied, and whether a migration would have placed a procedure elsewhere."""
    session._replaying = True
    try:
        hinted = actionlog.replay(
            session, [_checked_action(a) for a in data["actions"]],
            [_checked_action(a) for a in data.get("redo", [])], migrations, placed)
    except actionlog.ReplayFailed as e:
        return False, e.hinted
    except Exception:  # an untrusted save: whatever fails, the snapshot decides
        return False, False
    finally:
        session._replaying = False
    return True, hinted


def _checked_action(action: Any) -> Action:
    if isinstance(action, dict) and len(action) == 1 and (
            "answer" in action
            or ("start" in action and isinstance(action["start"], str))
            or action.get("cancel") is True):
        return action
    raise UnreadableSave("error.save.bad_field", field="actions")


def _from_snapshot(fresh: Session, data: dict[str, Any], replayed: Session,
                   saved_under: int | None = None) -> Session:
    """A session restored from a save's checked snapshot and log, without undo history
    (``saved_under``: the game's version the save was made under, before migrations)."""
    session = _restored(fresh, data["snapshot"], data.get("log", []), replayed)
    session.history_dropped = True
    under = saved_under if saved_under is not None else data.get("game_version", 1)
    session.warnings = [rules_changed(fresh.game, under, len(data["actions"])),
                        *session.carried]
    return session


def rules_changed(game: GameDef[Any], saved_under: int, answers: int) -> MessageRef:
    """The one sentence that tells the player why a game goes on without its undo history:
    what changed in the rules since version ``saved_under`` of the game (as the game names
    its changes), and how many answers can no longer be undone."""
    what = [{"key": key, "params": {}} for version, key in sorted(game.changes.items())
            if version > saved_under]
    params: dict[str, Any] = {"n": answers, "game": {"key": game.name, "params": {}}}
    if what:
        return {"key": "warning.save.rules_changed", "params": {**params, "what": what}}
    return {"key": "warning.save.history_dropped", "params": params}


def _from_base(fresh: Session, base: Any) -> Session:
    """The session a save's answers replay from, when it was itself restored from a
    snapshot earlier: that snapshot, checked again like any other."""
    if not isinstance(base, dict) or set(base) != {"state", "log"}:
        raise UnreadableSave("error.save.bad_field", field="base")
    session = _restored(fresh, base["state"], base["log"], None)
    session.warnings = list(session.carried)
    return session


def _restored(fresh: Session, state: Any, log: Any, replayed: Session | None) -> Session:
    """A session at a checked snapshot ``state`` with ``log``, with no history before it
    (a value an earlier release allowed beyond today's bound carried down, and said)."""
    state, carried = _carried_state(fresh.game, state)
    log = copy.deepcopy(log)
    check_snapshot(fresh, state, log, replayed)
    session = Session.__new__(Session)
    session.game = fresh.game
    session._log = log
    session._actions = []
    session._undo = []
    session._redo = []
    session._open = []
    session._state = state
    session.initial_cards = fresh.initial_cards
    session.history_dropped = False
    session.warnings = []
    session._replaying = False
    session._base = {"state": copy.deepcopy(state), "log": copy.deepcopy(log)}
    session._open_at_start = session.open_procedures
    session.carried = session._carried(carried)
    check_opens(session)
    return session
