"""Shared pieces of the Age of Innovation Automa: the step registry and readers of the state.

The game's JSON state (``ctx.data``) holds the Automa's tracked values; her Decision cards are
in the piles ``deck`` (the Automa deck, top first, the bottom two marked ``sideways``),
``reserve``, ``action`` (the current Action card) and ``support`` (the Support pile, its top
card is the current Support card).
"""

from __future__ import annotations

from typing import Any, Unpack

from automa.core.game import Ctx, Steps
from automa.core.i18n import msg
from automa.core.procedures import resumed_step
from automa.core.ranges import FLAG, Count, Items, Json, Maybe, OneOf, Table, table_of
from automa.core.records import CardHint, MessageRef, Params, Ui, Why

from . import data

G = data.GAME_ID
steps = Steps()
AUTOMA = "automa"
PLAYER = "player"
SIDEWAYS = "sideways"

# The phase (ctx.phase): what the app waits for, so the screen offers the right procedures.
SETUP = "setup"
WAITING = "waiting"  # the humans play; the Automa's turn comes when they press Done
HUMANS_PASS = "humans_pass"  # she has passed; the humans play on until they pass
AUTOMA_TURN = "automa_turn"  # answering questions during her turn
FINAL = "final"  # final scoring
PHASES = (SETUP, WAITING, HUMANS_PASS, AUTOMA_TURN, FINAL)


def migrate(state: dict[str, Any]) -> None:
    """A state saved before the engine had a phase kept it in ``data["phase"]`` (version 1
    saves had none: her turn comes next if the prompt leads to it)."""
    phase = state["data"].pop("phase", None)
    if phase not in PHASES:
        phase = {"automa_turn": WAITING, "human_pass": HUMANS_PASS}.get(
            resumed_step(state), AUTOMA_TURN)
    state["phase"] = phase


def m(key: str, **params: Any) -> MessageRef:
    """A message reference in this game's namespace."""
    return msg(f"{G}.{key}", **params)


def k(key: str) -> str:
    """A message id in this game's namespace."""
    return f"{G}.{key}"


def round_no(ctx: Ctx) -> int:
    """The current round, 1..6."""
    return int(ctx.data["round"])


def level(ctx: Ctx) -> dict[str, Any]:
    """The chosen difficulty level's data."""
    return data.levels()[ctx.data["difficulty"]]


def sailing(ctx: Ctx) -> int:
    """Her Sailing value this round (from the Difficulty Level card)."""
    return int(level(ctx)["sailing"][min(round_no(ctx), 6) - 1])


def x_points(ctx: Ctx) -> int:
    """The value of X on Gain Points this round."""
    return int(level(ctx)["x"][min(round_no(ctx), 6) - 1])


def faction(ctx: Ctx) -> dict[str, Any]:
    """Her faction's data."""
    return data.factions()[ctx.data["faction"]]


def two_players(ctx: Ctx) -> bool:
    """Whether this is the 2-player-with-Automa variant ("you" means both humans)."""
    return bool(ctx.data["humans"] == 2)


def you(ctx: Ctx) -> MessageRef:
    """Who "you" is in a tiebreaker: the player, or both human players (2-player variant)."""
    return m("you.both" if two_players(ctx) else "you.one")


def your(ctx: Ctx) -> MessageRef:
    """Possessive "your": the player's, or either human player's (2-player variant)."""
    return m("your.both" if two_players(ctx) else "your.one")


def support_card(ctx: Ctx) -> dict[str, Any]:
    """The current Support card (top of the Support pile)."""
    top = ctx.piles["support"].top()
    assert top is not None, "no Support card"
    return data.card(top)


def action_card_id(ctx: Ctx) -> str | None:
    """The current Action card's id, if any."""
    return ctx.piles["action"].top()


def round_tile(ctx: Ctx, rnd: int | None = None) -> dict[str, Any]:
    """The round score tile of a round (round 6: the Final Round Score tile lying over it)."""
    r = rnd or round_no(ctx)
    if r >= 6:
        return data.tiles()[ctx.data["final_tile"]]
    return data.tiles()[ctx.data["round_tiles"][r - 1]]


def round_tile_points(ctx: Ctx, rnd: int | None = None) -> int:
    """Her fixed points for passing (lower right of the tile, the side of this round)."""
    r = rnd or round_no(ctx)
    tile = round_tile(ctx, r)
    return int(tile["points_early"] if r <= 3 else tile["points_late"])


def card_ui(ctx: Ctx, focus: str = "action", **extra: Unpack[Ui]) -> Ui:
    """Screen hints: the pair of cards, the active column of each highlighted."""
    cards: list[CardHint] = []
    action = action_card_id(ctx)
    if action:
        cards.append({"card": action, "role": m("card.action"), "highlight": ["action"]})
    support = ctx.piles["support"].top()
    if support:
        cards.append({"card": support, "role": m("card.support"), "highlight": ["support"]})
    ui: Ui = {"game": G, "cards": cards}
    main = support if focus == "support" else action
    if main:
        ui["card"] = main
        ui["highlight"] = [focus]
    ui.update(extra)
    return ui


def terrain(name: str) -> MessageRef:
    """A terrain's name as a message reference."""
    return m(f"terrain.{name}")


def discipline(name: str) -> MessageRef:
    """A discipline's name as a message reference."""
    return m(f"discipline.{name}")


