"""Game definitions: declarative data plus small step functions, registered by id.

A game module builds a :class:`GameDef` and calls :func:`register`. The engine runs a game
as a stack of *steps*: each step is a plain function ``step(ctx, **args)`` that changes the
state, schedules further steps (:meth:`Ctx.then`, :meth:`Ctx.seq`) or asks the player
(:meth:`Ctx.ask`). Steps are referred to by name, so the whole game position, including
what happens next, is JSON and can be saved, undone and replayed.

Like boardgame.io's ``ctx.phase``, the game's *phase* (:attr:`Ctx.phase`, one of
:attr:`GameDef.phases`) is part of the saved state and set by the game's steps; it alone
decides which procedures and corrections are offered (never a prompt's message id).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, NoReturn, Protocol, TypeVar

from automa.core import formats
from automa.core.errors import InvalidOption, UnknownGame
from automa.core.formats import Format, Migration
from automa.core.i18n import msg
from automa.core.numbers import describe, name_of
from automa.core.options import OptionSpec as OptionSpec  # (its home since game.py grew)
from automa.core.piles import Piles
from automa.core.prompts import Prompt
from automa.core.ranges import Range
from automa.core.records import GameView, LogEntry, MessageRef, Params, Why, empty_view
from automa.core.rng import Rng
from automa.core.scoring import Scoring

if TYPE_CHECKING:
    from automa.core.actionlog import ActionMigration

State = dict[str, Any]
Args = dict[str, Any]
D = TypeVar("D")
"""A game's data record (its ``state.Data``): ``Ctx[D, Opt]`` and ``GameDef[D]`` are typed by
it for ``mypy`` alone; at run time the data stays the plain JSON dict of the saved state."""
Opt = TypeVar("Opt")
"""A game's options record (its ``data.Options``, each choice a ``Literal``): ``Ctx[D, Opt]``
is typed by it for ``mypy`` alone; at run time the options are the plain dict of the state."""
T = TypeVar("T")

START = "start"
"""The phase of a new game until its setup step names one: nothing may be started or
corrected, and nothing asked, before the game's state is built."""


class StepFn(Protocol):
    """A step: changes ``ctx``; gets its scheduled arguments as keywords."""

    __name__: str

    def __call__(self, ctx: Ctx[Any, Any], /, **args: Any) -> None: ...


class Steps(Mapping[str, StepFn]):
    """A registry of a game's steps by function name; use it as a decorator."""

    def __init__(self) -> None:
        self._steps: dict[str, StepFn] = {}

    def __call__(self, fn: Callable[..., None]) -> Callable[..., None]:
        name = fn.__name__
        if name in self._steps:
            raise ValueError(f"step {name} is registered twice")
        self._steps[name] = fn
        return fn

    def __getitem__(self, name: str) -> StepFn:
        return self._steps[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._steps)

    def __len__(self) -> int:
        return len(self._steps)

    def include(self, other: Steps) -> None:
        """Add every step of another registry (e.g. shared board procedures)."""
        for name, fn in other._steps.items():
            if name in self._steps and self._steps[name] is not fn:
                raise ValueError(f"step {name} is registered twice")
            self._steps[name] = fn


StepRef = str | Callable[..., None]


class ActionSteps(Mapping[str, tuple[Callable[..., None], Args]]):
    """Which step carries out each action a card names, with its fixed arguments: an explicit
    table (so "find usages" finds every step), checked against the card vocabulary when the
    game loads: an action of the cards without a step, or a step for no action, fails there,
    not when a card first draws it."""

    def __init__(self, game: str, vocabulary: Iterable[str],
                 table: Mapping[str, Callable[..., None] | tuple[Callable[..., None], Args]]
                 ) -> None:
        self._table = {action: entry if isinstance(entry, tuple) else (entry, {})
                       for action, entry in table.items()}
        known = set(vocabulary)
        unmatched = sorted(known - set(table)), sorted(set(table) - known)
        if any(unmatched):
            raise ValueError(f"{game}: card actions without a step {unmatched[0]}, "
                             f"steps for no card action {unmatched[1]}")

    def __getitem__(self, action: str) -> tuple[Callable[..., None], Args]:
        return self._table[action]

    def __iter__(self) -> Iterator[str]:
        return iter(self._table)

    def __len__(self) -> int:
        return len(self._table)

    def frame(self, action: str, **args: Any) -> tuple[Callable[..., None], Args]:
        """The step carrying out ``action`` and its arguments (the table's and ``args``), as
        :meth:`Ctx.seq` takes them."""
        step, fixed = self._table[action]
        return step, {**fixed, **args}


