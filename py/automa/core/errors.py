"""Typed errors of the engine.

Every error carries a stable message id (``key``) and parameters, so any front end
can render it in the player's language with :func:`automa.core.i18n.render`.
A rejected answer never changes the session.
"""

from __future__ import annotations

from typing import Any

from automa.core.records import MessageRef, Params


class AutomaError(ValueError):
    """Base class: an error with a message id and parameters."""

    key = "error.generic"

    def __init__(self, key: str | None = None, **params: Any) -> None:
        self.key = key or type(self).key
        self.params: Params = params
        super().__init__(self.english())

    def english(self) -> str:
        """The message rendered in English (for logs and tracebacks)."""
        from automa.core.i18n import render

        return render(self.key, self.params, "en")

    def message(self, lang: str) -> str:
        """The message rendered in ``lang``."""
        from automa.core.i18n import render

        return render(self.key, self.params, lang)

    def to_json(self) -> MessageRef:
        """The message id and parameters, for a front end."""
        return {"key": self.key, "params": self.params}


class InvalidAnswer(AutomaError):
    """The answer does not fit the current prompt."""

    key = "error.invalid_answer"


class InvalidOption(AutomaError):
    """An unknown option, or a value the option does not allow."""

    key = "error.invalid_option"


class UnknownGame(AutomaError):
    """No game is registered under that id."""

    key = "error.unknown_game"


class UnknownProcedure(AutomaError):
    """The procedure does not exist or is not available now."""

    key = "error.unknown_procedure"


class UnknownPile(AutomaError):
    """The game has no pile of that name."""

    key = "error.unknown_pile"


class NothingToUndo(AutomaError):
    """Undo or redo was asked with an empty history."""

    key = "error.nothing_to_undo"


class NothingToCancel(AutomaError):
    """Cancel was asked while no started procedure is open."""

    key = "error.nothing_to_cancel"


class GameOver(AutomaError):
    """The game has ended: nothing more to answer."""

    key = "error.game_over"


class UnreadableSave(AutomaError):
    """A save that is not JSON, is truncated, or is not a save of this app."""

    key = "error.unreadable_save"


class ImpossibleValue(AutomaError):
    """An answer after which a tracked value would lie outside its declared range (a count
    below 0 or above its component count, an unknown key): refused, nothing changes."""

    key = "error.impossible_value"


class NewerSave(AutomaError):
    """A save written by a newer version of the app."""

    key = "error.newer_save"


class WrongGameSave(AutomaError):
    """A save of another game than the one expected."""

    key = "error.wrong_game_save"


class InvalidCardData(AutomaError):
    """Card data that fails validation; names the file, the card and the field."""

    key = "error.invalid_card_data"

    def __init__(self, file: str, card: str, field: str, problem: str) -> None:
        super().__init__(None, file=file, card=card, field=field, problem=problem)
