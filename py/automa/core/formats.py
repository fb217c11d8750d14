"""Versioned formats and their migrations: what a player keeps opens after every update.

Everything the app keeps between versions has a format with a version: the save envelope
(:data:`automa.core.saveformat.SAVE`), each game's state layout (``game.<id>``), the browser
storage layout, decks, settings and the terminal's autosave folder. A value written by an
earlier version is read through that format's **migrations**: small pure functions, one per
version step (``vN → vN+1``), applied in order. A migration never drops data silently: what
it cannot carry over it names in :attr:`Migrated.lost` (translated message references), and
the reader keeps the original for export. A value of a *newer* version than this app knows
is refused (:class:`NewerFormat`), never overwritten.

Adding a format change is one more function at the end of a format's list, with a test
that shows its literal before and after, and a corpus folder of the release that made it
(``tests/corpus/``): the tests fail if a migration is never exercised by a corpus.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from automa.core.errors import AutomaError
from automa.core.numbers import describe
from automa.core.records import MessageRef


@dataclass
class Migrated:
    """A value brought to a newer version, and what could not be carried over."""

    value: Any
    lost: list[MessageRef] = field(default_factory=list)


Migration = Callable[[Any], Migrated]
"""One migration ``vN → vN+1``: pure (the value given is never changed)."""


class NewerFormat(AutomaError):
    """Something written by a newer version of the app: it is not read and never written
    over (the app asks to be updated or reloaded)."""

    key = "error.format.newer"


class Format:
    """One kept format: its name, the oldest version its migrations start from, and the
    ordered migrations from there to the current version."""

    def __init__(self, name: str, steps: Sequence[Migration], first: int = 1, *,
                 test_ahead: bool = False) -> None:
        self.name = name
        self.first = first
        """The oldest version the migrations read (older ones are the owner's business)."""
        self.test_ahead = test_ahead
        """Whether a build made ``ahead`` (for tests) claims more versions of this one."""
        self.steps: list[Migration] = list(steps)
        """``steps[i]`` migrates version ``first + i`` to ``first + i + 1``."""
        ALL[name] = self

    @property
    def current(self) -> int:
        """The version this app writes (more in a build made ``ahead`` for tests)."""
        return self.first + len(self.steps) + (ahead() if self.test_ahead else 0)

    def check(self, version: Any) -> int:
        """``version`` as read (a missing one is :attr:`first`); :class:`NewerFormat` if
        this app cannot know it."""
        if version is None:
            return self.first
        if isinstance(version, bool) or not isinstance(version, int) or version < 1:
            raise NewerFormat(format=self.name, version=describe(version),
                              supported=self.current)
        if version > self.current:
            raise NewerFormat(format=self.name, version=version, supported=self.current)
        return version

    def upgrade(self, value: Any, version: Any) -> Migrated:
        """``value`` of ``version`` migrated to :attr:`current`, with what was lost."""
        start = self.check(version)
        lost: list[MessageRef] = []
        for step in self.steps[max(0, start - self.first):]:
            done = step(value)
            value = done.value
            lost.extend(done.lost)
        return Migrated(value, lost)


ALL: dict[str, Format] = {}
"""Every format registered (by the modules that own them)."""


@cache
def build_info() -> dict[str, Any]:
    """What the build stamped into the engine (``automa/_data/build.json``): the app's
    version ``stamp`` and, in test builds only, ``ahead``. Empty outside a build."""
    from automa.core.paths import data_root

    try:
        found = json.loads((data_root() / "build.json").read_text())
    except (OSError, ValueError):
        return {}
    return found if isinstance(found, dict) else {}


def ahead() -> int:
    """How many versions a test build claims beyond the real ones (0 in every release):
    two builds of one commit can then play an old and a new version side by side."""
    value = build_info().get("ahead", 0)
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 0


def stamp() -> str:
    """The app's version stamp ("dev" outside a build)."""
    value = build_info().get("stamp")
    return value if isinstance(value, str) else "dev"


def built_versions() -> dict[str, int] | None:
    """The version of every format this app writes, as the build wrote them down (so the
    page need not import every game to know them); None outside a build. The modules that
    own the formats are named in :mod:`automa.app.versions`, above them."""
    built = build_info().get("versions")
    if isinstance(built, dict):
        return {str(k): v for k, v in built.items() if isinstance(v, int)}
    return None


def current_versions() -> dict[str, int]:
    """The version of every format registered so far (by the modules imported)."""
    return {name: fmt.current for name, fmt in sorted(ALL.items())}


def newer_than_mine(stored: Any, mine: Mapping[str, int]) -> bool:
    """Whether ``stored`` (another version's :func:`versions`, untrusted) names a format
    newer than this app's, or one this app does not know."""
    if not isinstance(stored, dict):
        return False
    return any(isinstance(v, int) and not isinstance(v, bool) and v > mine.get(k, 0)
               for k, v in stored.items())


def same_layout(value: Any) -> Migrated:
    """A version step that changed the rules, not the layout of what is kept: the value as
    it is (a game's saved state whose questions changed: its action log migrates instead,
    :mod:`automa.core.actionlog`)."""
    return Migrated(value)


def stamped(value: Mapping[str, Any], version: int) -> Migrated:
    """``value`` with its version field set (a migration that only adds the version)."""
    return Migrated({**value, "v": version})
