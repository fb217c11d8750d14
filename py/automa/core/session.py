"""The session: the single entry point to a running game.

``new_game`` → a :class:`Session`; read ``.prompt``, call ``.answer(value)``; ``.undo()`` and
``.redo()`` move through a snapshot stack without limit; ``.to_json()`` writes a versioned
save that ``load_game`` replays and checks.
"""

from __future__ import annotations

import copy
import json
import os
import re
from collections.abc import Iterator, Sequence
from dataclasses import replace
from itertools import accumulate
from typing import Any, NamedTuple

from automa.core.checks import NAME, check_text
from automa.core.errors import (
    AutomaError,
    GameOver,
    ImpossibleValue,
    InvalidOption,
    NewerSave,
    NothingToCancel,
    NothingToUndo,
    UnknownPile,
    UnknownProcedure,
    UnreadableSave,
    WrongGameSave,
)
from automa.core.formats import Format, Message, Migrated
from automa.core.game import (
    START,
    Correction,
    Ctx,
    FinalScore,
    GameDef,
    Procedure,
    find_game,
    game_format,
)
from automa.core.i18n import msg
from automa.core.numbers import SEED_MAX, describe, name_of
from automa.core.procedures import CORRECT, CORRECTION_MENU, MAX_OPEN_PROCEDURES
from automa.core.prompts import Prompt
from automa.core.ranges import Carried, carry, first_problem, widest
from automa.core.records import (
    LogEntry,
    MessageRef,
    PileCard,
    ProcedureItem,
    SessionView,
    TurnStep,
    empty_view,
)
from automa.core.rng import Rng
from automa.core.savecheck import check_opens, check_snapshot

SAVE_FORMAT = "automa-companion-save"


def save_v1_to_v2(envelope: dict[str, Any]) -> Migrated:
    """Save 1 (engine 0.1.0, commit 588bb06): the engine state (the snapshot, and the base
    of a game restored from its snapshot) had no phase. Save 2: each carries ``"phase"``,
    derived by the game from what the old state shows (:attr:`GameDef.migrate`); the
    replay sets the real one, so a save whose answers reach its snapshot but for a guessed
    phase keeps its undo history."""
    out = {**envelope, "version": 2}
    try:
        game = find_game(envelope.get("game", ""))
    except AutomaError:
        return Migrated(out)  # (the loader names the unknown game)
    if "snapshot" in envelope:
        out["snapshot"] = _upgraded(game, envelope["snapshot"])
    base = envelope.get("base")
    if isinstance(base, dict) and "state" in base:
        out["base"] = {**base, "state": _upgraded(game, base["state"])}
    return Migrated(out)


def save_v2_to_v3(envelope: dict[str, Any]) -> Migrated:
    """Save 2: the options named every option of the game then. Save 3: options added to
    the games since (the rule readings of the Civilization, Glory and Tapestry audits, …)
    are named with their defaults in the snapshot's and the base's state too (the envelope's
    own options take them when read), so that the state compares with the replay and
    passes the snapshot check. A save made before an option existed plays on with its
    default, as before the option existed."""
    return _with_new_options(envelope, 3)


def save_v3_to_v4(envelope: dict[str, Any]) -> Migrated:
    """Save 3 → 4: as from 2 to 3, for the options added since (Tapestry's map, off: a game
    saved before it opens without the map)."""
    return _with_new_options(envelope, 4)


def _with_new_options(envelope: dict[str, Any], version: int) -> Migrated:
    """The save at ``version``, the game's options it does not name named with their
    defaults in its snapshot's and base's state."""
    try:
        game = find_game(envelope.get("game", ""))
        options = game.resolve_options(envelope.get("options"))
    except AutomaError:
        return Migrated({**envelope, "version": version})  # (the loader names what is wrong)
    out = {**envelope, "version": version}

    def with_options(state: Any) -> Any:
        if not isinstance(state, dict) or not isinstance(state.get("options"), dict):
            return state
        return {**state, "options": {**{k: v for k, v in options.items()
                                        if k not in envelope["options"]},
                                     **state["options"]}}

    if "snapshot" in envelope:
        out["snapshot"] = with_options(envelope["snapshot"])
    base = envelope.get("base")
    if isinstance(base, dict) and "state" in base:
        out["base"] = {**base, "state": with_options(base["state"])}
    return Migrated(out)


