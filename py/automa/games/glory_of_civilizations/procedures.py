"""What the player may start while the automa waits (seeds/003): it gained coins or goods
from an event, it fulfilled an instant achievement, a player won at once; and the values they
may correct."""

from __future__ import annotations

from typing import Any

from automa.core import prompts
from automa.core.game import Correction, Procedure
from automa.core.records import MessageRef

from . import data
from .rounds import confirm_instant_victory, instant_victory_sure
from .state import (
    ACHIEVEMENTS,
    AREAS,
    MAX_ACHIEVEMENTS,
    MAX_CUBES,
    MAX_STORED,
    MAX_TRACKED,
    MAX_WONDERS,
    STORAGE,
    WAITING,
    Ctx,
    about_automa,
    automa_name,
    automas,
    k,
    m,
    several,
    steps,
    who,
)

EVENT_ITEMS = ("coins", *STORAGE)
"""What an event may give the automa: coins to its treasury, goods to its storage."""


def procedures(ctx: Ctx, phase: str) -> list[Procedure]:
    """While waiting for the automa: it fulfilled an instant achievement on its turn; a player
    wins at once by instant achievements; and (in the achievement phase too) it gains coins or
    goods from an event. With two automas, the first and the last are offered for each."""
    seats = range(len(automas(ctx)))

    def each(proc_id: str, step: str) -> list[Procedure]:
        if not several(ctx):
            return [Procedure(proc_id, k(f"procedure.{proc_id}"), step)]
        return [Procedure(f"{proc_id}_{i + 1}", k(f"procedure.{proc_id}_{i + 1}"), step,
                          {"seat": i}) for i in seats]

    found = []
    if phase == WAITING:
        found += [*each("automa_achievement", "proc_automa_achievement"),
                  Procedure("instant_victory", k("procedure.instant_victory"),
                            "proc_instant_victory")]
    if phase in (WAITING, ACHIEVEMENTS):
        found += each("event_gain", "proc_event_gain")
    return found


def _about(ctx: Ctx, seat: int, key: str,
           params: dict[str, Any] | None = None) -> tuple[str, dict[str, Any]]:
    """A question about the automa of ``seat`` (named with two automas)."""
    return about_automa(ctx, key, params, seat)


def _most(item: str) -> int:
    return MAX_TRACKED if item == "coins" else MAX_STORED


def _held(ctx: Ctx, seat: int, item: str) -> int:
    a = automas(ctx)[seat]
    return a["coins"] if item == "coins" else a["storage"][item]


@steps
def proc_event_gain(ctx: Ctx, seat: int = 0) -> None:
    """seeds/003: "кожного разу, коли автома отримує монети вільною дією або за допомогою
    ефектів подій, додайте відповідну кількість монет до її скарбниці" — and goods to its
    storage. What did it gain?"""
    items = [i for i in EVENT_ITEMS if _held(ctx, seat, i) < _most(i)]
    if not items:
        return
    more = {"seat": seat} if seat else {}
    key, params = _about(ctx, seat, "prompt.event_item")
    ctx.ask(prompts.pick_one(key, items, params,
                             labels=[m(f"item.{i}") for i in items],
                             ui={"game": data.GAME_ID, "rule": m("rule.event_gain")}),
            proc_event_amount, **more)


@steps
def proc_event_amount(ctx: Ctx, answer: str, seat: int = 0) -> None:
    """How many."""
    room = _most(answer) - _held(ctx, seat, answer)
    more = {"seat": seat} if seat else {}
    key, params = _about(ctx, seat, "prompt.event_amount",
                         {"item": m(f"item.{answer}"), "have": _held(ctx, seat, answer)})
    ctx.ask(prompts.count(key, 1, max(1, min(room, 99)), params, default=1,
                          ui={"game": data.GAME_ID}), proc_event_add, item=answer,
            **more)


@steps
def proc_event_add(ctx: Ctx, answer: int, item: str, seat: int = 0) -> None:
    """Add it to its treasury or storage."""
    a = automas(ctx)[seat]
    n = min(answer, _most(item) - _held(ctx, seat, item))
    if item == "coins":
        a["coins"] += n
    else:
        a["storage"][item] += n
    ctx.instruct(who(ctx, seat), k("log.event_gain"), {"item": m(f"item.{item}"), "n": n,
                                                       "total": _held(ctx, seat, item)},
                 {"rule": m("rule.event_gain")}, icon="gain")


