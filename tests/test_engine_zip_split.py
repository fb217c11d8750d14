"""Which of our modules the engine zip ships as bytecode (those the page imports before its
first screen) and which as stripped source (``buildsteps.engine.lazy_sources``)."""

from __future__ import annotations

import ast

from buildsteps.engine import lazy_sources, module_level_imports

PACKAGE = {
    "automa_app.py": "from automa.app import controller\nimport json\n",
    "automa/__init__.py": '"""The engine."""\n',
    "automa/app/__init__.py": "",
    "automa/app/controller.py": (
        "from typing import TYPE_CHECKING\n"
        "from . import words\n"
        "from ..core.session import Session\n"
        "try:\n    from automa.core import fast\nexcept ImportError:\n    fast = None\n"
        "if TYPE_CHECKING:\n    from automa.games import tapestry\n"
        "def open_game():\n    import automa.games.tapestry  # a game once it opens\n"),
    "automa/app/words.py": "WORDS = 1  # a comment\n",
    "automa/core/__init__.py": "",
    "automa/core/session.py": "class Session:\n    '''A session.'''\n",
    "automa/core/fast.py": "",
    "automa/games/__init__.py": "",
    "automa/games/tapestry.py": '"""Tapestry."""\nimport math  # the bot\n\nVP = 3\n',
}


def test_module_level_imports_resolve_relative_names_and_skip_type_checking() -> None:
    tree = ast.parse(PACKAGE["automa/app/controller.py"])
    found = module_level_imports(tree, "automa.app.controller", package=False)
    assert {"automa.app.words", "automa.core.session", "automa.core.fast"} <= found
    assert {"automa", "automa.app", "automa.core", "typing"} <= found
    assert not any(name.startswith("automa.games") for name in found)


def test_only_what_the_first_screen_does_not_reach_ships_as_stripped_source() -> None:
    entries = [(name, text.encode()) for name, text in PACKAGE.items()]
    later = lazy_sources(entries)
    assert set(later) == {"automa/games/__init__.py", "automa/games/tapestry.py"}
    assert later["automa/games/tapestry.py"] == b"\nimport math\n\nVP = 3\n"


def test_without_a_first_screen_every_module_ships_as_stripped_source() -> None:
    """``FIRST_SCREEN_AS_BYTECODE = False``: 0.12 MB less, compiled at every start."""
    entries = [(name, text.encode()) for name, text in PACKAGE.items()]
    later = lazy_sources(entries, "")
    assert set(later) == set(PACKAGE)
    assert later["automa/core/session.py"] == b"class Session:\n    pass\n"
