"""Rules audits of the Glory of Civilizations automa against the Ukrainian rulebook text
(seeds/003): one named test per finding, each citing the rule it holds; then the findings of
the independent rulebook audit (issue 20, section B) and the readings the text leaves open."""

from __future__ import annotations

from typing import Any

import pytest

from automa.core.i18n import msg, render
from automa.core.session import Session
from tests.glory_of_civilizations.play import at, bot, card, deck, logged, new, run
from tests.sessions import asked

G = "glory_of_civilizations"


def test_technology_taken_earlier_this_round_is_not_asked_again() -> None:
    """Free action "+1 technology": when the card at the pair's row and column is no longer on
    the field, the next pair is used. A card the automa itself took this round has left an
    empty spot, so the app knows that answer and asks the board only about the next pair (the
    Wonder action takes technologies "as in the free action" right after the free one)."""
    prio = [{"terrain": "meadow", "number": n, "direction": "n"} for n in (1, 2, 3, 4)]
    s = run(new({"players": 4}, deck(priority=prio, free=["tech", "coins"],
                                      main=["build_wonder", "produce", "market", "gather"])),
            at("prompt.tech"))
    assert (asked(s).params["row"], asked(s).params["col"]) == (1, 2)
    s.answer(True)
    s = run(s, at("prompt.tech"), {"prompt.site_wonder": True})
    assert logged(s, "log.tech_taken")[0]["action"]["params"]["try"] == 1
    assert (asked(s).params["row"], asked(s).params["col"]) == (2, 3)


def test_taken_technologies_are_forgotten_at_the_next_round() -> None:
    """Cleanup ends the round: the app no longer assumes a spot is empty in a new round."""
    prio = [{"terrain": "meadow", "number": n, "direction": "n"} for n in (1, 2, 3, 4)]
    s = run(new({"players": 4, "difficulty": "easy"}, deck(priority=prio, free=["tech", "coins"])),
            lambda s: s._state["data"]["round"] == 2 and s.prompt is not None
            and s.prompt.key.endswith("prompt.tech"), {"prompt.tech": True})
    assert (asked(s).params["row"], asked(s).params["col"]) == (1, 2)


def test_suppression_discards_no_more_cubes_than_its_adversities() -> None:
    """Suppression: it tries to destroy all its adversities of the type shown — the cubes it
    discards can be at most as many as it has."""
    answers = {"prompt.has_suppress": True, "prompt.adversity_count": 2}
    s = run(new({}, deck(main=["suppress_rebels", "produce", "market", "gather"])),
            at("prompt.removed"), answers)
    assert asked(s).bounds == (0, 2) or max(asked(s).choices) == 2


def test_main_action_names_the_card_whose_arrow_chose_it() -> None:
    """"The arrow on the previous card points at the main action; the first card of the row
    plays the row that carries its own arrow": the table is told which card's arrow to read."""
    s = run(new({"difficulty": "easy"}), lambda s: len(logged(s, "log.planned")) >= 2)
    row = bot(s)["row"]
    from automa.games.glory_of_civilizations import data
    first, second = (e["action"]["params"]["card"] for e in logged(s, "log.planned"))
    assert first == data.card(row[0])["number"] and second == data.card(row[0])["number"]


def test_ukrainian_unit_counts_read_like_a_rulebook() -> None:
    """Training and suppression name their counts with Ukrainian plural forms (2 мечники,
    5 селян, 4 невиснажені військові загони)."""
    def uk(key: str, **params: object) -> str:
        return render(f"{G}.{key}", params, "uk")
    two = msg(f"{G}.unit.swordsmen", n=2)
    assert uk("log.train_split", n=2, unit=two, terrain="ліс", direction="вгору").startswith(
        "Виставте 2 мечники: одного")
    five = msg(f"{G}.unit.peasants", n=5)
    assert "5 селян " in uk("log.train", n=5, unit=five, terrain="ліс", direction="вгору")
    assert "4 невиснажені військові загони" in uk("log.suppress", n=4, adversity="бунтівники")
    assert "5 невиснажених військових загонів" in uk("log.suppress", n=5, adversity="бунтівники")
    one = msg(f"{G}.unit.swordsmen", n=1)
    assert "виставити 1 мечника" in uk("prompt.units_left", n=1, unit=one)
    three = msg(f"{G}.unit.swordsmen", n=3)
    assert "виставити 3 мечники." in uk("prompt.units_count", n=3, unit=three)


