"""Checks of a save's snapshot against the game itself, for saves whose replay diverged.

A snapshot is never trusted as it is: :func:`check_snapshot` takes it field by field
against what the game and a fresh session of it say is possible — the same options and
seed, exactly the game's cards in the game's piles, registered steps whose arguments fit
them, a prompt of a known kind with typed fields, a turn in range, a well-formed log —
and :func:`check_opens` then opens it the way a front end will. Anything else raises
:class:`~automa.core.errors.UnreadableSave` naming the field and the reason.
"""

from __future__ import annotations

import inspect
import json
import types
import typing
from collections import Counter
from typing import TYPE_CHECKING, Any

from automa.core.checks import (
    MESSAGE_ID,
    NAME,
    bad,
    check_bool,
    check_dict,
    check_int,
    check_json,
    check_list,
    check_message,
    check_text,
)
from automa.core.common_steps import MAX_OPEN_PROCEDURES
from automa.core.errors import AutomaError, UnreadableSave
from automa.core.game import Ctx
from automa.core.prompts import check_prompt
from automa.core.ranges import first_problem

if TYPE_CHECKING:
    from automa.core.game import GameDef, StepFn
    from automa.core.session import Session

MAX_TURN = 100_000
MAX_STACK = 1_000
MAX_LOG = 200_000
_SNAPSHOT_FIELDS = {"game", "version", "options", "seed", "rng", "turn", "phase", "data",
                    "piles", "stack", "prompt", "pending", "finished"}
_LOG_FIELDS = {"i", "turn", "actor", "action", "why", "table", "icon"}


def check_snapshot(fresh: Session, snapshot: Any, log: Any,
                   replayed: Session | None = None) -> None:
    """Refuse ``snapshot`` and ``log`` unless the game could have reached them.

    ``fresh`` is a new session of the same game, options and seed: the reference for the
    cards, the piles and the layout of the game's data; ``replayed`` (as far as the save's
    answers could be replayed) is a second reference for the layout.
    """
    game = fresh.game
    check_dict(snapshot, "snapshot", _SNAPSHOT_FIELDS, _SNAPSHOT_FIELDS)
    if snapshot["game"] != game.id:
        raise bad("snapshot.game", "inconsistent")
    check_int(snapshot["version"], "snapshot.version", 1, game.version)
    if snapshot["options"] != fresh._state["options"] or _has_bool_for_int(
            snapshot["options"], fresh._state["options"]):
        raise bad("snapshot.options", "inconsistent")
    if snapshot["seed"] != fresh.seed or isinstance(snapshot["seed"], bool):
        raise bad("snapshot.seed", "inconsistent")
    _check_rng(snapshot["rng"])
    check_int(snapshot["turn"], "snapshot.turn", 0, MAX_TURN)
    if check_text(snapshot["phase"], "snapshot.phase", NAME) not in game.phases:
        raise bad("snapshot.phase", "inconsistent")
    check_dict(snapshot["data"], "snapshot.data")
    check_json(snapshot["data"], "snapshot.data")
    references = [fresh._state["data"]] + ([replayed._state["data"]] if replayed else [])
    _check_shape(snapshot["data"], references, "snapshot.data", 0)
    _check_ranges(game, snapshot["data"])
    _check_piles(snapshot["piles"], fresh)
    stack = check_list(snapshot["stack"], "snapshot.stack", MAX_STACK)
    for i, frame in enumerate(stack):
        _check_frame(game, frame, f"snapshot.stack.{i}", answer=False)
    if sum(1 for f in stack if f["step"] == "core_reask") > MAX_OPEN_PROCEDURES:
        raise bad("snapshot.stack", "too_long")
    _check_at_rest(game, snapshot)
    _check_box(game, snapshot)
    _check_log(log, snapshot["turn"])