SAVE = Format("save", [save_v1_to_v2, save_v2_to_v3, save_v3_to_v4])
"""The save envelope (this module's :meth:`Session.to_json`): ``format, version, engine,
game, game_version, options, seed, actions, redo, turn, finished, snapshot, log`` and, for a
game restored from its snapshot, ``base``. A change of the engine state that every game
shares (the snapshot's and the base's fields) is a migration here; a change of one game's
``data`` is one of that game's (:attr:`automa.core.game.GameDef.migrations`)."""
SAVE_VERSION = SAVE.current
ENGINE_VERSION = "0.1.0"
MAX_STEPS_PER_ACTION = 100_000
MAX_SAVE_CHARS = 5_000_000
"""Longest save accepted (a whole honest game is about 150 KB)."""
MAX_JSON_DEPTH = 64
"""Deepest bracket nesting accepted in a save, checked before parsing (honest: about 10)."""
MAX_ACTIONS = 10_000
"""Most answers (with undone ones) in a save (the longest honest game has a few hundred)."""

Action = dict[str, Any]
"""``{"answer": value}``, ``{"start": procedure_id}`` or ``{"cancel": True}``."""


class _Before(NamedTuple):
    """What an action changed, to take it back: the state before it (JSON text) and the log
    before it, which is ``log[:kept]`` followed by ``cut``. Most actions only add entries
    (``cut`` is empty); a cancel also takes back the cancelled procedure's entries, which
    ``cut`` keeps, so that undoing the cancel brings them back exactly."""

    snapshot: str
    kept: int
    cut: list[LogEntry]


# One encoder for every undo snapshot (one per action, thousands on a long save's replay):
# made once, and without the circular-reference bookkeeping (a state is JSON data, a tree).
_ENCODER = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False, check_circular=False)


def _dumps(state: dict[str, Any]) -> str:
    return _ENCODER.encode(state)


