"""What the page shows beside the game: another tab's storage change decided without a
browser, and the standing notices built escaped by the presenter."""

from __future__ import annotations

import pytest

from automa.app import home_views
from automa.app.saves import (
    KEY_INDEX,
    KEY_LAST,
    KEY_SETTINGS,
    SAVE_PREFIX,
    SaveMeta,
    storage_change,
)
from automa.app.words import Words


def meta(rev: int) -> SaveMeta:
    return SaveMeta("demo-1", "demo", 1.0, 2.0, 3, False, rev)


def never() -> SaveMeta | None:
    raise AssertionError("the stored game was read although it does not matter")


@pytest.mark.parametrize("key", [KEY_SETTINGS, KEY_LAST, "automa.held.demo-1", "other.app",
                                 SAVE_PREFIX + "<bad id>"])
def test_keys_that_show_nothing_change_nothing(key: str) -> None:
    assert storage_change(key, "demo-1", 4, never) == ""


def test_the_open_game_saved_newer_elsewhere_is_reloaded() -> None:
    assert storage_change(SAVE_PREFIX + "demo-1", "demo-1", 4, lambda: meta(5)) == "changed"


def test_the_open_game_at_the_same_revision_stays() -> None:
    """Our own write comes back as no event, but a rewrite at the same revision is no news."""
    assert storage_change(SAVE_PREFIX + "demo-1", "demo-1", 4, lambda: meta(4)) == ""


def test_the_open_game_deleted_elsewhere_is_left() -> None:
    assert storage_change(SAVE_PREFIX + "demo-1", "demo-1", 4, lambda: None) == "deleted"


def test_a_cleared_storage_checks_the_open_game() -> None:
    assert storage_change("", "demo-1", 4, lambda: None) == "deleted"


@pytest.mark.parametrize("key", [SAVE_PREFIX + "other-2", KEY_INDEX, ""])
def test_other_games_and_the_list_only_redraw_the_list(key: str) -> None:
    assert storage_change(key, "", None, never) == "list"
    if key:
        assert storage_change(key, "demo-1", 4, never) == "list"


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_the_update_notice_offers_a_reload(lang: str) -> None:
    html = home_views.update_notice(Words(lang))
    assert 'id="update-notice"' in html and 'data-act="reload"' in html
    assert Words(lang).t("web.update.ready") in html


def test_the_held_notice_offers_the_original_only_while_it_is_kept() -> None:
    w = Words("en")
    held = home_views.held_notice("demo-1", True, "", w)
    assert 'data-act="export-original"' in held and 'data-arg="demo-1"' in held
    assert 'data-act="accept-held"' in held
    failed = home_views.held_notice("demo-1", False, "<QuotaExceededError>", w)
    assert "export-original" not in failed and "&lt;QuotaExceededError&gt;" in failed
