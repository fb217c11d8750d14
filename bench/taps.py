"""Taps per bot turn at the table: seeded playouts of every game, each question answered as
the presenter draws it, counting the taps a player makes (CPython, no browser).

    .venv/bin/python bench/taps.py [--seeds 40] [--game tapestry] [--py OTHER/py]

A bot turn runs from the tap that starts it ("Bots' turn ▸", "AP's turn ▸", "Automa's turn
▸", AoI's "Ready") to the next one; setup and the game's end are left out, and a game is
followed for 40 bot turns at most. A question costs: one-tap answers, a bar and buttons 1; a
list (select) 3 (open, choose, OK); a stepper 1 if the prefilled number is the answer, else
2 (type, OK); tick boxes 1 per box changed and OK; a list per item 2 per item changed and
OK. Answers are seeded random choices (a question with one answer takes none of the
randomness, so a game without a confirm-only step plays the same game); the start of a bot
turn is always answered "go on". ``--py`` measures another checkout's engine (e.g. the
code before a change, exported with ``git archive``) on the same seeds.
Prints per game the median and maximum taps per bot turn, and per question key its share.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
STARTS = {"tapestry.q.bots_turn", "age_of_innovation.prompt.ready",
          "civ_new_dawn.prompt.ready", "glory_of_civilizations.prompt.ready"}
"""The question whose answer starts a bot turn, per game."""
TURNS = 40
"""Bot turns measured per game at most (random answers may never end a Civ game)."""
KEYS = {"age_of_innovation": ("tb_atp_first", "tb_atp")}
"""Questions whose cost per asking is printed (AoI's terrain priority)."""
GAMES = ["tapestry", "age_of_innovation", "civ_new_dawn", "glory_of_civilizations"]


def taps(q: dict[str, Any], answer: Any, p: Any) -> int:
    """What answering ``answer`` costs as the question ``q`` is drawn."""
    layout = q["layout"]
    if layout == "list":
        return 3
    if layout == "stepper":
        return 1 if answer == q["value"] else 2
    if layout == "boxes":
        chosen = {c["index"] for c in q["choices"] if c["chosen"]}
        wanted = {p.choices.index(a) for a in answer}
        return len(chosen ^ wanted) + 1
    if layout == "values":
        domain = p.domain or []
        changed = sum(domain.index(answer[str(item)]) != q["chosen"][i]
                      for i, item in enumerate(p.choices))
        return 2 * int(changed) + 1
    return 1


INCOME_EVERY = 10
"""Tapestry numbers its turns era × 10 + the bots' turn: a multiple of 10 is an income turn."""


def play(game: str, seed: int) -> tuple[list[int], Counter[str], list[int], Counter[str]]:
    """Taps of every bot turn of one seeded game, the taps per question key, the taps of
    Tapestry's income turns, and how often each key was asked."""
    import automa
    from automa.app import present
    from automa.core.rng import Rng
    from tests.conformance import random_answer

    session = automa.new_game(game, {}, seed=seed)
    rng = Rng.from_seed(seed * 7919 + 17)
    words = present.Words("en")
    turns: list[int] = []
    by_key: Counter[str] = Counter()
    asked: Counter[str] = Counter()
    income: list[bool] = []
    for _ in range(3000):
        p = session.prompt
        if p is None:
            break
        if p.key in STARTS:
            if len(turns) == TURNS:
                break
            turns.append(0)
            answer = p.choices[0]
        else:
            answer = random_answer(p, rng)
        cost = taps(dict(present.question(session, words)), answer, p)
        if turns:
            turns[-1] += cost
            by_key[p.key] += cost
            asked[p.key] += 1
        session.answer(answer)
        if p.key in STARTS:
            income.append(game == "tapestry" and session.turn % INCOME_EVERY == 0)
    done = turns[:-1]
    return done, by_key, [t for t, i in zip(done, income, strict=False) if i], asked


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=40)
    parser.add_argument("--game", choices=GAMES)
    parser.add_argument("--py", help="another checkout's py/ folder")
    args = parser.parse_args()
    sys.path[:0] = [args.py or str(ROOT / "py"), str(ROOT)]
    print(f"{'game':24} {'turns':>6} {'median':>7} {'mean':>6} {'max':>4}  most taps in")
    extra: dict[str, list[int]] = {"tapestry income turns": []}
    for game in [args.game] if args.game else GAMES:
        turns: list[int] = []
        keys: Counter[str] = Counter()
        asked: Counter[str] = Counter()
        for seed in range(1, args.seeds + 1):
            played, by_key, income, times = play(game, seed)
            turns += played
            keys += by_key
            asked += times
            extra["tapestry income turns"] += income
        total = sum(keys.values()) or 1
        top = ", ".join(f"{k.split('.')[-1]} {n / total:.0%}" for k, n in keys.most_common(4))
        print(f"{game:24} {len(turns):6} {statistics.median(turns):7.1f} "
              f"{statistics.fmean(turns):6.2f} {max(turns):4}  {top}")
        for key in KEYS.get(game, ()):
            full = f"{game}.prompt.{key}"
            if asked[full]:
                print(f"  {key:22} asked {asked[full]:4}, taps each {keys[full] / asked[full]:.2f}")
    for name, found in extra.items():
        if found:
            print(f"{name:24} {len(found):6} {statistics.median(found):7.1f} "
                  f"{statistics.fmean(found):6.2f} {max(found):4}")


if __name__ == "__main__":
    main()
