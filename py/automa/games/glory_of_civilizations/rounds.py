"""The round (seeds/003): its start (the age, the row laid out), the reform at the end of
round 1, the achievement phase with the automa's vote, the cleanup, and the game end."""

from __future__ import annotations

from typing import Any

from automa.core import prompts
from automa.core.records import MessageRef, Why

from . import data
from .state import (
    ACHIEVEMENT_TURN,
    ACHIEVEMENTS,
    AREAS,
    AUTOMA,
    BOTH,
    FACE_UP,
    ROUNDS,
    STORAGE,
    Ctx,
    add_glory,
    age_of_round,
    automa_name,
    automas,
    bot,
    current_card,
    held,
    k,
    m,
    pile,
    roman,
    round_turn,
    row,
    row_size,
    several,
    steps,
    who,
)

# --- the round's start ------------------------------------------------------------------------

def round_start(ctx: Ctx) -> None:
    """Each automa shuffles its deck and lays out its row: the first three face up, the rest
    face down. The round's first automa turn is the first player's, if an automa is; else
    the first automa's in seat order (see :func:`opening_seat`)."""
    d = ctx.data
    next_age(ctx)
    ctx.turn = round_turn(ctx)
    for seat in range(len(automas(ctx))):
        d["seat"] = seat
        lay_row(ctx)
    d["seat"] = opening_seat(ctx)
    ctx.then("await_turn")


def opening_seat(ctx: Ctx) -> int:
    """The automa whose turn comes first in a round: the one that passed first last round
    is first player (seeds/003: "якщо вона спасує першою, то стає першим гравцем") and plays
    first; with a human first player, seat order (Automa 1 sits before Automa 2 after the
    humans: our reading, told at setup)."""
    return next((i for i, a in enumerate(automas(ctx)) if a["first_player"]), 0)


def lay_row(ctx: Ctx) -> None:
    """The automa in play's row for the round (seeds/003 "round start")."""
    b = bot(ctx)
    b.update({"activated": 0, "passed": False, "cubes": dict.fromkeys(AREAS, 0),
              "turn_in_round": 0, "techs_taken": []})
    deck_pile, discard_pile = pile(ctx, "deck"), pile(ctx, "discard")
    deck = ctx.piles[deck_pile]
    if ctx.options["round_shuffle"] == "with_discard":
        for c in list(ctx.piles[discard_pile].cards):
            ctx.piles.move(c, discard_pile, deck_pile)
    deck.shuffle(ctx.rng)
    size = row_size(ctx)
    laid: list[str] = []
    for _ in range(size):
        if not deck and not refill(ctx):
            break
        c = deck.draw()
        ctx.piles[pile(ctx, "row")].put_bottom(c)
        laid.append(c)
    b["row"] = laid
    numbers = [data.card(c)["number"] for c in laid]
    ctx.instruct(who(ctx), k("log.row"), {"round": ctx.data["round"], "n": len(laid),
                                          "up": numbers[:FACE_UP], "down": numbers[FACE_UP:]},
                 {"rule": m("rule.row_" + ctx.options["row_rule"], n=size)}, icon="card")


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
    deck, discard = pile(ctx, "deck"), pile(ctx, "discard")
    if not ctx.piles[discard]:
        return False
    for c in list(ctx.piles[discard].cards):
        ctx.piles.move(c, discard, deck)
    ctx.piles[deck].shuffle(ctx.rng)
    ctx.instruct(who(ctx), k("log.reshuffle"), {"n": len(ctx.piles[deck])},
                 {"rule": m("rule.reshuffle")}, icon="shuffle")
    return True


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
    bot(ctx)["government"], bot(ctx)["religion"] = gov, rel
    ctx.instruct(who(ctx), k("log.reform"), {"government": m(f"government.{gov}"),
                                           "religion": m(f"religion.{rel}")},
                 {"rule": m("rule.reform", skipped=skipped), "candidates": numbers},
                 icon="religion")


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
    """The achievement phase as a checklist with each automa's exceptions and vote (in seat
    order); then each automa's Glory and spending, one automa after the other."""
    d = ctx.data
    ctx.phase = ACHIEVEMENTS
    ctx.turn = round_turn(ctx, ACHIEVEMENT_TURN[several(ctx)])
    votes: list[MessageRef] = []
    cast: list[tuple[int, int]] = []
    event, extra = 1, 0
    for seat in range(len(automas(ctx))):
        d["seat"] = seat
        if several(ctx):  # (the checklist follows, once for both)
            event, extra, vote = cast_vote(ctx, instruct=False)
            votes.append(m("vote.of", automa=automa_name(ctx), vote=vote))
            cast.append((event, extra))
            continue
        event, extra, vote = achievement_checklist(ctx)
        votes.append(vote)
    d["seat"] = 0
    if several(ctx):
        both_checklist(ctx, cast)
        ctx.ask(prompts.confirm(k("prompt.achievements_n"), {
            "votes": votes, "round": d["round"],
        }, ui={"game": data.GAME_ID, "rule": m("rule.achievements")}), achievement_glory)
        return
    ctx.ask(prompts.confirm(k("prompt.achievements"), {
        "vote": votes[0], "event": event, "extra": extra, "round": d["round"],
    }, ui={"game": data.GAME_ID, "rule": m("rule.achievements")}), achievement_glory)


