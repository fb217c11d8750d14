"""The message banner at the top of the screen: one message (an error, or news for the
player), shown on the next screen drawn and on that screen only, until it is dismissed.

Its own small module, so that the controller, the desks ("My decks", records, sharing) and
the page each use the banner without reaching into one another.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from automa.app.words import Words
from automa.core import i18n
from automa.core.errors import AutomaError


class Banner:
    """The one message the player reads at the top of the screen."""

    def __init__(self) -> None:
        self.message = ""
        """What the banner says ("" : no banner)."""
        self.kind = "error"
        """``error`` or ``info``."""
        self.shown_on: str | None = None
        """The screen the message was first shown on (None: not shown yet)."""
        self.way_out = False
        """The message offers a way out beside it: undo the last answer, or Home (a tap
        whose handler failed)."""

    def flash(self, message: str, kind: str = "error", *, way_out: bool = False) -> None:
        """Show ``message`` at the top of the next screen drawn (and of that screen only)."""
        self.message, self.kind, self.shown_on, self.way_out = message, kind, None, way_out

    def dismiss(self) -> None:
        """The message is read (or made stale by what the player did): no banner."""
        self.message = ""

    def on(self, screen: str) -> str:
        """The message to show on ``screen`` drawn whole ("" : none): a message belongs to
        the screen it was first shown on, and another screen drops it."""
        if self.message and self.shown_on not in (None, screen):
            self.message = ""
        self.shown_on = screen if self.message else None
        return self.message


def error_text(error: BaseException, lang: str) -> str:
    """An error in ``lang`` (an unexpected one by its type only)."""
    if isinstance(error, AutomaError):
        return error.message(lang)
    return i18n.render("web.error.unexpected", {"detail": type(error).__name__}, lang)


@dataclass(frozen=True)
class DeskTools:
    """What a desk ("My decks", records, sharing) uses of the app: the banner, the words of
    the chosen language, the clock, the listed games and the screen on the page. A desk is
    given these, never the controller."""

    banner: Banner
    words: Callable[[], Words]
    """Messages in the chosen language (it may change between two calls)."""
    now: Callable[[], float]
    """The clock, in seconds."""
    date: Callable[[float], str]
    """A moment as the player's date."""
    games: Mapping[str, dict[str, Any]]
    """The games as listed (their JSON), by id."""
    screen: Callable[[], str]
    """The name of the screen on the page."""

    @property
    def w(self) -> Words:
        """Messages in the chosen language."""
        return self.words()

    def t(self, key: str, **params: Any) -> str:
        """A message in the chosen language."""
        return self.words().t(key, **params)

    def error_text(self, error: BaseException) -> str:
        """An error in the chosen language."""
        return error_text(error, self.words().lang)

    def flash(self, message: str, kind: str = "error") -> None:
        """Show a message on the next screen drawn (:meth:`Banner.flash`)."""
        self.banner.flash(message, kind)

    def game_name(self, game_id: str) -> str:
        """A game's name in the chosen language."""
        game = self.games.get(game_id)
        return self.t(game["name"]) if game else game_id
