"""Advancing the bots on the tracks: valid tracks, the track tiebreak, landmarks, track ends.

Rulebook "Advance on a track" and "Landmarks": the track card's indicator gives the valid
tracks; the tiebreaker card's list picks one (top to bottom for the Automa, bottom to top
for the Shadow Empire; the heart is that bot's favourite). Either bot's landmark goes to the
Automa's mat. Only the Automa gains benefits, each icon once per space.
"""

from __future__ import annotations

from typing import Any

from automa.core import prompts
from automa.core.i18n import msg
from automa.core.records import Why
from automa.core.select import Extremum, Filter, OrderedPick, Selection, select

from . import data
from .data import END, TRACKS
from .state import (
    Ctx,
    G,
    bot_ref,
    claimed_landmarks,
    gain_achievement,
    k,
    m,
    steps,
    track_ref,
    track_word,
)


def distance(pos: int, rule: str, track: str, claimed: dict[str, str]) -> int:
    """How far a token at ``pos`` is from what the indicator counts (landmark or end, or end)."""
    to_end = END - pos
    if rule != "landmark_or_end":
        return to_end
    ahead = [s - pos for s in data.LANDMARK_SPACES
             if s > pos and not claimed.get(data.landmark_at(track, s) or "")]
    return min([to_end, *ahead])


def tiebreak_order(order: list[str], bot: str, favorite: str) -> list[str]:
    """The card's track list as ``bot`` reads it, the heart replaced by its favourite."""
    seq = order if bot == "automa" else list(reversed(order))
    resolved = [favorite if item == "favorite" else item for item in seq]
    return list(dict.fromkeys(resolved))


def choose_track(positions: dict[str, int], rule: str, order: list[str], bot: str,
                 favorite: str, claimed: dict[str, str]) -> Selection:
    """Rulebook "Advance on a track": valid tracks by the indicator, then the tiebreak list."""
    return select(list(TRACKS), [
        Filter("not_finished", lambda t: positions[t] < END),
        Extremum(f"closest_{rule}", lambda t: distance(positions[t], rule, t, claimed))
        if rule != "any" else Filter("any", lambda t: True),
        OrderedPick("track_tiebreak", tiebreak_order(order, bot, favorite)),
    ])


def pick_track(ctx: Ctx, bot: str, rule: str, tb_card: str,
               favorite: str | None = None) -> Selection:
    """The track ``bot`` takes with indicator ``rule`` and the list of card ``tb_card``."""
    order = data.card(tb_card, ctx.options)["track_tiebreak"]
    return choose_track(ctx.data["pos"][bot], rule, order, bot,
                        favorite or ctx.data["fav"][bot], claimed_landmarks(ctx))


def informative(why: Why) -> Why | None:
    """A selection's reason, or None when there was nothing to choose (one candidate)."""
    return why if len(why.get("candidates") or []) > 1 else None


@steps
def bot_advance(ctx: Ctx, bot: str, rule: str, tb_card: str) -> None:
    """One bot advances on the track its indicator and the tiebreaker card choose."""
    picked = pick_track(ctx, bot, rule, tb_card)
    why = informative(picked.why(k("rule.track_choice")))
    if picked.choice is None:
        ctx.log(bot, k("log.no_track"), why={"rule": k("rule.track_choice")})
        return
    ctx.then(advance_on, bot=bot, track=picked.choice, benefits=True, why=why)


@steps
def advance_on(ctx: Ctx, bot: str, track: str, benefits: bool,
               why: Why | None = None) -> None:
    """Move a bot's token one space forward on ``track`` and resolve the new space
    (``why``: how the track was chosen, shown with the advance)."""
    pos = ctx.data["pos"][bot]
    if pos[track] >= END:
        ctx.log(bot, k("log.at_end"), {"track": track_word(track)})
        return
    pos[track] += 1
    space = pos[track]
    ctx.instruct(bot, k("log.advance"),
                 {"track": track_ref(track), "old": space - 1, "space": space}, icon="advance",
                 why=why)
    if space == END:
        gain_achievement(ctx, bot, "complete_track")
    if bot == "automa" and benefits:
        for kind in reversed(data.automa_benefits(track, space)):
            ctx.then("benefit", kind=kind)
    landmark = data.landmark_at(track, space)
    if landmark is not None and not ctx.data["landmarks"].get(landmark):
        ctx.data["landmarks"][landmark] = bot
        ref = m(f"landmark.{_slug(landmark)}")
        # (the board list says it is taken once the player said it was not theirs already)
        ctx.ask(prompts.pick_one(k("q.landmark_to_mat"), list(LANDMARK_ANSWERS),
                                 {"bot": bot_ref(bot), "landmark": ref},
                                 labels=[m(f"landmark_answer.{a}")
                                         for a in LANDMARK_ANSWERS],
                                 default=LANDMARK_ANSWERS[0],
                                 ui={"game": G,
                                     "rule": m("rule.landmarks")}),
                landmark_placed, landmark=landmark)


LANDMARK_ANSWERS = ("placed", "taken")
"""Done (on the Automa's mat), or: the landmark was already taken (you hold it)."""


@steps
def landmark_placed(ctx: Ctx, answer: str, landmark: str) -> None:
    """The bot took the landmark (onto the Automa's mat: a line of the board list); or it
    was already yours: it stays yours, and the list never says the bot takes it."""
    if answer == "taken":
        ctx.data["landmarks"][landmark] = "player"
        ctx.log("player", k("log.landmark_was_yours"),
                {"landmark": msg(landmark_key(landmark))})
        return
    bot = str(ctx.data["landmarks"][landmark])  # (the bot it went to, set when asked)
    ctx.instruct(bot, k("log.landmark"), {"landmark": m(f"landmark.{_slug(landmark)}")},
                 icon="landmark",
                 why={"rule": k("rule.landmarks")} if bot == "shadow" else None)


@steps
def regress_on(ctx: Ctx, track: str) -> None:
    """Move the Automa's token one space back (no benefits for regressing)."""
    pos = ctx.data["pos"]["automa"]
    if pos[track] <= 0:
        ctx.log("automa", k("log.cannot_regress"), {"track": track_word(track)})
        return
    pos[track] -= 1
    ctx.instruct("automa", k("log.regress"),
                 {"track": track_ref(track), "old": pos[track] + 1, "space": pos[track]},
                 icon="regress")
@steps
def tap_done(ctx: Ctx, answer: Any = None) -> None:
    """Nothing more to do after a table instruction."""


def _slug(name: str) -> str:
    return name.lower().replace(" ", "_")


def landmark_key(name: str) -> str:
    """The message id naming a landmark."""
    return k(f"landmark.{_slug(name)}")
