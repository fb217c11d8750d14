"""The map twin (the ``map`` option): the rulebook's distance, filters and hex tiebreaker on
the app's map, checked against the rulebook's example and against today's question flow
answered truthfully from the same map (rulebook "The hex tiebreaker", "Distance",
"Conquer", "Conquer opponent", "Conquer neutral", "Explore")."""

from __future__ import annotations

import copy
import json
import random
from collections import deque
from pathlib import Path
from typing import Any

import pytest

from automa.core.game import find_game
from automa.core.prompts import Prompt
from automa.core.savefile import load_game
from automa.core.session import Session
from automa.games.tapestry import data as tdata
from automa.games.tapestry import map as twin
from tests.tapestry.play import at_idle, data, default_answer, new, piles, run_until

TRIALS = 10_000
"""Random maps in the differential test (the issue asks for at least 10,000)."""


# --- the rulebook's words, a second time, for the truthful answerer ---------------------------
def _screen(h: str) -> tuple[int, int]:
    spec = tdata.hexes()[h]
    return spec["x"], spec["y"]


def _touching(h: str, other: str) -> bool:
    """Neighbours read off the drawing: one column over and half a hex down or up, or the
    same column and one hex down or up."""
    (x1, y1), (x2, y2) = _screen(h), _screen(other)
    return (abs(x1 - x2) == 1 and abs(y1 - y2) == 1) or (x1 == x2 and abs(y1 - y2) == 2)


HEXES = list(tdata.hexes())
AROUND = {h: [o for o in HEXES if _touching(h, o)] for h in HEXES}


def _blocks(mark: str) -> bool:
    """A path cannot run through an Automa outpost nor through 2 of your tokens."""
    return mark.startswith("automa") or mark == "you2"


def _steps_between(board: dict[str, twin.Mark], start: str, goal: str) -> float:
    """Fewest hexes from ``start`` to ``goal``, the hexes between them conquerable."""
    seen = {start: 0}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        if here == goal:
            return seen[here]
        if here != start and _blocks(board[here]):
            continue
        for n in AROUND[here]:
            if n not in seen:
                seen[n] = seen[here] + 1
                todo.append(n)
    return float("inf")


def _near(board: dict[str, twin.Mark], hexes: list[str], targets: list[str]) -> list[float]:
    return [min((_steps_between(board, t, h) for t in targets), default=float("inf"))
            for h in hexes]


def _keep_closest(board: dict[str, twin.Mark], hexes: list[str], targets: list[str]) -> list[str]:
    far = _near(board, hexes, targets)
    best = min(far, default=float("inf"))
    if best == float("inf"):
        return hexes
    return [h for h, d in zip(hexes, far, strict=True) if d == best]


def _keep_furthest(board: dict[str, twin.Mark], hexes: list[str], targets: list[str]) -> list[str]:
    far = _near(board, hexes, targets)
    best = max(far, default=0)
    return [h for h, d in zip(hexes, far, strict=True) if d == best]


