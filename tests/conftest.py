"""Shared test set-up: the demo game for core tests, autosaves in a temporary folder.

The engine (``py/``) and the ``tests`` package (from the repository root) are on the path
through ``pythonpath`` in pyproject.toml."""

from __future__ import annotations

import pytest

from tests import demo_game

demo_game.ensure_registered()


@pytest.fixture(autouse=True)
def _terminal_autosaves_in_tmp(tmp_path_factory: pytest.TempPathFactory,
                               monkeypatch: pytest.MonkeyPatch) -> None:
    """The terminal autosaves every game: in tests, never into the user's data folder."""
    monkeypatch.setenv("AUTOMA_DATA_DIR", str(tmp_path_factory.mktemp("automa-data")))
