"""Shared test set-up: the demo game for core tests, autosaves in a temporary folder, and the
run's closing notes (hostile inputs tried, smoke time per engine, runs done again), gathered
from every process when the run is shared by several (``pytest -n 2``).

The engine (``py/``) and the ``tests`` package (from the repository root) are on the path
through ``pythonpath`` in pyproject.toml."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import pytest

from tests import demo_game
from tests.notes import ENGINE_SECONDS, RETRIED, TALLY, rerun_cause

demo_game.ensure_registered()


@pytest.fixture(autouse=True)
def _terminal_autosaves_in_tmp(tmp_path_factory: pytest.TempPathFactory,
                               monkeypatch: pytest.MonkeyPatch) -> None:
    """The terminal autosaves every game: in tests, never into the user's data folder."""
    monkeypatch.setenv("AUTOMA_DATA_DIR", str(tmp_path_factory.mktemp("automa-data")))


RETRY_LIMIT = 5
"""Runs done again that a whole run may need: an end-to-end test run again after Chromium's
renderer crashed or a page load stalled under it (:data:`tests.notes.RERUN_CAUSES`), a WebKit
page loaded again after its driver stalled. Past this, the run fails and says so: a machine or
a build that fails this often is itself the failure. (CI once had three stalled loads at
once, stop 53.)"""

_RERUN: list[str] = []
"""The tests run again, each with why, in this process (the one that reports)."""

_FAMILY_SECONDS: defaultdict[str, float] = defaultdict(float)
"""Seconds spent per family of tests (see :func:`family`), in this process."""


def family(nodeid: str) -> str:
    """The family a test belongs to: its folder under ``tests/`` (``e2e``, ``hostile``,
    ``age_of_innovation``, ...), or for a file directly in ``tests/`` the file's subject
    (``tests/test_conformance.py`` -> ``conformance``)."""
    parts = nodeid.split("::")[0].split("/")
    if len(parts) > 2:
        return parts[1]
    return parts[-1].removeprefix("test_").removesuffix(".py")


def _is_worker(config: pytest.Config) -> bool:
    return hasattr(config, "workerinput")


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Counts a test run again (pytest-rerunfailures' "rerun") and the time of every phase of
    a test by family, where the run reports."""
    _FAMILY_SECONDS[family(report.nodeid)] += report.duration
    if str(report.outcome) == "rerun":
        _RERUN.append(f"{rerun_cause(str(report.longrepr))}: {report.nodeid}")


def pytest_sessionfinish(session: pytest.Session) -> None:
    """A worker hands its notes to the process that reports; that one applies the limit."""
    config = session.config
    if _is_worker(config):
        out: dict[str, Any] = config.workeroutput  # type: ignore[attr-defined]
        out["notes"] = {"tally": dict(TALLY), "seconds": dict(ENGINE_SECONDS),
                        "retried": list(RETRIED)}
        return
    again = _RERUN + RETRIED
    if len(again) > RETRY_LIMIT and session.exitstatus == 0:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: Any) -> None:
    """(pytest-xdist) A worker's notes, added to this process's."""
    notes = getattr(node, "workeroutput", {}).get("notes")
    if notes:
        TALLY.update(notes["tally"])
        ENGINE_SECONDS.update(notes["seconds"])
        RETRIED.extend(notes["retried"])


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """How many hostile inputs of each kind were tried, how long the cross-engine smoke took
    in each engine, and what had to run again (and whether that was past the limit)."""
    if _is_worker(terminalreporter.config):
        return
    write = terminalreporter.write_line
    if TALLY:
        terminalreporter.write_sep("-", "hostile inputs tried")
        for kind, n in sorted(TALLY.items()):
            write(f"{kind}: {n}")
    if ENGINE_SECONDS:
        write("smoke time per engine: " + ", ".join(
            f"{engine} {seconds:.0f} s" for engine, seconds in ENGINE_SECONDS.items()))
    total = sum(_FAMILY_SECONDS.values())
    if total:
        write(f"test time per family (of {total:.0f} s in all processes): " + ", ".join(
            f"{name} {seconds:.0f} s ({seconds / total:.0%})"
            for name, seconds in sorted(_FAMILY_SECONDS.items(), key=lambda kv: -kv[1])))
    again = _RERUN + RETRIED
    if again:
        verdict = (f"more than {RETRY_LIMIT}: the run FAILS" if len(again) > RETRY_LIMIT
                   else f"within the limit of {RETRY_LIMIT}")
        write(f"run again ({len(again)}, {verdict}): " + "; ".join(
            _RERUN
            + [f"a WebKit load after a driver stall: {w}" for w in RETRIED]))
