"""What the player sees: the bots at a glance, the names of the log's values, the score."""

from __future__ import annotations

from functools import cache
from typing import Any

from automa.core.game import START
from automa.core.i18n import msg
from automa.core.records import GameView, MessageRef, Row, Section, Shown, TableCard, empty_view
from automa.core.scoring import FinalScore

from . import data
from . import map as twin
from .board import CONQUER_CASES
from .data import ACHIEVEMENTS, TRACKS
from .state import (
    TURNS_PER_ERA,
    VP_SOURCES,
    Ctx,
    bot_ref,
    k,
    m,
    mat_landmarks,
    total_vp,
)
from .state import track_ref as _track
from .tracks import landmark_key


def _row(label: str, value: Shown, **params: Any) -> Row:
    return {"label": msg(label, **params), "value": value}


def _bot_section(ctx: Ctx, bot: str) -> Section:
    d = ctx.data
    rows = [_row(k("view.favorite"), _track(d["fav"][bot]))]
    rows += [Row(label=_track(t), value=d["pos"][bot][t]) for t in TRACKS]
    if bot == "automa" and "map" in d:  # counted on the map, the toppled ones it knows of too
        rows.append(_row(k("view.outposts"), twin.automa_outposts(d["map"]),
                         max=twin.ON_THE_MAP))
    if bot == "automa":
        rows = [_row(k("view.vp"), total_vp(ctx)), *rows,
            _row(k("view.civs"), [m(f"civ.{c}") for c in d["civs"]]),
            _row(k("view.territories"), d["territories"]),
            _row(k("view.tapestry_held"), d["tapestry_held"]),
            _row(k("view.landmarks"), [msg(landmark_key(n)) for n in mat_landmarks(ctx)]
                 or "—"),
            _row(k("view.achievements"),
                 [m(f"achievement.{a}") for a in ACHIEVEMENTS
                  if "automa" in d["achievements"][a]] or "—")]
    return {"title": bot_ref(bot), "rows": rows}


def view(ctx: Ctx) -> GameView:
    """The bots at a glance: tracks, VP by source, decks, the cards on the table."""
    if ctx.phase == START:  # nothing is on the table before the setup step
        return empty_view()
    d = ctx.data
    sections = [_bot_section(ctx, "automa"), _bot_section(ctx, "shadow")]
    sections.append({"title": m("view.vp_breakdown"),
                     "rows": [_row(k(f"vp.{s}"), d["vp"][s]) for s in VP_SOURCES]})
    sections.append({"title": m("view.game"), "rows": [
        _row(k("view.level"), m(f"level.{d['level']}")),
        _row(k("view.income_turns"), d["income_turns"]),
        _row(k("view.your_income_turns"), d["you_income_turns"]),
        _row(k("view.mat_tapestries"), d["mat_tapestries"]),
        _row(k("view.deck"), len(ctx.piles["deck"])),
        _row(k("view.progress"), len(ctx.piles["progress"])),
    ]})
    cards: list[TableCard] = []
    pair = ctx.piles["pair"].cards
    if len(pair) == 2:
        cards.append(_card(ctx, pair[0], k("view.track_card"), "track"))
        cards.append(_card(ctx, pair[1], k("view.tiebreaker_card"), "tiebreaker"))
    for card in ctx.piles["income_tiebreaker"].cards:
        cards.append(_card(ctx, card, k("view.income_tiebreaker"), "tiebreaker"))
    return {
        "sections": sections,
        "cards": cards,
        "piles": [
            {"id": "deck", "label": m("pile.deck"), "count": len(ctx.piles["deck"]),
             "viewable": False},
            {"id": "discard", "label": m("pile.discard"),
             "count": len(ctx.piles["discard"]), "viewable": True},
            {"id": "progress", "label": m("pile.progress"),
             "count": len(ctx.piles["progress"]), "viewable": False},
        ],
        "vp": total_vp(ctx),
    }


def _card(ctx: Ctx, card: str, role: str, half: str) -> TableCard:
    disputed = sorted(data.disputed_fields(card))
    entry: TableCard = {"card": card, "role": msg(role), "highlight": [half]}
    if disputed:
        entry["disputed"] = disputed
        entry["reading"] = "bga" if ctx.options.get("card_reading") == "bga" else "images"
    return entry


FAVORITE_REASONS = ("end", "other_bot", "you")


@cache
def _value_names() -> dict[str, str]:
    names = {t: k(f"track.{t}") for t in TRACKS}
    names.update({b: k(f"actor.{b}") for b in data.BOTS})
    names.update({v: k(f"vp.{v}") for v in VP_SOURCES})
    names.update({c: k(f"conquer_case.{c}") for c in CONQUER_CASES})
    names.update({r: k(f"fav_reason.{r}") for r in FAVORITE_REASONS})
    names.update({s: k(f"chart_step.{s}") for s in data.step_turns()})
    names.update({name: landmark_key(name) for name in data.landmarks()})
    return names


def value_label(value: Any) -> MessageRef | None:
    """The message naming a raw value the log's reasons mention (tracks, bots, landmarks,
    VP sources, chart steps, conquer cases), or None."""
    key = _value_names().get(value) if isinstance(value, str) else None
    return msg(key) if key else None


# --- the score (end screen and records) ------------------------------------------------------
def final_score(ctx: Ctx) -> FinalScore:
    """The Automa's VP by source; the winner is found by points as in the base game (the
    Shadow Empire never wins: rulebook "Game end")."""
    vp = ctx.data["vp"]
    return {"total": total_vp(ctx), "sources": {s: int(vp[s]) for s in VP_SOURCES},
            "rounds": ctx.data["income_turns"], "winner": "", "ask_winner": False,
            "played": {}}


def progress(ctx: Ctx) -> tuple[int, int] | None:
    """(era, the Automa's VP): an era is its income turn and the bots' turns after it; the
    5th runs on to the game's end (income turn 5 scores on the way to it)."""
    era = min(ctx.turn // TURNS_PER_ERA, 5)
    if ctx.phase == START or era < 1:
        return None
    return era, total_vp(ctx)
