"""The play screen's parts after a tap: which change now, and whether the question is new."""

from __future__ import annotations

from automa.app.html import Safe
from automa.app.outcome import Screen
from automa.app.parts import Parts


def _screen(*parts: str, first: int = 3) -> Screen:
    return Screen("play", Safe("".join(parts)), parts=[Safe(p) for p in parts], first=first)


def test_a_new_question_is_told_so_the_page_goes_back_to_its_top() -> None:
    """A tap that brings another question reports it as new (the page then scrolls to the
    question, though the player had scrolled down to tick the bots' steps)."""
    parts = Parts()
    parts.drawn(_screen("head", "<q>one</q>", "dock", "log"), ("s", "en", ""))
    changes, _, new_question = parts.update(_screen("head", "<q>two</q>", "dock", "log"))
    assert changes == [(1, Safe("<q>two</q>"))]
    assert new_question


def test_the_same_question_is_not_new() -> None:
    """A tap that leaves the question as it was (a tick, a zoom) keeps the page where it is."""
    parts = Parts()
    parts.drawn(_screen("head", "<q>one</q>", "dock", "log"), ("s", "en", ""))
    changes, _, new_question = parts.update(_screen("head 2", "<q>one</q>", "dock", "log"))
    assert changes == [(0, Safe("head 2"))]
    assert not new_question


def test_the_bots_new_turn_under_the_same_question_is_told() -> None:
    """At the table (review 2026-11-28, problem 1): most Tapestry bot turns ask nothing, so
    after "Bots' turn ▸" the question reads as before; the new checklist is told all the
    same (the page goes to its top and marks it), and a tap that leaves it is not."""
    parts = Parts()
    before = ["head", "<q>your turn</q>", "dock", "body", "strip", "<ol>turn 1</ol>", "cards"]
    parts.drawn(_screen(*before, first=7), ("s", "en", ""))
    _, _, new_question = parts.update(_screen(*before[:5], "<ol>turn 2</ol>", "cards", first=7))
    assert not new_question and parts.new_turn
    parts.update(_screen("head 2", *before[1:5], "<ol>turn 2</ol>", "cards", first=7))
    assert not parts.new_turn
