"""German as a German board-game publisher prints it (issue 51): the term sheet
(``i18n/de/TERMS.md``: the words of the German editions, ours where none exists), German
typography over every catalog and guide text, numbers, plural forms, nouns and the case of
names put into sentences, and the German a voice reads."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

from automa.app import speech
from automa.core import i18n
from automa.core.i18n import format_number, msg, render
from tests.app.test_typography import hits, texts

ROOT = Path(__file__).resolve().parents[2]
NBSP = "\u00a0"
NNBSP = "\u202f"
GAMES = ("tapestry", "age_of_innovation", "civ_new_dawn", "glory_of_civilizations")


# --- the term sheet ---------------------------------------------------------------------------
def term_rows() -> list[dict[str, str]]:
    """The rows of the term sheet's table "Terms" (a ``|`` inside a pattern written ``\\|``)."""
    text = (ROOT / "i18n" / "de" / "TERMS.md").read_text("utf-8")
    table = text.split("## Terms", 1)[1]
    rows = []
    for line in table.splitlines():
        cells = [c.strip().replace("\\|", "|")
                 for c in re.split(r"(?<!\\)\|", line.strip())[1:-1]]
        if len(cells) != 6 or cells[0] in ("Spiel", "---"):
            continue
        game, english, german, pattern, avoid, source = (c.strip("`") for c in cells)
        rows.append({"game": game, "english": english, "german": german, "pattern": pattern,
                     "avoid": avoid, "source": source})
    return rows


def in_game(where: str, game: str) -> bool:
    return game == "alle" or where.startswith((f"{game}.toml", f"guide/{game}.toml"))


PLACEHOLDER = re.compile(r"\{\w+(?::\w+)?\}")


@cache
def prose(lang: str) -> dict[str, str]:
    """A language's texts by where they are, without their placeholders (``{automa}`` names
    no term) and without the plural tables' ``_by``."""
    return {where: PLACEHOLDER.sub("", text) for where, text in texts(lang)
            if not where.endswith("._by")}


def test_the_term_sheet_names_a_source_for_every_term() -> None:
    rows = term_rows()
    assert len(rows) > 50
    sources = {"F-T", "B-A", "A-C", "ours"}
    assert [r["english"] for r in rows if r["source"] not in sources] == []
    assert {r["game"] for r in rows} == {"alle", *GAMES}
    assert all(r["source"] == "ours" for r in rows if r["game"] == "glory_of_civilizations")


@pytest.mark.parametrize("row", term_rows(), ids=lambda r: f"{r['game']}:{r['german']}")
def test_the_term_sheet(row: dict[str, str]) -> None:
    """Wherever the English of a message or guide text names the term, its German uses the
    German edition's word (or ours), and no German text uses a word the sheet rules out."""
    english, german = prose("en"), prose("de")
    term = re.compile(row["english"], re.I)
    pattern = re.compile(row["pattern"])
    mine = {where: text for where, text in german.items() if in_game(where, row["game"])}
    missed = [f"{where}: {text[:90]}" for where, text in mine.items()
              if term.search(english.get(where, "")) and not pattern.search(text)]
    assert missed == [], row["german"]
    if row["avoid"]:
        avoid = re.compile(row["avoid"])
        assert [where for where, text in mine.items() if avoid.search(text)] == [], row["avoid"]


def test_automa_is_a_name_without_article_and_she() -> None:
    """One way in every game (the German Age of Innovation text, B-A): «Automa erhält»,
    «Automas Zug», «sie»; never «die Automa» or «der Automa»."""
    assert hits("de", r"(?<!, )(?<!auf )(?<!in )\b(?:der|die|den|dem|des) Automa(?![\w-])") == []
    assert render("age_of_innovation.answer.automa_turn", {}, "de") == "Automas Zug ▸"
    assert render("tapestry.q.you_ahead_on_favorite",
                  {"bot": msg("tapestry.bot_of.automa"), "track": "Militär", "space": 4},
                  "de").endswith("als der Marker von Automa (Feld 4)?")


