"""The priority walk (AP rules, Priority Order): the board-dependent part of a focus card.

The app cannot see the board, so it walks the card's printed criteria with the player one at
a time, asking only how many of the candidates still tied fit the criterion (or share its best
value). A criterion nobody fits is skipped; a group smaller than what is still needed is taken
whole; a tie left after every criterion and the printed tiebreaker is settled by the app's own
die (golden rule 2), logged with its reason. With ``need`` > 1 (several control tokens) the
walk fills the best candidates in priority order, which is the same as walking once per token.

A walk is JSON: ``{"need", "placed", "frames": [[group, criterion, path]], "criteria",
"noun", "card", "verb", "then", "args", "rule"}``; when it ends, the step ``then`` runs with
``placed`` and ``args``.
"""

from __future__ import annotations

from typing import Any

from automa.core import prompts
from automa.core.records import MessageRef

from . import data
from .state import Ctx, card_ui, k, log_ap, log_table, m, steps


def start_walk(ctx: Ctx, *, total: int, need: int, criteria: list[str], noun: str,
               card: str, verb: str, then: str, args: dict[str, Any] | None = None,
               rule: str = "rule.terrain") -> None:
    """Walk ``criteria`` over ``total`` legal candidates to pick ``need`` of them."""
    w = {"need": max(0, need), "placed": 0, "frames": [[total, 0, []]], "criteria": criteria,
         "noun": noun, "card": card, "verb": verb, "then": then, "args": args or {},
         "rule": rule}
    walk_next(ctx, w)


def _path(w: dict[str, Any], path: list[list[Any]]) -> MessageRef:
    """The group a question is about, in words ("fits criterion 1; not the best for 2")."""
    ref = m(f"walk.all.{w['noun']}")
    for c, mode in path:
        part = m(f"walk.path.{mode}", crit=m(f"crit.{w['criteria'][c]}"), i=c + 1)
        ref = m("walk.join", a=ref, b=part)
    return ref


@steps
def walk_next(ctx: Ctx, w: dict[str, Any]) -> None:
    """Take whole groups, ask about the next criterion, or roll the die at the end."""
    frames = w["frames"]
    while frames and w["need"] > 0:
        group, c, path = frames.pop()
        if group <= 0:
            continue
        if group <= w["need"]:
            log_table(ctx, f"walk.take_all.{w['verb']}", {"n": group, "group": _path(w, path)},
                      icon=_icon(w), why={"rule": m("walk.in_the_running",
                                                    group=_path(w, path))})
            w["need"] -= group
            w["placed"] += group
            continue
        if c >= len(w["criteria"]):
            _roll(ctx, w, group, path)
            continue
        crit = w["criteria"][c]
        best = crit in data.BEST_CRITERIA
        key = "walk.ask_best" if best else "walk.ask_fits"
        noun = m(f"walk.noun.{w['noun']}")
        ui = card_ui(ctx, w["card"], ("priority",), rule=m(w["rule"]))
        ui["steps"] = _tied(w, path, group, noun)
        ctx.ask(prompts.count(k(key), 1 if best else 0, group, {
            "crit": m(f"crit.{crit}"), "i": c + 1, "of": len(w["criteria"]), "n": group,
            "group": _path(w, path), "noun": noun}, ui=ui),
            walk_answer, w=w, group=group, c=c, path=path)
        return
    ctx.then(w["then"], placed=w["placed"], **w["args"])


def _tied(w: dict[str, Any], path: list[list[Any]], group: int,
          noun: MessageRef) -> list[MessageRef]:
    """The candidates still tied, as steps: where they came from, what kept them, and that
    they are marked on the board (the app cannot see them)."""
    kept = [m("walk.kept", part=m(f"walk.path.{mode}", crit=m(f"crit.{w['criteria'][c]}"),
                                  i=c + 1)) for c, mode in path]
    return [m("walk.from", all=m(f"walk.all.{w['noun']}")), *kept,
            m("walk.mark", n=group, noun=noun)]


def _icon(w: dict[str, Any]) -> str:
    return {"token": "control", "city": "city", "wonder": "wonder", "caravan": "caravan",
            "reinforce": "defend", "wonder_city": "wonder"}.get(w["verb"], "info")


def _roll(ctx: Ctx, w: dict[str, Any], group: int, path: list[list[Any]]) -> None:
    """Golden rule 2: the app picks among the tied candidates at random."""
    picks = sorted(ctx.rng.shuffle(list(range(1, group + 1)))[:w["need"]])
    log_table(ctx, f"walk.random.{w['verb']}", {
        "n": group, "group": _path(w, path), "picks": ", ".join(map(str, picks)),
        "k": len(picks)}, icon=_icon(w),
        why={"rule": m("why.golden_rule_2"), "candidates": list(range(1, group + 1)),
             "pick": picks[0] if len(picks) == 1 else picks})
    w["placed"] += len(picks)
    w["need"] = 0


@steps
def walk_answer(ctx: Ctx, answer: int, w: dict[str, Any], group: int, c: int,
                path: list[list[Any]]) -> None:
    """Split the group by the answer and go on with the better part first."""
    crit = w["criteria"][c]
    best = crit in data.BEST_CRITERIA
    if not best and answer == 0:
        log_ap(ctx, "walk.skipped", {"crit": m(f"crit.{crit}"), "i": c + 1},
               why={"rule": m("why.skip_empty")})
        w["frames"].append([group, c + 1, path])
    else:
        rest = group - answer
        if rest > 0:
            mode = "rest" if best else "out"
            w["frames"].append([rest, c if best else c + 1, [*path, [c, mode]]])
        w["frames"].append([answer, c + 1, [*path, [c, "best" if best else "in"]]])
        log_ap(ctx, "walk.narrowed", {"crit": m(f"crit.{crit}"), "i": c + 1, "n": answer,
                                      "of": group})
    walk_next(ctx, w)