class Truthful:
    """A player who answers today's questions from a map and follows each question's steps
    (``ui["steps"]``) and pattern (``ui["pattern"]``) to the hex they name."""

    def __init__(self, board: dict[str, twin.Mark]) -> None:
        self.board = board
        self.reached: str | None = None

    def _automa_next_to(self, h: str, anywhere: bool) -> bool:
        return anywhere or any(self.board[n].startswith("automa") for n in AROUND[h])

    def _yours(self, tokens: tuple[str, ...] = ("you1", "you2")) -> list[str]:
        return [h for h in HEXES if self.board[h] in tokens]

    def opponent(self, anywhere: bool) -> list[str]:
        return [h for h in HEXES if self.board[h] == "you1" and self._automa_next_to(h, anywhere)]

    def neutral(self, anywhere: bool, adjacent_ok: bool) -> list[str]:
        return [h for h in HEXES if self.board[h] in ("empty", "tile")
                and self._automa_next_to(h, anywhere)
                and (adjacent_ok or not any(self.board[n].startswith("you") for n in AROUND[h]))]

    def follow(self, prompt: Prompt) -> str | None:
        """The hex the question's steps lead to, step by step."""
        anywhere = prompt.params.get("where", {}).get("key", "").endswith("anywhere") \
            or self.anywhere
        hexes: list[str] = []
        for step in prompt.ui.get("steps") or []:
            key = step["key"].removeprefix("tapestry.")
            if key == "step.conquer_opponent.valid":
                hexes = self.opponent(anywhere)
            elif key == "step.conquer_neutral.valid":
                hexes = self.neutral(anywhere, adjacent_ok=True)
            elif key == "rule.adjacent_not_ok":
                hexes = [h for h in hexes if h in self.neutral(anywhere, adjacent_ok=False)]
            elif key == "step.explore.valid":
                hexes = [h for h in HEXES if self.board[h] == "empty"
                         and self._automa_next_to(h, anywhere)]
            elif key == "rule.middle_filter" and self.middle_conquerable():
                hexes = _keep_closest(self.board, hexes, ["0,0"])
            elif key == "step.conquer_neutral.closest":
                hexes = _keep_closest(self.board, hexes,
                                      self._yours(("you1",)) or self._yours())
            elif key == "rule.furthest_filter":
                hexes = _keep_furthest(self.board, hexes, self._yours())
            elif key.endswith(".walk"):
                return next((h for h in prompt.ui["pattern"]["order"] if h in hexes), None)
        raise AssertionError(f"no walk in {prompt.key}")

    anywhere = False

    def middle_conquerable(self) -> bool:
        """The Automa can still gain the middle island only while someone can conquer it:
        not once it holds it, nor once it is yours with 2 tokens."""
        return self.board["0,0"] in ("empty", "tile", "you1")

    def outposts_left(self, limit: int = 9) -> bool:
        """Whether fewer than ``limit`` of the Automa's outposts are on the map (9 at most:
        10 in the box, one beside its favourite track): 1 on each of its territories, 2 on
        its start (3/5), 1 toppled on each of your territories with 2 tokens but your start
        (2/4)."""
        placed = sum(1 for h in HEXES if self.board[h].startswith("automa")) \
            + (self.board["2,0"] == "automa2") \
            + sum(1 for h in HEXES if self.board[h] == "you2" and h != "0,2")
        return placed < limit

    def __call__(self, prompt: Prompt) -> Any:
        key = prompt.key.removeprefix("tapestry.")
        if key == "q.conquer_case" and not self.outposts_left():
            return "none"
        if key == "q.conquer_case":
            self.anywhere = prompt.params["where"]["key"].endswith("anywhere")
            icon = prompt.ui["rule"]["params"]["adjacent"]["key"]
            adjacent_ok = icon == "tapestry.rule.adjacent_ok"
            if self.opponent(self.anywhere):
                return "opponent"
            return "neutral" if self.neutral(self.anywhere, adjacent_ok) else "none"
        if key in ("q.conquer_opponent", "q.conquer_neutral_scan", "q.explore_scan"):
            self.reached = self.follow(prompt)
            return False if key == "q.conquer_opponent" else self.reached is not None
        if key == "q.is_middle_island":
            return self.reached == "0,0"
        return default_answer(prompt)


# --- the situation of one trial ---------------------------------------------------------------
def random_map(rng: random.Random) -> dict[str, twin.Mark]:
    """Any map a game may show, from nearly empty to nearly full: each trial draws how
    likely each mark is, then a mark for every hex (a pre-printed hex is never empty)."""
    weights = {m: rng.random() ** 2 + 0.01 for m in twin.MARKS}
    board = {h: rng.choices(twin.marks_for(h), [weights[m] for m in twin.marks_for(h)])[0]
             for h in HEXES}
    cap = rng.randint(3, 9)  # the Automa's outposts on the map: 9 at most (then all are)
    while not Truthful(board).outposts_left(limit=cap + 1):
        board[rng.choice([h for h in HEXES if board[h].startswith("automa")
                          or board[h] == "you2"])] = "tile"
    return board


_IDLE: dict[str, Any] = {}


def _idle_state() -> dict[str, Any]:
    if not _IDLE:
        _IDLE.update(json.loads(json.dumps(at_idle(2, 4).state)))
    return copy.deepcopy(_IDLE)


