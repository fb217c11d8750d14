"""What the player may start: the procedures of your turn (offered between the bots' turns
and after their last income turn) and the corrections of every tracked value.

Rulebook "Traps" (you conquer a territory of the Automa), "Landmarks", "Achievements" and
"Income turns" (your own income turns count for the Automa's "first to start a new era").
"""

from __future__ import annotations

from functools import cache
from itertools import permutations

from automa.core import prompts
from automa.core.game import Correction, Procedure
from automa.core.i18n import msg
from automa.core.records import MessageRef

from . import data
from . import map as twin
from .board import count_territories, hex_name, pick_again
from .data import ACHIEVEMENTS, TRACKS
from .state import (
    HOLDERS,
    MAX_TERRITORIES,
    PHASE_OVER,
    PHASE_SETUP,
    PLAYER_PHASES,
    TAPESTRY_CARDS,
    Ctx,
    G,
    bot_ref,
    gain_achievement,
    k,
    m,
    steps,
    total_vp,
)
from .state import track_ref as _track
from .tracks import landmark_key


def procedures(ctx: Ctx, phase: str) -> list[Procedure]:
    """Your turn's procedures, offered in the phases where you play (between the bots' turns
    and after their last income turn until your game is over), never inside another one."""
    return [*_yours(ctx, phase), *map_marks(ctx, phase)]


def _yours(ctx: Ctx, phase: str) -> list[Procedure]:
    d = ctx.data
    if phase not in PLAYER_PHASES or d["procedure"]:
        return []
    found = [_procedure("you_conquer_automa")] if "map" not in d else [
        _procedure("you_conquer_automa", "you_conquer_on_map")] if _conquerable(ctx) else []
    if any(not holder for holder in d["landmarks"].values()):
        found.append(_procedure("you_claim_landmark"))
    if any("player" not in h for h in d["achievements"].values()):
        found.append(_procedure("you_achievement"))
    if d["you_income_turns"] < 5:
        found.append(_procedure("you_income_turn"))
    return found


def map_marks(ctx: Ctx, phase: str) -> list[Procedure]:
    """With the map twin: a tap on a hex (``map.<hex>``) marks what lies on it, in any phase
    of play, but not while another procedure of yours is under way."""
    if "map" not in ctx.data or phase in (PHASE_SETUP, PHASE_OVER) or ctx.data["procedure"]:
        return []
    return [Procedure("map", k("procedure.map_mark"), "choose_hex"),
            *[Procedure(f"map.{h}", k("procedure.map_mark"), "mark_hex", {"hex": h},
                        listed=False) for h in twin.hexes()]]


@steps
def choose_hex(ctx: Ctx) -> None:
    """Which hex? (From the procedures' list: for the terminal, and a keyboard.)"""
    ctx.data["procedure"] = "map"
    ordered = sorted(twin.hexes(), key=twin.place_of)
    ctx.ask(prompts.pick_one(k("q.map_which_hex"), ordered,
                             labels=[hex_name(h) for h in ordered], ui={"game": G}),
            mark_hex_chosen)


@steps
def mark_hex_chosen(ctx: Ctx, answer: str) -> None:
    """Go on to what lies on the chosen hex."""
    ctx.then(mark_hex, hex=answer)


@steps
def mark_hex(ctx: Ctx, hex: str) -> None:
    """What lies on this hex now? (The second tap; the map shows the hex.)"""
    ctx.data["procedure"] = "map"
    marks = twin.marks_for(hex)
    ctx.ask(prompts.pick_one(k("q.map_mark"), list(marks), {"hex": hex_name(hex)},
                             labels=[m(f"mark.{x}") for x in marks],
                             ui={"game": G, "board": {"map": dict(ctx.data["map"]),
                                                      "pick": hex}}),
            hex_marked, hex=hex)


@steps
def hex_marked(ctx: Ctx, answer: twin.Mark, hex: str) -> None:
    """Keep the mark (the Automa's territory count follows the map). A territory of the
    Automa's marked as yours is your conquest of it: its trap check comes first."""
    if twin.automa_controls(ctx.data["map"][hex]) and twin.you_control(answer):
        ctx.then(you_conquer_automa, hex=hex, mark=answer)
        return
    keep_mark(ctx, hex, answer)


def keep_mark(ctx: Ctx, hex: str, mark: twin.Mark) -> None:
    """A hex's mark is on the map: the count follows it, and the question it interrupted
    comes back — a pick of the Automa's made again from the map as it is now, any other
    question with the map redrawn (and drawn open: you are marking)."""
    ctx.data["procedure"] = None
    ctx.data["map"][hex] = mark
    count_territories(ctx)
    ctx.log("player", k("log.map_mark"), {"hex": hex_name(hex), "mark": m(f"mark.{mark}")})
    stack = ctx.state["stack"]
    for i in range(len(stack) - 1, -1, -1):
        if stack[i]["step"] != "core_reask":
            continue
        prompt = stack[i]["args"].get("prompt") or {}
        again = pick_again(stack[i]["args"].get("pending") or {})
        if again is not None:
            stack[i] = again
        elif isinstance((prompt.get("ui") or {}).get("board"), dict):
            prompt["ui"]["board"]["map"] = dict(ctx.data["map"])
            prompt["ui"]["board_open"] = True
        break


