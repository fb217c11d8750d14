"""What the player sees at a glance, the procedures they may start, the values they may correct."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from automa.core import prompts
from automa.core.game import START, Correction, Ctx, FinalScore, Procedure
from automa.core.records import GameView, MessageRef, PileInfo, Row, Section, TableCard

from . import data
from .flow import end_game
from .state import (
    ACHIEVEMENTS,
    AREAS,
    AUTOMA,
    FACE_UP,
    MAX_ACHIEVEMENTS,
    MAX_CUBES,
    MAX_STORED,
    MAX_TRACKED,
    MAX_WONDERS,
    STORAGE,
    WAITING,
    k,
    m,
    roman,
    row,
    steps,
)


def view(ctx: Ctx) -> GameView:
    """Round, age, deck edition, Glory, coins, storage, structures, cubes, and the row as it
    lies on the table, left to right: activated cards (a cube on each, the one in play
    marked), the face-up cards, then the face-down ones."""
    d = ctx.data
    gov = m(f"government.{d['government']}") if d["government"] else m("view.none_yet")
    rel = m(f"religion.{d['religion']}") if d["religion"] else m("view.none_yet")
    automa_rows: list[Row] = [
        {"label": m("view.deck"), "value": m(f"edition_view.{d['edition']}")},
        {"label": m("view.round"), "value": d["round"]},
        {"label": m("view.age"), "value": roman(d["age"])},
        {"label": m("view.difficulty"), "value": m(f"difficulty.{ctx.options['difficulty']}")},
        {"label": m("view.glory"), "value": d["glory"]},
        {"label": m("view.coins"), "value": d["coins"]},
        {"label": m("view.government"), "value": gov},
        {"label": m("view.religion"), "value": rel},
        {"label": m("view.first_player"), "value": bool(d["first_player"])},
        {"label": m("view.achievements"), "value": d["achievements"]},
    ]
    sections: list[Section] = [
        {"title": m("view.automa"), "rows": automa_rows},
        {"title": m("view.storage"),
         "rows": [{"label": m(f"item.{s}"), "value": d["storage"][s]} for s in STORAGE]},
        {"title": m("view.structures"),
         "rows": [{"label": m("view.cities"), "value": d["cities"]},
                  {"label": m("view.castles"), "value": d["castles"]},
                  {"label": m("view.wonder"), "value": m(f"wonder.{d['wonder']}")},
                  {"label": m("view.wonders_done"), "value": d.get("wonders_done", 0)}]},
        {"title": m("view.cubes"),
         "rows": [{"label": m(f"area_name.{a}"), "value": d["cubes"][a]} for a in AREAS
                  if d["cubes"].get(a)]
         or [{"label": m("view.no_cubes"), "value": ""}]},
    ]
    cards: list[TableCard] = []
    for i, c in enumerate(row(ctx)):  # as it lies on the table, left to right
        if i >= d["activated"] + FACE_UP:
            cards.append({"card": "", "face_down": True, "role": m("card.face_down")})
            continue
        state = "activated" if i < d["activated"] else "face_up"
        if i == d["activated"] - 1:
            state = "current"
        number = data.card(c)["number"]
        cards.append({"card": c, "role": m(f"card.{state}", n=number), "label": str(number),
                      "activated": state != "face_up"})
    piles: list[PileInfo] = [
        {"id": "deck", "label": m("pile.deck"), "count": len(ctx.piles["deck"]),
         "viewable": False},
        {"id": "discard", "label": m("pile.discard"), "count": len(ctx.piles["discard"]),
         "viewable": True},
        {"id": "box", "label": m("pile.box"), "count": len(ctx.piles["box"]), "viewable": False},
    ]
    return {"sections": sections, "cards": cards, "piles": piles, "vp": d["glory"],
            "strip": True}


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


def _held(ctx: Ctx, item: str) -> int:
    return int(ctx.data["coins"] if item == "coins" else ctx.data["storage"][item])


def _most(item: str) -> int:
    return MAX_TRACKED if item == "coins" else MAX_STORED


@steps
def proc_event_gain(ctx: Ctx) -> None:
    """seeds/003: "кожного разу, коли автома отримує монети вільною дією або за допомогою
    ефектів подій, додайте відповідну кількість монет до її скарбниці" — and goods to its
    storage. What did it gain?"""
    items = [i for i in EVENT_ITEMS if _held(ctx, i) < _most(i)]
    if not items:
        return
    ctx.ask(prompts.pick_one(k("prompt.event_item"), items, {},
                             labels=[m(f"item.{i}") for i in items],
                             ui={"game": data.GAME_ID, "rule": m("rule.event_gain")}),
            proc_event_amount)


@steps
def proc_event_amount(ctx: Ctx, answer: str) -> None:
    """How many."""
    room = _most(answer) - _held(ctx, answer)
    ctx.ask(prompts.count(k("prompt.event_amount"), 1, max(1, min(room, 99)),
                          {"item": m(f"item.{answer}"), "have": _held(ctx, answer)},
                          default=1, ui={"game": data.GAME_ID}), proc_event_add, item=answer)


@steps
def proc_event_add(ctx: Ctx, answer: int, item: str) -> None:
    """Add it to its treasury or storage."""
    n = min(answer, _most(item) - _held(ctx, item))
    if item == "coins":
        ctx.data["coins"] += n
    else:
        ctx.data["storage"][item] += n
    ctx.log(AUTOMA, k("log.event_gain"), {"item": m(f"item.{item}"), "n": n,
                                          "total": _held(ctx, item)},
            {"rule": m("rule.event_gain")}, table=True, icon="gain")


@steps
def proc_automa_achievement(ctx: Ctx) -> None:
    """Its cube goes on the instant achievement it fulfilled during its turn (seeds/003)."""
    ctx.data["achievements"] = min(MAX_ACHIEVEMENTS, ctx.data["achievements"] + 1)
    ctx.log(AUTOMA, k("log.achievement_cube"), {"n": ctx.data["achievements"]}, None,
            table=True, icon="achievement")


@steps
def proc_instant_victory(ctx: Ctx) -> None:
    """A player reached complexity 4 in instant achievements: the game ends at once."""
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


def value_label(value: Any) -> MessageRef | None:
    """Names of the raw values the log's reasons mention (terrains, directions, actions)."""
    if not isinstance(value, str):
        return None
    for kind, values in (("terrain", data.terrains()), ("direction", data.directions()),
                         ("main", data.main_actions()), ("free", data.free_actions())):
        if value in values:
            return m(f"{kind}.{value}")
    return None


