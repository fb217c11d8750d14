"""The play screen's parts on the page: which to replace after a tap, and when.

The play screen is a list of parts, each one element (:func:`automa.app.views.play_parts`).
After a tap the page replaces only the parts that changed: those of the first screen (the
question, its answers, its cards, the checklist) before the next frame, the others (state,
log, print) once that frame is painted — worked out only then (``Screen.rest``), so the
answer is painted sooner. This bookkeeping has no DOM: the page puts up what it is given.
"""

from __future__ import annotations

from collections.abc import Callable

from automa.app.html import Safe
from automa.app.outcome import Screen
from automa.app.views import SUMMARY_PART

Change = tuple[int, Safe]
"""A part to put on the page: its place and its HTML."""


class Parts:
    """The play screen's parts as they are on the page and as they are to be."""

    def __init__(self) -> None:
        self.key: tuple[str, ...] = ()
        """What the parts on the page were drawn for (game, language, notices)."""
        self.shown: list[Safe] = []
        self.wanted: list[Safe] = []
        self.first = 0
        self.rest: Callable[[], list[Safe]] | None = None
        self.new_turn = False
        """Whether the last tap brought the bots' checklist of another turn (then the page
        goes to its top and marks it, though the question may read as before)."""

    def drawn(self, screen: Screen, key: tuple[str, ...]) -> None:
        """The whole screen was put on the page (as one), for ``key`` (game, language,
        notices)."""
        self.shown, self.wanted, self.rest = list(screen.parts), list(screen.parts), None
        self.key = key

    def fits(self, screen: Screen, on_page: int, key: tuple[str, ...]) -> bool:
        """Whether ``screen`` can replace the parts on the page (``on_page`` of them) one by
        one: drawn for the same ``key``, with the same number of parts or its first ones
        and the rest to come."""
        return key == self.key and on_page == len(self.shown) and (
            len(screen.parts) == len(self.shown) or screen.rest is not None)

    def update(self, screen: Screen) -> tuple[list[Change], bool, bool]:
        """Take a tap's screen: the changes to make now (its first screen), whether more
        follow after the frame, and whether the question is new."""
        old, parts = self.shown, screen.parts
        self.first, self.rest = screen.first, screen.rest
        self.wanted = parts + old[len(parts):]
        later = self.rest is not None or parts[self.first:] != old[self.first:]
        new_question = parts[1:2] != old[1:2]  # (before the changes count it as shown)
        turn = slice(SUMMARY_PART, SUMMARY_PART + 1)
        self.new_turn = bool(parts[turn]) and parts[turn] != old[turn]
        return self.changes(range(self.first)), later, new_question

    def later(self) -> list[Change]:
        """Once the first screen is painted: the other parts, worked out now if need be."""
        if self.rest is not None:
            self.wanted = self.wanted[:self.first] + (self.rest() or self.wanted[self.first:])
            self.rest = None
        return self.changes(range(self.first, len(self.wanted)))

    def changes(self, places: range) -> list[Change]:
        """The wanted parts at ``places`` that differ from the page (now counted as shown)."""
        out = []
        for i in places:
            if i < len(self.wanted) and self.wanted[i] != self.shown[i]:
                self.shown[i] = self.wanted[i]
                out.append((i, self.wanted[i]))
        return out
