"""Each game's last play screen, kept beside its save, so the page's loading shell can paint
it before the engine has started (a game reopened on a phone is back at once).

Storage format, version :data:`SCREEN_VERSION`, one key per game
(``automa.screen.<save id>``): a header line, JSON ``{"v", "rev", "game", "lang",
"written"}``, then the play screen's markup exactly as the page drew it. ``rev`` is the
revision of the save the screen shows (:mod:`automa.app.saves`).

Everything read back is hostile (another tab, an older version, a person with the browser's
developer tools). The shell (``web/index.html``) shows a stored screen only when its version,
revision, game and language match the save and the page, and only if DOMPurify, held to the
allowlists below (and the classes of our own stylesheet, added by ``build.py``), finds nothing
to take out: a screen that is not all ours shows nothing. It is inert until the engine draws
its own. :func:`read_screen` is the same check in
Python.

A stored screen must never cost a save: only the :data:`MAX_SCREENS` games played last keep
one, and the controller drops them all to make room when a save does not fit.
"""

from __future__ import annotations

import contextlib
import json
import re
from dataclasses import dataclass
from typing import Any

from automa.app.saves import SAVE_PREFIX, valid_save_id
from automa.app.storage import KeyValue, StorageError
from automa.core.checks import read_json

SCREEN_PREFIX = "automa.screen."
SCREEN_VERSION = 1
MAX_SCREENS = 4
"""Games whose last screen is kept (the ones played last)."""
MAX_SCREEN_CHARS = 400_000
"""A larger screen is not kept (the largest drawn so far is about 70,000 characters)."""
HEADER_MAX = 400

SCREEN_TAGS = (
    # our HTML (automa/app/views.py)
    "a", "b", "button", "dd", "details", "div", "dl", "dt", "em", "fieldset", "figcaption",
    "figure", "h2", "h3", "h4", "input", "label", "legend", "li", "ol", "option", "p",
    "section", "select", "small", "span", "strong", "summary", "ul",
    # our card faces and icons (automa/render, automa/app/icons.py)
    "svg", "g", "path", "rect", "circle", "ellipse", "line", "polyline", "polygon", "text",
    "tspan", "title", "desc",
)
"""The elements a stored screen may contain."""
SCREEN_CLASSES = ("answer", "cards-panel", "print", "cards-1", "cards-2", "cards-3", "cards-4",
                  "cards-5")
"""Classes our screens use that the stylesheet does not name (every class ``web/style.css``
names is allowed too: ``build.py`` adds them)."""
SCREEN_HREF = re.compile(r"#/|\./guide/")
"""How every link of a stored screen starts (our own screens and guides)."""
SCREEN_ATTRS = (
    "class", "id", "href", "type", "value", "min", "max", "checked", "selected", "disabled",
    "hidden", "for", "title", "tabindex", "inputmode", "enterkeyhint", "role", "focusable",
    "aria-label", "aria-labelledby", "aria-describedby", "aria-hidden", "aria-pressed",
    "aria-expanded", "aria-current", "aria-live",
    "data-act", "data-arg", "data-json", "data-game", "data-kind", "data-key", "data-lo",
    "data-hi", "data-index", "data-card", "data-record", "data-score", "data-layout",
    "autocomplete", "data-none", "data-unsupported", "open", "placeholder",
    # SVG presentation
    "viewbox", "xmlns", "width", "height", "x", "y", "x1", "x2", "y1", "y2", "cx", "cy", "r",
    "rx", "ry", "d", "points", "transform", "fill", "stroke", "stroke-width", "stroke-linecap",
    "stroke-linejoin", "stroke-dasharray", "opacity", "fill-opacity", "font-family",
    "font-size",
    "font-weight", "text-anchor", "textlength", "lengthadjust",
)
"""The attributes a stored screen may carry (DOMPurify also refuses any unsafe value)."""


@dataclass(frozen=True)
class StoredScreen:
    """A game's last play screen as stored."""

    rev: int
    game: str
    lang: str
    written: float
    markup: str