def step_name(step: StepRef) -> str:
    """The registered name of a step given by name or by function."""
    return step if isinstance(step, str) else step.__name__


def known(value: T | None, invariant: str) -> T:
    """``value``, which the rules say is set here (``invariant`` says why, for the error if
    it ever is not): a step's narrowing of an optional value of its game's data.

    >>> known(3, "a card is being resolved")
    3
    """
    if value is None:
        broken(invariant)
    return value


def broken(invariant: str) -> NoReturn:
    """Fail loudly: a rule's invariant (named by ``invariant``) does not hold."""
    raise RuntimeError(f"broken invariant: {invariant}")


@dataclass(frozen=True)
class Procedure:
    """A player-initiated procedure available now (e.g. "you conquer an Automa territory")."""

    id: str
    label: str
    """Message id of the procedure's name."""
    step: str
    """The step that starts it."""
    args: Args = field(default_factory=dict)
    listed: bool = True
    """Offered in the procedures' list (False: started only from the game's own drawing,
    e.g. a tap on a hex of Tapestry's map)."""


@dataclass(frozen=True)
class Correction:
    """A tracked value the player may correct: a path into the game data and its range."""

    id: str
    label: MessageRef
    """Message reference naming the value."""
    path: tuple[str | int, ...]
    """Where the value lives in ``state["data"]``."""
    lo: int = 0
    hi: int = 999
    choices: tuple[Any, ...] = ()
    """If given, the value is one of these instead of a number in ``lo..hi``."""
    choice_labels: tuple[MessageRef, ...] = ()
    offset: int = 0
    """Added to the stored number wherever it is shown or asked (``lo``/``hi`` bound the sum):
    the stored value is one part of a sum (the Automa's VP from corrections), and the player
    sees and sets the sum."""
    swaps: bool = False
    """A choice that another slot of the same list holds trades places with the current
    value (a tile exists once: putting it here puts this one where it was)."""


def always_correctable(ctx: Ctx[Any, Any], phase: str) -> bool:
    """:attr:`GameDef.correctable` of a game with a value the player may correct in every
    phase (a score or count the bot always has)."""
    return True


