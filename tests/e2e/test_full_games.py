"""Whole games through the web app: every difficulty of every game plays to its end.

One page plays them one after the other (as a person starting new games would), tapping the
answers on screen; the game must reach its end screen, with no error shown on the way.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page

import automa
from tests.e2e.helpers import answer, dist_games, open_app, strategy_x

pytestmark = pytest.mark.e2e
MAX_TAPS = 1500


def difficulty_runs() -> list[tuple[str, dict[str, int]]]:
    """(game, {option: choice index}) for every difficulty, and every variant at level one."""
    runs: list[tuple[str, dict[str, int]]] = []
    schemas = {g["id"]: g for g in automa.games()}
    for game in dist_games():
        options = {o["id"]: o for o in schemas[game]["options"]}
        for i in range(len(options["difficulty"]["choices"])):
            runs.append((game, {"difficulty": i}))
        if "variant" in options:
            for i in range(1, len(options["variant"]["choices"])):
                runs.append((game, {"variant": i}))
    return runs


def choose(page: Page, option: str, index: int) -> None:
    """Set one option on the new-game screen (radio buttons, or a list for many values)."""
    radio = page.locator(f'input[type=radio][data-option="{option}"][value="{index}"]')
    if radio.count():
        radio.check()
    else:
        page.select_option(f'select[data-option="{option}"]', str(index))


@pytest.mark.parametrize(("game", "options"), difficulty_runs(),
                         ids=lambda v: v if isinstance(v, str) else "-".join(
                             f"{k}{i}" for k, i in v.items()))
def test_a_whole_game_plays_to_its_end_in_the_app(page: Page, base_url_app: str, game: str,
                                                  options: dict[str, int]) -> None:
    open_app(page, base_url_app, hash_=f"#/new/{game}")
    page.wait_for_selector("#new-form")
    for option, index in options.items():
        choose(page, option, index)
    page.fill("#seed", "5")
    page.click('button[data-act="start"]')
    page.wait_for_selector("#prompt")
    taps: list[dict[str, Any]] = []
    for i in range(MAX_TAPS):
        result = answer(page, strategy_x(page, game, i, (i * 0.618) % 1.0))
        if result is None:
            break
        assert not result.get("error"), f"error after {result['key']}: {result['error']}"
        taps.append(result)
    else:
        pytest.fail(f"{game} {options}: no end after {MAX_TAPS} answers")
    assert page.locator('#prompt[data-kind="over"]').count() == 1
    assert len(taps) > 20
