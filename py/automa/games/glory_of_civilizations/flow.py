"""Setup, rounds, the automa's turn, free actions, the reform, passing, the achievement phase
and the game end (seeds/003, the automa appendix of Glory of Civilizations)."""

from __future__ import annotations

from typing import Any

from automa.core import prompts
from automa.core.game import Ctx
from automa.core.records import MessageRef

from . import data
from .actions import main_try
from .state import (
    ACHIEVEMENTS,
    AREAS,
    AUTOMA,
    AUTOMA_TURN,
    FACE_UP,
    MAX_TRACKED,
    ROUNDS,
    SETUP,
    STORAGE,
    WAITING,
    add_glory,
    age_of_round,
    card_ui,
    current_card,
    entry,
    k,
    m,
    roman,
    row,
    row_size,
    steps,
)

TECH_PAIRS = ((0, 1), (1, 2), (2, 3))
"""Technology: rows/columns from the numbers (n1,n2), then (n2,n3), then (n3,n4)."""


# --- setup ------------------------------------------------------------------------------------

@steps
def setup(ctx: Ctx) -> None:
    """Setup (seeds/003): the automa's components, then 12 random cards for the game."""
    opts = ctx.options
    custom = opts["custom_deck"]
    cards = sorted(data.register_custom(custom)) if custom else sorted(data.companion_deck())
    ctx.phase = SETUP
    ctx.data.update({
        "edition": "custom" if custom else "companion",
        "round": 1, "age": 1, "activated": 0, "row": [], "passed": False,
        "first_player": False, "glory": 0, "coins": 0,
        "storage": {s: 0 for s in STORAGE},
        "cities": 0, "castles": 0, "wonder": 0, "wonders_done": 0,
        "government": None, "religion": None,
        "cubes": dict.fromkeys(AREAS, 0), "last_card": None, "turn_in_round": 0,
        "achievements": 0, "techs_taken": [],
    })
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


SETUP_CHECKLIST = (("mode", "info"), ("board", "info"), ("colour", "build"),
                   ("capital", "city"), ("aid", "info"))
"""Setup (seeds/003), in the rulebook's order."""


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


# --- rounds -----------------------------------------------------------------------------------

def round_start(ctx: Ctx) -> None:
    """Shuffle the deck and lay out the row: the first three face up, the rest face down."""
    d = ctx.data
    next_age(ctx)
    ctx.turn = d["round"] * 10
    d.update({"activated": 0, "passed": False, "cubes": dict.fromkeys(AREAS, 0),
              "turn_in_round": 0, "techs_taken": []})
    deck = ctx.piles["deck"]
    if ctx.options["round_shuffle"] == "with_discard":
        for c in list(ctx.piles["discard"].cards):
            ctx.piles.move(c, "discard", "deck")
    deck.shuffle(ctx.rng)
    size = row_size(ctx)
    laid: list[str] = []
    for _ in range(size):
        if not deck and not refill(ctx):
            break
        c = deck.draw()
        ctx.piles["row"].put_bottom(c)
        laid.append(c)
    d["row"] = laid
    numbers = [data.card(c)["number"] for c in laid]
    ctx.log(AUTOMA, k("log.row"), {"round": d["round"], "n": len(laid),
                                   "up": numbers[:FACE_UP], "down": numbers[FACE_UP:]},
            {"rule": m("rule.row_" + ctx.options["row_rule"], n=size)}, table=True, icon="card")
    ctx.then("await_turn")


def next_age(ctx: Ctx) -> None:
    """The age of the new round. The rulebook text gives no age schedule: the app's reading
    (``age_rule = rounds``) is I in rounds 1–2, II in 3–4, III in 5–6, followed only while the
    age is on it — an age the proxy corrected stays until corrected again; ``manual``: the
    app never changes the age, the proxy corrects it."""
    d = ctx.data
    rnd = d["round"]
    before, now = age_of_round(rnd - 1), age_of_round(rnd)
    if now == before or rnd == 1:
        return
    if ctx.options["age_rule"] == "rounds" and d["age"] == before:
        d["age"] = now
        ctx.log(AUTOMA, k("log.age"), {"age": roman(now)}, {"rule": m("rule.age_rounds")})
        return
    ctx.log(AUTOMA, k("log.age_kept"), {"age": roman(d["age"]), "scheduled": roman(now)},
            {"rule": m(f"rule.age_{ctx.options['age_rule']}")})


