"""A first visit on a slow network: the loading shell's progress moves as the engine's bytes
arrive (the 9.6 MB wasm too, not only once it is complete)."""

from __future__ import annotations

import re
from itertools import pairwise

import pytest
from playwright.sync_api import Page

from tests.e2e.helpers import open_app, wait_ready
from tests.e2e.test_shell import FRESH_VISIT_JS

pytestmark = pytest.mark.e2e
MEGABYTES = re.compile(r"([\d.,]+)\D+([\d.,]+)\s*MB")
# Every text the shell's progress line shows, as it changes (recorded in the page).
RECORD_JS = """(() => {
  window.__progress = [];
  new MutationObserver(() => {
    const p = document.getElementById('progress');
    if (p) window.__progress.push([performance.now(), p.textContent]);
  }).observe(document, {subtree: true, childList: true, characterData: true});
})();"""
RATE = 4_000_000  # bytes per second: the whole engine takes a few seconds to arrive


def test_the_first_visit_progress_moves_as_the_bytes_arrive(page: Page, base_url_app: str) -> None:
    page.goto(base_url_app + "icons/icon.svg")
    page.evaluate(FRESH_VISIT_JS)
    page.add_init_script(RECORD_JS)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})  # a first visit: no cache
    cdp.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": 40, "downloadThroughput": RATE,
        "uploadThroughput": RATE})
    try:
        page.goto(base_url_app)
        wait_ready(page, timeout=120_000)
    finally:
        cdp.send("Network.emulateNetworkConditions", {
            "offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
        cdp.send("Network.setCacheDisabled", {"cacheDisabled": False})
    shown = [(t, MEGABYTES.search(text)) for t, text in page.evaluate("window.__progress")]
    done = [(t, float(m[1].replace(",", ".")), float(m[2].replace(",", ".")))
            for t, m in shown if m]

    assert len(done) >= 10, done
    total = done[-1][2]
    assert done[-1][1] >= 0.9 * total, done[-1]
    steps = [b - a for (_, a, _), (_, b, _) in pairwise(done)]
    assert max(steps) <= 0.15 * total, f"the progress jumped by {max(steps)} of {total} MB"
    assert min(steps) >= 0, "the progress went back"
    stalls = [b - a for (a, _, _), (b, _, _) in pairwise(done)]
    assert max(stalls) < 3000, f"the progress stood still for {max(stalls):.0f} ms"
    texts = [text for _, text in page.evaluate("window.__progress")]
    assert "Downloaded: starting the game engine…" in texts  # then a word, not a still bar
    open_app(page, base_url_app)  # the service worker is back for the other tests
