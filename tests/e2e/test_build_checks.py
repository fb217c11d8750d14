"""build.py refuses to build on a missing translation or invalid card data (no browser)."""

from __future__ import annotations

from typing import Any

import pytest

from buildsteps.check import check_cards, check_translations, game_packages
from buildsteps.common import BuildError


def test_a_missing_ukrainian_message_stops_the_build(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every English message must exist in Ukrainian, with the Ukrainian plural forms, and
    in German with its placeholders."""
    from automa.core import i18n

    catalogs: dict[str, dict[str, Any]] = {
        "en": {"web.x": "x", "web.n": {"one": "{n} card", "other": "{n} cards"}},
        "uk": {"web.n": {"one": "{n} карта", "other": "{n} карти"}},
        "de": {"web.x": "x", "web.n": {"one": "eine Karte", "other": "{k} Karten"}},
    }
    monkeypatch.setattr(i18n, "load_source_catalog", lambda lang: catalogs[lang])
    with pytest.raises(BuildError) as error:
        check_translations()
    assert "uk: missing web.x" in str(error.value)
    assert "web.n needs the plural forms ['few', 'many']" in str(error.value)
    assert "de: web.n has placeholders ['k'], English has ['n']" in str(error.value)


def test_invalid_card_data_stops_the_build(monkeypatch: pytest.MonkeyPatch) -> None:
    """Card data that fails validation names the game, file, card and field."""
    import automa

    def broken(game_id: str, options: Any, seed: int) -> None:
        raise automa.InvalidCardData("cards/x/a.toml", "c1", "cost", "missing")

    monkeypatch.setattr(automa, "new_game", broken)
    with pytest.raises(BuildError) as error:
        check_cards()
    message = str(error.value)
    assert "invalid card data" in message and "cards/x/a.toml" in message and "cost" in message


def test_the_build_ships_the_game_packages_only() -> None:
    """Built from inside pytest (the tests' demo game is registered here), the app packs
    exactly the games under py/automa/games/, each with its card data folder."""
    import automa

    assert "demo" in [g["id"] for g in automa.games()]
    shipped = [g["id"] for g in check_cards()]
    assert shipped == game_packages()
    assert shipped == ["age_of_innovation", "civ_new_dawn", "glory_of_civilizations", "tapestry"]


def test_a_game_without_its_card_folder_stops_the_build(tmp_path: Any) -> None:
    games, cards = tmp_path / "games", tmp_path / "cards"
    for game_id in ("chess", "go"):
        (games / game_id).mkdir(parents=True)
        (games / game_id / "__init__.py").write_text("")
    (cards / "go").mkdir(parents=True)
    with pytest.raises(BuildError) as error:
        game_packages(games, cards)
    assert "cards/chess/" in str(error.value) and "go" not in str(error.value)