def test_instant_victory_says_the_rulebook_breaks_off() -> None:
    """Game end: the rulebook sentence about the automa being a candidate for victory breaks
    off mid-sentence; the app says so when the game ends that way."""
    s = run(new(), at("prompt.instant_victory"))
    assert asked(s).ui["rule"]["key"] == f"{G}.rule.truncated"
    s.answer(True)
    s.answer("end")  # (said twice: issue 43, item 1)
    text = render(logged(s, "log.game_end_instant")[0]["action"]["key"],
                  logged(s, "log.game_end_instant")[0]["action"]["params"], "en")
    assert "candidate for victory" in text and "breaks off" in text


def test_training_with_fewer_tokens_left_trains_what_is_left() -> None:
    """Training: only when the tokens of that unit type have run out does the automa take
    the alternative action in the row below — with some left it trains those (here age II:
    2 swordsmen due, 1 left in the supply)."""
    answers = {"prompt.units_count": 1, "prompt.site_train": True}
    cards = deck(main=["train_swordsmen", "produce", "market", "gather"])
    s = run(new({"difficulty": "easy"}, cards),
            lambda s: s._state["data"]["age"] == 2 and bool(logged(s, "log.train")), answers)
    assert logged(s, "log.train")[-1]["action"]["params"]["n"] == 1
    s2 = run(new({"difficulty": "easy"}, cards),
             lambda s: s._state["data"]["age"] == 2 and bool(logged(s, "log.impossible")),
             {"prompt.units_count": 0})
    assert logged(s2, "log.impossible")[-1]["action"]["params"]["why"]["key"].endswith(
        "why.no_units")


def test_repair_sends_peasants_into_the_city_only_for_malfunctions() -> None:
    """Repair: peasants maneuver onto the hex with the adversities — into the city when the
    adversities are malfunctions."""
    for adversity, key in (("malfunctions", "log.repair_city"), ("damages", "log.repair")):
        s = run(new({}, deck(main=[f"repair_{adversity}", "produce", "market", "gather"])),
                at("prompt.removed"), {"prompt.has_repair": True})
        assert logged(s, key)


def test_fall_through_tells_the_table_why() -> None:
    """"If the automa cannot perform the planned main action … perform the one in the row
    below": the table sees the reason with the fall-through."""
    s = run(new({}, deck(main=["spread_religion", "produce", "market", "gather"])),
            lambda s: bool(logged(s, "log.impossible")))
    text = render(f"{G}.log.impossible", logged(s, "log.impossible")[0]["action"]["params"],
                  "uk")
    assert "релігії ще немає" in text


def test_card_effects_in_any_order_reading_main_action_first() -> None:
    """"Play the card's effects in any order": our reading plays the free actions first; the
    flagged reading (C11) plays the main action first."""
    def order(options: dict[str, str]) -> list[str]:
        s = run(new(options, deck()), lambda s: bool(logged(s, "log.storage")))
        keys = [e["action"]["key"].rsplit(".", 1)[1] for e in s._log]
        return [k for k in keys if k in ("coins", "planned")]
    assert order({}) == ["coins", "planned"]
    assert order({"free_order": "main_first"}) == ["planned", "coins"]


def test_vote_reading_a_run_of_fours_adds_one_vote() -> None:
    """Vote: a 4 adds a vote and the next number is used; our reading counts a vote for every
    4 passed, the flagged reading (C4) one vote for a run of 4s."""
    from automa.games.glory_of_civilizations.rounds import vote_target
    assert vote_target([4, 4, 2, 1]) == (2, 2)
    assert vote_target([4, 4, 2, 1], "once") == (2, 1)
    assert vote_target([3, 4, 2, 1], "once") == (3, 0)


