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
