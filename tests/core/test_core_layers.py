"""Each layer imports only the layers below it: core, games, render, app (the README's
layout); no module is found by a name built at run time outside the games' registry."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "py" / "automa"
BELOW_APP = ("core", "games", "render")


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
