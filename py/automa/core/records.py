"""What the engine hands a front end, as typed records: message references, a question's
screen hints, the game at a glance, the log and its reasons.

Every record is JSON (a ``TypedDict``), so it is saved, compared and sent to the page as
it is. Words are never finished sentences: a :class:`MessageRef` names a message and its
values, and the front end renders it in the player's language (:func:`automa.core.i18n.text`).
A plain string is shown as it is, never looked up as a message id.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NotRequired, Required, TypedDict

Params = dict[str, Any]
"""The values of a message: numbers, text, bools, lists and message references (JSON)."""


class MessageRef(TypedDict):
    """A message id with its values, rendered later in any language (what
    :func:`automa.core.i18n.msg` returns)."""

    key: str
    """The message id."""
    params: Params
    """Its values by placeholder name (a reference read from an old save may lack them)."""


Shown = MessageRef | str | int | float | bool | Sequence["Shown"]
"""A value as a screen shows it: a message reference rendered, a bool as yes/no, a list
joined, text and numbers as they are."""


# --- a question's screen hints (``Prompt.ui``) ------------------------------------------------
class CardHint(TypedDict, total=False):
    """A card shown with the question."""

    card: Required[str]
    """The card's id."""
    role: MessageRef
    """What it is on the table ("Action card", "Slot 3"), shown under it."""
    highlight: list[str]
    """Its fields (or halves) the question depends on."""


Pattern = Mapping[str, Any]
"""A board pattern a question shows beside it, in the game's own layout (its renderer draws
it: Tapestry's hex-tiebreaker scan, Age of Innovation's Directional Selection arrow)."""


class Ui(TypedDict, total=False):
    """Screen hints of a question: what to show beside it; no rule reads them."""

    game: str
    """The game whose renderer draws the cards and pattern."""
    card: str
    """The card the question depends on (shown first, marked)."""
    highlight: list[str]
    """That card's fields the question depends on."""
    cards: list[CardHint]
    """The cards shown with the question, in table order."""
    pattern: Pattern
    """The board pattern to walk (a scan), drawn beside the question."""
    board: Pattern
    """The game's board as its renderer draws it beside the question (Tapestry's map)."""
    rule: MessageRef
    """The rule behind the question, folded under "Why?"."""
    steps: list[MessageRef]
    """Numbered steps of a long instruction, one action each."""
    lead: MessageRef
    """One line over the cards: what of the card the bot plays and why (Glory: the row the
    arrow of the card before it names)."""
    typed: bool
    """A count with nothing filled in: OK takes a typed number only (a number filled in
    would be accepted by one quick tap, e.g. a rival's combat total)."""
    fold: MessageRef
    """The cards matter only once the question is answered (the next turn's card): they are
    folded to this one line, opened on a tap, so the bots' last turn comes first."""
    turn_first: bool
    """The question waits for the bots' next turn: the last turn's checklist comes right
    under it, before the bots' rows (the whole turn just played is read first)."""
    faces: list[str]
    """Each choice as a picture the game's renderer draws (a tile as the table shows it),
    one per choice in order: the answers are a grid of pictures, one tap each."""
    shown: list[Any]
    """The choices the question shows, of those it takes (the others are still taken: a game
    saved before a rule narrowed the choices replays with its answers)."""
    board_fold: MessageRef
    """The board matters only when you mark it: it is folded to this one line (opened on a
    tap), so the bots' last turn comes first."""
    board_open: bool
    """The folded board is drawn open (you are marking it)."""


# --- the game at a glance (``GameDef.view``, ``Session.view``) ---------------------------------
class Row(TypedDict):
    """One tracked value: its name and its value."""

    label: MessageRef
    value: Shown


class Section(TypedDict):
    """A titled group of rows (the Automa, its storage, VP by source…)."""

    title: MessageRef
    rows: list[Row]


class PileInfo(TypedDict):
    """A deck or pile: its size, and whether the player may look through it."""

    id: str
    """The pile's id (:meth:`automa.Session.pile`)."""
    label: MessageRef
    count: int
    viewable: bool


