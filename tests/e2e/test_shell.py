"""The shell while the engine loads: the engine's download is held back (the network delayed,
nothing mocked) and the page is used meanwhile: saved games listed, a rule guide read, the
settings changed (merged into the stored ones), still in force once Python has started."""

from __future__ import annotations

import contextlib
import json
import re
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, Route

from tests.e2e.helpers import answer, open_app, start_game, wait_ready

pytestmark = pytest.mark.e2e
GAME = "tapestry"

FRESH_VISIT_JS = """async () => {
    for (const r of await navigator.serviceWorker.getRegistrations()) await r.unregister();
    for (const k of await caches.keys()) await caches.delete(k);
}"""


def hold_engine(page: Page) -> list[Route]:
    """Hold every request of the engine's zip until the test continues them."""
    held: list[Route] = []

    def hold(route: Route) -> None:
        held.append(route)

    page.route("**/pkgs/automa.zip", hold)
    return held


def release(page: Page, held: list[Route]) -> None:
    """Let the held downloads (and any later one) go through."""
    page.unroute("**/pkgs/automa.zip")
    for route in held:
        with contextlib.suppress(PlaywrightError):  # a request of a page left meanwhile
            route.continue_()
    held.clear()


def assert_touch_targets(page: Page, selector: str) -> None:
    for box in page.locator(selector).evaluate_all(
            "els => els.filter(e => e.offsetParent).map(e => e.getBoundingClientRect())"
            ".map(r => [r.width, r.height])"):
        assert box[0] >= 44 and box[1] >= 44, f"{selector}: {box}"


def test_the_shell_is_usable_before_python_and_its_settings_last(page: Page,
                                                                  base_url_app: str) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    open_app(page, base_url_app)
    start_game(page, GAME)
    for i in range(3):
        answer(page, i * 0.3)
    # A first visit: no service worker, no cache; stored settings the shell does not own
    # (paper, an unknown key) must survive its writes.
    page.goto(base_url_app + "icons/icon.svg")
    page.evaluate(FRESH_VISIT_JS)
    page.evaluate("""() => localStorage.setItem('automa.settings',
        JSON.stringify({lang: 'en', paper: 'letter', wake: true, other: {x: [1]}}))""")
    held = hold_engine(page)
    page.goto(base_url_app, wait_until="domcontentloaded")
    page.wait_for_selector("#shell-saves li")

    assert page.locator("#shell-saves li").count() == 1
    assert "Tapestry" in page.inner_text("#shell-saves li")
    # its date as the engine wrote it for Home (never one the shell writes itself)
    (when,) = [m["when_text"] for m in page.evaluate(
        "JSON.parse(localStorage['automa.index']).saves").values()]
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d", when)
    assert page.inner_text("#shell-saves li").endswith(f" · {when}")
    assert not page.evaluate("document.body.dataset.pyReady")
    assert_touch_targets(page, "#nav button")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360

    # A rule guide, read while the engine waits.
    page.click("#shell-guides-open")
    assert page.get_attribute("#shell-guides-open", "aria-expanded") == "true"
    assert_touch_targets(page, "#shell-guides a")
    # the guides' index names the three languages (issue 51)
    assert "In English, Ukrainian and German." in page.inner_text("#shell-guides")
    page.click(f'#shell-guides a[href="./guide/{GAME}.en.html"]')
    page.wait_for_selector("main.guide h2")
    assert page.locator("main.guide section").count() >= 2
    page.go_back(wait_until="domcontentloaded")
    page.wait_for_selector("#shell-settings-open")
    assert not page.evaluate("document.body.dataset.pyReady")

    # The settings, before Python: Ukrainian, dark, the largest text.
    page.click("#shell-settings-open")
    assert_touch_targets(page, "#shell-settings label.choice")
    page.check("#shell-lang-uk")
    assert page.inner_text("#title") == "Помічник Автоми"
    assert page.evaluate("document.documentElement.lang") == "uk"
    assert "Збережені ігри" in page.inner_text("#shell-saves")
    assert page.locator(f'#shell-guides a[href="./guide/{GAME}.uk.html"]').count() == 1
    assert page.locator("#shell-guides a").count() == 4  # every game has its guide
    assert "Українською, англійською та німецькою." in page.inner_text("#shell-guides")
    page.check("#shell-theme-dark")
    page.check('[id="shell-text-1.3"]')
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    assert page.evaluate(
        "getComputedStyle(document.documentElement).getPropertyValue('--text-scale')") == "1.3"
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    stored: dict[str, Any] = json.loads(page.evaluate("localStorage['automa.settings']"))
    assert stored == {"lang": "uk", "theme": "dark", "text": 1.3, "paper": "letter",
                      "wake": True, "other": {"x": [1]}}
    assert not page.evaluate("document.body.dataset.pyReady"), "the engine was not held"

    release(page, held)
    wait_ready(page)
    assert page.evaluate("document.documentElement.lang") == "uk"
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    assert page.locator('#nav a.nav-link[aria-label="Ігри"]').count() == 1  # Python's nav
    assert page.locator(f'a.guide-link[href="./guide/{GAME}.uk.html"]').count() == 1
    page.evaluate("location.hash = '#/settings'")
    page.wait_for_selector("#settings-form")
    for name, value in (("lang", "uk"), ("theme", "dark"), ("text", "1.3"), ("paper", "letter")):
        assert page.is_checked(f'input[data-setting="{name}"][value="{value}"]'), name


def test_hostile_stored_settings_are_replaced_not_trusted(page: Page, base_url_app: str) -> None:
    """Stored settings of any shape: the shell starts from defaults and writes an object."""
    page.goto(base_url_app + "icons/icon.svg")
    page.evaluate(FRESH_VISIT_JS)
    page.evaluate("""() => { localStorage.clear();
        localStorage.setItem('automa.settings', '["__proto__", {"theme": "dark"}]'); }""")
    held = hold_engine(page)
    page.goto(base_url_app, wait_until="domcontentloaded")
    page.wait_for_selector("#shell-settings-open")
    assert page.evaluate("document.documentElement.dataset.theme") == "auto"
    page.click("#shell-settings-open")
    page.check("#shell-theme-light")
    assert json.loads(page.evaluate("localStorage['automa.settings']")) == {"theme": "light"}
    page.evaluate("""() => localStorage.setItem('automa.settings',
        '{"lang": "__proto__", "theme": "<b>", "text": "9); x: y"}')""")
    page.reload(wait_until="domcontentloaded")
    page.wait_for_selector("#shell-settings-open")
    assert page.evaluate("document.documentElement.dataset.theme") == "auto"
    assert page.evaluate(
        "getComputedStyle(document.documentElement).getPropertyValue('--text-scale')") == "1"
    assert page.inner_text("#title") in ("Automa Companion", "Помічник Автоми")
    release(page, held)
    wait_ready(page)
    open_app(page, base_url_app)  # leaves the storage as the other tests expect it
