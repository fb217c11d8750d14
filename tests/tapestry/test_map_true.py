"""The map twin stays true to the board (issue 42): the middle island after a trap, a mark
made while the Automa's question waits, your conquest of an Automa territory counted once,
the reminder to mark your turn, and outposts that run out — each test named after the
rulebook sentence it keeps (rulebook "Conquer opponent", "Conquer neutral", "Traps"; base
game: a player whose outposts are all on the map may not conquer)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import cast

from automa.core.savefile import load_game
from automa.core.session import Session
from automa.games.tapestry import data as tdata
from automa.games.tapestry import map as twin
from tests.tapestry.play import at_idle, data, log_keys
from tests.tapestry.test_map import _at, twin_pick


def _board(**marks: str) -> dict[str, twin.Mark]:
    board = twin.initial_map()
    board.update({h.replace("_", ",").replace("m", "-"): cast(twin.Mark, v)
                  for h, v in marks.items()})
    return board


def _mark(session: Session, hex_id: str, mark: str) -> None:
    """Two taps: the hex, then what lies on it."""
    session.start(f"map.{hex_id}")
    session.answer(mark)


# --- 1. the middle island ----------------------------------------------------------------------
def test_only_while_the_automa_can_still_gain_the_middle_island_do_the_closest_to_it_stay() -> None:
    """Rulebook "Conquer opponent", tiebreaker 1: "If the Automa can still gain the 'middle
    island' achievement, only the valid territories closest to the middle island remain
    valid." A trap you spring there leaves it yours with 2 tokens, which no one can
    conquer: the Automa can no longer gain it, whatever the achievement record says.

    The issue's case: the Automa conquers your 0,0 and you answer "trap: yes"; you mark
    1,−1 and 3,0 as yours with 1 token; the Automa conquers with tiebreaker card 10
    (pattern H9): the rulebook's hex is 3,0 (the filter would keep 1,−1, the closer)."""
    s = _at("conquer", True, "10", True, "science", _board(**{"0_0": "you1"}))
    assert twin_pick(s) == "0,0"
    s.answer(True)  # you played a trap
    assert data(s)["map"]["0,0"] == "you2"
    assert data(s)["achievements"]["middle_island"] == []  # still open on the record
    board = {**data(s)["map"], "1,-1": "you1", "3,0": "you1"}
    for card in ("10", "15"):
        assert tdata.card(card)["hex_pattern"] == "H9"
        again = _at("conquer", False, card, True, "science", board)
        assert again.prompt is not None and again.prompt.key == "tapestry.q.map_trap"
        assert twin_pick(again) == "3,0"
        steps = [step["key"] for step in again.prompt.ui["steps"]]
        assert "tapestry.map.filter.middle" not in steps
    # while it can still be conquered the filter holds: 1,−1 is the closer
    assert twin_pick(_at("conquer", False, "10", True, "science",
                         {**board, "0,0": "you1"})) == "1,-1"


def test_the_middle_island_is_open_until_held_or_yours_with_two_tokens() -> None:
    assert twin.middle_open(_board())
    assert twin.middle_open(_board(**{"0_0": "you1"}))
    for closed in ("you2", "automa1", "automa2"):
        assert not twin.middle_open(_board(**{"0_0": closed}))


# --- 2. a mark while the Automa's question waits ----------------------------------------------
def test_a_mark_made_while_the_automas_hex_waits_picks_the_hex_again_from_the_map() -> None:
    """The hex tiebreaker chooses among the valid hexes of the board as it is: a hex you
    mark while the question waits (one you forgot) changes the board, so the pick is made
    again. The issue's case: under card 7 the Automa conquers 1,0; marking 1,1 as yours
    makes 1,0 a hex next to your territory, not valid without the card's icon (rulebook
    "Conquer neutral", valid hexes 2): the pick moves where the rule says."""
    assert not tdata.card("7")["toppled_outpost"]
    s = _at("conquer", False, "7", True, "science", _board())
    assert s.prompt is not None and s.prompt.key == "tapestry.q.map_place"
    assert twin_pick(s) == "1,0"
    rotation = s.prompt.params["rotation"]
    _mark(s, "1,1", "you1")
    expected = twin_pick(_at("conquer", False, "7", True, "science", _board(**{"1_1": "you1"})))
    assert s.prompt is not None and s.prompt.key == "tapestry.q.map_place"
    assert twin_pick(s) == expected == "1,-1"
    assert s.prompt.params["rotation"] == rotation  # the tile turns as rolled before
    assert data(s)["map"]["1,0"] == "empty" and data(s)["map"]["1,1"] == "you1"
    s.answer(True)
    assert data(s)["map"]["1,-1"] == "automa1" and data(s)["territories"] == 2
    assert log_keys(s)[-1] == "tapestry.log.map_neutral"


