"""Migrations of a save's action log: the answers, starts and cancels a game recorded under an
earlier version of its rules, brought to the questions today's rules ask.

A save is replayed from its options, seed and recorded actions (:mod:`automa.core.savefile`).
A version of a game that changes its question flow — a question gone (its step became a line
of the turn's checklist), a new one (where the older version decided by itself), an answer
renamed — ships, beside the migration of its saved state (:attr:`GameDef.migrations`), the
migration of the action log recorded before it: :attr:`GameDef.action_migrations`
``{version: (migration, …)}``, small pure functions. While an older save replays, at every
point each migration of a version after the save's (oldest first) sees where the replay
stands under today's rules (:class:`Here`: today's question, what the rules did since the
last action, the recorded actions still to replay) and may rewrite the next recorded actions
(:class:`Rewrite`): :func:`drop` answers to questions that no longer exist, :func:`insert` an
answer where a new question asks what the older version took for granted, :func:`instead`
give a renamed answer. Each sees what the migrations before it left, as a version step sees
the log of the version before it. The replay is then compared with the saved snapshot exactly
as any other: a save whose migrated answers still do not reach it opens from its snapshot,
and the player reads in one sentence why.

A migration reads today's rules, so a later version that changes what an earlier migration
looks at (a question's message id, a log line) updates that migration too: the frozen
histories of every release (``tests/corpus/histories/``) replay through all of them.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, overload

from automa.core.errors import AutomaError
from automa.core.game import Ctx, GameDef
from automa.core.prompts import Prompt
from automa.core.records import LogEntry

if TYPE_CHECKING:
    from automa.core.session import Session

Action = dict[str, Any]
"""A recorded action: ``{"answer": value}``, ``{"start": procedure_id}`` or
``{"cancel": True}`` (as :data:`automa.core.session.Action`)."""

MAX_INSERTED = 1_000
"""Most actions the migrations may add to one save (an honest one needs a few per turn): a
migration that inserts without end fails the replay, and the save opens from its snapshot."""


@dataclass(frozen=True)
class Rewrite:
    """What a migration does with the next recorded actions: ``take`` of them are replaced by
    ``give`` (nothing taken: inserted before them; nothing given: dropped)."""

    take: int = 0
    give: tuple[Action, ...] = ()
    before_last: bool = False
    """The next recorded action starts a procedure where an older version asked a question
    that no longer exists: it is replayed, to the procedure's end, before the last answer
    replayed (at the question before it), and that answer given again after it."""


def drop(n: int = 1) -> Rewrite:
    """The next ``n`` recorded actions answered questions that no longer exist: dropped."""
    return Rewrite(take=n)


def before_last() -> Rewrite:
    """The procedure the next recorded action starts was started at a question that no
    longer exists, between the last answer's consequences: it is replayed before that
    answer (:attr:`Rewrite.before_last`; as recorded if it cannot be started there)."""
    return Rewrite(before_last=True)


def insert(*answers: Any) -> Rewrite:
    """Today's question was no question for the older version (it decided by itself, as
    ``answers`` say): the answers are given before the next recorded action."""
    return Rewrite(give=tuple({"answer": a} for a in answers))


def instead(answer: Any) -> Rewrite:
    """The next recorded answer, renamed: ``answer`` is given in its place."""
    return Rewrite(take=1, give=({"answer": answer},))


class Rest(Sequence[Action]):
    """The recorded actions still to replay, the next first (a view: nothing is copied)."""

    def __init__(self, actions: list[Action], start: int) -> None:
        self._actions = actions
        self._start = start

    def __len__(self) -> int:
        return len(self._actions) - self._start

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | Sequence[Action]:
        if isinstance(index, slice):
            return self._actions[self._start:][index]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        return self._actions[self._start + index]

    def __iter__(self) -> Iterator[Action]:
        return iter(self._actions[self._start:])

    def answers(self, value: Any) -> int:
        """How many of the next recorded actions answer ``value`` (in a row; ``True`` is
        not ``1``)."""
        n = 0
        for action in self:
            if set(action) != {"answer"} or type(action["answer"]) is not type(value) \
                    or action["answer"] != value:
                break
            n += 1
        return n


@dataclass(frozen=True)
class Here:
    """Where the replay of an older save stands under today's rules: what a migration of the
    action log reads. Read only: a migration changes nothing of it."""

    prompt: Prompt | None
    """Today's question here (None once the game is over)."""
    last: Action | None
    """The action last replayed (None before the first)."""
    answered: Prompt | None
    """The question it answered (None for a start or a cancel, and before the first)."""
    done: Sequence[LogEntry]
    """What the rules did since the player last answered a question at this depth (the
    game's own, or the open procedure's; or since that procedure's start): its log lines, in
    order. A procedure started where an older version asked a question sees them again when
    it ends, back at that question."""
    recorded: Rest
    """The recorded actions still to replay (as the migrations before this one left them)."""
    taken: int
    """How many recorded actions the migrations took (dropped or replaced) since
    :attr:`done` began: a migration that drops one answer per log line drops the rest."""
    data: Mapping[str, Any]
    """The game's data here (``ctx.data``)."""
    phase: str
    options: Mapping[str, Any]
    open_procedures: int
    """How many procedures the player has started and not finished here."""
    pending: Mapping[str, Any] | None
    """The step today's question hands its answer to: ``{"step", "args"}``."""

    def asks(self, *keys: str) -> bool:
        """Whether today's question here is one of ``keys`` (message ids)."""
        return self.prompt is not None and self.prompt.key in keys

    def did(self, *keys: str) -> int:
        """How many log lines of ``keys`` are in :attr:`done`."""
        return sum(1 for entry in self.done if entry["action"]["key"] in keys)

    @property
    def correcting(self) -> str | None:
        """The id of the tracked value whose new value today's question asks (a correction's
        last question), if it does."""
        pending = self.pending or {}
        return pending.get("args", {}).get("correction") \
            if pending.get("step") == "core_correct_set" else None

    @property
    def next(self) -> Action | None:
        """The next recorded action, if any."""
        return self.recorded[0] if len(self.recorded) else None


