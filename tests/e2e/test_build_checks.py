"""build.py refuses to build on a missing translation or invalid card data (no browser)."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import build


def test_a_missing_ukrainian_message_stops_the_build(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every English message must exist in Ukrainian, with the Ukrainian plural forms."""
    from automa.core import i18n

    catalogs: dict[str, dict[str, Any]] = {
        "en": {"web.x": "x", "web.n": {"one": "{n} card", "other": "{n} cards"}},
        "uk": {"web.n": {"one": "{n} карта", "other": "{n} карти"}},
    }
    monkeypatch.setattr(i18n, "load_source_catalog", lambda lang: catalogs[lang])
    with pytest.raises(build.BuildError) as error:
        build.check_translations()
    assert "uk: missing web.x" in str(error.value)
    assert "web.n needs the plural forms ['few', 'many']" in str(error.value)


def test_invalid_card_data_stops_the_build(monkeypatch: pytest.MonkeyPatch) -> None:
    """Card data that fails validation names the game, file, card and field."""
    import automa

    def broken(game_id: str, options: Any, seed: int) -> None:
        raise automa.InvalidCardData("cards/x/a.toml", "c1", "cost", "missing")

    monkeypatch.setattr(automa, "new_game", broken)
    with pytest.raises(build.BuildError) as error:
        build.check_cards()
    message = str(error.value)
    assert "invalid card data" in message and "cards/x/a.toml" in message and "cost" in message