def refill(ctx: Ctx) -> bool:
    """The deck ran out: shuffle the discard into a new deck (False if there is none)."""
    discard = ctx.piles["discard"]
    if not discard:
        return False
    for c in list(discard.cards):
        ctx.piles.move(c, "discard", "deck")
    ctx.piles["deck"].shuffle(ctx.rng)
    ctx.log(AUTOMA, k("log.reshuffle"), {"n": len(ctx.piles["deck"])},
            {"rule": m("rule.reshuffle")}, table=True, icon="shuffle")
    return True


@steps
def await_turn(ctx: Ctx) -> None:
    """Wait for the automa's next turn, or (once it has passed) for the others to pass."""
    d = ctx.data
    ctx.phase = WAITING
    if d["passed"]:
        ctx.ask(prompts.confirm(k("prompt.others_pass"), {"round": d["round"]},
                                ui={"game": data.GAME_ID}, label=m("answer.achievements")),
                "achievement_phase")
        return
    up = [data.card(c)["number"] for c in row(ctx)[d["activated"]:d["activated"] + FACE_UP]]
    # with no face-up card left, the Automa's turn is its pass (seeds/003, "passing")
    ctx.ask(prompts.confirm(k("prompt.ready" if up else "prompt.ready_pass"),
                            {"round": d["round"], "age": roman(d["age"]), "up": up},
                            ui={"game": data.GAME_ID}, label=m("answer.automa_turn")),
            "automa_turn")


@steps
def automa_turn(ctx: Ctx, answer: bool = True) -> None:
    """Activate the first face-up card not yet activated, or pass if the row is done."""
    d = ctx.data
    ctx.phase = AUTOMA_TURN
    d["turn_in_round"] += 1
    ctx.turn = d["round"] * 10 + d["turn_in_round"]
    cards = row(ctx)
    if d["activated"] >= len(cards):
        automa_pass(ctx)
        return
    i = d["activated"]
    d["activated"] = i + 1
    d["failed_sites"] = []
    d["last_card"] = cards[i]
    card = data.card(cards[i])
    reveal = cards[i + FACE_UP] if i + FACE_UP < len(cards) else None
    ctx.log(AUTOMA, k("log.activate"), {"card": card["number"], "pos": i + 1},
            {"rule": m("rule.activate")}, table=True, icon="card")
    if reveal:
        ctx.log(AUTOMA, k("log.reveal"), {"card": data.card(reveal)["number"]},
                {"rule": m("rule.reveal")}, table=True, icon="card")
    free: list[Any] = [("free_action", {"index": i}) for i in range(data.FREE_ACTIONS)]
    # the rules let the card's effects be played in any order (ambiguity C11)
    if ctx.options["free_order"] == "main_first":
        ctx.seq("main_action", *free, "await_turn")
    else:
        ctx.seq(*free, "main_action", "await_turn")


def automa_pass(ctx: Ctx) -> None:
    """Every card of the row is activated: the automa passes (seeds/003 "passing")."""
    ctx.data["passed"] = True
    ctx.log(AUTOMA, k("log.pass"), {"n": len(row(ctx))}, {"rule": m("rule.pass")},
            table=True, icon="pass")
    ctx.ask(prompts.yes_no(k("prompt.someone_passed"), {}, ui={"game": data.GAME_ID}),
            pass_first)


@steps
def pass_first(ctx: Ctx, answer: bool) -> None:
    """The first to pass becomes first player."""
    ctx.data["first_player"] = not answer
    if not answer:
        ctx.log(AUTOMA, k("log.first_player"), {}, {"rule": m("rule.first_player")},
                table=True, icon="pass")
    ctx.then("await_turn")


# --- free actions -----------------------------------------------------------------------------