@dataclass(frozen=True)
class GameDef(Generic[D]):
    """Everything the engine needs to run one game (typed by its data record ``D``; the
    engine itself holds a ``GameDef[Any]``)."""

    id: str
    name: str
    """Message id of the game's name."""
    version: int
    """Version of the game's rules/state layout; saves of a newer one are refused."""
    options: tuple[OptionSpec, ...]
    setup: StepFn
    """The first step: builds ``ctx.data``, sets the first phase and schedules the game."""
    steps: Steps
    phases: tuple[str, ...]
    """Every phase the game's steps may set (:attr:`Ctx.phase`); another one is refused."""
    procedures: Callable[[Ctx[D, Any], str], Sequence[Procedure]] = lambda ctx, phase: ()
    """The player-initiated procedures available in a phase (asked only once setup has set
    one, and never once the game is over)."""
    corrections: Callable[[Ctx[D, Any], str], Sequence[Correction]] = lambda ctx, phase: ()
    """The tracked values the player may correct in a phase (asked only once setup has set
    one)."""
    correctable: Callable[[Ctx[D, Any], str], bool] | None = None
    """Whether a phase offers any correction, decided without building them (every screen
    asks, to show "Correct"); None: :attr:`corrections` built and counted. It must agree
    with :attr:`corrections` (a conformance test plays every game to check)."""
    migrate: Callable[[State], None] = lambda state: None
    """Brings a state saved before the engine had a phase to today's layout, in place: sets
    ``state["phase"]`` from what the old state shows. It sees an untrusted save: whatever it
    leaves is checked like any snapshot."""
    view: Callable[[Ctx[D, Any]], GameView] = lambda ctx: empty_view()
    """The bot's state at a glance (asked only once setup has set a phase)."""
    value_label: Callable[[Any], MessageRef | None] = lambda value: None
    """A message reference naming a raw value of this game (a track id, a landmark…), or
    None; the log names the candidates and the pick of every ``why`` with it."""
    turn_label: Callable[[int], MessageRef | None] = lambda turn: None
    """A message reference naming a turn number as the game counts it (e.g. "Round 2,
    turn 3"), or None for the plain number; log groups and the play screen use it."""
    actors: tuple[str, ...] = ("bot",)
    description: str = ""
    """Message id of a one-line description."""
    ranges: Range | None = None
    """The declared range of every value in ``ctx.data`` (:mod:`automa.core.ranges`): no
    answer may leave a value outside it, and no snapshot holding one is restored."""
    box: Callable[[Ctx[D, Any]], MessageRef | None] = lambda ctx: None
    """What the box allows across several values and the piles (each tile or card once, a
    total no component count exceeds, each bot's cards in its own piles): the first thing a
    position holds beyond it, as a sentence in the player's words, or None. No answer may
    leave such a position and no snapshot holding one is restored; the game's corrections
    and set-up entries offer only what it allows (one check, kept by the game)."""
    migrations: tuple[Migration, ...] = ()
    """The migrations of the game's saved state (``state["data"]`` and the rest of a
    snapshot), one per version step up to :attr:`version`: ``migrations[-1]`` takes a state
    of ``version - 1`` to ``version``. A save older than the first one is replayed, and
    restored from its checked snapshot if its answers no longer replay."""
    changes: Mapping[int, str] = field(default_factory=dict)
    """What changed in the rules at a version (message id of a short phrase, e.g. "the
    Automa's income turn"), told to a player whose saved game no longer replays."""
    action_migrations: Mapping[int, tuple[ActionMigration, ...]] = field(default_factory=dict)
    """The migrations of the action log recorded before a version (the answers, starts and
    cancels of an older save, :mod:`automa.core.actionlog`): ``{version: (migration, …)}``,
    small pure functions that drop answers to questions gone, insert answers to new ones and
    rename answers, run while the older save replays. Every version step since the oldest
    release's saves is named, ``()`` for one whose questions did not change (a test checks
    it, and that each release's frozen histories replay)."""
    scoring: Scoring[D] | None = None
    """How the game keeps score, for its end screen and the player's records (None: the game
    keeps no records)."""
    score: str | None = None
    """Message id of the bot's score with its count ``{n}`` in the game's own word ("{n} VP",
    "{n} Glory"), shown beside the turn; None for a game whose bot keeps no score."""
    new_game_check: Callable[[Mapping[str, Any]], MessageRef | None] = lambda options: None
    """Why options that each pass their own check cannot start a game together (a message
    reference naming the rule, e.g. two Automas need a person at the table), or None. Asked
    when a new game starts, never of a saved one: a game plays on as it began."""
    correct_label: str = "core.procedure.correct"
    """Message id of the name of the procedure that corrects tracked values, naming what
    this game tracks ("Correct the Automa's Glory, coins or other values")."""

    @property
    def bot(self) -> str:
        """The bot whose score counts: the first actor that is not the player (or the app)."""
        return next((a for a in self.actors if a not in ("player", "app")), "bot")

    def offers_corrections(self, ctx: Ctx[D, Any], phase: str) -> bool:
        """Whether ``phase`` offers any correction (by :attr:`correctable` if the game has
        it: every screen asks, to show "Correct")."""
        cheap = self.correctable
        return cheap(ctx, phase) if cheap is not None else bool(self.corrections(ctx, phase))

    @property
    def deck_option(self) -> OptionSpec | None:
        """The option the player's own keyed-in cards are played as (a ``data`` option with a
        card editor), if the game has one."""
        return next((o for o in self.options if o.editor is not None), None)

    def option(self, option_id: str) -> OptionSpec:
        """The option with that id."""
        for spec in self.options:
            if spec.id == option_id:
                return spec
        raise InvalidOption("error.option.unknown", option=name_of(option_id),
                            allowed=[o.id for o in self.options])

    def resolve_options(self, given: Mapping[str, Any] | None) -> dict[str, Any]:
        """Defaults overlaid with ``given``, every value checked."""
        if given is not None and not isinstance(given, Mapping):
            raise InvalidOption("error.option.unknown", option=describe(given),
                                allowed=[o.id for o in self.options])
        given = dict(given or {})
        for key in given:
            if not isinstance(key, str):
                raise InvalidOption("error.option.unknown", option=name_of(key),
                                    allowed=[o.id for o in self.options])
            self.option(key)
        return {spec.id: spec.coerce(given.get(spec.id, spec.default)) for spec in self.options}

    def to_json(self) -> dict[str, Any]:
        """The game's id, name and option schema."""
        return {
            "id": self.id,
            "name": self.name,
            "description": self.description,
            "options": [o.to_json() for o in self.options],
            **({"scoring": {**self.scoring.to_json(), "unit": self.scoring.unit or self.score,
                            "bot": f"{self.id}.actor.{self.bot}"}} if self.scoring else {}),
        }


