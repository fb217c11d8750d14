"""Selection pipelines: "filter by criterion 1, then 2, …, then the final tiebreak".

One generic engine for every game's tiebreakers (rules-model §E.1). A pipeline is a list
of named stages applied in order to a candidate list; each stage records what it kept and
why, so the log can say how the bot chose.

>>> picked = select(["military", "science", "technology"], [
...     Filter("open", lambda t: t != "military"),
...     OrderedPick("tiebreak", ["technology", "science"]),
... ])
>>> picked.choice
'technology'
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from automa.core.records import TraceStep, Why
from automa.core.rng import Rng

OnEmpty = Literal["skip", "fail", "empty"]


class SelectionFailed(Exception):
    """A ``Filter(on_empty="fail")`` step left nothing: the action fails."""

    def __init__(self, step: str) -> None:
        super().__init__(step)
        self.step = step


@dataclass
class Trace:
    """What one step kept, and why."""

    step: str
    kind: str
    kept: list[Any]
    note: str = ""

    def to_json(self) -> TraceStep:
        """The trace as JSON (for the log's ``why``)."""
        out: TraceStep = {"step": self.step, "kind": self.kind, "kept": list(self.kept)}
        if self.note:
            out["note"] = self.note
        return out


@dataclass
class Selection:
    """The result of a pipeline."""

    candidates: list[Any]
    remaining: list[Any]
    trace: list[Trace] = field(default_factory=list)
    needs_choice: bool = False
    """True when a ``ProxyChoice`` step left several candidates for a person to decide."""

    @property
    def choice(self) -> Any:
        """The single selected candidate, or None if nothing (or several) remain."""
        return self.remaining[0] if len(self.remaining) == 1 else None

    def why(self, rule: str) -> Why:
        """A log ``why`` entry: the rule, the candidates, the steps and the pick."""
        return {
            "rule": rule,
            "candidates": list(self.candidates),
            "steps": [t.to_json() for t in self.trace],
            "pick": self.choice,
        }


class Stage:
    """A pipeline stage (not an engine step); subclasses implement :meth:`apply`."""

    kind = "step"
    """Its kind in the trace (a stored string: kept as it was written)."""
    picks = False
    """Whether the step is a final pick (it still runs on a single candidate)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def apply(self, items: list[Any]) -> tuple[list[Any], str]:
        """The kept candidates (possibly empty) and a note."""
        raise NotImplementedError

    on_empty: OnEmpty = "empty"


class Filter(Stage):
    """Keep the candidates satisfying ``pred``; on nothing: skip, fail or empty."""

    kind = "filter"

    def __init__(self, name: str, pred: Callable[[Any], bool], on_empty: OnEmpty = "empty") -> None:
        super().__init__(name)
        self.pred = pred
        self.on_empty = on_empty

    def apply(self, items: list[Any]) -> tuple[list[Any], str]:
        return [x for x in items if self.pred(x)], ""


class Extremum(Stage):
    """Keep the candidates with the smallest (or largest) ``key``."""

    kind = "extremum"

    def __init__(self, name: str, key: Callable[[Any], float], largest: bool = False) -> None:
        super().__init__(name)
        self.key = key
        self.largest = largest

    def apply(self, items: list[Any]) -> tuple[list[Any], str]:
        if not items:
            return [], ""
        scores = [self.key(x) for x in items]
        best = max(scores) if self.largest else min(scores)
        return [x for x, s in zip(items, scores, strict=True) if s == best], f"{best}"


class Conditional(Stage):
    """Apply ``step`` only when ``cond`` holds."""

    kind = "conditional"

    def __init__(self, name: str, cond: bool | Callable[[], bool], step: Stage) -> None:
        super().__init__(name)
        self.cond = cond
        self.step = step
        self.on_empty = step.on_empty
        self.picks = step.picks

    def apply(self, items: list[Any]) -> tuple[list[Any], str]:
        holds = self.cond() if callable(self.cond) else self.cond
        if not holds:
            return items, "condition not met"
        return self.step.apply(items)


class FirstClass(Stage):
    """Keep the matches of the first predicate that matches anything; later ones unused."""

    kind = "first_class"

    def __init__(self, name: str, classes: Sequence[tuple[str, Callable[[Any], bool]]]) -> None:
        super().__init__(name)
        self.classes = list(classes)

    def apply(self, items: list[Any]) -> tuple[list[Any], str]:
        for label, pred in self.classes:
            kept = [x for x in items if pred(x)]
            if kept:
                return kept, label
        return [], "no class matched"


class OrderedPick(Stage):
    """The first element of a fixed order that is still a candidate."""

    kind = "ordered_pick"
    picks = True

    def __init__(self, name: str, order: Sequence[Hashable]) -> None:
        super().__init__(name)
        self.order = list(order)

    def apply(self, items: list[Any]) -> tuple[list[Any], str]:
        for x in self.order:
            if x in items:
                return [x], f"first of {self.order}"
        return [], "none of the order is a candidate"


class CountPick(Stage):
    """The n-th candidate counting in reading (or reverse reading) order, wrapping round.

    The candidates are taken in the order given (reading order); ``reverse`` counts from
    the last. With n larger than the number of candidates the count wraps round.
    """

    kind = "count_pick"
    picks = True

    def __init__(self, name: str, n: int, reverse: bool = False) -> None:
        super().__init__(name)
        if n < 1:
            raise ValueError("CountPick needs n >= 1")
        self.n = n
        self.reverse = reverse

    def apply(self, items: list[Any]) -> tuple[list[Any], str]:
        if not items:
            return [], ""
        order = list(reversed(items)) if self.reverse else list(items)
        index = (self.n - 1) % len(order)
        arrow = "←" if self.reverse else "→"
        return [order[index]], f"{arrow}{self.n}"


class RandomPick(Stage):
    """A uniform random candidate from the game's generator."""

    kind = "random"
    picks = True

    def __init__(self, name: str, rng: Rng) -> None:
        super().__init__(name)
        self.rng = rng

    def apply(self, items: list[Any]) -> tuple[list[Any], str]:
        return ([self.rng.choice(items)], "random") if items else ([], "")


class ProxyChoice(Stage):
    """Leave the remaining candidates to a person's free choice."""

    kind = "proxy_choice"
    picks = True

    def apply(self, items: list[Any]) -> tuple[list[Any], str]:
        return items, "the person decides"


def select(candidates: Sequence[Any], steps: Sequence[Stage]) -> Selection:
    """Run ``steps`` over ``candidates`` (rules-model §E.1).

    A step that leaves nothing acts by its ``on_empty``: ``skip`` keeps the previous
    candidates, ``fail`` raises :class:`SelectionFailed`, ``empty`` ends with nothing.
    Once a single candidate is left only pick steps still run.
    """
    items = list(candidates)
    result = Selection(candidates=list(candidates), remaining=items)
    for step in steps:
        if len(items) <= 1 and not step.picks:
            continue
        kept, note = step.apply(items)
        if not kept:
            if step.on_empty == "skip":
                result.trace.append(Trace(step.name, step.kind, items, "nothing matched: skipped"))
                continue
            result.trace.append(Trace(step.name, step.kind, [], "nothing matched"))
            if step.on_empty == "fail":
                raise SelectionFailed(step.name)
            result.remaining = []
            return result
        items = kept
        result.trace.append(Trace(step.name, step.kind, kept, note))
        if isinstance(step, ProxyChoice) and len(kept) > 1:
            result.needs_choice = True
    result.remaining = items
    return result
