"""The log's reasons name their values in words: tracks, bots, landmarks, chart steps."""

from __future__ import annotations

from tests.conformance import playout
from tests.sessions import key_of


def test_track_choices_and_chart_steps_are_named_in_the_log() -> None:
    log = playout("tapestry", 3, check=False).log
    track_whys = [e["why"] for e in log
                  if e["action"]["key"] == "tapestry.log.advance" and "why" in e]
    assert track_whys
    for why in track_whys:
        assert all(key_of(label).startswith("tapestry.track.") for label in why["labels"])
        assert key_of(why["pick_label"]) == f"tapestry.track.{why['pick']}"
    chart = [e["why"] for e in log if e.get("why", {}).get("rule") == "tapestry.rule.income_chart"]
    assert chart and all(key_of(lab).startswith("tapestry.chart_step.")
                         for why in chart for lab in why["labels"])
