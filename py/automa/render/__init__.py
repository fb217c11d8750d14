"""Card faces as SVG, drawn by our own code from card data.

Each game registers a :class:`CardRenderer` (usually from ``render/<game>.py``); the web app
and the print sheets only call :func:`card_svg`, :func:`deck` and :func:`pattern_svg`. An SVG
has ``role="img"`` with a ``<title>`` and ``<desc>`` in the chosen language, so screen readers
get the card's content as text. Cards are drawn at 63 × 88 mm (``viewBox="0 0 630 880"``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

CARD_WIDTH_MM = 63
CARD_HEIGHT_MM = 88


@dataclass(frozen=True)
class CardRenderer:
    """How one game draws its cards."""

    game: str
    card_svg: Callable[[str, Sequence[str], str], str]
    """``(card_id, highlight, lang) -> svg``: ``highlight`` names card fields (or halves)."""
    deck: Callable[[], list[str]]
    """Every card id of the game, in print order."""
    pattern_svg: Callable[[Mapping[str, Any], str], str] | None = None
    """``(pattern, lang) -> svg``: the board-scan pattern a question shows (``ui["pattern"]``),
    for a game that draws them."""
    keyed_svg: Callable[[dict[str, Any], str], str] | None = None
    """``(card, lang) -> svg``: a card the player keyed in (one without problems), drawn as
    the card editor's preview, for a game whose player keys in cards."""
    swatch: Callable[[str], str | None] | None = None
    """``value -> colour``: the colour of an answer's value as the cards draw it (a terrain),
    shown as a chip on its button; None for a value without one."""


_RENDERERS: dict[str, CardRenderer] = {}


def escape(text: str) -> str:
    """Text made safe inside XML/HTML markup and attribute values.

    The same result as ``html.escape(text, quote=True)``, without importing ``html``, whose
    entity tables cost about 90 ms to load in the browser's Python.
    """
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#x27;"))


def register_renderer(renderer: CardRenderer) -> CardRenderer:
    """Register a game's card renderer."""
    _RENDERERS[renderer.game] = renderer
    return renderer


def _renderer(game: str) -> CardRenderer:
    if game not in _RENDERERS:
        import importlib

        module = f"automa.render.{game}"
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as e:
            if e.name != module:
                raise
    if game not in _RENDERERS:
        raise KeyError(f"no card renderer for {game}")
    return _RENDERERS[game]


def has_renderer(game: str) -> bool:
    """Whether the game draws card images."""
    try:
        _renderer(game)
    except KeyError:
        return False
    return True


def card_svg(game: str, card_id: str, highlight: Sequence[str] = (), lang: str = "en") -> str:
    """One card face as an SVG string."""
    return _renderer(game).card_svg(card_id, tuple(highlight), lang)


def deck(game: str) -> list[str]:
    """Every card id of a game, in print order."""
    return _renderer(game).deck()


def pattern_svg(game: str, pattern: Mapping[str, Any], lang: str = "en") -> str | None:
    """A board-scan pattern drawn by the game's renderer; None if the game draws none."""
    drawer = _renderer(game).pattern_svg if has_renderer(game) else None
    return None if drawer is None else drawer(pattern, lang)


def swatch(game: str, value: Any) -> str | None:
    """The colour the game's cards give an answer's value (a terrain), or None."""
    drawer = _renderer(game).swatch if has_renderer(game) else None
    return None if drawer is None or not isinstance(value, str) else drawer(value)


def keyed_svg(game: str, card: dict[str, Any], lang: str = "en") -> str | None:
    """A card keyed in by the player drawn by the game's renderer; None if it draws none."""
    drawer = _renderer(game).keyed_svg if has_renderer(game) else None
    return None if drawer is None else drawer(card, lang)
