"""Two automas in one game (seeds/003, its first lines: "Можна додати одну або дві автоми
навіть до гри з декількома гравцями"): each its own row, deck and mat, one round, turns in
seat order, passing and the first player as the rulebook's "passing" paragraph says, one
achievement phase, and both scores kept."""

from __future__ import annotations

import re

import pytest

import automa
from automa.app import game_records, home_views, present, views
from automa.app.record_present import Words4Records
from automa.core.i18n import render
from automa.core.session import Session
from automa.games.glory_of_civilizations.state import turn_label
from tests.glory_of_civilizations.play import G, at, bot, deck, default_answer, logged, new, run

TWO = {"automas": 2, "players": 3, "difficulty": "easy"}


def turn_prompt(s: Session) -> int | None:
    """The automa (1, 2) whose turn the app waits for, or None."""
    p = s.prompt
    if p is None or not p.key.endswith(("prompt.ready_n", "prompt.ready_pass_n")):
        return None
    return int(p.params["automa"]["params"]["n"])


def turns_of_round(s: Session, someone_passed: bool = False) -> list[int]:
    """Play the current round's automa turns (every question by default, "has a player
    passed before?" as given) up to the achievement phase; the automas in turn order."""
    order: list[int] = []
    while s.prompt is not None and not s.prompt.key.endswith("prompt.others_pass_n"):
        n = turn_prompt(s)
        if n is not None:
            order.append(n)
        answer = someone_passed if s.prompt.key.endswith("someone_passed_n") \
            else default_answer(s)
        s.answer(answer)
    return order


def test_one_or_two_automas_can_be_added_even_to_a_game_with_several_players() -> None:
    """"Можна додати одну або дві автоми навіть до гри з декількома гравцями": the option
    offers 1 (the default) or 2; two automas get a record each, their own 12 cards, deck,
    row and discard, and the setup tells the table how to seat them."""
    spec = next(o for o in automa.games() if o["id"] == G)["options"]
    automas = next(o for o in spec if o["id"] == "automas")
    assert automas["choices"] == [1, 2] and automas["default"] == 1
    s = new({**TWO, "players": 5})
    assert logged(s, "setup.seats")
    s.answer(True)
    data = s._state["data"]
    assert len(data["automas"]) == 2
    first, second = (set(s._ctx().piles[p].cards) | set(s._ctx().piles[q].cards)
                     | set(s._ctx().piles[r].cards)
                     for p, q, r in (("deck", "row", "discard"), ("deck2", "row2", "discard2")))
    assert len(first) == len(second) == 12 and not first & second
    assert bot(s, 0)["row"] and bot(s, 1)["row"] and bot(s, 0)["row"] != bot(s, 1)["row"]
    assert [e["actor"] for e in logged(s, "log.twelve_cards")] == ["automa1", "automa2"]
    assert [e["actor"] for e in logged(s, "log.row")] == ["automa1", "automa2"]


def test_a_keyed_in_deck_too_small_for_two_is_split_evenly() -> None:
    """Two automas share the one box: with fewer than 24 cards each takes half (our
    reading; 12 each from a full box)."""
    s = new(TWO, deck(14))
    s.answer(True)
    ctx = s._ctx()
    held = [sum(len(ctx.piles[f"{p}{suffix}"]) for p in ("deck", "row", "discard"))
            for suffix in ("", "2")]
    assert held == [7, 7] and len(ctx.piles["box"]) == 0


def test_each_automa_takes_its_turns_in_seat_order() -> None:
    """The automas' turns go round the table: Automa 1, Automa 2, Automa 1… each activating
    the first face-up card of its own row, the log naming which automa did what."""
    s = new(TWO)
    s.answer(True)
    assert turn_prompt(s) == 1
    order = turns_of_round(s)
    assert order == [1, 2] * 5            # 4 cards each (easy), then each one's pass
    actors = {e["actor"] for e in logged(s, "log.activate")}
    assert actors == {"automa1", "automa2"}
    assert bot(s, 0)["activated"] == bot(s, 1)["activated"] == 4


def test_when_its_turn_comes_and_every_card_is_activated_the_automa_passes() -> None:
    """"Коли приходить черга автоми виконувати хід і всі карти в ряді вже активовані …,
    автома робить пас": each automa passes on its own turn once its own row is done; the
    round waits for the others only when both have passed."""
    s = run(new(TWO), at("prompt.someone_passed_n"))
    assert bot(s, 0)["passed"] and not bot(s, 1)["passed"]
    s.answer(False)
    assert turn_prompt(s) == 2 and s.prompt is not None
    assert s.prompt.key.endswith("prompt.ready_pass_n")
    s.answer(True)
    assert bot(s, 1)["passed"]
    assert s.prompt is not None and s.prompt.key.endswith("prompt.others_pass_n")


