"""The log's reasons name their values in words: disciplines, terrains, buildings, tiles."""

from __future__ import annotations

from tests.conformance import playout
from tests.sessions import key_of

KINDS = ("discipline", "terrain", "building", "bonus")


def test_catch_up_and_bonus_tile_reasons_are_named_in_the_log() -> None:
    log = playout("age_of_innovation", 3, check=False).log
    named = [e["why"] for e in log if "labels" in e.get("why", {})]
    assert named
    for why in named:
        for label in why["labels"]:
            assert isinstance(label, int | str) or key_of(label).split(".")[1] in KINDS
