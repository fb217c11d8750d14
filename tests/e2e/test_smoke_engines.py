"""The cross-engine smoke: the same steps in Chromium, WebKit (Safari's engine, the engine of
every iPhone browser) and Firefox, through the one driver interface of ``engines.py``.

In each engine, with a fresh profile and the app served under its sub-path: the app starts;
each game starts and takes 15 answers; a reload brings back the same question; a reload
starts the engine from the snapshot the page made; the app restarts offline from its service
worker and a new game is played; a finished game is recorded and shown on the records screen
with its charts; a hostile save is refused; Settings name the version; the screens read in
Ukrainian and in German. The tests of one engine run in order on its one tab (each leaves the
page where the next begins). The full suite stays in Chromium.
"""

from __future__ import annotations

import json
import random
import re
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import automa
from buildsteps.common import PREFIX
from buildsteps.serve import make_server
from tests.e2e.engines import (
    ChromiumDriver,
    Driver,
    FirefoxDriver,
    WebKitDriver,
    selected_engines,
    xvfb,
)
from tests.e2e.helpers import ANSWER_STRATEGIES, FIND_ANSWER_JS, dist_games, origin_build
from tests.notes import ENGINE_SECONDS

pytestmark = [pytest.mark.e2e, pytest.mark.smoke]
READY_JS = "() => !!(document.body && document.body.dataset.pyReady)"
PROMPT_JS = """() => {
  const p = document.querySelector('#prompt'), q = document.querySelector('#question');
  return p ? {key: p.dataset.key, kind: p.dataset.kind, hash: location.hash,
              question: q ? q.textContent.trim() : ''} : null;
}"""
# One answer tapped (x in [0, 1) picks among the choices): the prompt's key before it, and
# any error banner after it; null when the game is over.
TAP_JS = "(x) => {" + FIND_ANSWER_JS + """
  if (!button) return {missing: true, kind, key};
  button.click();
  const error = document.querySelector('.banner-error');
  return {kind, key, error: error ? error.textContent : null};
}"""
ACTIONS_JS = """() => window.automaDebug && document.body.dataset.pyReady
  && {n: JSON.parse(String(automaDebug())).actions.length}"""
# The game in play holds at least n answers (a tap is taken before the next is made: under
# load a tap on a screen not yet redrawn would be a second tap on the answered question).
TAKEN_JS = """(n) => window.automaDebug && document.body.dataset.pyReady
  && JSON.parse(String(automaDebug())).actions.length >= n"""
STORED_SCREEN_JS = """() => {
  const id = location.hash.split('/')[2], rev = (t) => {
    try { return JSON.parse((t || '').split('\\n')[0]).rev; } catch (e) { return null; } };
  const save = localStorage.getItem('automa.save.' + id);
  const screen = localStorage.getItem('automa.screen.' + id);
  return !!id && rev(save) !== null && rev(save) === rev(screen);
}"""
STORAGE_JS = """() => JSON.stringify(Object.keys(localStorage).sort()
  .map(k => [k, localStorage.getItem(k)]))"""
IMPORT_JS = """([name, text]) => {
  const input = document.querySelector('#import-file');
  if (!input) return false;
  const files = new DataTransfer();
  files.items.add(new File([text], name, {type: 'application/json'}));
  input.files = files.files;
  input.dispatchEvent(new Event('change', {bubbles: true}));
  return true;
}"""
TEXT_JS = "() => document.getElementById('app').innerText"
PAYLOAD = '<img src=x onerror="window.__pwned=1">'
TAPS = 15
OFFLINE_PROBE = "offline-probe.txt"
"""A file the app never has: fetched offline, it must fail (Firefox reports the failure)."""


class Site:
    """``dist/`` served under the app's sub-path, as a build for an origin of its own (with
    its start-up snapshot), which 127.0.0.1 is; ``offline`` refuses every connection, as a
    phone without a network (the page's only host is this one)."""

    def __init__(self, folder: Path) -> None:
        self.server = make_server(origin_build(folder / "dist", own=True), port=0, quiet=True)
        self.offline = False
        site = self

        class Handler(self.server.RequestHandlerClass):  # type: ignore[name-defined,misc]
            def parse_request(self) -> bool:
                # checked per request: a browser may have connected ahead of time, online
                if site.offline:
                    self.close_connection = True
                    return False  # (no answer: the connection is dropped)
                return bool(super().parse_request())

        self.server.RequestHandlerClass = Handler
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}{PREFIX}"

    def set_offline(self, offline: bool) -> None:
        """Refuse (or serve again) every request."""
        self.offline = offline


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """The app's server for this module."""
    served = Site(tmp_path_factory.mktemp("smoke-site"))
    yield served
    served.server.shutdown()


