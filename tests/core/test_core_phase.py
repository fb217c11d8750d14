"""The game's phase: saved with the state, set by the game's steps, and alone deciding what the
player may start or correct (as boardgame.io's ``ctx.phase``); saves from before it load."""

from __future__ import annotations

import copy
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import automa
from automa.core import prompts
from automa.core.errors import UnreadableSave
from automa.core.game import START, Correction, Ctx, GameDef, Steps, register
from automa.core.rng import Rng
from automa.core.savefile import _unlabelled, _upgrade_states
from automa.core.saveformat import _upgraded
from automa.core.session import Session
from tests.conformance import random_answer

GAMES = ("tapestry", "age_of_innovation", "civ_new_dawn", "glory_of_civilizations")
OLD_SAVES = Path(__file__).resolve().parent / "saves_588bb06"
EXPECTED: dict[str, Any] = json.loads((OLD_SAVES / "expected.json").read_text(encoding="utf-8"))
INSIDE_A_CORRECTION = {"glory_of_civilizations.correcting.json": [
    "automa_achievement", "instant_victory", "correct"]}
"""Where today's engine offers more than 588bb06 did: Glory keyed its procedures on the
prompt's message id, so a correction open on top of its idle prompt hid them; now the phase
(still "waiting") offers them there, as the other three games always did."""


def offered(session: Session) -> tuple[list[str], list[str]]:
    """The ids of the procedures and of the correctable values offered now."""
    ctx = session._ctx()
    return ([p["id"] for p in session.procedures],
            [c.id for c in session.game.corrections(ctx, session.phase)])


def renamed(session: Session) -> None:
    """Every prompt of the state (the one up and those procedures interrupted) renamed."""
    prompts = [session._state["prompt"]] + [
        f["args"]["prompt"] for f in session._state["stack"] if f["step"] == "core_reask"]
    for prompt in prompts:
        if prompt is not None:
            prompt["key"] = "renamed." + prompt["key"]


@pytest.mark.parametrize("game_id", GAMES)
def test_renaming_a_message_never_changes_what_the_player_may_do(game_id: str) -> None:
    """At every prompt of random games (procedures started on the way), the same procedures
    and corrections are offered whatever the prompt's message id is."""
    for seed in range(3):
        rng = Rng.from_seed(seed)
        s = automa.new_game(game_id, seed=seed)
        while s.prompt is not None:
            before, state = offered(s), s.state
            renamed(s)
            assert offered(s) == before, (seed, s.prompt.key)
            s._state = state
            procedures = s.procedures
            if procedures and rng.below(10) == 0:
                s.start(rng.choice(procedures)["id"])
            else:
                s.answer(random_answer(s.prompt, rng))


@pytest.mark.parametrize("game_id", GAMES)
def test_the_phase_is_saved_and_every_prompt_has_one(game_id: str) -> None:
    """The setup step names the first phase before it asks anything; saves carry it."""
    s = automa.new_game(game_id, seed=4)
    assert s.phase in s.game.phases
    assert json.loads(s.to_json())["snapshot"]["phase"] == s.phase


def test_a_phase_the_game_did_not_declare_is_refused() -> None:
    s = automa.new_game("demo", seed=1)
    with pytest.raises(ValueError, match="unknown phase"):
        Ctx(s.game, s._state, []).phase = "lunch"


def silent_game(asks: bool) -> GameDef[Any]:
    """A game whose setup step names no phase; it asks a question, or builds nothing and the
    game is over at once."""
    steps = Steps()

    @steps
    def setup(ctx: Ctx[Any, Any]) -> None:
        if asks:
            ctx.ask(prompts.confirm("silent.setup"), setup)

    return GameDef(id="silent", name="silent.name", version=1, options=(), setup=setup,
                   steps=steps, phases=("play",), corrections=lambda ctx, phase: [
                       Correction("x", {"key": "x", "params": {}}, ("x",))])


def test_nothing_is_asked_offered_or_shown_before_setup_names_a_phase() -> None:
    with pytest.raises(RuntimeError, match="before setup set a phase"):
        Session(silent_game(asks=True), {}, 1)
    empty = Session(silent_game(asks=False), {}, 1)
    assert empty.phase == START and empty.procedures == []
    assert empty.view()["sections"] == []
    with pytest.raises(ValueError, match="name its phases"):
        register(replace(silent_game(asks=False), id="phaseless", phases=()))


def test_a_snapshot_in_an_unknown_phase_is_refused() -> None:
    s = automa.new_game("demo", seed=1)
    s.answer(True)
    data = json.loads(s.to_json())
    data["snapshot"]["phase"] = "lunch"
    with pytest.raises(UnreadableSave) as info:
        automa.load_game(json.dumps(data))
    assert info.value.params["field"] == "snapshot.phase"


ADDED_SINCE = {"swap_resources", "event_gain"}
"""Procedures the rulebook audit added after 588bb06 (issue 20: Civ's resource swap, Glory's
event gains): offered in old games too."""


