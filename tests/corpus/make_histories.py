"""HISTORICAL: the script that made a release's frozen *histories* (``tests/corpus/histories/``).

A history set is what players of one released version have in the middle of their games:
random games of every option set of every game, each saved after 0–80 operations — answers,
procedures started and cancelled, undos and redos — as ``Session.to_json()`` wrote them. The
tests replay each under today's rules (through the game's action-log migrations) and count
the saves that keep their undo history (``tests/corpus/test_histories.py``). Like a corpus
folder it is made once, by the code of that release, and never regenerated; it is run with
that checkout's engine first on the path (any release's engine: it uses only the session's
public calls)::

    git worktree add --detach /tmp/release 01dca7e
    PYTHONPATH=/tmp/release/py .venv/bin/python tests/corpus/make_histories.py \\
        --source /tmp/release --out tests/corpus/histories/v2-01dca7e

Each game's saves are one gzipped JSON list (``<game>.json.gz``: the saves' texts), which
keeps the set small: one save's rules and labels repeat in the next.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.corpus.make_corpus import (
    GAMES,
    OPTION_SETS,
    answer_for,
    options_of,
    release_commit,
)

PER_GAME = 30
"""Saves per game: option sets taken in turn."""
MAX_OPERATIONS = 80

# Options a later release added, tried beside the sets every release knows (only where the
# engine on the path has the option).
LATER_SETS: dict[str, dict[str, dict[str, Any]]] = {
    "tapestry": {"level3-map": {"difficulty": 3, "map": True}},
    "glory_of_civilizations": {"medium-two-automas": {"automas": 2, "players": 3}},
    "civ_new_dawn": {"king-readings": {"difficulty": "king", "capitalism_idle": "not_reset",
                                       "teddy_nw_value": "one", "leader": "america"}},
}


def option_sets(game: str) -> list[tuple[str, dict[str, Any]]]:
    """The option sets this engine knows: every release's, then the later ones it has."""
    from automa.core.game import find_game

    known = {o.id for o in find_game(game).options}
    sets = [(name, options_of(game, name)) for name in OPTION_SETS[game]]
    sets += [(name, options) for name, options in LATER_SETS.get(game, {}).items()
             if set(options) <= known]
    return sets


def operate(session: Any, rng: random.Random) -> str:
    """One operation a player might make: mostly an answer, sometimes a procedure started or
    cancelled, an undo or a redo. Returns what was done ("" if nothing could be)."""
    roll = rng.random()
    if roll < 0.07 and session.can_undo:
        session.undo()
        return "undo"
    if roll < 0.11 and session.can_redo:
        session.redo()
        return "redo"
    if roll < 0.15 and session.can_cancel:
        session.cancel()
        return "cancel"
    procedures = [p for p in session.procedures if not p.get("disabled")]
    if roll < 0.22 and procedures and not session.finished:
        session.start(rng.choice(procedures)["id"])
        return "start"
    if session.prompt is None:
        return ""
    for _attempt in range(10):
        try:
            session.answer(answer_for(session.prompt, rng))
            return "answer"
        except Exception:  # an answer the rules refuse (a range, a bound): another one
            continue
    return ""


def history(game: str, options: dict[str, Any], seed: int, operations: int) -> str:
    """A game played with ``operations`` random operations, saved."""
    import automa

    session = automa.new_game(game, options, seed=seed)
    rng = random.Random(seed)
    for _ in range(operations):
        try:
            operate(session, rng)
        except Exception:  # a procedure the state refuses: the next operation
            continue
    text: str = session.to_json()
    return text


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, required=True)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--per-game", type=int, default=PER_GAME)
    args = parser.parse_args()
    commit = release_commit(args.source, args.out)
    args.out.mkdir(parents=True)
    manifest: dict[str, Any] = {"commit": commit, "games": {}}
    for g, game in enumerate(GAMES):
        sets = option_sets(game)
        saves, made = [], []
        for n in range(args.per_game):
            name, options = sets[n % len(sets)]
            seed = 1000 + 100 * g + n
            operations = random.Random(seed).randint(0, MAX_OPERATIONS)
            saves.append(history(game, options, seed, operations))
            made.append({"options": name, "seed": seed, "operations": operations})
        (args.out / f"{game}.json.gz").write_bytes(
            gzip.compress(json.dumps(saves, ensure_ascii=False).encode("utf-8"), 9, mtime=0))
        manifest["games"][game] = made
    (args.out / "manifest.json").write_text(json.dumps(manifest, separators=(",", ":")) + "\n")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
