"""The installed web app in headless Chromium: play every game, undo/redo, reload, saves,
offline, Ukrainian, phone layout, accessibility, installability and printing."""

from __future__ import annotations

import json
import math
import random
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import FilePayload, FloatRect, Page

from tests.e2e.helpers import (
    LATIN_WORD,
    ROOT,
    answer,
    dist_games,
    game_state,
    open_app,
    save_text,
    shown,
    start_game,
    wait_ready,
)

pytestmark = pytest.mark.e2e
GAMES = dist_games()
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


# --- checks used on every screen -------------------------------------------------------------
def assert_accessible(page: Page, screen: str) -> None:
    """axe-core finds no serious or critical violation."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        # evaluated by the test driver: the page's CSP rightly refuses an injected <script>
        page.evaluate(AXE.read_text("utf-8") + "\n;undefined")
    found = page.evaluate("""async () => {
        const r = await axe.run(document, {resultTypes: ['violations']});
        return r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
            .map(v => v.id + ': ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(' | '));
    }""")
    assert not found, f"{screen}: {found}"


def assert_no_horizontal_scroll(page: Page, screen: str) -> None:
    """Nothing is wider than the phone's screen."""
    widths = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1], f"{screen}: page is {widths[0]} px wide on {widths[1]} px"


def uk_words() -> set[str]:
    """Latin-script words the Ukrainian catalogs use themselves (names, A4, ...)."""
    words: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, str):
            words.update(w.lower() for w in LATIN_WORD.findall(value))
        elif isinstance(value, dict):
            for v in value.values():
                walk(v)

    for path in (ROOT / "i18n" / "uk").glob("*.toml"):
        walk(tomllib.loads(path.read_text("utf-8")))
    return words


VISIBLE_TEXT_JS = """() => {
    const parts = [document.title, document.body.innerText];
    for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], [alt]'))
        for (const a of ['aria-label', 'title', 'placeholder', 'alt'])
            if (el.getAttribute(a)) parts.push(el.getAttribute(a));
    for (const el of document.querySelectorAll('svg title, svg desc, option'))
        parts.push(el.textContent);
    return parts.join('\\n');
}"""


def assert_no_english(page: Page, screen: str, allowed: set[str]) -> None:
    """No word of English remains on the screen (Latin words must come from the uk catalog;
    the version's name in the settings is no word)."""
    text = page.evaluate(VISIBLE_TEXT_JS).replace(page.evaluate("automaShell.stamp"), "")
    english = sorted({w for w in LATIN_WORD.findall(text) if w.lower() not in allowed})
    assert not english, f"{screen}: English left in Ukrainian: {english[:20]}"


def play(page: Page, answers: int, rnd: random.Random) -> list[dict[str, Any]]:
    """Answer ``answers`` prompts through the UI (fewer if the game ends)."""
    done = []
    for _ in range(answers):
        result = answer(page, rnd.random())
        if result is None:
            break
        assert result["error"] is None, f"{result['key']}: {result['error']}"
        done.append(result)
    return done


# --- the tests -------------------------------------------------------------------------------
def test_every_game_is_listed_and_the_shell_paints_first(page: Page, base_url_app: str) -> None:
    """The shell (title, progress, last game) is painted before Python; home lists the games."""
    open_app(page, base_url_app)
    start_game(page, GAMES[0])
    page.goto(base_url_app + "icons/icon.svg")
    # What the shell shows is recorded when the document is parsed, before any Python can
    # run, so the check does not race a fast start-up.
    page.add_init_script("""document.addEventListener('DOMContentLoaded', () => setTimeout(() => {
        const last = document.querySelector('#shell-last');
        window.__shellAtParse = {
            title: document.querySelector('#title')?.textContent,
            progress: document.querySelector('#progress')?.textContent,
            last: !!last && !last.hidden && last.textContent.trim() !== '',
            ready: document.body.dataset.pyReady ?? null};
    }));""")
    page.goto(base_url_app)
    wait_ready(page)
    shell = page.evaluate("window.__shellAtParse")
    assert shell["title"] == "Automa Companion"
    assert shell["progress"]
    assert shell["last"]
    assert shell["ready"] is None
    painted, ready = page.evaluate("[automaShell.painted, automaShell.ready]")
    assert painted < ready, "the shell must be painted before Python is ready"
    for game in GAMES:
        assert page.is_visible(f'button[data-act="new"][data-arg="{game}"]')
    assert page.locator("#saves li.save").count() == 1
    assert_no_horizontal_scroll(page, "home")
    assert_accessible(page, "home")


