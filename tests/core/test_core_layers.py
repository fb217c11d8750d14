"""Each layer imports only the layers below it: core, games, render, app (the README's
layout); no module is found by a name built at run time outside the games' registry."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "py" / "automa"
BELOW_APP = ("core", "games", "render")
FLOOR = {"core": 1, "games": 2, "files": 2, "render": 3, "app": 4, "terminal_io": 5,
         "terminal": 5, "cli": 5, "cli_records": 6, "__main__": 6}
"""The floors of the README's layout (``automa`` itself, the public API, is on floor 2)."""
REGISTRY = {("core/game.py", "automa.games")}
"""The one name that runs upward, by design: the core's registry loads the games."""


def named_modules(module: Path) -> Iterator[str]:
    """Every ``automa`` module that ``module`` imports, or names in a string of its code (a
    name ``importlib`` could load), whole: ``automa.app.saves``."""
    for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and re.fullmatch(
                r"automa(\.[a-z_]\w*)+", node.value):
            yield node.value


def floor_of(name: str) -> int | None:
    parts = name.split(".")
    return 2 if parts == ["automa"] else FLOOR.get(parts[1]) if parts[0] == "automa" else None


@pytest.mark.parametrize("layer", [*BELOW_APP, "app"])
def test_no_module_names_a_module_above_its_floor_even_by_a_string(layer: str) -> None:
    """Plain imports, and names handed to ``importlib`` (``core/formats.py`` once loaded the
    app's formats by name: their owners are now listed in ``automa/app/versions.py``)."""
    for module in (PACKAGE / layer).rglob("*.py"):
        where = module.relative_to(PACKAGE).as_posix()
        for name in named_modules(module):
            floor = floor_of(name)
            assert floor is None or floor <= FLOOR[layer] or (where, name) in REGISTRY, (
                where, name)


@pytest.mark.parametrize("layer", BELOW_APP)
def test_nothing_below_the_page_layer_imports_it(layer: str) -> None:
    """The card renderers draw their icons from ``render/icons.py``, not from the app."""
    for module in (PACKAGE / layer).rglob("*.py"):
        text = module.read_text(encoding="utf-8")
        assert not re.search(r"^\s*(from|import) automa\.app\b", text, re.M), module


def test_the_app_imports_its_renderers_plainly() -> None:
    """The tiebreak-pattern hook is part of ``CardRenderer``; no ``importlib`` lookups."""
    for module in (PACKAGE / "app").rglob("*.py"):
        assert "importlib" not in module.read_text(encoding="utf-8"), module


def test_a_board_scan_pattern_is_drawn_by_the_games_renderer_if_it_draws_them() -> None:
    import automa.render as cards
    from automa.games.tapestry import data

    pattern = data.pattern_of_card(1)
    svg = cards.pattern_svg("tapestry", pattern, "uk")
    assert svg is not None and svg.startswith("<svg")
    assert cards.pattern_svg("civ_new_dawn", pattern) is None
    assert cards.pattern_svg("demo", pattern) is None  # no renderer at all
