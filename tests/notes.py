"""What a test run notes as it goes, for its closing lines (``tests/conftest.py`` prints them,
gathered from every process of the run)."""

from __future__ import annotations

from collections import Counter

TALLY: Counter[str] = Counter()
"""Hostile inputs tried, by category."""

ENGINE_SECONDS: dict[str, float] = {}
"""Wall time of each engine's smoke run (launch to close)."""

RETRIED: list[str] = []
"""Loads done again because WebKitWebDriver stopped answering right after one (a known stall
of the driver, with the page idle: seen about once in eight runs)."""
