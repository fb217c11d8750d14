"""The records' charts: our own SVG, sized for a phone, coloured by the theme, with a table
that says the same in words."""

from __future__ import annotations

from html.parser import HTMLParser

from automa.app import charts
from automa.app.charts import Line


class Tags(HTMLParser):
    """The tags of a piece of markup, and whether every opened tag was closed."""

    def __init__(self) -> None:
        super().__init__()
        self.open: list[str] = []
        self.seen: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.open.append(tag)
        self.seen.append((tag, dict(attrs)))

    def handle_endtag(self, tag: str) -> None:
        assert self.open.pop() == tag


def parsed(markup: str) -> Tags:
    tags = Tags()
    tags.feed(markup)
    assert tags.open == []
    return tags


LINES = [Line("You", [60, None, 80, 75], "you"), Line("Automa <b>", [70, 72, 65, 90], "bot")]


def test_each_line_is_drawn_with_its_own_dash_and_marker_and_a_gap_breaks_it() -> None:
    tags = parsed(charts.line_chart(LINES, ["1", "2", "3", "4"], "Scores"))
    kinds = [a.get("class") for t, a in tags.seen if t == "g"]
    assert "chart-line chart-you" in kinds and "chart-line chart-bot" in kinds
    assert sum(1 for t, _ in tags.seen if t == "circle") == 3  # your 3 known scores
    assert sum(1 for t, _ in tags.seen if t == "rect") == 4
    polylines = [a["points"] for t, a in tags.seen if t == "polyline"]
    assert len(polylines) == 2  # yours starts after the gap; the bot's is whole


def test_the_chart_fits_a_phone_and_takes_its_colours_from_the_page() -> None:
    svg = charts.line_chart(LINES, ["1", "2", "3", "4"], "Scores")
    assert 'viewBox="0 0 320 190"' in svg and 'role="img"' in svg and 'aria-label="Scores"' in svg
    assert "fill=\"#" not in svg and "stroke=\"#" not in svg  # no fixed colours (dark theme)


def test_the_scale_starts_at_zero_and_ends_on_a_round_number() -> None:
    svg = charts.line_chart([Line("Bot", [12, 68], "bot")], ["1", "2"], "t")
    texts = [t for t in ("0", "50", "100") if f">{t}</text>" in svg]
    assert texts == ["0", "50", "100"]


def test_the_table_says_the_same_with_a_dash_for_a_gap_and_every_name_escaped() -> None:
    table = charts.table(LINES, ["a", "b", "c", "d"], "Game", "Scores")
    assert "<th scope=\"col\">Automa &lt;b&gt;</th>" in table
    assert "<th scope=\"row\">b</th><td>—</td><td>72</td>" in table
    parsed(table)


def test_a_chart_of_one_game_or_none_still_draws() -> None:
    parsed(charts.line_chart([Line("You", [5], "you")], ["1"], "one"))
    parsed(charts.line_chart([Line("You", [], "you")], [], "none"))


def test_whole_numbers_up_to_five_get_a_mark_each_to_their_largest() -> None:
    """At the table (review 2026-11-28, problem 6): Civ's 0–3 victory cards were drawn on
    0 / 2.5 / 5. Whole numbers with a small top get a mark per number, up to their largest."""
    svg = charts.line_chart([Line("You", [1, 3], "you"), Line("AP", [0, 2], "bot")],
                            ["1", "2"], "t")
    assert [t for t in ("0", "1", "2", "3", "2.5", "5") if f">{t}</text>" in svg] == [
        "0", "1", "2", "3"]


def test_the_rounds_chart_shows_information_only() -> None:
    """The bot's score per round: none for a game whose bot scored nothing (a flat line at
    0), and its average only from two games on (with one it lies on the game's own line)."""
    import automa
    from automa.app import game_records as rec
    from automa.app.record_present import Words4Records
    from automa.app.words import Words
    from tests.app.test_records import record

    words = Words4Records({g["id"]: g for g in automa.games()}, Words("en"))
    one = [record(by_round=[3, 9, 20])]
    chart = words.rounds_chart("tapestry", one, "difficulty")
    assert chart is not None and [line.kind for line in chart["lines"]] == ["bot"]
    two = [*one, record(id="g-2", by_round=[5, 11])]
    chart = words.rounds_chart("tapestry", two, "difficulty")
    assert chart is not None and chart["lines"][1].values == [4, 10, None]
    assert words.rounds_chart("tapestry", [record(by_round=[0, 0, 0])], "difficulty") is None
    assert rec.average_by_round(two, least=2) == [4, 10, None]
