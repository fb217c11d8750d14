"""The presenter's view records (:mod:`automa.app.present`): what the page
(:mod:`automa.app.views`), the terminal (:mod:`automa.cli`) and speech draw, in one
language, with no prompt kinds or message references left to read. Each name ends in
``View`` (what the screen shows), apart from the engine's records of the same things in
:mod:`automa.core.records` (``records.Dial`` is the game's dial, :class:`DialView` the dial
drawn)."""

from __future__ import annotations

from typing import Literal, TypedDict

from automa.core import records


class SummaryLineView(TypedDict):
    """One thing the player does on the board for a bot (a line of the turn summary)."""

    actor: str
    """The actor's name, or "" when the text names it already (or it is the player)."""
    text: str
    """What to do, in words, with its numbers ("Technology 3 → 4")."""
    icon: str
    """An icon name of the shared vocabulary (the page draws it; unknown names: a dot)."""
    each: list[tuple[str, str]]
    """A line for several bots at once: what it means for each, by name, side by side
    ("Automa 1", "event card 3"); [] for a line of one."""


class Choice(TypedDict):
    """One answer of a pick_one / pick_subset, or one item of a values prompt."""

    index: int
    label: str
    chosen: bool
    """Pre-selected (the prompt's default)."""
    swatch: str
    """The colour the cards give its value (a terrain), drawn as a chip ("" none)."""
    face: str
    """The picture of its value the game's renderer draws (a tile, as the table shows it),
    the answer a picture to tap ("" none)."""


class CardView(TypedDict):
    """One card on screen."""

    game: str
    card: str
    highlight: list[str]
    caption: str
    drives: bool
    """The card whose field the question depends on."""
    label: str
    """Its short name in the row's strip ("Pottery", "12"), or ""."""
    badge: str
    """Its level as printed ("II"), or ""."""
    tokens: int
    """Trade tokens lying on it."""
    state: Literal["", "activated", "face_down"]
    """A cube lies on it (activated this round), or it lies face down (its front unseen)."""


class DialView(TypedDict):
    """A dial on the table (Civ's tech dial): where its pointer is, its level spaces."""

    at: int
    last: int
    spaces: list[int]
    text: str
    """The dial in words ("Tech dial 12, next level space 14")."""


Kind = Literal["yes_no", "count", "pick_one", "pick_subset", "values", "confirm", "scan", "over"]
DockLayout = Literal["one_tap", "bar", "stepper", "buttons", "pictures", "list", "boxes",
                     "values", "over"]
"""How the answer controls are drawn in the dock: one-tap buttons, two short choices beside
undo and redo (bar), a number with − and +, a button per choice, a grid of pictures to tap
(tiles), a list to pick from (too many choices for buttons), tick boxes, a list per item."""


class QuestionView(TypedDict):
    """The question now and how it is answered."""

    kind: Kind
    key: str
    lead: str
    """The question (or, for a long text, what comes before its asking sentence)."""
    ask: str
    """The asking sentence of a long question, shown in bold ("" if none)."""
    after: str
    """What a long question says after its asking sentence ("If so, ..."; "" if nothing):
    it stays after it, as written."""
    steps: list[str]
    """Numbered steps of a long instruction, one action each."""
    rule: str
    """The rule behind the question, folded under "Why?" ("" if none)."""
    choices: list[Choice]
    lo: int
    hi: int
    value: int | None
    """For count: the pre-filled number (None: the box starts empty, the number is typed)."""
    domain: list[str]
    """For values: the allowed values in words (index = position in the prompt's domain)."""
    chosen: list[int]
    """For values: the pre-selected domain index of every item."""
    one_tap: list[tuple[str, str, bool]]
    """Answers that take one tap (label, JSON value, suggested): yes/no, done."""
    layout: DockLayout
    """How the answer controls are drawn (all of them sit in the dock, under the thumb)."""
    short: bool
    """Every choice label is short: the choices go side by side where there is room."""
    ok: str
    """The label of the submit button (count, pick_subset, values)."""
    hint: str
    """What to enter, in words ("Enter a number from 1 to 40.")."""
    cards: list[CardView]
    pattern: records.Pattern | None
    """A board-scan pattern (a scan's ``ui["pattern"]``) or the game's board (another
    question's ``ui["board"]``, e.g. Tapestry's map) for the game's renderer, or None."""
    game: str
    card_lead: str
    """One line over the cards: what of the card the bot plays and why ("" none)."""
    fold: str
    """The cards folded to this one line (they matter once the question is answered); ""
    shows them open."""
    lead_below: bool
    """The question's explanation (``lead``) is shown under it, with its cards, not in it:
    at this text size the choices would not fit beside it as buttons (never a list for a
    handful of short choices)."""
    board_fold: str
    """The game's board folded to this one line (it matters when you mark it); "" draws it
    open."""
    board_open: bool
    """The folded board is drawn open (you are marking it)."""


class RowView(TypedDict):
    """A label and its value."""

    label: str
    value: str


class SectionView(TypedDict):
    """A titled group of rows of the bot's state."""

    title: str
    rows: list[RowView]


class PileView(TypedDict):
    """A deck or pile: its size, and whether its cards may be looked at."""

    id: str
    label: str
    count: int
    viewable: bool


class WhyView(TypedDict):
    """The reason of a bot decision, only where it explains something."""

    rule: str
    candidates: str
    pick: str


class LogEntryView(TypedDict):
    """One line of the log."""

    actor: str
    text: str
    why: WhyView | None


class LogGroup(TypedDict):
    """The log entries of one turn, oldest first."""

    turn: str
    entries: list[LogEntryView]


class ProcedureView(TypedDict):
    """A procedure the player may start."""

    id: str
    label: str


class Strip(TypedDict):
    """One bot's row among several, as a strip: its name and its cards."""

    label: str
    cards: list[CardView]


class PlayView(TypedDict):
    """The whole play screen."""

    game: str
    head: str
    """Turn (as the game counts it) and VP in one line."""
    summary: list[SummaryLineView]
    summary_title: str
    question: QuestionView
    cards: list[CardView]
    """The bot's other cards (those not shown with the question)."""
    row: list[CardView]
    """The bot's row in table order, folded into a strip that opens to the cards ([]: the
    game shows its cards with the question)."""
    rows: list[Strip]
    """Where several bots each have a row: every one, labelled, each its own strip ([]: one
    row, :attr:`row`)."""
    dial: DialView | None
    sections: list[SectionView]
    piles: list[PileView]
    procedures: list[ProcedureView]
    can_cancel: bool
    can_undo: bool
    can_redo: bool
    log: list[LogGroup]
    print_card: list[str]
    """The cards "Print this card" prints (the pair on the table), or []."""
    turn_first: bool
    """The question waits for the bots' next turn: their last turn comes right under it,
    the rows after it (``Ui.turn_first``)."""
