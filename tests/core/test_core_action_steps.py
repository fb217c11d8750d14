"""Card actions reach their steps through explicit tables checked against the card vocabulary
when the game loads: a typo fails there, not when a card first draws the action."""

from __future__ import annotations

from typing import Any

import pytest

import automa
from automa.core.game import ActionSteps, Ctx, find_game
from automa.games.age_of_innovation import data as aoi_data
from automa.games.age_of_innovation.actions import ACTION_STEPS
from automa.games.glory_of_civilizations import data as glory_data
from automa.games.glory_of_civilizations.actions import MAIN_STEPS, act_adversity, act_gather


def test_a_card_action_without_a_step_fails_when_the_game_loads() -> None:
    """A vocabulary naming an action the table misses (a typo on either side) is refused."""
    table = {action: step for action, step in MAIN_STEPS.items() if action != "repair_damages"}
    with pytest.raises(ValueError, match="card actions without a step \\['repair_damages'\\]"):
        ActionSteps("glory_of_civilizations", glory_data.main_actions(),
                    {**table, "repair_damgaes": table["repair_malfunctions"]})


def test_a_step_for_no_card_action_fails_when_the_game_loads() -> None:
    with pytest.raises(ValueError, match="steps for no card action \\['harvest'\\]"):
        ActionSteps("glory_of_civilizations", ["gather"], {"gather": act_gather,
                                                           "harvest": act_gather})


def test_glory_main_actions_each_have_a_step_and_repair_and_suppress_share_one() -> None:
    """Six adversity actions, one step taking the adversity as its argument."""
    assert set(MAIN_STEPS) == set(glory_data.main_actions())
    step, args = MAIN_STEPS.frame("suppress_heresy", row=2, tried=0)
    assert step is act_adversity
    assert args == {"kind": "suppress", "adversity": "heresy", "row": 2, "tried": 0}


def test_age_of_innovation_action_icons_each_have_a_step() -> None:
    """Every icon a card or faction may show, the Faction action apart (it expands)."""
    assert set(ACTION_STEPS) == set(aoi_data.FACTION_STEP_TYPES) - {"faction"}


@pytest.mark.parametrize(("game_id", "table"), [("glory_of_civilizations", MAIN_STEPS),
                                                ("age_of_innovation", ACTION_STEPS)])
def test_every_step_of_a_table_is_registered_under_its_name(game_id: str,
                                                             table: ActionSteps) -> None:
    steps = find_game(game_id).steps
    for step, _ in table.values():
        assert steps[step.__name__] is step


def test_glory_adversity_asks_about_the_adversity_of_the_card() -> None:
    """The one adversity step asks the question of its kind, naming the adversity."""
    s = automa.new_game("glory_of_civilizations", seed=2)
    s.answer(True)
    ctx: Ctx[Any, Any] = Ctx(s.game, s._state, [])
    s._state["prompt"] = s._state["pending"] = None
    act_adversity(ctx, row=1, tried=0, kind="repair", adversity="calamities")
    assert s.prompt is not None
    assert s.prompt.key == "glory_of_civilizations.prompt.has_repair"
    assert s.prompt.params["adversity"]["key"] == "glory_of_civilizations.adversity.calamities"
