"""The map twin: what lies on each of the solo map's 34 hexes, and the hex the Automa picks.

The map is plain JSON in ``ctx.data["map"]`` (None when the game is played without it): each
hex id ("a,b", see ``cards/tapestry/hex_tiebreak.toml``) holds one :data:`MARKS` value. The
functions here are pure: the geometry (neighbours, the rulebook's distance), the valid hexes
of a conquer or an explore, the filters and the hex tiebreaker's walk (rulebook "The hex
tiebreaker", "Distance", "Conquer", "Conquer opponent", "Conquer neutral", "Explore").

Readings where the rulebook is silent (see :func:`distances`, :func:`closest`,
:func:`furthest`, :func:`initial_map`): the distance's path rule applies to the hexes
*between* the two ends (the ends themselves may hold anything); a hex with no such path is
infinitely far — never the closest (unless no hex has a path: then the filter keeps them
all, as it does when you hold no territory), always the furthest. Both start territories
begin with 2 outposts (the Automa's by its setup, yours by the normal rules), so neither can
be conquered; a trap leaves your territory yours with 2 tokens (the Automa's outpost toppled
on it). The player can mark any hex otherwise.

Outposts (:func:`automa_outposts`): the base game's rule that a player whose outposts are all
on the map may not conquer holds for the Automa too. The map counts them from the marks: a
territory of yours with 2 tokens other than your start holds a toppled Automa outpost (a trap
you sprung on its conquest, or your conquest of its territory: in the solo game nothing else
puts a second token on your territory). The Shadow Empire's never run out: each lies toppled
on a territory of the Automa's but its start, and those are at most 7 (9 outposts, 2 on the
start).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from functools import cache
from typing import Final, Literal, TypedDict

from . import data

Mark = Literal["empty", "tile", "you1", "you2", "automa1", "automa2"]
"""What a hex may hold: nothing (unexplored), a territory nobody controls, your territory
with 1 or 2 tokens, the Automa's territory with 1 or 2 tokens (its outpost on a toppled one:
yours, the Shadow Empire's, or its own second at the start)."""
EMPTY: Final = "empty"
TILE: Final = "tile"
YOU1: Final = "you1"
YOU2: Final = "you2"
AUTOMA1: Final = "automa1"
AUTOMA2: Final = "automa2"
MARKS: tuple[Mark, ...] = (EMPTY, TILE, YOU1, YOU2, AUTOMA1, AUTOMA2)
"""Every :data:`Mark`, in the order the map's question offers them."""
LAND_MARKS = MARKS[1:]
"""A pre-printed hex always holds land: it is never empty."""
MIDDLE = "0,0"
"""The middle island (rulebook "Achievements": the middle island achievement)."""
AUTOMA_START, YOUR_START = "2,0", "0,2"
"""The start territories, 3/5 (the Automa's, 2 outposts) and 2/4 (yours)."""
OUTPOSTS = 10
"""Outposts of one colour in the box (the base game's 50 outposts in 5 colours)."""
ON_THE_MAP = OUTPOSTS - 1
"""The most outposts of one bot the map can hold: one more marks its favourite track."""
_STEPS = ((0, 1), (1, 0), (1, 1), (0, -1), (-1, 0), (-1, -1))

Board = Mapping[str, Mark]


Case = Literal["opponent", "neutral", "explore", "single_token", "none"]
"""Which rule chose a hex: "Conquer opponent", "Conquer neutral", "Explore" or the Engineers'
bonus (``single_token``, :func:`single_token_territories`); ``none`` when no hex is
valid."""


class Pick(TypedDict):
    """How the Automa chose a hex: the case, the valid hexes, each filter with the hexes it
    kept, the tiebreaker's walk up to the chosen hex (numbered from 1), and the hex."""

    case: Case
    valid: list[str]
    filters: list[tuple[str, list[str]]]
    walk: list[str]
    hex: str | None


def hexes() -> list[str]:
    """The 34 hex ids."""
    return list(data.hexes())


