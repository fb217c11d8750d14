""""My decks": the player's own cards, keyed in, kept and played, for every game that gives a
``data`` option a card editor (:mod:`automa.core.card_editor`). ``my_decks`` reads and draws the
decks and the card editor, ``desk`` does what the screens' taps ask; both are imported on
first use (the app starts without them)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


def deck_games(games: Iterable[dict[str, Any]]) -> list[str]:
    """The games, as listed (their JSON: no game's rules loaded), whose player keys in
    cards."""
    return [g["id"] for g in games if any(o.get("editor") for o in g.get("options", ()))]
