"""The Automa's actions (rulebook "Automa Actions"): condition, valid options, tiebreakers, execute.

Board facts the app cannot know are asked with the fewest questions; everything that follows
from her tracked state (points, disciplines, buildings, innovations) is decided here.
"""

from __future__ import annotations

from typing import Any

from automa.core import prompts
from automa.core.game import ActionSteps
from automa.core.records import MessageRef, Params, Ui, Why
from automa.core.select import select

from . import data, directional
from .science import act_advance_discipline, act_send_scholar
from .state import (
    Ctx,
    add_score,
    building,
    buildings_in_box,
    card_ui,
    k,
    m,
    native,
    round_no,
    sailing,
    say,
    steps,
    support_card,
    terrain,
    two_players,
    x_points,
    you,
    your,
)

MAX_HEXES = 40
MAX_INNOVATIONS = 18
MAX_BOOK_ACTIONS = 6


# --- Faction action, Gain Points ---------------------------------------------------------

@steps
def act_faction_note(ctx: Ctx) -> None:
    """Log the Faction action before its parts run (rulebook "Faction Action")."""
    say(ctx, "log.faction_action", {"faction": m(f"faction.{ctx.data['faction']}")})


@steps
def act_gain_points(ctx: Ctx, points: int | str, plus: int = 0) -> None:
    """Gain the printed points, or X from the Difficulty Level card (plus a faction modifier)."""
    value = max(x_points(ctx) + plus, 0) if points == "X" else int(points)
    if value <= 0:
        say(ctx, "log.points_none", {"round": round_no(ctx)})
        return
    add_score(ctx.data, value)
    say(ctx, "log.points", {"n": value, "score": ctx.data["score"]}, icon="vp")


# --- Take Innovation ------------------------------------------------------------------------

@steps
def act_take_innovation(ctx: Ctx) -> None:
    """Rounds 3-6, while she has fewer than 3 Innovations: the arrow picks one on display.

    With a 1 on the arrow she takes the first one met, so only "none / at least one" matters.
    """
    if round_no(ctx) < 3 or ctx.data["innovations"] >= 3:
        say(ctx, "log.innovation_condition", {"round": round_no(ctx),
                                              "n": ctx.data["innovations"]})
        return
    s = support_card(ctx)
    ui = card_ui(ctx, "support", pattern=directional.pattern(s["direction"], s["count"]))
    if s["count"] == 1:
        ctx.ask(prompts.yes_no(k("prompt.innovation_any"), ui=ui), innovation_any)
        return
    ctx.ask(prompts.count(k("prompt.innovations_on_display"), 0, MAX_INNOVATIONS, ui=ui),
            innovation_pick)


@steps
def innovation_any(ctx: Ctx, answer: bool) -> None:
    """At least one on display: the first one met in the arrow's direction."""
    if not answer:
        say(ctx, "log.innovation_none")
        return
    directional_then(ctx, "innovation", None, "innovation_take")


@steps
def innovation_pick(ctx: Ctx, answer: int) -> None:
    """Name the Innovation the arrow selects; she takes it (and gains nothing from it)."""
    if answer == 0:
        say(ctx, "log.innovation_none")
        return
    directional_then(ctx, "innovation", answer, "innovation_take")


@steps
def innovation_take(ctx: Ctx, answer: bool = True) -> None:
    """Give her the Innovation (none past 3: a correction made while the question was open
    may have counted the third already)."""
    if ctx.data["innovations"] >= 3:
        say(ctx, "log.innovation_condition", {"round": round_no(ctx),
                                              "n": ctx.data["innovations"]})
        return
    ctx.data["innovations"] += 1
    say(ctx, "log.innovation", {"n": ctx.data["innovations"], "pick": picked(ctx)}, icon="tech")


# --- Directional Selection over things the player counts ----------------------------------