@steps
def free_action(ctx: Ctx, index: int) -> None:
    """One free action of the top block, with the amount its card prints."""
    card = current_card(ctx)
    action = card["free"][index]
    amount = data.amounts_of(card, "free", index).get(action, 1)
    if action == "coins":
        amount = min(amount, MAX_TRACKED - ctx.data["coins"])
        ctx.data["coins"] += amount
        ctx.log(AUTOMA, k("log.coins"), {"n": amount, "total": ctx.data["coins"]},
                {"rule": m("rule.coins")}, table=True, icon="coin")
    elif action == "glory":
        add_glory(ctx, amount, {"rule": m("rule.glory_free_n", n=amount)})
    elif amount > 0:
        ctx.then("tech_try", attempt=0, left=amount)


@steps
def tech_try(ctx: Ctx, attempt: int, left: int,
             skipped: list[MessageRef] | None = None) -> None:
    """Technology: the pairs of priority numbers name row and column; up to three tries.
    A pair the app can rule out itself is skipped; the question then says why (its steps)."""
    skipped = list(skipped or [])
    if attempt >= len(TECH_PAIRS):
        ctx.log(AUTOMA, k("log.no_tech"), {}, {"rule": m("rule.tech_none")})
        return
    a, b = TECH_PAIRS[attempt]
    r, c = entry(ctx, a + 1)["number"], entry(ctx, b + 1)["number"]
    params = {"row": r, "col": c, "try": attempt + 1}
    if r == 4 and ctx.options["players"] < 4:
        ctx.log(AUTOMA, k("log.tech_no_row4"), params,
                {"rule": m("rule.tech_row4", players=ctx.options["players"])})
        ctx.then("tech_try", attempt=attempt + 1, left=left,
                 skipped=[*skipped, m("log.tech_no_row4", **params)])
        return
    if [r, c] in ctx.data.setdefault("techs_taken", []):
        # research leaves the spot empty with action cubes on it (the wiki research page):
        # the app knows this answer, so the board is not asked
        ctx.log(AUTOMA, k("log.tech_taken"), params, {"rule": m("rule.tech_taken")})
        ctx.then("tech_try", attempt=attempt + 1, left=left,
                 skipped=[*skipped, m("log.tech_taken", **params)])
        return
    ui = card_ui(ctx, f"priority.{a + 1}", f"priority.{b + 1}")
    if skipped:
        ui["steps"] = skipped
    ctx.ask(prompts.yes_no(k("prompt.tech"), params, ui=ui), tech_answer, attempt=attempt,
            left=left)


@steps
def tech_answer(ctx: Ctx, answer: bool, attempt: int, left: int) -> None:
    """Take the technology found, or try the next pair."""
    a, b = TECH_PAIRS[attempt]
    r, c = entry(ctx, a + 1)["number"], entry(ctx, b + 1)["number"]
    if not answer:
        ctx.then("tech_try", attempt=attempt + 1, left=left)
        return
    ctx.data.setdefault("techs_taken", []).append([r, c])
    ctx.log(AUTOMA, k("log.tech"), {"row": r, "col": c},
            {"rule": m("rule.tech_pair", n=attempt + 1)}, table=True, icon="tech")
    if left > 1:
        # the next one (Wonder stages): the pairs up to this one are empty now
        ctx.then("tech_try", attempt=attempt + 1, left=left - 1)


# --- the main action --------------------------------------------------------------------------

@steps
def main_action(ctx: Ctx) -> None:
    """The row named by the previous card's pointer (the first card: its own), or the reform
    instead on the last card of round 1."""
    d = ctx.data
    i = d["activated"] - 1
    if d["round"] == 1 and i == len(row(ctx)) - 1:
        reform(ctx)
        return
    if i == 0:
        arrow = current_card(ctx)
        why = m("rule.pointer_first", row=arrow["pointer"])
    else:
        arrow = data.card(row(ctx)[i - 1])
        why = m("rule.pointer_prev", row=arrow["pointer"], card=arrow["number"])
    pointer = arrow["pointer"]
    planned = current_card(ctx)["main"][pointer - 1]
    ctx.log(AUTOMA, k("log.planned"), {"row": pointer, "action": m(f"main.{planned}"),
                                       "card": arrow["number"]}, {"rule": why})
    ctx.then(main_try, row=pointer, tried=0)


