"""Issue 25, point 5: a new version never takes over by itself. Once installed it waits; the
app says an update is ready and reloads on the player's word, or at the next safe moment (a
turn of the bots just ended, no procedure open), the game written first: after the reload
the same game is on the same question."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, BrowserType, Error, Page

from buildsteps.common import DIST, PREFIX
from buildsteps.serve import make_server
from buildsteps.stamp import restamp
from tests.e2e.conftest import launch
from tests.e2e.helpers import (
    answer,
    dist_games,
    origin_build,
    save_text,
    serve,
    start_game,
    wait_ready,
)

pytestmark = pytest.mark.e2e


@pytest.fixture
def served() -> Iterator[tuple[Any, str]]:
    dist_games()
    server = make_server(DIST, port=0, quiet=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server, f"http://127.0.0.1:{server.server_address[1]}{PREFIX}"
    server.shutdown()


def controlled_page(chromium: BrowserType, tmp_path: Path, url: str) -> tuple[BrowserContext, Page]:
    """A fresh profile's page of the app, ready and under its service worker."""
    context = launch(chromium, tmp_path / "profile")
    assert isinstance(context, BrowserContext)
    page = context.new_page()
    page.goto(url)
    wait_ready(page)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    return context, page


def publish(server: Any, tmp_path: Path, stamp: str, page: Page, source: Path = DIST,
            until: str = "#update-notice") -> None:
    """Serve a new version (``source`` under ``stamp``) and let the page's worker find it;
    wait until ``until`` shows (the update notice)."""
    restamp(source, tmp_path / stamp, stamp)
    server.dist = tmp_path / stamp
    for _ in range(30):  # (an update check already under way may have read the old one)
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())"
                      ".catch(() => {})")
        try:
            page.wait_for_selector(until, timeout=3_000)
            return
        except Error:
            continue
    raise AssertionError(f"no {until} ({page.evaluate('automaShell.installFailed')})")


def game(page: Page) -> tuple[Any, str]:
    return json.loads(save_text(page))["actions"], page.text_content("#prompt") or ""


def test_an_update_waits_then_reloads_on_the_players_word_or_between_turns(
        served: tuple[Any, str], tmp_path: Path,
        chromium: BrowserType) -> None:
    server, url = served
    context, page = controlled_page(chromium, tmp_path, url)
    first = page.evaluate("automaShell.stamp")
    start_game(page, "tapestry", seed=5)
    answer(page, 0.3)

    publish(server, tmp_path, "test-b", page)
    # the notice names the new version (its worker's), in the player's language
    page.wait_for_selector('#update-notice:has-text("Version test-b of the app is installed")')
    page.wait_for_timeout(500)
    assert page.evaluate("automaShell.stamp") == first  # it waits for the player
    before = game(page)
    with page.expect_navigation():
        page.click("#update-notice button[data-act=reload]")
    wait_ready(page)
    assert page.evaluate("automaShell.stamp") == "test-b"
    # the shell marked the reload (a tab still older right after it says what else to do)
    assert page.evaluate("Date.now() - Number(localStorage.getItem(automaShell.keys.reload))"
                         ) < 60_000
    assert game(page) == before

    publish(server, tmp_path, "test-c", page)
    reloaded = False
    for i in range(60):  # answer on: the app reloads once a turn of the bots ended
        try:
            turn = json.loads(save_text(page))["turn"]
            actions = len(json.loads(save_text(page))["actions"])
            answer(page, 0.37 * i % 1)
            page.wait_for_timeout(50)
            if page.evaluate("automaShell.stamp") == "test-c":
                reloaded = True
        except Error:  # the page is reloading
            reloaded = True
        if reloaded:
            break
    assert reloaded
    wait_ready(page)
    assert page.evaluate("automaShell.stamp") == "test-c"
    after = json.loads(save_text(page))
    assert len(after["actions"]) == actions + 1 and after["turn"] != turn
    context.close()


def test_a_response_another_page_put_in_the_cache_is_never_served(
        served: tuple[Any, str], tmp_path: Path,
        chromium: BrowserType) -> None:
    """Issue 24: any page of the origin can write into its caches (another project on the
    same github.io origin); the worker serves only bytes whose SHA-256 the build wrote."""
    _, url = served
    context, page = controlled_page(chromium, tmp_path, url)
    page.evaluate("""async () => {
        for (const name of await caches.keys()) {
            const cache = await caches.open(name);
            const page = new Response('<p id="foreign">not the app</p>',
                                      {headers: {'content-type': 'text/html'}});
            await cache.put('./', page.clone());
            await cache.put('./index.html', page);
        }
    }""")
    page.reload()
    wait_ready(page)
    assert not page.query_selector("#foreign")
    context.close()


def limit_room(context: BrowserContext, page: Page, spare: int) -> int:
    """Give the origin a quota of what it uses now and ``spare`` bytes more (a phone short of
    room; Chromium's CDP ``Storage.overrideQuotaForOrigin``); what it uses."""
    used = int(page.evaluate("navigator.storage.estimate().then(e => e.usage)"))
    origin = page.evaluate("location.origin")
    context.new_cdp_session(page).send("Storage.overrideQuotaForOrigin",
                                       {"origin": origin, "quotaSize": used + spare})
    return used


def test_an_update_needs_no_room_for_the_old_builds_snapshot(
        tmp_path: Path, chromium: BrowserType) -> None:
    """Attack review 2026-11-29, U1: with 6 MB free beyond the files and the start-up
    snapshot, the next version's worker failed its install (storage full) and no update
    notice ever came; deleting only the snapshot, which the new build never reads, let it
    install at once. The new version's worker deletes it as it installs."""
    older = origin_build(tmp_path / "a", own=True, stamp="test-a")
    server, url = serve(older)
    context, page = controlled_page(chromium, tmp_path, url)
    try:
        page.wait_for_function("['made', 'failed'].includes(automaShell.snapshot)",
                               timeout=180_000)
        assert page.evaluate("automaShell.snapshot") == "made"
        assert limit_room(context, page, 6_000_000) > 25_000_000  # (the files and snapshot)
        publish(server, tmp_path, "test-b", page, older)
        assert page.evaluate("caches.open(automaShell.snapshotCache).then(c => c.keys())"
                             ".then(k => k.length)") == 0
        with page.expect_navigation():
            page.click("#update-notice button[data-act=reload]")
        wait_ready(page)
        assert page.evaluate("automaShell.stamp") == "test-b"
    finally:
        context.close()
        server.shutdown()


def test_an_update_that_could_not_be_installed_is_reported_in_settings(
        tmp_path: Path, chromium: BrowserType) -> None:
    """Attack review 2026-11-29, U1: a failed install was never told. Settings say why (the
    browser's storage full), and the new version's half-filled cache is not left behind."""
    shared = origin_build(tmp_path / "a", own=False, stamp="test-a")
    server, url = serve(shared)
    context, page = controlled_page(chromium, tmp_path, url)
    try:
        page.goto(url + "#/settings")
        page.wait_for_selector("#install-state", state="attached")
        assert page.is_hidden("#install-state")
        limit_room(context, page, 2_000_000)
        publish(server, tmp_path, "test-b", page, shared, until="#install-state")
        assert "could not be installed: the browser’s storage has no room for it" in (
            page.text_content("#install-state") or "")
        assert not page.query_selector("#update-notice")
        names = page.evaluate("caches.keys()")
        assert len([n for n in names if n.startswith("automa-companion-")]) == 1, names
    finally:
        context.close()
        server.shutdown()
