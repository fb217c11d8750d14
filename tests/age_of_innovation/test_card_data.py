"""The Automa Faction cards' data: the faction's own Terraform and Build tiebreakers are card
data (``tiebreak`` in factions.toml), checked by the faction schema when the cards load."""

from __future__ import annotations

from typing import Any

import pytest

from automa.core.cards import validate_record
from automa.core.errors import InvalidCardData
from automa.games.age_of_innovation import data
from tests.state_layout import record_problems

FILE = "cards/age_of_innovation/factions.toml"


def faction(**fields: Any) -> dict[str, Any]:
    """A faction record, valid unless ``fields`` break it."""
    return {"id": "kuddlers", "advances": ["law"], "actions": [{"type": "terraform_build"}],
            **fields}


def test_the_factions_with_their_own_tiebreakers_name_them_in_their_card_data() -> None:
    orders = {f: r["tiebreak"] for f, r in data.factions().items() if "tiebreak" in r}
    assert orders == {"kuddlers": ["closest", "atp_yours"], "mimics": ["atp_yours", "closest"],
                      "powermongers": ["most_power", "atp", "closest"]}


@pytest.mark.parametrize("order", [["closest", "nearest"], [], ["atp", "atp"], "closest"])
def test_a_tiebreak_order_of_unknown_repeated_or_no_tiebreakers_is_refused(order: Any) -> None:
    with pytest.raises(InvalidCardData) as error:
        validate_record(FILE, faction(tiebreak=order), data.FACTION_SCHEMA, 0)
    assert error.value.params["field"] == "tiebreak"


def test_a_terraform_and_build_variant_names_a_faction() -> None:
    with pytest.raises(InvalidCardData):
        validate_record(FILE, faction(actions=[{"type": "terraform_build", "variant": "kudlers"}]),
                        data.FACTION_SCHEMA, 0)


@pytest.mark.parametrize(("record", "table"), [
    (data.DecisionCard, data.decision_cards), (data.Tile, data.tiles), (data.Pool, data.pools)])
def test_the_card_records_type_every_value_the_cards_hold(record: Any, table: Any) -> None:
    """Issue 50 item 2: ``data.DecisionCard``, ``data.Tile`` and ``data.Pool`` are the cards
    and tiles as they are: each key declared with its value's type, none missing."""
    for item in table().values():
        assert not record_problems(record, dict(item)), item["id"]
