"""Saves you can trust, in headless Chromium: hostile files are refused with a translated reason
and run nothing; two tabs never overwrite each other's newer work or bring a deleted game back;
a full or broken storage leaves a consistent list; the page's Content-Security-Policy forbids
inline scripts and handlers; a new version installed by the service worker is announced."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

import automa
from tests.e2e.helpers import ROOT, answer, dist_games, open_app, shown, start_game, wait_ready

pytestmark = pytest.mark.e2e
GAMES = dist_games()
GAME = GAMES[0]
PAYLOAD = '<img src=x onerror="window.__pwned=1;alert(1)">'
SCRIPT = "<script>window.__pwned=2;alert(2)</script>"
STORAGE_JS = """() => Object.fromEntries(Object.keys(localStorage).sort()
    .map(k => [k, localStorage.getItem(k)]))"""
TIMED_OUT = "nothing on screen after 30 s (the page died?)"
WATCH_JS = """() => {
    window.__csp = window.__csp || [];
    document.addEventListener('securitypolicyviolation',
        e => window.__csp.push(e.violatedDirective));
}"""


# --- hostile files -------------------------------------------------------------------------
def base_save() -> dict[str, Any]:
    """A real save of a new game (the start every hostile file is made from)."""
    data: dict[str, Any] = json.loads(automa.new_game(GAME, {}, seed=7).to_json())
    return data


def with_snapshot(change: Callable[[dict[str, Any]], None]) -> str:
    """A save whose snapshot was changed (so it opens, if at all, through the snapshot)."""
    data = base_save()
    change(data["snapshot"])
    data["turn"] = data["snapshot"]["turn"]
    return json.dumps(data)


def xss(snapshot: dict[str, Any]) -> None:
    snapshot["prompt"] = {"kind": "pick_one", "key": PAYLOAD, "params": {"n": SCRIPT},
                          "choices": [PAYLOAD, SCRIPT], "ui": {"game": PAYLOAD}}


def xss_log() -> str:
    data = json.loads(with_snapshot(xss))
    data["log"] = [{"actor": PAYLOAD, "action": SCRIPT, "params": {"x": PAYLOAD},
                    "why": {"key": PAYLOAD}, "turn": 0, "table": True, "icon": PAYLOAD}]
    return json.dumps(data)


def doubled_deck(snapshot: dict[str, Any]) -> None:
    pile = max(snapshot["piles"].values(), key=lambda p: len(p["cards"]))
    pile["cards"] = pile["cards"] + pile["cards"]


def negative_turn(snapshot: dict[str, Any]) -> None:
    snapshot["turn"] = -5


def unknown_step(snapshot: dict[str, Any]) -> None:
    snapshot["stack"] = [{"step": "no_such_step", "args": {}}]


def deep_procedure() -> str:
    """A save whose procedure stack nests 1,000 procedures deep (written as text: too deep
    for json.dumps)."""
    text = with_snapshot(lambda snapshot: snapshot.update(stack=["DEEP"]))
    frame = '{"step":"no_such_step","args":{"inner":'
    deep = frame * 1000 + '{"step":"no_such_step","args":{}}' + "}}" * 1000
    return text.replace('["DEEP"]', f"[{deep}]")


def hostile_files() -> dict[str, str]:
    """File name → text of every hostile file the page must refuse."""
    newer = base_save()
    newer["version"] = 99
    foreign_game = base_save()
    foreign_game["game"] = PAYLOAD
    return {
        "xss_prompt.json": with_snapshot(xss),
        "xss_log.json": xss_log(),
        "xss_game.json": json.dumps(foreign_game),
        "deep_procedure.json": deep_procedure(),
        "doubled_deck.json": with_snapshot(doubled_deck),
        "negative_turn.json": with_snapshot(negative_turn),
        "unknown_step.json": with_snapshot(unknown_step),
        "newer.json": json.dumps(newer),
        "not_json.json": "this is not a saved game",
        "brackets.json": "[" * 100_000,  # last: before the engine refused it, it killed Pyodide
    }


# --- driving the page ----------------------------------------------------------------------
def watch(page: Page) -> list[str]:
    """Record every dialog the page opens (and dismiss it), and every CSP violation."""
    dialogs: list[str] = []

    def on_dialog(dialog: Any) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", on_dialog)
    page.add_init_script(f"({WATCH_JS})()")
    return dialogs


def storage(page: Page) -> dict[str, str]:
    """Every key and value of the page's localStorage."""
    found: dict[str, str] = page.evaluate(STORAGE_JS)
    return found


