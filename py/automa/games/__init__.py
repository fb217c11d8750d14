"""One package or module per game, registered when imported (:func:`load` one game,
:func:`load_all` every game).

Each game module calls :func:`automa.core.game.register` with its ``GameDef`` when imported
(OpenSpiel's one-file-per-game registry).

``automa.games`` is also the public function listing the games: importing this package
makes the attribute ``automa.games`` the package, so the package itself is made callable
and answers the same as the function.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
import types
from typing import Any


def names() -> list[str]:
    """The game modules of this package (each one game, registered when imported)."""
    return sorted(m.name for m in pkgutil.iter_modules(__path__) if not m.name.startswith("_"))


def load(game_id: str) -> None:
    """Import (and so register) the one game ``game_id``, if this package has it: opening a
    saved game loads only its own rules (the page's start-up)."""
    if game_id in names():
        importlib.import_module(f"{__name__}.{game_id}")


def load_all() -> None:
    """Import (and so register) every game."""
    for name in names():
        importlib.import_module(f"{__name__}.{name}")


class _CallableModule(types.ModuleType):
    def __call__(self) -> list[dict[str, Any]]:
        from automa.core.game import registered

        return [g.to_json() for _, g in sorted(registered().items())]


sys.modules[__name__].__class__ = _CallableModule
