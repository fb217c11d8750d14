"""Shared test set-up: the engine from py/, and the demo game for core tests."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for path in (ROOT / "py", Path(__file__).resolve().parent):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

import demo_game  # noqa: E402

demo_game.ensure_registered()


import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _terminal_autosaves_in_tmp(tmp_path_factory: pytest.TempPathFactory,
                               monkeypatch: pytest.MonkeyPatch) -> None:
    """The terminal autosaves every game: in tests, never into the user's data folder."""
    monkeypatch.setenv("AUTOMA_DATA_DIR", str(tmp_path_factory.mktemp("automa-data")))