def saves_listed(page: Page) -> list[str]:
    """The save ids on the home screen."""
    page.goto(page.url.split("#")[0] + "#/")
    page.wait_for_selector("#saves")
    ids: list[str] = page.eval_on_selector_all("#saves li.save",
                                               "els => els.map(e => e.dataset.save)")
    return ids


def two_games(page: Page, base: str, lang: str = "en") -> list[str]:
    """A clean app with two saved games, a few answers into each."""
    open_app(page, base, lang=lang)
    for game in (GAME, GAMES[-1]):
        page.goto(base + "#/")
        page.wait_for_selector('button[data-act="new"]')
        start_game(page, game)
        answer(page, 0.0)
        answer(page, 0.0)
    ids = saves_listed(page)
    assert len(ids) == 2
    return ids


def assert_nothing_ran(page: Page, dialogs: list[str]) -> None:
    """No payload ran: nothing set window.__pwned, no dialog opened."""
    page.wait_for_timeout(200)  # an <img onerror> fires on the next tasks
    assert page.evaluate("typeof window.__pwned") == "undefined"
    assert dialogs == []


def assert_all_open(page: Page, ids: list[str]) -> None:
    """Every saved game is still listed and opens."""
    assert sorted(saves_listed(page)) == sorted(ids)
    for save_id in ids:
        page.evaluate("document.querySelectorAll('#saves details').forEach(d => d.open = true)")
        page.click(f'li.save[data-save="{save_id}"] button[data-act="continue"]')
        page.wait_for_selector("#prompt")
        assert page.locator(".banner-error").count() == 0
        page.goto(page.url.split("#")[0] + "#/")
        page.wait_for_selector("#saves")


def import_file(page: Page, path: Path) -> str:
    """Import ``path`` from the home screen; the error banner's text ("" if it was taken)."""
    page.set_input_files("#import-file", str(path))
    try:
        page.wait_for_selector(".banner-error, #prompt", timeout=30_000)
    except PlaywrightTimeout:
        return TIMED_OUT
    if page.locator(".banner-error").count() == 0:
        return ""
    text = page.text_content(".banner-error") or ""
    page.click('button[data-act="dismiss"]')
    return text


def restore(page: Page, before: dict[str, str]) -> None:
    """Put the storage back as it was (after a file that should have been refused was not)."""
    page.evaluate("""(before) => { localStorage.clear();
        for (const [k, v] of Object.entries(before)) localStorage.setItem(k, v); }""", before)
    page.goto(page.url.split("#")[0] + "#/")
    page.reload()
    wait_ready(page)


# --- the tests -----------------------------------------------------------------------------
def test_the_page_forbids_inline_scripts_and_handlers(page: Page, base_url_app: str) -> None:
    """The built page carries a CSP (scripts from its own files only: no 'unsafe-inline' and
    no hash, the page having no inline script); an injected inline handler or script does not
    run, and the app itself starts with no violation."""
    dialogs = watch(page)
    open_app(page, base_url_app)
    policy = page.get_attribute('meta[http-equiv="Content-Security-Policy"]', "content") or ""
    scripts = re.search(r"script-src ([^;]*)", policy)
    assert scripts and "'self'" in scripts[1] and "'unsafe-inline'" not in scripts[1]
    assert "'sha256-" not in scripts[1] and "default-src 'self'" in policy
    assert "http" not in policy  # no other origin
    start_game(page, GAME)
    answer(page, 0.0)
    assert page.evaluate("window.__csp") == []
    page.evaluate(f"""() => {{
        document.body.insertAdjacentHTML('beforeend', {json.dumps(PAYLOAD + SCRIPT)});
        const s = document.createElement('script');
        s.textContent = 'window.__pwned = 3';
        document.body.appendChild(s);
    }}""")
    assert_nothing_ran(page, dialogs)
    assert page.evaluate("window.__csp").count("script-src-elem") == 1  # the injected script