def test_cube_counts_on_the_screen_name_the_areas_in_the_nominative() -> None:
    """The areas the rulebook names (mill, sawmill, barracks…) read as names on the screen,
    not in the case the "put a cube on …" sentence needs."""
    s = run(new({}, deck(main=["gather"] * 4)), lambda s: bool(logged(s, "log.storage")))
    cubes = next(sec for sec in s.view()["sections"] if sec["title"]["key"].endswith("view.cubes"))
    labels = [render(r["label"]["key"], r["label"]["params"], "uk") for r in cubes["rows"]]
    assert labels == ["Млин", "Лісопилка"]


def test_castle_in_age_one_after_a_failed_city_search_is_not_asked_again() -> None:
    """"+1 castle / 1 city: in age I build a city instead" — when the city search of the row
    above has just walked all four priorities in vain, the same search cannot succeed: the
    action falls through without asking the same four questions again."""
    asked_sites: list[int] = []

    def no_site(s: object) -> bool:
        asked_sites.append(1)
        return False
    s = run(new({}, deck(main=["build_city", "build_castle", "produce", "gather"])),
            lambda s: bool(logged(s, "log.storage")), {"prompt.site_site": no_site})
    assert len(asked_sites) == 4
    assert len(logged(s, "log.impossible")) == 2
    asked = [e for e in s._log if e["action"]["key"].endswith("log.impossible")]
    assert asked[1]["action"]["params"]["why"]["key"].endswith("why.no_site")


def test_wonder_completed_side_cubes_go_on_the_wonders_hex() -> None:
    """"+2 Wonder stages": if the first stage is already built, the Wonder is turned to its
    completed side — on the hex where it stands, which the table is told (no new hex is
    searched, so "this hex" would name none). Reading ``wonder_stages = 1``."""
    s = run(new({"wonder_stages": 1}, deck(main=["build_wonder", "produce", "market", "gather"])),
            lambda s: bool(logged(s, "log.wonder_flip")), {"prompt.site_wonder": True})
    assert len(logged(s, "log.wonder_site")) == 1
    assert logged(s, "log.cubes_wonder")[0]["action"]["params"]["n"] == 3


def test_archers_after_swordsmen_take_two_cubes_on_the_barracks() -> None:
    """Action cubes: the rulebook's own example — swordsmen trained first in a round take 1
    cube on the barracks area, archers trained later that round take 2 there. Age I's "+1
    ballista / 1 archer" therefore puts the archers' cubes on the barracks area (the flagged
    reading puts them on the workshop area, as the ballista's action says)."""
    supply = iter([True, False, True])  # swordsmen; then none left, so row 2: archers
    answers = {"prompt.units_left": lambda s: next(supply, True), "prompt.site_train": True}
    cards = deck(main=["train_swordsmen", "train_ballista", "market", "gather"])

    def cube_areas(options: dict[str, str]) -> list[tuple[str, int]]:
        s = run(new(options, cards), lambda s: len(logged(s, "log.train")) >= 2, answers)
        assert logged(s, "log.archer_age1")
        return [(e["action"]["params"]["area"]["key"].rsplit(".", 1)[1],
                 e["action"]["params"]["n"]) for e in logged(s, "log.cubes")][:2]
    assert cube_areas({}) == [("barracks", 1), ("barracks", 2)]
    supply = iter([True, False, True])
    assert cube_areas({"archer_area": "workshop"}) == [("barracks", 1), ("workshop", 1)]


def test_proxy_player_decides_what_the_priorities_leave_open() -> None:
    """Card anatomy: the priority scale settles where the automa builds, trains and attacks;
    any ambiguity it leaves is the proxy player's to decide — said at setup and beside every
    priority question."""
    s = new()
    assert "you decide" in render(asked(s).ui["rule"]["key"], {}, "en")
    s = run(new({}, deck(main=["build_city", "produce", "market", "gather"])),
            at("prompt.site_site"))
    assert asked(s).ui["rule"]["key"] == f"{G}.rule.proxy_decides"


