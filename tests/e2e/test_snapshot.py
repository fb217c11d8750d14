"""The engine's start-up snapshot (``web/pyodide/boot.mjs``): made on the device once the page
is idle, a reopened page starts from it and plays on — only in a build for an origin of its
own; a short, damaged, foreign or refused one in the browser's storage never stops the app
from starting, and the first screen says when the engine started without the one it found.
Attack review 2026-11-29: S1 (a snapshot planted by another page of a shared origin), S2 (a
damaged one), U2 (another build's)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from playwright.sync_api import BrowserContext, BrowserType, Page

from tests.e2e.conftest import launch
from tests.e2e.helpers import (
    answer,
    game_state,
    open_app,
    origin_build,
    serve,
    start_game,
    wait_ready,
)

pytestmark = pytest.mark.e2e
WAIT_MADE_MS = 180_000
STATE_JS = "window.automaShell.snapshot"
SKIPPED = "The game engine started without its start-up snapshot"
# Puts, where this build's snapshot goes, ``size`` bytes of memory (all 7s, one run, packed as
# snapshot-worker.mjs packs) under the given headers (a length of -1: the packed length), with
# the SHA-256 of its bytes.
PUT_JS = """async ([size, length, pyodide, stamp]) => {
  const { sha256 } = await import('./pyodide/snapshot-format.mjs');
  const cache = await caches.open(automaShell.snapshotCache);
  for (const request of await cache.keys()) await cache.delete(request);
  const build = stamp ?? automaShell.stamp;
  const url = new URL('./pyodide/snapshot.bin?build=' + encodeURIComponent(build),
                      location.href).href;
  const packed = new Uint8Array(16 + size).fill(7);
  const view = new DataView(packed.buffer);
  [size, 1, 0, size].forEach((n, i) => view.setUint32(4 * i, n, true));
  const headers = { 'x-length': length === '-1' ? String(packed.length) : length,
                    'x-pyodide': pyodide, 'x-format': 'pages-1', 'x-build': build,
                    'x-sha256': await sha256(packed) };
  await cache.put(url, new Response(packed, { headers }));
}"""
# Changes the stored snapshot's bytes with ``change(packed)`` (a function's source), keeping its
# headers, or with ``headers`` merged into them; ``hash``: its SHA-256 written again to match.
CHANGE_JS = """async ([change, headers, hash]) => {
  const { sha256 } = await import('./pyodide/snapshot-format.mjs');
  const cache = await caches.open(automaShell.snapshotCache);
  const [request] = await cache.keys();
  const response = await cache.match(request);
  const packed = new Uint8Array(await response.arrayBuffer());
  (0, eval)(change)(packed);
  const kept = Object.fromEntries(response.headers.entries());
  if (hash) kept['x-sha256'] = await sha256(packed);
  await cache.put(request, new Response(packed, { headers: { ...kept, ...headers } }));
}"""
FLIP_4KB = "(p) => { const m = p.length >> 1; for (let i = m; i < m + 4096; i++) p[i] ^= 0x5a; }"
VERSION_JS = "import('./pyodide/pyodide.mjs').then((m) => m.version)"
# A page of the same origin that is not the app (another project of a user.github.io site):
# it starts the app's own Pyodide, prepares the engine as the app's worker does, runs Python
# of its own and stores the memory where the app looks for its snapshot, with every header
# the app checks (its stamp, read from the page, and the bytes' SHA-256). Query: python, stamp.
PLANTER = b"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>other</title>
</head><body><p>another page of this origin</p><script type="module">
const ask = new URLSearchParams(location.search);
const { loadPyodide, version } = await import("./pyodide/pyodide.mjs");
const py = await loadPyodide({ indexURL: "./pyodide/", _makeSnapshot: true });
py.unpackArchive(await (await fetch("./pkgs/automa.zip")).arrayBuffer(), "zip",
                 { extractDir: "." });
py.runPython("import automa.app.snapshot as _s; _s.prepare(); del _s\\n" + ask.get("python"));
const memory = py.makeMemorySnapshot();
const packed = new Uint8Array(16 + memory.length);  // one run: the whole memory
[memory.length, 1, 0, memory.length].forEach(
  (n, i) => new DataView(packed.buffer).setUint32(4 * i, n, true));
packed.set(memory, 16);
const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", packed));
const stamp = ask.get("stamp");
const cache = await caches.open("automa-snapshot");
const key = new URL("./pyodide/snapshot.bin?build=" + encodeURIComponent(stamp), location.href);
await cache.put(key.href, new Response(packed, { headers: {
    "x-length": String(packed.length), "x-pyodide": version, "x-format": "pages-1",
    "x-build": stamp, "x-sha256": btoa(String.fromCharCode(...digest)) } }));
document.title = "planted";
</script></body></html>"""
# Python a planted snapshot runs as the app starts: it marks the storage (as the attack's read
# the saves' keys), or makes the start fail.
MARKS_THE_STORAGE = """
import automa.app.controller as _c
_init = _c.Controller.__init__
def _planted(self, kv, *args, **kwargs):
    kv.set("planted", "1")
    _init(self, kv, *args, **kwargs)
_c.Controller.__init__ = _planted
"""
FAILS_THE_START = """
import automa.app.controller as _c
def _planted(self, *args, **kwargs):
    raise RuntimeError("planted")
_c.Controller.__init__ = _planted
"""


