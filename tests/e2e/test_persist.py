"""Data-durability review: the browser's storage is best-effort (cleared under pressure)
unless the page asks ``navigator.storage.persist()`` and the browser grants it. The app asks
in the gesture of the first game it writes, and its settings say whether the storage is
persisted and how much of it is used (``navigator.storage.estimate()``)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page

from tests.e2e.helpers import answer, open_app, start_game

pytestmark = pytest.mark.e2e

COUNT_PERSIST = """
window.persistAsks = [];
if (navigator.storage && navigator.storage.persist) {
  const ask = navigator.storage.persist.bind(navigator.storage);
  navigator.storage.persist = () => {
    window.persistAsks.push(navigator.userActivation ? navigator.userActivation.isActive : null);
    return ask();
  };
}
"""


def test_persist_is_asked_in_the_gesture_of_the_first_save_and_settings_show_it(
        page: Page, base_url_app: str) -> None:
    page.add_init_script(COUNT_PERSIST)
    open_app(page, base_url_app)
    assert page.evaluate("window.persistAsks") == []  # nothing asked before a game is kept
    start_game(page, "tapestry")
    answer(page)
    page.wait_for_timeout(400)  # (the answer's save is written after the frame)
    assert page.evaluate("window.persistAsks") == [True]  # once, in the tap's activation
    page.evaluate("location.hash = '#/settings'")
    state = page.wait_for_selector("#storage-state:not(:empty)")
    assert state is not None
    assert re.search(r"persistent storage: (yes|no)\).* Used: [\d.,]+ MB of about [\d.,]+ MB",
                     state.text_content() or ""), state.text_content()


@pytest.mark.parametrize("ios_tab", [False, True])
def test_safari_on_ios_outside_the_home_screen_is_told_to_install_or_export(
        page: Page, base_url_app: str, ios_tab: bool) -> None:
    """Durability review: Safari on iOS deletes a site's storage after 7 days of use
    without a visit, except for an app on the Home Screen (``navigator.standalone`` is
    false only in Safari's own tabs on iOS)."""
    if ios_tab:
        page.add_init_script("Object.defineProperty(navigator, 'standalone', {value: false})")
    open_app(page, base_url_app)
    notice = page.wait_for_selector("#ios-tab-notice", state="attached")
    assert notice is not None and notice.is_visible() == ios_tab