def screen_key(save_id: str) -> str:
    """The storage key of a game's stored screen."""
    return SCREEN_PREFIX + save_id


def _header(raw: str) -> dict[str, Any] | None:
    end = raw.find("\n", 0, HEADER_MAX)
    if end < 0:
        return None
    try:
        header = read_json(raw[:end])
    except ValueError:
        return None
    return header if isinstance(header, dict) and header.get("v") == SCREEN_VERSION else None


def read_screen(raw: str | None) -> StoredScreen | None:
    """A stored screen from its stored text, or None if it is not one of ours (the shell
    checks the same in JavaScript before it shows anything)."""
    if not isinstance(raw, str) or len(raw) > MAX_SCREEN_CHARS + HEADER_MAX:
        return None
    header = _header(raw)
    if header is None:
        return None
    rev, game, lang, written = (header.get(k) for k in ("rev", "game", "lang", "written"))
    if (isinstance(rev, bool) or not isinstance(rev, int) or not isinstance(game, str)
            or not isinstance(lang, str) or isinstance(written, bool)
            or not isinstance(written, int | float)):
        return None
    return StoredScreen(rev, game, lang, float(written), raw[raw.index("\n") + 1:])


class ScreenStore:
    """The stored play screens over the page's key-value storage."""

    def __init__(self, kv: KeyValue) -> None:
        self.kv = kv
        self.pruned: set[str] = set()  # the games whose first put pruned the others

    def get(self, save_id: str) -> StoredScreen | None:
        """The stored screen of a game, if there is a well-formed one."""
        try:
            return read_screen(self.kv.get(screen_key(save_id))) if valid_save_id(save_id) \
                else None
        except StorageError:  # a storage that refuses every call
            return None

    def put(self, save_id: str, rev: int, game: str, lang: str, markup: str,
            now: float) -> bool:
        """Keep ``markup`` as the screen of revision ``rev`` of a game (best effort: False
        if it was not kept)."""
        if not valid_save_id(save_id) or len(markup) > MAX_SCREEN_CHARS:
            self.drop(save_id)
            return False
        header = json.dumps({"v": SCREEN_VERSION, "rev": rev, "game": game, "lang": lang,
                             "written": now}, separators=(",", ":"))
        try:  # (refused: a screen stored before stays, and the shell's revision check
            self.kv.set(screen_key(save_id), header + "\n" + markup)  # keeps it off the page)
            if save_id not in self.pruned:
                self.prune(keep=save_id)
                self.pruned.add(save_id)
        except StorageError:
            return False
        return True

    def stored_ids(self) -> list[str]:
        """The games that have a stored screen (by save id)."""
        return [k[len(SCREEN_PREFIX):] for k in self.kv.keys()  # noqa: SIM118
                if k.startswith(SCREEN_PREFIX)]

    def prune(self, keep: str) -> None:
        """Drop the screens of games that are gone, and the oldest beyond
        :data:`MAX_SCREENS` (the game ``keep`` counts as the newest)."""
        written: list[tuple[float, str]] = []
        for save_id in self.stored_ids():
            if save_id == keep:
                continue
            raw = self.kv.get(screen_key(save_id))
            header = _header(raw) if isinstance(raw, str) else None
            time = header.get("written") if header else None
            if (header is None or self.kv.get(SAVE_PREFIX + save_id) is None
                    or isinstance(time, bool) or not isinstance(time, int | float)):
                self.drop(save_id)
            else:
                written.append((float(time), save_id))
        for _, save_id in sorted(written, reverse=True)[MAX_SCREENS - 1:]:
            self.drop(save_id)

    def drop(self, save_id: str) -> None:
        """Forget a game's stored screen (best effort)."""
        with contextlib.suppress(StorageError):
            self.kv.remove(screen_key(save_id))

    def clear(self) -> bool:
        """Forget every stored screen (to make room for a save); True if any was."""
        try:
            found = self.stored_ids()
        except StorageError:
            return False
        for save_id in found:
            self.drop(save_id)
        return bool(found)
