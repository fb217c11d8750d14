"""Issue 32, point 2: a release ships only what passed. The Pages workflow deploys only a
commit whose tests passed (its build and deploy jobs need the test job, which is the CI
workflow run on the same commit), and the CI workflow runs the test command on every push
and pull request. (Read as text: the test tools have no YAML parser.)"""

from __future__ import annotations

import re
from pathlib import Path

WORKFLOWS = Path(__file__).resolve().parents[1] / ".github" / "workflows"


def jobs(text: str) -> dict[str, str]:
    """Each job's name and its lines (the jobs are indented by two spaces under ``jobs:``)."""
    body = text.split("\njobs:\n", 1)[1]
    parts = re.split(r"^  ([a-z_-]+):\n", body, flags=re.M)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


def needs(job: str) -> set[str]:
    """The jobs a job's ``needs:`` names (one name or a list)."""
    found = re.search(r"^    needs: \[?([^\]\n]*)\]?$", job, re.M)
    return {n.strip() for n in found[1].split(",")} if found else set()


def test_pages_deploys_only_a_commit_whose_tests_passed() -> None:
    pages = jobs((WORKFLOWS / "pages.yml").read_text())
    assert "uses: ./.github/workflows/ci.yml" in pages["test"]
    assert "test" in needs(pages["build"])
    assert {"test", "build"} <= needs(pages["deploy"])


def test_ci_runs_the_test_command_on_every_push_and_pull_request() -> None:
    text = (WORKFLOWS / "ci.yml").read_text()
    triggers = text.split("\non:\n", 1)[1].split("\n\n", 1)[0]
    assert {"push", "pull_request", "workflow_call"} <= set(re.findall(r"^  ([a-z_]+):", triggers,
                                                                       re.M))
    assert "run: bash test.sh" in jobs(text)["test"]
