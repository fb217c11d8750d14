"""The wording list of the review from the table (``shared/reviews/at-the-table-2026-11-28.md``
§12, issue 30): each fix as a test of its wording, so it does not come back."""

from __future__ import annotations

from typing import Any

import pytest

from automa.app.record_present import mid_phrase
from automa.core.i18n import render


def text(key: str, lang: str, **params: Any) -> str:
    """A message rendered, its no-break spaces read as spaces."""
    return render(key, params, lang).replace("\u00a0", " ")


def ref(key: str) -> dict[str, Any]:
    """A message reference as a parameter."""
    return {"key": key, "params": {}}


@pytest.mark.parametrize(("bot", "named"), [("automa", "ніж жетон Автоми "),
                                            ("shadow", "ніж жетон Тіньової імперії ")])
def test_your_token_is_further_than_the_automas_token_in_the_genitive(bot: str,
                                                                      named: str) -> None:
    """«ніж жетон бота «Автома»» read as a form to fill in: «ніж жетон Автоми»."""
    uk = text("tapestry.q.you_ahead_on_favorite", "uk", bot=ref(f"tapestry.bot_of.{bot}"),
              track="наука", space=3)
    assert named in uk and "бота" not in uk, uk
    en = text("tapestry.q.you_ahead_on_favorite", "en", bot=ref(f"tapestry.bot_of.{bot}"),
              track="science", space=3)
    assert "than the Automa token" in en or "than the Shadow Empire token" in en, en


@pytest.mark.parametrize(("label", "inside"), [
    ("Round 3", "round 3"), ("Era 2", "era 2"), ("AP turn 3", "AP turn 3"),
    ("Хід АГ 3", "хід АГ 3"), ("Раунд 1", "раунд 1"), ("", "")])
def test_a_round_inside_a_sentence_has_no_capital_but_an_abbreviation_keeps_it(
        label: str, inside: str) -> None:
    """«Кінець гри: Хід АГ 3» had a capital mid-phrase; "AP" stays as it is."""
    assert mid_phrase(label) == inside


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_glorys_set_up_line_has_no_parentheses_inside_parentheses(lang: str) -> None:
    """"Set up the Automa (Companion edition (our own cards, …), difficulty: medium)"."""
    line = text("glory_of_civilizations.setup.components", lang,
                edition=ref("glory_of_civilizations.edition.companion"),
                difficulty=ref("glory_of_civilizations.difficulty.medium"))
    depth = 0
    for char in line:
        depth += {"(": 1, ")": -1}.get(char, 0)
        assert depth <= 1, line


def test_aoi_names_the_only_valid_hex_not_the_only_workshop_left() -> None:
    """"builds a marked Workshop on the hex, the only one left" read as the last Workshop."""
    assert render("age_of_innovation.picked_only", {}, "en") == "the only valid one"


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_civs_focus_types_on_buttons_are_capitalised_labels(lang: str) -> None:
    """Choices read "culture / economy / …" in lower case: as labels, capitalised."""
    for t in ("culture", "economy", "industry", "military", "science"):
        label = render(f"civ_new_dawn.type_label.{t}", {}, lang)
        assert label[:1].isupper() and label.lower() == render(f"civ_new_dawn.type.{t}", {},
                                                                 lang), label


def test_a_long_action_name_keeps_a_margin_inside_its_block_on_the_card() -> None:
    """«Тераформування й будівництво» touched the edges of its green block in the pile
    viewer (review §13): a squeezed line is at most the block's width less the margin."""
    import re

    from automa.render import age_of_innovation as aoi

    svg = "".join(aoi.card_svg(card, lang="uk") for card in aoi.deck())
    block = aoi.W - aoi.SPLIT - 52
    widths = [float(w) for w in re.findall(r'textLength="([0-9.]+)"', svg)]
    assert widths and max(widths) <= block - 40, widths
