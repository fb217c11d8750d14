"""The terminal draws the presenter's records: the bots' turn as board instructions, the
question with its steps and rule, turns named as the game counts them."""

from __future__ import annotations

import io

import automa
from automa.app import present
from automa.cli import Terminal


def test_the_terminal_prints_the_bots_turn_once_then_the_question() -> None:
    session = automa.new_game("tapestry", {}, 3)
    session._log.append({"i": len(session._log), "turn": 1, "actor": "automa", "table": True,
                         "icon": "advance", "action": {"key": "core.log.corrected", "params": {
                             "what": "Science", "old": 2, "new": 3}}})
    session._state["prompt"]["ui"] = {"steps": [{"key": "core.yes", "params": {}}],
                                      "rule": {"key": "core.game_over", "params": {}}}
    out = io.StringIO()
    lines = iter(["q"])
    Terminal(session, "en", lambda: next(lines), out).run()
    text = out.getvalue()
    assert f"{present.Words('en').turn(session, 1)} — do this on the board" in text
    assert "[ ] 1. Automa: Corrected Science: 2 → 3" in text
    assert "  1. yes" in text and "(Why? The game is over.)" in text
    assert text.count("Corrected Science") == 2  # once in the log, once as an instruction
