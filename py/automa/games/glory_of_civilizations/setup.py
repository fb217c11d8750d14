"""Setup (seeds/003, "setup"): the automa's components on the table, then the twelve cards it
plays the game with; the first round starts (:func:`.rounds.round_start`)."""

from __future__ import annotations

from automa.core import prompts
from automa.core.game import Ctx

from . import data
from .rounds import round_start
from .state import AUTOMA, SETUP, initial_data, k, m, steps

SETUP_CHECKLIST = (("mode", "info"), ("board", "info"), ("colour", "build"),
                   ("capital", "city"), ("aid", "info"))
"""Setup (seeds/003), in the rulebook's order."""


@steps
def setup(ctx: Ctx) -> None:
    """Setup (seeds/003): the automa's components, then 12 random cards for the game."""
    opts = ctx.options
    custom = opts["custom_deck"]
    cards = sorted(data.register_custom(custom)) if custom else sorted(data.companion_deck())
    ctx.phase = SETUP
    ctx.data.update(initial_data("custom" if custom else "companion"))
    ctx.piles.create("box", cards)
    ctx.piles.create("deck")
    ctx.piles.create("row")
    ctx.piles.create("discard")
    ctx.log(AUTOMA, k(f"log.edition_{ctx.data['edition']}"), {"n": len(cards)})
    for item, icon in SETUP_CHECKLIST:
        ctx.log(AUTOMA, k(f"setup.{item}"), {"difficulty": m(f"difficulty.{opts['difficulty']}")},
                None, table=True, icon=icon)
    ctx.ask(prompts.confirm(k("setup.components"), {
        "difficulty": m(f"difficulty.{opts['difficulty']}"),
        "edition": m(f"edition.{ctx.data['edition']}"),
    }, ui={"game": data.GAME_ID, "rule": m("rule.setup")}), setup_cards)


@steps
def setup_cards(ctx: Ctx, answer: bool = True) -> None:
    """Shuffle the automa deck, take 12 random cards for the game, the rest back to the box."""
    ctx.turn = 10
    box = ctx.piles["box"]
    box.shuffle(ctx.rng)
    chosen = box.cards[:data.CARDS_PER_GAME]
    for c in list(chosen):
        ctx.piles.move(c, "box", "deck", bottom=True)
    numbers = sorted(data.card(c)["number"] for c in chosen)
    ctx.log(AUTOMA, k("log.twelve_cards"), {"n": len(numbers), "cards": numbers,
                                           "edition": m(f"edition_short.{ctx.data['edition']}")},
            {"rule": m("rule.twelve")}, table=True, icon="card")
    round_start(ctx)