def _at(procedure: str, anywhere: bool, card: str, middle_open: bool, fav: str,
        board: dict[str, twin.Mark] | None) -> Session:
    """A session about to carry out ``procedure`` with ``card`` as the tiebreaker card."""
    state = _idle_state()
    if board is not None:
        state["options"]["map"] = True
        state["data"]["map"] = dict(board)
    state["data"]["fav"]["automa"] = fav
    state["data"]["achievements"]["middle_island"] = [] if middle_open else ["automa"]
    track = next(c for c in tdata.card_ids() if c != card)
    for pile in state["piles"].values():
        pile["cards"] = [c for c in pile["cards"] if c not in (card, track)]
    state["piles"]["pair"]["cards"] = [track, card]
    state["phase"] = "bots"
    state["prompt"], state["pending"] = None, None
    state["stack"] = [{"step": procedure, "args": {"anywhere": anywhere}}]
    session = Session(find_game("tapestry"), state["options"], state["seed"])
    session._state = state
    session._run()
    return session


def twin_pick(session: Session) -> str | None:
    """The hex the app picked with the map (None: the action was skipped)."""
    prompt = session.prompt
    if prompt is None or not prompt.key.startswith("tapestry.q.map_"):
        return None
    return str(prompt.ui["board"]["pick"])


def todays_pick(session: Session, board: dict[str, twin.Mark]) -> str | None:
    """The hex today's questions reach when answered truthfully from ``board``."""
    player = Truthful(board)
    for _ in range(10):
        if session.prompt is None:
            break
        session.answer(player(session.prompt))
    return player.reached


def test_twin_picks_the_hex_todays_questions_reach_on_10000_random_maps() -> None:
    """Differential test: on 10,000 random maps, each with a random tiebreaker card, conquer
    or explore, adjacent or anywhere, the middle island's achievement open or not and the
    Automa's favourite military or not, the twin's hex is the hex a player reaches by
    answering today's questions truthfully and following their steps."""
    rng = random.Random(29)
    kinds: dict[str, int] = {}
    for trial in range(TRIALS):
        board = random_map(rng)
        args = (rng.choice(["conquer", "explore"]), rng.random() < 0.3,
                rng.choice(tdata.card_ids()), rng.random() < 0.5,
                rng.choice(["military", "science"]))
        picked = twin_pick(_at(*args, board))
        reached = todays_pick(_at(*args, None), board)
        assert picked == reached, (trial, args, board)
        shown = _at(*args, board).prompt
        kind = (f"{args[0]}:none" if picked is None or shown is None
                else shown.key.removeprefix("tapestry.q."))
        kinds[kind] = kinds.get(kind, 0) + 1
    assert min(kinds.values()) > TRIALS // 100 and len(kinds) == 5, kinds


# --- the rulebook's example -------------------------------------------------------------------
def test_hex_tiebreaker_example_explore_reaches_number_9() -> None:
    """Rulebook "The hex tiebreaker", example: the valid hexes of an explore are outlined;
    walking the card's hex icon the hexes are numbered 1, 2, 3…; the first valid hex reached
    is the one numbered 9, and the Automa places a territory tile there.

    The picture is not in the rulebook's text: its labels, as the text extraction lists
    them column by column (8 7 6 3 5 2 9 1 4), are the first nine hexes of the pattern that
    starts at the bottom of the rightmost column and walks down-left (H5, cards 7 and 17).
    Here the Automa holds the hexes left of that corner, so hexes 1-8 are taken or not
    next to it, and number 9 is the first valid one."""
    order = tdata.pattern_of_card(7)["order"]
    assert tdata.card(7)["hex_pattern"] == "H5"
    board: dict[str, twin.Mark] = {h: "tile" if tdata.hexes()[h]["preprinted"] else "empty"
                                   for h in HEXES}
    board.update({"0,3": "tile", "1,3": "tile", "2,3": "you1", "0,2": "you2",
                  "-1,1": "automa1", "-1,0": "automa1", "-3,-1": "automa2"})
    board.update({h: "tile" for h in order[:8] if board[h] == "empty"})
    s = _at("explore", False, "7", True, "military", board)
    prompt = s.prompt
    assert prompt is not None and prompt.key == "tapestry.q.map_explore"
    shown = prompt.ui["board"]
    assert shown["walk"] == order[:9]  # numbered 1 to 9 on the map, as in the example
    assert shown["pick"] == order[8] == "-2,1"
    assert {"-2,1", "-2,0"} <= set(shown["valid"])  # outlined: more than one valid hex
    assert not set(order[:8]) & set(shown["valid"])
    s.answer(True)  # the tile placed on the board
    assert data(s)["map"]["-2,1"] == "tile"  # the Automa's tile is on the map