_REGISTRY: dict[str, GameDef[Any]] = {}
_LOADERS: list[Callable[[str | None], None]] = []


def load_games_with(loader: Callable[[str | None], None]) -> None:
    """How :func:`find_game` and :func:`registered` load (and so register) the game of an id,
    or every game for None, on first use: installed by the package on top (:mod:`automa`), so
    that the core names no floor above it."""
    _LOADERS[:] = [loader]


def register(game: GameDef[D]) -> GameDef[D]:
    """Register a game under its id."""
    if game.id in _REGISTRY and _REGISTRY[game.id] is not game:
        raise ValueError(f"game {game.id} is registered twice")
    if "setup" not in game.steps:
        raise ValueError(f"game {game.id}: the setup step must be registered in its steps")
    if not game.phases or START in game.phases:
        raise ValueError(f"game {game.id}: name its phases (the engine's {START!r} apart)")
    from automa.core.common_steps import CORE_STEPS

    game.steps.include(CORE_STEPS)
    _REGISTRY[game.id] = game
    game_format(game)
    return game


def registered() -> dict[str, GameDef[Any]]:
    """Every registered game by id (every game of ``automa.games`` is loaded)."""
    for load in _LOADERS:
        load(None)
    return dict(_REGISTRY)


def game_format(game: GameDef[Any]) -> Format:
    """The format of a game's saved state (``game.<id>``), with the game's migrations."""
    found = formats.ALL.get(f"game.{game.id}")
    # counted, not compared: the corpus census wraps each step of a registered format
    if found is None or len(found.steps) != len(game.migrations) \
            or found.current != game.version:
        found = Format(f"game.{game.id}", game.migrations,
                       first=game.version - len(game.migrations))
    return found


def find_game(game_id: str) -> GameDef[Any]:
    """The game registered under ``game_id`` (loading only that game's rules)."""
    for load in _LOADERS if isinstance(game_id, str) and game_id not in _REGISTRY else ():
        load(game_id)
    if isinstance(game_id, str) and game_id in _REGISTRY:
        return _REGISTRY[game_id]
    raise UnknownGame(game=name_of(game_id), known=sorted(registered()))


