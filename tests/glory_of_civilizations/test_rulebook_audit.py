"""Findings of the independent rulebook audit (issue 20, section B), each as a test named
after the rule it checks (seeds/003, the automa appendix of Glory of Civilizations), and the
readings the text leaves open."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from glory_play import at, card, deck, logged, new, run

from automa.core.session import Session

WONDERS = deck(main=["build_wonder", "produce", "market", "gather"])


def data(s: Session) -> dict[str, Any]:
    """The automa's tracked state (tests set up positions through it)."""
    d: dict[str, Any] = s._state["data"]
    return d


# --- B1 -------------------------------------------------------------------------------------
def test_wonder_stages_build_the_base_and_the_completed_side_in_one_action() -> None:
    """seeds/003, "+2 етапи Чуда": "виставте на нього основу Чуда. Покладіть 3 дії на цей
    гекс. Якщо до цього автома завершила перший етап, переверніть Чудо добудованою стороною
    доверху. Заберіть з поля технологій відповідну кількість технологій." The single 3 cubes
    and the "+2" read best as both stages at once (reading ``wonder_stages = 2``): base and
    flip, 3 cubes once, two technologies."""
    s = run(new({}, WONDERS), at("prompt.tech"), {"prompt.site_wonder": True})
    assert data(s)["wonder"] == 2 and data(s)["wonders_done"] == 1
    assert logged(s, "log.wonder_base") and logged(s, "log.wonder_flip")
    assert [e["action"]["params"]["n"] for e in logged(s, "log.cubes_hex")] == [3]
    s.answer(True)                           # the first technology is found
    assert s.prompt is not None and s.prompt.key.endswith("prompt.tech")   # and a second


def test_a_new_wonder_is_founded_once_one_is_complete() -> None:
    """seeds/003, "+2 етапи Чуда": the text sets no limit on Wonders — once one is complete
    the action founds a new one; it never falls to the row below for that reason."""
    s = run(new({}, WONDERS), lambda s: data(s)["wonders_done"] >= 2 if "wonders_done" in
            data(s) else False, {"prompt.site_wonder": True})
    assert data(s)["wonders_done"] == 2
    assert not any(e["action"]["params"].get("why", {}).get("key", "").endswith("wonder_done")
                   for e in logged(s, "log.impossible"))
    s = run(new({"wonder_stages": 1}, WONDERS), lambda s: data(s).get("wonders_done", 0) >= 2,
            {"prompt.site_wonder": True})
    assert len(logged(s, "log.wonder_base")) == 2 == len(logged(s, "log.wonder_flip"))


# --- B2 -------------------------------------------------------------------------------------
def test_event_coins_go_to_its_treasury_and_goods_to_its_storage() -> None:
    """seeds/003: "кожного разу, коли автома отримує монети вільною дією або за допомогою
    ефектів подій, додайте відповідну кількість монет до її скарбниці"; goods it makes go to
    its storage. The proxy enters what an event gives it, between turns and in the
    achievement phase."""
    s = run(new(), at("prompt.ready"))
    coins = data(s)["coins"]
    s.start("event_gain")
    s.answer("coins")
    s.answer(7)
    assert data(s)["coins"] == coins + 7 and logged(s, "log.event_gain")
    assert s.prompt is not None and s.prompt.key.endswith("prompt.ready")
    s = run(new(), at("prompt.phase_glory"))
    assert "event_gain" in [p["id"] for p in s.procedures]
    mead = data(s)["storage"]["mead"]
    s.start("event_gain")
    s.answer("mead")
    s.answer(2)
    assert data(s)["storage"]["mead"] == mead + 2


# --- B3 -------------------------------------------------------------------------------------
def _ready_in_round(s: Session, rnd: int) -> Session:
    return run(s, lambda s: data(s)["round"] == rnd and s.prompt is not None
               and s.prompt.key.endswith("prompt.ready"))