class Session:
    """One game in progress: state, prompt, log, undo/redo, save."""

    def __init__(self, game: GameDef[Any], options: dict[str, Any], seed: int) -> None:
        self.game = game
        self._log: list[LogEntry] = []
        self._actions: list[Action] = []
        self._undo: list[_Before] = []
        self._redo: list[Action] = []
        self._open: list[int] = []
        """How many procedures were open after each action (aligned with ``_actions``)."""
        self.warnings: list[MessageRef] = []
        """Message references about how the session was loaded (e.g. replay mismatch)."""
        self.history_dropped = False
        """True when a save was restored from its snapshot, without its undo history: the
        front end should say so and keep the original save until the player accepts."""
        self.carried: list[MessageRef] = []
        """The values of an older save an earlier release allowed beyond today's bounds,
        carried down to them (one sentence each): the front end keeps the original for
        export, as for ``history_dropped``."""
        self.lost: list[MessageRef] = []
        """What the migrations of an older save could not carry over (message references):
        the front end keeps the original for export, as for ``history_dropped``."""
        self._open_at_start = 0
        self._replaying = False
        """True while an older save's answers are replayed: a correction an earlier release
        allowed is accepted, and the value carried down to today's bound (:func:`carry`)."""
        self._base: dict[str, Any] | None = None
        """The checked snapshot (state and log) a restored session started from, if any:
        its saves carry it, so that their answers replay from it with their undo history."""
        self._state: dict[str, Any] = {
            "game": game.id,
            "version": game.version,
            "options": options,
            "seed": seed,
            "rng": Rng.initial_state(seed),
            "turn": 0,
            "phase": START,
            "data": {},
            "piles": {},
            "stack": [{"step": "setup", "args": {}}],
            "prompt": None,
            "pending": None,
            "finished": False,
        }
        self._run()
        self.initial_cards = sorted(self._ctx().piles.all_cards())
        """Every card of the game after setup began; no card is ever lost or added."""

    # --- reading ------------------------------------------------------------------------
    def _ctx(self) -> Ctx[Any]:
        return Ctx(self.game, self._state, self._log)

    @property
    def game_id(self) -> str:
        """The id of the game being played."""
        return self.game.id

    @property
    def seed(self) -> int:
        """The seed the game was started with."""
        seed: int = self._state["seed"]
        return seed

    @property
    def options(self) -> dict[str, Any]:
        """The options the game was started with."""
        return dict(self._state["options"])

    @property
    def prompt(self) -> Prompt | None:
        """What the engine needs from the player now (None once the game is over)."""
        p = self._state.get("prompt")
        return Prompt.from_state(p) if p else None

    @property
    def state(self) -> dict[str, Any]:
        """A JSON-able copy of the whole game state."""
        return copy.deepcopy(self._state)

    @property
    def log(self) -> list[LogEntry]:
        """What happened, in order: turn, actor, action and why."""
        return copy.deepcopy(self._log)

    def log_tail(self, n: int) -> list[LogEntry]:
        """The newest ``n`` log entries (copies), oldest first: cheap whatever the game's length."""
        if isinstance(n, bool) or not isinstance(n, int) or n <= 0:
            return []
        return copy.deepcopy(self._log[-n:])

    def log_read(self, n: int) -> Sequence[LogEntry]:
        """The newest ``n`` log entries, oldest first, not copied: to read (the play screen
        draws them after every tap), never to change."""
        if isinstance(n, bool) or not isinstance(n, int) or n <= 0:
            return []
        return tuple(self._log[-n:])

    def turn_summary(self) -> list[TurnStep]:
        """What the bots did in the newest turn that has board instructions, oldest first:
        one thing for the player to do on the board each (entries the game logged with
        ``table=True``), and its turn."""
        newest: Any = None
        found: list[TurnStep] = []
        for entry in reversed(self._log):
            if not entry.get("table"):
                continue
            if newest is None:
                newest = entry["turn"]
            elif entry["turn"] != newest:
                break
            found.append({"key": entry["action"]["key"],
                          "params": copy.deepcopy(entry["action"]["params"]),
                          "actor": entry["actor"], "icon": entry.get("icon"),
                          "turn": entry["turn"]})
        found.reverse()
        return found

    @property
    def finished(self) -> bool:
        """True once the game is over."""
        return bool(self._state["finished"])

    @property
    def phase(self) -> str:
        """The game's phase, as its steps set it (what may be started depends on it)."""
        phase: str = self._state["phase"]
        return phase

    @property
    def can_undo(self) -> bool:
        """Whether there is an answer to take back."""
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        """Whether an undone answer can be re-applied."""
        return bool(self._redo)

    @property
    def actions(self) -> list[Action]:
        """Every answer and procedure start so far, in order."""
        return copy.deepcopy(self._actions)

    @property
    def turn(self) -> int:
        """The current turn number."""
        turn: int = self._state["turn"]
        return turn

    def view(self) -> SessionView:
        """The bot's state at a glance, as the game shows it; only the piles until setup
        has built the game's state and set its first phase."""
        return {
            "game": self.game.id,
            "turn": self.turn,
            "finished": self.finished,
            "pile_counts": {name: len(p["cards"]) for name, p in self._state["piles"].items()},
            **(empty_view() if self.phase == START else self.game.view(self._ctx())),
        }

    @property
    def cards(self) -> list[str]:
        """Every card of this game's piles (its own deck: cards are never lost or added)."""
        return sorted(self._ctx().piles.all_cards())

    def pile(self, name: str) -> list[PileCard]:
        """The cards of one pile with their marks, top first (e.g. the discard pile)."""
        if not isinstance(name, str) or name not in self._state["piles"]:
            raise UnknownPile(pile=name_of(name), known=sorted(self._state["piles"]))
        return self._ctx().piles[name].inspect()

    def history(self) -> Iterator[dict[str, Any]]:
        """The game's positions in the order they were played (copies): the state before
        each answer the undo history holds, then the state now."""
        for before in self._undo:
            yield json.loads(before.snapshot)
        yield self.state

    def final_score(self) -> FinalScore | None:
        """The bot's final score, by source, and who won, once the game is over (None before,
        or for a game that keeps no score)."""
        scoring = self.game.scoring
        if scoring is None or not self.finished:
            return None
        return scoring.final(self._ctx())

    def score_by_round(self) -> list[int | None]:
        """The bot's score at the end of each round (era, turn) as the game counts them from
        round 1, read from the positions the undo history holds: a round with no position
        there keeps the score before it; rounds before the history began are None."""
        scoring = self.game.scoring
        if scoring is None:
            return []
        at_end: dict[int, int] = {}
        for state in self.history():
            found = scoring.progress(Ctx(self.game, state, []))
            if found is not None and found[0] >= 1:
                at_end[found[0]] = found[1]
        scores: list[int | None] = []
        for r in range(1, max(at_end, default=0) + 1):
            scores.append(at_end.get(r, scores[-1] if scores else None))
        return scores

    @property
    def procedures(self) -> list[ProcedureItem]:
        """The player-initiated procedures available now: ``[{"id", "label"}]``."""
        return [{"id": p.id, "label": p.label} for p in self._available_procedures()
                if p.listed]

    def _available_procedures(self) -> list[Procedure]:
        if self.open_procedures >= MAX_OPEN_PROCEDURES or self.phase == START:
            return []
        ctx = self._ctx()
        found = list(self.game.procedures(ctx, self.phase)) if not self.finished else []
        if self.game.corrections(ctx, self.phase):
            found.append(replace(CORRECT, label=self.game.correct_label))
        return found

    def _find_procedure(self, procedure_id: str, *, started: bool = False) -> Procedure | None:
        """The first of :meth:`_available_procedures` with this id, without working out
        the corrections unless it is theirs (a long save replays thousands of starts);
        ``started``: the state is the one this procedure was started in, so the corrections
        were there."""
        if self.open_procedures >= MAX_OPEN_PROCEDURES or self.phase == START:
            return None
        ctx = self._ctx()
        if not self.finished:
            for p in self.game.procedures(ctx, self.phase):
                if p.id == procedure_id:
                    return p
        if procedure_id == CORRECT.id and (started or self.game.corrections(ctx, self.phase)):
            return replace(CORRECT, label=self.game.correct_label)
        return None

    @property
    def open_procedures(self) -> int:
        """How many started procedures are still open (one inside another)."""
        return sum(1 for frame in self._state["stack"] if frame["step"] == "core_reask")

    @property
    def can_cancel(self) -> bool:
        """Whether a started procedure is open and can be cancelled."""
        return self._cancel_target() is not None

    def _cancel_target(self) -> int | None:
        """The index of the action that started the innermost open procedure."""
        depth = self.open_procedures
        if depth == 0:
            return None
        for i in range(len(self._open) - 1, -1, -1):
            if self._open[i] < depth:
                return None
            before = self._open[i - 1] if i else self._open_at_start
            if "start" in self._actions[i] and self._open[i] == depth == before + 1:
                return i
        return None

    # --- acting -------------------------------------------------------------------------
    def answer(self, value: Any) -> None:
        """Answer the current prompt; a rejected answer leaves the session as it was."""
        self._apply({"answer": value})
        self._redo.clear()

    def start(self, procedure_id: str) -> None:
        """Start a player-initiated procedure; the interrupted prompt comes back after it."""
        self._apply({"start": procedure_id})
        self._redo.clear()

    def cancel(self) -> None:
        """Cancel the innermost open procedure: back to the state before it was started.

        Recorded as an action (undoable, redoable, replayed from saves) like any answer.
        """
        self._apply({"cancel": True})
        self._redo.clear()

    def undo(self) -> None:
        """Take back the last answer (or procedure start)."""
        if not self._undo:
            raise NothingToUndo()
        before = self._undo.pop()
        self._redo.append(self._actions.pop())
        self._open.pop()
        self._state = json.loads(before.snapshot)
        self._restore_log(before)

    def _restore_log(self, before: _Before) -> None:
        del self._log[before.kept:]
        self._log.extend(before.cut)

    def redo(self) -> None:
        """Re-apply the last undone answer."""
        if not self._redo:
            raise NothingToUndo("error.nothing_to_redo")
        action = self._redo.pop()
        try:
            self._apply(action)
        except AutomaError:
            self._redo.append(action)
            raise

    def _apply(self, action: Action) -> None:
        target = -1
        if "start" in action:
            procedure = self._procedure(action["start"])
        elif "cancel" in action:
            found = self._cancel_target()
            if found is None:
                raise NothingToCancel()
            target = found
        elif self.finished or self._state["prompt"] is None:
            raise GameOver()
        else:
            value = self._validated(action["answer"])
        snapshot = _dumps(self._state)
        before = _Before(snapshot, len(self._log), [])
        if "cancel" in action:
            # a start only adds to the log, and every action since lies inside its
            # procedure: the log before the start is still the prefix ``log[:kept]``
            kept = self._undo[target].kept
            before = _Before(snapshot, kept, self._log[kept:])
        try:
            if "start" in action:
                self._begin_procedure(procedure)
            elif "cancel" in action:
                self._return_to(target)
            else:
                pending = self._state["pending"]
                self._state["prompt"] = None
                self._state["pending"] = None
                self._state["stack"].append(
                    {"step": pending["step"], "args": {**pending["args"], "answer": value}}
                )
            self._run()
            if "cancel" not in action:  # a cancel goes back to a state checked before
                self._check_ranges()
        except BaseException:
            self._state = json.loads(snapshot)
            self._restore_log(before)
            raise
        self._undo.append(before)
        self._actions.append({"start": action["start"]} if "start" in action
                             else {"cancel": True} if "cancel" in action
                             else {"answer": value})
        self._open.append(self.open_procedures)

    def _validated(self, answer: Any) -> Any:
        """The answer to the prompt, checked by it. Replaying an older save, a correction to a
        value an earlier release allowed beyond today's bound (:attr:`Count.was`) is carried
        down to that bound, and the player told: the answer kept is the carried one."""
        prompt = self.prompt
        assert prompt is not None
        try:
            return prompt.validate(answer)
        except AutomaError:
            c = self._older_correction(answer) if self._replaying else None
            if c is None:
                raise
            carried = max(c.lo, min(c.hi, answer))
            said = msg("warning.save.carried", game=msg(self.game.name), what=c.label,
                       old=answer, new=carried)
            self.carried.append(said)
            self.warnings.append(said)
            return carried

    def _older_correction(self, answer: Any) -> Correction | None:
        """The correction the prompt asks for, if ``answer`` is a value an earlier release
        allowed for it."""
        pending = self._state["pending"]
        if (self.game.ranges is None or pending["step"] != "core_correct_set"
                or isinstance(answer, bool) or not isinstance(answer, int)):
            return None
        for c in self.game.corrections(self._ctx(), self.phase):
            if c.id == pending["args"].get("correction") and not c.choices:
                span = widest(self.game.ranges, c.path)
                if span is not None and span[0] <= answer - c.offset <= span[1]:
                    return c
        return None

    def _carried(self, carried: list[Carried]) -> list[MessageRef]:
        """One sentence per value an older save held beyond today's bound, carried down."""
        labels = {".".join(map(str, ("data", *c.path))): c.label
                  for c in self.game.corrections(self._ctx(), self.phase)}
        return [msg("warning.save.carried", game=msg(self.game.name),
                    what=labels.get(where, where.removeprefix("data.")), old=old, new=new)
                for where, old, new in carried]

    def _check_ranges(self) -> None:
        """Refuse a state with a tracked value outside its declared range (the game's
        ``ranges``): no rule may drive a count below 0 or above its component count."""
        if self.game.ranges is None:
            return
        problem = first_problem(self._state["data"], self.game.ranges, "data")
        if problem is not None:
            where, reason, params = problem
            raise ImpossibleValue(field=where.removeprefix("data."),
                                  reason=msg(f"error.save.reason.{reason}", **params))

    def _procedure(self, procedure_id: str) -> Procedure:
        if self.open_procedures >= MAX_OPEN_PROCEDURES:
            raise UnknownProcedure("error.procedure.too_many_open",
                                   procedure=name_of(procedure_id), limit=MAX_OPEN_PROCEDURES)
        found = self._find_procedure(procedure_id)
        if found is not None:
            return found
        raise UnknownProcedure(procedure=name_of(procedure_id),
                               available=[p.id for p in self._available_procedures()])

    def _begin_procedure(self, procedure: Procedure) -> None:
        state = self._state
        state["stack"].append({"step": "core_reask",
                               "args": {"prompt": state["prompt"], "pending": state["pending"]}})
        state["prompt"] = None
        state["pending"] = None
        state["finished"] = False
        ctx = self._ctx()
        ctx.log("player", "core.log.procedure", {"name": msg(procedure.label)})
        ctx.then(procedure.step, **procedure.args)

    def _return_to(self, target: int) -> None:
        """Restore the state from before action ``target`` (a procedure start) and log it."""
        start = self._undo[target]
        procedure_id = self._actions[target]["start"]
        self._state = json.loads(start.snapshot)
        del self._log[start.kept:]
        found = self._find_procedure(procedure_id, started=True)
        label = found.label if found is not None else procedure_id
        self._ctx().log("player", "core.log.cancelled", {"name": msg(label)})

    def _run(self) -> None:
        state = self._state
        ctx = self._ctx()
        for _ in range(MAX_STEPS_PER_ACTION):
            if state["prompt"] is not None:
                return
            if not state["stack"]:
                state["finished"] = True
                return
            frame = state["stack"].pop()
            self.game.steps[frame["step"]](ctx, **frame["args"])
        raise RuntimeError(f"{self.game.id}: {MAX_STEPS_PER_ACTION} steps without a prompt")

    # --- saving -------------------------------------------------------------------------
    def to_json(self) -> str:
        """A versioned save: options, seed, every action (and undone ones), a snapshot.

        A history longer than a save may hold (:data:`MAX_ACTIONS`) is saved from a later
        point on: the state before the oldest answer kept becomes the save's ``base``.
        """
        actions, redo, base = self._actions, list(reversed(self._redo)), self._base
        redo = redo[: MAX_ACTIONS // 2]
        drop = len(actions) + len(redo) - MAX_ACTIONS
        if drop > 0:
            base = {"state": json.loads(self._undo[drop].snapshot), "log": self._log_before(drop)}
            actions = actions[drop:]
        envelope = {
            "format": SAVE_FORMAT,
            "version": SAVE.current,
            "engine": ENGINE_VERSION,
            "game": self.game.id,
            "game_version": self.game.version,
            "options": self._state["options"],
            "seed": self._state["seed"],
            "actions": actions,
            "redo": redo,
            "turn": self.turn,
            "finished": self.finished,
            "snapshot": self._state,
            "log": self._log,
        }
        if base is not None:
            envelope["base"] = base
        return json.dumps(envelope, ensure_ascii=False, separators=(",", ":"))

    def _log_before(self, index: int) -> list[LogEntry]:
        """The log as it was before action ``index`` (later cancels may have cut it)."""
        log = list(self._log)
        for before in reversed(self._undo[index:]):
            del log[before.kept:]
            log.extend(before.cut)
        return log

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Session):
            return NotImplemented
        return (
            self.game.id == other.game.id
            and self._state == other._state
            and self._log == other._log
            and self._actions == other._actions
            and self._redo == other._redo
            and self._base == other._base
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"<Session {self.game.id} seed={self.seed} turn={self.turn} "
                f"actions={len(self._actions)}>")


