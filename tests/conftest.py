"""Shared test set-up: the engine from py/, and the demo game for core tests."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for path in (ROOT / "py", Path(__file__).resolve().parent):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

import demo_game  # noqa: E402

demo_game.ensure_registered()