def _check_box(game: GameDef[Any], snapshot: dict[str, Any]) -> None:
    """Nothing the box cannot make (the game's own check, :attr:`GameDef.box`), once every
    field has its type and range."""
    try:
        beyond = game.box(Ctx(game, snapshot, []))
    except Exception as e:  # a shape the game's check did not expect: no position of its own
        raise bad("snapshot", "unusable", detail=type(e).__name__) from None
    if beyond is not None:
        raise UnreadableSave("error.save.beyond_box", what=beyond)


def _check_ranges(game: GameDef[Any], data: dict[str, Any]) -> None:
    """Every value within the range the game declares for it; no key it does not know."""
    if game.ranges is None:
        return
    problem = first_problem(data, game.ranges, "snapshot.data")
    if problem is not None:
        where, reason, params = problem
        raise bad(where, reason, **params)


def _has_bool_for_int(given: dict[str, Any], expected: dict[str, Any]) -> bool:
    """JSON keeps ``true`` and ``1`` apart, Python's ``==`` does not."""
    return any(isinstance(given.get(k), bool) != isinstance(v, bool) for k, v in expected.items())


def _check_rng(rng: Any) -> None:
    check_list(rng, "snapshot.rng", 4)
    if len(rng) != 4:
        raise bad("snapshot.rng", "inconsistent")
    for i, word in enumerate(rng):
        check_int(word, f"snapshot.rng.{i}", 0, 0xFFFFFFFF)
    if not any(rng):
        raise bad("snapshot.rng", "inconsistent")


def _kind(value: Any) -> str:
    return "bool" if isinstance(value, bool) else type(value).__name__


def _check_shape(value: Any, references: list[Any], field: str, depth: int) -> None:
    """Every value keeps the JSON type it has in the reference states (None: unknown yet)."""
    known = [ref for ref in references if ref is not None]
    if value is None or not known:
        return
    if _kind(value) not in {_kind(ref) for ref in known}:
        raise bad(field, "wrong_type")
    if isinstance(value, dict) and depth < 4:
        tables = [ref for ref in known if isinstance(ref, dict)]
        for key in value:
            inner = [ref[key] for ref in tables if key in ref]
            _check_shape(value[key], inner, f"{field}.{key}", depth + 1)


def _check_piles(piles: Any, fresh: Session) -> None:
    reference = fresh._state["piles"]
    check_dict(piles, "snapshot.piles", set(reference), set(reference))
    for name, pile in piles.items():
        field = f"snapshot.piles.{name}"
        check_dict(pile, field, {"cards", "marks"}, {"cards", "marks"})
        cards = check_list(pile["cards"], f"{field}.cards", 10_000)
        for i, card in enumerate(cards):
            check_text(card, f"{field}.cards.{i}")
        marks = check_dict(pile["marks"], f"{field}.marks")
        for card, card_marks in marks.items():
            if card not in cards:
                raise bad(f"{field}.marks.{card}", "inconsistent")
            check_list(card_marks, f"{field}.marks.{card}", 16)
            if not card_marks:
                raise bad(f"{field}.marks.{card}", "missing")
            for i, mark in enumerate(card_marks):
                check_text(mark, f"{field}.marks.{card}.{i}", NAME)
    cards = [c for pile in piles.values() for c in pile["cards"]]
    if Counter(cards) != Counter(fresh.initial_cards):
        raise bad("snapshot.piles", "cards")


def _check_frame(game: GameDef[Any], frame: Any, field: str, *, answer: bool) -> None:
    """A scheduled step: registered, with JSON arguments its function accepts."""
    check_dict(frame, field, {"step", "args"}, {"step", "args"})
    name = check_text(frame["step"], f"{field}.step", NAME)
    if name not in game.steps:
        raise bad(f"{field}.step", "unknown_step", step=name)
    args = check_dict(frame["args"], f"{field}.args")
    check_json(args, f"{field}.args")
    if answer and "answer" in args:
        raise bad(f"{field}.args.answer", "unknown_field")
    try:
        _signature(game.steps[name]).bind(None, **args, **({"answer": None} if answer else {}))
    except TypeError:
        raise bad(f"{field}.args", "step_args", step=name) from None
    hints = _hints(game.steps[name])
    for arg, value in args.items():
        if arg in hints and not fits(value, hints[arg]):
            raise bad(f"{field}.args.{arg}", "step_args", step=name)
    if name == "core_reask":
        _check_reask(game, args, field)