def test_a_corrected_age_is_not_overwritten_at_the_round_start() -> None:
    """The automa text gives no age schedule: the app's reading (I in rounds 1–2, II in 3–4,
    III in 5–6) moves the age on only while the age is on it; an age the proxy corrected
    stays until corrected again."""
    s = _ready_in_round(new(), 2)
    s.start("correct")
    s.answer("age")
    s.answer(2)                              # the table is in age II already
    s = _ready_in_round(s, 3)
    assert data(s)["age"] == 2 and logged(s, "log.age_kept")
    s = _ready_in_round(s, 5)
    assert data(s)["age"] == 3               # on the schedule again: age III in round 5
    s = _ready_in_round(new(), 3)
    assert data(s)["age"] == 2 and logged(s, "log.age")
    s.start("correct")
    s.answer("age")
    s.answer(1)                              # still age I at the table
    s = _ready_in_round(s, 5)
    assert data(s)["age"] == 1


def test_the_age_schedule_is_a_reading_the_proxy_can_switch_off() -> None:
    """Reading ``age_rule = manual``: the app never changes the age; the proxy corrects it."""
    s = _ready_in_round(new({"age_rule": "manual"}), 3)
    assert data(s)["age"] == 1 and logged(s, "log.age_kept")


# --- B4 -------------------------------------------------------------------------------------
CASTLES = deck(main=["build_castle", "produce", "market", "gather"])


@pytest.mark.parametrize(("explore", "first"), [(True, "prompt.explore_first"),
                                                 (False, "prompt.site_site")])
def test_a_castle_is_built_like_a_city_exploring_first(explore: bool, first: str) -> None:
    """seeds/003, "+1 замок / 1 місто": "Аналогічно до будівництва міста, знайдіть
    пріоритетний гекс та побудуйте на ньому замок." The city explores with non-exhausted
    military units first; the castle too (reading ``castle_explore``, default), or only the
    hex search."""
    s = run(new({"castle_explore": explore}, CASTLES), at("prompt.ready"))
    data(s)["age"] = 2
    s.answer(True)
    s = run(s, lambda s: s.prompt is not None and (s.prompt.key.endswith("explore_first")
                                                   or s.prompt.key.endswith("site_site")))
    assert s.prompt is not None and s.prompt.key.endswith(first)


def test_buildings_that_fit_nowhere_go_on_the_first_priority_hex_with_room() -> None:
    """seeds/003, "+e будівель": "Якщо жоден гекс, що задовольняє умови, не буде знайдено,
    побудуйте таку кількість будівель, щоб не перевищити ліміт забудови." The question and
    the instruction name the same hex: the priority entries are walked until one has room."""
    buildings = [card(i, main=["build_buildings", "produce", "market", "gather"])
                 for i in range(1, 13)]
    s = run(new({}, buildings), at("prompt.ready"))
    data(s)["age"] = 3
    s = run(s, at("prompt.buildings_fit"), {"prompt.site_buildings": False})
    assert s.prompt is not None and s.prompt.params["k"] == 1
    s.answer(0)
    assert s.prompt is not None and s.prompt.params["k"] == 2
    s.answer(2)
    built = logged(s, "log.build_buildings")[-1]["action"]["params"]
    assert built["k"] == 2 and built["n"] == 2
    assert built["terrain"]["key"].endswith("terrain.forest")   # the second entry's terrain


# --- B4: the deck editor names fields by their label ---------------------------------------
def test_the_deck_editor_names_a_wrong_field_by_its_label() -> None:
    """The editor's problems say "Priority 1: direction", as the form does, never the raw
    address ``priority.1.direction``."""
    from automa.core.i18n import render
    from automa.games.glory_of_civilizations import editor

    cards = deck()
    cards[2]["priority"][0]["direction"] = "sideways"
    problem = editor.validate_deck(cards)[0]
    for lang, label in (("en", "Priority 1: direction"), ("uk", "Пріоритет 1: напрямок")):
        text = render(problem["key"], problem["params"], lang)
        assert label in text and "priority.1.direction" not in text