@pytest.mark.parametrize("game", GAMES)
def test_play_undo_redo_reload(page: Page, base_url_app: str, game: str) -> None:
    """Ten answers through the UI, undo and redo, then a reload restores the exact game."""
    open_app(page, base_url_app)
    page.click(f'button[data-act="new"][data-arg="{game}"]')
    page.wait_for_selector("#new-form")
    assert_accessible(page, f"new {game}")
    page.fill("#seed", "7")
    page.click('button[data-act="start"]')
    page.wait_for_selector("#prompt")
    rnd = random.Random(game)
    answered = play(page, 9, rnd)
    before = game_state(page)
    answered += play(page, 1, rnd)
    assert len(answered) >= 10, f"the game ended after {len(answered)} answers"
    after = game_state(page)
    page.click("#undo")
    assert game_state(page) == before
    page.click("#redo")
    assert game_state(page) == after
    assert_no_horizontal_scroll(page, f"play {game}")
    page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
    assert_accessible(page, f"play {game}")
    saved = json.loads(save_text(page))
    page.reload()
    wait_ready(page)
    page.wait_for_selector("#prompt")
    restored = json.loads(save_text(page))
    assert restored["snapshot"] == saved["snapshot"]
    assert restored["actions"] == saved["actions"]
    assert restored["redo"] == saved["redo"]


def test_export_then_import_and_bad_files(page: Page, base_url_app: str, tmp_path: Path) -> None:
    """A saved game exports to a file and imports as a new game; bad files are refused."""
    open_app(page, base_url_app)
    start_game(page, GAMES[0])
    play(page, 3, random.Random(3))
    exported_state = game_state(page)
    page.goto(base_url_app + "#/")
    page.wait_for_selector("#saves")
    page.click("#saves details.save-more > summary")  # (a game in progress: behind "⋯")
    with page.expect_download() as download:
        page.click('button[data-act="export"]')
    path = tmp_path / "game.json"
    download.value.save_as(path)
    assert json.loads(path.read_text())["snapshot"] == exported_state
    page.set_input_files("#import-file", str(path))
    page.wait_for_selector("#prompt")
    assert game_state(page) == exported_state
    assert "#/play/" in page.url
    page.goto(base_url_app + "#/")
    page.wait_for_selector("#saves")
    assert page.locator("#saves li.save").count() == 2
    saves_before = page.evaluate("localStorage.getItem('automa.index')")

    data = json.loads(path.read_text())
    cases = {
        "broken.json": path.read_text()[:200],
        "foreign.json": json.dumps({"hello": "world"}),
        "newer.json": json.dumps({**data, "version": 99}),
    }
    expected = {
        "broken.json": "damaged or truncated",
        "foreign.json": "not an Automa Companion save",
        "newer.json": "newer version",
    }
    for name, text in cases.items():
        bad = tmp_path / name
        bad.write_text(text)
        page.set_input_files("#import-file", str(bad))
        banner = shown(page, ".banner-error")
        message = banner.text_content() or ""
        assert expected[name] in message and name in message, message
        page.click('button[data-act="dismiss"]')
        assert page.evaluate("localStorage.getItem('automa.index')") == saves_before
    assert page.locator("#saves li.save").count() == 2


def test_full_storage_is_reported(page: Page, base_url_app: str) -> None:
    """A QuotaExceededError when saving is shown to the player, not swallowed."""
    open_app(page, base_url_app)
    start_game(page, GAMES[0])
    page.evaluate("""() => { Storage.prototype.setItem = function () {
        throw new DOMException('full', 'QuotaExceededError'); }; }""")
    answer(page, 0.0)
    banner = shown(page, ".banner-error")
    assert "storage is full" in (banner.text_content() or "")


