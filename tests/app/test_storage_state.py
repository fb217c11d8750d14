"""Data-durability review: the settings say whether the browser keeps the storage for good
(``navigator.storage.persisted()``) and how much is used (``estimate()``): the screen
brings the words in the player's language, the page's shell the browser's figures."""

from __future__ import annotations

import pytest

from automa.app.controller import Controller
from tests.app.test_saves import Clock, MemoryKV


@pytest.mark.parametrize(("lang", "words"), [("en", "persistent storage: no"),
                                             ("uk", "постійне сховище: ні")])
def test_the_settings_name_the_storage_state_in_the_players_language(lang: str,
                                                                     words: str) -> None:
    body = str(Controller(MemoryKV(), Clock(), lang, str).settings_screen().body)
    state = body[body.index('id="storage-state"'):]
    assert words in state and "{used}" in state and "{quota}" in state


@pytest.mark.parametrize(("lang", "words"), [("en", "Home Screen"),
                                             ("uk", "«На Початковий екран»")])
def test_home_carries_the_ios_install_or_export_notice_hidden(lang: str, words: str) -> None:
    """Durability review: Safari on iOS may delete a site's data after 7 days without a
    visit; home carries the advice (install or export), which the page's shell shows only
    in Safari's own tabs on iOS."""
    body = str(Controller(MemoryKV(), Clock(), lang, str).home_screen().body)
    notice = body[body.index('id="ios-tab-notice"'):]
    assert notice.startswith('id="ios-tab-notice" hidden>') and words in notice
