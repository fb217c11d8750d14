"""The card editor of a game whose player keys in their own cards.

Such a game declares a ``data`` option (:class:`~automa.core.game.OptionSpec`) whose
``editor`` is a :class:`CardEditor`. The app's "My decks" screens — the kept decks, the
editor, the deck chosen for a new game — are built on that editor alone, so a new game with
keyed-in cards needs no change in the app.

A deck is a list of cards, each a JSON object. A card's ``number`` names it on the editor's
tabs, and a card added to a deck takes the first number the deck does not use yet. Every
value the editor is given may be hostile (typed into a form, written by another tab, read
from a file): it names what is wrong in message references and raises nothing but
:class:`~automa.core.errors.InvalidOption`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from automa.core.records import MessageRef

Card = dict[str, Any]


@dataclass(frozen=True)
class CardEditor:
    """What the app needs of a game to key in, keep and check a player's own cards."""

    max_cards: int
    """The most cards a deck may hold."""
    fields: Callable[[Any], list[dict[str, Any]]]
    """``(card or None) -> fields``: every field of a card, in reading order, each
    ``{"path", "kind", "label"}`` (``kind`` ``int`` with ``lo`` and ``hi``, or ``choice``
    with ``choices`` and their ``choice_labels``) and an optional ``note``; labels and notes
    are message references. With a card, the fields may follow its values."""
    field_value: Callable[[Card, str], Any]
    """``(card, path) -> value``: one field's value (None where the card has none)."""
    with_field: Callable[[Card, str, Any], Card]
    """``(card, path, value) -> card``: a copy with one field set; a wrong value is kept
    (the checks name it), an unknown path is refused."""
    blank_card: Callable[[int], Card]
    """``(number) -> card``: a new card with that number."""
    starter_cards: Callable[[], list[Card]]
    """The game's own cards, as a starting point for a deck of one's own."""
    starter_label: str
    """Message id of the button that starts a deck from :attr:`starter_cards`."""
    card_problems: Callable[[Any], list[tuple[str, MessageRef]]]
    """``(card) -> [(path, problem)]``: what is wrong with one card, by field (empty:
    nothing)."""
    deck_problems: Callable[[Any], list[MessageRef]]
    """``(cards) -> problems``: what keeps a deck from play, each naming its card and field
    (empty: playable)."""
    read: Callable[[Any], tuple[dict[str, Any], list[Card]]]
    """``(text) -> (fields, cards)``: a kept deck's text read back as its other fields
    (``{}`` for a bare list of cards) and its cards as the editor can show them (drafts with
    problems too), or :class:`InvalidOption` naming why it is no deck at all."""
    to_file: Callable[[list[Card]], str]
    """``(cards) -> text``: a playable deck as the file a player exports."""
    from_file: Callable[[Any], list[Card]]
    """``(text) -> cards``: a deck file read and checked (:class:`InvalidOption` naming the
    first problem)."""
