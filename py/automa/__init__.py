"""Automa Companion: runs the solo bots ("Automa") of board games for a player at the table.

``automa.render_message(key, params, lang)`` renders a message; the package ``automa.render``
draws card images.

>>> import automa
>>> [g["id"] for g in automa.games()]
['age_of_innovation', 'civ_new_dawn', 'glory_of_civilizations', 'tapestry']
"""

from __future__ import annotations

import importlib
from typing import Any

from automa.core.errors import (
    AutomaError,
    GameOver,
    ImpossibleValue,
    InvalidAnswer,
    InvalidCardData,
    InvalidOption,
    NewerSave,
    NothingToCancel,
    NothingToUndo,
    UnknownGame,
    UnknownPile,
    UnknownProcedure,
    UnreadableSave,
    WrongGameSave,
)
from automa.core.game import load_games_with, registered
from automa.core.i18n import render as render_message
from automa.core.numbers import SEED_MAX, parse_int
from automa.core.prompts import Prompt
from automa.core.savefile import check_save, load_game
from automa.core.session import ENGINE_VERSION, Session, new_game


def _load_games(game_id: str | None) -> None:
    """Import (and so register) the game ``game_id`` of :mod:`automa.games`, or every game."""
    shelf = importlib.import_module("automa.games")
    if game_id is None:
        shelf.load_all()
    else:
        shelf.load(game_id)


load_games_with(_load_games)
__version__ = ENGINE_VERSION
__all__ = [
    "SEED_MAX",
    "AutomaError",
    "GameOver",
    "ImpossibleValue",
    "InvalidAnswer",
    "InvalidCardData",
    "InvalidOption",
    "NewerSave",
    "NothingToCancel",
    "NothingToUndo",
    "Prompt",
    "Session",
    "UnknownGame",
    "UnknownPile",
    "UnknownProcedure",
    "UnreadableSave",
    "WrongGameSave",
    "check_save",
    "games",
    "load_game",
    "new_game",
    "parse_int",
    "render_message",
]


def games() -> list[dict[str, Any]]:
    """Every registered game: id, name (message id) and option schema."""
    return [g.to_json() for _, g in sorted(registered().items())]
