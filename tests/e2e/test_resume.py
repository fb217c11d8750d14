"""A saved game reopened offline: its stored screen is painted before the engine starts (the
engine's package held back meanwhile), a tap meanwhile is given exactly once, and a tampered
stored screen shows nothing of the tampering."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Page

from tests.e2e.helpers import answer, open_app, save_text, start_game, wait_ready

pytestmark = pytest.mark.e2e
GAME = "tapestry"
ONE_TAP = "#prompt[data-kind=confirm], #prompt[data-kind=yes_no]"
# Holds the engine's package download (the engine waits for it) until the test lets it go.
HOLD_ENGINE_JS = """(() => {
  const plain = window.fetch;
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  window.__releaseEngine = release;
  window.fetch = function (input, init) {
    const url = String((input && input.url) || input);
    return url.includes('/pkgs/automa.zip') ? held.then(() => plain.call(window, input, init))
                                             : plain.call(window, input, init);
  };
})();"""
STORED_JS = """() => {
  const id = location.hash.split('/')[2];
  const save = localStorage.getItem('automa.save.' + id) || '';
  const screen = localStorage.getItem('automa.screen.' + id) || '';
  const rev = (text) => {
    try { return JSON.parse(text.split('\\n')[0]).rev; } catch (e) { return null; }
  };
  return screen && rev(screen) === rev(save) ? screen : null;
}"""


def actions(page: Page) -> int:
    """How many answers the game in play has been given."""
    return len(json.loads(save_text(page))["actions"])


def stored_game(page: Page, base: str) -> str:
    """A Tapestry game at a one-tap question whose screen is stored: its stored screen."""
    open_app(page, base)
    start_game(page, GAME, seed=7)
    for _ in range(2):
        assert answer(page, 0.5) is not None
    while not page.locator(ONE_TAP).count():
        assert answer(page, 0.5) is not None
    page.wait_for_function(f"({STORED_JS})() !== null", timeout=10_000)
    stored: str = page.evaluate(STORED_JS)
    return stored


# Whether the stored screen is on the page when DOMContentLoaded fires: the shell puts it up from
# its own script as the page is parsed (not in a task after that event), so the page's first
# paint can be the game's screen.
SCREEN_AT_PARSE_END_JS = """document.addEventListener('DOMContentLoaded', () => {
  window.__screenAtParseEnd = !!document.getElementById('shell-screen');
}, {capture: true, once: true});"""


def tap(page: Page, selector: str, last: bool = False) -> None:
    """A tap at the middle of an element (through the browser's input, without waiting for
    the page to be idle: it is busy starting the engine)."""
    box = page.evaluate("""([selector, last]) => {
        const all = document.querySelectorAll(selector), e = all[last ? all.length - 1 : 0];
        const r = e.getBoundingClientRect();
        return [r.x + r.width / 2, r.y + r.height / 2];
    }""", [selector, last])
    page.mouse.click(box[0], box[1])


def shown(page: Page) -> dict[str, Any]:
    """What the shell put up before the engine: the stored screen, and traces of tampering
    (read after a timer's task, so after any task the shell queued as it started)."""
    page.evaluate("() => new Promise((done) => setTimeout(done, 0))")
    result: dict[str, Any] = page.evaluate("""() => ({
        screen: !!document.getElementById('shell-screen'),
        resuming: document.getElementById('shell').classList.contains('shell-resuming'),
        pwned: window.__pwned || null,
        evil: document.querySelectorAll('.evil, #app script, #app iframe, #app img, '
            + '#app [style], [onclick], #app foreignObject, #app a[href^=http]').length,
        text: document.body.innerText})""")
    return result


def test_a_reopened_game_shows_its_stored_screen_and_a_tap_meanwhile_is_given_once(
        page: Page, base_url_app: str) -> None:
    page.set_viewport_size({"width": 360, "height": 780})
    stored_game(page, base_url_app)
    question = page.inner_text("#question")
    given = actions(page)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    page.add_init_script(HOLD_ENGINE_JS)
    page.add_init_script(SCREEN_AT_PARSE_END_JS)
    page.context.set_offline(True)
    try:
        page.reload(wait_until="domcontentloaded")
        page.wait_for_selector("#shell-screen #prompt")
        assert page.evaluate("window.__screenAtParseEnd") is True  # put up as the page is parsed
        assert page.inner_text("#shell-screen #question") == question
        assert page.locator("#shell-screen .dock [data-act=answer]").first.is_visible()
        assert page.evaluate("navigator.onLine") is False

        tap(page, "#shell-screen #undo")
        status = page.inner_text("#progress")
        assert status == "The game engine is still starting: this works in a moment."
        tap(page, "#shell-screen .dock [data-act=answer]")
        assert page.inner_text("#progress").startswith("Answer kept")
        tap(page, "#shell-screen .dock [data-act=answer]", last=True)  # kept: one answer only
        assert page.locator('#shell-screen [aria-pressed="true"][data-act=answer]').count() == 1
        assert not page.evaluate("document.body.dataset.pyReady")

        page.evaluate("window.__releaseEngine()")
        wait_ready(page)
        assert actions(page) == given + 1  # given once: neither lost nor doubled
        assert page.locator("#shell-screen").count() == 0
        assert page.locator(".banner").count() == 0
        assert page.inner_text("#question") != question
        page.wait_for_function(f"({STORED_JS})() !== null", timeout=10_000)  # the new screen
    finally:
        page.context.set_offline(False)


def tampered(stored: str) -> dict[str, str]:
    """The stored screen changed as a hostile page or person could: each a whole stored text."""
    head, markup = stored.split("\n", 1)
    header = json.loads(head)

    def with_header(**change: Any) -> str:
        return json.dumps({**header, **change}) + "\n" + markup

    def inside(extra: str) -> str:
        return head + "\n" + markup.replace("</section>", extra + "</section>", 1)

    return {
        "script tag": inside("<script>window.__pwned = 'script'</script>"),
        "event handlers": head + "\n" + markup.replace(
            "<button ", "<button onclick=\"window.__pwned = 'click'\" ", 1).replace(
            "</section>", "<img src=x onerror=\"window.__pwned = 'img'\"></section>", 1),
        "foreign class": head + "\n" + markup.replace('class="play"', 'class="play evil"', 1),
        "foreign markup": inside("<marquee>Send your password</marquee>"
                                 '<p style="background:url(/x)">styled</p>'),
        "links elsewhere": inside('<a href="https://example.org/">a link</a><svg><foreignObject>'
                                  '<p>foreign</p></foreignObject><a href="javascript:alert(1)">'
                                  "<text>x</text></a></svg>"),
        "an id of the page": inside('<p id="progress">clobbered</p>'),
        "another revision": with_header(rev=header["rev"] - 1),
        "another game, language or format": with_header(game="civ_new_dawn", lang="uk", v=99),
    }


def test_a_tampered_stored_screen_shows_nothing_of_the_tampering(page: Page,
                                                                 base_url_app: str) -> None:
    stored = stored_game(page, base_url_app)
    key = "automa.screen." + page.url.split("/")[-1]
    page.add_init_script(HOLD_ENGINE_JS)

    def reopen(text: str) -> dict[str, Any]:
        page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, text])
        page.reload(wait_until="domcontentloaded")
        return shown(page)

    untouched = reopen(stored)
    assert untouched["screen"] and untouched["resuming"], "the untampered screen shows"
    for name, text in tampered(stored).items():
        found = reopen(text)
        assert not found["screen"] and not found["resuming"], name
        assert found["pwned"] is None and found["evil"] == 0, name
        for trace in ("password", "styled", "a link", "foreign", "clobbered"):
            assert trace not in found["text"], (name, trace)
    assert not page.evaluate("document.body.dataset.pyReady"), "the engine was not held"
    page.evaluate("window.__releaseEngine()")
    wait_ready(page)
    assert page.locator("#prompt").count() == 1  # the engine's own screen
    assert page.evaluate("window.__pwned || null") is None
