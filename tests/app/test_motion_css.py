"""What moves on the page moves on the compositor: an animation's keyframes change only
``opacity`` or ``transform``, which the browser animates without the page's main thread. The
bots' new-turn ring once animated a ``box-shadow``: every frame of it was painted again on
the main thread, about 60 frames after most taps of Tapestry, ~0.9 s of work per tap with the
CPU slowed 4× (issue 49, ``bench/tap_latency.py``)."""

from __future__ import annotations

import re
from pathlib import Path

STYLE = Path(__file__).resolve().parents[2] / "web" / "style.css"
ON_THE_COMPOSITOR = {"opacity", "transform"}


def keyframes() -> dict[str, str]:
    """Every ``@keyframes`` of the stylesheet: name -> its body."""
    css = re.sub(r"/\*.*?\*/", "", STYLE.read_text(encoding="utf-8"), flags=re.S)
    return dict(re.findall(r"@keyframes\s+([\w-]+)\s*\{((?:[^{}]*\{[^{}]*\})*\s*)\}", css))


def test_every_animation_changes_only_what_the_compositor_animates() -> None:
    found = keyframes()
    assert "fresh-turn" in found  # (the bots' new turn, marked for a moment)
    for name, body in found.items():
        props = set(re.findall(r"([a-z-]+)\s*:", body))
        assert props and props <= ON_THE_COMPOSITOR, f"@keyframes {name}: {props}"
