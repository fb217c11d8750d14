"""Piles and decks of cards, kept as JSON inside the game state.

A pile is ``{"cards": [ids...], "marks": {id: [mark, ...]}}``; the first card is the top.
All piles of a game live in ``state["piles"]``, so the engine can check that no card is
ever lost or duplicated. Cards are moved, never created: removed cards go to a pile
named for where they went (e.g. ``box``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from automa.core.records import PileCard
from automa.core.rng import Rng

PileData = dict[str, Any]


def new_pile(cards: Iterable[str] = ()) -> PileData:
    """A pile holding ``cards``, the first on top."""
    return {"cards": list(cards), "marks": {}}


class Pile:
    """A view over one pile's JSON; every method mutates that JSON in place."""

    __slots__ = ("data", "name")

    def __init__(self, name: str, data: PileData) -> None:
        self.name = name
        self.data = data

    @property
    def cards(self) -> list[str]:
        """The cards, top first (the live list: do not mutate it from outside)."""
        cards: list[str] = self.data["cards"]
        return cards

    def __len__(self) -> int:
        return len(self.cards)

    def __bool__(self) -> bool:
        return bool(self.cards)

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    def top(self) -> str | None:
        """The top card without drawing it, or None if the pile is empty."""
        return self.cards[0] if self.cards else None

    def bottom(self, n: int = 1) -> list[str]:
        """The bottom ``n`` cards, bottom-most last."""
        return self.cards[-n:] if n else []

    def draw(self) -> str:
        """Take the top card."""
        if not self.cards:
            raise IndexError(f"pile {self.name} is empty")
        card = self.cards.pop(0)
        self.data["marks"].pop(card, None)
        return card

    def draw_many(self, n: int) -> list[str]:
        """Take the top ``n`` cards (fewer if the pile runs out), top first."""
        return [self.draw() for _ in range(min(n, len(self)))]

    def put_top(self, *cards: str) -> None:
        """Put cards on top; the first given ends on top."""
        self.cards[0:0] = list(cards)

    def put_bottom(self, *cards: str) -> None:
        """Put cards at the bottom, in the order given."""
        self.cards.extend(cards)

    def remove(self, card: str) -> str:
        """Take a given card out of the pile, wherever it is."""
        self.cards.remove(card)
        self.data["marks"].pop(card, None)
        return card

    def take_all(self) -> list[str]:
        """Empty the pile, returning its cards top first."""
        cards = list(self.cards)
        self.cards.clear()
        self.data["marks"].clear()
        return cards

    def shuffle(self, rng: Rng) -> None:
        """Shuffle the pile in place with the game's generator (marks are cleared)."""
        self.data["cards"] = rng.shuffle(self.cards)
        self.data["marks"].clear()

    def mark(self, card: str, mark: str) -> None:
        """Mark a card (e.g. ``sideways``)."""
        if card not in self.cards:
            raise KeyError(f"{card} is not in pile {self.name}")
        marks: list[str] = self.data["marks"].setdefault(card, [])
        if mark not in marks:
            marks.append(mark)

    def unmark(self, card: str, mark: str) -> None:
        """Remove a mark from a card."""
        marks = self.data["marks"].get(card, [])
        if mark in marks:
            marks.remove(mark)
        if not marks:
            self.data["marks"].pop(card, None)

    def has_mark(self, card: str, mark: str) -> bool:
        """Whether the card carries the mark."""
        return mark in self.data["marks"].get(card, [])

    def inspect(self) -> list[PileCard]:
        """Every card with its marks, top first (e.g. for a discard-pile viewer)."""
        return [{"card": c, "marks": list(self.data["marks"].get(c, []))} for c in self.cards]


class Piles:
    """All the piles of a game (``state["piles"]``)."""

    __slots__ = ("data",)

    def __init__(self, data: dict[str, PileData]) -> None:
        self.data = data

    def __getitem__(self, name: str) -> Pile:
        return Pile(name, self.data[name])

    def __contains__(self, name: object) -> bool:
        return name in self.data

    def create(self, name: str, cards: Iterable[str] = ()) -> Pile:
        """Create (or replace) a pile."""
        self.data[name] = new_pile(cards)
        return self[name]

    def move(self, card: str, source: str, target: str, *, bottom: bool = False) -> None:
        """Move one card from one pile to another (on top, or at the bottom)."""
        self[source].remove(card)
        if bottom:
            self[target].put_bottom(card)
        else:
            self[target].put_top(card)

    def names(self) -> list[str]:
        """The pile names."""
        return list(self.data)

    def all_cards(self) -> list[str]:
        """Every card in every pile (for the no-card-lost invariant)."""
        return [c for pile in self.data.values() for c in pile["cards"]]
