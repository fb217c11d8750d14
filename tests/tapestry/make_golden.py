"""Regenerate the golden Tapestry playthroughs: ``python tests/tapestry/make_golden.py``.

Each transcript is a fixed seed and difficulty played with the answers of a hurried player
(Enter, the first choice, "no"), every prompt and log line rendered in English.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent.parent / "py"), str(HERE.parent), str(HERE)]

from automa.core.i18n import render  # noqa: E402
from tests.golden_games import Case, regenerate  # noqa: E402
from tests.tapestry.play import default_answer, new  # noqa: E402

GAMES = {"level1_seed101": (1, 101), "level2_seed102": (2, 102),
         "level5_seed105": (5, 105), "level6_seed106": (6, 106)}
"""Transcript name → (difficulty, seed)."""
GOLDEN = HERE / "golden"


def cases() -> list[Case]:
    """(file name, options, seed) of every golden game."""
    return [(f"{name}.txt", {"difficulty": level}, seed) for name, (level, seed) in GAMES.items()]


def transcript(options: dict[str, Any], seed: int) -> str:
    """The whole game as text: prompts, answers and what the bots did."""
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


def main() -> None:
    """Write every transcript."""
    regenerate(GOLDEN, cases(), transcript)

if __name__ == "__main__":
    main()