# --- the map's rules, one sentence each -------------------------------------------------------
def test_distance_runs_through_empty_hexes_but_not_automa_outposts_or_your_two_tokens() -> None:
    """Rulebook "Distance": the path may cross empty hexes, never a hex with an Automa
    outpost or 2 of your tokens."""
    board: dict[str, twin.Mark] = {h: "empty" for h in HEXES}
    assert twin.distances(board, ["0,0"])["0,2"] == 2
    board["0,1"] = "automa1"
    board["1,1"] = "you2"
    assert twin.distances(board, ["0,0"])["0,2"] == 3  # around both
    board["0,1"] = "you1"
    assert twin.distances(board, ["0,0"])["0,2"] == 2  # 1 of your tokens: conquerable


def test_conquer_takes_your_territory_when_it_can_and_topples_your_outpost() -> None:
    """Rulebook "Conquer": your territory first; with no trap the Automa's outpost stands on
    your toppled one, and the count of its territories comes from the map."""
    board = twin.initial_map()
    board["1,0"] = "you1"  # next to the Automa's start
    s = _at("conquer", False, "1", True, "science", board)
    assert s.prompt is not None and s.prompt.key == "tapestry.q.map_trap"
    s.answer(False)
    assert data(s)["map"]["1,0"] == "automa2"
    assert data(s)["territories"] == 2 and data(s)["toppled_yours"] == 1


def test_conquer_neutral_with_the_toppled_icon_adds_a_shadow_empire_outpost() -> None:
    """Rulebook "Conquer neutral", action 3: a toppled SE outpost unless the middle island."""
    card = next(c for c in tdata.card_ids() if tdata.card(c)["toppled_outpost"])
    s = _at("conquer", False, card, False, "science", twin.initial_map())
    picked = twin_pick(s)
    assert picked is not None and picked != twin.MIDDLE
    s.answer(True)
    assert data(s)["map"][picked] == "automa2"


def test_no_valid_hex_skips_the_explore() -> None:
    """Rulebook "Explore": with no valid hex the action is skipped, nothing is asked."""
    board = twin.initial_map()
    for n in twin.neighbours(twin.AUTOMA_START):
        board[n] = "tile"
    s = _at("explore", False, "1", True, "science", board)
    assert s.prompt is None
    assert s.log[-1]["action"]["key"] == "tapestry.log.explore_skipped"


def test_a_hex_is_marked_in_two_taps_and_undo_takes_it_back() -> None:
    """Tap a hex (its procedure), tap what lies on it; undo restores the mark."""
    s = at_idle(2, 4, map=True)
    assert [p["id"] for p in s.procedures if p["id"].startswith("map")] == ["map"]
    s.start("map.1,1")
    assert s.prompt is not None and s.prompt.key == "tapestry.q.map_mark"
    s.answer("you1")
    assert data(s)["map"]["1,1"] == "you1"
    assert s.prompt is not None and s.prompt.key == "tapestry.q.bots_turn"
    assert s.prompt.ui["board"]["map"]["1,1"] == "you1"  # the map drawn shows the mark
    s.undo()
    s.undo()
    assert data(s)["map"]["1,1"] == "empty"


def test_a_saved_game_with_the_map_replays_with_its_marks() -> None:
    s = at_idle(2, 4, map=True)
    s.start("map.1,1")
    s.answer("tile")
    back = load_game(s.to_json())
    assert not back.history_dropped and data(back)["map"]["1,1"] == "tile"


