"""What a memory snapshot of the engine holds: the browser app's modules imported and its data
read, so a reopened page starts from them instead of loading them again.

The page's loader (``web/pyodide/boot.mjs``) makes the snapshot in a worker, off the page,
once per build: a fresh Pyodide, this package unpacked, :func:`prepare` run, the memory
written to the device's Cache Storage. Only what every start would compute the same way may
be in it (no time, no randomness, nothing of the page): modules, catalogs, card data and
the caches a card's drawing fills. The build stamp is read into it too (:func:`made_by`): the
loader compares it with the page's before it runs the engine, so a snapshot of another build
put where this build's belongs is never used.
"""

from __future__ import annotations

import importlib
import pkgutil

import automa
import automa.render as cards
from automa.core import formats, i18n

PACKAGES = ("automa.core", "automa.games", "automa.render", "automa.app")
"""The engine's packages the browser app imports from (the terminal's modules, on top of the
package, are not among them)."""
PAGE_STDLIB = ("asyncio", "base64", "html", "inspect", "io", "json")
"""The standard modules PyScript's own package imports as the page starts."""


def app_modules() -> list[str]:
    """Every module of the engine's :data:`PACKAGES`, package by package."""
    found = [name for package in PACKAGES for name in _modules_of(package)]
    return sorted(found)


def _modules_of(package: str) -> list[str]:
    module = importlib.import_module(package)
    return [package, *(m.name for m in pkgutil.walk_packages(module.__path__, package + "."))]


_made_by = ""


def made_by() -> str:
    """The build stamp this engine's memory was prepared under ("" if :func:`prepare` never
    ran in it)."""
    return _made_by


def prepare(langs: tuple[str, ...] = i18n.LANGUAGES) -> list[str]:
    """Import what the browser app uses and read its data (each catalog of ``langs``, each
    game's cards, by drawing one card of each game) and the build's stamp; the modules
    imported."""
    global _made_by
    _made_by = formats.stamp()
    names = [*PAGE_STDLIB, *app_modules()]
    for name in names:
        importlib.import_module(name)
    for lang in langs:
        i18n.catalog(lang)
        for game in (g["id"] for g in automa.games()):
            if cards.has_renderer(game):
                cards.card_svg(game, cards.deck(game)[0], (), lang)
    return names