def _check_reask(game: GameDef[Any], args: dict[str, Any], field: str) -> None:
    """The prompt a procedure interrupted, kept on the stack to come back after it."""
    if args.get("prompt") is not None:
        check_prompt(args["prompt"], f"{field}.args.prompt")
    if (args.get("prompt") is None) != (args.get("pending") is None):
        raise bad(f"{field}.args", "inconsistent")
    if args.get("pending") is not None:
        _check_frame(game, args["pending"], f"{field}.args.pending", answer=True)


_SIGNATURES: dict[int, inspect.Signature] = {}


def _signature(fn: StepFn) -> inspect.Signature:
    key = id(fn)  # step functions are registered once and live as long as the program
    if key not in _SIGNATURES:
        _SIGNATURES[key] = inspect.signature(fn)
    return _SIGNATURES[key]


_HINTS: dict[int, dict[str, Any]] = {}


def _hints(fn: StepFn) -> dict[str, Any]:
    """The types a step's function declares for its arguments (none it does not declare,
    nor any the check cannot resolve)."""
    key = id(fn)
    if key not in _HINTS:
        try:
            found = typing.get_type_hints(fn)
        except Exception:  # (a name only the type checker sees: the step's own code decides)
            found = {}
        _HINTS[key] = {k: v for k, v in found.items() if k not in ("ctx", "answer", "return")}
    return _HINTS[key]


def fits(value: Any, hint: Any) -> bool:
    """Whether a JSON value is of the type a step declares: whole numbers, text, true or
    false, lists, tables, typed tables (``TypedDict``: known keys only, each of its type),
    fixed values (``Literal``), unions; ``Any`` and what the check does not know fit."""
    origin, inner = typing.get_origin(hint), typing.get_args(hint)
    if hint is Any:
        return True
    if origin in (typing.Union, types.UnionType):
        return any(fits(value, h) for h in inner)
    if origin is typing.Literal:
        return any(type(value) is type(v) and value == v for v in inner)
    if hint in (type(None), None):
        return value is None
    if hint in (bool, int, str):
        return type(value) is hint
    if origin is list or hint is list:
        return isinstance(value, list) and all(fits(v, inner[0]) for v in value if inner)
    if origin is dict or hint is dict:
        return isinstance(value, dict) and all(fits(v, inner[1]) for v in value.values()
                                               if inner)
    if typing.is_typeddict(hint):
        fields = typing.get_type_hints(hint)
        return isinstance(value, dict) and all(k in fields and fits(v, _required(fields[k]))
                                               for k, v in value.items())
    return True


def _required(hint: Any) -> Any:
    """A typed table's field type without its ``NotRequired``."""
    return typing.get_args(hint)[0] if typing.get_origin(hint) is typing.NotRequired else hint


def _check_at_rest(game: GameDef[Any], snapshot: dict[str, Any]) -> None:
    """A saved game waits for an answer, or is over."""
    finished = check_bool(snapshot["finished"], "snapshot.finished")
    prompt, pending = snapshot["prompt"], snapshot["pending"]
    if finished:
        if prompt is not None or pending is not None or snapshot["stack"]:
            raise bad("snapshot.finished", "inconsistent")
        return
    if prompt is None or pending is None:
        raise bad("snapshot.prompt", "missing")
    check_prompt(prompt, "snapshot.prompt")
    _check_frame(game, pending, "snapshot.pending", answer=True)