def initial_map() -> dict[str, Mark]:
    """The map at setup: the pre-printed land, both start territories with 2 outposts."""
    board: dict[str, Mark] = {h: TILE if spec["preprinted"] else EMPTY
                              for h, spec in data.hexes().items()}
    board[AUTOMA_START], board[YOUR_START] = AUTOMA2, YOU2
    return board


def marks_for(hex_id: str) -> tuple[Mark, ...]:
    """The marks a hex may take (a pre-printed hex is never empty)."""
    return LAND_MARKS if data.hexes()[hex_id]["preprinted"] else MARKS


def _ab(hex_id: str) -> tuple[int, int]:
    a, b = hex_id.split(",")
    return int(a), int(b)


@cache
def neighbours(hex_id: str) -> tuple[str, ...]:
    """The hexes next to ``hex_id`` on the solo map."""
    a, b = _ab(hex_id)
    known = data.hexes()
    return tuple(n for da, db in _STEPS if (n := f"{a + da},{b + db}") in known)


def automa_controls(mark: Mark) -> bool:
    """Whether the Automa controls a hex with this mark."""
    return mark in (AUTOMA1, AUTOMA2)


def you_control(mark: Mark) -> bool:
    """Whether you control a hex with this mark."""
    return mark in (YOU1, YOU2)


def passable(mark: Mark) -> bool:
    """Rulebook "Distance": a path runs through hexes with 0 Automa outposts and 0-1 of your
    tokens (empty hexes included): hexes the Automa could conquer one after another."""
    return not automa_controls(mark) and mark != YOU2


def middle_open(board: Board) -> bool:
    """Whether the Automa can still conquer the middle island (and so gain its achievement:
    rulebook "Conquer opponent", "Conquer neutral", tiebreaker 1): not once it holds it, nor
    once it is your territory with 2 tokens, which no one can conquer (a trap you sprung
    there toppled the Automa's outpost on it)."""
    return board[MIDDLE] in (EMPTY, TILE, YOU1)


def automa_outposts(board: Board) -> int:
    """The Automa's outposts on the map, standing and toppled: one on each of its
    territories (two on its start), and one toppled on each territory of yours with 2 tokens
    but your start."""
    standing = sum(1 for mark in board.values() if automa_controls(mark))
    second = 1 if board.get(AUTOMA_START) == AUTOMA2 else 0
    toppled = sum(1 for h, mark in board.items() if mark == YOU2 and h != YOUR_START)
    return standing + second + toppled


def distances(board: Board, targets: Iterable[str]) -> dict[str, int]:
    """The rulebook's distance from the nearest of ``targets`` to every hex it reaches."""
    found = {t: 0 for t in targets}
    queue = deque(found)
    while queue:
        here = queue.popleft()
        if found[here] and not passable(board[here]):
            continue  # a path may end on this hex, not run through it
        for n in neighbours(here):
            if n not in found:
                found[n] = found[here] + 1
                queue.append(n)
    return found


def closest(board: Board, valid: list[str], targets: list[str]) -> list[str]:
    """The valid hexes closest to any of ``targets``; all of them when none has a path."""
    far = distances(board, targets)
    reached = [h for h in valid if h in far]
    if not reached:
        return valid
    best = min(far[h] for h in reached)
    return [h for h in reached if far[h] == best]


def furthest(board: Board, valid: list[str], targets: list[str]) -> list[str]:
    """The valid hexes furthest from all of ``targets``: a hex with no path is furthest."""
    far = distances(board, targets)
    cut_off = [h for h in valid if h not in far]
    if cut_off:
        return cut_off
    best = max(far[h] for h in valid)
    return [h for h in valid if far[h] == best]


def _next_to_automa(board: Board, hex_id: str) -> bool:
    return any(automa_controls(board[n]) for n in neighbours(hex_id))