def cast_vote(ctx: Ctx, instruct: bool = True) -> tuple[int, int, MessageRef]:
    """The automa in play's vote from its last card's numbers, logged with its reason (a
    line of the board list, or with two automas the log's alone: the list shows both votes
    side by side); returns (event card, extra votes, the vote in words)."""
    b = bot(ctx)
    last = data.card(b["last_card"]) if b["last_card"] else None
    numbers = [e["number"] for e in last["priority"]] if last else [1]
    event, extra = vote_target(numbers, ctx.options["vote_fours"])
    vote = m("vote.extra" if extra else "vote.plain", event=event, extra=extra)
    why: Why = {"rule": m("rule.vote", card=last["number"] if last else 0),
                "candidates": numbers}
    if instruct:
        ctx.instruct(who(ctx), k("log.vote"), {"vote": vote}, why, icon="vote")
    else:
        ctx.log(who(ctx), k("log.vote"), {"vote": vote}, why)
    return event, extra, vote


def achievement_checklist(ctx: Ctx) -> tuple[int, int, MessageRef]:
    """The phase's checklist for the automa in play, its vote logged with its reason;
    returns (event card, extra votes, the vote in words)."""
    b = bot(ctx)
    storage = [m(f"storage.{s}", n=b["storage"][s]) for s in STORAGE]
    event, extra, vote = 1, 0, m("vote.plain", event=1)
    for item, icon in ACHIEVEMENT_CHECKLIST:
        if item == "vote":
            event, extra, vote = cast_vote(ctx)
            continue
        ctx.instruct(who(ctx), k(f"achievement.{item}"), {"storage": storage, "coins": b["coins"]},
                     {"rule": _item_rule(item)}, icon=icon)
    return event, extra, vote


def _item_rule(item: str) -> MessageRef:
    return m("rule.cleanup" if item.startswith("cleanup") else "rule.achievements")


def both_checklist(ctx: Ctx, cast: list[tuple[int, int]]) -> None:
    """Two automas: the phase's checklist once, for both (:data:`BOTH`), what is the same
    for both a line alone and what differs — each one's vote (``cast``: its event card and
    extra votes, in seat order), what each has to spend on the main event — side by side in
    its line (``each_bot``: one entry per automa, in seat order)."""
    each: dict[str, list[dict[str, Any]]] = {"vote": [], "main_event": []}
    for seat, (b, (event, extra)) in enumerate(zip(automas(ctx), cast, strict=True)):
        each["vote"].append({"actor": who(ctx, seat), "what": m(
            "vote_cell.extra" if extra else "vote_cell.plain", event=event, extra=extra)})
        each["main_event"].append({"actor": who(ctx, seat), "what": m(
            "spend_cell", storage=[m(f"storage.{s}", n=b["storage"][s]) for s in STORAGE],
            coins=b["coins"])})
    for item, icon in ACHIEVEMENT_CHECKLIST:
        ctx.instruct(BOTH, k(f"achievement_n.{item}"),
                     {"each_bot": each[item]} if item in each else {},
                     {"rule": _item_rule(item)}, icon=icon)


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
    if several(ctx):
        ctx.ask(prompts.count(k("prompt.phase_glory_n"), 0, 60,
                              {"total": bot(ctx)["glory"], "automa": automa_name(ctx)},
                              default=0, ui={"game": data.GAME_ID}), achievement_done)
        return
    ctx.ask(prompts.count(k("prompt.phase_glory"), 0, 60, {"total": bot(ctx)["glory"]},
                          default=0, ui={"game": data.GAME_ID}), achievement_done)


@steps
def achievement_done(ctx: Ctx, answer: int) -> None:
    """Record the Glory, then what it spent of its storage and treasury."""
    add_glory(ctx, answer, {"rule": m("rule.phase_glory")})
    b = bot(ctx)
    if not any(b["storage"].values()) and not b["coins"]:
        next_automa_phase(ctx)
        return
    if several(ctx):
        ctx.ask(prompts.yes_no(k("prompt.spent_n"), {"automa": automa_name(ctx)},
                               ui={"game": data.GAME_ID, "rule": m("rule.spent")}), spent)
        return
    ctx.ask(prompts.yes_no(k("prompt.spent"), {}, ui={"game": data.GAME_ID,
                                                     "rule": m("rule.spent")}), spent)


