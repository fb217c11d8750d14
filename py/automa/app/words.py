"""Messages and values in one language, as every screen and the terminal word them
(:class:`Words`; the presenter, :mod:`automa.app.present`, is its main reader)."""

from __future__ import annotations

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
        key = f"{game}.actor.{actor}"
        if not i18n.has_message(key, "en"):
            key = f"core.actor.{actor}"
        return self.t(key) if i18n.has_message(key, "en") else actor

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
        if not isinstance(turn, int) or turn <= 0:
            return self.t("web.log.setup")
        label = session.game.turn_label(turn)
        return self.text(label) if label else self.t("web.play.turn", n=turn)
