"""The first screen at the table: on a 360×780 phone every question is answered without
scrolling — the question at the top, every answer control in the dock above the screen's
foot — through a few dozen seeded answers of every game, in English at the default text
size and in Ukrainian and German (its long words) at the largest; and on a desktop window.

(The presenter's estimate of the same layout is checked for every question of every game in
``tests/app/test_first_screen.py``; this test holds the browser to it.)
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from tests.e2e.helpers import (
    FIRST_SCREEN_JS,
    answer,
    dist_games,
    open_app,
    start_game,
    strategy_x,
    wait_ready,
)

pytestmark = pytest.mark.e2e
GAMES = dist_games()
RUNS = [  # (language, text size, viewport, answers per game)
    ("en", 1.0, (360, 780), 30),
    ("uk", 1.3, (360, 780), 14),
    ("de", 1.3, (360, 780), 14),
    ("en", 1.0, (1280, 800), 6),
]


def settings(page: Page, lang: str, text: float) -> None:
    """Set the language and text size in storage and reload into them."""
    page.evaluate("([lang, text]) => localStorage.setItem('automa.settings',"
                  " JSON.stringify({lang, text}))", [lang, text])
    page.reload()
    wait_ready(page)


@pytest.mark.parametrize(("lang", "text", "size", "answers"), RUNS,
                         ids=[f"{lang}-{text}-{w}x{h}" for lang, text, (w, h), _ in RUNS])
def test_every_answer_is_on_the_first_screen(page: Page, base_url_app: str, lang: str,
                                             text: float, size: tuple[int, int],
                                             answers: int) -> None:
    """Seed 7, the whole-game test's answers: at every question the question lies between
    the top bar and the dock and every control that answers it (number, − and +, choices,
    boxes, lists, OK, the one-tap answers) is inside the dock on screen, as drawn — the
    page never has to be scrolled to answer."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    open_app(page, base_url_app, lang=lang)
    settings(page, lang, text)
    off: list[str] = []
    for game in GAMES:
        page.goto(base_url_app + "#/")
        page.wait_for_selector("#saves")
        start_game(page, game, seed=7)
        for i in range(answers):
            found = page.evaluate(FIRST_SCREEN_JS)
            if found is None:
                break
            assert found["controls"], f"{game} {found['key']}: no answer control"
            if found["off"]:
                off.append(f"{game} #{i} {found['key']}: {found['off']}")
            if answer(page, strategy_x(page, game, i, (i * 0.618) % 1.0)) is None:
                break
    assert not off, "answers off the first screen:\n" + "\n".join(off)
