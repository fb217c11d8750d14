"""Rule guides: the body markup, the checks of a guide file, escaping, and the shipped guides."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import automa
from automa.app import guide, html
from automa.app.guide import Block, GuideError, parse_body, parse_guide
from automa.app.html import esc
from automa.app.words import Words
from automa.core import i18n

ROOT = Path(__file__).resolve().parents[2]


def sample(**changes: Any) -> dict[str, Any]:
    """A well-formed guide's TOML data, with ``changes`` to its [guide] table."""
    top: dict[str, Any] = {"title": "How it plays", "intro": "Short.",
                           "section": [{"title": "Setting up", "body": "Text."}]}
    top.update(changes)
    return {"guide": top}


def test_blocks_paragraphs_numbered_and_bullet_lists() -> None:
    body = """
A paragraph
over two lines.

1. first step
2. second step

- a bullet
-  another bullet


Last one.
"""
    assert parse_body(body) == (
        Block("p", ("A paragraph over two lines.",)),
        Block("ol", ("first step", "second step")),
        Block("ul", ("a bullet", "another bullet")),
        Block("p", ("Last one.",)))


def test_a_block_that_mixes_list_lines_and_text_is_a_paragraph() -> None:
    assert parse_body("1. a step\nmore words\n- b") == (
        Block("p", ("1. a step more words - b",)),)
    assert parse_body("-no space\n- b") == (Block("p", ("-no space - b",)),)
    assert parse_body("1.5 is a number") == (Block("p", ("1.5 is a number",)),)
    assert parse_body("\n \n\t\n") == ()


def test_hostile_text_is_escaped_everywhere() -> None:
    data = sample(title="<script>alert(1)</script>", intro='" onmouseover="x',
                  section=[{"title": "<b>", "body": "<img src=x onerror=alert(1)>\n\n"
                                                    "- <script>\n- &amp;"}])
    html = guide.article(parse_guide(data))
    assert "<script>" not in html and "<img" not in html and "<b>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "&lt;img src=x onerror=alert(1)&gt;" in html
    assert "<li>&amp;amp;</li>" in html
    assert "&quot; onmouseover=&quot;x" in html


@pytest.mark.parametrize(("data", "says"), [
    ([], "not a table"),
    ({}, "no [guide] table"),
    ({"guide": {"title": "t", "intro": ""}}, "no [[guide.section]]"),
    (sample(title=3), "`title` must be a text"),
    (sample(title="  "), "`title` is empty"),
    (sample(intro=None), "`intro` must be a text"),
    (sample(section=[{"title": "t"}]), "section 1: `body` must be a text"),
    (sample(section=[{"title": "t", "body": "b", "bodyy": "c"}]), "unknown key(s) 'bodyy'"),
    (sample(section=["text"]), "section 1: not a table"),
    (sample(sections=[]), "unknown key(s) 'sections'"),
    ({"guide": sample()["guide"], "extra": 1}, "unknown key(s) 'extra'"),
    (sample(intro="x" * (guide.MAX_TEXT + 1)), "longer than"),
])
def test_a_malformed_guide_names_what_is_wrong(data: Any, says: str) -> None:
    with pytest.raises(GuideError) as error:
        parse_guide(data, "g.toml")
    assert says in str(error.value) and "g.toml" in str(error.value)


def write(root: Path, lang: str, game: str, text: str) -> None:
    path = root / lang / "guide" / f"{game}.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, "utf-8")


GOOD = '[guide]\ntitle = "T"\nintro = "I"\n[[guide.section]]\ntitle = "S"\nbody = "B"\n'


def test_every_language_has_the_guide_with_as_many_sections(tmp_path: Path) -> None:
    write(tmp_path, "en", "tapestry", GOOD)
    with pytest.raises(GuideError, match=r"tapestry: no guide in 'uk'"):
        guide.load_guides(tmp_path, ["tapestry"], ["en", "uk"])
    write(tmp_path, "uk", "tapestry", GOOD + '[[guide.section]]\ntitle = "S2"\nbody = "B2"\n')
    with pytest.raises(GuideError, match=r"different numbers of sections \(en 1, uk 2\)"):
        guide.load_guides(tmp_path, ["tapestry"], ["en", "uk"])
    write(tmp_path, "uk", "tapestry", GOOD)
    found = guide.load_guides(tmp_path, ["tapestry"], ["en", "uk"])
    assert set(found["tapestry"]) == {"en", "uk"}