def new_game(game_id: str, options: dict[str, Any] | None = None,
             seed: int | None = None) -> Session:
    """Start a new game of ``game_id`` with ``options`` (defaults for the rest).

    Without a seed a random one is taken from the operating system. A seed is a whole
    number of at most :data:`~automa.core.numbers.SEED_MAX` either side of zero.
    """
    game = find_game(game_id)
    resolved = game.resolve_options(options)
    if seed is None:
        seed = int.from_bytes(os.urandom(4), "big") >> 1  # 31 bits; os is loaded already
    if isinstance(seed, bool) or not isinstance(seed, int) or abs(seed) > SEED_MAX:
        raise InvalidOption("error.option.bad_seed", value=describe(seed), hi=SEED_MAX)
    return Session(game, resolved, seed)


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def check_nesting(text: str) -> None:
    """Refuse text nested deeper than :data:`MAX_JSON_DEPTH`, in linear time, before parsing.

    Strings are cut out first, so brackets inside them do not count; the depth is a running
    sum over the remaining brackets (no recursion, whatever the input).
    """
    brackets = _NOT_BRACKET.sub("", _JSON_STRING.sub("", text))
    depth = max(accumulate(map(_DEPTH_STEP.__getitem__, brackets)), default=0)
    if depth > MAX_JSON_DEPTH:
        raise UnreadableSave("error.save.too_deep", limit=MAX_JSON_DEPTH)


