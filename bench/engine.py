"""Engine speed: time per answered prompt over seeded random playouts of every game (CPython).

    .venv/bin/python bench/engine.py [--playouts 1000] [--game tapestry]

Prints per game the mean and p99 time of ``session.answer`` (including the bot's work
up to the next prompt and the undo snapshot), side by side with the targets as ratios
(mean ≤ 1 ms, p99 ≤ 5 ms; ratio ≤ 1.00 meets the target), and, measured in the same run,
the cost of a save (``to_json``) and of a load (replay of the whole game).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "py"), str(ROOT)]

import automa  # noqa: E402
from automa.core.rng import Rng  # noqa: E402
from tests.conformance import random_answer, random_options  # noqa: E402

TARGET_MEAN_MS = 1.0
TARGET_P99_MS = 5.0


def measure(game_id: str, playouts: int) -> dict[str, float]:
    """Answer times (ms) over ``playouts`` random games, plus save and load times."""
    times: list[float] = []
    saves: list[float] = []
    loads: list[float] = []
    clock = time.perf_counter
    for seed in range(playouts):
        rng = Rng.from_seed(seed + 1_000_003)
        session = automa.new_game(game_id, random_options(game_id, rng), seed=seed)
        while (prompt := session.prompt) is not None:
            answer = random_answer(prompt, rng)
            t0 = clock()
            session.answer(answer)
            times.append((clock() - t0) * 1000)
        if seed % 20 == 0:
            t0 = clock()
            text = session.to_json()
            saves.append((clock() - t0) * 1000)
            t0 = clock()
            automa.load_game(text)
            loads.append((clock() - t0) * 1000)
    times.sort()
    return {
        "answers": len(times),
        "mean": statistics.fmean(times),
        "p50": times[len(times) // 2],
        "p99": times[min(len(times) - 1, int(len(times) * 0.99))],
        "max": times[-1],
        "answers_per_game": len(times) / playouts,
        "save": statistics.median(saves),
        "load": statistics.median(loads),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--playouts", type=int, default=1000)
    parser.add_argument("--game", action="append")
    args = parser.parse_args()
    ids = args.game or [g["id"] for g in automa.games()]
    print(f"{'game':20} {'answers':>8} {'/game':>6} {'mean ms':>8} {'p50':>7} {'p99':>7} "
          f"{'max':>7} {'mean/1ms':>9} {'p99/5ms':>8} {'save ms':>8} {'load ms':>8}")
    for game_id in ids:
        r = measure(game_id, args.playouts)
        print(f"{game_id:20} {r['answers']:>8.0f} {r['answers_per_game']:>6.0f} "
              f"{r['mean']:>8.3f} {r['p50']:>7.3f} {r['p99']:>7.3f} {r['max']:>7.2f} "
              f"{r['mean'] / TARGET_MEAN_MS:>9.2f} {r['p99'] / TARGET_P99_MS:>8.2f} "
              f"{r['save']:>8.2f} {r['load']:>8.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