def building(name: str) -> MessageRef:
    """A building's name as a message reference."""
    return m(f"building.{name}")


def say(ctx: Ctx, key: str, params: Params | None = None, *, icon: str | None = None,
        why: Why | None = None, actor: str = AUTOMA) -> None:
    """Log what she did; with an ``icon`` it is a thing to do on the board (a checklist item)."""
    ctx.log(actor, k(key), params, why, table=icon is not None, icon=icon)


def add_steps(ctx: Ctx, *refs: MessageRef) -> None:
    """Table steps (message references) shown as a checklist with the next waiting question."""
    ctx.data.setdefault("steps", []).extend(refs)


def take_steps(ctx: Ctx) -> list[MessageRef]:
    """The pending table steps (cleared)."""
    return list(ctx.data.pop("steps", None) or [])


def steps_ui(ctx: Ctx, ui: Ui | None = None) -> Ui:
    """Screen hints with the pending table steps, if any, as ``ui["steps"]``."""
    out: Ui = ui.copy() if ui else {"game": G}
    pending = take_steps(ctx)
    if pending:
        out["steps"] = pending
    return out


# --- Turn numbers as the game counts them: rounds, and her turns within a round -----------
# ctx.turn = round * 100 + her turn in the round; 0 is setup, round * 100 the round's start,
# round * 100 + 99 its end, 700 the final scoring.
TURNS_PER_ROUND = 100
ROUND_END_TURN = 99
FINAL_TURN = 7 * TURNS_PER_ROUND


def next_turn(ctx: Ctx) -> None:
    """Her next turn of the current round."""
    rnd = round_no(ctx)
    n = ctx.turn - rnd * TURNS_PER_ROUND if ctx.turn // TURNS_PER_ROUND == rnd else 0
    ctx.turn = rnd * TURNS_PER_ROUND + n + 1


def set_turn(ctx: Ctx, rnd: int, n: int = 0) -> None:
    """Jump to a round's start (n = 0), end (n = 99) or the final scoring (rnd = 7)."""
    ctx.turn = rnd * TURNS_PER_ROUND + n


def turn_label(turn: int) -> MessageRef | None:
    """"Setup", "Round 2", "Round 2 · turn 3", "End of round 2", "Final scoring"."""
    rnd, n = divmod(turn, TURNS_PER_ROUND)
    if turn <= 0:
        return m("turn.setup")
    if rnd >= FINAL_TURN // TURNS_PER_ROUND:
        return m("turn.final")
    if n == 0:
        return m("turn.round", round=rnd)
    if n == ROUND_END_TURN:
        return m("turn.round_end", round=rnd)
    return m("turn.turn", round=rnd, n=n)


# --- declared ranges ------------------------------------------------------------------------
TOP_LEVEL = 12
"""The top level of a discipline on the Science display."""
MAX_SCORE = 9999
"""A sane bound on her points (a whole game scores about 150; a correction goes up to
:data:`MAX_CORRECTED_SCORE`, and play goes on from there)."""
MAX_CORRECTED_SCORE = 999
LEGACY_BUILDINGS = 30
"""What a correction of her marked/unmarked buildings allowed before the count invariant (the
box holds 18: builds never pass that, corrections now stop there)."""
def buildings_in_box() -> int:
    """All her buildings (workshops, guilds, schools, palace, university)."""
    return sum(int(b["count"]) for b in data.base()["buildings"].values())


def ranges() -> Table:
    """The range of every value in ``ctx.data``: her levels within the disciplines' 12, her
    buildings from 0 to the supply of the box, innovations up to 3, her points within a sane
    bound."""
    base = data.base()
    counts = {b: int(v["count"]) for b, v in base["buildings"].items()}
    buildings = buildings_in_box()
    terrains = OneOf(data.TERRAINS)
    levels = table_of(data.DISCIPLINES, Count(0, TOP_LEVEL))
    final = table_of(("before", "area", "science", "faction"), Count(0, MAX_SCORE),
                     optional=True)
    return Table({
        "humans": Count(1, 2), "difficulty": OneOf(data.DIFFICULTIES),
        "faction": OneOf(tuple(data.factions())), "round": Count(1, 6),
        "first_turn": FLAG, "passed": FLAG, "humans_passed": Count(0, 2),
        "pass_order": Items(OneOf((AUTOMA, "human")), 3), "score": Count(0, MAX_SCORE),
        "disciplines": levels, "human_levels": levels,
        "scholars": Count(0, int(base["scholars"])),
        "supply": Table({b: Count(0, n) for b, n in counts.items()}),
        # earlier releases let a correction set up to 30: their saves still load
        "marked": Count(0, max(buildings, LEGACY_BUILDINGS)),
        "unmarked": Count(0, max(buildings, LEGACY_BUILDINGS)),
        "innovations": Count(0, 3), "player_terrains": Items(terrains, 2),
        "native": Maybe(terrains), "youth": Maybe(terrains), "final": Maybe(final),
        "together": FLAG, "automa_position": Count(1, 3),
        "round_tiles": Items(OneOf(tuple(data.tiles())), 6, 6),
        "final_tile": OneOf(tuple(data.tiles())),
        "setup_card": OneOf(tuple(data.decision_cards())),
        "built": FLAG, "pick": Json(), "steps": Items(Json(), 99),
    }, frozenset({"round_tiles", "final_tile", "setup_card", "built", "pick", "steps"}))
