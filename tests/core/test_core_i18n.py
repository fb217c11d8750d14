"""Messages: CLDR plurals, fallback uk → en → id, complete catalogs in both languages."""

from __future__ import annotations

import pytest

from automa.core.i18n import (
    REQUIRED_CATEGORIES,
    catalog,
    load_source_catalog,
    placeholders,
    plural_category,
    render,
)


@pytest.mark.parametrize(("n", "category"), [
    (1, "one"), (2, "few"), (5, "many"), (11, "many"), (21, "one"), (22, "few"), (25, "many"),
    (111, "many"), (0, "many"), (12, "many"), (14, "many"), (104, "few"), (1.5, "other"),
])
def test_ukrainian_plural_categories(n: float, category: str) -> None:
    assert plural_category("uk", n) == category


def test_english_plural_categories() -> None:
    assert [plural_category("en", n) for n in (0, 1, 2, 21)] == ["other", "one", "other", "other"]


def test_fallback_goes_uk_then_en_then_the_message_id() -> None:
    assert render("core.yes", {}, "uk") == "так"
    assert render("no.such.message", {}, "uk") == "no.such.message"
    assert render("core.yes", {}, "xx") == "yes"


def test_parameters_nested_messages_lists_and_booleans() -> None:
    text = render("core.correct.new_value",
                  {"what": {"key": "core.yes", "params": {}}, "current": [1, 2]}, "en")
    assert text == "New value for yes (now 1, 2):"
    assert render("core.log.corrected", {"what": "VP", "old": True, "new": 3.0}, "uk") == \
        "Виправлено «VP»: так → 3"
    assert render("core.correct.new_value", {}, "en") == "New value for {what} (now {current}):"


def test_every_english_message_exists_in_ukrainian_with_the_same_placeholders() -> None:
    en, uk = load_source_catalog("en"), load_source_catalog("uk")
    assert sorted(set(en) - set(uk)) == [], "missing in uk"
    assert sorted(set(uk) - set(en)) == [], "missing in en"
    for key, message in en.items():
        assert placeholders(message) == placeholders(uk[key]), key


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_plural_messages_have_every_category_the_language_needs(lang: str) -> None:
    for key, message in load_source_catalog(lang).items():
        if isinstance(message, dict):
            missing = set(REQUIRED_CATEGORIES[lang]) - set(message)
            assert not missing, f"{lang} {key} lacks {missing}"


def test_catalog_is_cached_and_non_empty() -> None:
    assert catalog("en") is catalog("en") and len(catalog("en")) > 10
