"""The form on screen read back (``answers.read_form``): which controls each tap reads, and
every number read within bounds whatever the page holds (the page is not trusted)."""

from __future__ import annotations

from automa.app.answers import OPTIONS, read_form


class Screen:
    """A form on screen: the texts each selector (and attribute) finds, the values by id."""

    def __init__(self, found: dict[tuple[str, str], list[str]], ids: dict[str, str]) -> None:
        self.found, self.ids = found, ids

    def texts(self, selector: str, attribute: str = "") -> list[str]:
        return self.found.get((selector, attribute), [])

    def text(self, element_id: str) -> str | None:
        return self.ids.get(element_id)


def test_an_answer_reads_the_question_controls_each_number_within_bounds() -> None:
    screen = Screen({("#subset input:checked", "data-index"): ["0", "2", "x", "-3"],
                     ("#values select", ""): ["1", "99999999"], ("#pick", ""): ["4"]},
                    {"count": " 7 "})
    form = read_form(screen, "answer", None, '"yes"')
    assert form == {"checked": [0, 2, -1, -1], "values": [1, -1], "pick": 4, "count": " 7 ",
                    "json": '"yes"'}


def test_a_tapped_choice_is_the_pick_not_the_list() -> None:
    screen = Screen({("#pick", ""): ["4"]}, {})
    assert read_form(screen, "pick", "2", None)["pick"] == 2
    assert read_form(screen, "pick", "²", None)["pick"] == -1


def test_a_new_game_reads_its_options_seed_and_deck() -> None:
    screen = Screen({(OPTIONS, "data-option"): ["level", "map"], (OPTIONS, ""): ["3", "1e9"]},
                    {"seed": "abc"})
    form = read_form(screen, "start", None, None)
    assert form["options"] == {"level": 3, "map": -1}
    assert (form["seed"], form["deck"]) == ("abc", "")
    assert "scores" not in form


def test_a_record_reads_the_scores_and_the_winner_only_when_saved() -> None:
    screen = Screen({("[data-score]", ""): ["50", ""], ("[data-winner]:checked", ""): ["1"]}, {})
    form = read_form(screen, "record-save", None, None)
    assert (form["scores"], form["winner"]) == (["50", ""], "1")
    assert "scores" not in read_form(screen, "answer", None, None)
    assert read_form(Screen({}, {}), "record-save", None, None)["winner"] == ""