def test_income_counts_the_automas_territories_on_the_map() -> None:
    """The Automa's territory count for its income comes from the map: no question."""
    s = new(2, 4, map=True)
    prompt = run_until(s, "tapestry.q.bots_turn")
    assert prompt.ui["board"]["tap"] is True
    keys = []
    for _ in range(400):
        p = s.prompt
        if p is None:
            break
        keys.append(p.key)
        s.answer(default_answer(p))
    assert "tapestry.q.territories" not in keys
    assert "tapestry.q.explore_scan" not in keys and "tapestry.q.conquer_case" not in keys


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_without_the_map_the_questions_stay(seed: int) -> None:
    """The option off (the default): no map in the data, today's questions as they were."""
    s = at_idle(2, seed)
    assert "map" not in data(s)
    assert "board" not in (s.prompt.ui if s.prompt else {})
    assert piles(s)


def test_engineers_topple_on_the_first_single_token_territory_in_the_cards_order() -> None:
    """Civilization bonus (Engineers): more than 2 Automa territories with only its outpost,
    the first of them in the card's hex order gets a toppled Shadow Empire outpost."""
    board = twin.initial_map()
    order = tdata.pattern_of_card("1")["order"]
    singles = [h for h in order if not tdata.hexes()[h]["preprinted"]][-3:]
    board.update({h: "automa1" for h in singles})
    s = _at("explore", False, "1", True, "military", board)  # (a session with card 1)
    s._state["stack"] = [{"step": "topple_on_single_token", "args": {}}]
    s._state["prompt"] = None
    s._state["data"]["map"] = dict(board)
    s._run()
    assert s.prompt is not None and s.prompt.key == "tapestry.q.map_single_token"
    s.answer(True)
    assert data(s)["map"][singles[0]] == "automa2"


@pytest.mark.parametrize("name", ["idle", "turn", "correcting"])
def test_a_save_from_before_the_map_opens_without_it(name: str) -> None:
    """Saves of earlier versions open as before: the option off, no map in the data."""
    path = Path(__file__).resolve().parents[1] / "core" / "saves_588bb06" / f"tapestry.{name}.json"
    back = load_game(path.read_text())
    assert back.state["options"]["map"] is False and "map" not in data(back)


def test_a_save_of_format_3_made_before_the_map_keeps_its_history() -> None:
    """Save format 3 → 4 names the new option with its default: a game saved just before the
    map existed (frozen: ``save_v3_before_map.json``, commit 01dca7e) opens and plays on
    without the map, with its undo history (its answers to the Done questions game version 4
    turned into checklist lines are dropped by the migration of its action log)."""
    text = (Path(__file__).resolve().parent / "save_v3_before_map.json").read_text()
    assert json.loads(text)["version"] == 3
    back = load_game(text)
    assert not back.warnings and not back.history_dropped and back.can_undo
    assert back.state["options"]["map"] is False and "map" not in data(back)
    assert back.prompt is not None
    back.answer(back.prompt.choices[0])
    again = load_game(back.to_json())
    assert again.state == back.state and again.can_undo


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_the_map_is_drawn_with_34_hexes_tappable_where_the_question_allows(lang: str) -> None:
    """The renderer draws every hex, each a tap starting its mark (``map.<hex>``) when the
    question allows it; the Automa's hex is ringed and the walk numbered."""
    from automa.render.tapestry import question_svg

    board = twin.initial_map()
    tappable = question_svg({"map": board, "tap": True}, lang)
    assert tappable.count('data-act="proc"') == 34 and 'data-arg="map.0,0"' in tappable
    order = tdata.pattern_of_card(1)["order"]
    shown = question_svg({"map": board, "valid": order[2:4], "kept": order[2:3],
                          "walk": order[:3], "pick": order[2]}, lang)
    assert 'data-act' not in shown and shown.count('stroke="#111"') == 1
    assert ">3</text>" in shown and ">4</text>" not in shown
    assert "<script" not in shown and "{" not in shown  # every message filled in


def test_a_hex_is_also_marked_from_the_procedures_list() -> None:
    """Without a tap on the drawing (the terminal, a keyboard): pick the hex by its place."""
    s = at_idle(2, 4, map=True)
    s.start("map")
    prompt = s.prompt
    assert prompt is not None and prompt.key == "tapestry.q.map_which_hex"
    assert len(prompt.choices) == 34 and prompt.choices[0] == "1,-2"  # column 1, the top
    s.answer("0,0")
    s.answer("automa1")
    assert data(s)["map"]["0,0"] == "automa1" and data(s)["territories"] == 2
