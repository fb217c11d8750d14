"""The session: the single entry point to a running game.

``new_game`` → a :class:`Session`; read ``.prompt``, call ``.answer(value)``; ``.undo()`` and
``.redo()`` move through a snapshot stack without limit; ``.to_json()`` writes a versioned
save that :func:`automa.core.savefile.load_game` replays and checks.
"""

from __future__ import annotations

import copy
import json
import os
from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import Any, NamedTuple

from automa.core.common_steps import CORRECT, MAX_OPEN_PROCEDURES
from automa.core.errors import (
    AutomaError,
    GameOver,
    ImpossibleValue,
    InvalidOption,
    NothingToCancel,
    NothingToUndo,
    UnknownPile,
    UnknownProcedure,
)
from automa.core.game import (
    START,
    Correction,
    Ctx,
    GameDef,
    Procedure,
    find_game,
)
from automa.core.i18n import msg
from automa.core.numbers import SEED_MAX, describe, name_of
from automa.core.prompts import Prompt
from automa.core.ranges import Carried, first_problem, label_at, widest
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
from automa.core.saveformat import SAVE, SAVE_FORMAT
from automa.core.scoring import FinalScore, scores_by_round

SAVE_VERSION = SAVE.current
ENGINE_VERSION = "0.1.0"
MAX_STEPS_PER_ACTION = 100_000
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

    _read: tuple[dict[str, Any], Prompt] | None = None
    """The prompt last read and the state's prompt it was read from: a tap reads the prompt
    several times (the controller, the session, the presenter), one state's prompt once."""
    _clean: tuple[dict[str, Any], str] | None = None
    """While a save replays: the state a cancel went back to and its snapshot text, the same
    as the state's own until the next action changes it (a long save's start after each
    cancel is not encoded again)."""
    _correctable: tuple[str, bool] | None = None
    """Whether the state with this snapshot text offered corrections (a long save starts the
    correction in one state thousands of times)."""

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
    def _ctx(self) -> Ctx[Any, Any]:
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
        if not p:
            return None
        read = self._read
        if read is None or read[0] is not p:  # (a state's prompt is replaced, never changed)
            read = self._read = (p, Prompt.from_state(p))
        return read[1]

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
        :meth:`~automa.core.game.Ctx.instruct`), and its turn."""
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
    def moves(self) -> int:
        """How many actions :attr:`actions` holds (read without copying them)."""
        return len(self._actions)

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
        round 1, read from the positions the undo history holds (:func:`scores_by_round`)."""
        scoring = self.game.scoring
        if scoring is None:
            return []
        return scores_by_round(scoring.progress(Ctx(self.game, state, []))
                               for state in self.history())

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
        if self.game.offers_corrections(ctx, self.phase):
            found.append(replace(CORRECT, label=self.game.correct_label))
        return found

    def _find_procedure(self, procedure_id: str, *, started: bool = False,
                        snapshot: str | None = None) -> Procedure | None:
        """The first of :meth:`_available_procedures` with this id, without working out
        the corrections unless it is theirs (a long save replays thousands of starts);
        ``started``: the state is the one this procedure was started in, so the corrections
        were there; ``snapshot``: the state's text, if known (whether it offers corrections
        is then worked out once)."""
        if self.open_procedures >= MAX_OPEN_PROCEDURES or self.phase == START:
            return None
        ctx = self._ctx()
        if not self.finished:
            for p in self.game.procedures(ctx, self.phase):
                if p.id == procedure_id:
                    return p
        if procedure_id == CORRECT.id and (started or self._correctable_now(ctx, snapshot)):
            return replace(CORRECT, label=self.game.correct_label)
        return None

    def _correctable_now(self, ctx: Ctx[Any, Any], snapshot: str | None) -> bool:
        """Whether the state (its text ``snapshot``, if known) offers corrections."""
        known = self._correctable
        if snapshot is not None and known is not None and known[0] == snapshot:
            return known[1]
        found = self.game.offers_corrections(ctx, self.phase)
        if snapshot is not None:
            self._correctable = (snapshot, found)
        return found

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
        clean, self._clean = self._clean, None
        snapshot = clean[1] if clean is not None and clean[0] is self._state else None
        if "start" in action:
            if snapshot is None:
                snapshot = _dumps(self._state)
            procedure = self._procedure(action["start"], snapshot)
        elif "cancel" in action:
            found = self._cancel_target()
            if found is None:
                raise NothingToCancel()
            target = found
        elif self.finished or self._state["prompt"] is None:
            raise GameOver()
        else:
            value = self._validated(action["answer"])
        if snapshot is None:
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
                if self._replaying and self._state["prompt"] is not None:
                    # as it was started in, and ``_run`` changes nothing in a state that asks
                    self._clean = (self._state, self._undo[target].snapshot)
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
                self._check_box()
        except BaseException:
            self._clean = None
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
        """One sentence per value an older save held beyond today's bound, carried down,
        naming the value as the player knows it (its correction, else its range's label)."""
        labels = {".".join(map(str, ("data", *c.path))): c.label
                  for c in self.game.corrections(self._ctx(), self.phase)}
        return [msg("warning.save.carried", game=msg(self.game.name),
                    what=labels.get(where) or label_at(self.game.ranges, where)
                    or where.removeprefix("data."), old=old, new=new)
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

    def _check_box(self) -> None:
        """Refuse a position the box cannot make (the game's ``box``: a tile twice, more
        cards than the box holds in all…), said in the player's words."""
        beyond = self.game.box(self._ctx())
        if beyond is not None:
            raise ImpossibleValue("error.beyond_box", what=beyond)

    def _procedure(self, procedure_id: str, snapshot: str | None = None) -> Procedure:
        if self.open_procedures >= MAX_OPEN_PROCEDURES:
            raise UnknownProcedure("error.procedure.too_many_open",
                                   procedure=name_of(procedure_id), limit=MAX_OPEN_PROCEDURES)
        found = self._find_procedure(procedure_id, snapshot=snapshot)
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
        """Two sessions are equal when they hold the same game at the same point, with the
        same history. (A class that defines ``__eq__`` and no ``__hash__`` gets
        ``__hash__ = None`` from Python: a session, mutable, is never hashed.)"""
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
    problem = game.new_game_check(resolved)
    if problem is not None:
        raise InvalidOption(problem["key"], **problem.get("params", {}))
    if seed is None:
        seed = int.from_bytes(os.urandom(4), "big") >> 1  # 31 bits; os is loaded already
    if isinstance(seed, bool) or not isinstance(seed, int) or abs(seed) > SEED_MAX:
        raise InvalidOption("error.option.bad_seed", value=describe(seed), hi=SEED_MAX)
    return Session(game, resolved, seed)
