"""Rules audit of the Glory of Civilizations automa against the Ukrainian rulebook text
(seeds/003): one named test per finding, each citing the rule it holds."""

from __future__ import annotations

from glory_play import at, deck, logged, new, run

from automa.core.i18n import msg, render

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
    assert (s.prompt.params["row"], s.prompt.params["col"]) == (1, 2)
    s.answer(True)
    s = run(s, at("prompt.tech"), {"prompt.site_wonder": True})
    assert logged(s, "log.tech_taken")[0]["action"]["params"]["try"] == 1
    assert (s.prompt.params["row"], s.prompt.params["col"]) == (2, 3)


def test_taken_technologies_are_forgotten_at_the_next_round() -> None:
    """Cleanup ends the round: the app no longer assumes a spot is empty in a new round."""
    prio = [{"terrain": "meadow", "number": n, "direction": "n"} for n in (1, 2, 3, 4)]
    s = run(new({"players": 4, "difficulty": "easy"}, deck(priority=prio, free=["tech", "coins"])),
            lambda s: s._state["data"]["round"] == 2 and s.prompt is not None
            and s.prompt.key.endswith("prompt.tech"), {"prompt.tech": True})
    assert (s.prompt.params["row"], s.prompt.params["col"]) == (1, 2)


def test_suppression_discards_no_more_cubes_than_its_adversities() -> None:
    """Suppression: it tries to destroy all its adversities of the type shown — the cubes it
    discards can be at most as many as it has."""
    answers = {"prompt.has_suppress": True, "prompt.adversity_count": 2}
    s = run(new({}, deck(main=["suppress_rebels", "produce", "market", "gather"])),
            at("prompt.removed"), answers)
    assert s.prompt.bounds == (0, 2) or max(s.prompt.choices) == 2


def test_main_action_names_the_card_whose_arrow_chose_it() -> None:
    """"The arrow on the previous card points at the main action; the first card of the row
    plays the row that carries its own arrow": the table is told which card's arrow to read."""
    s = run(new({"difficulty": "easy"}), lambda s: len(logged(s, "log.planned")) >= 2)
    row = s._state["data"]["row"]
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
    assert s.prompt.ui["rule"]["key"] == f"{G}.rule.truncated"
    s.answer(True)
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
    from automa.games.glory_of_civilizations.flow import vote_target
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
    assert "you decide" in render(s.prompt.ui["rule"]["key"], {}, "en")
    s = run(new({}, deck(main=["build_city", "produce", "market", "gather"])),
            at("prompt.site_site"))
    assert s.prompt.ui["rule"]["key"] == f"{G}.rule.proxy_decides"


def test_storage_spent_in_the_achievement_phase_is_taken_off() -> None:
    """Achievement phase: the automa uses the resources and goods of its storage for the main
    event as far as they go (and may spend its coins): the app asks what is left of each item
    it holds, so the storage it tracks stays true."""
    answers = {"prompt.spent": True, "prompt.left": 0}
    s = run(new({"difficulty": "easy"}, deck(main=["gather"] * 4)),
            at("prompt.instant_victory"), answers)
    d = s._state["data"]
    assert d["storage"] == {"food": 0, "wood": 0, "weapons": 0, "mead": 0} and d["coins"] == 0
    assert logged(s, "log.spent")
    s2 = run(new({"difficulty": "easy"}, deck(main=["gather"] * 4)),
             at("prompt.instant_victory"), {"prompt.spent": False})
    assert s2._state["data"]["storage"]["wood"] == 6  # three gathers, then the reform