_JSON_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_DEPTH_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


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
    text = _text_of(text)
    check_nesting(text)
    try:
        data = json.loads(text, parse_constant=_refuse_constant)
    except (ValueError, RecursionError) as e:
        raise UnreadableSave("error.save.not_json", detail=str(e)[:80]) from None
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
    lost.extend(game_lost)
    try:
        options = game.resolve_options(data["options"])
    except AutomaError as e:
        raise UnreadableSave("error.save.bad_options", detail=e.to_json()) from None
    session = (_from_base(Session(game, options, data["seed"]), data["base"])
               if "base" in data else Session(game, options, data["seed"]))
    replayed = _replay(session, data)
    snapshot = _carried_state(game, data.get("snapshot"))[0]
    if not (replayed and (snapshot is None or _same_state(snapshot, session._state,
                                                          guessed_phase))):
        if snapshot is None:
            raise UnreadableSave("error.save.replay_failed")
        session = _from_snapshot(Session(game, options, data["seed"]), data, session,
                                 game_version)
    session.lost = lost
    session.warnings.extend(lost)
    return session


def _upgrade_states(game: GameDef[Any], data: dict[str, Any],
                    game_version: int) -> tuple[dict[str, Any], list[Message]]:
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


def _same_state(snapshot: Any, state: dict[str, Any], guessed_phase: bool) -> bool:
    """Whether a save's snapshot is the state its answers replay to. A snapshot whose phase
    a migration derived from an older layout (``guessed_phase``) is compared with the phase
    the replay sets by the rules (the derived one is a best guess)."""
    if not isinstance(snapshot, dict):
        return False
    if guessed_phase:
        snapshot = {**snapshot, "phase": state["phase"]}
    return _unlabelled(snapshot) == _unlabelled(state)


