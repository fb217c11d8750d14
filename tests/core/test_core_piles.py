"""Piles and decks: draw, put on top/bottom, shuffle, inspect, marks."""

from __future__ import annotations

from automa.core.piles import Piles, new_pile
from automa.core.rng import Rng


def make() -> Piles:
    return Piles({"deck": new_pile(["a", "b", "c", "d"]), "discard": new_pile()})


def test_draw_takes_from_the_top() -> None:
    piles = make()
    assert piles["deck"].draw() == "a"
    assert piles["deck"].draw_many(2) == ["b", "c"]
    assert piles["deck"].cards == ["d"]
    assert piles["deck"].draw_many(5) == ["d"]
    assert not piles["deck"]


def test_put_top_and_bottom() -> None:
    deck = make()["deck"]
    deck.put_top("x", "y")
    deck.put_bottom("z")
    assert deck.cards == ["x", "y", "a", "b", "c", "d", "z"]
    assert deck.top() == "x"
    assert deck.bottom(2) == ["d", "z"]


def test_marks_follow_the_card_and_go_when_it_leaves() -> None:
    piles = make()
    deck = piles["deck"]
    deck.mark("c", "sideways")
    deck.mark("d", "sideways")
    assert deck.has_mark("c", "sideways")
    assert deck.inspect()[2] == {"card": "c", "marks": ["sideways"]}
    piles.move("c", "deck", "discard")
    assert not piles["discard"].has_mark("c", "sideways")
    deck.unmark("d", "sideways")
    assert deck.data["marks"] == {}


def test_shuffle_keeps_every_card() -> None:
    piles = make()
    piles["deck"].shuffle(Rng.from_seed(5))
    assert sorted(piles["deck"].cards) == ["a", "b", "c", "d"]
    assert sorted(piles.all_cards()) == ["a", "b", "c", "d"]


def test_take_all_empties_the_pile() -> None:
    piles = make()
    assert piles["deck"].take_all() == ["a", "b", "c", "d"]
    assert len(piles["deck"]) == 0


def test_create_and_move_to_the_bottom() -> None:
    piles = make()
    piles.create("box", ["q"])
    piles.move("a", "deck", "box", bottom=True)
    assert piles["box"].cards == ["q", "a"]
    assert "box" in piles and set(piles.names()) == {"deck", "discard", "box"}
