"""A game's options: what the player chooses at the start of a game (its difficulty, its
readings of the rules), each checked, labelled by the house convention, and read as an older
game played where a save does not name it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Literal

from automa.core.card_editor import CardEditor
from automa.core.errors import InvalidOption
from automa.core.numbers import describe, is_number_text


@dataclass(frozen=True)
class OptionSpec:
    """One game option: an id, a type, a default and the allowed values."""

    id: str
    type: Literal["choice", "int", "bool", "data"]
    default: Any
    choices: tuple[Any, ...] = ()
    """Allowed values (for ``choice`` and ``int``; ``bool`` is always true/false)."""
    label: str = ""
    """Message id of the option's name; ``<label>.<value>`` names each value."""
    help: str = ""
    """Message id of a longer explanation, if any."""
    advanced: bool = False
    """A rules-reading switch most players never touch (shown folded away)."""
    validate: Callable[[Any], Any] | None = None
    """For ``data``: returns the canonical value (JSON) or raises a typed, translated error
    (:class:`InvalidOption`, :class:`InvalidCardData`). A ``data`` option (e.g. a deck keyed in
    by the player) is not a plain form field: its editor is the game's own."""
    editor: CardEditor | None = None
    """For a ``data`` option that is a deck of the player's own cards: the game's card editor
    (the app's "My decks" screens key, keep and check the cards with it)."""
    earlier: tuple[tuple[int, Any], ...] = ()
    """How a game saved before a version of its rules played, where its save does not name
    this option (it came later): ``((version, value), …)``, oldest first — a save made under
    a version below ``version`` plays with ``value`` (the first that applies), so that a rules
    fix that changed a decision already taken leaves an older game the reading it was played
    with. A save after the last one plays with the default."""

    @classmethod
    def named(cls, game_id: str, option_id: str,
              type: Literal["choice", "int", "bool", "data"], default: Any,
              choices: tuple[Any, ...] = (), *, advanced: bool = False, help: bool = False,
              validate: Callable[[Any], Any] | None = None,
              editor: CardEditor | None = None) -> OptionSpec:
        """An option of ``game_id`` labelled by the house convention: ``<game>.option.<id>``
        names it (``….<value>`` each value) and, with ``help``, ``….<id>_help`` explains it.

        >>> OptionSpec.named("tapestry", "difficulty", "int", 2, (1, 2, 3)).label
        'tapestry.option.difficulty'
        """
        label = f"{game_id}.option.{option_id}"
        return cls(option_id, type, default, choices, label=label,
                   help=f"{label}_help" if help else "", advanced=advanced, validate=validate,
                   editor=editor)

    def played_under(self, version: int) -> Any:
        """The value a game saved under ``version`` of its rules played with, where its save
        does not name this option (:attr:`earlier`; else the default)."""
        return next((value for before, value in self.earlier if version < before),
                    self.default)

    @classmethod
    def reading(cls, game_id: str, option_id: str, default: Any,
                choices: tuple[Any, ...] = (), *,
                earlier: tuple[tuple[int, Any], ...] = ()) -> OptionSpec:
        """A rules reading: an advanced switch with its help text, true/false when
        ``default`` is a bool, else one of ``choices``.

        >>> r = OptionSpec.reading("civ_new_dawn", "ties", "defender", ("defender", "attacker"))
        >>> (r.type, r.advanced, r.help)
        ('choice', True, 'civ_new_dawn.option.ties_help')
        """
        kind: Literal["choice", "bool"] = "bool" if isinstance(default, bool) else "choice"
        spec = cls.named(game_id, option_id, kind, default, () if kind == "bool" else choices,
                         advanced=True, help=True)
        return replace(spec, earlier=earlier) if earlier else spec

    def to_json(self) -> dict[str, Any]:
        """The option's schema as JSON."""
        allowed = [True, False] if self.type == "bool" else list(self.choices)
        if self.type == "data":
            allowed = [self.default]
        return {
            "id": self.id,
            "type": self.type,
            "default": self.default,
            "choices": allowed,
            "label": self.label,
            "choice_labels": [f"{self.label}.{str(v).lower()}" for v in allowed],
            "help": self.help,
            "advanced": self.advanced,
            "form_field": self.type != "data",
            "editor": self.editor is not None,
        }

    def coerce(self, value: Any) -> Any:
        """The value checked (and converted from text, as given on a command line): the
        allowed value itself (never ``1.0`` for ``1`` or ``True`` for ``1``); anything else
        raises :class:`InvalidOption`."""
        if self.type == "data":
            return value if self.validate is None else self.validate(value)
        if self.type == "bool":
            if isinstance(value, str) and value.lower() in ("true", "yes", "1", "false", "no", "0"):
                value = value.lower() in ("true", "yes", "1")
            if not isinstance(value, bool):
                raise self._refuse(value, ["true", "false"])
            return value
        if self.type == "int" and isinstance(value, str) and is_number_text(value):
            value = int(value.strip())
        for allowed in self.choices:
            if isinstance(allowed, bool) == isinstance(value, bool) and type(value) in (
                    int, str, bool) and allowed == value:
                return allowed
        raise self._refuse(value, [str(c) for c in self.choices])

    def _refuse(self, value: Any, allowed: list[str]) -> InvalidOption:
        shown = value if isinstance(value, str) and len(value) <= 60 else describe(value)
        return InvalidOption("error.option.bad_value", option=self.id, value=shown,
                             allowed=allowed)
