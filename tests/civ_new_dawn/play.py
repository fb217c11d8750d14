"""Helpers for the Civilization AP tests: setting up a position, answering prompts, transcripts."""

from __future__ import annotations

from typing import Any

import automa
from automa.core.i18n import render
from automa.core.records import LogEntry
from automa.core.rng import Rng
from automa.core.session import Session

GAME = "civ_new_dawn"
P = f"{GAME}."


def new(seed: int = 1, **options: Any) -> Session:
    """A new game (seed 1 by default) answered up to the first AP turn's prompt."""
    s = automa.new_game(GAME, options, seed=seed)
    while s.prompt is not None and s.prompt.key != P + "prompt.first_turn":
        s.answer(True)
    return s


def data(s: Session) -> dict[str, Any]:
    """The AP's tracked state (mutable: tests set up positions through it)."""
    d: dict[str, Any] = s._state["data"]
    return d


def key(s: Session) -> str:
    """The current prompt's message id without the game prefix."""
    assert s.prompt is not None
    return s.prompt.key.removeprefix(P)


def log_keys(s: Session, start: int = 0) -> list[str]:
    """Message ids of the log entries from ``start`` on, without the game prefix."""
    return [e["action"]["key"].removeprefix(P) for e in s.log[start:]]


def entries(s: Session, k: str) -> list[LogEntry]:
    """Log entries with this message id (without the prefix)."""
    return [e for e in s.log if e["action"]["key"] == P + k]


def play_to(s: Session, answers: dict[str, Any], stop: str) -> None:
    """Answer prompts by key (a value, or a list used in order) until the prompt ``stop``."""
    queues = {k: list(v) if isinstance(v, list) and k not in ("diplomacy_gone", "agendas")
              else v for k, v in answers.items()}
    for _ in range(200):
        if s.prompt is None or key(s) == stop:
            return
        k = key(s)
        value = queues.get(k, True)
        if isinstance(value, list) and k not in ("diplomacy_gone", "agendas"):
            value = value.pop(0)
        s.answer(value)
    raise AssertionError(f"no {stop} prompt")


def scripted_answer(s: Session, rng: Rng, turns: int) -> Any:
    """A reproducible plausible answer; the game ends (a human wins) after ``turns`` turns."""
    p = s.prompt
    assert p is not None
    k = key(s)
    if k == "prompt.ready":
        return "game_over" if s.turn >= turns else "ap_turn"
    if k == "prompt.who_won":
        return "human"
    if k == "prompt.confirm_end":
        return True
    if p.kind in ("confirm", "scan"):
        return True
    if p.kind == "count":
        lo, hi = p.bounds or (0, 0)
        return lo + rng.below(min(hi, lo + 6) - lo + 1)
    if p.kind in ("yes_no", "pick_one"):
        return rng.choice(p.choices)
    if p.kind == "pick_subset":
        return rng.shuffle(p.choices)[:rng.below(len(p.choices) + 1)]
    raise AssertionError(p.kind)


def transcript(options: dict[str, Any], seed: int, turns: int = 25) -> str:
    """The English log of a scripted game, one line per entry, with every question asked."""
    s = automa.new_game(GAME, options, seed=seed)
    rng = Rng.from_seed(seed + 1000)
    lines = []
    seen = 0
    while s.prompt is not None:
        for e in s.log[seen:]:
            mark = "☐ " if e.get("table") else ""
            lines.append(f"{e['turn']:>2} {e['actor']}: {mark}"
                         f"{render(e['action']['key'], e['action']['params'], 'en')}")
        seen = len(s.log)
        answer = scripted_answer(s, rng, turns)
        lines.append(f"   ? {render(s.prompt.key, s.prompt.params, 'en')[:90]} -> {answer}")
        s.answer(answer)
    for e in s.log[seen:]:
        lines.append(f"{e['turn']:>2} {e['actor']}: "
                     f"{render(e['action']['key'], e['action']['params'], 'en')}")
    return "\n".join(lines) + "\n"
