"""Helpers of the Glory of Civilizations tests: small decks of our own, and a player who
answers every question by a rule."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import automa
from automa.core.i18n import render
from automa.core.records import LogEntry
from automa.core.rng import Rng
from automa.core.session import Session

G = "glory_of_civilizations"


def card(number: int, **over: Any) -> dict[str, Any]:
    """A valid card: numbers 1-4 in order, coins + Glory, economy actions, pointer 1."""
    base: dict[str, Any] = {
        "number": number,
        "priority": [{"terrain": t, "number": n, "direction": d} for t, n, d in
                     (("meadow", 1, "n"), ("forest", 2, "ne"), ("mountains", 3, "se"),
                      ("swamp", 4, "s"))],
        "free": ["coins", "glory"],
        "main": ["gather", "produce", "market", "gather"],
        "pointer": 1,
    }
    base.update(copy.deepcopy(over))
    return base


def deck(n: int = 12, **over: Any) -> list[dict[str, Any]]:
    """``n`` cards alike (numbered 1..n)."""
    return [card(i, **over) for i in range(1, n + 1)]


def new(options: dict[str, Any] | None = None, cards: list[dict[str, Any]] | None = None,
        seed: int = 1) -> Session:
    """A new game (with a deck of our own when ``cards`` is given)."""
    opts = dict(options or {})
    if cards is not None:
        opts["custom_deck"] = cards
    return automa.new_game(G, opts, seed=seed)


Answer = Callable[[Session], Any]


def default_answer(s: Session) -> Any:
    """Confirm, say no, count the lowest (or the default)."""
    p = s.prompt
    assert p is not None
    if p.kind in ("confirm", "scan"):
        return True
    if p.kind == "yes_no":
        return False
    if p.kind == "count":
        return p.default if p.default is not None else p.choices[0]
    return p.choices[0]


def run(s: Session, until: Callable[[Session], bool], answers: dict[str, Any] | None = None,
        limit: int = 2000) -> Session:
    """Answer (by key suffix in ``answers``, else :func:`default_answer`) until ``until``."""
    answers = answers or {}
    for _ in range(limit):
        if s.prompt is None or until(s):
            return s
        key = s.prompt.key.removeprefix(f"{G}.")
        value = answers.get(key, default_answer(s))
        s.answer(value(s) if callable(value) else value)
    raise AssertionError("no stop")


def at(key: str) -> Callable[[Session], bool]:
    """Stop when this prompt (key without the game prefix) is asked."""
    return lambda s: s.prompt is not None and s.prompt.key == f"{G}.{key}"


def bot(s: Session, seat: int = 0) -> dict[str, Any]:
    """An automa's record in the game's data (the first by default)."""
    found: dict[str, Any] = s._state["data"]["automas"][seat]
    return found


def logged(s: Session, action: str) -> list[LogEntry]:
    """The log entries with this action message (key without the game prefix)."""
    return [e for e in s._log if e["action"]["key"] == f"{G}.{action}"]


def transcript(options: dict[str, Any], seed: int) -> str:
    """A whole game with seeded answers (never an instant victory), as English text."""
    s = automa.new_game(G, options, seed=seed)
    rng = Rng.from_seed(seed + 99)
    lines: list[str] = []
    seen = 0
    while s.prompt is not None:
        p = s.prompt
        if p.key.endswith("instant_victory"):
            value: Any = False
        elif p.kind == "yes_no":
            value = rng.below(3) > 0
        elif p.kind == "count":
            lo, hi = p.bounds or (min(p.choices), max(p.choices))
            value = lo + rng.below(min(hi, lo + 3) - lo + 1)
        else:
            value = True
        lines.append(f"? {render(p.key, p.params, 'en')} -> {value}")
        s.answer(value)
        for e in s._log[seen:]:
            mark = "*" if e.get("table") else "-"
            # with two automas, whose line it is
            actor = str(e["actor"])
            who = f"{render(f'{G}.actor.{actor}', {}, 'en')}: " \
                if actor in ("automa1", "automa2") else ""
            lines.append(f"  {mark} {who}{render(e['action']['key'], e['action']['params'], 'en')}")
        seen = len(s._log)
    return "\n".join(lines) + "\n"