def _check_log(log: Any, turn: int) -> None:
    check_list(log, "log", MAX_LOG)
    for i, entry in enumerate(log):
        field = f"log.{i}"
        check_dict(entry, field, _LOG_FIELDS, {"i", "turn", "actor", "action"})
        if check_int(entry["i"], f"{field}.i", 0, MAX_LOG) != i:
            raise bad(f"{field}.i", "inconsistent")
        check_int(entry["turn"], f"{field}.turn", 0, turn)
        check_text(entry["actor"], f"{field}.actor", NAME)
        check_message(entry["action"], f"{field}.action")
        if "why" in entry:
            why = check_dict(entry["why"], f"{field}.why")
            check_json(why, f"{field}.why")
            rule = why.get("rule")
            if isinstance(rule, dict):
                check_message(rule, f"{field}.why.rule")
            elif rule is not None:
                check_text(rule, f"{field}.why.rule", MESSAGE_ID)
        if "table" in entry:
            check_bool(entry["table"], f"{field}.table")
        if "icon" in entry:
            check_text(entry["icon"], f"{field}.icon", NAME)


def check_opens(session: Session) -> None:
    """Open a restored session as a front end does, and try its answers on copies (each
    branch the waiting question leads to: :func:`_some_answers`).

    A snapshot that passes the field checks but still makes the game's own code fail
    (a state no rule can reach, a step argument out of its range) is refused here rather
    than after the import.
    """
    try:
        prompt = session.prompt
        session.view()
        session.procedures  # noqa: B018  (reading it runs the game's code)
        session.turn_summary()
        for name in session._state["piles"]:
            session.pile(name)
        json.dumps(session._state)
        for i, answer in enumerate(_some_answers(prompt) if prompt is not None else []):
            _trial(session, answer, MAX_TRIAL if i == 0 else 1)
    except AutomaError:
        raise
    except Exception as e:  # the game's own code failed on this state
        raise bad("snapshot", "unusable", detail=type(e).__name__) from None


MAX_TRIED = 16
"""The most answers of one question tried on opening a restored game."""
MAX_TRIAL = 60
"""The most answers given in a row on a copy of a restored game (:func:`_trial`)."""


def _trial(session: Session, first: Any, most: int) -> None:
    """On a copy of ``session``: answer ``first``, then (up to ``most`` answers in all) each
    next question's default, until every step the restored state had scheduled has run —
    so the game's own code has run over each of them once. A refused answer ends it."""
    trial = session.__class__.__new__(session.__class__)
    trial.__dict__.update(session.__dict__)
    trial._state = json.loads(json.dumps(session._state))
    trial._log = list(session._log)
    trial._undo, trial._actions, trial._open = [], [], []
    scheduled = list(trial._state["stack"])
    answer = first
    for _ in range(most):
        try:
            trial.answer(answer)
        except AutomaError:
            return
        waiting = trial._state["stack"]
        if trial.prompt is None or not any(f is g for f in scheduled for g in waiting):
            return
        answer = _some_answer(trial.prompt)


def _some_answers(prompt: Any) -> list[Any]:
    """Allowed answers to ``prompt`` that run each branch it leads to: every choice of a
    short list, a count's lowest, default and highest, a subset's fewest and most, else
    one answer (:func:`_some_answer`)."""
    choices = list(prompt.choices)
    if prompt.kind in ("pick_one", "yes_no") and 0 < len(choices) <= MAX_TRIED:
        return choices
    if prompt.kind == "count" and choices:
        return list(dict.fromkeys([choices[0], _some_answer(prompt), choices[-1]]))
    if prompt.kind == "pick_subset" and prompt.bounds:
        return [choices[:prompt.bounds[0]], choices[:prompt.bounds[1]]]
    return [_some_answer(prompt)]


def _some_answer(prompt: Any) -> Any:
    """An allowed answer to ``prompt``: its default if it has one, else the first choice."""
    if prompt.default is not None:
        return prompt.default
    if prompt.kind == "pick_subset":
        lo = prompt.bounds[0] if prompt.bounds else 0
        return prompt.choices[:lo]
    if prompt.kind == "values":
        return {str(item): (prompt.domain or [None])[0] for item in prompt.choices}
    return prompt.choices[0] if prompt.choices else True
