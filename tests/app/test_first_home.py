"""Issue 49 / issue 43 item 6: Home as a first visit sees it is drawn by the build with the
app's own controller and painted by the shell before the engine has started; it is the Home
the engine draws as long as the storage holds none of :data:`SHOWN_UNLESS`, and a tap kept
on one of its games opens that game's New game form once the engine is ready."""

from __future__ import annotations

import json

import pytest

from automa.app.first_home import EARLY_ACTIONS, HOME_KEY, SHOWN_UNLESS, first_home
from automa.app.screens import SCREEN_HREF
from automa.core import i18n
from buildsteps.page import first_homes
from tests.app.test_controller import app
from tests.app.test_saves import MemoryKV
from tests.app.test_screens import playing


def engine_home(kv: MemoryKV, lang: str) -> str:
    """``#app`` as the engine draws Home on ``kv``."""
    c = app(kv, lang)
    screen = c.route("#/")
    c.shown(screen.name)
    banner, notices = c.chrome()
    return str(banner + notices + screen.body)


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_builds_home_is_the_engines_home_of_a_storage_without_games(lang: str) -> None:
    kv = MemoryKV()
    assert first_home(lang) == engine_home(kv, lang)  # a first visit
    kv.data["automa.settings"] = json.dumps({"lang": lang, "theme": "dark", "text": 1.3})
    assert first_home(lang) == engine_home(kv, lang)  # settings chosen, no game yet
    assert 'data-act="new"' in first_home(lang)
    assert f'href="./guide/tapestry.{lang}.html"' in first_home(lang)


def test_a_storage_with_a_game_holds_a_key_that_hides_the_builds_home() -> None:
    kv = MemoryKV()
    playing(app(kv))
    assert engine_home(kv, "en") != first_home("en")
    assert [k for k in kv.data if k.startswith(SHOWN_UNLESS)]


def test_the_page_holds_each_languages_home_with_no_markup_that_ends_its_script() -> None:
    text = first_homes(list(i18n.LANGUAGES)).decode()
    assert "<" not in text
    assert json.loads(text) == {lang: first_home(lang) for lang in i18n.LANGUAGES}
    assert all(SCREEN_HREF.match(h) for h in json.loads(text)["en"].split('href="')[1:])


def home_tap(**change: object) -> str:
    """A tap the shell kept on the build's Home: Tapestry's tile."""
    return json.dumps({"save": "", "rev": 0, "key": HOME_KEY, "act": EARLY_ACTIONS[0],
                       "arg": "tapestry", "json": None, **change})


def test_a_game_tapped_on_the_builds_home_opens_its_new_game_form() -> None:
    c = app()
    c.shown(c.route("#/").name)
    out = c.early_tap(home_tap())
    assert out.go == "#/new/tapestry" and not c.banner.message


@pytest.mark.parametrize("change", [{"arg": "chess"}, {"arg": None}, {"act": "delete-yes"},
                                    {"act": "answer"}, {"key": "tapestry.q.x"}])
def test_a_tap_kept_on_home_that_home_does_not_offer_is_not_given(
        change: dict[str, object]) -> None:
    c = app()
    c.shown(c.route("#/").name)
    out = c.early_tap(home_tap(**change))
    assert out.go is None and not out.changed


def test_a_tap_kept_on_home_is_not_given_on_another_screen() -> None:
    c = app()
    c.shown(c.route("#/settings").name)
    assert c.early_tap(home_tap()).go is None
