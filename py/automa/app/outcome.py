"""What the controller hands the page: a screen to put up, and what to do after a tap or an
event (:class:`Outcome`). Its own module, so that the controller and the "My decks" screens
both use it without importing each other."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from automa.app.html import Safe


@dataclass
class Screen:
    """A whole screen to put on the page."""

    name: str
    """home, new, play, pile, settings or decks."""
    body: Safe
    title: str = ""
    parts: list[Safe] = field(default_factory=list)
    """Play: the screen's parts, each one element, so the page replaces only those that
    changed."""
    announce: str = ""
    """Play: the bots' turn in words, for screen readers when it is new."""
    first: int = 0
    """Play: how many of the parts make the first screen (drawn at once after a tap; the
    others once the frame is painted)."""
    speak: list[str] | None = None
    """Play: the words the device's voice reads now — what is new of the bots' turn —, its
    language and rate (None: nothing to read, or reading aloud is off)."""
    rest: Callable[[], list[Safe]] | None = None
    """Play, after a tap: the other parts, worked out once the first screen is painted
    (``parts`` then holds the first ones only)."""

    def titles(self, app_title: str) -> tuple[str, str]:
        """The document's title and the heading over the screen, the app's name ``app_title``.

        >>> Screen("play", Safe(""), "Tapestry").titles("Automa Companion")
        ('Tapestry · Automa Companion', 'Tapestry')
        """
        if not self.title:
            return app_title, app_title
        return f"{self.title} · {app_title}", self.title


@dataclass
class Outcome:
    """What the page does after a tap or an event."""

    go: str | None = None
    """Navigate to this hash (a history entry)."""
    redraw: bool = False
    """Show the screen of the current hash again."""
    show: Screen | None = None
    """Put this screen up without navigating."""
    played: bool = False
    """A tap on the game in play: ``show`` is its new screen (only its first parts: the
    question gets the focus, what is new is announced and read aloud); no game left in play
    (``show`` None): the screen of the current hash."""
    changed: bool = False
    """The game changed: save it once the new screen is painted."""
    download: tuple[str, str] | None = None
    """A file to download: name and text."""
    print_sheets: tuple[Safe, int] | None = None
    """Sheets to print and their number of pages."""
    calls: list[tuple[str, list[str]]] = field(default_factory=list)
    """Jobs of the page's shell, by name with their arguments: ``say`` (words, language,
    rate; no words: stop), ``copy`` and ``send`` (a link)."""
