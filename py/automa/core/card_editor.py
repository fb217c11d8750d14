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

from automa.core.formats import Format, Migrated
from automa.core.records import MessageRef

Card = dict[str, Any]


def deck_v1_to_v2(value: Any) -> Migrated:
    """Deck 1 (engine 0.1.0): a file ``{"game", "edition", "cards"}``, a kept deck
    ``{"game", "name", "cards"}``, or a bare list of cards. Deck 2: an object with
    ``"v": 2``; a kept deck (an object that is no file: no ``edition``) counts its writes in
    ``"rev"``, 0 for one written before; a bare list becomes its ``cards``. Anything else is
    left for the reader to name what is wrong."""
    if isinstance(value, list):
        return Migrated({"v": 2, "cards": value})
    if isinstance(value, dict):
        kept = {} if "edition" in value or "rev" in value else {"rev": 0}
        return Migrated({**value, **kept, "v": 2})
    return Migrated(value)


DECK = Format("deck", [deck_v1_to_v2])
"""A deck of cards keyed in by a player: kept in the browser (``automa.deck.<id>``) and as a
file. The cards inside are the game's (its :class:`CardEditor` checks them)."""


def upgrade_deck(raw: Any) -> Any:
    """A parsed deck (file or kept) in the current format; :class:`NewerFormat` if a newer
    app wrote it."""
    return DECK.upgrade(raw, raw.get("v") if isinstance(raw, dict) else None).value


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