def _procedure(name: str, step: str = "") -> Procedure:
    """One of your procedures, run by the step of its name (or ``step``)."""
    return Procedure(name, k(f"procedure.{name}"), "begin_procedure",
                     {"procedure": step or name})


@steps
def begin_procedure(ctx: Ctx, procedure: str) -> None:
    """Run one of your procedures; no other starts until it is over."""
    ctx.data["procedure"] = procedure
    ctx.seq(procedure, "end_procedure")


@steps
def end_procedure(ctx: Ctx) -> None:
    """Your procedure is over: the others are offered again."""
    ctx.data["procedure"] = None


@steps
def you_claim_landmark(ctx: Ctx) -> None:
    """Which landmark did you claim? (It is then no longer a target for the bots.)"""
    free = [name for name, holder in ctx.data["landmarks"].items() if not holder]
    ctx.ask(prompts.pick_one(k("q.which_landmark"), free,
                             labels=[msg(landmark_key(n)) for n in free],
                             ui={"game": G}), landmark_claimed)


@steps
def landmark_claimed(ctx: Ctx, answer: str) -> None:
    """Record your landmark."""
    ctx.data["landmarks"][answer] = "player"
    ctx.log("player", k("log.you_landmark"), {"landmark": msg(landmark_key(answer))})


@steps
def you_achievement(ctx: Ctx) -> None:
    """Which achievement did you gain? (The Automa then scores less for it.)"""
    left = [a for a in ACHIEVEMENTS if "player" not in ctx.data["achievements"][a]]
    ctx.ask(prompts.pick_one(k("q.which_achievement"), left,
                             labels=[m(f"achievement.{a}") for a in left],
                             ui={"game": G, "rule": m("rule.achievements")}),
            achievement_gained)


@steps
def achievement_gained(ctx: Ctx, answer: str) -> None:
    """Record your achievement: you take a place, the Automa scores nothing for it."""
    gain_achievement(ctx, "player", answer)
    ctx.log("player", k("log.you_achievement"), {"achievement": m(f"achievement.{answer}")})


@steps
def you_income_turn(ctx: Ctx) -> None:
    """You start an income turn (for the Automa's "first to start a new era")."""
    ctx.data["you_income_turns"] += 1
    ctx.log("player", k("log.you_income"), {"turn": ctx.data["you_income_turns"]})


# --- you conquer a territory of the Automa (rulebook "Traps") ---------------------------------
# With the map the conquest is the mark (from the procedures' list: the hex is asked first,
# ``you_conquer_on_map``): the count is read from the map, so the conquest is counted once.
@steps
def you_conquer_automa(ctx: Ctx, hex: str | None = None, mark: twin.Mark = twin.YOU2) -> None:
    """Discard the Automa's tapestry cards at random until a trap shows or none are left
    (``hex``: the territory marked yours on the map, which takes ``mark`` if it stands)."""
    on_map = {"hex": hex, "mark": mark} if hex is not None else {}
    held = ctx.data["tapestry_held"]
    if held <= 0 and hex is not None:
        ctx.log("player", k("log.map_conquest"), {"hex": hex_name(hex)},
                why={"rule": m("rule.traps")})
        keep_mark(ctx, hex, mark)
        return
    if held <= 0:
        if "map" in ctx.data:  # (a conquest begun before it was a mark: the map counts)
            count_territories(ctx)
        else:
            ctx.data["territories"] = max(0, ctx.data["territories"] - 1)
        ctx.log("player", k("log.conquest_stands"), {"n": ctx.data["territories"]})
        ctx.ask(prompts.confirm(k("q.conquest_stands"),
                                ui={"game": G, "rule": m("rule.traps")}),
                "tap_done")
        return
    index = ctx.rng.below(held) + 1
    ctx.ask(prompts.yes_no(k("q.reveal_tapestry"), {"index": index, "n": held},
                           ui={"game": G, "rule": m("rule.traps")}),
            trap_revealed, **on_map)


@steps
def you_conquer_on_map(ctx: Ctx) -> None:
    """Your conquest from the procedures' list, with the map: which territory?"""
    yours = _conquerable(ctx)
    ctx.ask(prompts.pick_one(k("q.which_automa_territory"), yours,
                             labels=[hex_name(h) for h in yours],
                             ui={"game": G, "rule": m("rule.traps"),
                                 "board": {"map": dict(ctx.data["map"]), "valid": yours}}),
            automa_territory_chosen)


