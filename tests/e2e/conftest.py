"""End-to-end fixtures: ``dist/`` served on 127.0.0.1 under a sub-path, one Chromium profile.

Debian's ``/usr/bin/chromium`` is driven by Playwright (never ``playwright install``). Host
names other than 127.0.0.1 do not resolve, and every request of every test is recorded: a test
fails if any went elsewhere. One persistent profile is shared by the tests (as a phone keeps
its browser): the service worker and the caches make every load after the first a warm one,
and installability is only reported outside incognito.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, BrowserType, Page, sync_playwright

from buildsteps.common import DIST, PREFIX
from buildsteps.pipeline import build
from buildsteps.serve import make_server
from tests.e2e.helpers import dist_games
from tests.notes import RERUN_ON

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--disable-default-apps",
                 "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
LOCAL_SCHEMES = ("data:", "blob:", "about:")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every end-to-end test runs again if the browser or the machine, not the app, failed
    under it (:data:`tests.notes.RERUN_CAUSES`)."""
    for item in items:
        if item.get_closest_marker("e2e"):
            item.add_marker(pytest.mark.flaky(reruns=2, only_rerun=RERUN_ON))


@pytest.fixture(scope="session")
def base_url_app() -> Iterator[str]:
    """The app's URL, e.g. ``http://127.0.0.1:PORT/automa-companion/``."""
    dist_games()
    server = make_server(DIST, port=0, quiet=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}{PREFIX}"
    server.shutdown()


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh build of the app, apart from ``dist/`` (for the tests that read the build)."""
    dist = tmp_path_factory.mktemp("dist")
    build(dist, quiet=True)
    return dist


@pytest.fixture(scope="session")
def requests_seen() -> list[str]:
    """Every URL any page or worker asked for, in order."""
    return []


@pytest.fixture(scope="session")
def chromium() -> Iterator[BrowserType]:
    """Playwright's Chromium browser type (for a test that needs a profile of its own:
    launch it with :func:`launch`)."""
    with sync_playwright() as play:
        yield play.chromium


def launch(chromium: BrowserType, profile: Path, **options: Any) -> BrowserContext:
    """A persistent, phone-sized Chromium profile in folder ``profile`` (Debian's Chromium);
    ``options`` as Playwright's ``launch_persistent_context`` takes them."""
    return chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True,
        viewport={"width": 390, "height": 844}, accept_downloads=True, **options)


@pytest.fixture(scope="session")
def browser_context(chromium: BrowserType, base_url_app: str, requests_seen: list[str],
                    tmp_path_factory: pytest.TempPathFactory) -> Iterator[BrowserContext]:
    """One persistent Chromium profile for the whole run, phone-sized."""
    context = launch(chromium, tmp_path_factory.mktemp("chromium-profile"))
    context.on("request", lambda request: requests_seen.append(request.url))
    yield context
    context.close()


@pytest.fixture
def page(browser_context: BrowserContext, base_url_app: str,
         requests_seen: list[str]) -> Iterator[Page]:
    """A fresh tab; after the test, no request may have left 127.0.0.1."""
    start = len(requests_seen)
    tab = browser_context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    yield tab
    tab.close()
    origin = base_url_app.split(PREFIX)[0] + "/"
    foreign = [u for u in requests_seen[start:]
               if not u.startswith(origin) and not u.startswith(LOCAL_SCHEMES)]
    assert not foreign, f"requests to other hosts: {foreign}"
    assert not errors, f"errors in the page: {errors}"