class TableCard(TypedDict, total=False):
    """One of the bot's cards in play, as it lies on the table."""

    card: Required[str]
    """The card's id ("" for a face-down card, its front unseen)."""
    role: MessageRef
    """What it is on the table ("Track card", "Slot 2"), shown under it."""
    highlight: list[str]
    """Its fields (or halves) that matter now."""
    label: Shown
    """Its short name in the row's strip ("Pottery", "12")."""
    badge: str
    """Its level as printed ("II")."""
    tokens: int
    """Trade tokens lying on it."""
    activated: bool
    """A cube lies on it: it was activated this round."""
    face_down: bool
    """It lies face down."""
    disputed: list[str]
    """Its fields the sources disagree on (Tapestry), drawn as the chosen ``reading``."""
    reading: str
    """Which source's reading of the disputed fields is played."""


class PileCard(TypedDict):
    """A card of a pile as the player looks through it (:meth:`automa.Session.pile`)."""

    card: str
    marks: list[str]
    """What the game noted on it (e.g. "returned to the box")."""


class Dial(TypedDict):
    """A dial on the table (Civilization's tech dial)."""

    at: int
    """Where its pointer is."""
    last: int
    """Its last space."""
    spaces: list[int]
    """Its level spaces."""
    label: MessageRef
    value: MessageRef
    """The dial in words ("12, next level space 14")."""


class GameView(TypedDict):
    """The bot's state at a glance, as a game shows it."""

    sections: list[Section]
    cards: list[TableCard]
    """The bot's cards in play, in table order."""
    piles: list[PileInfo]
    vp: int | None
    """The bot's score (in the game's own word, :attr:`GameDef.score`), or None."""
    strip: NotRequired[bool]
    """The cards are a row folded into a strip that opens to them (Civilization, Glory)."""
    rows: NotRequired[list[LabelledRow]]
    """Where several bots each have a row (two Glory automas): every row, labelled, each its
    own strip (``cards`` is then the row of the bot in play)."""
    dial: NotRequired[Dial]


class LabelledRow(TypedDict):
    """One bot's row among several: its name and its cards in table order."""

    label: MessageRef
    cards: list[TableCard]


class SessionView(GameView):
    """A game's view with what every game has (:meth:`automa.Session.view`)."""

    game: str
    turn: int
    finished: bool
    pile_counts: dict[str, int]
    """Every pile's size by pile id."""


def empty_view() -> GameView:
    """The view of a game whose state is not built yet: nothing to show."""
    return {"sections": [], "cards": [], "piles": [], "vp": None}


# --- the log ------------------------------------------------------------------------------
class TraceStep(TypedDict):
    """What one step of a selection pipeline kept (:class:`automa.core.select.Trace`)."""

    step: str
    kind: str
    kept: list[Any]
    note: NotRequired[str]


class Why(TypedDict, total=False):
    """Why the bot decided as it did: the rule, what it chose among, what it took."""

    rule: MessageRef | str
    """The rule (a message id alone where it has no values)."""
    candidates: list[Any]
    """The raw values it chose among."""
    pick: Any
    """The raw value it took (None: none, or several for a person to decide)."""
    steps: list[TraceStep]
    """The selection's steps, in order."""
    labels: list[Shown]
    """The candidates in words, aligned with them (added by the log where each has a name)."""
    pick_label: Shown
    """The pick in words (added by the log where it has a name)."""


class LogEntry(TypedDict):
    """What an actor did, in order (:meth:`automa.core.game.Ctx.log`)."""

    i: int
    """Its place in the log."""
    turn: int
    """The turn, as the game counts it (:attr:`GameDef.turn_label` names it)."""
    actor: str
    """Who: ``player``, ``app`` or one of the game's bots."""
    action: MessageRef
    """What, in words."""
    why: NotRequired[Why]
    table: NotRequired[bool]
    """A thing for the player to do on the board for the bot (a line of the turn summary)."""
    icon: NotRequired[str]
    """The picture shown beside it."""


class TurnStep(TypedDict):
    """One thing for the player to do on the board (:meth:`automa.Session.turn_summary`)."""

    key: str
    """The message id of the instruction."""
    params: Params
    actor: str
    icon: str | None
    turn: int


class ProcedureItem(TypedDict):
    """A procedure the player may start now (:attr:`automa.Session.procedures`)."""

    id: str
    label: str
    """The message id of its name."""

