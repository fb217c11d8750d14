"""Rewrite a game's golden playthroughs after a deliberate change, then review the diff.

Usage: ``python tests/regen_golden.py <game> [<game> ...]`` (or ``all``). Each game's cases
and transcript are its ``tests/<game>/test_golden.py`` ``GOLDEN``.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "py"), str(ROOT)]

from tests.age_of_innovation import test_golden as age_of_innovation  # noqa: E402
from tests.civ_new_dawn import test_golden as civ_new_dawn  # noqa: E402
from tests.glory_of_civilizations import test_golden as glory_of_civilizations  # noqa: E402
from tests.golden_games import Golden  # noqa: E402
from tests.tapestry import test_golden as tapestry  # noqa: E402

GAMES: dict[str, Golden] = {
    "age_of_innovation": age_of_innovation.GOLDEN,
    "civ_new_dawn": civ_new_dawn.GOLDEN,
    "glory_of_civilizations": glory_of_civilizations.GOLDEN,
    "tapestry": tapestry.GOLDEN,
}
"""Game id → its golden playthroughs."""


def main(argv: list[str]) -> int:
    """Rewrite the golden transcripts of the games named in ``argv``; 2 on a bad name."""
    names = sorted(GAMES) if argv == ["all"] else argv
    unknown = [name for name in names if name not in GAMES]
    if not names or unknown:
        print(f"usage: python tests/regen_golden.py {{{'|'.join(sorted(GAMES))}|all}} ...",
              file=sys.stderr)
        return 2
    for name in names:
        GAMES[name].regenerate()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