PRESENTATION = ("labels", "ui")
"""What of a question is its presentation: its buttons' labels and its screen hints."""


def _unlabelled(state: dict[str, Any]) -> dict[str, Any]:
    """A state without how its questions are shown (the one it waits on and those procedures
    interrupted: their button labels and screen hints), nor the list of the corrections
    menu: how a button reads, what the screen shows beside a question, or how many values
    the app can correct, is no part of the game, and a release that changes them does not
    change where an older save's answers lead."""
    def bare(prompt: Any) -> Any:
        if not isinstance(prompt, dict):
            return prompt
        # the corrections menu lists what the release can correct: a newer one offers more
        # (an answer that picks one of the older list still replays and is checked)
        menu = prompt.get("key") == CORRECTION_MENU
        return {k: v for k, v in prompt.items()
                if k not in PRESENTATION and not (menu and k == "choices")}

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


def _upgraded(game: GameDef[Any], state: Any) -> Any:
    """A saved state from before the engine had a phase, with the phase the game derives
    from it (:attr:`GameDef.migrate`, on a copy). Anything else is returned as it is, to be
    checked."""
    if not isinstance(state, dict) or "phase" in state:
        return state
    state = copy.deepcopy(state)
    try:
        game.migrate(state)
    except Exception:  # an untrusted save: the snapshot checks refuse what is left
        return state
    return state


def check_save(text: str | bytes, expected_game: str | None = None) -> dict[str, Any]:
    """Load a save as :func:`load_game` does and describe it, or raise why it is refused.

    For an import screen: ``{"game", "turn", "finished", "actions", "history_dropped",
    "warnings"}``.
    """
    session = load_game(text, expected_game)
    return {"game": session.game_id, "turn": session.turn, "finished": session.finished,
            "actions": len(session._actions), "history_dropped": session.history_dropped,
            "warnings": copy.deepcopy(session.warnings)}


def _replay(session: Session, data: dict[str, Any]) -> bool:
    """Apply the saved actions (and the undone ones, then undo them); False if one fails."""
    redo = data.get("redo", [])
    session._replaying = True
    try:
        for action in data["actions"]:
            session._apply(_checked_action(action))
        for action in redo:
            session._apply(_checked_action(action))
        for _ in redo:
            session.undo()
    except Exception:  # an untrusted save: whatever fails, the snapshot decides
        return False
    finally:
        session._replaying = False
    return True


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


def rules_changed(game: GameDef[Any], saved_under: int, answers: int) -> Message:
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