def test_hostile_files_are_refused_with_the_reason(page: Page, base_url_app: str,
                                                   tmp_path: Path) -> None:
    """Each hostile file: nothing runs, nothing is written, every game still opens, and the
    translated reason names the file."""
    dialogs = watch(page)
    ids = two_games(page, base_url_app)
    before = storage(page)
    wrong = []
    for name, text in hostile_files().items():
        path = tmp_path / name
        path.write_text(text)
        message = import_file(page, path)
        assert page.locator('img[src="x"]').count() == 0
        assert_nothing_ran(page, dialogs)
        if message == TIMED_OUT:
            wrong.append(f"{name}: {message}")
            break
        if not (name in message and "was not imported" in message) or storage(page) != before:
            wrong.append(f"{name}: {message or 'imported'}")
            restore(page, before)
    assert not wrong, wrong
    assert_all_open(page, ids)
    assert_nothing_ran(page, dialogs)


def test_a_huge_file_is_refused_before_it_is_read(page: Page, base_url_app: str,
                                                  tmp_path: Path) -> None:
    """A file larger than any save is refused by its size, in the player's language."""
    ids = two_games(page, base_url_app, lang="uk")
    before = storage(page)
    path = tmp_path / "huge.json"
    path.write_text('{"a":"' + "x" * (5 * 2**20) + '"}')
    message = import_file(page, path)
    assert "huge.json" in message and "не імпортовано" in message, message
    assert storage(page) == before
    assert sorted(saves_listed(page)) == sorted(ids)


def test_hostile_files_are_refused_in_ukrainian(page: Page, base_url_app: str,
                                                tmp_path: Path) -> None:
    """The reasons are translated: Ukrainian words, the file's name, no payload run."""
    dialogs = watch(page)
    two_games(page, base_url_app, lang="uk")
    before = storage(page)
    files = hostile_files()
    wrong = []
    for name in ("xss_prompt.json", "brackets.json", "not_json.json", "newer.json"):
        path = tmp_path / name
        path.write_text(files[name])
        message = import_file(page, path)
        if message == TIMED_OUT:
            wrong.append(f"{name}: {message}")
            break
        if not (name in message and "не імпортовано" in message) or "Something" in message \
                or storage(page) != before:
            wrong.append(f"{name}: {message or 'imported'}")
            restore(page, before)
    assert_nothing_ran(page, dialogs)
    assert not wrong, wrong


def test_a_stored_hostile_save_runs_nothing(page: Page, base_url_app: str) -> None:
    """A save planted in the storage with markup in its prompt and log (as an old version or
    another tool might have written it) opens or is refused, but never runs its markup."""
    dialogs = watch(page)
    open_app(page, base_url_app)
    page.evaluate("""(text) => localStorage.setItem('automa.save.planted-1', text)""",
                  xss_log())
    page.goto(base_url_app + "#/play/planted-1")
    page.wait_for_selector("#prompt, .banner-error")
    page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
    assert_nothing_ran(page, dialogs)


