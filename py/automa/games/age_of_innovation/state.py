"""Shared pieces of the Age of Innovation Automa: the step registry, the message-id helpers,
the state layout (:class:`Data`, built by :func:`initial_data`, its ranges in :func:`ranges`),
readers of the state, and the turn labels.

The game's JSON state (``ctx.data``) holds the Automa's tracked values; her Decision cards are
in the piles ``deck`` (the Automa deck, top first, the bottom two marked ``sideways``),
``reserve``, ``action`` (the current Action card) and ``support`` (the Support pile, its top
card is the current Support card).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NotRequired, TypedDict, Unpack

from automa.core import game as core
from automa.core.common_steps import resumed_step
from automa.core.game import Steps, known
from automa.core.i18n import Namespace
from automa.core.ranges import FLAG, Count, Items, Json, Maybe, OneOf, Table, record_table, table_of
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


class FinalScoring(TypedDict):
    """Her points of the final scoring, each kept once it is scored (rulebook "End of Game")."""

    before: NotRequired[int]
    """Her points when the six rounds ended."""
    area: NotRequired[int]
    """Area scoring, as for a player (her Reach by her highest Sailing value)."""
    science: NotRequired[int]
    """Science points from her levels against the humans' final levels."""
    faction: NotRequired[int]
    """Faction end-game points (points per building, Gognomes' achievements)."""


class Data(TypedDict):
    """Everything the app tracks for the Automa (``ctx.data``); :func:`ranges` bounds each
    value."""

    humans: int
    """Human players: 1, or 2 in the 2-player-with-Automa variant."""
    difficulty: str
    """Her Difficulty Level card (:data:`data.DIFFICULTIES`)."""
    faction: str
    """Her faction (the 2-player variant plays The Simpletons)."""
    round: int
    """The current round, 1..6 (6 also during the final scoring)."""
    first_turn: bool
    """Whether her next turn is her first of the round (she draws two cards)."""
    passed: bool
    """Whether she has passed this round."""
    humans_passed: int
    """How many humans have passed this round."""
    pass_order: list[str]
    """Who passed this round, in order (``"automa"``, ``"human"``): next round's turn order."""
    score: int
    """Her points (20 at the start)."""
    disciplines: dict[str, int]
    """Her level in each discipline of the Science display (:data:`data.DISCIPLINES`)."""
    human_levels: dict[str, int]
    """The humans' level in each discipline, as last told (the highest, with two humans)."""
    scholars: int
    """Her Scholars still in her supply."""
    supply: dict[str, int]
    """Her buildings still in her supply, by kind (:data:`data.BUILDINGS`)."""
    marked: int
    """Her buildings on the board marked with a Power token."""
    unmarked: int
    """Her buildings on the board without a Power token."""
    innovations: int
    """Innovations she has taken (at most 3)."""
    player_terrains: list[str]
    """The humans' native terrain(s), asked at setup (one per human)."""
    native: str | None
    """Her native terrain (None until setup settles it)."""
    youth: str | None
    """Symbionts: her youth terrain, whose Terrain Priority card places her Tools (else None)."""
    final: FinalScoring | None
    """Her final scoring by source (None until the six rounds are over)."""
    together: bool
    """Whether a marked building of hers is in Reach of an unmarked one (once so, it stays so:
    Bring together is not asked again)."""
    automa_position: int
    """Her place in this round's turn order (1 first)."""
    round_tiles: NotRequired[list[str]]
    """Her six Automa Round Score tiles, round 1 first (drawn at setup)."""
    final_tile: NotRequired[str]
    """The Final Round Score tile lying over round 6's (drawn at setup)."""
    setup_card: NotRequired[str]
    """The Decision card whose setup letters placed her first Workshops (setup step 11)."""
    built: NotRequired[bool]
    """Whether the current Action card placed or upgraded a building (the Powermongers'
    check); cleared with each new card."""
    pick: NotRequired[MessageRef]
    """The Directional Selection just made, as a message reference for the next log line."""
    steps: NotRequired[list[MessageRef]]
    """Table steps (message references) waiting to be shown with the next question."""


Ctx = core.Ctx[Data, data.Options]
"""What this game's steps see: the engine's :class:`~automa.core.game.Ctx`, its
``data`` typed as :class:`Data` and its ``options`` as :class:`.data.Options` (plain JSON
dicts at run time)."""


def initial_data(difficulty: str, faction_id: str, humans: int) -> Data:
    """The Automa before her setup is drawn (rulebook "Game Setup"): 20 points, no levels, all
    her buildings and Scholars in her supply, second in the turn order (third with two
    humans), her terrains not yet chosen."""
    base = data.base()
    return {
        "humans": humans,
        "difficulty": difficulty,
        "faction": faction_id,
        "round": 1,
        "first_turn": True,
        "passed": False,
        "humans_passed": 0,
        "pass_order": [],
        "score": 20,
        "disciplines": {d: 0 for d in data.DISCIPLINES},
        "human_levels": {d: 0 for d in data.DISCIPLINES},
        "scholars": base["scholars"],
        "supply": {b: v["count"] for b, v in base["buildings"].items()},
        "marked": 0,
        "unmarked": 0,
        "innovations": 0,
        "player_terrains": [],
        "native": None,
        "youth": None,
        "final": None,
        "together": False,
        "automa_position": 3 if humans == 2 else 2,
    }