@steps
def proc_automa_achievement(ctx: Ctx, seat: int = 0) -> None:
    """Its cube goes on the instant achievement it fulfilled during its turn (seeds/003)."""
    a = automas(ctx)[seat]
    a["achievements"] = min(MAX_ACHIEVEMENTS, a["achievements"] + 1)
    ctx.instruct(who(ctx, seat), k("log.achievement_cube"), {"n": a["achievements"]}, None,
                 icon="achievement")


@steps
def proc_instant_victory(ctx: Ctx) -> None:
    """A player reached complexity 4 in instant achievements: the game ends at once — once
    the player says so a second time (:func:`~.rounds.confirm_instant_victory`); "No" goes
    back to the question before."""
    confirm_instant_victory(ctx, "proc_instant_victory_sure")


@steps
def proc_instant_victory_sure(ctx: Ctx, answer: str) -> None:
    """Said twice: the game ends; else nothing happened (the question before comes back)."""
    instant_victory_sure(ctx, answer)


def corrections(ctx: Ctx, phase: str) -> tuple[Correction, ...]:
    """Every tracked value: the age; each automa's Glory, coins, storage, structures, cubes,
    government, religion (with two automas, named by automa, the second's ids ending
    ``_2``)."""
    out = [Correction("age", m("view.age"), ("age",), 1, 3)]
    for seat in range(len(automas(ctx))):
        out += automa_corrections(ctx, seat)
    # the one-automa game's order of old: Glory and coins first
    if not several(ctx):
        out = [*out[1:3], out[0], *out[3:]]
    return tuple(out)


def automa_corrections(ctx: Ctx, seat: int) -> list[Correction]:
    """The corrections of one automa's values."""
    d = automas(ctx)[seat]
    supply = data.vocabulary()["supply"]
    suffix = f"_{seat + 1}" if seat else ""
    at: tuple[str | int, ...] = ("automas", seat)

    def label(ref: MessageRef) -> MessageRef:
        return m("view.of", automa=automa_name(ctx, seat), what=ref) if several(ctx) else ref

    def c(cid: str, ref: MessageRef, path: tuple[str, ...], lo: int = 0, hi: int = 999,
          **more: Any) -> Correction:
        return Correction(cid + suffix, label(ref), (*at, *path), lo, hi, **more)

    out = [
        c("glory", m("view.glory"), ("glory",), 0, MAX_TRACKED),
        c("coins", m("view.coins"), ("coins",), 0, MAX_TRACKED),
        c("achievements", m("view.achievements"), ("achievements",), 0, MAX_ACHIEVEMENTS),
        c("cities", m("view.cities"), ("cities",), 0, int(supply["city"])),
        c("castles", m("view.castles"), ("castles",), 0, int(supply["castle"])),
        c("wonder", m("view.wonder"), ("wonder",), choices=(0, 1, 2),
          choice_labels=tuple(m(f"wonder.{n}") for n in (0, 1, 2))),
    ]
    if "wonders_done" in d:  # kept since this release: a game begun earlier adds it later
        out.append(c("wonders_done", m("view.wonders_done"), ("wonders_done",), 0,
                     MAX_WONDERS))
    out += [c(f"storage_{s}", m(f"item.{s}"), ("storage", s), 0, MAX_STORED) for s in STORAGE]
    out += [c(f"cubes_{a}", m("view.cubes_on", area=m(f"area_name.{a}")), ("cubes", a), 0,
              MAX_CUBES) for a in AREAS]
    if d["government"]:
        govs = data.governments()
        out.append(c("government", m("view.government"), ("government",), choices=govs,
                     choice_labels=tuple(m(f"government.{g}") for g in govs)))
    if d["religion"]:
        rels = data.religions()
        out.append(c("religion", m("view.religion"), ("religion",), choices=rels,
                     choice_labels=tuple(m(f"religion.{r}") for r in rels)))
    return out