def test_two_tabs_never_overwrite_each_other(browser_context: BrowserContext,
                                             base_url_app: str) -> None:
    """An answer in one tab reaches the other; a stale write is refused and the newer game
    shown; a game deleted in one tab is not brought back by the other."""
    one, two = browser_context.new_page(), browser_context.new_page()
    try:
        open_app(one, base_url_app)
        start_game(one, GAME)
        save_id = one.url.split("#/play/")[1]
        two.goto(base_url_app + f"#/play/{save_id}")
        wait_ready(two)
        two.wait_for_selector("#prompt")

        answer(one, 0.0)
        one.wait_for_function(
            f"JSON.parse(localStorage.getItem('automa.index')||'{{}}').saves?.['{save_id}']"
            f"?.rev >= 2")
        banner = shown(two, ".banner-info")
        assert "another tab" in (banner.text_content() or "")
        assert two.evaluate("automaDebug()") == one.evaluate("automaDebug()")

        # A write another tab made while this one heard nothing: this tab's answer is refused.
        two.evaluate(f"""() => {{
            const key = 'automa.save.{save_id}', raw = localStorage.getItem(key);
            const cut = raw.indexOf('\\n'), head = JSON.parse(raw.slice(0, cut));
            head.rev += 5;
            localStorage.setItem(key, JSON.stringify(head) + '\\n' + raw.slice(cut + 1));
        }}""")
        stored = two.evaluate(f"localStorage.getItem('automa.save.{save_id}')")
        answer(two, 0.0)
        two.wait_for_selector(".banner-error")
        assert "another tab" in (two.text_content(".banner-error") or "")
        assert two.evaluate(f"localStorage.getItem('automa.save.{save_id}')") == stored

        # Deleted in one tab: the other leaves the game and never writes it again.
        one.goto(base_url_app + "#/")
        one.click(f'li.save[data-save="{save_id}"] details.save-more > summary')
        one.click(f'li.save[data-save="{save_id}"] button[data-act="delete"]')
        one.click(f'li.save[data-save="{save_id}"] button[data-act="delete-yes"]')
        two.wait_for_selector("#saves")
        assert "deleted" in (two.text_content(".banner-error") or "")
        two.go_back()
        two.wait_for_timeout(300)
        for tab in (one, two):
            assert tab.evaluate(f"localStorage.getItem('automa.save.{save_id}')") is None
            assert save_id not in saves_listed(tab)
    finally:
        one.close()
        two.close()


def test_a_game_deleted_unheard_is_not_brought_back(page: Page, base_url_app: str) -> None:
    """Even with no storage event (the other tab's delete went unheard), an answer to a game
    that is gone writes nothing and says so."""
    open_app(page, base_url_app)
    start_game(page, GAME)
    save_id = page.url.split("#/play/")[1]
    page.evaluate(f"localStorage.removeItem('automa.save.{save_id}')")
    answer(page, 0.0)
    page.wait_for_selector("#saves")
    assert "deleted" in (page.text_content(".banner-error") or "")
    assert page.evaluate(f"localStorage.getItem('automa.save.{save_id}')") is None
    assert save_id not in saves_listed(page)


def test_full_storage_keeps_a_consistent_list(page: Page, base_url_app: str) -> None:
    """A game written while its list entry could not be is listed again; a game that could not
    be written at all leaves no trace."""
    ids = two_games(page, base_url_app)
    page.evaluate("""() => {
        const set = Storage.prototype.setItem;
        window.__setItem = set;
        Storage.prototype.setItem = function (k, v) {
            if (k === 'automa.index') throw new DOMException('full', 'QuotaExceededError');
            return set.call(this, k, v);
        };
    }""")
    page.goto(base_url_app + "#/")
    start_game(page, GAME)
    orphan = page.url.split("#/play/")[1]
    page.evaluate("""() => { Storage.prototype.setItem = function () {
        throw new DOMException('full', 'QuotaExceededError'); }; }""")
    def kept(key: str) -> bool:  # the stored screens are a cache, dropped to make room
        return key != "automa.last" and not key.startswith("automa.screen.")

    before = {k: v for k, v in storage(page).items() if kept(k)}
    page.goto(base_url_app + "#/")
    start_game(page, GAMES[-1])
    assert "storage is full" in (page.text_content(".banner-error") or "")
    after = {k: v for k, v in storage(page).items() if kept(k)}
    assert not any(k.startswith("automa.screen.") for k in storage(page))
    assert after == before
    page.evaluate("() => { Storage.prototype.setItem = window.__setItem; }")
    page.reload()
    wait_ready(page)
    assert sorted(saves_listed(page)) == sorted([*ids, orphan])


@pytest.mark.parametrize("index", ['{"v":2,"saves":{"x":"oops"}}', "[1,2", '{"a":5}',
                                   '{"v":2,"saves":{"ghost-1":{"game":"<b>x</b>"}}}'])
def test_a_broken_list_is_repaired_at_start(page: Page, base_url_app: str, index: str) -> None:
    """A malformed list of saved games never locks the app: it starts and lists every game."""
    ids = two_games(page, base_url_app)
    page.evaluate("(text) => localStorage.setItem('automa.index', text)", index)
    page.reload()
    wait_ready(page)
    assert sorted(saves_listed(page)) == sorted(ids)
    repaired = json.loads(page.evaluate("localStorage.getItem('automa.index')"))
    assert sorted(repaired["saves"]) == sorted(ids)