def test_thus_the_automa_takes_as_many_turns_each_round() -> None:
    """"Таким чином, автома виконує стільки ж ходів у кожному раунді": each automa takes
    one turn per card of its row and one to pass, every round, whoever opens it."""
    s = new(TWO)
    s.answer(True)
    for _ in range(3):
        order = turns_of_round(s)
        assert order.count(1) == order.count(2) == 5
        run(s, at("prompt.ready_n"))


def test_if_it_passes_first_it_becomes_first_player() -> None:
    """"якщо вона спасує першою, то стає першим гравцем": Automa 1 passes first (no player
    passed before it) and takes the first-player token; Automa 2 passes after it and is not
    asked — it is not first; the token stays with Automa 1."""
    s = run(new(TWO), at("prompt.someone_passed_n"))
    s.answer(False)
    assert bot(s, 0)["first_player"] and logged(s, "log.first_player")[-1]["actor"] == "automa1"
    s.answer(True)                         # Automa 2's turn: its pass
    assert not bot(s, 1)["first_player"] and bot(s, 0)["first_player"]
    assert [e["actor"] for e in logged(s, "log.not_first")] == ["automa2"]
    assert not any(p.key.endswith("someone_passed_n") for p in [s.prompt] if p)


def test_the_first_player_automa_opens_the_next_round() -> None:
    """The one that passed first is first player: in the next round the automas' turns
    start with it, then go on in seat order — Automa 2 first, then Automa 1."""
    s = new(TWO)
    s.answer(True)
    turns_of_round(s)
    # as if Automa 2 had passed first in round 1 (set up through the state, as the table
    # would have it with a shorter row of Automa 2's)
    s._state["data"]["automas"][0]["first_player"] = False
    s._state["data"]["automas"][1]["first_player"] = True
    s.answer(True)                         # everyone passed: the achievement phase
    s = run(s, lambda s: turn_prompt(s) is not None)
    assert s._state["data"]["round"] == 2 and turn_prompt(s) == 2
    assert turns_of_round(s) == [2, 1] * 5


def test_with_a_player_first_the_round_opens_with_automa_1() -> None:
    """A player (not an automa) passed first: no automa is first player, and the next round
    opens with Automa 1 (the automas sit side by side, Automa 1 first: our reading)."""
    s = new(TWO)
    s.answer(True)
    turns_of_round(s, someone_passed=True)
    assert not bot(s, 0)["first_player"] and not bot(s, 1)["first_player"]
    s = run(s, lambda s: s._state["data"]["round"] == 2 and turn_prompt(s) is not None)
    assert turn_prompt(s) == 1


def test_one_achievement_phase_with_each_automas_vote_and_glory() -> None:
    """One achievement phase for the table: each automa's list and vote in seat order (the
    log names which automa votes how and why), then each one's Glory and spending."""
    s = new(TWO)
    s.answer(True)
    turns_of_round(s)
    s.answer(True)
    assert s.prompt is not None and s.prompt.key.endswith("prompt.achievements_n")
    assert [e["actor"] for e in logged(s, "log.vote")] == ["automa1", "automa2"]
    [vote] = [t for t in s.turn_summary() if t["key"].endswith("achievement_n.vote")]
    assert [c["actor"] for c in vote["params"]["each_bot"]] == ["automa1", "automa2"]
    s.answer(True)
    asked = []
    while s.prompt is not None and not s.prompt.key.endswith("instant_victory"):
        if s.prompt.key.endswith("phase_glory_n"):
            asked.append(s.prompt.params["automa"]["params"]["n"])
            s.answer(2)
            continue
        s.answer(default_answer(s))
    assert asked == [1, 2]
    assert bot(s, 0)["glory"] >= 2 and bot(s, 1)["glory"] >= 2


