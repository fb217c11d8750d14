"""Helpers for the Tapestry tests: drive a session with fixed answers, a whole game as text."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import automa
from automa.core.i18n import render
from automa.core.prompts import Prompt
from automa.core.session import Session

Answerer = Callable[[Prompt], Any]


def default_answer(prompt: Prompt) -> Any:
    """Enter / the first choice / "no": the answer a hurried player gives."""
    if prompt.kind in ("confirm", "scan"):
        return True
    if prompt.kind == "yes_no":
        return False
    if prompt.default is not None:
        return prompt.default
    if prompt.kind in ("count", "pick_one"):
        return prompt.choices[0]
    if prompt.kind == "pick_subset":
        return []
    return {str(i): (prompt.domain or [0])[0] for i in prompt.choices}


def new(level: int = 2, seed: int = 1, **options: Any) -> Session:
    """A new Tapestry session."""
    return automa.new_game("tapestry", {"difficulty": level, **options}, seed=seed)


def run_until(session: Session, key: str, answer: Answerer = default_answer,
              limit: int = 2000) -> Prompt:
    """Answer prompts until one with message id ``key`` waits (or fail)."""
    for _ in range(limit):
        prompt = session.prompt
        assert prompt is not None, f"the game ended before {key}"
        if prompt.key == key:
            return prompt
        session.answer(answer(prompt))
    raise AssertionError(f"no {key} within {limit} answers")


def play_to_end(session: Session, answer: Answerer = default_answer,
                limit: int = 3000) -> Session:
    """Answer until the game is over."""
    for _ in range(limit):
        prompt = session.prompt
        if prompt is None:
            return session
        session.answer(answer(prompt))
    raise AssertionError("the game did not end")


def at_idle(level: int = 2, seed: int = 1, **options: Any) -> Session:
    """A session waiting for the first bots' turn, after setup and income turn 1."""
    session = new(level, seed, **options)
    run_until(session, "tapestry.q.bots_turn")
    return session


def data(session: Session) -> dict[str, Any]:
    """The live game data (tests may change it to set up a situation)."""
    d: dict[str, Any] = session._state["data"]
    return d


def piles(session: Session) -> dict[str, Any]:
    """The live piles (tests may stack them)."""
    p: dict[str, Any] = session._state["piles"]
    return p


def stack_deck(session: Session, cards: list[str]) -> None:
    """Put the given decision cards on top of the deck, in this order (taken from any pile)."""
    for pile in piles(session).values():
        pile["cards"] = [c for c in pile["cards"] if c not in cards]
    piles(session)["deck"]["cards"][0:0] = cards


def bots_turn_with(automa: dict[str, int], pair: tuple[str, str] = ("6", "7"),
                   fav: str | None = None, shadow: dict[str, int] | None = None) -> Session:
    """Level 2 at the bots' turn with the Automa (and the Shadow Empire) on these track spaces
    (and the Automa's favourite track), the next pair stacked, then the bots' turn taken."""
    session = at_idle(2, 4)
    d = data(session)
    if fav is not None:
        d["fav"]["automa"] = fav
    if shadow is not None:
        d["pos"]["shadow"] = shadow
    d["pos"]["automa"] = automa
    stack_deck(session, list(pair))
    session.answer(True)
    return session


def log_keys(session: Session, start: int = 0) -> list[str]:
    """The message ids of the log entries from ``start`` on."""
    return [e["action"]["key"] for e in session.log[start:]]


def transcript(options: dict[str, Any], seed: int) -> str:
    """The whole game as text: prompts, answers and what the bots did, every prompt and log
    line in English, answered as a hurried player would (Enter, the first choice, "no")."""
    level = options["difficulty"]
    session = new(level, seed)
    lines = [f"# Tapestry, difficulty {level}, seed {seed}"]
    shown = 0
    for _ in range(5000):
        for entry in session.log[shown:]:
            actor = render(f"tapestry.actor.{entry['actor']}")
            text = render(entry["action"]["key"], entry["action"]["params"])
            label = session.game.turn_label(entry["turn"]) or {"key": "", "params": {}}
            turn = render(label["key"], label["params"])
            mark = "☐ " if entry.get("table") else ""
            lines.append(f"  [{turn}] {mark}{actor}: {text}")
        shown = len(session.log)
        prompt = session.prompt
        if prompt is None:
            break
        answer = default_answer(prompt)
        lines.append(f"? {render(prompt.key, prompt.params)}")
        lines.append(f"> {answer}")
        session.answer(answer)
    lines.append(f"= {session.view()['vp']} VP")
    return "\n".join(lines) + "\n"
