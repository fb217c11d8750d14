"""Setup (rulebook "Setup" and "Difficulty levels"): a checklist plus what the app decides.

The app rolls the science die for the Automa's civilization side and the Shadow Empire's
favourite track, and shuffles both decks; the player only confirms what to do at the table
and, at level 6, picks the Automa's second civilization.
"""

from __future__ import annotations

from automa.core import prompts
from automa.core.records import Params, Ui

from . import data
from . import map as twin
from .benefits import roll_until
from .data import TRACKS
from .state import PHASE_SETUP, Ctx, G, initial_data, k, m, steps, track_ref, track_word

COMPONENT_STEPS = ("remove_tapestries", "optional_tapestries", "remove_civs", "three_players",
                   "your_start")
AUTOMA_STEPS = ("colour", "mat", "outposts", "tokens", "civ", "favourite")
SHADOW_STEPS = ("colour", "tokens", "favourite", "decks")


def checklist(part: str, names: tuple[str, ...],
              params: Params | None = None) -> Ui:
    """Screen hints for a setup instruction: one action per step (``ui["steps"]``, message
    references in order) and the rule behind them (``ui["rule"]``, folded under "Why?")."""
    return {"game": G,
            "steps": [m(f"step.setup_{part}.{n}", **(params or {})) for n in names],
            "rule": m(f"rule.setup_{part}")}


@steps
def setup(ctx: Ctx) -> None:
    """Build the state, roll and shuffle, then walk the player through the table setup."""
    level = ctx.options["difficulty"]
    ctx.data.update(initial_data(level))
    if ctx.options.get("map"):
        ctx.data["map"] = twin.initial_map()
    progress = ctx.piles.create("progress", [str(i) for i in range(8, 23)])
    progress.shuffle(ctx.rng)
    deck = ctx.piles.create("deck", [progress.draw()] + [str(i) for i in range(1, 8)])
    deck.shuffle(ctx.rng)
    for pile in ("discard", "pair", "income_tiebreaker"):
        ctx.piles.create(pile)
    die, _ = roll_until(ctx)
    civ = data.civ_for_die(die)
    ctx.data["civs"] = [civ]
    ctx.data["fav"]["automa"] = data.civ(civ)["favorite"]
    se_fav, rolls = roll_until(ctx, tuple(t for t in TRACKS if t != ctx.data["fav"]["automa"]))
    ctx.data["fav"]["shadow"] = se_fav
    ctx.log("automa", k("log.civ_rolled"), {"civ": m(f"civ.{civ}"),
                                            "track": track_ref(die)},
            why={"rule": k("rule.civ_roll"), "candidates": list(TRACKS), "pick": die})
    ctx.log("shadow", k("log.shadow_favorite"), {"track": track_ref(se_fav),
                                                 "n": len(rolls)},
            why={"rule": k("rule.shadow_favorite"), "candidates": rolls, "pick": se_fav}
            if len(rolls) > 1 else {"rule": k("rule.shadow_favorite")})
    ctx.phase = PHASE_SETUP
    ctx.ask(prompts.confirm(k("q.setup_components"),
                            ui=checklist("components", COMPONENT_STEPS)), setup_automa)


@steps
def setup_automa(ctx: Ctx, answer: bool) -> None:
    """The Automa's components, its civilization side and favourite track."""
    level = data.level(ctx.data["level"], ctx.options)
    card = m(f"income_card.{level['income_card']}")
    civ = ctx.data["civs"][0]
    params = {"level": ctx.data["level"], "name": m(f"level.{ctx.data['level']}"),
              "side": m(f"mat.{level['mat']}"), "card": card,
              "civ": m(f"civ.{civ}"), "track": track_word(ctx.data["fav"]["automa"]),
              "civ_card": m(f"civ_card.{civ}")}
    ctx.ask(prompts.confirm(k("q.setup_automa"), params,
                            ui=checklist("automa", AUTOMA_STEPS, params)), setup_second_civ)


@steps
def setup_second_civ(ctx: Ctx, answer: bool) -> None:
    """Level 6: the player picks the Automa's second civilization (its heart is ignored)."""
    if not data.level(ctx.data["level"], ctx.options)["second_civ"]:
        ctx.then(setup_shadow)
        return
    others = [c for c in data.CIVS if c != ctx.data["civs"][0]]
    ctx.ask(prompts.pick_one(k("q.second_civ"), others,
                             labels=[m(f"civ.{c}") for c in others],
                             default=others[0], ui={"game": G}),
            second_civ_chosen)


@steps
def second_civ_chosen(ctx: Ctx, answer: str) -> None:
    """Keep the second civilization after the first."""
    ctx.data["civs"].append(answer)
    ctx.log("player", k("log.second_civ"), {"civ": m(f"civ.{answer}")})
    ctx.then(setup_shadow)


@steps
def setup_shadow(ctx: Ctx) -> None:
    """The Shadow Empire's components and favourite; the decks stay in the box."""
    params = {"track": track_word(ctx.data["fav"]["shadow"])}
    ctx.ask(prompts.confirm(k("q.setup_shadow"), params,
                            ui=checklist("shadow", SHADOW_STEPS, params)), setup_done)


@steps
def setup_done(ctx: Ctx, answer: bool) -> None:
    """Setup is over: everyone's income turn 1 starts the game."""
    ctx.log("automa", k("log.decks"), {"deck": len(ctx.piles["deck"]),
                                       "progress": len(ctx.piles["progress"])})
    ctx.then("income_turn")
