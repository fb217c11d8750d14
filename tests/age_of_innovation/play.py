"""Helpers for the Age of Innovation tests: rule situations, a sensible seeded answerer,
transcripts, CLI input."""

from __future__ import annotations

import json
from typing import Any

import automa
from automa.core.i18n import render
from automa.core.prompts import Prompt
from automa.core.rng import Rng
from automa.core.session import Session
from automa.games.age_of_innovation import data
from automa.terminal import answer_keys

GAME = "age_of_innovation"
MAX_ANSWERS = 3000


def new(**options: Any) -> Session:
    """A new game with these options (seed 1)."""
    return automa.new_game(GAME, options, seed=1)


def put(s: Session, card_id: str, pile: str) -> None:
    """Move a Decision card to the top of a pile, wherever it is."""
    piles = s._ctx().piles
    source = next(p for p in piles.names() if card_id in piles[p])
    piles.move(card_id, source, pile)


def run_step(s: Session, step: str, **args: Any) -> None:
    """Run one step of the game from a clean stack (for setting up a rule situation)."""
    s._state["prompt"] = None
    s._state["pending"] = None
    s._state["stack"] = [{"step": step, "args": args}]
    s._run()


def card_no(n: int) -> str:
    """A Decision card's id by its printed number."""
    return data.card_by_number(n)


def through_setup(s: Session, terrain: str = "forest", native: str = "lake") -> None:
    """Answer the setup questions."""
    while s.prompt is not None and not s.prompt.key.endswith(("ready_round", "ready")):
        p = s.prompt
        if p.key.endswith("your_terrain"):
            s.answer(terrain)
        elif p.key.endswith("your_terrains"):
            s.answer([terrain, "desert" if terrain != "desert" else "plains"])
        elif p.key.endswith("native_terrain"):
            s.answer(native)
        else:
            s.answer(True)


def last_log(s: Session, key: str) -> dict[str, Any]:
    """The latest log entry with this message id (without the game prefix)."""
    return next(e for e in reversed(s.log) if e["action"]["key"] == f"{GAME}.{key}")


def is_draw(prompt: Prompt) -> bool:
    """A set-up draw: "Done" (the app's draw, one tap) or "I drew mine"."""
    return prompt.kind == "pick_one" and prompt.choices == [True, "enter"]


def sensible_answer(prompt: Prompt, rng: Rng) -> Any:
    """A plausible answer: small counts, usually the default, levels near the Automa's."""
    if prompt.kind in ("confirm", "scan") or is_draw(prompt):
        return True
    if prompt.kind == "yes_no":
        return rng.below(3) > 0
    if prompt.kind == "count":
        lo, hi = prompt.bounds or (0, 0)
        return min(hi, lo + rng.below(4))
    if prompt.kind == "pick_one":
        if prompt.default is not None and rng.below(2) == 0:
            return prompt.default
        return rng.choice(prompt.choices)
    if prompt.kind == "pick_subset":
        lo, hi = prompt.bounds or (0, len(prompt.choices))
        n = lo if lo == hi else lo + rng.below(min(hi, lo + 3) - lo + 1)
        return rng.shuffle(prompt.choices)[:n]
    if prompt.kind == "values":
        return {str(c): rng.below(7) for c in prompt.choices}
    raise AssertionError(prompt.kind)


def play(options: dict[str, Any], seed: int, answer_seed: int = 1) -> tuple[Session, list[Any]]:
    """Play a whole game with sensible answers; returns the session and the answers given."""
    rng = Rng.from_seed(answer_seed)
    session = automa.new_game(GAME, options, seed=seed)
    answers: list[Any] = []
    for _ in range(MAX_ANSWERS):
        prompt = session.prompt
        if prompt is None:
            return session, answers
        value = sensible_answer(prompt, rng)
        answers.append(value)
        session.answer(value)
    raise AssertionError("the game did not end")


def transcript(options: dict[str, Any], seed: int, lang: str = "en") -> str:
    """A readable record of a whole game: every question, answer and Automa decision."""
    rng = Rng.from_seed(seed + 1000)
    session = automa.new_game(GAME, options, seed=seed)
    lines = [f"# {GAME} seed={seed} options={json.dumps(options, sort_keys=True)}"]
    shown = 0
    for _ in range(MAX_ANSWERS):
        log = session.log
        for entry in log[shown:]:
            a = entry["action"]
            label = session.game.turn_label(entry["turn"])
            when = render(label["key"], label["params"], lang) if label else entry["turn"]
            who = render(f"{GAME}.actor.{entry['actor']}", {}, lang)
            mark = "☐ " if entry.get("table") else ""
            lines.append(f"  [{when}] {mark}{who} {render(a['key'], a['params'], lang)}")
        shown = len(log)
        prompt = session.prompt
        if prompt is None:
            break
        lines.append("? " + render(prompt.key, prompt.params, lang).replace("\n", "\n  "))
        value = sensible_answer(prompt, rng)
        lines.append(f"> {json.dumps(value, ensure_ascii=False)}")
        session.answer(value)
    lines.append(f"= score {session.view()['vp']}")
    return "\n".join(lines) + "\n"


def cli_line(prompt: Prompt, value: Any) -> str:
    """The terminal input that gives ``value`` to ``prompt``."""
    if prompt.kind in ("confirm", "scan"):
        return ""
    if prompt.kind == "yes_no":
        return "y" if value else "n"
    if prompt.kind == "count":
        return str(value)
    if prompt.kind == "pick_one":
        return answer_keys(prompt.choices)[prompt.choices.index(value)]
    if prompt.kind == "pick_subset":
        keys = answer_keys(prompt.choices)
        return " ".join(keys[prompt.choices.index(v)] for v in value)
    if prompt.kind == "values":  # a level is typed as itself: level 5 is "5"
        domain = prompt.domain or []
        keys = answer_keys(domain)
        return " ".join(keys[domain.index(value[str(c)])] for c in prompt.choices)
    raise AssertionError(prompt.kind)


def cli_input(options: dict[str, Any], seed: int) -> tuple[str, Session]:
    """The whole stdin of a terminal game and the session it should reach."""
    rng = Rng.from_seed(5)
    session = automa.new_game(GAME, options, seed=seed)
    lines = []
    while session.prompt is not None:
        prompt = session.prompt
        value = sensible_answer(prompt, rng)
        lines.append(cli_line(prompt, value))
        session.answer(value)
    return "\n".join(lines) + "\n", session