GONE = {"tapestry.q.tapestry_to_supply"}
"""Questions of 588bb06 today's rules no longer ask (Tapestry's version 4 made its Done
questions lines of the checklist): a game saved on one stands, replayed, at the next."""


def old_save(name: str) -> str:
    return (OLD_SAVES / name).read_text(encoding="utf-8")


def replayed_today(text: str) -> Session | None:
    """A save's answers replayed by today's rules (its snapshot left out, its action log
    migrated); None where they no longer replay, or stand at another question than its
    snapshot (one taken out since, e.g. Tapestry's confirm-only steps)."""
    data = json.loads(text)
    asked = data.pop("snapshot")["prompt"]
    try:
        today = automa.load_game(json.dumps(data))
    except UnreadableSave:
        return None
    return today if today.prompt is not None and today.prompt.key == asked["key"] else None


def changed_since(text: str) -> set[str]:
    """What of a save's state today's rules reach otherwise, the phase apart (the rules of the
    games change too: a changed state drops the history, as for any older save)."""
    data, today = json.loads(text), replayed_today(text)
    if today is None:
        return {"actions"}
    # (its version as the game's migrations bring it, as a load does)
    data, _ = _upgrade_states(today.game, data, data.get("game_version", 1))
    old = _upgraded(today.game, data["snapshot"])
    # an option added since plays with its default (load_game gives the snapshot that too)
    added = {k: v for k, v in today._state["options"].items() if k not in data["options"]}
    old = _unlabelled({**old, "options": {**added, **old["options"]}})
    # (how a button is labelled is no part of the game: a release may word one anew)
    return {field for field, value in _unlabelled(today._state).items()
            if field != "phase" and old.get(field) != value}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_a_save_from_before_the_phase_loads_with_its_history(name: str) -> None:
    """Saves of 588bb06 (no ``phase``; Tapestry and AoI kept theirs in ``data``; Glory's
    adversity steps had other names) replay to the same snapshot and offer what they did,
    unless the rules changed something else since (then they open without their history);
    one saved on a question taken out since stands at the next one."""
    s = automa.load_game(old_save(name))
    assert "phase" not in s._state["data"] and s.phase in s.game.phases
    assert s.prompt is not None
    if EXPECTED[name]["prompt"] in GONE:
        assert not s.history_dropped and s.prompt.key != EXPECTED[name]["prompt"]
        return
    assert s.prompt.key == EXPECTED[name]["prompt"]
    if s.history_dropped:
        assert changed_since(old_save(name))
        return
    assert not s.warnings
    now = [p for p in offered(s)[0] if p not in ADDED_SINCE]
    assert now == INSIDE_A_CORRECTION.get(name, EXPECTED[name]["procedures"])


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_a_save_from_before_the_phase_gets_it_from_the_old_state(name: str) -> None:
    """Where the answers no longer replay to the snapshot, the phase is derived from the old
    state: the same phase the replay reaches, so the same procedures."""
    data = json.loads(old_save(name))
    # as after a rules change: the answers stop short (of a question that is still asked)
    data["actions"] = data["actions"][:len(data["actions"]) // 2]
    data["redo"] = []
    s = automa.load_game(json.dumps(data))
    assert s.history_dropped
    today = replayed_today(old_save(name))
    if EXPECTED[name]["prompt"] in GONE:  # (the phase the old state kept)
        assert s.phase == data["snapshot"]["data"]["phase"]
    else:
        assert s.phase == (today.phase if today else automa.load_game(old_save(name)).phase)


def downgraded(state: dict[str, Any]) -> dict[str, Any]:
    """A state of today as 588bb06 saved it: no phase (Tapestry and AoI: in ``data``)."""
    old = copy.deepcopy(state)
    phase = old.pop("phase")
    if old["game"] in ("tapestry", "age_of_innovation"):
        old["data"]["phase"] = phase
    return old


@pytest.mark.parametrize("game_id", GAMES)
def test_the_phase_derived_from_an_old_state_is_the_phase_the_rules_set(game_id: str) -> None:
    """At every prompt of random games (procedures started on the way), the phase a game
    derives from the state in its old layout is the phase its steps set; a save of it in the
    old layout loads with its history."""
    for seed in range(3):
        rng = Rng.from_seed(seed + 10)
        s = automa.new_game(game_id, seed=seed)
        while s.prompt is not None:
            assert _upgraded(s.game, downgraded(s._state)) == s._state, (seed, s.prompt.key)
            if len(s.actions) == 30:
                save = json.loads(s.to_json())
                save["snapshot"] = downgraded(save["snapshot"])
                save["version"] = 1  # (as the engine before the phase wrote it)
                loaded = automa.load_game(json.dumps(save))
                assert loaded == s and not loaded.history_dropped
            procedures = s.procedures
            if procedures and rng.below(10) == 0:
                s.start(rng.choice(procedures)["id"])
            else:
                s.answer(random_answer(s.prompt, rng))