def test_a_guide_for_no_game_bad_toml_and_stray_files_are_refused(tmp_path: Path) -> None:
    write(tmp_path, "en", "nope", GOOD)
    with pytest.raises(GuideError, match="no registered game is called 'nope'"):
        guide.load_guides(tmp_path, ["tapestry"], ["en"])
    (tmp_path / "en" / "guide" / "nope.toml").unlink()
    write(tmp_path, "en", "tapestry", "[guide\n")
    with pytest.raises(GuideError, match=r"tapestry\.toml"):
        guide.load_guides(tmp_path, ["tapestry"], ["en"])
    (tmp_path / "en" / "guide" / "tapestry.toml").unlink()
    (tmp_path / "en" / "guide" / "notes.txt").write_text("x")
    with pytest.raises(GuideError, match="not a guide"):
        guide.load_guides(tmp_path, ["tapestry"], ["en"])


def test_the_shipped_guides_are_well_formed_and_in_both_languages() -> None:
    """Every registered game with a guide in one language has it in the other, with as
    many sections (what the build checks too)."""
    games = [g["id"] for g in automa.games()]
    found = guide.load_guides(ROOT / "i18n", games, i18n.LANGUAGES)
    assert set(found) == set(games) - {"demo"}, "every game has its player's guide"
    for by_lang in found.values():
        assert set(by_lang) == set(i18n.LANGUAGES)


def test_the_page_lists_the_rule_readings_with_their_defaults() -> None:
    game = next(g for g in automa.games() if g["id"] == "tapestry")
    advanced = [o for o in game["options"] if o.get("advanced")]
    assert advanced
    for lang in i18n.LANGUAGES:
        w = Words(lang)
        html = guide.page(game, parse_guide(sample()), w, i18n.LANGUAGES)
        assert html.startswith("<!doctype html>") and f'<html lang="{lang}">' in html
        assert "<!--CSP-->" in html and 'href="../style.css"' in html
        assert w.t("web.guide.readings") in html and w.t("web.guide.back") in html
        for option in advanced:
            assert esc(w.t(option["label"])) in html
        default = w.t(advanced[0]["choice_labels"][advanced[0]["choices"].index(
            advanced[0]["default"])])
        assert esc(w.t("web.guide.default_choice", choice=default)) in html
        other = next(x for x in i18n.LANGUAGES if x != lang)
        assert f'href="tapestry.{other}.html"' in html
        assert "http" not in html.split("<body>")[1]  # every link is relative


def test_a_game_without_rule_readings_gets_no_such_section() -> None:
    game = {"id": "x", "name": "x", "options": [
        {"id": "difficulty", "label": "", "choices": [1], "choice_labels": ["x"], "default": 1}]}
    assert guide.readings(game, Words("en")) is None


def test_bold_text_is_shown_in_bold_and_escaped() -> None:
    """``**…**`` names a button: bold on the page, its text escaped like any other."""
    html = guide.article(parse_guide(sample(section=[{
        "title": "t", "body": "Tap **Done <now>**.\n\n- then **Undo**"}])))
    assert "Tap <strong>Done &lt;now&gt;</strong>." in html
    assert "<li>then <strong>Undo</strong></li>" in html and "**" not in html


def _bold_names(g: guide.Guide) -> list[str]:
    texts = [g.intro, *(item for s in g.sections for b in s.blocks for item in b.items)]
    return [name for text in texts for name in html.EMPHASIS.findall(text)]


def test_every_button_or_screen_a_guide_names_in_bold_is_in_the_app() -> None:
    """A guide writes the name of a button or screen as ``**name**``, exactly as the page
    shows it: the name must be a message of that language's page, core or game catalog
    (the Glory guide once sent players to a «Зберегти колоду» / "Save the deck" button the
    deck editor does not have), and both languages name as many."""
    games = [g["id"] for g in automa.games()]
    found = guide.load_guides(ROOT / "i18n", games, i18n.LANGUAGES)
    missing = []
    for lang in i18n.LANGUAGES:
        messages = i18n.load_source_catalog(lang)
        for game, by_lang in found.items():
            shown = {text for key, text in messages.items() if isinstance(text, str)
                     and key.split(".")[0] in ("web", "core", game)}
            missing += [f"{lang} {game}: {name}" for name in _bold_names(by_lang[lang])
                        if name not in shown]
    assert missing == []
    for game, by_lang in found.items():
        counts = {lang: len(_bold_names(g)) for lang, g in by_lang.items()}
        assert len(set(counts.values())) == 1 and counts["en"] > 0, (game, counts)


def test_a_guide_opens_with_a_contents_list_linking_each_part() -> None:
    """At the table (review 2026-11-28, §12): a guide is 12–15 screens of text; it opens with
    a list of its parts, each a link to it."""
    game = next(g for g in automa.games() if g["id"] == "tapestry")
    found = guide.load_guides(ROOT / "i18n", [g["id"] for g in automa.games()], ["en"])
    text = guide.page(game, found["tapestry"]["en"], Words("en"), ["en", "uk"])
    assert 'class="guide-contents"' in text and 'href="#part-1"' in text
    assert 'id="part-1"' in text and text.index("guide-contents") < text.index('id="part-1"')
