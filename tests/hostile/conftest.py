"""Hostile-input tests: helpers on the path, autosaves in a temporary folder, and a tally
of every hostile input tried, printed at the end of the run."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from hostile_support import TALLY  # noqa: E402


@pytest.fixture(autouse=True)
def _autosave_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AUTOMA_DATA_DIR", str(tmp_path / "data"))


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """How many hostile inputs of each kind were tried."""
    if TALLY:
        terminalreporter.write_sep("-", "hostile inputs tried")
        for kind, n in sorted(TALLY.items()):
            terminalreporter.write_line(f"{kind}: {n}")