def test_ukrainian_everywhere(page: Page, base_url_app: str) -> None:
    """After switching to Ukrainian no English text remains on any screen."""
    allowed = uk_words()
    open_app(page, base_url_app)
    page.goto(base_url_app + "#/settings")
    page.check('input[data-setting="lang"][value="uk"]')
    page.wait_for_selector("html[lang=uk]")
    assert_no_english(page, "settings", allowed)
    assert_accessible(page, "settings")
    for game in GAMES:
        page.goto(base_url_app + "#/")
        page.wait_for_selector('button[data-act="new"]')
        page.click(f'button[data-act="new"][data-arg="{game}"]')
        page.wait_for_selector("#new-form")
        assert_no_english(page, f"new {game}", allowed)
        page.click('button[data-act="start"]')
        page.wait_for_selector("#prompt")
        rnd = random.Random(5)
        for i in range(12):
            page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
            assert_no_english(page, f"play {game} after {i} answers", allowed)
            if answer(page, rnd.random()) is None:
                break
        piles = page.locator('a[href*="#/pile/"]')
        if piles.count():
            piles.first.click()
            page.wait_for_selector(".pile", state="attached")  # an empty pile shows none
            assert_no_english(page, f"pile {game}", allowed)
            assert_accessible(page, f"pile {game}")
            assert_no_horizontal_scroll(page, f"pile {game}")
    page.goto(base_url_app + "#/")
    page.wait_for_selector("#saves")
    assert_no_english(page, "home", allowed)
    assert_accessible(page, "home (uk)")
    page.reload()
    wait_ready(page)
    assert page.get_attribute("html", "lang") == "uk"


def test_offline_after_first_visit(page: Page, base_url_app: str) -> None:
    """With the network off, a reload starts the app from its service worker and it plays."""
    open_app(page, base_url_app)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    page.wait_for_function("""async () => {
        const names = await caches.keys();
        return names.some(n => n.startsWith('automa-companion-'));
    }""", timeout=60_000)
    context = page.context
    context.set_offline(True)
    try:
        page.reload()
        wait_ready(page)
        assert page.evaluate("navigator.onLine") is False
        start_game(page, GAMES[-1])
        assert len(play(page, 5, random.Random(1))) == 5
    finally:
        context.set_offline(False)


def test_installable(page: Page, base_url_app: str) -> None:
    """Chromium reports no installability error; the manifest's URLs are relative."""
    open_app(page, base_url_app)
    cdp = page.context.new_cdp_session(page)
    errors = cdp.send("Page.getInstallabilityErrors")
    assert errors.get("installabilityErrors") == []
    manifest = page.evaluate("fetch('./manifest.webmanifest').then(r => r.json())")
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    assert manifest["display"] == "standalone"
    assert {i["sizes"] for i in manifest["icons"]} >= {"192x192", "512x512"}
    assert any(i.get("purpose") == "maskable" for i in manifest["icons"])


def renderer_games() -> list[str]:
    """The games that draw card images."""
    return [g for g in GAMES if (ROOT / "py" / "automa" / "render" / f"{g}.py").is_file()]