def _conquerable(ctx: Ctx) -> list[str]:
    """The Automa's territories you may conquer: those with its outpost alone."""
    return sorted(twin.single_token_territories(ctx.data["map"]), key=twin.place_of)


@steps
def automa_territory_chosen(ctx: Ctx, answer: str) -> None:
    """The territory you conquered: your outpost on it, the Automa's toppled."""
    ctx.then(you_conquer_automa, hex=answer, mark=twin.YOU2)


@steps
def trap_revealed(ctx: Ctx, answer: bool, hex: str | None = None,
                  mark: str = twin.YOU2) -> None:
    """A trap keeps the territory for the Automa; anything else: try the next card."""
    on_map = {"hex": hex, "mark": mark} if hex is not None else {}
    ctx.data["tapestry_held"] = max(0, ctx.data["tapestry_held"] - 1)
    if answer:
        # your turn, not the bots': the prompt says what to do, the bots' checklist stays
        ctx.log("automa", k("log.trap"), {"left": ctx.data["tapestry_held"]})
        ctx.ask(prompts.confirm(k("q.trap_sprung"),
                                ui={"game": G, "rule": m("rule.traps")}),
                "tap_done" if hex is None else map_trap_sprung, **on_map)
        return
    ctx.log("automa", k("log.not_a_trap"), {"left": ctx.data["tapestry_held"]})
    ctx.then(you_conquer_automa, **on_map)


@steps
def map_trap_sprung(ctx: Ctx, answer: bool, hex: str, mark: str) -> None:
    """The Automa keeps the territory, your outpost toppled on it: 2 tokens."""
    keep_mark(ctx, hex, twin.AUTOMA2)


# --- corrections ------------------------------------------------------------------------------
def correctable(ctx: Ctx, phase: str) -> bool:
    """Whether :func:`corrections` offers any: the VP always, until the game is over."""
    return phase != PHASE_OVER


def corrections(ctx: Ctx, phase: str) -> tuple[Correction, ...]:
    """The values the player may set by hand: every tracked value, landmarks and
    achievements included (until the game is over); with the map, the Automa's territories
    are read from it (a mark corrects them)."""
    if phase == PHASE_OVER:
        return ()
    # The player sets the Automa's VP as a total; the difference goes to its "correction"
    # source, so the breakdown by source stays as the rules scored it.
    other_sources = total_vp(ctx) - ctx.data["vp"]["correction"]
    vp = Correction("vp", m("correct.vp"), ("vp", "correction"), 0, 999, offset=other_sources)
    return (vp, *[c for c in _corrections()
                  if "map" not in ctx.data or c.id != "territories"])


def holder_orders(achievement: str) -> list[list[str]]:
    """Every order in which the players may hold an achievement (first to last)."""
    who = ["automa", "player"] + (["shadow"] if achievement == "complete_track" else [])
    return [list(p) for n in range(len(who) + 1) for p in permutations(who, n)]


def _holders_label(order: list[str]) -> MessageRef:
    if not order:
        return m("holders.none")
    return m("holders.order", who=[m(f"holder.{w}") for w in order])


@cache
def _corrections() -> tuple[Correction, ...]:
    track_labels = tuple(_track(t) for t in TRACKS)
    found = [
        Correction("territories", m("view.territories"), ("territories",), 0,
                   MAX_TERRITORIES),
        Correction("tapestry_held", m("view.tapestry_held"), ("tapestry_held",), 0,
                   TAPESTRY_CARDS),
        Correction("mat_tapestries", m("view.mat_tapestries"), ("mat_tapestries",), 0, 4),
        Correction("toppled_yours", m("view.toppled_yours"), ("toppled_yours",), 0,
                   MAX_TERRITORIES),
        Correction("you_income_turns", m("view.your_income_turns"),
                   ("you_income_turns",), 1, 5),
    ]
    for bot in data.BOTS:
        found.append(Correction(f"fav_{bot}", m("view.favorite_of", bot=bot_ref(bot)),
                                ("fav", bot), choices=TRACKS, choice_labels=track_labels))
        found += [Correction(f"pos_{bot}_{t}",
                             m("view.position", bot=bot_ref(bot), track=_track(t)),
                             ("pos", bot, t), 0, data.END) for t in TRACKS]
    holder_labels = tuple(m("holder.free" if not h else f"holder.{h}") for h in HOLDERS)
    found += [Correction(f"landmark_{name}", m("correct.landmark",
                                               landmark=msg(landmark_key(name))),
                         ("landmarks", name), choices=HOLDERS, choice_labels=holder_labels)
              for name in data.landmarks()]
    for a in ACHIEVEMENTS:
        orders = holder_orders(a)
        found.append(Correction(f"achievement_{a}",
                                m("correct.achievement", achievement=m(f"achievement.{a}")),
                                ("achievements", a), choices=tuple(orders),
                                choice_labels=tuple(_holders_label(o) for o in orders)))
    return tuple(found)
