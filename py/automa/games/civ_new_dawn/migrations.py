"""Civilization's versions: what each changed in its questions, and the migrations of an
older save's action log (:mod:`automa.core.actionlog`). Where a version changed a decision
already taken, the option that reads it names the reading an older game played with
(``OptionSpec.earlier``: ``capitalism_idle``, ``full_cities``, ``teddy_nw_no_attack``,
``city_taken``).

- 2 (the audit's findings): Teddy Roosevelt's tokens on his last attack, no count past the
  box, Joint War and Defensive Pact, the resource swap; when the AP is attacked, the
  defence of the attacked space is asked and the app adds the AP's military bonus (version
  1 asked the AP's total, bonus included); a wonder won when every AP city holds one stays
  where it is (version 1 put it in the best-defended city: ``shared``).
- 3 (the second audit): an idle card resolved through Capitalism is reset (version 2 left
  it), and Teddy spends his tokens on a military card that makes no attack (version 2 kept
  them on it).
- 4: a rival's city the AP beats, not a capital, becomes the AP's: a new question asks the
  wonder in it (version 3 left the city to its owner, and asked nothing: its games keep that
  reading, ``city_taken``).
"""

from __future__ import annotations

from automa.core.actionlog import ActionMigration, Here, Rewrite, instead

from .state import k


def defence_without_bonus(here: Here) -> Rewrite | None:
    """Version 2: the AP's defence is the attacked space's, the app adding its military
    bonus (+1 per military wonder and city-state card); version 1's answer was the total,
    so the total less that bonus is given instead."""
    answer = here.next.get("answer") if here.next else None
    if not here.asks(k("prompt.defend_space")) or type(answer) is not int:
        return None
    bonus = int(here.data["wonders"]["military"]) + int(here.data["city_states"]["military"])
    return instead(max(0, answer - bonus))


ACTION_MIGRATIONS: dict[int, tuple[ActionMigration, ...]] = {
    2: (defence_without_bonus,),
    3: (),
    4: (),
}
"""The migrations of the action log recorded before each version."""
