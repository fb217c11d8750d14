"""The test run's own rules (issue 50 item 3): a run that has to do more than
``RETRY_LIMIT`` things again fails and says so, one within it passes and names them; the
time per family of tests is in the closing lines."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tests.conftest import RETRY_LIMIT, family
from tests.notes import RERUN_ON, rerun_cause

ROOT = Path(__file__).resolve().parent.parent

pytest_plugins = ["pytester"]

CRASHING = '''
import pytest
from pathlib import Path

@pytest.mark.flaky(reruns=2, only_rerun=["Target crashed"])
@pytest.mark.parametrize("n", range({n}))
def test_crashes_once(n, tmp_path_factory):
    mark = tmp_path_factory.getbasetemp().parent / f"crashed-{{n}}"
    if not mark.exists():
        mark.write_text("")
        raise RuntimeError("Target crashed")
'''


def run(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch,
        crashes: int) -> pytest.RunResult:
    """An inner run with this suite's hooks, of ``crashes`` tests that crash once each."""
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(
        [str(ROOT / "py"), str(ROOT), os.environ.get("PYTHONPATH", "")]))
    pytester.makeconftest("from tests.conftest import *  # noqa: F403\n")
    pytester.makepyfile(test_crash=CRASHING.format(n=crashes))
    return pytester.runpytest_subprocess("-p", "no:cacheprovider", "-p", "no:xdist")


def test_a_run_that_needs_more_than_the_limit_of_runs_again_fails_and_says_so(
        pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    result = run(pytester, monkeypatch, RETRY_LIMIT + 1)
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines([f"run again ({RETRY_LIMIT + 1}, more than {RETRY_LIMIT}: "
                                 "the run FAILS): after a browser crash: *"])


def test_a_run_within_the_limit_passes_and_names_what_ran_again(
        pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    result = run(pytester, monkeypatch, RETRY_LIMIT)
    assert result.ret == pytest.ExitCode.OK
    result.stdout.fnmatch_lines([f"run again ({RETRY_LIMIT}, within the limit of *"])
    result.stdout.fnmatch_lines(["test time per family (of * s in all processes): crash *"])


def test_a_test_belongs_to_its_folder_or_for_a_top_level_file_to_its_subject() -> None:
    assert family("tests/e2e/test_app.py::test_x[chromium-en]") == "e2e"
    assert family("tests/test_conformance.py::test_random_play[tapestry-0]") == "conformance"


@pytest.mark.parametrize("error,cause", [
    # the three failures of CI's run of stop 53, as Playwright wrote them
    ('TimeoutError: Page.wait_for_selector: Timeout 60000ms exceeded.\nCall log:\n'
     '  - waiting for locator("body[data-py-ready]")', "after a load that stalled"),
    ("Error: Page.goto: net::ERR_ABORTED at http://127.0.0.1:35071/automa-companion/icons/"
     'icon.svg\nCall log:\n  - navigating to "http://127.0.0.1:35071/automa-companion/'
     'icons/icon.svg", waiting until "commit"', "after a load that stalled"),
    ('TimeoutError: Page.goto: Timeout 30000ms exceeded.\nCall log:\n  - navigating to '
     '"http://127.0.0.1:45681/automa-companion/", waiting until "load"',
     "after a load that stalled"),
    ("Error: Page.click: Target crashed", "after a browser crash"),
])
def test_a_browser_or_machine_failure_is_run_again_and_named(error: str, cause: str) -> None:
    assert rerun_cause(error) == cause
    assert any(re.search(pattern, error) for pattern in RERUN_ON)


@pytest.mark.parametrize("error", [
    # what the app itself got wrong is never run again
    'TimeoutError: Page.wait_for_selector: Timeout 30000ms exceeded.\nCall log:\n'
    '  - waiting for locator("#prompt") to be visible',
    "AssertionError: errors in the page: ['TypeError: x is undefined']",
    "Error: Page.goto: net::ERR_FILE_NOT_FOUND",
])
def test_a_failure_of_the_app_is_never_run_again(error: str) -> None:
    assert not any(re.search(pattern, error) for pattern in RERUN_ON)