@pytest.mark.parametrize("paper,size_pt", [("a4", (595.3, 841.9)), ("letter", (612.0, 792.0))])
def test_print_the_deck(page: Page, base_url_app: str, paper: str,
                        size_pt: tuple[float, float]) -> None:
    """The deck prints on real-size 63 × 88 mm cards, nine to a page, with cut marks."""
    games = renderer_games()
    if not games:
        pytest.skip("no game draws card images yet")
    open_app(page, base_url_app)
    page.goto(base_url_app + "#/settings")
    page.check(f'input[data-setting="paper"][value="{paper}"]')
    page.goto(base_url_app + "#/")
    start_game(page, games[0])
    page.evaluate("window.print = () => { window.__printed = true; }")
    page.click('button[data-act="print-deck"]')
    assert page.evaluate("window.__printed") is True
    cards = page.locator(".print-card").count()
    expected_pages = math.ceil(cards / 9)
    assert int(page.get_attribute("#print", "data-pages") or 0) == expected_pages
    page.emulate_media(media="print")
    box = page.locator(".print-card").first.bounding_box()
    assert box is not None
    mm = 96 / 25.4
    assert abs(box["width"] - 63 * mm) < 1 and abs(box["height"] - 88 * mm) < 1
    assert page.locator(".cut-marks line").count() > 0
    pdf = page.pdf(prefer_css_page_size=True, print_background=True)
    page.emulate_media(media="screen")
    pages = len(re.findall(rb"/Type\s*/Page\b", pdf))
    assert pages == expected_pages
    box_pt = re.search(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", pdf)
    assert box_pt is not None
    assert abs(float(box_pt.group(1)) - size_pt[0]) < 2
    assert abs(float(box_pt.group(2)) - size_pt[1]) < 2


def box_in_view(page: Page, selector: str) -> FloatRect:
    """The element's box, checked to be a full touch target inside the viewport."""
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    size = page.viewport_size or {"width": 0, "height": 0}
    assert box["width"] >= 44 and box["height"] >= 44, f"{selector} is too small: {box}"
    assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"], f"{selector} cut: {box}"
    assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"], f"{selector} off: {box}"
    return box


def test_phone_layout_settings_and_folded_rule_readings(page: Page, base_url_app: str) -> None:
    """On a 360 px phone in Ukrainian with the largest text and the dark theme: the rule
    readings are folded, the question comes first, undo/redo sit in reach at the bottom,
    the log is grouped by turn, the screen is kept awake while playing, and a message's
    "Закрити" keeps its word inside its button."""
    page.set_viewport_size({"width": 360, "height": 740})
    open_app(page, base_url_app, lang="uk")
    page.goto(base_url_app + "#/settings")
    page.check('input[data-setting="theme"][value="dark"]')
    assert page.get_attribute("html", "data-theme") == "dark"
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert sum(int(v) for v in re.findall(r"\d+", background)[:3]) < 150, background
    page.check('input[data-setting="text"][value="1.3"]')
    font = page.evaluate("parseFloat(getComputedStyle(document.documentElement).fontSize)")
    assert abs(font - 16 * 1.3) < 0.1
    page.check('input[data-setting="wake"]')
    page.reload()
    wait_ready(page)
    assert page.get_attribute("html", "data-theme") == "dark"
    for name in ("home", "settings"):  # the top bar's links: icons with their words
        assert page.get_attribute(f'#nav a[href$="{"/" if name == "home" else name}"]',
                                  "aria-label")
    for game in GAMES:
        page.goto(base_url_app + f"#/new/{game}")
        page.wait_for_selector("#new-form")
        advanced = page.locator("#advanced")
        if advanced.count():
            assert advanced.get_attribute("open") is None
            assert not page.locator("#advanced .field").first.is_visible()
            page.click("#advanced summary")
            assert page.locator("#advanced .field").first.is_visible()
        assert_no_horizontal_scroll(page, f"new {game} (uk, large text)")
    page.goto(base_url_app + "#/new/" + GAMES[0])
    page.wait_for_selector("#new-form")
    page.fill("#seed", "3")
    page.click('button[data-act="start"]')
    page.wait_for_selector("#prompt")
    assert page.evaluate("window.automaShell.wantWake") is True
    rnd = random.Random(2)
    for _ in range(12):
        first = page.locator(".summary, #question").first.bounding_box()
        assert first is not None and first["y"] < 200, "the bots' turn or the question is not first"
        box_in_view(page, "#undo")
        box_in_view(page, "#redo")
        title = page.evaluate("[document.getElementById('title').scrollWidth,"
                              " document.getElementById('title').clientWidth]")
        assert title[0] <= title[1], f"the title overflows: {title}"
        assert_no_horizontal_scroll(page, "play (uk, large text)")
        if answer(page, rnd.random()) is None:
            break
    assert page.locator(".log .log-turn").count() >= 1
    assert_accessible(page, "play (uk, dark, large text)")
    page.goto(base_url_app + "#/")
    page.wait_for_selector("#saves")
    assert page.evaluate("window.automaShell.wantWake") is False
    broken: FilePayload = {"name": "broken.json", "mimeType": "application/json", "buffer": b"{"}
    page.set_input_files("#import-file", files=broken)
    dismiss = shown(page, '.banner button[data-act="dismiss"]')  # its word inside it
    assert dismiss.evaluate("e => e.scrollWidth <= e.clientWidth + 1"), dismiss.inner_text()


PLAY_SCREEN_JS = """() => {
    const q = document.getElementById('question');
    const summary = document.querySelector('.summary');
    const overflowing = [...document.querySelectorAll(
        '#question, #question *, .step-text, .instructions li, button.answer, .dock button')]
        .filter(e => e.offsetParent !== null && e.scrollWidth > e.clientWidth + 1)
        .map(e => e.textContent.slice(0, 40));
    const breaking = [...document.querySelectorAll('.play *')].filter(e => {
        const st = getComputedStyle(e);
        return st.wordBreak === 'break-all' || st.overflowWrap === 'anywhere';
    }).length;
    const dock = [...document.querySelectorAll(
        '#dock button:not([disabled]), #dock input, #dock select')];
    return {
        focused: document.activeElement && document.activeElement.id,
        questionFirst: !summary
            || (q.compareDocumentPosition(summary) & Node.DOCUMENT_POSITION_FOLLOWING) > 0,
        steps: summary ? [...summary.querySelectorAll('li')].every(
            li => li.querySelector('input[type=checkbox]') && li.querySelector('svg')) : true,
        undoFirst: dock.length > 1 && dock[0].id === 'undo',
        overflowing, breaking,
        kind: document.getElementById('prompt').dataset.kind,
        key: document.getElementById('prompt').dataset.key,
        scrollY,
    };
}"""


@pytest.mark.parametrize("lang", ["en", "uk", "de"])
def test_the_play_screen_on_a_360_px_phone(page: Page, base_url_app: str, lang: str) -> None:
    """At 360 px in every language, through the first answers of every game: the question
    comes first, then what the bots did as a checklist (icon and box per step); the new
    question gets the focus after every answer and is scrolled to (though the player had
    scrolled down to the bots' steps), the dock offers the answer before Undo, no word is
    broken or runs out of its box, and Enter in a number box answers it."""
    page.set_viewport_size({"width": 360, "height": 740})
    open_app(page, base_url_app, lang=lang)
    rnd = random.Random(5)
    for game in GAMES:
        page.goto(base_url_app + "#/")
        page.wait_for_selector("#saves")
        start_game(page, game, seed=3)
        entered, key = False, ""
        for i in range(25):
            seen = page.evaluate(PLAY_SCREEN_JS)
            where = f"{game} ({lang}) step {i}: {seen['key']}"
            assert seen["questionFirst"] and seen["steps"], where
            assert not seen["undoFirst"], where
            assert not seen["overflowing"] and not seen["breaking"], (where, seen)
            if i:
                assert seen["focused"] == "question", where
            if seen["key"] != key:
                assert seen["scrollY"] == 0, f"{where}: the new question is scrolled away"
            key = seen["key"]
            assert_no_horizontal_scroll(page, where)
            if seen["kind"] == "count" and not entered:
                entered = True
                before = save_text(page)
                page.focus("#count")
                if page.input_value("#count") == "":  # (a count read off the board: typed)
                    page.keyboard.type(str(page.get_attribute("#count", "min")))
                page.keyboard.press("Enter")
                page.wait_for_function("(b) => automaDebug() !== b", arg=before)
                continue
            page.evaluate("window.scrollTo(0, document.body.scrollHeight)")  # the bots' steps
            if answer(page, rnd.random()) is None:
                break
        assert_accessible(page, f"play {game} ({lang})")


GAP_JS = """([upper, lower]) => {
    const a = document.querySelector(upper), b = document.querySelector(lower);
    return b.getBoundingClientRect().top - a.getBoundingClientRect().bottom;
}"""


def test_my_decks_and_the_deck_editor_keep_their_controls_apart(page: Page,
                                                                 base_url_app: str) -> None:
    """At 360 px: "My decks" sits clear of its game's tile, and the deck editor's name box,
    card tabs and card form do not touch; the links between My decks and the new-game form
    are a thumb's tap."""
    game = "glory_of_civilizations"
    if game not in GAMES:
        pytest.skip("no Glory of Civilizations in this build")
    page.set_viewport_size({"width": 360, "height": 740})
    open_app(page, base_url_app, lang="uk")
    page.wait_for_selector("#saves")
    tile = f'button.tile[data-arg="{game}"]'
    assert page.evaluate(GAP_JS, [tile, f"{tile} + .tile-links"]) >= 5
    page.goto(base_url_app + f"#/decks/{game}")
    page.click('button[data-act="deck-new"][data-arg="companion"]')
    page.wait_for_selector(".deck-editor .card-edit")
    assert page.evaluate(GAP_JS, [".deck-editor > .field", ".deck-cards"]) >= 8
    assert page.evaluate(GAP_JS, [".deck-cards", ".deck-cards + .card-edit"]) >= 8
    assert_no_horizontal_scroll(page, "deck editor")
    for screen, link in ((f"#/decks/{game}", f'a[href="#/new/{game}"]'),
                         (f"#/new/{game}", f'#new-form a[href="#/decks/{game}"]')):
        page.goto(base_url_app + screen)
        box = shown(page, link).bounding_box()
        assert box is not None and box["height"] >= 44, (screen, box)  # a thumb's tap


OVERFLOW_JS = """() => [...document.querySelectorAll('.play *')].filter(e => {
    if (e.offsetParent === null || e.closest('.visually-hidden, svg')) return false;
    const st = getComputedStyle(e);
    if (st.overflowX === 'auto' || st.overflowX === 'scroll') return false;
    return e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1;
}).map(e => e.tagName + '.' + e.className + ': ' + e.textContent.slice(0, 50))"""


@pytest.mark.parametrize("lang", ["uk", "de"])
def test_nothing_runs_out_of_its_box_at_the_largest_text_size(page: Page, base_url_app: str,
                                                              lang: str) -> None:
    """Ukrainian and German, largest text size, 360 px: the state rows ("Улюблений трек
    Дослідження", "Zusatzwertungsplättchen"), the pile rows with their button and the bot's
    steps ("«Тваринництво»:") all fit, and the page never scrolls sideways."""
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(base_url_app + "icons/icon.svg")
    page.evaluate("lang => localStorage.setItem('automa.settings', "
                  "JSON.stringify({lang, text: 1.3}))", lang)
    page.goto(base_url_app + "#/")
    wait_ready(page)
    for game in GAMES:
        page.goto(base_url_app + "#/")
        page.wait_for_selector("#saves")
        start_game(page, game, seed=7)
        for i in range(12):
            where = f"{game} step {i}"
            assert page.evaluate(OVERFLOW_JS) == [], where
            assert_no_horizontal_scroll(page, where)
            if answer(page, 0.0) is None:
                break


GUIDE_BAR_JS = """() => [...document.querySelectorAll('.bar-title, .bar-nav a')]
    .filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.textContent.trim())"""


@pytest.mark.parametrize("lang", ["en", "uk", "de"])
def test_the_rule_guides_keep_the_games_name_whole_on_a_360_px_phone(page: Page,
                                                                    base_url_app: str,
                                                                    lang: str) -> None:
    """At 360 px the guide's top bar names the other languages short, so the game's name
    ("Civilization: A New Dawn") keeps its words whole; nothing is wider than the phone."""
    page.set_viewport_size({"width": 360, "height": 740})
    for game in GAMES:
        page.goto(base_url_app + f"guide/{game}.{lang}.html")
        page.wait_for_selector("main.guide h2")
        assert page.evaluate(GUIDE_BAR_JS) == [], f"{game} ({lang})"
        assert_no_horizontal_scroll(page, f"guide {game} ({lang})")
        others = page.locator(".bar-nav a[hreflang]").all()
        assert len(others) == 2, game
        for other in others:
            assert other.get_attribute("aria-label") and other.inner_text().strip(), game


ROW_TEXT_JS = """() => {
    const sizes = [];
    for (const t of document.querySelectorAll('#row-strip .row-cards svg text')) {
        const svg = t.ownerSVGElement;
        if (!t.getBoundingClientRect().height || !svg.viewBox.baseVal.width) continue;
        const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
        sizes.push(parseFloat(getComputedStyle(t).fontSize) * scale);
    }
    return sizes.length ? Math.min(...sizes) : 0;
}"""


@pytest.mark.parametrize("game", [g for g in ("civ_new_dawn", "glory_of_civilizations")
                                  if g in GAMES])
def test_the_opened_row_shows_its_cards_readable_at_360_px(page: Page, base_url_app: str,
                                                            game: str) -> None:
    """The at-the-table review (old problem 3): the cards of the opened row drew their smallest
    text at about 7 px. They now lie in table order, each as large as a lone card, sliding
    sideways inside the panel (the page itself never scrolls sideways)."""
    page.set_viewport_size({"width": 360, "height": 780})
    open_app(page, base_url_app)
    start_game(page, game, seed=11)
    for _ in range(4):
        answer(page, 0.3)
    page.click("#row-strip > summary")
    page.wait_for_selector("#row-strip .row-cards svg")
    assert page.evaluate(ROW_TEXT_JS) >= 9.5
    assert_no_horizontal_scroll(page, f"{game}: the opened row")
