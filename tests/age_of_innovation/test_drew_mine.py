"""Issue 43, item 3 (and 45, item 5): "I drew mine" by pictures. A tile drawn from the box is
picked by its picture, as the Done screen draws it — a grid, one tap each, the app's draw
framed —; the Planning displays and terrains carry their colour chips; your native terrain
is asked among the displays on offer (rulebook step 6: "Choose a set, take the corresponding
Planning display"); and at no text size do a handful of terrains become a list."""

from __future__ import annotations

from typing import Any

import pytest

import automa
from automa.app import present, views
from automa.app.html import Safe
from automa.app.layout import LARGEST, first_screen
from automa.core.rng import Rng
from automa.core.session import Session
from automa.games.age_of_innovation import data
from tests.age_of_innovation.play import GAME, new
from tests.conformance import random_answer
from tests.sessions import asked

ENTER = "enter"


def draw(game: str, card: str, highlight: Any) -> Safe | None:
    """The page's card drawing, without its cache."""
    import automa.render as cards
    from automa.app.html import trusted
    return trusted(cards.card_svg(game, card, tuple(highlight), "en"))


def until(s: Session, suffix: str) -> None:
    """The set-up with the app's draws up to the question ``suffix``."""
    while not asked(s).key.endswith(suffix):
        p = asked(s)
        s.answer(p.choices[0] if p.kind == "pick_one" else
                 p.choices[:2] if p.kind == "pick_subset" else True)


@pytest.mark.parametrize(("what", "to", "answers"), [
    ("board", "enter_round", 9),              # 6 rounds, the Final tile, 2 Palace tiles
    ("offer", "enter_faction", 6)])           # 6 Faction tiles (after the 3 displays)
def test_every_tile_of_the_box_is_a_picture_to_tap(what: str, to: str, answers: int) -> None:
    """Each tile question is a grid of the tiles' pictures (each a tile the Done screen draws,
    numbered), one tap each, the app's draw framed; so entering the board takes 9 taps
    (18 before: a list, then OK) and the faction offer 6 after its displays."""
    s = new()
    if what == "offer":
        until(s, "player_faction")
    s.answer(ENTER)
    if what == "offer":
        s.answer(asked(s).default)                 # the displays as drawn: one tap (OK)
    taps = 0
    while asked(s).key.endswith(("enter_round", "enter_final", "enter_palace", "enter_faction")):
        p = asked(s)
        q = present.question(s, present.Words("en"))
        assert q["layout"] == "pictures", p.key
        faces = [c["face"] for c in q["choices"]]
        assert all(data.read_picture(f)[0] in ("tile", "one") for f in faces)
        framed = [c["index"] for c in q["choices"] if c["chosen"]]
        assert framed == ([p.choices.index(p.default)] if p.default in p.choices else [])
        html = views.controls(q, present.Words("en"), draw)[0]
        assert html is not None and str(html).count('data-act="pick"') == len(p.choices)
        assert str(html).count("<svg") == len(p.choices)
        s.answer(p.default if p.default in p.choices else p.choices[0])
        taps += 1
    assert taps == answers


def test_your_native_terrain_is_asked_among_the_three_displays_on_offer() -> None:
    """Step 6: "Choose a set, take the corresponding Planning display": the question shows
    the 3 terrains of the displays on offer (seed 3: mountain, plains, swamp), each with its
    colour chip, not all 7; the Planning displays entered by hand are chips too, and their
    boxes read "Pick 3:", never "Pick from 3 to 3:"."""
    s = automa.new_game(GAME, {}, seed=3)
    until(s, "player_faction")
    offered = {t for t, _, _ in data.read_picture(asked(s).ui["cards"][0]["card"])[1]}
    s.answer(True)
    q = present.question(s, present.Words("en"))
    assert asked(s).key.endswith("setup.your_terrain")
    shown = {asked(s).choices[c["index"]] for c in q["choices"]}
    assert shown == offered == {"mountain", "plains", "swamp"}
    assert all(c["swatch"].startswith("#") for c in q["choices"])
    assert q["layout"] in ("buttons", "bar") and 'class="swatch"' in str(
        views.controls(q, present.Words("en"))[0])

    s = automa.new_game(GAME, {}, seed=3)
    until(s, "player_faction")
    s.answer(ENTER)
    q = present.question(s, present.Words("en"))
    assert q["hint"] == "Pick 3:" and all(c["swatch"] for c in q["choices"])
    assert present.question(s, present.Words("uk"))["hint"] == "Виберіть 3:"


def test_two_players_choose_their_terrains_among_the_displays_on_offer_too() -> None:
    """The 2-player variant: both of you choose from the offer (README, rules readings)."""
    s = automa.new_game(GAME, {"variant": "two_players"}, seed=3)
    until(s, "player_faction_two")
    offered = {t for t, _, _ in data.read_picture(asked(s).ui["cards"][0]["card"])[1]}
    s.answer(True)
    q = present.question(s, present.Words("en"))
    assert {asked(s).choices[c["index"]] for c in q["choices"]} == offered


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_the_terrain_question_is_never_a_list_at_the_largest_text(lang: str) -> None:
    """Review finding 8 (shot 23): at "Very large" the terrain priority question fell back to
    a dropdown. Its terrains stay colour chips, one tap each: the question's explanation goes
    under it where they would not fit beside it, and the question and every chip fit."""
    seen = 0
    for seed in range(1, 5):
        s = automa.new_game(GAME, {}, seed=seed)
        rng = Rng.from_seed(seed)
        for _ in range(500):
            p = s.prompt
            if p is None:
                break
            if p.key.endswith(("tb_atp", "tb_atp_first")):
                q = present.question(s, present.Words(lang), LARGEST.text)
                assert q["layout"] == "buttons", p.key
                assert first_screen(q, LARGEST)["fits"]
                seen += 1
            s.answer(random_answer(p, rng))
    assert seen