# --- the reform (end of round 1) --------------------------------------------------------------

def reform_choice(numbers: list[int]) -> tuple[str, str, int]:
    """Government and religion from the priority numbers: the first number picks the
    government and the second the religion; a 4 for the government is skipped (the next two
    numbers are used). Returns (government, religion, numbers skipped)."""
    govs, rels = data.governments(), data.religions()
    skipped = 0
    while skipped < len(numbers) - 1 and numbers[skipped] == 4:
        skipped += 1
    g = numbers[skipped]
    rel = numbers[skipped + 1] if skipped + 1 < len(numbers) else numbers[0]
    gov = govs[g - 1] if g <= len(govs) else govs[0]
    return gov, rels[rel - 1], skipped


def reform(ctx: Ctx) -> None:
    """End of round 1: instead of the last card's main action, the automa reforms."""
    numbers = [e["number"] for e in current_card(ctx)["priority"]]
    gov, rel, skipped = reform_choice(numbers)
    ctx.data["government"], ctx.data["religion"] = gov, rel
    ctx.log(AUTOMA, k("log.reform"), {"government": m(f"government.{gov}"),
                                      "religion": m(f"religion.{rel}")},
            {"rule": m("rule.reform", skipped=skipped), "candidates": numbers},
            table=True, icon="religion")


# --- achievement phase, cleanup, game end -----------------------------------------------------

def vote_target(numbers: list[int], fours: str = "each") -> tuple[int, int]:
    """The event card the automa votes for (1..3) and its extra votes: a 4 adds one vote and
    the next number is used (again, while it is 4); reading ``fours = "once"`` (ambiguity C4):
    a run of 4s adds a single vote."""
    extra = 0
    i = 0
    while i < len(numbers) - 1 and numbers[i] == 4:
        extra += 1
        i += 1
    if fours == "once":
        extra = min(extra, 1)
    return (numbers[i] if numbers[i] != 4 else 1), extra


@steps
def achievement_phase(ctx: Ctx, answer: bool = True) -> None:
    """The achievement phase as a checklist with the automa's exceptions and its vote."""
    d = ctx.data
    ctx.phase = ACHIEVEMENTS
    ctx.turn = d["round"] * 10 + 9
    last = data.card(d["last_card"]) if d["last_card"] else None
    numbers = [e["number"] for e in last["priority"]] if last else [1]
    event, extra = vote_target(numbers, ctx.options["vote_fours"])
    vote = m("vote.extra" if extra else "vote.plain", event=event, extra=extra)
    storage = [m(f"storage.{s}", n=d["storage"][s]) for s in STORAGE]
    for item, icon in ACHIEVEMENT_CHECKLIST:
        if item == "vote":
            ctx.log(AUTOMA, k("log.vote"), {"vote": vote},
                    {"rule": m("rule.vote", card=last["number"] if last else 0),
                     "candidates": numbers}, table=True, icon="vote")
            continue
        ctx.log(AUTOMA, k(f"achievement.{item}"), {"storage": storage, "coins": d["coins"]},
                {"rule": m("rule.cleanup" if item.startswith("cleanup") else
                           "rule.achievements")}, table=True, icon=icon)
    ctx.ask(prompts.confirm(k("prompt.achievements"), {
        "vote": vote, "event": event, "extra": extra, "round": d["round"],
    }, ui={"game": data.GAME_ID, "rule": m("rule.achievements")}), achievement_glory)


ACHIEVEMENT_CHECKLIST = (
    ("ignore_religion", "info"), ("glory", "vp"), ("ignore_taxes", "info"), ("vote", "vote"),
    ("events", "card"), ("main_event", "resource"), ("adversities", "lose"),
    ("blessing", "gain"), ("recurrent", "achievement"), ("consumption", "info"),
    ("cleanup_cubes", "discard"), ("cleanup_exhaust", "discard"), ("cleanup_cards", "discard"),
)
"""The achievement phase for the automa (seeds/003), in the rulebook's order, with cleanup."""


