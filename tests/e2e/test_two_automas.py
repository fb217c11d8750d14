"""Glory of Civilizations with two automas in the built app, on a 360 × 780 phone: the
new-game form offers the choice, the game names each automa's turn in the dock and shows
each automa's row as a labelled strip, and nothing scrolls sideways."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from tests.e2e.helpers import answer, dist_games, game_state, open_app, shown

GAME = "glory_of_civilizations"
pytestmark = [pytest.mark.e2e,
              pytest.mark.skipif(GAME not in dist_games(), reason="no Glory in this build")]

TURN = {"en": "Automa {n}’s turn ▸", "uk": "Хід Автоми {n} ▸"}
ROW = {"en": "Automa {n}’s row", "uk": "Автома {n}: ряд"}


def no_sideways_scroll(page: Page, where: str) -> None:
    """Nothing is wider than the phone."""
    wide, screen = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert wide <= screen, f"{where}: {wide} px on {screen} px"


def dock_button(page: Page) -> str:
    """The label of the dock's one-tap answer."""
    return shown(page, "#dock button.answer").inner_text().strip()


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_a_two_automa_game_starts_and_answers_at_360_px(page: Page, base_url_app: str,
                                                        lang: str) -> None:
    page.set_viewport_size({"width": 360, "height": 780})
    open_app(page, base_url_app, lang=lang)
    page.click(f'button[data-act="new"][data-arg="{GAME}"]')
    page.wait_for_selector("#new-form")
    no_sideways_scroll(page, "new-game form")
    page.check('input[data-option="automas"][value="1"]')      # the second choice: 2
    page.check('input[data-option="players"][value="1"]')      # 3 players
    page.fill("#seed", "5")
    page.click('button[data-act="start"]')
    page.wait_for_selector("#prompt")
    assert answer(page) is not None                             # the setup list
    for turn in (1, 2, 1, 2):
        page.wait_for_selector("#row-strip-2")
        assert dock_button(page) == TURN[lang].format(n=turn)
        labels = [e.inner_text().strip() for e in page.query_selector_all(".strip-label")]
        assert labels == [ROW[lang].format(n=1), ROW[lang].format(n=2)]
        no_sideways_scroll(page, f"Automa {turn}'s turn")
        box = shown(page, "#dock button.answer").bounding_box()
        assert box is not None and box["y"] + box["height"] <= 780   # on the first screen
        for _ in range(20):                                         # its turn to the next
            result = answer(page)
            assert result is not None and not result["error"]
            key = page.get_attribute("#prompt", "data-key") or ""
            if key.endswith(("prompt.ready_n", "prompt.ready_pass_n")):
                break
    data = game_state(page)["data"]
    assert len(data["automas"]) == 2
    assert [a["activated"] for a in data["automas"]] == [2, 2]