def directional_then(ctx: Ctx, what: str, n_valid: int | None, then: str, **args: Any) -> None:
    """Name the option the arrow selects among ``n_valid`` counted options, then go on.

    ``n_valid`` is None when nobody counted because the arrow shows 1: whatever their number,
    she takes the first valid option met in the arrow's direction (rulebook p.4).
    """
    s = support_card(ctx)
    if n_valid == 1:
        ctx.data["pick"] = m("picked_only", what=m(f"what_one.{what}"))
        ctx.then(then, **args)
        return
    order = m(f"order.{s['direction']}")
    if n_valid is None:
        pat = directional.pattern(s["direction"], s["count"])
        ctx.data["pick"] = m("picked_first", what=m(f"what_one.{what}"), order=order)
    else:
        pat = directional.pattern(s["direction"], s["count"], n_valid)
        ctx.data["pick"] = m("picked", what=m(f"what_one.{what}"), pick=pat["pick"],
                             n=n_valid, order=order)
    text = pick_text(ctx, what, n_valid)
    if then in FOLDED:  # the next prompt names the pick itself
        ctx.then(then, pick=text, **args)
        return
    ctx.ask(prompts.scan(k("prompt.directional"), pat, {"pick": text},
                         ui=card_ui(ctx, "support", rule=m("rule.directional_text"))),
            then, **args)


def picked(ctx: Ctx) -> MessageRef:
    """How the arrow picked the last counted option (for the board instruction), cleared."""
    ref = ctx.data.pop("pick", None)
    return ref if ref else m("picked_none")


FOLDED = ("tb_marking", "upgrade_which")


def pick_text(ctx: Ctx, what: str, n_valid: int | None) -> MessageRef:
    """The sentence naming the arrow's pick: where to start, which way, which number."""
    s = support_card(ctx)
    start = m(f"start.{s['direction']}")
    if n_valid is None:
        return m("pick_first", what=m(f"what.{what}"), start=start)
    return m("pick", what=m(f"what.{what}"), pick=directional.position(n_valid, s["count"]),
             n=n_valid, start=start)


def pick_ui(ctx: Ctx, pick: MessageRef | None, rule: str) -> Ui:
    """Screen hints of a prompt that also names a Directional Selection pick."""
    s = support_card(ctx)
    n = pick["params"].get("n") if pick else None
    return card_ui(ctx, "support", rule=m(rule),
                   pattern=directional.pattern(s["direction"], s["count"], n))


# --- Terraform and Build --------------------------------------------------------------------

def tb_stages(variant: str, count: int) -> list[str]:
    """The board tiebreakers in order: those of the faction card whose action builds
    (``variant``; its ``tiebreak`` in factions.toml), else a Decision card's.

    >>> tb_stages("", 1), tb_stages("powermongers", 1)
    (['atp', 'closest'], ['most_power', 'atp', 'closest'])
    """
    order = data.factions()[variant].get("tiebreak") if variant else None
    stages = list(order or data.TB_ORDER)
    if count > 1:  # the arrow needs the number of hexes left; ask it with the last stage
        stages[-1] = "closest_count" if stages[-1] == "closest" else stages[-1]
        if stages[-1] != "closest_count":
            stages.append("count")
    return stages


@steps
def act_terraform_build(ctx: Ctx, variant: str = "") -> None:
    """Condition: a Workshop left; otherwise Upgrade. Then ask whether any hex is valid."""
    if ctx.data["supply"]["workshop"] <= 0:
        say(ctx, "log.tb_no_workshop")
        ctx.then("act_upgrade")
        return
    s = support_card(ctx)
    if tb_stages(variant, s["count"])[0].startswith("atp"):
        tb_valid(ctx, answer=True, variant=variant)  # the terrain question also offers "none"
        return
    ctx.ask(prompts.yes_no(k("prompt.tb_any_valid"), valid_params(ctx, variant),
                           ui=card_ui(ctx, "support", rule=m("rule.reach"))),
            tb_valid, variant=variant)


def valid_params(ctx: Ctx, variant: str) -> Params:
    """Which hexes are valid: the Support card's buildings and her Reach."""
    s = support_card(ctx)
    reach = m("reach.any") if variant == "wanderers" else m("reach.sailing", n=sailing(ctx))
    return {"structure": m(f"structure.{s['structure']}"), "reach": reach}