# --- B5: keying whatever a printed card shows ------------------------------------------------
def test_a_printed_card_may_show_other_amounts_and_the_game_plays_them() -> None:
    """seeds/003 prints the amounts of the card anatomy (+10 coins, +3 Glory, "+1 … +2 …"
    for gather and produce, 2 battles); the publisher's cards are not public, so the editor
    keys the amounts a printed card shows, and the automa plays those."""
    from automa.games.glory_of_civilizations import editor

    c = card(1, free=["coins", "glory"], main=["gather", "battles", "market", "gather"])
    c = editor.with_field(c, "amounts.free.1.coins", "12")
    c = editor.with_field(c, "amounts.main.1.food", "3")
    c = editor.with_field(c, "amounts.main.1.wood", 0)
    c = editor.with_field(c, "amounts.main.2.battles", 3)
    assert editor.field_value(c, "amounts.free.1.coins") == 12
    assert editor.field_value(c, "amounts.free.2.glory") == 3     # the rulebook's
    cards = [c] + [card(n, free=["coins", "glory"], main=["gather", "battles", "market",
                                                          "gather"]) for n in range(2, 13)]
    cards = [dict(x, amounts=c["amounts"]) for x in cards]
    assert editor.validate_deck(cards) == []
    s = run(new({}, cards), lambda s: bool(logged(s, "log.storage")))
    assert logged(s, "log.coins")[0]["action"]["params"]["n"] == 12
    stored = [e["action"]["params"] for e in logged(s, "log.storage")]
    assert stored[0]["n"] == 3 and all(p["item"]["key"].endswith("food") for p in stored)
    face = __import__("automa.render.glory_of_civilizations", fromlist=["card_face"])
    svg = face.card_face(data_of(cards[0]), (), "en", custom=True)
    assert "+12" in svg and "3 battles" in svg


def data_of(c: dict[str, Any]) -> dict[str, Any]:
    """A keyed card as the game holds it."""
    from automa.games.glory_of_civilizations import data as cards

    return cards.canonical(c)


def test_a_deck_keyed_before_amounts_existed_keeps_its_form() -> None:
    """A card whose amounts are the rulebook's has no ``amounts`` in its canonical form, so
    decks and saves made before amounts could be keyed keep their cards (and card ids)."""
    from automa.games.glory_of_civilizations import data as cards
    from automa.games.glory_of_civilizations import editor

    old = card(5)
    assert "amounts" not in cards.canonical(old)
    same = editor.with_field(old, "amounts.free.1.coins", 10)
    assert cards.canonical(same) == cards.canonical(old)
    changed = editor.with_field(editor.with_field(old, "amounts.free.1.coins", 7), "free.1",
                                "tech")
    assert "amounts" not in cards.canonical(changed)          # a new action: amounts dropped


def test_directions_are_as_the_proxy_sees_the_board_with_a_note_that_they_are_a_guess() -> None:
    """seeds/003: "Напрямки визначаються відносно того, як проксі-гравець дивиться на поле."
    The printed arrows are not public: the vocabulary covers both ways hexes can lie (up and
    down, left and right) and the editor says it is a guess."""
    from automa.core.i18n import render
    from automa.games.glory_of_civilizations import data as cards
    from automa.games.glory_of_civilizations import editor

    assert {"n", "s", "e", "w"} <= set(cards.directions())
    first = next(f for f in editor.fields() if f["path"] == "priority.1.direction")
    note = render(first["note"]["key"], first["note"]["params"], "en")
    assert "guess" in note and "away from you" in note
    amount = next(f for f in editor.fields(card(1)) if f["path"] == "amounts.free.1.coins")
    assert amount["kind"] == "int" and amount["default"] == 10