def test_storage_spent_in_the_achievement_phase_is_taken_off() -> None:
    """Achievement phase: the automa uses the resources and goods of its storage for the main
    event as far as they go (and may spend its coins): the app asks what is left of each item
    it holds, so the storage it tracks stays true."""
    answers = {"prompt.spent": True, "prompt.left": 0}
    s = run(new({"difficulty": "easy"}, deck(main=["gather"] * 4)),
            at("prompt.instant_victory"), answers)
    d = bot(s)
    assert d["storage"] == {"food": 0, "wood": 0, "weapons": 0, "mead": 0} and d["coins"] == 0
    assert logged(s, "log.spent")
    s2 = run(new({"difficulty": "easy"}, deck(main=["gather"] * 4)),
             at("prompt.instant_victory"), {"prompt.spent": False})
    assert bot(s2)["storage"]["wood"] == 6  # three gathers, then the reform


# --- The independent rulebook audit (issue 20, section B) -----------------------------------
WONDERS = deck(main=["build_wonder", "produce", "market", "gather"])


def data(s: Session) -> dict[str, Any]:
    """The automa's tracked state (tests set up positions through it)."""
    return bot(s)


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
    return run(s, lambda s: s._state["data"]["round"] == rnd and s.prompt is not None
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
    assert s._state["data"]["age"] == 2 and logged(s, "log.age_kept")
    s = _ready_in_round(s, 5)
    assert s._state["data"]["age"] == 3               # on the schedule again: age III in round 5
    s = _ready_in_round(new(), 3)
    assert s._state["data"]["age"] == 2 and logged(s, "log.age")
    s.start("correct")
    s.answer("age")
    s.answer(1)                              # still age I at the table
    s = _ready_in_round(s, 5)
    assert s._state["data"]["age"] == 1


def test_the_age_schedule_is_a_reading_the_proxy_can_switch_off() -> None:
    """Reading ``age_rule = manual``: the app never changes the age; the proxy corrects it."""
    s = _ready_in_round(new({"age_rule": "manual"}), 3)
    assert s._state["data"]["age"] == 1 and logged(s, "log.age_kept")


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
    s._state["data"]["age"] = 2
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
    s._state["data"]["age"] = 3
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


# --- issue 33, point 1 ------------------------------------------------------------------------
@pytest.mark.parametrize("explore", [False, True])
def test_a_castle_castle_city_card_with_no_free_site_goes_on_with_every_truthful_no(
        explore: bool) -> None:
    """seeds/003, the row below: "Якщо дію неможливо виконати, виконайте дію рядком нижче".
    A keyed-in card whose rows are castle, castle, city, in age II with no free site
    anywhere: every "no" is taken (none refused by a range), the castle's search is walked
    once (the second castle fails at once, its site having failed this turn), and the city's
    search is walked on its own (reading ``castle_explore`` off and on)."""
    cards = deck(main=["build_castle", "build_castle", "build_city", "gather"])
    s = run(new({"castle_explore": explore}, cards), at("prompt.ready"))
    s._state["data"]["age"] = 2  # (the age is the game's, not an automa's)
    s.answer(True)
    searched: list[str] = []

    def no(s: Session) -> bool:
        assert s.prompt is not None
        searched.append(s.prompt.params["piece"]["key"].rsplit(".", 1)[-1])
        return False
    s = run(s, lambda s: bool(logged(s, "log.storage")), {"prompt.site_site": no})
    assert searched == ["castle"] * 4 + ["city"] * 4
    assert sorted(data(s).get("failed_sites", [])) in ([], ["castle", "city"])


def test_goods_an_event_makes_beyond_its_storage_are_counted_at_the_table() -> None:
    """seeds/003: the automa "максимально використовує ресурси та вироби зі свого планшету для
    головної події … виготовити вироби (Дистиляція віскі, Секрет шовку …)". The event
    procedure takes coins and the four storage items; the goods an event makes besides
    (whisky, silk…) are said, where the procedure asks, to stay on its board at the table
    (issue 33, point 5)."""
    s = run(new({}), at("prompt.ready"))
    s.start("event_gain")
    assert s.prompt is not None
    assert s.prompt.choices == ["coins", "food", "wood", "weapons", "mead"]
    rule = s.prompt.ui["rule"]
    for lang, words in (("en", ("whisky", "silk", "at the table")),
                        ("uk", ("віскі", "шовк", "за столом"))):
        text = render(rule["key"], rule["params"], lang)
        assert all(w in text for w in words), text