def test_the_apps_german_name_and_the_german_titles() -> None:
    for key in ("web.app.title", "cli.title"):
        assert render(key, {}, "de") == "Automa-Helfer", key
    assert render("civ_new_dawn.name", {}, "de") == "Civilization: Ein neues Zeitalter"
    for game in ("tapestry", "age_of_innovation", "glory_of_civilizations"):
        assert render(f"{game}.name", {}, "de").startswith(render(f"{game}.name", {}, "en")[:9])


# --- typography --------------------------------------------------------------------------------
def test_german_quotes_are_low_high_and_balanced() -> None:
    """„…“ (U+201E … U+201C): no straight, English-closing or angled quotes."""
    assert hits("de", r"[\"”«»‚‘]") == []
    assert hits("de", r"“\w") == []  # “ closes a German quote: a word never follows it
    unbalanced = [where for where, text in texts("de") if text.count("„") != text.count("“")]
    assert unbalanced == []


def test_a_spaced_dash_is_an_en_dash_after_a_no_break_space() -> None:
    """German prints a spaced en dash (Gedankenstrich), never an em dash or a hyphen, and a
    line never starts with it; a range is an unspaced en dash («1–6»)."""
    assert hits("de", r"[ \u00a0][-—][ \u00a0]|—") == []
    assert hits("de", r"(?<=\S) –") == []


@pytest.mark.parametrize(("rule", "pattern"), [
    ("a no-break space between a number and its unit",
     r"(?<=[\d}]) (?:SP|MB|kB|GB|mm|Tage)(?![\w])"),
    ("a no-break space after Nr.", r"Nr\. (?!=)"),
    ("no-break spaces around × between numbers", r"(?<=[\d}]) ×|× (?=[\d{])"),
    ("an ellipsis for left-out words stands apart", r"(?<=\w)…"),
    ("three dots are an ellipsis", r"\.\.\."),
    ("no typewriter apostrophe", r"'"),
])
def test_german_typography(rule: str, pattern: str) -> None:
    assert hits("de", pattern) == [], rule


def test_german_is_written_with_du() -> None:
    """German rulebooks address the player with «du» (two players: «ihr»), never with the
    formal «Sie»."""
    assert hits("de", r"\bIhnen\b") == []
    assert hits("de", r"\b(?:Wählen|Tippen|Geben|Legen|Setzen) Sie\b") == []


# --- numbers and plurals -----------------------------------------------------------------------
@pytest.mark.parametrize(("value", "de"), [
    (72.5, "72,5"), (2048.5, f"2{NNBSP}048,5"), (72.0, "72"), (-4.5, "−4,5"), (0.04, "0"),
    (12.345, "12,3"), (1234567.0, f"1{NNBSP}234{NNBSP}567")])
def test_german_numbers_per_din_5008(value: float, de: str) -> None:
    """Decimal comma; digits grouped in threes by a narrow no-break space (DIN 5008: a space,
    the dot only for money)."""
    assert format_number(value, "de") == de


def test_every_german_plural_form_names_its_count() -> None:
    """CLDR one/other, and the count kept in every form: «{n} Karte», «{n} Karten»; a text
    for exactly one in words only in an exact ``"=1"`` form («das eine übrige Feld»)."""
    lost, en = [], i18n.load_source_catalog("en")
    for key, message in i18n.load_source_catalog("de").items():
        if isinstance(message, dict):
            count = "{" + message.get("_by", "n") + "}"
            english = en.get(key)
            if isinstance(english, dict) and count not in english.get("other", count):
                continue  # a count English never shows (chosen by another parameter)
            lost += [f"{key}.{form}" for form in ("one", "other")
                     if count not in message.get(form, count)]
    assert lost == []


def test_a_count_of_one_reads_as_german_singular() -> None:
    assert render("web.play.cards_count", {"n": 1}, "de") == "1 Karte"
    assert render("web.play.cards_count", {"n": 21}, "de") == "21 Karten"
    assert render("tapestry.log.trap", {"left": 1}, "de").endswith("(noch 1 Gobelinkarte)")


