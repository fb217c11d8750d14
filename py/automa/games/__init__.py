"""One package or module per game; importing this package registers them all.

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

for _module in sorted(m.name for m in pkgutil.iter_modules(__path__)):
    if not _module.startswith("_"):
        importlib.import_module(f"{__name__}.{_module}")


class _CallableModule(types.ModuleType):
    def __call__(self) -> list[dict[str, Any]]:
        from automa.core.game import registered

        return [g.to_json() for _, g in sorted(registered().items())]


sys.modules[__name__].__class__ = _CallableModule