def turn_label(turn: int) -> MessageRef | None:
    """Turns are numbered round × 10 + the automa's turn in the round (9: the achievement
    phase, 0: the round's start)."""
    rnd, t = divmod(turn, 10)
    if rnd < 1:
        return None
    if t == 0:
        return m("turn.round", round=rnd)
    if t == 9:
        return m("turn.achievements", round=rnd)
    return m("turn.turn", round=rnd, n=t)


# --- the score (end screen and records) ------------------------------------------------------
def final_score(ctx: Ctx) -> FinalScore:
    """Its Glory. After round 6 the Glory decides; a game ended at once by instant
    achievements (complexity 4) was not decided by Glory, so the end screen asks who won."""
    d = ctx.data
    instant = bool(d["row"])  # the cleanup after round 6 empties the row; an instant end does not
    return {"total": int(d["glory"]), "sources": {}, "rounds": int(d["round"]), "winner": "",
            "ask_winner": instant, "played": {}}


def progress(ctx: Ctx) -> tuple[int, int] | None:
    """(round, its Glory)."""
    d = ctx.data
    return None if ctx.phase == START else (int(d["round"]), int(d["glory"]))


def humans(options: Mapping[str, Any]) -> int:
    """The players but the automa."""
    return max(1, int(options.get("players", 2)) - 1)