def test_a_failed_settings_write_says_so(page: Page, base_url_app: str) -> None:
    """Settings that could not be stored are reported as settings, not as a lost game."""
    open_app(page, base_url_app)
    page.goto(base_url_app + "#/settings")
    page.wait_for_selector("#settings-form")
    page.evaluate("""() => { const set = Storage.prototype.setItem;
        Storage.prototype.setItem = function (k, v) {
            if (k === 'automa.settings') throw new DOMException('full', 'QuotaExceededError');
            return set.call(this, k, v); }; }""")
    page.check('input[data-setting="theme"][value="dark"]')
    message = page.text_content(".banner-error") or ""
    assert "settings could not be stored" in message and "game" not in message.split("(")[0]
    assert page.get_attribute("html", "data-theme") == "dark"


def held_save() -> str:
    """A save whose answers no longer replay (as from older rules): it opens from its
    snapshot, without its undo history."""
    data = base_save()
    data["actions"] = [{"answer": "an answer the rules no longer take"}]
    return json.dumps(data)


def test_a_game_without_its_history_keeps_the_original(page: Page, base_url_app: str) -> None:
    """Opening says so; the original is kept aside through the next answers until the player
    accepts, and can be exported meanwhile."""
    open_app(page, base_url_app)
    original = held_save()
    page.evaluate("(text) => localStorage.setItem('automa.save.old-1', text)", original)
    page.goto(base_url_app + "#/play/old-1")
    page.wait_for_selector("#held-notice")
    answer(page, 0.0)
    page.wait_for_function("localStorage.getItem('automa.save.old-1').includes('\\n')")
    assert page.evaluate("localStorage.getItem('automa.held.old-1')") == original
    with page.expect_download() as download:
        page.click('button[data-act="export-original"]')
    assert Path(download.value.path()).read_text() == original
    page.click('button[data-act="accept-held"]')
    page.wait_for_selector("#held-notice", state="detached")
    assert page.evaluate("localStorage.getItem('automa.held.old-1')") is None


def test_a_new_version_is_announced_and_saves_kept(page: Page, base_url_app: str) -> None:
    """When the service worker installs a new version, the page offers a reload; the saved
    games are untouched."""
    ids = two_games(page, base_url_app)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    before = storage(page)
    sw = ROOT / "dist" / "sw.js"
    text = sw.read_text()
    try:
        sw.write_text(text + "\n// a new version\n")
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        notice = shown(page, "#update-notice", timeout=120_000)
        # (named by its version when the new worker tells it, else "a new version")
        assert "of the app is installed" in (notice.text_content() or "")
        assert storage(page) == before
        page.click('button[data-act="reload"]')
        wait_ready(page)
        assert sorted(saves_listed(page)) == sorted(ids)
    finally:
        sw.write_text(text)
    # the build's own worker takes over again (a new version waits for the player's word)
    page.evaluate("""async () => {
        const r = await navigator.serviceWorker.getRegistration();
        await r.update();
        const w = r.installing || r.waiting;
        if (w) { w.postMessage({type: 'skip-waiting'}); }
    }""")
    page.wait_for_function("navigator.serviceWorker.getRegistration().then(r => !r.waiting)")


@pytest.mark.parametrize("lang,words", [("en", "can no longer be undone"),
                                        ("uk", "вже не можна скасувати")])
def test_an_imported_game_without_its_history_keeps_the_file(
        page: Page, base_url_app: str, tmp_path: Path, lang: str, words: str) -> None:
    """An imported save that opens only from its snapshot says so (in the player's language)
    and keeps the file's text."""
    open_app(page, base_url_app, lang=lang)
    path = tmp_path / "older.json"
    path.write_text(held_save())
    page.set_input_files("#import-file", str(path))
    notice = shown(page, "#held-notice")
    assert words in (notice.text_content() or "")
    save_id = page.url.split("#/play/")[1]
    assert page.evaluate(f"localStorage.getItem('automa.held.{save_id}')") == held_save()
