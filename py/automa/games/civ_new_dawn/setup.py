"""Setup (AP rules, Setup and Difficulty Level): the leader, the focus row, the difficulty's
level II cards, the components and the map."""

from __future__ import annotations

from automa.core import prompts
from automa.core.records import MessageRef

from . import data
from .state import (
    SETUP,
    ApWhy,
    Ctx,
    card_in,
    card_name,
    card_ui,
    initial_data,
    k,
    log_ap,
    log_table,
    m,
    replace_card,
    steps,
)
from .turn import await_turn


@steps
def setup(ctx: Ctx) -> None:
    """Leader, focus row, difficulty replacements; then the table walkthrough."""
    opts = ctx.options
    ctx.phase = SETUP
    leader_id = opts["leader"]
    picked = leader_id == "random"
    if picked:
        leader_id = ctx.rng.choice(data.LEADERS)
    humans = opts["humans"]
    ctx.data.update(initial_data(leader_id, opts["difficulty"], humans))
    why: ApWhy = {"rule": m("why.random_leader"), "candidates": list(data.LEADERS),
                "pick": leader_id}
    log_table(ctx, "log.leader", {"leader": m(f"leader.{leader_id}"), "civ": m(f"civ.{leader_id}")},
              icon="info", why=why if picked else {"rule": m("why.chosen_leader")})
    log_table(ctx, "log.row", {"cards": _row_text(ctx)}, icon="card")
    n = int(data.levels()[opts["difficulty"]]["replaced"])
    if n:
        slots = sorted(ctx.rng.shuffle([1, 2, 3, 4, 5])[:n])
        log_ap(ctx, "log.difficulty_pick", {"n": n, "level": m(f"difficulty.{opts['difficulty']}")},
               why={"rule": m("why.difficulty_random"), "candidates": [1, 2, 3, 4, 5],
                    "pick": slots})
        for slot in slots:
            replace_card(ctx, slot, 2, "difficulty")
    ctx.ask(prompts.confirm(k("setup.components"), {
        "leader": m(f"leader.{leader_id}"), "civ": m(f"civ.{leader_id}"),
        "cards": _row_text(ctx), "players": humans + 1,
    }, ui=card_ui(ctx, rule=m("rule.setup_components" if picked
                                else "rule.setup_components_chosen"))), setup_map)


def _row_text(ctx: Ctx) -> MessageRef:
    """The focus row in words: "1 Pottery, 2 …"."""
    parts = [m("slot_card", n=i + 1, card=card_name(card_in(ctx, i + 1))) for i in range(5)]
    ref = parts[0]
    for part in parts[1:]:
        ref = m("list_join", a=ref, b=part)
    return ref


@steps
def setup_map(ctx: Ctx, answer: bool = True) -> None:
    """Map building with the AP's changes; the AP is always the first player."""
    ctx.ask(prompts.confirm(k("setup.map"), {"players": ctx.data["humans"] + 1},
                            ui=card_ui(ctx, rule=m("rule.core_diagram"))), await_turn)
