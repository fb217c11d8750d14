"""The engine's start-up snapshot (``web/pyodide/boot.mjs``): made on the device once the page
is idle, a reopened page starts from it and plays on; a short, foreign or refused one in the
browser's storage never stops the app from starting."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, BrowserType, Page

from tests.e2e.conftest import launch
from tests.e2e.helpers import answer, game_state, open_app, start_game, wait_ready

pytestmark = pytest.mark.e2e
WAIT_MADE_MS = 180_000
STATE_JS = "window.automaShell.snapshot"
# Puts, where this build's snapshot goes, ``size`` bytes of memory (all 7s, one run, packed as
# snapshot-worker.mjs packs) under the given headers (a length of -1: the packed length).
PUT_JS = """async ([size, length, pyodide, stamp]) => {
  const cache = await caches.open('automa-snapshot');
  for (const request of await cache.keys()) await cache.delete(request);
  const build = encodeURIComponent(stamp ?? automaShell.stamp);
  const url = new URL('./pyodide/snapshot.bin?build=' + build, location.href).href;
  const packed = new Uint8Array(16 + size).fill(7);
  const view = new DataView(packed.buffer);
  [size, 1, 0, size].forEach((n, i) => view.setUint32(4 * i, n, true));
  const headers = { 'x-length': length === '-1' ? String(packed.length) : length,
                    'x-pyodide': pyodide, 'x-format': 'pages-1' };
  await cache.put(url, new Response(packed, { headers }));
}"""
VERSION_JS = "import('./pyodide/pyodide.mjs').then((m) => m.version)"


@pytest.fixture
def tab(chromium: BrowserType, tmp_path: Path, base_url_app: str) -> Iterator[Page]:
    """A tab in a profile of its own (its own Cache Storage), the app open."""
    context: BrowserContext = launch(chromium, tmp_path / "profile")
    page = context.pages[0] if context.pages else context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    open_app(page, base_url_app)
    yield page
    context.close()
    assert not errors, errors


def made(page: Page) -> None:
    """Wait until the page made its snapshot."""
    page.wait_for_function(f"{STATE_JS} === 'made' || {STATE_JS} === 'failed'",
                           timeout=WAIT_MADE_MS)
    assert page.evaluate(STATE_JS) == "made"


def reopen(page: Page) -> str:
    """Reload the page; how its engine started."""
    page.reload()
    wait_ready(page, timeout=120_000)
    return str(page.evaluate(STATE_JS))


def test_a_reopened_game_starts_from_the_snapshot_made_on_the_device_and_plays_on(
        tab: Page) -> None:
    assert tab.evaluate(STATE_JS) in ("none", "making")
    start_game(tab, "tapestry", seed=3)
    for _ in range(3):
        answer(tab)
    before = game_state(tab)
    made(tab)
    assert tab.evaluate("window.automaShell.snapshotBytes") > 1_000_000
    assert reopen(tab) == "used"
    assert game_state(tab) == before
    assert answer(tab) is not None
    tab.click("#undo")
    assert game_state(tab) == before
    assert reopen(tab) == "used"


def test_a_short_snapshot_or_one_of_another_pyodide_is_dropped_and_made_again(tab: Page) -> None:
    version = tab.evaluate(VERSION_JS)
    tab.evaluate(PUT_JS, [1000, "999", version, None])
    assert reopen(tab) == "dropped"
    made(tab)
    tab.evaluate(PUT_JS, [1000, "-1", "0.0.1", None])
    assert reopen(tab) == "dropped"


def test_a_snapshot_pyodide_refuses_is_never_made_again_for_this_build(tab: Page) -> None:
    version = tab.evaluate(VERSION_JS)
    tab.evaluate(PUT_JS, [4096, "-1", version, None])
    assert reopen(tab) == "refused"
    start_game(tab, "civ_new_dawn", seed=2)
    assert answer(tab) is not None
    assert reopen(tab) == "refused"
    tab.wait_for_timeout(6000)
    assert tab.evaluate(STATE_JS) == "refused"  # (no worker started)


def test_the_snapshot_of_another_build_is_never_read(tab: Page) -> None:
    version = tab.evaluate(VERSION_JS)
    tab.evaluate(PUT_JS, [4096, "-1", version, "another-build"])
    assert reopen(tab) in ("none", "making")


def test_a_snapshot_not_read_in_time_is_not_waited_for(tab: Page) -> None:
    start_game(tab, "glory_of_civilizations", seed=4)
    answer(tab)
    before = game_state(tab)
    made(tab)
    tab.context.add_init_script("window.automaSnapshotWait = 0")  # the reader's answer comes late
    assert reopen(tab) in ("none", "making")  # started without it, as a first visit does
    assert game_state(tab) == before
    assert answer(tab) is not None


def test_snapshot_runs_that_do_not_fit_the_memory_are_dropped(tab: Page) -> None:
    version = tab.evaluate(VERSION_JS)
    tab.evaluate(PUT_JS, [1000, "-1", version, None])
    tab.evaluate("""async () => {  // the one run made to end past the memory's length
      const cache = await caches.open('automa-snapshot');
      const [request] = await cache.keys();
      const response = await cache.match(request);
      const packed = new Uint8Array(await response.arrayBuffer());
      new DataView(packed.buffer).setUint32(8, 64, true);
      await cache.put(request, new Response(packed, { headers: response.headers }));
    }""")
    assert reopen(tab) == "dropped"
