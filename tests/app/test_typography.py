"""One typography and one term sheet for every text the player reads (issue 34, the review
``shared/reviews/ukrainian-2026-11-28.md``, §5): both catalogs and the four guides, read as
TOML trees down to their lists (``[[guide.section]]``), and the numbers the app writes.

Ukrainian as a careful publisher prints it: one apostrophe (ʼ, U+02BC); an em dash for a
spaced dash; a no-break space after «№», between a number and its unit («72 ПО», «12,3 МБ»,
«63 × 88 мм») and before «—»; a decimal comma («72,5», «2 048,5»). The term sheet: README,
"Names in Ukrainian", and the tests below.
"""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
import tomllib
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from automa.app import game_records as rec
from automa.app.record_views import records_screen
from automa.app.words import Words
from automa.core.i18n import format_number, render
from buildsteps.translations import strings

ROOT = Path(__file__).resolve().parents[2]
NBSP = "\u00a0"
CYRILLIC = "А-ЯІЇЄҐа-яіїєґʼ"
UNITS = r"(?:МБ|ГБ|кБ|мм|см|км|кг|ПО)"


def texts(lang: str) -> Iterator[tuple[str, str]]:
    """Every string of a language's catalogs and guides, with where it is (a TOML path)."""
    folder = ROOT / "i18n" / lang
    for path in sorted([*folder.glob("*.toml"), *folder.glob("guide/*.toml")]):
        yield from strings(tomllib.loads(path.read_text("utf-8")), str(path.relative_to(folder)))


def hits(lang: str, pattern: str) -> list[str]:
    """Where ``pattern`` occurs in a language's texts, with a little context."""
    found = re.compile(pattern)
    return [f"{where}: …{text[max(0, m.start() - 25):m.end() + 25]}…"
            for where, text in texts(lang) for m in found.finditer(text)]


def test_the_walk_reaches_the_guides_sections() -> None:
    """The earlier spelling test walked tables only and never saw a guide's sections."""
    assert any("[0].body" in where for where, _ in texts("uk"))


# --- typography ------------------------------------------------------------------------------
def test_one_apostrophe_in_ukrainian() -> None:
    """«пам'ятка», «роз’яснення»: 31 «'» and 11 «’» were mixed; ʼ (U+02BC) is a letter, so a
    word stays one word for a screen reader, a search and a line break."""
    assert hits("uk", rf"(?<=[{CYRILLIC}])['’`‘]|['’`‘](?=[{CYRILLIC}])") == []


def test_one_apostrophe_in_english() -> None:
    """"bots' turn" stood beside the button "Bots’ turn" and "Automa's VP" beside "this
    card’s own ▶": English shows the typographic apostrophe ’ (U+2019) only, as its
    buttons did, never the typewriter ' nor a backtick or an opening ‘ for one."""
    assert hits("en", r"['`]|(?<=\w)‘|‘(?=s\b)") == []


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_a_spaced_dash_is_an_em_dash(lang: str) -> None:
    """Tapestry's levels were «1 – Автома-невдаха»; an en dash belongs in ranges («1–2»)."""
    assert hits(lang, r"(?<=\S)[ \u00a0][-–‒][ \u00a0]") == []


@pytest.mark.parametrize(("rule", "pattern"), [
    ("a no-break space before a dash", r"(?<=\S) —"),
    ("a no-break space after №", r"№ "),
    ("a no-break space between a number and its unit", rf"(?<=[\d}}]) {UNITS}(?![\w])"),
    ("no-break spaces around × after a number", r"(?<=[\d}]) ×|(?<=[\d}]\u00a0×) |×(?= [\d{])"),
])
def test_no_line_breaks_inside_a_ukrainian_figure(rule: str, pattern: str) -> None:
    """On a phone a line broke between «72» and «ПО»; a publisher never allows it."""
    assert hits("uk", pattern) == [], rule


def test_ukrainian_quotes_are_angled_and_balanced() -> None:
    """Kept clean since the first review: no straight or English quotes, «» in pairs."""
    assert hits("uk", r"[\"“”„]") == []
    unbalanced = [where for where, text in texts("uk")
                  if text.count("«") != text.count("»")]
    assert unbalanced == []


# --- the term sheet --------------------------------------------------------------------------
@pytest.mark.parametrize(("term", "pattern"), [
    ("«жетон торгівлі», not «торговий жетон»", r"(?i)торгов\w* жетон"),
    ("«тлумачення», not «прочитання»", r"(?i)прочитанн"),
    ("«карта», never «картка»", r"(?i)(?<!\w)картк"),
    ("«миттєві звершення» (the Glory rulebook)", r"(?i)миттєв\w* досягн"),
    ("the app is «Помічник Автоми»", r"Automa Companion"),
    ("«Автома» with a capital", r"(?<![\w{])автом(?!атич)\w*"),
    ("«N кубики дії», not «N дії» (a lost icon)", r"(?<!кубики )(?<!кубиків )\b\d+ ді[йї]\b"),
    ("no invented title «Цивілізація»", r"«Цивілізаці\w*»"),
    ("no invented title «Ера інновацій»", r"Ер[аиіуо]\w* інновац"),
    ("«мапа» is the map, «карта» a card (issue 47, P1)",
     r"(?i)карт\w* поля|соло-карт|(?:обведено|пронумеровано|поле|гекс|територій) на карті"
     r"|вашою картою|^карта:"),
])
def test_the_term_sheet(term: str, pattern: str) -> None:
    assert hits("uk", pattern) == [], term


