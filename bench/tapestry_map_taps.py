"""Taps per Automa turn in Tapestry, with the map twin and without it, on the same seeds.

    .venv/bin/python bench/tapestry_map_taps.py [--games 100]

Each seed is played twice to the end: without the map (the player answers today's questions
truthfully from a board the bench keeps, finding each hex as the questions' steps say) and
with it (the app picks). In both, the same simulated player explores or conquers one hex
next to their territories on each of their turns. A tap is one answer; an Automa turn runs
from "Take the bots' turn" (included) to the next time that question waits, income turns
included. The player's own marks on the map are counted apart: a tap on the folded map's
line, then 2 per hex changed on their turn (one hex a turn here). Prints the medians and
means side by side, and their ratio with the map on to off (≤ 1.00: the map costs no more
taps in the Automa's turns).
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


def your_move(board: dict[str, twin.Mark], rng: random.Random) -> str | None:
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


BOARD_LOGS = ("conquer", "explore", "territor", "single_token")
"""Log entries of a turn with work on the board (conquer, explore, the territory count)."""


def play(seed: int, with_map: bool) -> tuple[list[tuple[int, bool]], int]:
    """Taps in each Automa turn of one game (and whether it had board work), and the
    player's marks (taps) on the map."""
    rng = random.Random(seed)
    session = new(2, seed, map=with_map)
    table = TableWithoutMap(twin.initial_map())
    board: dict[str, twin.Mark] = session._state["data"]["map"] if with_map else table.board
    turns: list[tuple[int, bool]] = []
    marks = 0
    taps = None
    since = 0
    for _ in range(5000):
        prompt = session.prompt
        if prompt is None:
            break
        if prompt.key == IDLE:
            if taps is not None:
                turns.append((taps, _board_work(session.log[since:])))
            since = len(session.log)
            hex_id = your_move(board, rng)
            if hex_id is not None:
                # the player's own turn, marked: the folded map's line, the hex, its mark
                board[hex_id] = twin.YOU1
                marks += 3 if with_map else 0
            taps = 0
        session.answer(default_answer(prompt) if with_map else table(prompt))
        if taps is not None:
            taps += 1
    if taps:
        turns.append((taps, _board_work(session.log[since:])))
    return turns, marks


def _board_work(entries: list[Any]) -> bool:
    return any(word in e["action"]["key"] for e in entries for word in BOARD_LOGS)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100)
    args = parser.parse_args()
    off: list[tuple[int, bool]] = []
    on: list[tuple[int, bool]] = []
    marks: list[int] = []
    for seed in range(1, args.games + 1):
        without, _ = play(seed, False)
        turns, made = play(seed, True)
        assert len(turns) == len(without), seed  # the same turns (the same seed)
        off += without
        # a turn has board work if it has without the map (where every action asks)
        on += [(t, b) for (t, _), (_, b) in zip(turns, without, strict=True)]
        marks.append(made)
    print(f"Tapestry, {args.games} games, level 2, the same seeds; taps per Automa turn")
    print(f"{'':34}{'map off':>10}{'map on':>10}{'on/off':>10}")
    for label, board_only in (("every turn", False), ("turns with board work", True)):
        a = [t for t, b in off if b or not board_only]
        z = [t for t, b in on if b or not board_only]
        for name, f in (("median", statistics.median), ("mean", statistics.fmean)):
            print(f"{label + ', ' + name:34}{f(a):>10.2f}{f(z):>10.2f}{f(z) / f(a):>10.2f}")
        print(f"{label + ', count':34}{len(a):>10}{len(z):>10}")
    print(f"your own marks per game (2 taps a hex, 1 to open the folded map): "
          f"mean {statistics.fmean(marks):.1f} taps")


if __name__ == "__main__":
    main()
