"""Hostile-input tests: autosaves in a temporary folder (the tally of hostile inputs tried is
``tests.notes.TALLY``)."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _autosave_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AUTOMA_DATA_DIR", str(tmp_path / "data"))