def test_a_game_with_two_automas_plays_to_its_end_and_keeps_both_scores() -> None:
    """Six rounds to the end; the end screen and the record hold each automa's Glory by name
    (its sources: record format 1 already keeps named scores, so records of older and newer
    versions read each other unchanged); the higher one is the score to beat."""
    s = run(new({**TWO, "difficulty": "medium"}), lambda s: False,
            {"prompt.phase_glory_n": lambda s: 3 * s._state["data"]["seat"] + 1})
    assert s.finished and s._state["data"]["round"] == 6
    final = s.final_score()
    assert final is not None
    glory = [bot(s, 0)["glory"], bot(s, 1)["glory"]]
    assert final["sources"] == {"automa1": glory[0], "automa2": glory[1]}
    assert final["total"] == max(glory)
    record = game_records.of_session(s, "g-1", 1.0)
    assert record is not None and record.bot_total == max(glory)
    assert record.bot_sources == {"automa1": glory[0], "automa2": glory[1]}
    assert record.humans == 1                 # 3 players, 2 of them automas
    assert game_records.parse(record.text()) == record
    assert [e["actor"] for e in logged(s, "log.game_end")] == ["automa1", "automa2"]
    for lang, names in (("en", ["Automa 1", "Automa 2"]), ("uk", ["Автома 1", "Автома 2"])):
        end = Words4Records({g["id"]: g for g in automa.games()},
                            present.Words(lang)).end(record, str)
        assert end["sources"] == []  # each automa's Glory by name in the bot's line
        assert [part.split(":")[0] for part in end["bot"].split(" · ")] == names


def test_each_automas_turn_is_a_turn_of_its_own_and_the_numbers_only_grow() -> None:
    """With two automas each one's turn has its own number (its board list is its own, never
    the other's), named by the automa; the numbers only grow (a save's log is checked so),
    whichever automa opens the round."""
    s = new(TWO)
    s.answer(True)
    turns_of_round(s)
    s._state["data"]["automas"][0]["first_player"] = False
    s._state["data"]["automas"][1]["first_player"] = True   # Automa 2 opens round 2
    s = run(s, lambda s: s._state["data"]["round"] == 3)
    numbers = [e["turn"] for e in s._log]
    assert numbers == sorted(numbers)
    for e in logged(s, "log.activate"):
        label = turn_label(e["turn"])
        assert label is not None
        assert label["params"]["automa"]["params"]["n"] == int(e["actor"][-1])
        same = [x for x in s._log if x["turn"] == e["turn"] and x.get("table")]
        assert {x["actor"] for x in same} == {e["actor"]}
    # the position was set up by hand, so it opens from its snapshot: the log's turns pass
    # the snapshot check
    loaded = automa.load_game(s.to_json())
    assert loaded.history_dropped and loaded.turn == s.turn


# --- on screen --------------------------------------------------------------------------------
@pytest.mark.parametrize(("lang", "two"), [("en", "2 Automas"), ("uk", "2 Автоми")])
def test_the_new_game_form_offers_one_or_two_automas(lang: str, two: str) -> None:
    """The choice comes from the game's options: two radio buttons, one Automa checked."""
    game = next(g for g in automa.games() if g["id"] == G)
    html = str(home_views.new_game(game, present.Words(lang)))
    assert html.count('data-option="automas"') == 2 and two in html
    assert re.search(r'data-option="automas" checked', html) or \
        re.search(r'checked[^>]*data-option="automas"', html)


@pytest.mark.parametrize(("lang", "first", "second"),
                         [("en", "Automa 1’s row", "Automa 2’s row"),
                          ("uk", "Автома 1: ряд", "Автома 2: ряд")])
def test_each_automa_and_its_row_are_named_on_screen(lang: str, first: str,
                                                     second: str) -> None:
    """Two labelled strips (each automa's row as it lies), each automa's sections named,
    the head naming whose turn it was."""
    s = new(TWO)
    s.answer(True)
    s.answer(True)                          # Automa 1's first turn
    v = present.play(s, lang)
    assert [r["label"] for r in v["rows"]] == [first, second]
    assert [c["card"] for c in v["rows"][0]["cards"] if c["card"]] == \
        bot(s, 0)["row"][:4]
    html = str(views.row_strip(v, present.Words(lang), lambda *a: None))
    assert html.count('class="panel row-strip"') == 2 and first in html and second in html
    titles = [sec["title"] for sec in v["sections"]]
    name = "Automa" if lang == "en" else "Автома"
    assert f"{name} 1" in titles and f"{name} 2" in titles
    assert v["head"].startswith(f"{name} 1")


