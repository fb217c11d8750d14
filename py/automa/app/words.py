"""Messages and values in one language, as every screen and the terminal word them
(:class:`Words`; the presenter, :mod:`automa.app.present`, is its main reader)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from automa.core import i18n, records
from automa.core.session import Session


class Words:
    """Messages and values in one language."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def t(self, key: str, **params: Any) -> str:
        """A message."""
        return i18n.render(key, params, self.lang)

    def text(self, value: records.Shown) -> str:
        """A message reference, a list, a bool or a plain value as text (a plain string as
        it is: it is never taken for a message id)."""
        return i18n.text(value, self.lang)

    def actor(self, game: str, actor: str) -> str:
        """An actor's name: the game's own word for it, else the core one."""
        return self.text(actor_name(game, actor))

    def card_name(self, game: str, card: str) -> str:
        """A card's name if the game's catalog has one, else its id."""
        key = f"{game}.card.{card}"
        return self.t(key) if i18n.has_message(key, "en") else card

    def mark(self, game: str, mark: str) -> str:
        """A card mark's name (e.g. "returned to the box")."""
        key = f"{game}.mark.{mark}"
        return self.t(key) if i18n.has_message(key, "en") else mark

    def turn(self, session: Session, turn: Any) -> str:
        """A turn as the game counts it ("Round 2, turn 3"), or "Setup" before the first."""
        return self.text(turn_name(session, turn))


def actor_name(game: str, actor: str) -> records.Shown:
    """An actor's name as a message: the game's own word for it, else the core one (else
    the actor's id as it is)."""
    for key in (f"{game}.actor.{actor}", f"core.actor.{actor}"):
        if i18n.has_message(key, "en"):
            return i18n.msg(key)
    return actor


def turn_name(session: Session, turn: Any) -> records.MessageRef:
    """A turn as the game counts it, as a message ("Round 2, turn 3"; "Setup" before the
    first)."""
    if not isinstance(turn, int) or turn <= 0:
        return i18n.msg("web.log.setup")
    return session.game.turn_label(turn) or i18n.msg("web.play.turn", n=turn)


def clock_text(ms: float, local: Callable[[float], tuple[int, int, int, int, int]]) -> str:
    """A moment as the page and the terminal write it, the same in every language
    ("2026-11-29 08:12"; "—" for none): ``local`` gives its year, month, day, hour and minute
    in the device's time zone.

    >>> clock_text(1.0, lambda ms: (2026, 11, 29, 8, 5))
    '2026-11-29 08:05'
    >>> clock_text(0, lambda ms: (1970, 1, 1, 0, 0))
    '—'
    """
    if not ms:
        return "—"
    year, month, day, hour, minute = local(ms)
    return f"{year}-{month:02d}-{day:02d} {hour:02d}:{minute:02d}"