# --- nouns and names in sentences --------------------------------------------------------------
NOUN_TABLES = ("tapestry.track_word", "tapestry.card.order_item", "tapestry.landmark",
               "age_of_innovation.terrain", "age_of_innovation.discipline",
               "age_of_innovation.building", "age_of_innovation.what_one",
               "civ_new_dawn.type", "civ_new_dawn.resource", "civ_new_dawn.kind",
               "civ_new_dawn.walk.noun", "glory_of_civilizations.terrain",
               "glory_of_civilizations.stored", "glory_of_civilizations.adversity",
               "glory_of_civilizations.amount", "glory_of_civilizations.item",
               "glory_of_civilizations.area_name")


def noun_messages() -> Iterator[tuple[str, str]]:
    for key, text in i18n.load_source_catalog("de").items():
        if key.rsplit(".", 1)[0] in NOUN_TABLES and isinstance(text, str):
            yield key, text


def test_nouns_are_capitalised_even_where_english_writes_them_small() -> None:
    """English puts "exploration", "food", "damages" into sentences in lower case; German
    nouns keep their capital («die Leiste Entdeckung», «Nahrung +2»)."""
    small = [f"{key}: {text}" for key, text in noun_messages() if not text[:1].isupper()]
    assert small == []
    assert render("tapestry.log.at_end", {"track": msg("tapestry.track_word.exploration")},
                  "de") == "steht am Ende der Leiste Entdeckung: kein Vorrücken"


@pytest.mark.parametrize(("key", "params", "german"), [
    ("tapestry.q.landmark_to_mat", {"landmark": msg("tapestry.landmark.apothecary")},
     "Lege das Wahrzeichen „Apotheke“ auf Automas Einkommenstableau."),
    ("tapestry.q.you_ahead_on_favorite",
     {"bot": msg("tapestry.bot_of.shadow"), "track": msg("tapestry.track_word.science"),
      "space": 3},
     "Liegt dein Marker auf der Leiste Wissenschaft weiter vorn als der Marker des "
     "Schattenimperiums (Feld 3)?"),
    ("age_of_innovation.log.pass_bonus", {"tile": msg("age_of_innovation.bonus.left")},
     "nimmt den linken Rundenbonus: Seine Münzen gehen in den Vorrat zurück, ihr alter "
     "Rundenbonus kommt an seine Stelle."),
    ("age_of_innovation.log.scholar_tile", {"d": msg("age_of_innovation.discipline.medicine")},
     "wählt die Disziplin Medizin, die des Rundenwertungsplättchens."),
    ("glory_of_civilizations.log.train",
     {"n": 1, "unit": msg("glory_of_civilizations.unit.peasants", n=1),
      "terrain": msg("glory_of_civilizations.terrain.meadow"),
      "direction": msg("glory_of_civilizations.direction.ne")},
     "Setze 1 Bauern auf das Feld vom Typ Wiese nach rechts oben"),
    ("glory_of_civilizations.log.cubes",
     {"n": 2, "area": msg("glory_of_civilizations.area.market")},
     "Lege 2 Aktionswürfel auf den Markt"),
    ("civ_new_dawn.log.capital_wonder", {"type": msg("civ_new_dawn.type.military")},
     "Verlege das Weltwunder vom Typ Militär in eine Stadt des AS"),
])
def test_a_name_goes_into_a_sentence_in_its_case_and_gender(
        key: str, params: dict[str, object], german: str) -> None:
    """A name with a gender stands behind a noun that carries the case («das Wahrzeichen
    „Apotheke“», «die Disziplin Medizin»), or its message holds the case the sentence
    needs (genitive «des Schattenimperiums», accusative «den Markt», «1 Bauern»)."""
    assert render(key, params, "de") == german


