"""Issue 25: an older and a newer version of the app at once, in two tabs on one profile.
Two builds of this commit (the second stamped as a newer version whose storage layout is one
ahead) are served one after the other on one origin. The older tab never writes its format
over the newer one: it stops writing, keeps its answer for the newer version and asks for a
reload; the newer tab takes the answer in, and after the reload it is there."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, BrowserType, Page

from buildsteps.common import DIST, PREFIX
from buildsteps.serve import make_server
from buildsteps.stamp import restamp
from tests.e2e.conftest import launch
from tests.e2e.helpers import answer, dist_games, save_text, start_game, wait_ready

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def two_builds(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """This commit's build, and the same restamped as a newer version (storage one ahead)."""
    dist_games()
    newer = tmp_path_factory.mktemp("newer") / "dist"
    restamp(DIST, newer, "test-newer", ahead=1)
    return DIST, newer


@pytest.fixture
def served(two_builds: tuple[Path, Path]) -> Iterator[tuple[Any, str]]:
    """A server of the older build (switch ``server.dist`` to serve the newer one)."""
    server = make_server(two_builds[0], port=0, quiet=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server, f"http://127.0.0.1:{server.server_address[1]}{PREFIX}"
    server.shutdown()


def storage(page: Page) -> dict[str, str]:
    found: dict[str, str] = page.evaluate(
        "() => Object.fromEntries(Object.keys(localStorage)"
        ".map(k => [k, localStorage.getItem(k)]))")
    return found


def header(value: str) -> dict[str, Any]:
    found: dict[str, Any] = json.loads(value.split("\n", 1)[0])
    return found


def test_an_older_tab_writes_nothing_over_a_newer_version_and_loses_no_answer(
        served: tuple[Any, str], two_builds: tuple[Path, Path], tmp_path: Path,
        chromium: BrowserType) -> None:
    server, url = served
    context = launch(chromium, tmp_path / "profile", service_workers="block")
    assert isinstance(context, BrowserContext)
    errors: list[str] = []
    context.on("weberror", lambda e: errors.append(str(e.error)))
    old = context.new_page()
    old.goto(url)
    wait_ready(old)
    start_game(old, "tapestry", seed=5)
    for i in range(3):
        answer(old, 0.3 * i)
    old.wait_for_timeout(400)
    save_id = old.url.split("#/play/")[1]
    key = f"automa.save.{save_id}"
    older_layout = header(storage(old)[key])["v"]

    server.dist = two_builds[1]  # the newer version is published; a second tab opens it
    new = context.new_page()
    new.goto(url + f"#/play/{save_id}")
    wait_ready(new)
    newer = json.loads(storage(new)["automa.format"])
    assert newer["stamp"] == "test-newer" and newer["versions"]["storage"] == older_layout + 1
    assert new.text_content("#prompt") == old.text_content("#prompt")
    old.wait_for_selector("#newer-notice")  # the older tab heard of it at once
    before = storage(old)

    answer(old, 0.6)  # the older tab's answer: kept, not written over the newer storage
    kept = save_text(old)
    old.wait_for_function(f"localStorage.getItem('automa.carry.{save_id}') !== null"
                          f" || localStorage.getItem('{key}') !== {json.dumps(before[key])}")
    after = storage(old)
    assert after[key] == before[key] or header(after[key])["v"] == older_layout + 1
    assert all(header(v)["v"] == older_layout + 1 for k, v in after.items()
               if k.startswith("automa.save.") and v != before.get(k))
    # the newer tab takes the answer in (and writes it in its own layout)
    new.wait_for_function(f"localStorage.getItem('automa.carry.{save_id}') === null")
    new.wait_for_function(
        f"header => (localStorage.getItem('{key}') || '').split('\\n')[0] !== header",
        arg=before[key].split("\n", 1)[0])
    assert header(storage(new)[key])["v"] == older_layout + 1
    assert json.loads(save_text(new))["actions"] == json.loads(kept)["actions"]

    old.click("#newer-notice button[data-act=reload]")  # the older tab reloads
    wait_ready(old)
    assert old.evaluate("automaShell.stamp") == "test-newer"
    assert json.loads(save_text(old))["actions"] == json.loads(kept)["actions"]
    assert old.text_content("#prompt") == new.text_content("#prompt")
    assert not old.query_selector("#newer-notice")
    context.close()
    assert not errors, errors


def test_an_older_tab_answering_on_leaves_no_copy_per_answer_and_stops_once_the_game_changed(
        served: tuple[Any, str], two_builds: tuple[Path, Path], tmp_path: Path,
        chromium: BrowserType) -> None:
    """Attack review 2026-11-29, U3: an older tab answering on at a player's pace after a
    newer version opened the storage left a new saved game per answer. Each answer now goes
    on from the one the newer tab took in; and once the newer version changed the game
    itself, the older tab keeps nothing more and says why."""
    server, url = served
    context = launch(chromium, tmp_path / "profile", service_workers="block")
    assert isinstance(context, BrowserContext)
    old = context.new_page()
    old.goto(url)
    wait_ready(old)
    start_game(old, "tapestry", seed=5)
    answer(old, 0.3)
    old.wait_for_timeout(400)
    save_id = old.url.split("#/play/")[1]
    key = f"automa.save.{save_id}"
    server.dist = two_builds[1]
    new = context.new_page()
    new.goto(url + f"#/play/{save_id}")
    wait_ready(new)
    old.wait_for_selector("#newer-notice")
    saved = "() => Object.keys(localStorage).filter(k => k.startsWith('automa.save.')).sort()"
    for i in range(3):  # a player's pace: the newer tab takes each answer in before the next
        answer(old, 0.3 * i)
        kept = save_text(old)
        new.wait_for_function("([key, text]) => { const v = localStorage.getItem(key) || '';"
                              " return v.slice(v.indexOf('\\n') + 1) === text; }", arg=[key, kept])
        assert new.evaluate(saved) == [key]
    answer(new, 0.5)  # the newer version plays on
    new.wait_for_timeout(400)
    before = storage(old)
    answer(old, 0.5)
    old.wait_for_selector("text=A newer version of the app has changed this game")
    old.wait_for_timeout(400)
    assert storage(old) == before  # nothing carried, no copy
    assert new.evaluate(saved) == [key]
    context.close()