@steps
def tb_valid(ctx: Ctx, answer: bool, variant: str) -> None:
    """No valid hex: Upgrade instead. Otherwise Bring together, if the Support card shows it."""
    if not answer:
        say(ctx, "log.tb_no_hex")
        ctx.then("act_upgrade")
        return
    s = support_card(ctx)
    # Once a marked building is in Reach of an unmarked one it stays so (buildings stay, her
    # Sailing value never drops): Bring together is not asked again after a "yes".
    if s["bring_together"] and not ctx.data.get("together"):
        ctx.ask(prompts.yes_no(k("prompt.tb_in_reach"), {
            **valid_params(ctx, variant), "own_reach": m("reach.sailing", n=sailing(ctx))},
            ui=card_ui(ctx, "support", rule=m("rule.distance"))),
                tb_bring_together, variant=variant)
        return
    tb_stage(ctx, variant=variant, i=0)


@steps
def tb_bring_together(ctx: Ctx, answer: bool, variant: str) -> None:
    """Bring together: only when no marked building is in Reach of an unmarked one."""
    if answer:
        ctx.data["together"] = True
        say(ctx, "log.tb_already_together")
        tb_stage(ctx, variant=variant, i=0)
        return
    ctx.ask(prompts.confirm(k("prompt.tb_bring_together"), ui=card_ui(
        ctx, "support", rule=m("rule.distance"))), tb_stage, variant=variant, i=0)


@steps
def tb_stage(ctx: Ctx, variant: str, i: int, answer: Any = None, n: int = 0) -> None:
    """Ask the i-th board tiebreaker of Terraform and Build."""
    s = support_card(ctx)
    stages = tb_stages(variant, s["count"])
    if i >= len(stages):
        directional_then(ctx, "hex", n or None, "tb_marking")
        return
    stage = stages[i]
    ui = card_ui(ctx, "support")
    if stage in ("atp", "atp_yours"):
        owner = ctx.data["player_terrains"][0] if stage == "atp_yours" else native(ctx)
        row = data.atp_cards()[owner][s["atp_row"]]
        params: Params = {"row": s["atp_row"], "card": terrain(owner)}
        choices, labels, key = list(row), [terrain(t) for t in row], "prompt.tb_atp"
        if i == 0:  # the first question also says which hexes are valid, and offers "none"
            params.update(valid_params(ctx, variant))
            choices.append("none")
            labels.append(m("no_valid_hex"))
            key = "prompt.tb_atp_first"
        ctx.ask(prompts.pick_one(k(key), choices, params, labels=labels, default=row[0],
                                 ui={**ui, "rule": m("rule.atp")}),
                tb_atp_chosen, variant=variant, i=i)
        return
    if stage == "count":
        ctx.ask(prompts.count(k("prompt.tb_count"), 1, MAX_HEXES, default=1, ui=ui),
                tb_counted, variant=variant, i=i)
        return
    if stage == "closest_count":
        ctx.ask(prompts.count(k("prompt.tb_closest_count"), 1, MAX_HEXES, {"your": your(ctx)},
                              default=1, ui={**ui, "rule": m("rule.distance")}),
                tb_counted, variant=variant, i=i)
        return
    ctx.ask(prompts.confirm(k(f"prompt.tb_{stage}"), {"you": you(ctx), "your": your(ctx)},
                            ui={**ui, "rule": m("rule.distance")}),
            tb_stage, variant=variant, i=i + 1)


@steps
def tb_atp_chosen(ctx: Ctx, answer: str, variant: str, i: int) -> None:
    """The first terrain of the row with a valid hex: keep all its hexes."""
    if answer == "none":
        tb_valid(ctx, answer=False, variant=variant)
        return
    say(ctx, "log.tb_terrain", {"terrain": terrain(answer)})
    tb_stage(ctx, variant=variant, i=i + 1)


@steps
def tb_counted(ctx: Ctx, answer: int, variant: str, i: int) -> None:
    """The number of hexes left, for Directional Selection."""
    tb_stage(ctx, variant=variant, i=i + 1, n=answer)


