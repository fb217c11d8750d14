"""Taps per Automa turn in Tapestry, with the map twin and without it, on the same seeds.

    .venv/bin/python bench/tapestry_map_taps.py [--games 100]

Each seed is played twice to the end: without the map (the player answers today's questions
truthfully from a board the bench keeps, finding each hex as the questions' steps say) and
with it (the app picks). In both, the same simulated player explores or conquers one hex
next to their territories on each of their turns. A tap is one answer; an Automa turn runs
from "Take the bots' turn" (included) to the next time that question waits, income turns
included. The player's own marks on the map (2 taps per hex changed on their turn) are
counted apart, per round of turns. Prints the medians and means side by side, and their
ratio with the map on to off (≤ 1.00: the map costs no more taps in the Automa's turns).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "py"), str(ROOT)]

from automa.games.tapestry import data as tdata  # noqa: E402
from automa.games.tapestry import map as twin  # noqa: E402
from tests.tapestry.play import default_answer, new  # noqa: E402
from tests.tapestry.test_map import Truthful  # noqa: E402

IDLE = "tapestry.q.bots_turn"


def your_move(board: dict[str, str], rng: random.Random) -> str | None:
    """The simulated player's turn: an empty or neutral hex next to their territories."""
    options = [h for h in twin.hexes() if board[h] in (twin.EMPTY, twin.TILE)
               and any(twin.you_control(board[n]) for n in twin.neighbours(h))]
    return rng.choice(options) if options else None


class TableWithoutMap(Truthful):
    """Today's questions answered from the bench's own board, the Automa's placements put
    on it as the player would place them."""

    def __call__(self, prompt: Any) -> Any:
        key = prompt.key.removeprefix("tapestry.")
        value = super().__call__(prompt)
        hex_id = self.reached
        if hex_id is not None and key == "q.conquer_opponent":
            self.board[hex_id] = twin.AUTOMA2
        elif hex_id is not None and key == "q.conquer_neutral_scan":
            icon = tdata.card(prompt.ui["card"])["toppled_outpost"]
            self.board[hex_id] = twin.AUTOMA2 if icon and hex_id != twin.MIDDLE else twin.AUTOMA1
        elif hex_id is not None and key == "q.explore_scan" and value:
            self.board[hex_id] = twin.TILE
        return value


def play(seed: int, with_map: bool) -> tuple[list[int], int]:
    """Taps in each Automa turn of one game, and the player's marks (taps) on the map."""
    rng = random.Random(seed)
    session = new(2, seed, map=with_map)
    table = TableWithoutMap(twin.initial_map())
    board: dict[str, str] = session._state["data"]["map"] if with_map else table.board
    turns: list[int] = []
    marks = 0
    taps = None
    for _ in range(5000):
        prompt = session.prompt
        if prompt is None:
            break
        if prompt.key == IDLE:
            if taps is not None:
                turns.append(taps)
            hex_id = your_move(board, rng)
            if hex_id is not None:
                board[hex_id] = twin.YOU1  # the player's own turn (marked: 2 taps)
                marks += 2 if with_map else 0
            taps = 0
        session.answer(default_answer(prompt) if with_map else table(prompt))
        if taps is not None:
            taps += 1
    if taps:
        turns.append(taps)
    return turns, marks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100)
    args = parser.parse_args()
    off: list[int] = []
    on: list[int] = []
    marks: list[int] = []
    for seed in range(1, args.games + 1):
        off += play(seed, False)[0]
        turns, made = play(seed, True)
        on += turns
        marks.append(made)
    print(f"Tapestry, {args.games} games, level 2, the same seeds; taps per Automa turn")
    print(f"{'':24}{'map off':>10}{'map on':>10}{'on/off':>10}")
    for name, f in (("median", statistics.median), ("mean", statistics.fmean)):
        print(f"{name:24}{f(off):>10.2f}{f(on):>10.2f}{f(on) / f(off):>10.2f}")
    print(f"{'Automa turns':24}{len(off):>10}{len(on):>10}")
    print(f"your own marks per game (2 taps a hex): mean {statistics.fmean(marks):.1f}")


if __name__ == "__main__":
    main()
