"""Steps every game has: resuming an interrupted prompt, and correcting tracked values.

The person running the bot has the last word: any value the game lists as correctable
can be set by hand, through the same prompts, logged and undoable like any answer.
"""

from __future__ import annotations

from typing import Any

from automa.core import prompts
from automa.core.game import Correction, Ctx, Procedure, Steps
from automa.core.i18n import msg
from automa.core.records import MessageRef

CORE_STEPS = Steps()
CORRECTION_MENU = "core.correct.which"
"""The question that lists what can be corrected."""
CORRECTION_VALUE = "core.correct.new_value"
"""The question that asks a corrected value."""
CORRECT = Procedure("correct", "core.procedure.correct", "core_correct")
MAX_OPEN_PROCEDURES = 3
"""How many procedures may be open at once (one started inside another, and so on)."""


@CORE_STEPS
def core_reask(ctx: Ctx[Any, Any], prompt: dict[str, Any] | None,
               pending: dict[str, Any] | None) -> None:
    """Put back the prompt that was waiting when a procedure started."""
    if prompt is not None:
        ctx.state["prompt"] = prompt
        ctx.state["pending"] = pending


def resumed_step(state: dict[str, Any]) -> str:
    """The step the game's own prompt leads to: under open procedures, that of the prompt the
    first one interrupted ("" if none). For a game deriving its phase from an old state."""
    reasks = [f["args"] for f in state["stack"] if f["step"] == "core_reask"]
    pending = reasks[0]["pending"] if reasks else state["pending"]
    return str(pending["step"]) if isinstance(pending, dict) else ""


def _find(ctx: Ctx[Any, Any], correction_id: str) -> Correction:
    for c in ctx.game.corrections(ctx, ctx.phase):
        if c.id == correction_id:
            return c
    raise KeyError(correction_id)


def _get(data: Any, path: tuple[str | int, ...]) -> Any:
    for part in path:
        data = data[part]
    return data


def _set(data: Any, path: tuple[str | int, ...], value: Any) -> None:
    for part in path[:-1]:
        data = data[part]
    data[path[-1]] = value


@CORE_STEPS
def core_correct(ctx: Ctx[Any, Any]) -> None:
    """Ask which tracked value to correct."""
    items = list(ctx.game.corrections(ctx, ctx.phase))
    ctx.ask(
        prompts.pick_one(CORRECTION_MENU, [c.id for c in items],
                         labels=[c.label for c in items]),
        core_correct_value,
    )


@CORE_STEPS
def core_correct_value(ctx: Ctx[Any, Any], answer: str) -> None:
    """Ask the new value, pre-filled with the current one."""
    c = _find(ctx, answer)
    current = _get(ctx.data, c.path)
    if c.choices:
        prompt = prompts.pick_one(CORRECTION_VALUE, list(c.choices),
                                  {"what": c.label, "current": current},
                                  labels=list(c.choice_labels) or None, default=current)
    else:
        prompt = prompts.count(CORRECTION_VALUE, c.lo, c.hi,
                               {"what": c.label, "current": current + c.offset},
                               default=current + c.offset)
    ctx.ask(prompt, core_correct_set, correction=c.id)


@CORE_STEPS
def core_correct_set(ctx: Ctx[Any, Any], answer: Any, correction: str) -> None:
    """Set the corrected value and log it; a value its bounds no longer allow (another
    procedure, started while the question was open, changed what is left) is asked again."""
    c = _find(ctx, correction)
    if not c.choices and not c.lo <= answer <= c.hi:
        core_correct_value(ctx, correction)
        return
    old = _get(ctx.data, c.path)
    if not c.choices:
        old += c.offset
        _set(ctx.data, c.path, answer - c.offset)
    else:
        _set(ctx.data, c.path, answer)
    ctx.log("player", "core.log.corrected", {"what": c.label, "old": old, "new": answer})
    if c.swaps:
        _swap_back(ctx, c, old, answer)


def _swap_back(ctx: Ctx[Any, Any], c: Correction, old: Any, answer: Any) -> None:
    """The slot of the same list that held ``answer`` takes ``old`` (:attr:`Correction.swaps`)."""
    slots, here = _get(ctx.data, c.path[:-1]), c.path[-1]
    other = next((i for i, v in enumerate(slots) if v == answer and i != here), None)
    if other is None or old == answer:
        return
    slots[other] = old
    label = next((o.label for o in ctx.game.corrections(ctx, ctx.phase)
                  if o.path == (*c.path[:-1], other)), c.label)
    ctx.log("player", "core.log.swapped", {"what": label, "old": answer, "new": old})


def correction_label(key: str, **params: Any) -> MessageRef:
    """A message reference for a correctable value's name."""
    return msg(key, **params)
