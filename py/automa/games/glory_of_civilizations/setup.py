"""Setup (seeds/003, "setup"): the automa's components on the table, then the twelve cards it
plays the game with; the first round starts (:func:`.rounds.round_start`)."""

from __future__ import annotations

from automa.core import prompts
from automa.core.records import MessageRef

from . import data
from .rounds import round_start
from .state import (
    AUTOMA,
    SETUP,
    Ctx,
    automa_name,
    automas,
    initial_data,
    k,
    m,
    pile,
    round_turn,
    several,
    steps,
    who,
)

SETUP_CHECKLIST = (("mode", "info"), ("board", "info"), ("colour", "build"),
                   ("capital", "city"), ("aid", "info"))
"""Setup (seeds/003), in the rulebook's order."""


@steps
def setup(ctx: Ctx) -> None:
    """Setup (seeds/003): the automa's components (each automa's, seated one after the
    other), then 12 random cards for the game."""
    opts = ctx.options
    custom = opts["custom_deck"]
    cards = sorted(data.register_custom(custom)) if custom else sorted(data.companion_deck())
    ctx.phase = SETUP
    ctx.data.update(initial_data("custom" if custom else "companion", opts["automas"]))
    ctx.piles.create("box", cards)
    for seat in range(len(automas(ctx))):
        for name in ("deck", "row", "discard"):
            ctx.piles.create(pile(ctx, name, seat))
    ctx.log(AUTOMA, k(f"log.edition_{ctx.data['edition']}"), {"n": len(cards)})
    if several(ctx):
        ctx.instruct(AUTOMA, k("setup.seats"), {}, {"rule": m("rule.seats")}, icon="info")
    for item, icon in SETUP_CHECKLIST:
        ctx.instruct(AUTOMA, k(f"setup.{item}"),
                     {"difficulty": m(f"difficulty.{opts['difficulty']}")},
                     None, icon=icon)
    ctx.ask(prompts.confirm(k("setup.components"), {
        "difficulty": m(f"difficulty.{opts['difficulty']}"),
        "edition": m(f"edition.{ctx.data['edition']}"),
    }, ui={"game": data.GAME_ID, "rule": m("rule.setup")}), setup_cards)


def dealt(box: int, automas: int) -> int:
    """The cards each automa takes for the game: 12 (seeds/003); two automas share one box,
    so a keyed-in deck of fewer than 24 cards is split evenly between them (our reading)."""
    return min(data.CARDS_PER_GAME, box // automas)


@steps
def setup_cards(ctx: Ctx, answer: bool = True) -> None:
    """Shuffle the automa deck, take 12 random cards for the game (for each automa, in seat
    order), the rest back to the box."""
    ctx.turn = round_turn(ctx)
    box = ctx.piles["box"]
    box.shuffle(ctx.rng)
    n = dealt(len(box), len(automas(ctx)))
    for seat in range(len(automas(ctx))):
        ctx.data["seat"] = seat
        chosen = box.cards[:n]
        for c in list(chosen):
            ctx.piles.move(c, "box", pile(ctx, "deck"), bottom=True)
        numbers = sorted(data.card(c)["number"] for c in chosen)
        ctx.instruct(who(ctx), k("log.twelve_cards"),
                     {"n": len(numbers), "cards": numbers,
                      "edition": m(f"edition_short.{ctx.data['edition']}")},
                     {"rule": m("rule.twelve")}, icon="card")
    ctx.data["seat"] = 0
    round_start(ctx)


# --- what the box allows: each automa with its own cards -------------------------------------
def beyond_box(ctx: Ctx) -> MessageRef | None:
    """The game's check of what the box allows: each automa plays with cards of its own, as
    many as the deal gives each (none before it), its row the cards lying in its row pile,
    no more of them activated than lie there, and the card it activated last one of its own
    (seeds/003: each automa's row, deck and discard are its own)."""
    own = [[c for name in ("deck", "row", "discard")
            for c in ctx.piles[pile(ctx, name, seat)].cards] for seat in range(len(automas(ctx)))]
    every = len(ctx.piles["box"]) + sum(map(len, own))
    if any(own) and any(len(cards) != dealt(every, len(own)) for cards in own):
        seat = next(i for i, cards in enumerate(own) if len(cards) != dealt(every, len(own)))
        return m("box.cards", automa=automa_name(ctx, seat), n=len(own[seat]),
                 dealt=dealt(every, len(own)))
    for seat, b in enumerate(automas(ctx)):
        laid = ctx.piles[pile(ctx, "row", seat)].cards
        if (sorted(b["row"]) != sorted(laid) or b["activated"] > len(b["row"])
                or (b["last_card"] is not None and b["last_card"] not in own[seat])):
            return m("box.row", automa=automa_name(ctx, seat))
    return None
