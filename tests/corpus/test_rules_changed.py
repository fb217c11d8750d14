"""Issue 25, point 3: a game saved before a rules fix keeps going. Where its answers no longer
replay, it goes on from its checked snapshot under the new rules, and the player reads in one
sentence what changed and what was lost (the undo history before that point); the original
is kept for export."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from typing import Any, cast

import pytest

import automa
from automa.app import taps
from automa.app.controller import Controller
from automa.app.saves import HELD_PREFIX, SAVE_PREFIX, SaveStore
from automa.core import formats, game
from automa.core.i18n import render
from tests.app.test_saves import Clock, MemoryKV
from tests.corpus.frozen import FOLDERS, form_for, read, some_answer

SAVE = FOLDERS[0] / "saves" / "tapestry" / "level2-default.mid.json.gz"
CHANGE = "tapestry.option.explorers_bonus"  # the phrase naming the rule that changed


@pytest.fixture
def fixed_rules(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Tapestry with a rules fix: one VP more for the Automa each bot turn, declared as a new
    version of the game. Yields the number of bot turns played under the new rule."""
    tapestry = game.find_game("tapestry")
    turns: list[int] = []
    original = tapestry.steps["bot_turn"]

    def bot_turn(ctx: game.Ctx[Any, Any], **args: Any) -> None:
        original(ctx, **args)
        source = sorted(ctx.data["vp"])[0]
        ctx.data["vp"][source] += 1
        turns.append(ctx.turn)

    bot_turn.__name__ = "bot_turn"
    steps = game.Steps()
    steps._steps = {**tapestry.steps._steps, "bot_turn": cast(game.StepFn, bot_turn)}
    fixed = dataclasses.replace(tapestry, version=tapestry.version + 1, steps=steps,
                                changes={tapestry.version + 1: CHANGE})
    monkeypatch.setitem(game._REGISTRY, "tapestry", fixed)
    monkeypatch.setattr(formats, "ALL", dict(formats.ALL))
    yield turns


def test_a_corpus_game_whose_answers_no_longer_replay_goes_on_and_says_why(
        fixed_rules: list[int]) -> None:
    text = read(SAVE)
    saved = json.loads(text)
    s = automa.load_game(text)
    assert s.history_dropped and not s.can_undo
    old_data = {k: v for k, v in saved["snapshot"]["data"].items() if k != "phase"}
    assert s.turn == saved["turn"] and s.state["data"] == old_data  # (its phase moved out)
    [warning] = s.warnings
    assert warning["key"] == "warning.save.rules_changed"
    n = len(saved["actions"])
    en = render(warning["key"], warning["params"], "en")
    assert "Tapestry" in en and "Explorers’ income bonus" in en and f"{n} answers" in en
    uk = render(warning["key"], warning["params"], "uk")
    assert f"{n} відповід" in uk and "Tapestry" in uk
    for sentence in (en, uk):  # one plain sentence
        assert sentence.endswith(".") and sentence.count(". ") == 0, sentence
    played = len(fixed_rules)
    for _ in range(12):  # the rest of the game follows the new rules
        s.answer(some_answer(s))
    assert len(fixed_rules) > played
    again = automa.load_game(s.to_json())
    assert again == s and not again.history_dropped and again.can_undo


def test_the_page_shows_the_sentence_and_keeps_the_original(fixed_rules: list[int]) -> None:
    text = read(SAVE)
    kv = MemoryKV()
    SaveStore(kv, Clock()).save("tapestry-1", text, game="tapestry", turn=1, finished=False,
                                rev=None)
    c = Controller(kv, Clock(), "en", str)
    screen = c.route("#/play/tapestry-1")
    c.shown(screen.name)
    notices = str(c.notices())
    assert "Explorers’ income bonus" in notices
    assert 'data-act="export-original"' in notices
    assert kv.data[HELD_PREFIX + "tapestry-1"] == text
    c.tap("answer", None, form_for(c.session))
    c.autosave()
    assert taps.do_export_original(c, "tapestry-1", {}).download == (
        "automa-tapestry-1-original.json", text)
    assert SAVE_PREFIX + "tapestry-1" in kv.data