def next_automa_phase(ctx: Ctx) -> None:
    """The next automa's Glory and spending in seat order; after the last, the instant
    victory question."""
    if ctx.data["seat"] + 1 < len(automas(ctx)):
        ctx.data["seat"] += 1
        achievement_glory(ctx)
        return
    ctx.data["seat"] = 0
    ask_instant_victory(ctx)


SPENDABLE = (*STORAGE, "coins")
"""What the automa may spend in the achievement phase: its storage and its treasury."""


@steps
def spent(ctx: Ctx, answer: bool, index: int = 0) -> None:
    """It spent some (seeds/003: it uses its storage for the main event, its coins in the
    phase): ask what is left of each item it holds; else go on."""
    while answer and index < len(SPENDABLE):
        item = SPENDABLE[index]
        have = held(ctx, item)
        if have:
            params: dict[str, Any] = {"item": m(f"item.{item}"), "have": have}
            if several(ctx):
                params["automa"] = automa_name(ctx)
            ctx.ask(prompts.count(k("prompt.left_n" if several(ctx) else "prompt.left"), 0,
                                  have, params, default=have, ui={"game": data.GAME_ID}),
                    storage_left, index=index)
            return
        index += 1
    next_automa_phase(ctx)


@steps
def storage_left(ctx: Ctx, answer: int, index: int) -> None:
    """What is left of one item after the phase."""
    b = bot(ctx)
    item = SPENDABLE[index]
    have = held(ctx, item)
    if answer < have:
        if item == "coins":
            b["coins"] = answer
        else:
            b["storage"][item] = answer
        ctx.log(who(ctx), k("log.spent"), {"item": m(f"item.{item}"), "n": have - answer,
                                         "total": answer}, {"rule": m("rule.spent")})
    spent(ctx, True, index=index + 1)


def ask_instant_victory(ctx: Ctx) -> None:
    """Has a player won at once by instant achievements?"""
    ctx.ask(prompts.yes_no(k("prompt.instant_victory"), {},
                           ui={"game": data.GAME_ID, "rule": m("rule.truncated")}),
            instant_victory)


@steps
def instant_victory(ctx: Ctx, answer: bool) -> None:
    """A player reached complexity 4 in instant achievements: the game ends, once the player
    says so a second time (as a win told by the procedure); else the cleanup."""
    if answer:
        confirm_instant_victory(ctx, "instant_victory_said")
        return
    cleanup(ctx)


@steps
def instant_victory_said(ctx: Ctx, answer: str) -> None:
    """Said twice: the game ends; "No, go back": the phase's question comes back."""
    if not instant_victory_sure(ctx, answer):
        ask_instant_victory(ctx)


def confirm_instant_victory(ctx: Ctx, then: str) -> None:
    """The one question that ends the game by instant achievements, whichever way it was told
    (the achievement phase's question or the procedure): a slip of the thumb on "Yes" must
    not end the evening's game. ``then``: the step its answer goes to."""
    ctx.ask(prompts.pick_one(k("prompt.instant_victory_sure"), ["end", "back"], {},
                             labels=[m("answer.end_now"), m("answer.go_on")],
                             ui={"game": data.GAME_ID, "rule": m("rule.truncated")}), then)


def instant_victory_sure(ctx: Ctx, answer: str) -> bool:
    """The answer to :func:`confirm_instant_victory`: "end" ends the game (True), else
    nothing happens (False)."""
    if answer != "end":
        return False
    end_game(ctx, instant=True)
    return True


def cleanup(ctx: Ctx) -> None:
    """Cleanup: cubes off (one stays on the technology field), each automa's cards to its
    discard."""
    d = ctx.data
    for seat, b in enumerate(automas(ctx)):
        d["seat"] = seat
        for c in list(row(ctx)):
            ctx.piles.move(c, pile(ctx, "row"), pile(ctx, "discard"))
        ctx.log(who(ctx), k("log.discarded"), {"n": len(row(ctx))}, {"rule": m("rule.cleanup")})
        b["row"] = []
        b["activated"] = 0
        b["cubes"] = dict.fromkeys(AREAS, 0)
    d["seat"] = 0
    if d["round"] >= ROUNDS:
        end_game(ctx, instant=False)
        return
    d["round"] += 1
    round_start(ctx)


def end_game(ctx: Ctx, instant: bool) -> None:
    """The game is over (after round 6, or at once by an instant victory): each automa's
    Glory."""
    d = ctx.data
    for seat, b in enumerate(automas(ctx)):
        ctx.instruct(who(ctx, seat), k("log.game_end_instant" if instant else "log.game_end"),
                     {"glory": b["glory"], "round": d["round"]},
                     {"rule": m("rule.truncated" if instant else "rule.game_end")},
                     icon="achievement")
    ctx.finish()