@steps
def tb_marking(ctx: Ctx, answer: bool = True, pick: MessageRef | None = None) -> None:
    """Build: ask whether the closest of her buildings (no tie) is marked."""
    ui = pick_ui(ctx, pick, "rule.marking")  # where and how to place it: steps first
    ui["steps"] = [pick or m("pick_only"),
                   m("prompt.tb_place", terrain=terrain(native(ctx)))]
    ctx.ask(prompts.yes_no(k("prompt.tb_marked"), {}, ui=ui), tb_build)


@steps
def tb_build(ctx: Ctx, answer: bool) -> None:
    """Place the Workshop (a native terrain tile if needed), marked or unmarked."""
    d = ctx.data
    if d["supply"]["workshop"] <= 0:
        # corrected to none while the question was open: nothing left to build (the
        # condition was checked when the action began)
        say(ctx, "log.tb_workshop_gone")
        return
    d["supply"]["workshop"] -= 1
    if d["marked"] + d["unmarked"] < buildings_in_box():
        # a count corrected past the buildings on the board never passes the box's total
        d["marked" if answer else "unmarked"] += 1
    d["built"] = True
    say(ctx, "log.tb_built_marked" if answer else "log.tb_built",
        {"left": d["supply"]["workshop"], "terrain": terrain(native(ctx)), "pick": picked(ctx)},
        icon="build")


# --- Upgrade a Building ----------------------------------------------------------------------

def on_board(ctx: Ctx, kind: str) -> int:
    """How many of her buildings of a kind stand on the board."""
    return int(data.base()["buildings"][kind]["count"] - ctx.data["supply"][kind])


def upgrade_target(ctx: Ctx, kind: str) -> str | None:
    """The highest-Power building this kind can become with her supply (Guild → Palace)."""
    options: list[str] = [b for b in data.base()["buildings"][kind]["upgrades_to"]
                          if ctx.data["supply"][b] > 0]
    if not options:
        return None
    return max(options, key=lambda b: int(data.base()["buildings"][b]["power"]))


def upgradable(ctx: Ctx) -> list[str]:
    """The kinds of her buildings she can upgrade now."""
    return [b for b in data.BUILDINGS if on_board(ctx, b) > 0 and upgrade_target(ctx, b)]


@steps
def act_upgrade(ctx: Ctx) -> None:
    """Condition: she can upgrade. First tiebreaker: a Workshop next to your buildings."""
    kinds = upgradable(ctx)
    if not kinds:
        say(ctx, "log.upgrade_none")
        return
    if "workshop" in kinds:
        ctx.ask(prompts.yes_no(k("prompt.up_adjacent"), {"your": your(ctx)},
                               ui=card_ui(ctx, "support")), upgrade_adjacent)
        return
    upgrade_adjacent(ctx, answer=False)


@steps
def upgrade_adjacent(ctx: Ctx, answer: bool) -> None:
    """Then the least Power for you; then Directional Selection."""
    kinds = [b for b in upgradable(ctx) if b == "workshop" or not answer]
    if not kinds:  # only after a correction while she was being asked (e.g. supply 3 → 9)
        say(ctx, "log.upgrade_none")
        return
    s = support_card(ctx)
    among = (m("up_set.adjacent", your=your(ctx)) if answer
             else m("up_set.any", kinds=[building(b) for b in kinds]))
    key = "prompt.up_least_power_two" if two_players(ctx) else "prompt.up_least_power"
    if s["count"] > 1:
        ctx.ask(prompts.count(k(key + "_count"), 1, MAX_HEXES, {"among": among},
                              default=1, ui=card_ui(ctx, "support")),
                upgrade_counted, kinds=kinds)
        return
    ctx.ask(prompts.confirm(k(key), {"among": among}, ui=card_ui(ctx, "support")),
            upgrade_counted, kinds=kinds)