@pytest.fixture(scope="module", params=selected_engines())
def driver(request: pytest.FixtureRequest, site: Site,
           tmp_path_factory: pytest.TempPathFactory) -> Iterator[Driver]:
    """One engine's browser with a fresh profile, for all of this module's tests in it."""
    engine: str = request.param
    folder = tmp_path_factory.mktemp(f"smoke-{engine}")
    started = time.monotonic()
    with xvfb() if engine == "webkit" else _no_display() as display:
        tab: Driver
        if engine == "chromium":
            # (the run's Playwright, when the full suite has started it: one per thread)
            tab = ChromiumDriver(site.set_offline, folder / "profile",
                                 request.getfixturevalue("chromium"))
        elif engine == "webkit":
            tab = WebKitDriver(site.set_offline, display, folder / "webkitwebdriver.log")
        else:
            tab = FirefoxDriver(site.set_offline, folder / "profile", folder / "bridge.log")
        try:
            yield tab
        finally:
            site.set_offline(False)
            tab.close()
    ENGINE_SECONDS[f"{engine} ({tab.version})"] = time.monotonic() - started


class _no_display:
    """The display of an engine that needs none."""

    def __enter__(self) -> str:
        return ""

    def __exit__(self, *_: object) -> None:
        return None


@pytest.fixture
def tab(driver: Driver) -> Iterator[Driver]:
    """The engine's tab for one test; no error may be thrown in the page meanwhile."""
    yield driver
    errors = [e for e in driver.page_errors() if OFFLINE_PROBE not in e]
    assert not errors, f"{driver.engine}: errors in the page: {errors}"


# --- the app, driven the same in every engine ----------------------------------------------
def go_home(tab: Driver, site: Site) -> None:
    """The home screen, drawn by Python."""
    tab.navigate(site.url + "#/")
    tab.wait_for(READY_JS)
    tab.shown("#saves, button[data-act=new]")


def start_game(tab: Driver, game: str, seed: int) -> None:
    """A new game of ``game`` with its default options, seeded, from the home screen."""
    tab.click(f'button[data-act="new"][data-arg="{game}"]')
    tab.fill("#seed", str(seed))
    tab.click('button[data-act="start"]')
    tab.shown("#prompt")


def answer(tab: Driver, game: str, count: int, seed: int) -> int:
    """Answer ``count`` questions (fewer if the game ends) with seeded choices: how many."""
    choose = random.Random(seed)
    strategy = ANSWER_STRATEGIES.get(game)
    before = tab.wait_for(ACTIONS_JS)["n"]
    for n in range(count):
        prompt = tab.wait_for(PROMPT_JS)
        if prompt["kind"] == "over":
            return n
        x = choose.random()
        if strategy:
            x = strategy(prompt["key"], n, x)
        tapped = tab.evaluate(TAP_JS, x)
        assert tapped and not tapped.get("missing"), (game, n, tapped)
        assert tapped["error"] is None, (game, n, tapped)
        tab.wait_for(TAKEN_JS, before + n + 1)
    return count


def hostile_save() -> str:
    """A real save whose game is named by markup that would run if it were ever shown raw."""
    save = json.loads(automa.new_game("glory_of_civilizations", {}, seed=3).to_json())
    save["game"] = PAYLOAD
    return json.dumps(save)


# --- the smoke, in order ---------------------------------------------------------------------
def test_the_app_starts_under_its_sub_path(tab: Driver, site: Site) -> None:
    """The first visit: Python starts and draws the home screen with every game, under
    /automa-companion/ as on GitHub Pages."""
    go_home(tab, site)
    assert tab.evaluate("() => location.pathname") == PREFIX
    games = tab.evaluate("() => [...document.querySelectorAll('button[data-act=new]')]"
                         ".map(b => b.dataset.arg)")
    assert sorted(games) == sorted(dist_games())


@pytest.mark.parametrize("game", dist_games())
def test_each_game_starts_and_takes_15_answers(tab: Driver, site: Site, game: str) -> None:
    """Every game starts from the home screen and answers 15 questions with no error; the
    save holds every answer."""
    go_home(tab, site)
    start_game(tab, game, seed=11)
    given = answer(tab, game, TAPS, seed=11)
    assert given == TAPS, f"{game} ended after {given} answers"
    assert tab.wait_for(ACTIONS_JS)["n"] == given