def test_the_tapestry_map_is_mapa_wherever_english_says_map() -> None:
    """One map screen read «Порядок із карти пронумеровано» (the tiebreaker card) under
    «(обведено на карті)» (the map): the map is «мапа», as Civilization's texts always said.
    (The guides' "the map" is also the board itself, «поле»: they are held by the term
    sheet above.)"""
    english = dict(texts("en"))
    carta = [f"{where}: {text}" for where, text in texts("uk")
             if where.startswith("tapestry.toml") and "мап" not in text.lower()
             and re.search(r"(?i)\bmaps?\b", english.get(where, ""))]
    assert carta == []


def test_the_apps_ukrainian_name() -> None:
    for key in ("web.app.title", "cli.title"):
        assert render(key, {}, "uk") == "Помічник Автоми", key


@pytest.mark.parametrize("card", ["Спільн\\w* війн\\w*", "Оборонн\\w* пакт\\w*",
                                  "Капіталізм\\w*", "Урбанізаці\\w*", "Посольств\\w*",
                                  "Відкриті кордони"])
def test_civilizations_card_names_stand_in_quotes(card: str) -> None:
    """Card names in running text are in «» (a message that is the name alone is exempt)."""
    bare = [f"{where}: {text[:60]}" for where, text in texts("uk")
            if not re.fullmatch(card, text) and re.search(rf"(?<!«){card}", text)
            and "civ_new_dawn" in where]
    assert bare == []


# --- numbers ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("value", "en", "uk"), [
    (72.5, "72.5", "72,5"), (2048.5, "2,048.5", f"2{NBSP}048,5"), (72.0, "72", "72"),
    (-4.5, "−4.5", "−4,5"), (0.04, "0", "0"), (12.345, "12.3", "12,3")])
def test_one_number_format_per_language(value: float, en: str, uk: str) -> None:
    assert (format_number(value, "en"), format_number(value, "uk")) == (en, uk)


GAMES = ("tapestry", "age_of_innovation", "civ_new_dawn", "glory_of_civilizations")


def fractional_records(game: str) -> list[rec.Record]:
    """Two games whose averages and margins have a fraction (72,5; +5,5; 10,5 per round)."""
    base = rec.Record(id="g-1", game=game, finished=2.0, updated=2.0, options={}, humans=1,
                      rounds=2, bot_total=70, bot_sources={}, by_round=[10, 20], players=[80])
    return [base, replace(base, id="g-2", finished=1.0, bot_total=75, by_round=[11, 21],
                          players=[76])]


def no_decimal_point(text: str) -> list[str]:
    return re.findall(r".{0,30}\d\.\d.{0,10}", text)


@pytest.mark.parametrize("game", GAMES)
def test_the_records_write_ukrainian_numbers(game: str) -> None:
    """Averages, margins and the charts (their scale and their table) of the records screen,
    the page and the terminal alike."""
    from automa.cli_records import show
    from automa.cli_records import words as records_words

    w = records_words("uk")
    records = fractional_records(game)
    view = w.game_records(game, records, lambda ms: "1 січня")
    standing = {r["label"]: r["value"] for r in view["standings"][0]["rows"]}
    assert standing["Середня різниця"] == "+5,5"
    assert "72,5" in standing["Середній рахунок бота"]
    assert view["rounds"] is not None and 10.5 in view["rounds"]["lines"][1].values
    html = str(records_screen([view], [], Words("uk"), full=True, confirm=""))
    assert "+5,5" in html and "10,5" in html
    assert no_decimal_point(re.sub(r'"[^"]*"', '""', html)) == []  # (SVG coordinates aside)
    out = io.StringIO()
    show(rec.Shelf(records=records), game, w, out)
    assert "+5,5" in out.getvalue() and "10,5" in out.getvalue()
    assert no_decimal_point(out.getvalue()) == []


def test_a_file_too_large_says_its_size_in_ukrainian() -> None:
    from automa.app.controller import Controller
    from tests.app.test_saves import Clock, MemoryKV

    c = Controller(MemoryKV(), Clock(), "uk", str)
    assert c.import_refused("x.json", 1234.56 * 2**20) is not None
    assert f"1{NBSP}234,6{NBSP}МБ" in c.banner.message and no_decimal_point(c.banner.message) == []


@pytest.mark.skipif(shutil.which("node") is None, reason="no node to run the page's script")
@pytest.mark.parametrize(("lang", "line"), [
    ("uk", f"Зайнято: 12,3{NBSP}МБ з приблизно 2{NBSP}048,5{NBSP}МБ."),
    ("en", "Used: 12.3 MB of about 2,048.5 MB.")])
def test_the_storage_line_writes_the_languages_numbers(lang: str, line: str) -> None:
    """The page's own script fills the settings' storage line (the figures are the
    browser's): its one formatter (``web/shell/format.mjs``) writes them with the decimal sign
    and separator the screen carries."""
    from automa.app.controller import Controller
    from tests.app.test_saves import Clock, MemoryKV

    body = str(Controller(MemoryKV(), Clock(), lang, str).settings_screen().body)
    state = re.search(r'<p [^>]*id="storage-state"[^>]*>', body)
    assert state is not None
    attrs = dict(re.findall(r'data-(\w+)="([^"]*)"', state.group(0)))
    module = (ROOT / "web" / "shell" / "format.mjs").as_uri()
    used = attrs["used"].replace("&quot;", '"').replace("&amp;", "&")
    program = (f"const {{ megabytes }} = await import({json.dumps(module)});"
               f"const a = {json.dumps(attrs)};"
               f"console.log(JSON.stringify({json.dumps(used)}"
               ".replace('{used}', megabytes(12.34e6, a.point, a.group))"
               ".replace('{quota}', megabytes(2048.5e6, a.point, a.group))))")
    result = subprocess.run(["node", "--input-type=module", "-e", program], capture_output=True,
                            text=True, timeout=30, check=True)
    assert json.loads(result.stdout) == line