@steps
def achievement_glory(ctx: Ctx, answer: bool = True) -> None:
    """The Glory it gained in the phase (as a normal player), for the tracked total."""
    ctx.ask(prompts.count(k("prompt.phase_glory"), 0, 60, {"total": ctx.data["glory"]},
                          default=0, ui={"game": data.GAME_ID}), achievement_done)


@steps
def achievement_done(ctx: Ctx, answer: int) -> None:
    """Record the Glory, then what it spent of its storage and treasury."""
    add_glory(ctx, answer, {"rule": m("rule.phase_glory")})
    d = ctx.data
    if not any(d["storage"].values()) and not d["coins"]:
        ask_instant_victory(ctx)
        return
    ctx.ask(prompts.yes_no(k("prompt.spent"), {}, ui={"game": data.GAME_ID,
                                                     "rule": m("rule.spent")}), spent)


SPENDABLE = (*STORAGE, "coins")
"""What the automa may spend in the achievement phase: its storage and its treasury."""


@steps
def spent(ctx: Ctx, answer: bool, index: int = 0) -> None:
    """It spent some (seeds/003: it uses its storage for the main event, its coins in the
    phase): ask what is left of each item it holds; else go on."""
    d = ctx.data
    while answer and index < len(SPENDABLE):
        item = SPENDABLE[index]
        have = d["coins"] if item == "coins" else d["storage"][item]
        if have:
            ctx.ask(prompts.count(k("prompt.left"), 0, have,
                                  {"item": m(f"item.{item}"), "have": have}, default=have,
                                  ui={"game": data.GAME_ID}), storage_left, index=index)
            return
        index += 1
    ask_instant_victory(ctx)


@steps
def storage_left(ctx: Ctx, answer: int, index: int) -> None:
    """What is left of one item after the phase."""
    d = ctx.data
    item = SPENDABLE[index]
    have = d["coins"] if item == "coins" else d["storage"][item]
    if answer < have:
        if item == "coins":
            d["coins"] = answer
        else:
            d["storage"][item] = answer
        ctx.log(AUTOMA, k("log.spent"), {"item": m(f"item.{item}"), "n": have - answer,
                                         "total": answer}, {"rule": m("rule.spent")})
    spent(ctx, True, index=index + 1)


def ask_instant_victory(ctx: Ctx) -> None:
    """Has a player won at once by instant achievements?"""
    ctx.ask(prompts.yes_no(k("prompt.instant_victory"), {},
                           ui={"game": data.GAME_ID, "rule": m("rule.truncated")}),
            instant_victory)


@steps
def instant_victory(ctx: Ctx, answer: bool) -> None:
    """A player reached complexity 4 in instant achievements: the game ends now."""
    if answer:
        end_game(ctx, instant=True)
        return
    cleanup(ctx)


def cleanup(ctx: Ctx) -> None:
    """Cleanup: cubes off (one stays on the technology field), cards to the discard."""
    d = ctx.data
    for c in list(row(ctx)):
        ctx.piles.move(c, "row", "discard")
    ctx.log(AUTOMA, k("log.discarded"), {"n": len(row(ctx))}, {"rule": m("rule.cleanup")})
    d["row"] = []
    d["activated"] = 0
    d["cubes"] = dict.fromkeys(AREAS, 0)
    if d["round"] >= ROUNDS:
        end_game(ctx, instant=False)
        return
    d["round"] += 1
    round_start(ctx)


def end_game(ctx: Ctx, instant: bool) -> None:
    """The game is over (after round 6, or at once by an instant victory)."""
    d = ctx.data
    ctx.log(AUTOMA, k("log.game_end_instant" if instant else "log.game_end"),
            {"glory": d["glory"], "round": d["round"]},
            {"rule": m("rule.truncated" if instant else "rule.game_end")}, table=True,
            icon="achievement")
    ctx.finish()