def test_the_achievement_phase_shows_what_is_the_same_once_and_what_differs_side_by_side(
        ) -> None:
    """Issue 43, item 2: the phase was one "Done" over 24 board lines, 10 of each automa's 12
    alike. Now the list is the phase's 13 steps once, for both automas; the two lines that
    differ (the vote, what each has to spend on the main event) give each automa's part
    side by side, named; the question no longer spells the votes out a second time."""
    s = new(TWO)
    s.answer(True)
    turns_of_round(s)
    s.answer(True)
    lines = s.turn_summary()
    assert len(lines) == 13 and {t["actor"] for t in lines} == {"automas"}
    apart = {t["key"].rsplit(".", 1)[-1]: t["params"]["each_bot"] for t in lines
             if "each_bot" in t["params"]}
    assert set(apart) == {"vote", "main_event"}
    for each in apart.values():
        assert [c["actor"] for c in each] == ["automa1", "automa2"]
    view = present.play(s, "en")
    vote, spend = [line for line in view["summary"] if line["each"]]
    assert vote["text"].startswith("Votes:") and spend["text"].startswith("Main event:")
    assert vote["actor"] == "Both Automas"
    assert [name for name, _ in vote["each"]] == ["Automa 1", "Automa 2"]
    assert all(text.startswith("event card ") for _, text in vote["each"])
    assert all("coins" in text for _, text in spend["each"])
    assert "event card" not in view["question"]["lead"]
    html = views.summary(view, present.Words("en"))
    assert html.count('class="each-cell"') == 4


def test_turn_questions_name_the_automa_they_ask_about() -> None:
    """Issue 43, item 2: with two automas the turn's questions said "the Automa" ("Does the
    Automa's supply…", "The Automa has passed" after both passed). Each names the one it is
    about now; a game of one automa reads as before."""
    seen: dict[str, set[int]] = {}
    s = new({**TWO, "difficulty": "easy"},
            deck(main=["train_swordsmen", "build_city", "market", "gather"]))
    s.answer(True)
    while s.prompt is not None and s._state["data"]["round"] == 1:
        p = s.prompt
        if "automa" in p.params and p.key.endswith("_n"):
            seen.setdefault(p.key.rsplit(".", 1)[-1], set()).add(
                p.params["automa"]["params"]["n"])
        text = render(p.key, p.params, "en")
        assert "the Automa" not in text and "The Automa" not in text, text
        s.answer(default_answer(s))
    assert {"explore_first_n", "site_site_n", "units_left_n"} <= set(seen), seen
    assert seen["explore_first_n"] == {1, 2}


def test_a_save_of_version_4_waiting_on_a_question_about_an_automa_keeps_its_history() -> None:
    """Game version 5 names the automa in its questions (a new message id, ``…_n``, and the
    parameter ``automa``): the migration renames the question a version-4 save waits on, so
    its answers still replay to it and its undo history is kept."""
    import json

    from automa.core.savefile import load_game
    from automa.games.glory_of_civilizations.state import NAMED_N

    s = new({**TWO, "difficulty": "easy"},
            deck(main=["train_swordsmen", "build_city", "market", "gather"]))
    s.answer(True)
    s = run(s, lambda s: s.prompt is not None and s.prompt.key.endswith("units_left_n")
            and s.prompt.params["automa"]["params"]["n"] == 2)
    saved = json.loads(s.to_json())
    old = json.loads(json.dumps(saved))
    old["game_version"] = 4
    prompt = old["snapshot"]["prompt"]
    prompt["key"] = prompt["key"].removesuffix("_n")
    del prompt["params"]["automa"]
    assert prompt["key"].rsplit(".", 1)[-1] in NAMED_N
    back = load_game(json.dumps(old))
    assert not back.history_dropped and back.warnings == []
    assert s.prompt is not None and back.prompt is not None
    assert back.prompt.key == s.prompt.key
    assert back.prompt.params == s.prompt.params


def test_two_automas_need_a_person_at_the_table_but_a_game_saved_so_plays_on() -> None:
    """seeds/003, its second line: each automa is run by a proxy player, a person. A new
    game of two automas and 2 players (automas included) is refused by name; one an earlier
    release started so still opens and plays on (one human, as before)."""
    from automa.core.errors import InvalidOption
    from automa.core.game import find_game
    from automa.core.savefile import load_game

    with pytest.raises(InvalidOption) as refused:
        new({"automas": 2, "players": 2})
    assert refused.value.key == f"{G}.error.proxy_players"
    assert "at least 3 players" in refused.value.message("en")
    assert "щонайменше 3 гравців" in refused.value.message("uk")
    assert new({"automas": 2, "players": 3}).prompt is not None
    game = find_game(G)
    old = Session(game, game.resolve_options({"automas": 2, "players": 2}), 5)
    old.answer(True)
    back = load_game(old.to_json())
    assert back.prompt is not None and not back.history_dropped
