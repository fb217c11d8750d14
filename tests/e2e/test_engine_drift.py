"""The engine in the browser (Pyodide's Python 3.14) and on CPython give the same game.

A seeded game is played through the UI; its autosave — answers, log and snapshot, all made
in the browser — is then loaded on CPython, which replays every answer and compares the
result with the browser's snapshot. Any drift (a generator, a sort or a dict order that
differs between the two Pythons) would show as a replay mismatch.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page

import automa
from tests.e2e.helpers import answer, dist_games, open_app, save_text, start_game

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize("game", dist_games())
def test_same_seed_and_answers_give_the_same_game_in_pyodide_and_cpython(
        page: Page, base_url_app: str, game: str) -> None:
    open_app(page, base_url_app)
    start_game(page, game, seed=2026)
    for i in range(40):
        if answer(page, (i * 0.37) % 1.0) is None:
            break
    browser_save = json.loads(save_text(page))
    assert len(browser_save["actions"]) >= 10

    replayed = automa.load_game(json.dumps(browser_save))

    assert replayed.warnings == [], "the CPython replay did not reach the browser's snapshot"
    assert replayed.state == browser_save["snapshot"]
    assert replayed.log == browser_save["log"]