def done_after(here: Here, *lines: str) -> Rewrite | None:
    """For a version that made a Done question a line of the turn's checklist: the Done
    answered after each log line of ``lines`` (message ids) is dropped; a procedure started
    at that Done is replayed before the answer that led to it (:func:`before_last`)."""
    owed = here.did(*lines) - here.taken
    n = min(owed, here.recorded.answers(True))
    if n:
        return drop(n)
    if owed > 0 and here.next is not None and "start" in here.next \
            and not here.open_procedures and here.answered is not None:
        return before_last()
    return None


ActionMigration = Callable[[Here], Rewrite | None]
"""One migration of an action log: given where the replay stands, how the next recorded
actions are rewritten (None: as they are)."""


def questions_waiting(state: Any) -> Iterator[dict[str, Any]]:
    """Where a saved state keeps the questions it waits on: the state itself, and the frame
    of each question a procedure interrupted (to be asked again) — each a dict whose
    ``"prompt"`` is the question as saved and ``"pending"`` the step its answer goes to. For
    a migration of a game's saved state that rewrites how a question is asked (a state
    waiting on it compares with the replay); an untrusted state's odd parts are passed over.
    """
    if not isinstance(state, dict):
        return
    if isinstance(state.get("prompt"), dict):
        yield state
    stack = state.get("stack")
    for frame in stack if isinstance(stack, list) else ():
        if isinstance(frame, dict) and frame.get("step") == "core_reask" \
                and isinstance(frame.get("args"), dict) \
                and isinstance(frame["args"].get("prompt"), dict):
            yield frame["args"]


