"""Hostile-input tests: autosaves in a temporary folder, and a tally of every hostile input
tried, printed at the end of the run."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.hostile.hostile_support import TALLY


@pytest.fixture(autouse=True)
def _autosave_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AUTOMA_DATA_DIR", str(tmp_path / "data"))


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """How many hostile inputs of each kind were tried."""
    if TALLY:
        terminalreporter.write_sep("-", "hostile inputs tried")
        for kind, n in sorted(TALLY.items()):
            terminalreporter.write_line(f"{kind}: {n}")