def test_an_explore_is_picked_again_after_a_mark_and_undo_brings_the_first_pick_back() -> None:
    s = _at("explore", False, "7", True, "science", _board())
    first = twin_pick(s)
    assert first is not None
    _mark(s, first, "tile")  # you explored it yourself
    second = twin_pick(s)
    assert second not in (None, first)
    assert second == twin_pick(_at("explore", False, "7", True, "science",
                                   _board(**{first.replace(",", "_").replace("-", "m"): "tile"})))
    s.undo()
    s.undo()
    assert twin_pick(s) == first


def test_a_trap_question_becomes_a_neutral_conquest_when_your_territory_is_marked_away() -> None:
    """Rulebook "Conquer": your territory if the Automa can legally conquer one, else a
    neutral hex — decided again from the map after a mark."""
    s = _at("conquer", False, "7", True, "science", _board(**{"1_0": "you1"}))
    assert s.prompt is not None and s.prompt.key == "tapestry.q.map_trap"
    _mark(s, "1,0", "you2")  # it holds 2 of your tokens: no one can conquer it
    assert s.prompt is not None and s.prompt.key == "tapestry.q.map_place"


def test_a_save_waiting_on_a_picked_hex_replays_with_its_mark() -> None:
    s = at_idle(2, 4, map=True)
    for _ in range(60):
        p = s.prompt
        assert p is not None
        if p.key in ("tapestry.q.map_explore", "tapestry.q.map_place"):
            break
        s.answer(True if p.kind in ("confirm", "scan") else p.default
                 if p.default is not None else p.choices[0])
    else:
        raise AssertionError("no hex picked within 60 answers")
    picked = twin_pick(s)
    assert picked is not None
    _mark(s, picked, "you1")
    back = load_game(s.to_json())
    assert not back.history_dropped and back.state == s.state


# --- 3. your conquest of an Automa territory --------------------------------------------------
def test_conquering_an_automa_territory_is_one_mark_and_counts_once() -> None:
    """Rulebook "Traps": if you conquer a territory the Automa controls and it has tapestry
    cards beside its mat, discard them at random until a trap shows or none are left. With
    the map the conquest is the mark: it asks that, and the count is read from the map."""
    s = at_idle(2, 4, map=True)
    _mark(s, "1,0", "automa1")
    assert data(s)["territories"] == 2
    data(s)["tapestry_held"] = 0
    assert "you_conquer_automa" in [p["id"] for p in s.procedures]
    _mark(s, "1,0", "you2")  # no tapestry card: the conquest stands, nothing asked
    assert s.prompt is not None and s.prompt.key == "tapestry.q.bots_turn"
    assert data(s)["map"]["1,0"] == "you2" and data(s)["territories"] == 1
    assert "tapestry.log.map_conquest" in log_keys(s)
    # the procedure is not offered for a conquest the map already shows
    assert "you_conquer_automa" not in [p["id"] for p in s.procedures]
    assert "territories" not in [c.id for c in s.game.corrections(s._ctx(), s.phase)]


def test_a_trap_keeps_the_territory_for_the_automa_your_outpost_toppled_on_it() -> None:
    """Rulebook "Traps": "If that card was a trap, the Automa retains control of the
    territory and your outpost enters play toppled." """
    s = at_idle(2, 4, map=True)
    _mark(s, "1,0", "automa1")
    data(s)["tapestry_held"] = 2
    _mark(s, "1,0", "you1")
    assert s.prompt is not None and s.prompt.key == "tapestry.q.reveal_tapestry"
    s.answer(False)  # not a trap: the next card
    assert s.prompt is not None and s.prompt.key == "tapestry.q.reveal_tapestry"
    s.answer(True)  # a trap
    assert s.prompt is not None and s.prompt.key == "tapestry.q.trap_sprung"
    s.answer(True)
    assert data(s)["map"]["1,0"] == "automa2" and data(s)["territories"] == 2
    assert data(s)["tapestry_held"] == 0 and data(s)["procedure"] is None
    assert s.prompt is not None and s.prompt.key == "tapestry.q.bots_turn"


def test_with_the_map_the_conquest_procedure_asks_which_territory_then_the_trap() -> None:
    s = at_idle(2, 4, map=True)
    _mark(s, "1,0", "automa1")
    data(s)["tapestry_held"] = 1
    s.start("you_conquer_automa")
    assert s.prompt is not None and s.prompt.key == "tapestry.q.which_automa_territory"
    assert s.prompt.choices == ["1,0"]  # its start holds 2 outposts: not conquerable
    s.answer("1,0")
    s.answer(False)  # its one card was no trap
    assert data(s)["map"]["1,0"] == "you2" and data(s)["territories"] == 1
    assert s.prompt is not None and s.prompt.key == "tapestry.q.bots_turn"


# --- 4. marking your turn ---------------------------------------------------------------------
def test_between_turns_the_map_is_folded_to_a_line_that_asks_for_your_turn_and_a_mark_opens_it(
) -> None:
    """The bots' turn comes first on the screen; the map's line reminds you to mark your
    explores and conquests (the Automa reads the map as marked); once you mark, the map
    stays open. A hex question says that a forgotten hex can still be marked."""
    s = at_idle(2, 4, map=True)
    p = s.prompt
    assert p is not None and p.ui["board_fold"]["key"] == "tapestry.map.fold"
    assert not p.ui.get("board_open")
    _mark(s, "1,1", "tile")
    assert s.prompt is not None and s.prompt.ui.get("board_open") is True
    picked = _at("explore", False, "7", True, "science", _board()).prompt
    assert picked is not None and picked.ui["board"]["tap"] is True
    assert picked.ui["steps"][-1]["key"] == "tapestry.map.forgot"


