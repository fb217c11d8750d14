"""Card faces for both decks, printable; every message in English and Ukrainian."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

import pytest

from automa.core.i18n import catalog, render
from automa.games.glory_of_civilizations import data, editor
from automa.render import card_svg
from automa.render import deck as print_deck
from automa.render.print import sheets_html
from tests.conformance import check_messages, playout
from tests.glory_of_civilizations.play import G, card, deck, new, run
from tests.golden_games import assert_messages_match_across_languages, assert_options_named


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_every_companion_card_draws_with_its_label(lang: str) -> None:
    """Each companion card is well-formed SVG and says it is the companion edition."""
    label = render(f"{G}.render.companion", {}, lang)
    for card_id in data.companion_deck():
        svg = card_svg(G, card_id, (), lang)
        ET.fromstring(svg)
        assert label in svg.replace("&#x27;", "'")


def test_a_players_card_draws_as_your_deck_and_prints() -> None:
    """A keyed-in card is drawn from its data with the "Your deck" band; it can be printed."""
    cards = deck(12, main=["battles", "build_city", "market", "gather"])
    editor.option_value(cards)
    ids = sorted(data.register_custom(editor.canonical_deck(cards)))
    svg = card_svg(G, ids[0], ("priority.2", "main.1", "pointer", "free"), "uk")
    ET.fromstring(svg)
    assert "Ваша колода" in svg and "2 битви" in svg
    assert set(ids) <= set(print_deck(G))
    html = sheets_html([card_svg(G, c, (), "en") for c in ids], "a4")
    assert html.count("<title>Your deck") == 12


def _phone_cards() -> list[tuple[str, dict[str, Any], bool]]:
    """Every companion card, and keyed-in cards that hold every main and free action, every
    terrain and direction, and the longest card number."""
    mains = list(data.main_actions())
    terrains, directions = list(data.terrains()), list(data.directions())
    custom = [card(999 - k, main=(mains[k:] + mains)[:4],
                   free=[data.free_actions()[k % 3], data.free_actions()[(k + 1) % 3]],
                   priority=[{"terrain": terrains[(k + i) % 6], "number": 1 + i,
                              "direction": directions[(k + i) % 6]} for i in range(4)],
                   pointer=1 + k % 4) for k in range(0, len(mains), 2)]
    return ([(c, data.card(c), False) for c in sorted(data.companion_deck())]
            + [(f"custom{c['number']}", data.canonical(c), True) for c in custom])


@pytest.mark.parametrize("lang", ["en", "uk"])
@pytest.mark.parametrize(("name", "face", "custom"), _phone_cards(),
                         ids=[c[0] for c in _phone_cards()])
def test_card_faces_read_at_phone_size(name: str, face: dict[str, Any], custom: bool,
                                       lang: str) -> None:
    """A card about 160 px wide on a phone (1 px is about 4 units): no text under 30 units,
    the SVG parses, every message is translated, the deck's label is there."""
    from automa.render.glory_of_civilizations import card_face

    svg = card_face(face, ("main.2",), lang, custom=custom)
    root = ET.fromstring(svg)
    assert root.get("viewBox") == "0 0 630 880"
    ns = "{http://www.w3.org/2000/svg}"
    texts = list(root.iter(f"{ns}text")) + list(root.iter(f"{ns}tspan"))
    sizes = [float(t.get("font-size", 0)) for t in root.iter(f"{ns}text")]
    sizes += [float(t.get("font-size", "30")) for t in root.iter(f"{ns}tspan")]
    assert texts and min(sizes) >= 30, (name, min(sizes))
    assert G + "." not in svg  # no untranslated message ids
    drawn = " ".join(" ".join("".join(t.itertext()) for t in root.iter(f"{ns}text")).split())
    label = render(f"{G}.render.{'yours' if custom else 'companion'}", {}, lang)
    assert " ".join(label.replace("—", "").split()) in drawn  # on the card, not only its title
    assert drawn.startswith(str(face["number"]) + " ")
    assert all(render(f"{G}.terrain.{e['terrain']}", {}, lang) in drawn
               for e in face["priority"])
    assert svg.count('stroke="#f2b705"') == 1  # the highlighted row is framed


def test_highlight_frames_the_field_in_question() -> None:
    """The field a question depends on is framed on the card."""
    plain = card_svg(G, "c01", (), "en")
    framed = card_svg(G, "c01", ("priority.3",), "en")
    assert framed.count("#f2b705") == plain.count("#f2b705") + 1


def test_both_catalogs_hold_the_same_messages_with_the_same_placeholders() -> None:
    """Every Glory message exists in English and Ukrainian with the same parameters."""
    assert_messages_match_across_languages(G)


def test_vocabularies_and_options_are_named_in_both_languages() -> None:
    """Terrains, directions, actions, areas, items, governments, religions: all named."""
    names = ([f"terrain.{t}" for t in data.terrains()]
             + [f"direction.{d}" for d in data.directions()]
             + [f"free.{a}" for a in data.free_actions()]
             + [f"main.{a}" for a in data.main_actions()]
             + [f"government.{g}" for g in data.governments()]
             + [f"religion.{r}" for r in data.religions()])
    for lang in ("en", "uk"):
        assert all(f"{G}.{n}" in catalog(lang) for n in names)
    assert_options_named(G)


@pytest.mark.parametrize("seed", range(6))
def test_playouts_with_a_players_deck_and_switched_readings(seed: int) -> None:
    """The conformance checks (undo, redo, replay, save/load, messages) with a keyed-in deck
    and with every flagged reading switched."""
    options: dict[str, Any] = {
        "custom_deck": deck(12 + seed, main=[["battles", "build_city", "train_swordsmen",
                                              "gather"], ["spread_religion", "build_wonder",
                                                          "repair_damages", "produce"]][seed % 2]),
        "difficulty": ("easy", "medium", "hard")[seed % 3],
        "row_rule": ("difficulty", "age")[seed % 2],
        "round_shuffle": ("deck", "with_discard")[(seed // 2) % 2],
        "fallthrough": ("down", "wrap")[seed % 2],
        "cube_rule": ("own", "any")[(seed // 3) % 2],
        "capital_is_city": seed % 2 == 0,
        "wonder_stages": 1 + seed % 2,
        "experience_number": ("found", "first")[seed % 2],
        "free_order": ("free_first", "main_first")[(seed // 2) % 2],
        "vote_fours": ("each", "once")[seed % 2],
        "archer_area": ("barracks", "workshop")[(seed // 2) % 2],
        "players": 2 + seed % 4,
        "automas": 1 + seed % 2,
    }
    playout(G, seed, options=options)


@pytest.mark.parametrize("automas", [1, 2])
def test_a_whole_game_in_ukrainian_has_every_message(automas: int) -> None:
    """Every message a whole game uses (with one automa or two) renders in Ukrainian without a
    missing key."""
    s = run(new({"difficulty": "hard", "automas": automas, "players": 3}), lambda s: False,
            {"prompt.instant_victory": False, "prompt.site_site": True,
             "prompt.units_left": True, "prompt.site_train": True, "prompt.army_of": True,
             "prompt.target": True, "prompt.experience": True, "prompt.community": True,
             "prompt.has_repair": True, "prompt.has_suppress": True})
    check_messages(s)
    for e in s._log:
        text = render(e["action"]["key"], e["action"]["params"], "uk")
        assert G not in text, text
