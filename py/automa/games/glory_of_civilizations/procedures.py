"""What the player may start while the automa waits (seeds/003): it gained coins or goods
from an event, it fulfilled an instant achievement, a player won at once; and the values they
may correct."""

from __future__ import annotations

from automa.core import prompts
from automa.core.game import Correction, Ctx, Procedure

from . import data
from .rounds import end_game
from .state import (
    ACHIEVEMENTS,
    AREAS,
    AUTOMA,
    MAX_ACHIEVEMENTS,
    MAX_CUBES,
    MAX_STORED,
    MAX_TRACKED,
    MAX_WONDERS,
    STORAGE,
    WAITING,
    held,
    k,
    m,
    steps,
)

EVENT_ITEMS = ("coins", *STORAGE)
"""What an event may give the automa: coins to its treasury, goods to its storage."""


def procedures(ctx: Ctx, phase: str) -> list[Procedure]:
    """While waiting for the automa: it fulfilled an instant achievement on its turn; a player
    wins at once by instant achievements; and (in the achievement phase too) it gains coins or
    goods from an event."""
    found = []
    if phase == WAITING:
        found += [Procedure("automa_achievement", k("procedure.automa_achievement"),
                            "proc_automa_achievement"),
                  Procedure("instant_victory", k("procedure.instant_victory"),
                            "proc_instant_victory")]
    if phase in (WAITING, ACHIEVEMENTS):
        found.append(Procedure("event_gain", k("procedure.event_gain"), "proc_event_gain"))
    return found


def _most(item: str) -> int:
    return MAX_TRACKED if item == "coins" else MAX_STORED


@steps
def proc_event_gain(ctx: Ctx) -> None:
    """seeds/003: "кожного разу, коли автома отримує монети вільною дією або за допомогою
    ефектів подій, додайте відповідну кількість монет до її скарбниці" — and goods to its
    storage. What did it gain?"""
    items = [i for i in EVENT_ITEMS if held(ctx, i) < _most(i)]
    if not items:
        return
    ctx.ask(prompts.pick_one(k("prompt.event_item"), items, {},
                             labels=[m(f"item.{i}") for i in items],
                             ui={"game": data.GAME_ID, "rule": m("rule.event_gain")}),
            proc_event_amount)


@steps
def proc_event_amount(ctx: Ctx, answer: str) -> None:
    """How many."""
    room = _most(answer) - held(ctx, answer)
    ctx.ask(prompts.count(k("prompt.event_amount"), 1, max(1, min(room, 99)),
                          {"item": m(f"item.{answer}"), "have": held(ctx, answer)},
                          default=1, ui={"game": data.GAME_ID}), proc_event_add, item=answer)


@steps
def proc_event_add(ctx: Ctx, answer: int, item: str) -> None:
    """Add it to its treasury or storage."""
    n = min(answer, _most(item) - held(ctx, item))
    if item == "coins":
        ctx.data["coins"] += n
    else:
        ctx.data["storage"][item] += n
    ctx.log(AUTOMA, k("log.event_gain"), {"item": m(f"item.{item}"), "n": n,
                                          "total": held(ctx, item)},
            {"rule": m("rule.event_gain")}, table=True, icon="gain")


@steps
def proc_automa_achievement(ctx: Ctx) -> None:
    """Its cube goes on the instant achievement it fulfilled during its turn (seeds/003)."""
    ctx.data["achievements"] = min(MAX_ACHIEVEMENTS, ctx.data["achievements"] + 1)
    ctx.log(AUTOMA, k("log.achievement_cube"), {"n": ctx.data["achievements"]}, None,
            table=True, icon="achievement")


@steps
def proc_instant_victory(ctx: Ctx) -> None:
    """A player reached complexity 4 in instant achievements: the game ends at once — once
    the player says so a second time, as the end of a Civ game is (a slip of the thumb on
    this line must not end the evening's game)."""
    ctx.ask(prompts.pick_one(k("prompt.instant_victory_sure"), ["end", "back"], {},
                             labels=[m("answer.end_now"), m("answer.go_on")],
                             ui={"game": data.GAME_ID, "rule": m("rule.truncated")}),
            proc_instant_victory_sure)


@steps
def proc_instant_victory_sure(ctx: Ctx, answer: str) -> None:
    """Said twice: the game ends; else nothing happened (the question before comes back)."""
    if answer == "end":
        end_game(ctx, instant=True)


def corrections(ctx: Ctx, phase: str) -> tuple[Correction, ...]:
    """Every tracked value: Glory, coins, storage, structures, age, cubes, government, religion."""
    d = ctx.data
    supply = data.vocabulary()["supply"]
    out = [
        Correction("glory", m("view.glory"), ("glory",), 0, MAX_TRACKED),
        Correction("coins", m("view.coins"), ("coins",), 0, MAX_TRACKED),
        Correction("age", m("view.age"), ("age",), 1, 3),
        Correction("achievements", m("view.achievements"), ("achievements",), 0,
                   MAX_ACHIEVEMENTS),
        Correction("cities", m("view.cities"), ("cities",), 0, int(supply["city"])),
        Correction("castles", m("view.castles"), ("castles",), 0, int(supply["castle"])),
        Correction("wonder", m("view.wonder"), ("wonder",), choices=(0, 1, 2),
                   choice_labels=tuple(m(f"wonder.{n}") for n in (0, 1, 2))),
    ]
    if "wonders_done" in d:  # kept since this release: a game begun earlier adds it later
        out.append(Correction("wonders_done", m("view.wonders_done"), ("wonders_done",), 0,
                              MAX_WONDERS))
    out += [Correction(f"storage_{s}", m(f"item.{s}"), ("storage", s), 0,
                       MAX_STORED) for s in STORAGE]
    out += [Correction(f"cubes_{a}", m("view.cubes_on", area=m(f"area_name.{a}")), ("cubes", a), 0,
                       MAX_CUBES) for a in AREAS]
    if d["government"]:
        govs = data.governments()
        out.append(Correction("government", m("view.government"), ("government",), choices=govs,
                              choice_labels=tuple(m(f"government.{g}") for g in govs)))
    if d["religion"]:
        rels = data.religions()
        out.append(Correction("religion", m("view.religion"), ("religion",), choices=rels,
                              choice_labels=tuple(m(f"religion.{r}") for r in rels)))
    return tuple(out)