# --- 5. outposts run out ----------------------------------------------------------------------
def test_once_all_its_outposts_are_on_the_map_the_automa_may_not_conquer() -> None:
    """Base game: once all of a player's outposts are on the map, that player may not
    conquer; the Automa follows the base rules where its own say nothing else. It has 10,
    one beside its favourite track: 9 on the map (2 on its start) stop its conquests."""
    held = {h: "automa1" for h in ("1,0", "1,-1", "2,1", "3,0", "3,1", "2,-1")}
    board = _board(**{h.replace(",", "_").replace("-", "m"): v for h, v in held.items()})
    assert twin.automa_outposts(board) == 8
    assert twin_pick(_at("conquer", False, "7", True, "science", board)) is not None
    board["0,-1"] = "you2"  # a trap you sprung there: its outpost lies toppled on yours
    assert twin.automa_outposts(board) == 9 == twin.ON_THE_MAP
    s = _at("conquer", False, "7", True, "science", board)
    assert s.prompt is None and log_keys(s)[-1] == "tapestry.log.no_outposts"
    # exploring takes no outpost
    assert twin_pick(_at("explore", True, "7", True, "science", board)) is not None



# --- saves of the map made before these changes (frozen: commit f031102) -----------------------
SAVES = Path(__file__).resolve().parent / "saves_f031102"


def test_a_map_game_saved_between_turns_before_these_changes_replays_with_its_history() -> None:
    """The Automa's placements now wait for your confirmation, but a game saved past them
    replays to the same state: its answers lead where they led."""
    back = load_game((SAVES / "map_at_idle.json").read_text())
    assert not back.history_dropped and back.can_undo and not back.warnings
    assert back.prompt is not None and back.prompt.key == "tapestry.q.bots_turn"
    assert back.prompt.ui["board_fold"]["key"] == "tapestry.map.fold"


def test_a_map_game_saved_at_a_hex_question_opens_there_and_its_answer_stands() -> None:
    """Saved while the trap question waited (the Automa's hex picked and drawn as then):
    it opens from its checked snapshot on that question, says that the answers before it
    can no longer be undone, and the answer carries out the conquest."""
    back = load_game((SAVES / "map_at_trap.json").read_text())
    assert back.history_dropped
    assert [w["key"] for w in back.warnings] == ["warning.save.history_dropped"]
    assert back.prompt is not None and back.prompt.key == "tapestry.q.map_trap"
    hex_id = back.state["pending"]["args"]["hex"]
    back.answer(False)
    assert data(back)["map"][hex_id] == "automa2"
    assert data(back)["territories"] == twin.automa_territories(data(back)["map"])


def test_a_conquest_of_yours_begun_before_it_was_a_mark_counts_from_the_map() -> None:
    """Saved inside "You conquer an Automa territory" after the hex was marked yours (the
    double count of the issue): the trap check goes on, and the count is the map's."""
    back = load_game((SAVES / "map_conquest_begun.json").read_text())
    assert back.prompt is not None and back.prompt.key == "tapestry.q.reveal_tapestry"
    back.answer(False)  # not a trap; no card left: the conquest stands
    assert back.prompt is not None and back.prompt.key == "tapestry.q.conquest_stands"
    assert data(back)["territories"] == twin.automa_territories(data(back)["map"]) == 1
    back.answer(True)
    assert back.prompt is not None and back.prompt.key == "tapestry.q.bots_turn"


def test_the_map_screens_pass_the_shells_allowlist_for_a_stored_screen() -> None:
    """The map folded and open between turns, and at a hex question (filled and ringed):
    a stored screen holds our tags and attributes only, or the shell shows none of it."""
    import automa.render as cards
    from automa.app import present, views
    from automa.app.html import Safe, trusted
    from automa.app.screens import SCREEN_ATTRS, SCREEN_TAGS
    from tests.app.test_screens import Markup

    def draw(game: str, card: str, highlight: Sequence[str]) -> Safe | None:
        return trusted(cards.card_svg(game, card, (), "en"))

    folded = at_idle(2, 4, map=True)
    opened = at_idle(2, 4, map=True)
    _mark(opened, "1,1", "tile")
    picked = _at("conquer", False, "7", True, "science", _board())
    found = Markup()
    for session in (folded, opened, picked):
        view = present.play(session, "en")
        for part in views.first_parts(view, present.Words("en"), draw):
            found.feed(str(part))
    assert {"details", "summary", "polygon"} <= found.tags <= set(SCREEN_TAGS)
    assert {"open", "fill-opacity"} <= found.attrs <= set(SCREEN_ATTRS), \
        found.attrs - set(SCREEN_ATTRS)
