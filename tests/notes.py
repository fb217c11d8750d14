"""What a test run notes as it goes, for its closing lines (``tests/conftest.py`` prints them,
gathered from every process of the run)."""

from __future__ import annotations

import re
from collections import Counter

TALLY: Counter[str] = Counter()
"""Hostile inputs tried, by category."""

ENGINE_SECONDS: dict[str, float] = {}
"""Wall time of each engine's smoke run (launch to close)."""

RETRIED: list[str] = []
"""Loads done again because WebKitWebDriver stopped answering right after one (a known stall
of the driver, with the page idle: seen about once in eight runs)."""


RERUN_CAUSES: dict[str, tuple[str, ...]] = {
    # Chromium's renderer died under a test: seen about once in a hundred page loads of a full
    # run on a 2-core machine, at Pyodide's start, in tests that pass alone.
    "after a browser crash": ("Target crashed",
                              "Target page, context or browser has been closed"),
    # A page load that did not come (a navigation that timed out or was aborted, an engine
    # not ready within a minute): seen in CI (stop 53) three times at once, in two processes,
    # near the end of a run, in tests that pass alone and passed in every run here.
    "after a load that stalled": (
        r"Page\.(goto|reload|go_back|go_forward|wait_for_url): "
        r"(Timeout \d+ms exceeded|net::ERR_ABORTED)",
        r'waiting for locator\("body\[data-py-ready\]"\)'),
}
"""Why an end-to-end test may run again (at most twice), by the error it failed with: the
machine or the browser failed under it, not the app. Every other failure is a failure, and a
run that needs more than ``RETRY_LIMIT`` runs again fails (``tests/conftest.py``)."""

RERUN_ON = [pattern for patterns in RERUN_CAUSES.values() for pattern in patterns]
"""Every error an end-to-end test runs again after (pytest-rerunfailures' ``only_rerun``)."""


def rerun_cause(error: str) -> str:
    """Why a test that failed with ``error`` was run again (its :data:`RERUN_CAUSES` entry)."""
    return next((cause for cause, patterns in RERUN_CAUSES.items()
                 if any(re.search(p, error) for p in patterns)), "after a failure")
