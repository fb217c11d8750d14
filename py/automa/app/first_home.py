"""Home as a first visit sees it, drawn by the build (``buildsteps/page.py``) with the app's
own controller over an empty storage, one per language, and put in the page: the loading
shell (``web/index.html``) paints it at once, before the engine has started, when nothing
in the page's storage makes Home look any other way (:data:`SHOWN_UNLESS`). It is inert
until the engine draws its own Home; a tap on a game is kept (:data:`EARLY_ACTIONS`) and
carried out once the engine is ready (:func:`early_form`), the same way as a tap on a saved
game's stored screen (:mod:`automa.app.screens`).
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable, Mapping
from typing import Any

from automa.app.answers import PageForm
from automa.app.saves import HELD_PREFIX, KEY_INDEX, SAVE_PREFIX
from automa.app.storage import CARRY_PREFIX

HOME_KEY = "home"
"""The ``key`` of a tap kept on the build's Home (a stored play screen's is its question's)."""
EARLY_ACTIONS = ("new",)
"""The taps on the build's Home kept for the engine: a game's tile (its New game form)."""
SHOWN_UNLESS = (KEY_INDEX, SAVE_PREFIX, HELD_PREFIX, CARRY_PREFIX)
"""The storage keys (prefixes) that change Home: a storage holding none of them shows the
build's Home (settings change only its language, and the shell picks that one)."""


class EmptyStorage:
    """A storage with nothing in it, as on a first visit (what is written stays in memory)."""

    def __init__(self) -> None:
        self.data: dict[str, str] = {}

    def get(self, key: str) -> str | None:
        """The value of ``key``, or ``None``."""
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        """Write ``value`` (in memory)."""
        self.data[key] = value

    def remove(self, key: str) -> None:
        """Remove ``key``."""
        self.data.pop(key, None)

    def keys(self) -> list[str]:
        """Every key present."""
        return list(self.data)


def first_home(lang: str) -> str:
    """The markup of ``#app`` as the engine draws Home on a first visit in ``lang``: the
    banner and notices (none) and Home."""
    from automa.app.controller import Controller  # (the controller imports this module)

    date: Callable[[float], str] = lambda _ms: ""  # noqa: E731 (no saves: no dates)
    c = Controller(EmptyStorage(), lambda: 0.0, lang, date)
    screen = c.route("#/")
    c.shown(screen.name)
    banner, notices = c.chrome()
    return str(banner + notices + screen.body)


def first_homes(languages: Iterable[str]) -> dict[str, str]:
    """The build's Home in each of ``languages``."""
    return {lang: first_home(lang) for lang in languages}


def early_form(tap: Mapping[str, Any], games: Container[str]) -> PageForm | None:
    """The form of a tap kept on the build's Home, if it is one that Home offers (a game the
    app has); None otherwise."""
    if tap.get("key") != HOME_KEY or tap.get("act") not in EARLY_ACTIONS:
        return None
    arg = tap.get("arg")
    return {} if isinstance(arg, str) and arg in games else None
