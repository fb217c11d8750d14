"""Messages: CLDR plurals, fallback uk/de → en → id, complete catalogs in every language."""

from __future__ import annotations

from pathlib import Path

import pytest

from automa.core.i18n import (
    LANGUAGES,
    REQUIRED_CATEGORIES,
    SPOKEN,
    catalog,
    load_source_catalog,
    placeholders,
    plural_category,
    plural_form,
    render,
    variant_of,
    variant_problems,
)


@pytest.mark.parametrize(("n", "category"), [
    (1, "one"), (2, "few"), (5, "many"), (11, "many"), (21, "one"), (22, "few"), (25, "many"),
    (111, "many"), (0, "many"), (12, "many"), (14, "many"), (104, "few"), (1.5, "other"),
])
def test_ukrainian_plural_categories(n: float, category: str) -> None:
    assert plural_category("uk", n) == category


def test_english_plural_categories() -> None:
    assert [plural_category("en", n) for n in (0, 1, 2, 21)] == ["other", "one", "other", "other"]


@pytest.mark.parametrize(("n", "category"), [
    (1, "one"), (0, "other"), (2, "other"), (21, "other"), (101, "other"), (1.5, "other")])
def test_german_plural_categories(n: float, category: str) -> None:
    """CLDR German: ``one`` is exactly 1 (no 21, 101 as in Ukrainian), all else ``other``."""
    assert plural_category("de", n) == category


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


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_english_message_exists_in_each_language_with_the_same_placeholders_and_plurals(
        lang: str) -> None:
    """Key by key (issue 51, done when): every message of English is in Ukrainian and in
    German, none more, each with English's placeholders; a plural message stays plural, with
    the plural categories the language needs (CLDR: German one/other, Ukrainian
    one/few/many/other) chosen by the same count (a language may make a message plural that
    English need not: Ukrainian counts «карти»/«карт» where English says "cards")."""
    en, other = ({k: m for k, m in load_source_catalog(code).items() if variant_of(k) is None}
                 for code in ("en", lang))
    assert sorted(set(en) - set(other)) == [], f"missing in {lang}"
    assert sorted(set(other) - set(en)) == [], "missing in en"
    for key, message in en.items():
        assert placeholders(message) == placeholders(other[key]), (lang, key)
        translated = other[key]
        if isinstance(message, dict):
            assert isinstance(translated, dict), (lang, key)
            assert translated.get("_by", "n") == message.get("_by", "n"), (lang, key)
        if isinstance(translated, dict):
            assert set(REQUIRED_CATEGORIES[lang]) <= set(translated), (lang, key)


def test_german_follows_todays_english() -> None:
    """Whatever reaches English later (new screens, reworded messages) is listed, with its
    English, by ``python3 build.py translations de``; once translated, ``--mark KEY``
    records the English it follows (``i18n/de/translated-from.json``)."""
    from buildsteps import translations

    found = translations.status("de")
    assert found.missing == [], "python3 build.py translations de"
    assert found.changed == [], "python3 build.py translations de"
    assert found.obsolete == [], "python3 build.py translations de"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_spoken_variant_belongs_to_a_message_and_uses_only_its_placeholders(
        lang: str) -> None:
    """``K.spoken`` (and its forms ``K.spoken.<form>``) are one language's own: each is a
    variant of a message ``K`` of that language, with no placeholder ``K`` lacks."""
    assert variant_problems(load_source_catalog(lang)) == []
    assert variant_problems({"a": "x {n}", "a.spoken": "{n} {m:gen}", "b.spoken": ""}) == [
        "a.spoken: placeholders ['m'] that a has not", "b.spoken: a variant of no message"]


