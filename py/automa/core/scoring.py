"""How a game keeps score: what its end screen shows and asks, and what a record of one of its
games holds (:class:`Scoring`, a :class:`~automa.core.game.GameDef`'s ``scoring``), and the
bot's score at the end (:class:`FinalScore`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypedDict, TypeVar

if TYPE_CHECKING:
    from automa.core.game import Ctx

D = TypeVar("D")


class FinalScore(TypedDict):
    """The bot's score at a game's end, as its end screen shows it and a record keeps it."""

    total: int
    """The bot's score (what the game counts: VP, Glory, completed agendas…)."""
    sources: dict[str, int]
    """The score by source, in the order the game declares its sources (``{}``: none); where
    several bots play (two Glory automas), each bot's score by name, ``total`` the highest."""
    rounds: int
    """Rounds (eras, turns) played, as the game counts them."""
    winner: str
    """Who the game itself says won: ``"bot"``, ``"human"`` (a human; with several humans the
    end screen asks which), or ``""`` when the points decide or nobody said."""
    ask_winner: bool
    """The rules decided by something else than points and the game does not know who won:
    the end screen asks."""
    played: dict[str, Any]
    """Strength options as they were played where that differs from the option chosen (a
    leader drawn at random): kept in the record instead."""


def scores_by_round(progress: Iterable[tuple[int, int] | None]) -> list[int | None]:
    """The bot's score at the end of each round from round 1, given the ``(round, score)``
    of positions in play order (None: a position before round 1, or none known): a round
    with no position keeps the score before it; rounds before the first known are None.

    >>> scores_by_round([None, (1, 3), (1, 5), (3, 9)])
    [5, 5, 9]
    >>> scores_by_round([(2, 4)])
    [None, 4]
    """
    at_end: dict[int, int] = {}
    for found in progress:
        if found is not None and found[0] >= 1:
            at_end[found[0]] = found[1]
    scores: list[int | None] = []
    for r in range(1, max(at_end, default=0) + 1):
        scores.append(at_end.get(r, scores[-1] if scores else None))
    return scores


def _no_progress(ctx: Ctx[Any, Any]) -> tuple[int, int] | None:
    return None


def _one_human(options: Mapping[str, Any]) -> int:
    return 1


@dataclass(frozen=True)
class Scoring(Generic[D]):
    """How a game keeps score: what its end screen shows and asks, and what a record of one
    of its games holds (its words are message ids, so the app can show a record without
    loading the game)."""

    final: Callable[[Ctx[D, Any]], FinalScore]
    """The bot's final score, its sources and who won (called once the game is over)."""
    round_label: str
    """Message id of a round as the game counts them ("Era {n}")."""
    you: str
    """Message id of the player's own score, as the end screen asks it ("Your VP")."""
    progress: Callable[[Ctx[D, Any]], tuple[int, int] | None] = _no_progress
    """``(round, bot's score)`` of a position, or None outside the rounds (setup, final
    scoring): the bot's score per round is read from the game's history with it."""
    humans: Callable[[Mapping[str, Any]], int] = _one_human
    """How many humans play with these options."""
    sources: tuple[tuple[str, str], ...] = ()
    """The score's sources: id (the keys of :attr:`FinalScore.sources`) and message id."""
    strength: tuple[str, ...] = ("difficulty",)
    """The options that change the bot's strength (kept in a record); the first is the
    difficulty ladder, its choices in order from easiest to hardest."""
    player_max: int = 999
    """The highest score a player can enter."""
    unit: str = ""
    """Message id of a score ("{n} VP", plural by ``n``) if it is not the game's
    :attr:`GameDef.score` (a bot with no score beside the turn)."""
    bots: bool = False
    """The sources are the bots' own scores, one per bot (a game with several bots): the
    end screen names each bot's score and asks which bot won."""

    def to_json(self) -> dict[str, Any]:
        """What the app reads of it without importing the game."""
        return {"unit": self.unit, "round_label": self.round_label, "you": self.you,
                "sources": dict(self.sources), "strength": list(self.strength),
                "player_max": self.player_max, "bots": self.bots}
