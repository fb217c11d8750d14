"""The first screen of every question: the question at the top, every answer control in the
dock at the screen's foot, both on a 360×780 phone without scrolling — in every game, for
every kind of question, in English and Ukrainian, at the default and the largest text size.

The presenter lays the screen out (``layout.first_screen``: an estimate in CSS px, checked
against the browser by ``tests/e2e/test_first_screen.py``); here every question met in
seeded playouts of every game (procedures and corrections included) is laid out.
"""

from __future__ import annotations

from collections import defaultdict
from functools import cache
from typing import Any, cast

import pytest

import automa
from automa.app import controls, layout, present, view_records, views
from automa.core import prompts
from automa.core.game import registered
from automa.core.rng import Rng
from tests.conformance import random_answer, random_options

GAMES = sorted(g for g in registered() if g != "demo")
KINDS = {"yes_no", "count", "pick_one", "pick_subset", "values", "confirm", "scan"}
PHONES = {"default": layout.PHONE, "largest": layout.LARGEST}
TOO_LONG_FOR_THE_LARGEST_TEXT = {"age_of_innovation.prompt.final_levels_two"}
"""Questions whose controls leave no room for the question at the largest text size only:
the 2-player game end asks 8 levels at once (at the default size it fits)."""


BOARD_ROWS = 2 * 44 + 8
"""The least of a board drawn under its question on the first screen: two rows of 44-px
hexes (a game's board as Tapestry's map, cropped around the hex it names)."""


def board_first(q: view_records.QuestionView) -> bool:
    """Whether the question is drawn with the game's board first under it (its steps below
    the board, past the first screen)."""
    return q["pattern"] is not None and q["kind"] != "scan" and not q["board_fold"]


@cache
def questions(game: str) -> dict[str, list[automa.Session]]:
    """A session at every question met in seeded playouts of ``game`` (first three of each
    prompt key), procedures started now and then (corrections and other table events)."""
    found: dict[str, list[automa.Session]] = defaultdict(list)
    for seed in range(6):
        rng = Rng.from_seed(seed * 31 + 1)
        session = automa.new_game(game, random_options(game, rng), seed=seed)
        started = 0
        for _ in range(2500):
            p = session.prompt
            if p is None:
                break
            if len(found[p.key]) < 3:
                found[p.key].append(automa.load_game(session.to_json()))
            if session.procedures and started < 12 and rng.below(15) == 0:
                session.start(rng.choice(session.procedures)["id"])
                started += 1
            else:
                session.answer(random_answer(p, rng))
    return found


@pytest.mark.parametrize("game", GAMES)
def test_every_question_of_a_game_has_a_first_screen(game: str) -> None:
    """Every question the game asks, in both languages and both text sizes: the question
    and all its answer controls fit a 360×780 screen (the dock takes at most half of it
    unless the question is short), and its numbered steps too at the default size (all but
    the set-up lists, which are worked through line by line and may scroll) — or, where the
    game's board comes first under the question, two rows of its hexes at both sizes."""
    failures: list[str] = []
    for key, sessions in questions(game).items():
        for session in sessions:
            for lang in ("en", "uk"):
                q = present.question(session, present.Words(lang))
                assert q["layout"] != "over", key
                for size, phone in PHONES.items():
                    screen = layout.first_screen(
                        present.question(session, present.Words(lang), phone.text), phone)
                    allowed = size == "largest" and key in TOO_LONG_FOR_THE_LARGEST_TEXT
                    if not screen["fits"] and not allowed:
                        failures.append(f"{key} ({lang}, {size}): question ends at "
                                        f"{screen['question']:.0f} px, dock {screen['dock']:.0f}")
                steps = layout.first_screen(q, layout.PHONE)
                setup = "setup" in key  # a set-up list is worked through: it may scroll
                if board_first(q):  # the board it names comes first, two hex rows at least
                    for size, phone in PHONES.items():
                        at = present.question(session, present.Words(lang), phone.text)
                        room = layout.board_room(at, phone) * layout.figure_width(phone)
                        if room < BOARD_ROWS:
                            failures.append(f"{key} ({lang}, {size}): {room:.0f} px of board")
                elif not setup and steps["steps"] + steps["dock"] > layout.PHONE.height:
                    failures.append(f"{key} ({lang}): steps end at {steps['steps']:.0f} px")
    assert not failures, "\n".join(sorted(set(failures)))


def test_every_kind_of_question_is_met_and_drawn_in_the_dock() -> None:
    """Across the games every kind of question comes up, and each is drawn with its answer
    controls in the dock, never in the question's panel."""
    kinds: set[str] = set()
    for game in GAMES:
        for sessions in questions(game).values():
            view = present.play(sessions[0], "en")
            kinds.add(view["question"]["kind"])
            w = present.Words("en")
            panel = str(views.prompt(view, w, lambda *_: None)) + str(
                views.prompt_body(view, w, lambda *_: None))
            dock = str(views.dock(view, w))
            assert "data-act=\"answer\"" not in panel and "data-act=\"pick\"" not in panel
            assert any(f'data-act="{act}' in dock for act in ("answer", "pick", "submit"))
    assert kinds >= KINDS, KINDS - kinds


def layout_of(kind: str, n: int, label: str, lang: str = "en") -> view_records.QuestionView:
    """A question of ``kind`` with ``n`` choices labelled ``label`` (laid out as the
    presenter does)."""
    session = automa.new_game("tapestry", {}, 3)
    q = present.question(session, present.Words(lang))
    q["kind"] = cast(view_records.Kind, kind)
    q.update({"one_tap": [], "short": len(label) <= layout.SHORT_LABEL,
              "choices": [{"index": i, "label": f"{label} {i}", "chosen": False, "swatch": "",
               "face": ""}
                          for i in range(n)]})
    return q


@pytest.mark.parametrize(("n", "label", "expected"), [
    (7, "Lakes", "buttons"),  # short labels: two side by side where there is room
    (4, "the nearest empty terrain hex of this kind", "buttons"),  # one a row
    (12, "the nearest empty terrain hex of this kind", "list"),  # too many long ones
])
def test_many_choices_become_a_list_to_pick_from(n: int, label: str, expected: str) -> None:
    """Up to 8 choices are buttons, one tap each (at the table, review 2026-11-28 problem 7:
    a list costs three taps), scrolling inside the dock past 40 % of the screen; more
    choices than buttons can show beside the question are asked as a list (and OK)."""
    p = prompts.pick_one("tapestry.q.conquer_case", list(range(n)),
                         labels=[cast(Any, f"{label} {i}") for i in range(n)])
    q = layout_of("pick_one", n, label)
    controls.controls(q, p, present.Words("en"), layout.PHONE)
    assert q["layout"] == expected
    assert layout.dock_height(q, layout.LARGEST) <= 0.6 * layout.LARGEST.height