@pytest.fixture(scope="module")
def own_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Any, str]]:
    """The app built for an origin of its own (with its start-up snapshot), served with
    another page of the same origin (``other.html``); the server and the app's URL."""
    dist = origin_build(tmp_path_factory.mktemp("own") / "dist", own=True)
    server, url = serve(dist, extra={"other.html": PLANTER})
    yield server, url
    server.shutdown()


@pytest.fixture
def tab(chromium: BrowserType, tmp_path: Path, own_site: tuple[Any, str]) -> Iterator[Page]:
    """A tab in a profile of its own (its own Cache Storage), the app open."""
    context: BrowserContext = launch(chromium, tmp_path / "profile")
    page = context.pages[0] if context.pages else context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    open_app(page, own_site[1])
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


def said_so(page: Page) -> bool:
    """Whether the screen says that the engine started without its snapshot."""
    return SKIPPED in (page.text_content("#app") or "")


def plant(page: Page, base: str, python: str, stamp: str) -> None:
    """Another page of the origin stores a snapshot that runs ``python`` (as the attack did)."""
    page.goto(f"{base}other.html?stamp={quote(stamp)}&python={quote(python)}")
    page.wait_for_function("document.title === 'planted'", timeout=WAIT_MADE_MS)


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
    assert not said_so(tab)
    assert game_state(tab) == before
    assert answer(tab) is not None
    tab.click("#undo")
    assert game_state(tab) == before
    assert reopen(tab) == "used"


def test_a_short_snapshot_or_one_of_another_pyodide_is_dropped_and_made_again(tab: Page) -> None:
    version = tab.evaluate(VERSION_JS)
    tab.evaluate(PUT_JS, [1000, "999", version, None])
    assert reopen(tab) == "dropped"
    assert said_so(tab)
    made(tab)
    tab.evaluate(PUT_JS, [1000, "-1", "0.0.1", None])
    assert reopen(tab) == "dropped"


def test_a_snapshot_pyodide_refuses_is_never_made_again_for_this_build(tab: Page) -> None:
    version = tab.evaluate(VERSION_JS)
    tab.evaluate(PUT_JS, [4096, "-1", version, None])
    assert reopen(tab) == "refused"
    assert said_so(tab)
    start_game(tab, "civ_new_dawn", seed=2)
    assert answer(tab) is not None
    assert reopen(tab) == "refused"
    assert not said_so(tab)  # (said once, when it was found)
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
    # the one run made to end past the memory's length (its SHA-256 written to match)
    tab.evaluate(CHANGE_JS, ["(p) => new DataView(p.buffer).setUint32(8, 64, true)", {}, True])
    assert reopen(tab) == "dropped"


def test_a_damaged_snapshot_is_never_run_the_engine_starts_plainly_at_once_and_says_so(
        tab: Page) -> None:
    """Attack review 2026-11-29, S2: 4 KB flipped in the middle of the stored snapshot, its
    length and headers intact, crashed the engine after its start, and the page stayed on
    "Starting the game engine…" for good. The bytes are checked against the SHA-256 their
    maker wrote beside them: the engine starts plainly at once, the screen says so, and a
    new snapshot is made."""
    start_game(tab, "tapestry", seed=3)
    answer(tab)
    before = game_state(tab)
    made(tab)
    tab.evaluate(CHANGE_JS, [FLIP_4KB, {}, False])
    assert reopen(tab) == "damaged"
    assert said_so(tab)
    assert game_state(tab) == before
    assert answer(tab) is not None
    made(tab)
    assert reopen(tab) == "used"


def test_a_snapshot_whose_start_fails_is_refused_and_the_page_starts_plainly_by_itself(
        tab: Page, own_site: tuple[Any, str]) -> None:
    """A snapshot with every check passed whose engine fails as the app starts (here one
    another page stored, whose Python raises): the page reloads by itself, without the
    player, and that start goes plainly; the snapshot is refused for this build."""
    start_game(tab, "age_of_innovation", seed=5)
    answer(tab)
    game, before = tab.url, game_state(tab)
    plant(tab, own_site[1], FAILS_THE_START, str(tab.evaluate("automaShell.stamp")))
    tab.goto(game)
    wait_ready(tab, timeout=120_000)
    assert tab.evaluate(STATE_JS) == "refused"
    assert said_so(tab)
    assert game_state(tab) == before
    assert answer(tab) is not None
    assert reopen(tab) == "refused"