@steps
def upgrade_counted(ctx: Ctx, answer: Any, kinds: list[str]) -> None:
    """The arrow names the building; ask its kind when several kinds are possible."""
    n = answer if isinstance(answer, int) and not isinstance(answer, bool) else None
    directional_then(ctx, "building", n, "upgrade_which", kinds=kinds)


@steps
def upgrade_which(ctx: Ctx, kinds: list[str], answer: bool = True,
                  pick: MessageRef | None = None) -> None:
    """Which kind of building the arrow selected (only asked when it is not known)."""
    kinds = [b for b in kinds if b in upgradable(ctx)]  # a correction may have emptied one
    if not kinds:
        say(ctx, "log.upgrade_none")
        return
    if len(kinds) == 1:
        target = upgrade_target(ctx, kinds[0])
        ctx.ask(prompts.confirm(k("prompt.up_one"), {
            "pick": pick or m("pick_only"), "old": building(kinds[0]),
            "new": building(target or kinds[0])},
            ui=pick_ui(ctx, pick, "rule.upgrade_highest")), upgrade_do, kind=kinds[0])
        return
    ui = pick_ui(ctx, pick, "rule.directional_text") if pick else card_ui(ctx, "support")
    ctx.ask(prompts.pick_one(k("prompt.up_which"), kinds, {"pick": pick or m("pick_only")},
                             labels=[building(b) for b in kinds], ui=ui), upgrade_do)


@steps
def upgrade_do(ctx: Ctx, answer: Any, kind: str = "") -> None:
    """Replace it with the highest-Power building it can become. The building is ``kind``
    where only one kind could be upgraded (the question only confirmed it), else the kind
    the player picked (``answer``)."""
    answer = kind or answer
    target = upgrade_target(ctx, answer) if on_board(ctx, answer) > 0 else None
    if target is None:  # only after a correction made the supply inconsistent
        say(ctx, "log.upgrade_none")
        return
    ctx.data["supply"][answer] += 1
    ctx.data["supply"][target] -= 1
    ctx.data["built"] = True
    options = list(data.base()["buildings"][answer]["upgrades_to"])
    why: Why | None = ({"rule": k("rule.upgrade_highest"), "candidates": options,
                        "pick": target} if len(options) > 1 else None)
    say(ctx, "log.upgraded", {"old": building(answer), "new": building(target),
                              "pick": picked(ctx)}, icon="upgrade", why=why)


# --- Block Power and Book actions ---------------------------------------------------------

@steps
def act_block_power_book(ctx: Ctx) -> None:
    """Ask which Power actions are covered; the app names the one to block."""
    n = int(data.base()["power_actions"])
    ctx.ask(prompts.pick_subset(k("prompt.power_taken"), list(range(1, n + 1)),
                                labels=[m("power_action", n=i) for i in range(1, n + 1)],
                                ui=card_ui(ctx, "support")), block_power)


@steps
def block_power(ctx: Ctx, answer: list[int]) -> None:
    """Block the free Power action the arrow selects (none free: this part fails)."""
    n = int(data.base()["power_actions"])
    free = [i for i in range(1, n + 1) if i not in answer]
    if not free:
        say(ctx, "log.power_none")
        # Rulebook "Block Power and Book actions": "Repeat steps 1-4" for the Book action.
        # Read as its own action by default; the advanced reading ends here (README).
        if ctx.options.get("book_without_power", True):
            block_book_ask(ctx)
        else:
            say(ctx, "log.book_skipped")
        return
    s = support_card(ctx)
    sel = select(free, [directional.count_step(s["direction"], s["count"])])
    chosen = sel.choice
    say(ctx, "log.power_blocked", {"n": chosen}, icon="block",
        why=sel.why(k("rule.directional")) if len(free) > 1 else None)
    block_book_ask(ctx)


def block_book_ask(ctx: Ctx) -> None:
    """Then the same for a Book action: how many are uncovered?"""
    s = support_card(ctx)
    ctx.ask(prompts.count(k("prompt.book_free"), 0, MAX_BOOK_ACTIONS,
                          ui=card_ui(ctx, "support", pattern=directional.pattern(
                              s["direction"], s["count"]))), block_book)


