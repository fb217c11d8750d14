"""Automa Companion: runs the solo bots ("Automa") of board games for a player at the table.

``automa.render_message(key, params, lang)`` renders a message; the package ``automa.render``
draws card images.

>>> import automa
>>> [g["id"] for g in automa.games()]  # doctest: +SKIP
['age_of_innovation', 'tapestry']
"""

from __future__ import annotations

from typing import Any

from automa.core.errors import (
    AutomaError,
    GameOver,
    InvalidAnswer,
    InvalidCardData,
    InvalidOption,
    NewerSave,
    NothingToUndo,
    UnknownGame,
    UnknownProcedure,
    UnreadableSave,
    WrongGameSave,
)
from automa.core.game import registered
from automa.core.i18n import render as render_message
from automa.core.prompts import Prompt
from automa.core.session import ENGINE_VERSION, Session, load_game, new_game

__version__ = ENGINE_VERSION
__all__ = [
    "AutomaError",
    "GameOver",
    "InvalidAnswer",
    "InvalidCardData",
    "InvalidOption",
    "NewerSave",
    "NothingToUndo",
    "Prompt",
    "Session",
    "UnknownGame",
    "UnknownProcedure",
    "UnreadableSave",
    "WrongGameSave",
    "games",
    "load_game",
    "new_game",
    "render_message",
]


def games() -> list[dict[str, Any]]:
    """Every registered game: id, name (message id) and option schema."""
    return [g.to_json() for _, g in sorted(registered().items())]