def valid_explore(board: Board, anywhere: bool) -> list[str]:
    """Rulebook "Explore": the empty hexes the Automa may explore (next to its territories
    unless the benefit says anywhere)."""
    return [h for h in hexes() if board[h] == EMPTY
            and (anywhere or _next_to_automa(board, h))]


def valid_opponent(board: Board, anywhere: bool) -> list[str]:
    """Rulebook "Conquer opponent": your territories the Automa may conquer (one token)."""
    return [h for h in hexes() if board[h] == YOU1
            and (anywhere or _next_to_automa(board, h))]


def valid_neutral(board: Board, anywhere: bool, adjacent_ok: bool) -> list[str]:
    """Rulebook "Conquer neutral": the hexes the Automa may conquer or explore, those next to
    your territories only with the card's icon."""
    return [h for h in hexes() if board[h] in (EMPTY, TILE)
            and (anywhere or _next_to_automa(board, h))
            and (adjacent_ok or not any(you_control(board[n]) for n in neighbours(h)))]


def walk(order: list[str], kept: list[str]) -> tuple[list[str], str | None]:
    """The hex tiebreaker: the hexes of ``order`` up to the first kept one, and that hex."""
    kept_set = set(kept)
    for i, h in enumerate(order):
        if h in kept_set:
            return order[:i + 1], h
    return list(order), None


def _finish(case: Case, valid: list[str], filters: list[tuple[str, list[str]]],
            order: list[str]) -> Pick:
    if not valid:
        return {"case": "none", "valid": [], "filters": [], "walk": [], "hex": None}
    kept = filters[-1][1] if filters else valid
    steps, chosen = walk(order, kept)
    return {"case": case, "valid": valid, "filters": filters, "walk": steps, "hex": chosen}


def pick_conquer(board: Board, order: list[str], *, anywhere: bool, adjacent_ok: bool,
                 middle_open: bool) -> Pick:
    """Rulebook "Conquer": your territory if the Automa may take one, else a neutral hex;
    the filters in the rulebook's order, then the walk of ``order`` (the card's pattern)."""
    filters: list[tuple[str, list[str]]] = []
    valid = valid_opponent(board, anywhere)
    case: Case = "opponent"
    if not valid:
        case, valid = "neutral", valid_neutral(board, anywhere, adjacent_ok)
    kept = valid
    if middle_open and valid:
        kept = closest(board, kept, [MIDDLE])
        filters.append(("middle", kept))
    if case == "neutral" and valid:
        single = [h for h in hexes() if board[h] == YOU1]
        if single:
            kept = closest(board, kept, single)
            filters.append(("single", kept))
        else:
            kept = closest(board, kept, [h for h in hexes() if you_control(board[h])])
            filters.append(("yours", kept))
    return _finish(case, valid, filters, order)


def pick_explore(board: Board, order: list[str], *, anywhere: bool,
                 military_favourite: bool) -> Pick:
    """Rulebook "Explore": the furthest from your territories unless military is the
    Automa's favourite track, then the walk of ``order``."""
    valid = valid_explore(board, anywhere)
    filters: list[tuple[str, list[str]]] = []
    if not military_favourite and valid:
        filters.append(("furthest", furthest(board, valid,
                                             [h for h in hexes() if you_control(board[h])])))
    return _finish("explore", valid, filters, order)


def automa_territories(board: Board) -> int:
    """The territories the Automa controls (its income counts them)."""
    return sum(1 for mark in board.values() if automa_controls(mark))


def single_token_territories(board: Board) -> list[str]:
    """The Automa's territories with a single token (the Engineers' bonus)."""
    return [h for h in hexes() if board[h] == AUTOMA1]


@cache
def place_of(hex_id: str) -> tuple[int, int]:
    """Where a hex lies as the card icons draw the map: its column from the left (1-7) and
    its place in that column from the top (1-6)."""
    spec = data.hexes()
    x = spec[hex_id]["x"]
    column = sorted((h["y"], h_id) for h_id, h in spec.items() if h["x"] == x)
    return x + 4, [h_id for _, h_id in column].index(hex_id) + 1
