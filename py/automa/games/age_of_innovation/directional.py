"""Directional Selection (Automa rulebook p.4) as arithmetic.

The zig-zag arrow on the Support card shows a direction and a number. Counting starts at the
first *valid* option in English reading order (``ltr``: upper-left first) or in reverse reading
order (``rtl``: lower-right first) and wraps round after the last valid option.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, NotRequired, TypedDict, TypeVar

from automa.core.select import CountPick

T = TypeVar("T")


def position(n_valid: int, number: int) -> int:
    """Which valid option (1-based, in the arrow's counting order) the arrow selects: the
    count goes round again past the last valid option.

    >>> position(5, 3), position(3, 4), position(2, 1)
    (3, 1, 1)
    >>> [position(3, number) for number in range(1, 8)]
    [1, 2, 3, 1, 2, 3, 1]
    """
    if n_valid < 1:
        raise ValueError("Directional Selection needs at least one valid option")
    return (number - 1) % n_valid + 1


def pick(options: Sequence[T], direction: str, number: int) -> T:
    """The option selected among ``options`` given in reading order."""
    order = list(options) if direction == "ltr" else list(reversed(options))
    return order[position(len(order), number) - 1]


def count_step(direction: str, number: int) -> CountPick:
    """The selection-pipeline step of the arrow (for logged ``why`` traces)."""
    return CountPick("directional", number, reverse=direction == "rtl")


def reading_index(n_valid: int, direction: str, number: int) -> int:
    """The selected option's 1-based place in plain reading order (upper-left first)."""
    p = position(n_valid, number)
    return p if direction == "ltr" else n_valid - p + 1


class Zigzag(TypedDict):
    """The arrow as a question shows it (``ui["pattern"]``, drawn by the game's renderer):
    walk the valid places from the start corner and take the ``number``-th."""

    kind: Literal["zigzag"]
    direction: str
    """``ltr`` or ``rtl``."""
    number: int
    """The number the Support card shows."""
    start: str
    """The corner the walk starts from."""
    valid: NotRequired[int]
    """How many places are valid, once the player said so."""
    pick: NotRequired[int]
    """Which of them (1-based, in the walk's order) is taken."""
    reading_index: NotRequired[int]
    """… and which in plain reading order."""
    wraps: NotRequired[bool]
    """The count goes round the valid places more than once."""


def pattern(direction: str, number: int, n_valid: int | None = None) -> Zigzag:
    """The zig-zag arrow for the screen: direction, number and, when known, the pick."""
    out: Zigzag = {"kind": "zigzag", "direction": direction, "number": number,
                   "start": "upper_left" if direction == "ltr" else "lower_right"}
    if n_valid is not None:
        out["valid"] = n_valid
        out["pick"] = position(n_valid, number)
        out["reading_index"] = reading_index(n_valid, direction, number)
        out["wraps"] = number > n_valid
    return out
