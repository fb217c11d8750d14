"""Each layer imports only the layers below it: core, games, render, app, then the terminal's
modules (the README's layout); no module is found by a name built at run time outside the
games' registry; no import cycle runs at import time."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.code_map import cycles, import_graph, module_name, named_modules

PACKAGE = Path(__file__).resolve().parents[2] / "py" / "automa"
BELOW_APP = ("core", "games", "render")
FLOOR = {"core": 1, "games": 2, "files": 2, "render": 3, "app": 4, "terminal_io": 5,
         "terminal": 5, "cli_records": 5, "cli": 6, "__main__": 6}
"""The floors of the README's layout (``automa`` itself, the public API, is on floor 2; the
command line, ``cli.py``, runs a game on the terminal or shows the records, ``cli_records.py``)."""
REGISTRY: set[tuple[str, str]] = set()
"""No name runs upward: the core's registry loads the games on first use (``find_game``,
``registered``: a saved game loads only its own game's rules) through the loader the package
on top installs (``automa.core.game.load_games_with``), so the core names no game."""


def sources() -> dict[str, str]:
    """Every module of ``py/automa`` by its path under ``py/``."""
    return {p.relative_to(PACKAGE.parent).as_posix(): p.read_text(encoding="utf-8")
            for p in sorted(PACKAGE.rglob("*.py"))}


def floor_of(name: str) -> int | None:
    parts = name.split(".")
    return 2 if parts == ["automa"] else FLOOR.get(parts[1]) if parts[0] == "automa" else None


def test_no_module_names_a_module_above_its_floor_even_by_a_string() -> None:
    """Every module, on every floor: plain imports at the top or inside a function, relative
    imports, ``from`` a package, and names handed to ``importlib`` (``core/formats.py`` once
    loaded the app's formats by name: their owners are now listed in
    ``automa/app/versions.py``)."""
    found = sources()
    modules = {module_name(path) for path in found}
    upward = sorted(
        (path, name) for path, text in found.items()
        for name in set(named_modules(path, text, modules))
        if (floor_of(name) or 0) > (floor_of(module_name(path)) or 0))
    assert upward == sorted(REGISTRY)


def test_the_layer_check_sees_every_way_of_naming_a_module() -> None:
    """A function-level import, ``importlib``'s string (and an f-string's fixed start), a
    relative import and a module imported ``from`` its package are all seen; an import under
    ``if TYPE_CHECKING:`` never runs and is not."""
    modules = {"automa", "automa.app", "automa.app.saves", "automa.games", "automa.games.x",
               "automa.games.x.data", "automa.render", "automa.cli", "automa.files"}
    code = """
from typing import TYPE_CHECKING
from . import data
if TYPE_CHECKING:
    from automa import cli
def later(game: str) -> None:
    from automa.app.saves import SaveStore
    importlib.import_module("automa.render")
    importlib.import_module(f"automa.games.{game}")
from automa import files
"""
    seen = set(named_modules("automa/games/x/state.py", code, modules))
    assert seen == {"automa.games.x.data", "automa.app.saves", "automa.render", "automa.games",
                    "automa.files"}
    at_import = set(named_modules("automa/games/x/state.py", code, modules, module_level=True))
    assert at_import == {"automa.games.x.data", "automa.files"}


def test_no_import_cycle_runs_at_import_time() -> None:
    """The imports that run when a module is imported (not those inside functions, run on
    first use) form no cycle."""
    assert cycles(import_graph(sources(), module_level=True)) == []


def test_the_cycle_check_finds_a_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert cycles(graph) == [["a", "b", "c"]]


@pytest.mark.parametrize("layer", BELOW_APP)
def test_nothing_below_the_page_layer_imports_it(layer: str) -> None:
    """The card renderers draw their icons from ``render/icons.py``, not from the app."""
    for module in (PACKAGE / layer).rglob("*.py"):
        text = module.read_text(encoding="utf-8")
        assert not re.search(r"^\s*(from|import) automa\.app\b", text, re.M), module


def test_the_app_imports_its_renderers_plainly() -> None:
    """The tiebreak-pattern hook is part of ``CardRenderer``; no ``importlib`` lookups (but in
    the start-up snapshot's preparation, whose work is to import every module of the engine)."""
    for module in (PACKAGE / "app").rglob("*.py"):
        if module.name == "snapshot.py":
            continue
        assert "importlib" not in module.read_text(encoding="utf-8"), module


def test_a_board_scan_pattern_is_drawn_by_the_games_renderer_if_it_draws_them() -> None:
    import automa.render as cards
    from automa.games.tapestry import data

    pattern = data.pattern_of_card(1)
    svg = cards.pattern_svg("tapestry", pattern, "uk")
    assert svg is not None and svg.startswith("<svg")
    assert cards.pattern_svg("civ_new_dawn", pattern) is None
    assert cards.pattern_svg("demo", pattern) is None  # no renderer at all