def test_a_reload_brings_back_the_same_question(tab: Driver, site: Site) -> None:
    """A game in play reloaded: the same question is back, then the engine under it."""
    go_home(tab, site)
    start_game(tab, "tapestry", seed=7)
    answer(tab, "tapestry", 5, seed=7)
    before = tab.wait_for(PROMPT_JS)
    tab.wait_for(STORED_SCREEN_JS)
    tab.reload()
    tab.wait_for("(key) => { const p = document.querySelector('#prompt');"
                 " return !!p && p.dataset.key === key; }", before["key"])
    tab.wait_for(READY_JS)
    after = tab.wait_for(PROMPT_JS)
    assert (after["key"], after["hash"], after["question"]) == (
        before["key"], before["hash"], before["question"])
    assert tab.wait_for(ACTIONS_JS)["n"] == 5


def test_a_reopened_page_starts_from_the_snapshot_made_on_the_device(tab: Driver,
                                                                     site: Site) -> None:
    """Once the page has made the engine's start-up snapshot (in a worker, the page idle), a
    reload starts the engine from it, and a game plays on."""
    go_home(tab, site)
    state = tab.wait_for("() => { const s = window.automaShell.snapshot;"
                         " return ['made', 'used', 'failed', 'refused'].includes(s) && s; }",
                         timeout=240)
    assert state in ("made", "used"), state
    tab.reload()
    tab.wait_for(READY_JS)
    assert tab.evaluate("() => window.automaShell.snapshot") == "used"
    start_game(tab, "civ_new_dawn", seed=6)
    assert answer(tab, "civ_new_dawn", 3, seed=6) == 3


def test_the_app_restarts_offline_through_its_service_worker(tab: Driver, site: Site) -> None:
    """With the network gone, the app starts again from the service worker's cache and a
    new game is played."""
    go_home(tab, site)
    tab.wait_for("() => !!(navigator.serviceWorker && navigator.serviceWorker.controller)")
    tab.set_offline(True)
    try:
        tab.reload()
        tab.wait_for(READY_JS)
        answered = tab.evaluate("async (url) => { try { const r = await fetch(url);"
                                " return r.status + ' ' + r.url; } catch (e) { return ''; } }",
                                site.url + OFFLINE_PROBE)
        assert not answered, f"the server still answered: not offline ({answered})"
        tab.shown("button[data-act=new]")
        start_game(tab, "glory_of_civilizations", seed=4)
        assert answer(tab, "glory_of_civilizations", 3, seed=4) == 3
    finally:
        tab.set_offline(False)


def test_a_finished_game_is_recorded_and_shown(tab: Driver, site: Site) -> None:
    """Glory ended by instant victory (confirmed), the player's score entered on the end
    screen: the records screen lists it, with its chart."""
    go_home(tab, site)
    start_game(tab, "glory_of_civilizations", seed=5)
    for _ in range(40):  # the first (or suggested) answer up to the bot's ready question
        prompt = tab.wait_for(PROMPT_JS)
        if prompt["key"].endswith(".prompt.ready"):
            break
        tab.evaluate(TAP_JS, 0.0)
    else:
        raise AssertionError("the bot's turn never came")
    tab.click('button[data-act="proc"][data-arg="instant_victory"]')
    tab.shown('#prompt[data-key$="prompt.instant_victory_sure"]')
    tab.evaluate(TAP_JS, 0.0)  # "End the game?": yes (a win at once is confirmed first)
    tab.shown('#prompt[data-kind="over"] #end')
    tab.fill("#score-0", "60")
    tab.evaluate("() => { const r = document.querySelector("
                 "'input[data-winner][value=\"you\"]'); if (r) r.click(); return true; }")
    tab.click('button[data-act="record-save"]')
    tab.shown(".banner-info")
    tab.navigate(site.url + "#/records")
    tab.wait_for(READY_JS)
    tab.shown("section.records-game")
    tab.navigate(site.url + "#/records/glory_of_civilizations")
    tab.shown("li.record")
    assert "60" in tab.evaluate("() => document.querySelector('li.record').textContent")
    # (the chart of scores; the bot's score round by round only once it scored something)
    assert tab.wait_for("() => document.querySelectorAll('svg.chart').length") >= 1


def test_a_hostile_save_is_refused(tab: Driver, site: Site) -> None:
    """A save naming a game with markup: refused with its name said, nothing run, nothing
    written."""
    go_home(tab, site)
    before = tab.evaluate(STORAGE_JS)
    assert tab.evaluate(IMPORT_JS, ["hostile.json", hostile_save()])
    message = tab.wait_for("() => { const b = document.querySelector('.banner-error');"
                           " return b ? b.textContent : ''; }")
    assert "hostile.json" in message and "was not imported" in message, message
    assert tab.evaluate("() => typeof window.__pwned") == "undefined"
    assert tab.evaluate("() => document.querySelectorAll('img[src=\"x\"]').length") == 0
    assert tab.evaluate(STORAGE_JS) == before