def test_a_snapshot_planted_by_another_page_of_a_shared_origin_is_never_run(
        chromium: BrowserType, tmp_path: Path) -> None:
    """Attack review 2026-11-29, S1: another page of the origin (every project site on
    ``user.github.io``) stored a snapshot with Python of its own, and every start of the app
    ran it. A build for a shared origin (the default; README, Hosting) reads no snapshot and
    makes none."""
    shared = origin_build(tmp_path / "shared", own=False)
    server, url = serve(shared, extra={"other.html": PLANTER})
    context = launch(chromium, tmp_path / "profile")
    try:
        page = context.new_page()
        open_app(page, url)
        assert page.evaluate(STATE_JS) == "off"
        stamp = str(page.evaluate("automaShell.stamp"))
        start_game(page, "tapestry", seed=3)
        answer(page)
        game = page.url
        plant(page, url, MARKS_THE_STORAGE, stamp)
        for _ in range(2):
            page.goto(game)
            wait_ready(page, timeout=120_000)
            assert page.evaluate(STATE_JS) == "off"
            assert page.evaluate("localStorage.getItem('planted')") is None
        page.wait_for_timeout(6000)
        assert page.evaluate(STATE_JS) == "off"  # (none made either)
        assert page.evaluate("caches.open('automa-snapshot').then(c => c.keys())"
                             ".then(k => k.length)") == 1  # (only the planted one)
    finally:
        context.close()
        server.shutdown()


def test_another_builds_snapshot_put_in_this_builds_place_is_never_used(
        chromium: BrowserType, tmp_path: Path) -> None:
    """Attack review 2026-11-29, U2: an older build's snapshot under the new build's key was
    used, and a page of the new build ran the old engine. The snapshot carries the stamp of
    the build that made it, beside it and in its memory, both checked before it is used."""
    older = origin_build(tmp_path / "a", own=True, stamp="test-a")
    newer = origin_build(tmp_path / "b", own=True, stamp="test-b")
    server, url = serve(older)
    context = launch(chromium, tmp_path / "profile", service_workers="block")
    try:
        page = context.new_page()
        open_app(page, url)
        start_game(page, "tapestry", seed=3)
        answer(page)
        game, before = page.url, game_state(page)
        made(page)
        # build A's snapshot, kept aside, and put where build B's goes, headers and all
        page.evaluate(MOVE_JS, ["test-b", {}])
        server.dist = newer  # (the page's files not taken from the HTTP cache: the two
        page.context.new_cdp_session(page).send("Network.clearBrowserCache")  # are as old)
        assert reopen(page) == "foreign"  # (by the stamp beside it)
        assert_engine(page, "test-b", game, before)
        made(page)
        # ... and with headers that claim build B (by the stamp in its memory)
        page.evaluate(MOVE_JS, ["test-b", {"x-build": "test-b"}])
        assert reopen(page) == "foreign"
        assert_engine(page, "test-b", game, before)
    finally:
        context.close()
        server.shutdown()


# Build A's snapshot (kept aside in cache "kept" the first time) put in place of build
# ``stamp``'s, its headers merged with ``headers``.
MOVE_JS = """async ([stamp, headers]) => {
  const cache = await caches.open(automaShell.snapshotCache), kept = await caches.open('kept');
  let [found] = await kept.keys();
  if (!found) {
    const [request] = await cache.keys();
    await kept.put(request, await cache.match(request));
    found = request;
  }
  const response = await kept.match(found);
  const url = new URL('./pyodide/snapshot.bin?build=' + stamp, location.href).href;
  for (const request of await cache.keys()) await cache.delete(request);
  const all = { ...Object.fromEntries(response.headers.entries()), ...headers };
  await cache.put(url, new Response(await response.arrayBuffer(), { headers: all }));
}"""


def assert_engine(page: Page, stamp: str, game: str, before: dict[str, Any]) -> None:
    """The page runs build ``stamp``'s engine (its version in Settings), says that it started
    without the snapshot it found, and game ``game`` plays on from ``before``."""
    assert page.evaluate("automaShell.stamp") == stamp
    assert said_so(page)
    assert game_state(page) == before
    page.goto(game.split("#")[0] + "#/settings")
    page.wait_for_selector("#app-version")
    assert page.text_content("#app-version") == f"Version {stamp}"
    page.goto(game)
    page.wait_for_selector("#prompt")
    assert game_state(page) == before