def test_a_spoken_variant_is_said_its_parameters_in_the_form_it_asks() -> None:
    assert render("glory_of_civilizations.log.age", {"age": "II"}, "uk") == "Починається епоха II"
    assert render("glory_of_civilizations.log.age", {"age": "II"}, "uk",
                  SPOKEN) == "Починається друга епоха"
    assert render("glory_of_civilizations.log.age", {"age": "II"}, "en", SPOKEN) == "Age 2 begins"
    assert render("core.yes", {}, "uk", SPOKEN) == "так"  # no variant: the message itself


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_messages_have_every_category_the_language_needs(lang: str) -> None:
    for key, message in load_source_catalog(lang).items():
        if isinstance(message, dict):
            missing = set(REQUIRED_CATEGORIES[lang]) - set(message)
            assert not missing, f"{lang} {key} lacks {missing}"


def test_an_exact_form_comes_before_the_category_of_its_number() -> None:
    """Ukrainian ``one`` is 1, 21, 31, 101…: ``"=1"`` holds the text for exactly one."""
    message = {"=1": "the card", "one": "{n} card", "few": "{n} cards", "many": "{n} cards",
               "other": "{n} cards"}
    assert [plural_form(message, "uk", n) for n in (1, 21, 2, 1.0, 0.5)] == [
        "the card", "{n} card", "{n} cards", "the card", "{n} cards"]
    assert plural_form({"other": "x"}, "uk", float("nan")) == "x"


def _means_exactly_one(message: dict[str, str], lang: str, n: int) -> bool:
    """Whether the form ``n`` selects is only ever used for exactly one: an explicit
    ``"=1"``, or a category no other number falls in (English ``one``)."""
    if n != 1:
        return False
    return "=1" in message or all(plural_category(lang, m) != plural_category(lang, 1)
                                  for m in range(2, 1001))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_plural_message_shows_its_count_at_1_21_and_101_as_it_does_at_2(lang: str) -> None:
    """A form that covers several numbers names the count wherever the form for 2 does:
    Ukrainian ``one`` is also 21, 31, 101…, so «Поки що не для гри: …» there lost «21».
    Only a form for exactly one (``"=1"``, English ``one``) may say it in words."""
    lost = []
    for key, message in load_source_catalog(lang).items():
        if not isinstance(message, dict):
            continue
        count = "{" + message.get("_by", "n") + "}"
        if count not in plural_form(message, lang, 2):
            continue
        lost += [f"{key} at {n}" for n in (1, 21, 101)
                 if count not in plural_form(message, lang, n)
                 and not _means_exactly_one(message, lang, n)]
    assert lost == []


def test_catalog_is_cached_and_non_empty() -> None:
    assert catalog("en") is catalog("en") and len(catalog("en")) > 10


def test_the_translations_report_lists_what_is_missing_or_changed_in_english(
        tmp_path: Path) -> None:
    """``build.py translations de``: a key English gained is missing; a German text whose
    English changed since it was marked is changed, until it is marked again."""
    from buildsteps import translations

    def write(lang: str, text: str) -> None:
        (tmp_path / lang).mkdir(exist_ok=True)
        (tmp_path / lang / "web.toml").write_text(text, "utf-8")

    write("en", '[web]\nyes = "Yes"\nno = "No"\n')
    write("de", '[web]\nyes = "Ja"\nno = "Nein"\n"no.spoken" = "nein"\n')
    assert translations.status("de", tmp_path).changed == ["web.no", "web.yes"]
    assert translations.mark("de", None, tmp_path) == ["web.no", "web.yes"]
    assert translations.status("de", tmp_path).done
    write("en", '[web]\nyes = "Yes!"\nno = "No"\nmaybe = "Maybe"\n')
    found = translations.status("de", tmp_path)
    assert (found.missing, found.changed, found.obsolete) == (["web.maybe"], ["web.yes"], [])
    report = translations.report("de", tmp_path)
    assert 'missing  web.maybe  "Maybe"' in report and 'changed  web.yes  "Yes!"' in report
    translations.mark("de", ["web.yes"], tmp_path)
    assert translations.status("de", tmp_path).changed == []