def test_settings_name_the_version(tab: Driver, site: Site) -> None:
    """The settings screen says which version of the app this is (the build's own)."""
    tab.navigate(site.url + "#/settings")
    tab.wait_for(READY_JS)
    version = tab.wait_for("() => { const v = document.querySelector('#app-version');"
                           " return v ? v.textContent : ''; }")
    stamp = tab.evaluate("() => window.automaShell.stamp")
    assert stamp and stamp in version, (stamp, version)


KEPT_NAMES = ("Sid Meier’s Civilization: A New Dawn", "Civilization: A New Dawn",
              "Glory of Civilizations", "Age of Innovation", "Tapestry")
"""Names a Ukrainian screen keeps in their own letters (a compact Home is mostly names)."""


def test_the_screens_read_in_ukrainian(tab: Driver, site: Site) -> None:
    """Ukrainian chosen in the settings: the settings, home, a game and the records screen
    are in Ukrainian (Cyrillic text, the page's language uk)."""
    tab.navigate(site.url + "#/settings")
    tab.wait_for(READY_JS)
    tab.click('input[data-setting="lang"][value="uk"]')
    tab.wait_for("() => document.documentElement.lang === 'uk'")
    screens = {}
    go_home(tab, site)
    screens["home"] = tab.evaluate(TEXT_JS)
    start_game(tab, "tapestry", seed=2)
    answer(tab, "tapestry", 2, seed=2)
    screens["game"] = tab.evaluate(TEXT_JS)
    tab.navigate(site.url + "#/records")
    tab.shown('button[data-act="record-export"]')  # (the records screen, with or without)
    screens["records"] = tab.evaluate(TEXT_JS)
    for name, text in screens.items():
        for kept in KEPT_NAMES:  # (the games' own names, as their boxes print them)
            text = text.replace(kept, "")
        cyrillic = len(re.findall(r"[\u0400-\u04ff]", text))
        latin = len(re.findall(r"[A-Za-z]", text))
        assert cyrillic > 3 * latin, (name, text[:300])
    assert tab.evaluate("() => document.documentElement.lang") == "uk"


def catalog_words(lang: str) -> set[str]:
    """The words of a language's catalogs."""
    from automa.core.i18n import load_source_catalog

    texts = [t for m in load_source_catalog(lang).values()
             for t in (m.values() if isinstance(m, dict) else [m])]
    return set(re.findall(r"\w{3,}", " ".join(texts)))


def language_words(text: str) -> tuple[int, int]:
    """How many words of ``text`` only the German catalogs use, and only the English ones
    (a soft hyphen, shown or not, is no part of a word)."""
    german, english = catalog_words("de"), catalog_words("en")
    words = re.findall(r"\w{3,}", text.replace("\u00ad", ""))
    return (sum(w in german - english for w in words), sum(w in english - german for w in words))


def test_the_screens_read_in_german(tab: Driver, site: Site) -> None:
    """German chosen in the settings (issue 51): the settings, home, a game of each kind of
    screen (Age of Innovation's set-up pictures, Civilization's row) and the records screen
    are in German (its words, the page's language de, hyphenation on), and none of them is
    wider than the screen."""
    tab.navigate(site.url + "#/settings")
    tab.wait_for(READY_JS)
    tab.click('input[data-setting="lang"][value="de"]')
    tab.wait_for("() => document.documentElement.lang === 'de'")
    screens = {"settings": tab.evaluate(TEXT_JS)}
    go_home(tab, site)
    screens["home"] = tab.evaluate(TEXT_JS)
    for game in ("tapestry", "age_of_innovation", "civ_new_dawn"):
        if game not in dist_games():
            continue
        go_home(tab, site)
        start_game(tab, game, seed=2)
        answer(tab, game, 3, seed=2)
        screens[game] = tab.evaluate(TEXT_JS)
        assert tab.evaluate("() => document.documentElement.scrollWidth"
                            " <= window.innerWidth"), game
    tab.navigate(site.url + "#/records")
    tab.shown('button[data-act="record-export"]')
    screens["records"] = tab.evaluate(TEXT_JS)
    for name, text in screens.items():
        german, english = language_words(text)
        assert german > 3 * english and german >= 3, (name, text[:300])
    assert tab.evaluate("() => document.documentElement.lang") == "de"
    assert tab.evaluate("() => { const s = getComputedStyle(document.body);"
                        " return s.hyphens || s.webkitHyphens; }") == "auto"
