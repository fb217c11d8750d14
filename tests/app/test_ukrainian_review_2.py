"""The second native-speaker review of the Ukrainian text (issue 34, the review
``shared/reviews/ukrainian-2026-11-28.md``, findings N1–N32): each finding whose fix is a
wording, as a test of that wording, so it does not come back. The typography and the term
sheet the review asks for are kept for every text at once by ``tests/app/test_typography.py``.
"""

from __future__ import annotations

from typing import Any

import pytest

from automa.core.i18n import render


def uk(key: str, **params: Any) -> str:
    """The Ukrainian text of a message, rendered."""
    return render(key, params, "uk")


def en(key: str, **params: Any) -> str:
    """The English text of a message, rendered."""
    return render(key, params, "en")


def test_n1_a_wonder_stage_takes_three_action_cubes_not_three_actions() -> None:
    """The rulebook's icon is lost («Покладіть 3 [кубики] дії»): «3 дії» read as "3 actions";
    the app's own rule line says «3 кубики дії на гекс»."""
    text = uk("glory_of_civilizations.option.wonder_stages_help")
    assert "3 кубики дії" in text and "3 дії" not in text and "3 дій" not in text


@pytest.mark.parametrize(("n", "tokens"), [(1, "1 жетон природного чуда"),
                                           (2, "2 жетони природних чудес"),
                                           (4, "4 жетони природних чудес"),
                                           (5, "5 жетонів природних чудес")])
def test_n2_teddys_tokens_agree_with_their_count(n: int, tokens: str) -> None:
    """Teddy keeps 1 to 4 tokens (``military.py``): «тримає 2 жетонів» was wrong."""
    text = uk("civ_new_dawn.prompt.teddy_another_target", n=n, next=2, of=3)
    assert f"тримає {tokens} " in text.replace("\u00a0", " "), text
    assert "1 natural wonder token for" in en("civ_new_dawn.prompt.teddy_another_target",
                                              n=1, next=2, of=3)