# --- read aloud --------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "said"), [
    ("+3 SP", "plus 3 Siegpunkte"), ("+1 SP", "plus 1 Siegpunkt"),
    ("Wissenschaft 3 → 4", "Wissenschaft von 3 auf 4"),
    ("Werkstatt → Gilde", "Werkstatt, jetzt Gilde"),
    ("Nr.\u00a02 – „Bündnis“", "Nummer 2 – Bündnis"),
    ("2 × 3", "2 mal 3"),
])
def test_a_german_voice_says_the_symbols_in_words(text: str, said: str) -> None:
    assert speech.speakable(text, "de") == said


def test_a_german_voice_says_roman_numerals_as_numbers() -> None:
    assert speech.said(msg("glory_of_civilizations.log.age", age="II"), "de") == \
        "Epoche 2 beginnt"
    assert "Stufe 2" in speech.said(msg("civ_new_dawn.option.difficulty.prince"), "de")


def test_the_other_language_to_read_aloud_is_named_in_german() -> None:
    """With three languages "the other language" would say nothing: in German the setting
    names it (English), and reads it."""
    assert i18n.OTHER_LANGUAGE == {"en": "uk", "uk": "en", "de": "en"}
    assert render("web.settings.speech_other", {}, "de") == "Ein, auf Englisch"


# --- the terminal ------------------------------------------------------------------------------
def test_the_terminal_plays_in_german_with_j_and_n(capsys: pytest.CaptureFixture[str]) -> None:
    """``--lang de``: the questions, hints and what is read aloud are German, and «j», «ja»
    and «nein» answer a yes/no question."""
    import io

    from automa import cli
    from automa.terminal import NO, YES

    assert {"j", "ja"} <= YES and "nein" in NO
    code = cli.main(["play", "tapestry", "--seed", "5", "--speak", "--no-autosave",
                     "--lang", "de"], stdin=io.StringIO("\n" * 8 + "q\n"))
    out = capsys.readouterr().out
    assert code == 0
    assert render("tapestry.q.setup_components", {}, "de") in out
    said = [line for line in out.splitlines() if line.startswith("Vorgelesen: ")]
    assert said and not any(" SP" in line or "→" in line for line in said), said
    assert render("cli.bye_saved", {"file": ""}, "de")[:15] in out or "Auf Wiedersehen" in out


# --- long words --------------------------------------------------------------------------------
LONGEST_UNBROKEN = 14
"""Letters a German word may run without a break the page can use (a hyphen of its own or a
soft hyphen from ``i18n/de/hyphenation.txt``): at 360 px and the largest text the narrowest
box (a checklist step) holds about 16."""


def test_no_german_word_is_longer_than_a_phone_line_can_hold_without_a_break() -> None:
    """German compounds break with a hyphen at the breaks the build puts into the page
    (Chromium has no German hyphenation of its own on every system)."""
    from buildsteps.hyphenate import SOFT, hyphenator

    put = hyphenator("de")
    long_word = re.compile(rf"[^\W\d_{SOFT}]{{{LONGEST_UNBROKEN + 1},}}")
    unbroken = {m.group(0) for where, text in texts("de") if "web.speech" not in where
                for m in long_word.finditer(put(PLACEHOLDER.sub(" ", text)))}
    assert sorted(unbroken) == []


def test_the_break_marks_spell_the_words_they_break() -> None:
    """Each word of the list, its marks taken out, is a word of the German texts."""
    from buildsteps.hyphenate import list_of

    every = " ".join(text for _, text in texts("de"))
    assert [word for word in list_of("de") if word not in every] == []


def test_the_apps_description_names_the_three_languages() -> None:
    """The installed app's description (its manifest) and the page's own say it speaks
    English, Ukrainian and German."""
    import json

    from buildsteps.icons import manifest

    catalogs = {lang: i18n.load_source_catalog(lang) for lang in i18n.LANGUAGES}
    description = json.loads(manifest(catalogs))["description"]
    assert all(name in description for name in ("English", "Ukrainian", "German"))
    page = (ROOT / "web" / "index.html").read_text("utf-8")
    assert re.search(r'<meta name="description" content="[^"]*English, Ukrainian and German',
                     page)
    for lang in i18n.LANGUAGES:
        assert render("web.app.languages", {}, lang) != "web.app.languages"
