"""The declared range of every value the app tracks for the Tapestry bots (``ctx.data``, built
by ``setup.initial_data``): track positions within the tracks, counts from 0 to what the box
holds, VP within sane bounds, no key the game does not know."""

from __future__ import annotations

from automa.core.ranges import FLAG, Count, Items, Maybe, OneOf, Table, Text, table_of
from automa.games.tapestry import data
from automa.games.tapestry.common import VP_SOURCES
from automa.games.tapestry.income import MAT_COLUMNS

MAX_VP = 999
"""A sane bound on the Automa's VP from one source (a whole game scores about 200)."""
TAPESTRY_CARDS = 43
"""Tapestry cards in the base game's deck."""
MAX_TERRITORIES = 99
"""A sane bound on the territories the Automa controls (a real map holds about 40)."""
HOLDERS = ("", "automa", "shadow", "player")


def ranges() -> Table:
    """The range of every value in ``ctx.data``."""
    vp = {s: Count(-MAX_VP if s == "correction" else 0, MAX_VP) for s in VP_SOURCES}
    return Table({
        "level": Count(1, 6),
        "civs": Items(OneOf(data.CIVS), 2),
        "fav": table_of(data.BOTS, OneOf(("", *data.TRACKS))),
        "pos": table_of(data.BOTS, table_of(data.TRACKS, Count(0, data.END))),
        "vp": Table(vp),
        "territories": Count(0, MAX_TERRITORIES),
        "territories_confirmed": Count(0, 5),
        "tapestry_held": Count(0, TAPESTRY_CARDS),
        "mat_tapestries": Count(0, MAT_COLUMNS),
        "landmarks": table_of(data.landmarks(), OneOf(HOLDERS)),
        "achievements": table_of(data.ACHIEVEMENTS, Items(OneOf(HOLDERS[1:]), 3)),
        "toppled_yours": Count(0, MAX_TERRITORIES),
        "you_income_turns": Count(1, 5),
        "income_turns": Count(0, 5),
        "over": FLAG,
        "procedure": Maybe(Text()),
    })