def shuffle_deck(ctx: Ctx) -> None:
    """Shuffle the Automa deck and turn its bottom two cards sideways (at setup and at each
    round's new deck)."""
    deck = ctx.piles["deck"]
    deck.shuffle(ctx.rng)
    for c in deck.bottom(2):
        deck.mark(c, SIDEWAYS)


_IDS = Namespace(G)
k = _IDS.k
"""A message id in this game's namespace: ``k("log.advance")`` is ``"<game id>.log.advance"``."""
m = _IDS.m
"""A message reference in this game's namespace (``m("log.advance", n=2)``)."""


def round_no(ctx: Ctx) -> int:
    """The current round, 1..6."""
    return ctx.data["round"]


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


def support_card(ctx: Ctx) -> data.DecisionCard:
    """The current Support card (top of the Support pile)."""
    top = ctx.piles["support"].top()
    assert top is not None, "no Support card"
    return data.card(top)


def action_card_id(ctx: Ctx) -> str | None:
    """The current Action card's id, if any."""
    return ctx.piles["action"].top()


def round_tile(ctx: Ctx, rnd: int | None = None) -> data.Tile:
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
    if icon is None:
        ctx.log(actor, k(key), params, why)
    else:
        ctx.instruct(actor, k(key), params, why, icon=icon)


def native(ctx: Ctx) -> str:
    """Her native terrain. Invariant: setup settles it (the faction's, or the one the player
    picks) before anything names it."""
    return known(ctx.data["native"], "Age of Innovation: her native terrain is settled at setup")


def final(ctx: Ctx) -> FinalScoring:
    """Her final scoring so far. Invariant: the final scoring begins (``final`` set) before
    any of its sources is scored."""
    return known(ctx.data["final"], "Age of Innovation: her final scoring has begun")


def add_steps(ctx: Ctx, *refs: MessageRef) -> None:
    """Table steps (message references) shown as a checklist with the next waiting question."""
    ctx.data.setdefault("steps", []).extend(refs)


def take_steps(ctx: Ctx) -> list[MessageRef]:
    """The pending table steps (cleared)."""
    return list(ctx.data.pop("steps", []))


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
"""A sane bound on her points (a whole game scores about 150), shared by play and its
correction."""


def add_score(d: Data, points: int) -> None:
    """Her points grow by ``points``, up to :data:`MAX_SCORE` (a score corrected up to that
    bound stays there)."""
    d["score"] = min(MAX_SCORE, d["score"] + points)


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
    return record_table(Data, {
        "humans": Count(1, 2), "difficulty": OneOf(data.DIFFICULTIES),
        "faction": OneOf(tuple(data.factions())), "round": Count(1, 6),
        "first_turn": FLAG, "passed": FLAG, "humans_passed": Count(0, 2),
        "pass_order": Items(OneOf((AUTOMA, "human")), 3), "score": Count(0, MAX_SCORE),
        "disciplines": levels, "human_levels": levels,
        "scholars": Count(0, int(base["scholars"])),
        "supply": Table({b: Count(0, n) for b, n in counts.items()}),
        # earlier releases let a correction set up to 30: carried down to the box on load
        "marked": Count(0, buildings, was=LEGACY_BUILDINGS, label=m("fix.marked")),
        "unmarked": Count(0, buildings, was=LEGACY_BUILDINGS, label=m("fix.unmarked")),
        "innovations": Count(0, 3), "player_terrains": Items(terrains, 2),
        "native": Maybe(terrains), "youth": Maybe(terrains), "final": Maybe(final),
        "together": FLAG, "automa_position": Count(1, 3),
        "round_tiles": Items(OneOf(tuple(data.tiles())), 6, 6),
        "final_tile": OneOf(tuple(data.tiles())),
        "setup_card": OneOf(tuple(data.decision_cards())),
        "built": FLAG, "pick": Json(), "steps": Items(Json(), 99),
    })


# --- what the box allows --------------------------------------------------------------------
def tiles_of(kind: str) -> list[str]:
    """Her Automa Round Score tiles (``round``) or Final Round Score tiles (``final``), by
    number."""
    return sorted((t for t, v in data.tiles().items() if v["kind"] == kind),
                  key=lambda t: data.tiles()[t]["number"])


def round_tile_allowed(tile: str, slot: int, others: Iterable[str]) -> bool:
    """Whether a tile may lie in round ``slot + 1`` while ``others`` lie in the other rounds:
    a Round Score tile (a Final one lies only over round 6), one no other round holds (the
    box has one of each), and never the tile with the Spade in round 5 or 6 (rulebook, set-up
    step 2). The set-up's entry, the corrections and the save check all ask this."""
    found = data.tiles().get(tile)
    return (found is not None and found["kind"] == "round" and tile not in others
            and not (slot >= 4 and found["spade"]))


def tiles_beyond_box(d: Data) -> MessageRef | None:
    """What is wrong with her Round Score tiles and Final tile (None: nothing)."""
    tiles = d.get("round_tiles", [])
    for slot, tile in enumerate(tiles):
        if round_tile_allowed(tile, slot, tiles[:slot]):
            continue
        n, where = data.tiles()[tile]["number"], {"round": slot + 1}
        if data.tiles()[tile]["kind"] != "round":
            return m("box.final_in_round", n=n, **where)
        if tile in tiles[:slot]:
            return m("box.tile_twice", n=n, first=tiles.index(tile) + 1, **where)
        return m("box.spade_late", n=n, **where)
    final = d.get("final_tile")
    if final is not None and data.tiles()[final]["kind"] != "final":
        return m("box.round_as_final", n=data.tiles()[final]["number"])
    return None