@steps
def block_book(ctx: Ctx, answer: int) -> None:
    """Block the Book action the arrow selects: the Book actions lie in one row, so its place
    from the left follows from the count (rulebook p.4: single rows are counted too)."""
    if answer == 0:
        say(ctx, "log.book_none")
        return
    s = support_card(ctx)
    place = directional.reading_index(answer, s["direction"], s["count"])
    if answer == 1:
        say(ctx, "log.book_blocked_only", icon="block")
        return
    say(ctx, "log.book_blocked", {"place": place, "n": answer}, icon="block")


# --- Faction-only actions ------------------------------------------------------------------

@steps
def act_powermongers_check(ctx: Ctx) -> None:
    """Powermongers: whenever you gain 2+ Power from her buildings, she advances 1 level.

    Asked only when she just placed or upgraded a building (nothing new: no Power for you).
    """
    if not ctx.data.pop("built", False):
        return
    ctx.ask(prompts.yes_no(k("prompt.powermongers"), ui=card_ui(ctx)), powermongers_answer)


@steps
def powermongers_answer(ctx: Ctx, answer: bool) -> None:
    """Advance by Catch-up when you gained 2 or more Power."""
    if answer:
        act_advance_discipline(ctx, levels=1)


@steps
def act_symbionts_tool(ctx: Ctx) -> None:
    """Symbionts: a Tool on a space next to your buildings, by her youth ATP card."""
    youth = ctx.data.get("youth") or native(ctx)
    s = support_card(ctx)
    row = data.atp_cards()[youth][s["atp_row"]]
    ctx.ask(prompts.pick_one(k("prompt.symbionts_terrain"), [*row, "none"], {
        "row": s["atp_row"], "card": terrain(youth)},
        labels=[terrain(t) for t in row] + [m("none")], default=row[0],
        ui=card_ui(ctx, "support", rule=m("rule.atp"))), symbionts_count)


@steps
def symbionts_count(ctx: Ctx, answer: str) -> None:
    """How many spaces of that terrain are valid (for the arrow)."""
    if answer == "none":
        say(ctx, "log.symbionts_none")
        return
    ctx.ask(prompts.count(k("prompt.symbionts_count"), 1, MAX_HEXES, {"terrain": terrain(answer)},
                          default=1, ui=card_ui(ctx, "support")), symbionts_pick)


@steps
def symbionts_pick(ctx: Ctx, answer: int) -> None:
    """Name the space; the player places the Tool."""
    directional_then(ctx, "space", answer, "symbionts_done")


@steps
def symbionts_done(ctx: Ctx, answer: bool = True) -> None:
    """Log the Tool."""
    say(ctx, "log.symbionts_tool", {"pick": picked(ctx)}, icon="build")


@steps
def act_blight_fallow(ctx: Ctx) -> None:
    """The Blight: turn 2 Fallow Land into Blighted Land (as her faction card shows)."""
    ctx.ask(prompts.yes_no(k("prompt.blight"), ui=card_ui(ctx, "support",
                                                          rule=m("faction_rules.blight"))),
            blight_done)


@steps
def blight_done(ctx: Ctx, answer: bool) -> None:
    """Log it (or that there was no Fallow Land to turn)."""
    if answer:
        say(ctx, "log.blight", icon="build")
    else:
        say(ctx, "log.blight_none")


ACTION_STEPS = ActionSteps(data.GAME_ID, set(data.FACTION_STEP_TYPES) - {"faction"}, {
    "take_innovation": act_take_innovation,
    "gain_points": act_gain_points,
    "terraform_build": act_terraform_build,
    "upgrade": act_upgrade,
    "block_power_book": act_block_power_book,
    "send_scholar": act_send_scholar,
    "advance_discipline": act_advance_discipline,
    "symbionts_tool": act_symbionts_tool,
    "blight_fallow": act_blight_fallow,
})
"""The step of each action icon the cards may show (checked against their vocabulary on load;
a Faction action is her faction card's actions, see :func:`turn.expand`)."""
