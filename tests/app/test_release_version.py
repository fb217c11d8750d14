"""Issue 32: each release has a version that Settings show and the "update ready" notice
names; and the iPhone's own limits are said where a player looks for the saved games."""

from __future__ import annotations

import pytest

from automa.app.controller import Controller
from automa.core import formats
from tests.app.test_saves import Clock, MemoryKV

READY_NAMED = {"en": "Version 0.2.0-1a2b3c4d5e6f of the app is installed",
               "uk": "Встановлено версію 0.2.0-1a2b3c4d5e6f застосунку"}


def controller(lang: str) -> Controller:
    return Controller(MemoryKV(), Clock(), lang, str)


@pytest.mark.parametrize(("lang", "word"), [("en", "Version"), ("uk", "Версія")])
def test_the_settings_name_this_version(lang: str, word: str) -> None:
    body = str(controller(lang).settings_screen().body)
    shown = body[body.index('id="app-version"'):]
    assert shown.startswith(f'id="app-version">{word} {formats.stamp()}<')


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_the_update_notice_names_the_new_version(lang: str) -> None:
    c = controller(lang)
    c.update_ready("0.2.0-1a2b3c4d5e6f")
    assert c.updated and READY_NAMED[lang] in str(c.update_notice())
    assert READY_NAMED[lang] in str(c.notices())


def test_a_version_name_that_is_not_one_is_not_shown() -> None:
    """The name comes from the page (its service worker): markup or anything else than a
    version name is dropped, and the notice says only that a new version is ready."""
    c = controller("en")
    c.update_ready('<img src=x onerror="alert(1)">')
    notice = str(c.update_notice())
    assert c.updated and "<img" not in notice and "A new version of the app is installed" in notice


def test_no_update_known_is_no_notice() -> None:
    c = controller("en")
    c.update_ready(None)
    assert not c.updated
    c.update_ready(object())  # (what JavaScript's null is in Python)
    assert not c.updated and "update-notice" not in str(c.notices())


@pytest.mark.parametrize(("lang", "tab", "app"), [
    ("en", "does not see the games saved here in Safari", "Export them in Safari"),
    ("uk", "ігор, збережених тут, у Safari, він не бачить", "Експортуйте їх у Safari")])
@pytest.mark.parametrize("screen", ["home", "settings"])
def test_home_and_settings_say_the_home_screen_app_keeps_its_own_saves(
        lang: str, tab: str, app: str, screen: str) -> None:
    """On an iPhone or iPad, the app on the Home Screen does not see the saves of Safari's
    tab: both places say so, each pointing to export and import (hidden; the page's shell
    shows the one for where it runs)."""
    c = controller(lang)
    body = str((c.home_screen() if screen == "home" else c.settings_screen()).body)
    assert 'data-ios="tab" hidden>' in body and tab in body
    assert 'data-ios="app" hidden>' in body and app in body