def asked_anew(game: GameDef[Any], state: dict[str, Any],
               ask: Callable[[Ctx[Any, Any]], None]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The question ``ask`` asks today at a saved ``state`` (the state as it is, waiting on
    nothing), and the step its answer goes to: for a migration of a game's saved state whose
    waiting question today's rules ask differently. ``state`` is not changed."""
    scratch = {**copy.deepcopy(state), "prompt": None, "pending": None}
    ask(Ctx(game, scratch, []))
    return scratch["prompt"], scratch["pending"]


def migrations_since(game: GameDef[Any], saved_under: int) -> tuple[ActionMigration, ...]:
    """The migrations of the action log of a save made under version ``saved_under`` of the
    game, oldest version first (none for a save of today's version)."""
    return tuple(m for version, found in sorted(game.action_migrations.items())
                 if version > saved_under for m in found)


def replay(session: Session, actions: list[Action], redo: list[Action],
           migrations: Sequence[ActionMigration], placed: bool = False) -> bool:
    """Replay ``actions`` then ``redo`` (then undo the redone ones) into ``session``, each
    migration rewriting the recorded actions as it goes; the actions kept are the session's
    own (its save writes the migrated log). A procedure a migration would replay before the
    last answer (:func:`before_last`) is replayed as recorded, unless ``placed``: returns
    whether there was one (the replay that does not reach the save's snapshot is tried
    again with it placed). Raises whatever an action fails with."""
    if not migrations:
        for action in [*actions, *redo]:
            session._apply(action)
        for _ in redo:
            session.undo()
        return False
    found = _Replay(session, actions, redo, migrations, placed)
    try:
        found.run()
    except Exception as e:  # (an untrusted save: whatever an action fails with)
        raise ReplayFailed(found.hinted) from e
    return found.hinted


class ReplayFailed(Exception):
    """An older save's migrated actions did not replay; ``hinted``: a migration would have
    placed a procedure elsewhere (:func:`replay`)."""

    def __init__(self, hinted: bool) -> None:
        super().__init__("the migrated actions did not replay")
        self.hinted = hinted


class _Replay:
    """One older save's actions replayed through the migrations of its action log."""

    def __init__(self, session: Session, actions: list[Action], redo: list[Action],
                 migrations: Sequence[ActionMigration], placed: bool) -> None:
        self.session = session
        self.migrations = migrations
        self.placed = placed
        """Whether a procedure a migration replays before the last answer is (else only
        :attr:`hinted`)."""
        self.hinted = False
        self.queue = [*actions, *redo]
        self.i = 0
        """The next recorded action to replay."""
        self.boundary = len(actions)
        """Where the undone actions begin in :attr:`queue` (moved by each rewrite before
        it)."""
        self.inserted = 0
        self.last: tuple[Action | None, Prompt | None] = (None, None)
        self.marks = [[len(session._log), 0]]
        """Per open procedure (the game's own questions first): where :attr:`Here.done`
        begins at that depth (its last answer, or its start) and what the migrations took
        since."""
        self.again: tuple[Action, Prompt | None, int] | None = None
        """An answer taken back to replay a procedure before it (:func:`before_last`): the
        answer, its question, and the depth at which it is given again."""

    def run(self) -> None:
        while True:
            self._rewrite()
            if self.again is not None and self.session.open_procedures <= self.again[2]:
                action, prompt, _ = self.again
                self.again = None
                self._apply(action, prompt)
                continue
            if self.i >= len(self.queue):
                break
            self.i += 1
            self._apply(self.queue[self.i - 1], self.session.prompt)
        for _ in range(len(self.queue) - self.boundary):
            self.session.undo()

    def _here(self, depth: int) -> Here:
        session, mark = self.session, self.marks[depth]
        state = session._state
        return Here(prompt=session.prompt, last=self.last[0], answered=self.last[1],
                    done=session._log[mark[0]:], recorded=Rest(self.queue, self.i),
                    taken=mark[1], data=state["data"], phase=state["phase"],
                    options=state["options"], open_procedures=session.open_procedures,
                    pending=state["pending"])

    def _rewrite(self) -> None:
        """Where the replay stands, each migration rewrites the next recorded actions."""
        depth, log = self.session.open_procedures, len(self.session._log)
        self.marks = [[min(at, log), n] for at, n in self.marks[:depth + 1]]  # (cancels)
        self.marks += [[log, 0]] * (depth + 1 - len(self.marks))
        here = self._here(depth)
        for migrate in self.migrations:
            rewrite = migrate(here)
            if rewrite is None or rewrite == Rewrite():
                continue
            if rewrite.before_last:
                self.hinted = True
                if self.placed:
                    self._take_back()
                    return
                continue
            self.boundary = _moved(self.boundary, self.i, rewrite)
            self.queue[self.i:self.i + rewrite.take] = rewrite.give
            self.inserted += max(0, len(rewrite.give) - rewrite.take)
            if self.inserted > MAX_INSERTED:
                raise ValueError("the action log's migrations insert without end")
            self.marks[depth][1] += rewrite.take
            here = self._here(depth)

    def _take_back(self) -> None:
        """The last answer is taken back, to be given again once the procedure the next
        recorded action starts has ended (:func:`before_last`)."""
        action, prompt = self.last
        if action is None or self.again is not None or self.i >= self.boundary:
            return
        self.session.undo()
        self.session._redo.pop()
        self.again = (action, prompt, self.session.open_procedures)
        start = self.queue[self.i]
        try:
            self.i += 1
            self._apply(start, self.session.prompt)
        except AutomaError:  # not to be started there: as recorded, after the answer
            self.i -= 1
            self.again = None
            self._apply(action, prompt)

    def _apply(self, action: Action, prompt: Prompt | None) -> None:
        depth = self.session.open_procedures
        self.marks += [[len(self.session._log), 0]] * (depth + 1 - len(self.marks))
        if "answer" in action:
            self.marks[depth] = [len(self.session._log), 0]
        elif "start" in action:
            self.marks[depth + 1:] = [[len(self.session._log), 0]]
        self.session._apply(action)
        self.last = (action, prompt if "answer" in action else None)


def _moved(boundary: int, at: int, rewrite: Rewrite) -> int:
    """Where the undone actions begin once ``rewrite`` is made at ``at``: what it takes
    before them is gone, what it gives goes where it is made (before them, when made just
    where they begin: the older save's snapshot is the state after it)."""
    if at > boundary or (at == boundary and rewrite.take):
        return boundary
    taken = min(boundary, at + rewrite.take) - at
    return boundary - taken + len(rewrite.give)