class Ctx(Generic[D, Opt]):
    """What a step sees: the game data, piles, generator, options, and the flow controls.

    A game's steps take its own ``Ctx`` (``Ctx = core.game.Ctx[Data, Options]`` in its
    ``state.py``), so ``mypy`` checks every key they read in :attr:`data` and every option
    and choice they compare in :attr:`options`; the engine's own steps take a
    ``Ctx[Any, Any]``."""

    __slots__ = ("_log", "game", "state")

    def __init__(self, game: GameDef[D], state: State, log: list[LogEntry]) -> None:
        self.game = game
        self.state = state
        self._log = log

    # --- the game's data -------------------------------------------------------------
    @property
    def data(self) -> D:
        """The game's own JSON state (the game decides its layout: its ``Data`` record, a
        plain dict at run time)."""
        data: D = self.state["data"]
        return data

    @property
    def options(self) -> Opt:
        """The chosen options (the game's ``Options`` record, a plain dict at run time)."""
        options: Opt = self.state["options"]
        return options

    @property
    def piles(self) -> Piles:
        """All card piles of the game."""
        return Piles(self.state["piles"])

    @property
    def rng(self) -> Rng:
        """The game's seeded generator (its state lives in the game state)."""
        return Rng(self.state["rng"])

    @property
    def turn(self) -> int:
        """The current turn number, as the game counts it."""
        turn: int = self.state["turn"]
        return turn

    @turn.setter
    def turn(self, value: int) -> None:
        self.state["turn"] = value

    @property
    def phase(self) -> str:
        """The game's phase (saved with the state): what the player may start or correct
        depends on it alone. :data:`START` until the setup step sets one."""
        phase: str = self.state["phase"]
        return phase

    @phase.setter
    def phase(self, value: str) -> None:
        if value not in self.game.phases:
            raise ValueError(f"{self.game.id}: unknown phase {value!r}")
        self.state["phase"] = value

    @property
    def prompt(self) -> Prompt | None:
        """The prompt waiting for an answer, if any."""
        p = self.state.get("prompt")
        return Prompt.from_state(p) if p else None

    # --- flow -------------------------------------------------------------------------
    def then(self, step: StepRef, **args: Any) -> None:
        """Run ``step`` next, before anything scheduled earlier."""
        name = step_name(step)
        if name not in self.game.steps:
            raise KeyError(f"{self.game.id}: unknown step {name}")
        self.state["stack"].append({"step": name, "args": args})

    def seq(self, *steps: StepRef | tuple[StepRef, Args]) -> None:
        """Run these steps in this order, next."""
        for item in reversed(steps):
            if isinstance(item, tuple):
                self.then(item[0], **item[1])
            else:
                self.then(item)

    def ask(self, prompt: Prompt, then: StepRef, **args: Any) -> None:
        """Stop and ask ``prompt``; the answer goes to ``then`` as the ``answer`` argument."""
        if self.state.get("prompt") is not None:
            raise RuntimeError(f"{self.game.id}: asked {prompt.key} while "
                               f"{self.state['prompt']['key']} waits for an answer")
        if self.phase == START:
            raise RuntimeError(f"{self.game.id}: asked {prompt.key} before setup set a phase")
        name = step_name(then)
        if name not in self.game.steps:
            raise KeyError(f"{self.game.id}: unknown step {name}")
        self.state["prompt"] = prompt.to_json()
        self.state["pending"] = {"step": name, "args": args}

    def finish(self) -> None:
        """The game is over: drop whatever was scheduled."""
        self.state["finished"] = True
        self.state["stack"].clear()

    @property
    def finished(self) -> bool:
        """Whether the game is over."""
        return bool(self.state.get("finished"))

    # --- the log ----------------------------------------------------------------------
    def log(self, actor: str, action: str, params: Params | None = None,
            why: Why | None = None) -> None:
        """Record what an actor did (a message id + params) and why: a decision or a
        change the app keeps (a thing to do on the board: :meth:`instruct`)."""
        entry: LogEntry = {
            "i": len(self._log),
            "turn": self.turn,
            "actor": actor,
            "action": msg(action, **(params or {})),
        }
        if why is not None:
            entry["why"] = self._named(why)
        self._log.append(entry)

    def instruct(self, actor: str, action: str, params: Params | None = None,
                 why: Why | None = None, *, icon: str) -> None:
        """Record a thing the player does on the board for the bot ``actor`` (move a marker,
        place a piece, block a space), and why, with the picture ``icon`` beside it: such
        entries make up :meth:`automa.Session.turn_summary`, the turn's checklist."""
        self.log(actor, action, params, why)
        self._log[-1]["table"] = True
        self._log[-1]["icon"] = icon

    def _label(self, value: Any) -> Any:
        """A value in words: numbers name themselves, lists are named item by item."""
        if isinstance(value, list):
            parts = [self._label(v) for v in value]
            return None if any(p is None for p in parts) else parts
        if isinstance(value, int | float) and not isinstance(value, bool):
            return value
        if isinstance(value, str) and value.isascii() and value.isdigit():  # a card number
            return value
        return self.game.value_label(value)

    def _named(self, why: Why) -> Why:
        """``why`` with ``labels`` (aligned with ``candidates``) and ``pick_label`` added
        where every value has a name; a front end shows a line only when it is named."""
        named = why.copy()
        candidates = why.get("candidates")
        if candidates and "labels" not in why:
            labels = self._label(list(candidates))
            if labels is not None:
                named["labels"] = labels
        if why.get("pick") is not None and "pick_label" not in why:
            pick = self._label(why["pick"])
            if pick is not None:
                named["pick_label"] = pick
        return named
