"""What the "My decks" screens do (Glory of Civilizations): the list of kept decks, the
card editor and the deck chosen for a new game.

Every edit is kept in storage as it is made (a draft with problems too), so nothing typed
is lost when the player leaves the editor or closes the page; "Done" goes back to the list.
Stored decks are read as hostile text by :mod:`automa.app.deck_editor`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from automa.app import deck_editor as decks
from automa.app.html import Safe
from automa.app.outcome import Outcome
from automa.app.saves import KeyValue, StorageError
from automa.core.errors import AutomaError
from automa.games.glory_of_civilizations import editor

if TYPE_CHECKING:
    from automa.app.controller import Controller

Cards = list[dict[str, Any]]


class DeckDesk:
    """The decks kept in this browser and the one in the editor."""

    def __init__(self, app: Controller) -> None:
        self.app = app
        self.deck: decks.Deck | None = None

    @property
    def kv(self) -> KeyValue:
        """The browser's storage (the save store's)."""
        return self.app.store.kv

    # --- screens ------------------------------------------------------------------------
    def deck_choice(self) -> Safe:
        """The deck choice of the new-game screen."""
        return decks.deck_choice(decks.kept_decks(self.kv, self.app.w), self.app.w)

    def chosen_deck(self, deck_id: str) -> dict[str, Any]:
        """The ``custom_deck`` option of the deck chosen on the new-game screen."""
        return {"custom_deck": decks.load_deck(self.kv, deck_id, self.app.w)["cards"]}

    def route(self, parts: list[str]) -> Safe:
        """``#/decks/<game>`` (the list) or ``#/deck/<id>/<card>`` (the editor)."""
        w = self.app.w
        if parts[0] == "deck" and len(parts) > 1:
            if self.deck is None or self.deck["id"] != parts[1]:
                self.deck = decks.load_deck(self.kv, parts[1], w)
            if not self.deck["error"]:
                index = int(parts[2]) if len(parts) > 2 and parts[2].isdigit() else 0
                return decks.editor_screen(self.deck, index, w)
        self.deck = None
        found = decks.kept_decks(self.kv, w)
        for d in found:
            if d["error"]:
                self.app.flash(self.app.t("web.decks.broken", reason=d["error"]))
        return decks.decks_screen(found, self.app.confirm_delete, w)

    # --- edits --------------------------------------------------------------------------
    def keep(self, deck_id: str, name: str, cards: Cards) -> bool:
        """Store a deck; a full storage is reported (the deck stays in the editor)."""
        try:
            decks.put_deck(self.kv, deck_id, name, cards)
        except StorageError as e:
            self.app.flash(self.app.error_text(e))
            return False
        return True

    def edited(self, cards: Cards, index: int) -> Outcome:
        """The deck in the editor with its cards changed: kept at once, then shown at card
        ``index``."""
        d = self.deck
        if d is None:
            return Outcome()
        self.app.message = ""
        self.keep(d["id"], d["name"], cards)
        self.deck = decks.read_deck(d["id"], decks.deck_text(d["name"], cards), self.app.w)
        return Outcome(go=f"#/deck/{d['id']}/{max(0, min(index, len(cards) - 1))}")

    def field(self, index: int, path: str, text: str) -> Outcome:
        """A field of card ``index`` in the editor changed."""
        d = self.deck
        if d is None or not 0 <= index < len(d["cards"]):
            return Outcome()
        cards = list(d["cards"])
        cards[index] = editor.with_field(cards[index], path,
                                         decks.field_value_from_form(path, text))
        return self.edited(cards, index)

    def rename(self, name: str) -> Outcome:
        """The deck in the editor got a new name (kept at once)."""
        if self.deck is not None:
            self.deck["name"] = name[:decks.MAX_NAME]
            self.keep(self.deck["id"], self.deck["name"], self.deck["cards"])
        return Outcome()

    def imported(self, name: str, text: str | None, error: str | None) -> Outcome:
        """A deck file was read: keep it as a new deck, or say why not."""
        self.app.message = ""
        try:
            if error or text is None:
                raise ValueError(str(error))
            found = editor.deck_from_json(text)
            self.keep(decks.new_deck_id(self.kv, self.app.now()), name.removesuffix(".json"),
                      found)
        except (AutomaError, ValueError) as e:
            self.app.flash(self.app.t("web.decks.import_error", name=name,
                                      reason=self.app.error_text(e)
                                      if isinstance(e, AutomaError) else str(e)))
        return Outcome(redraw=True)

    # --- taps ---------------------------------------------------------------------------
    def tap(self, action: str, arg: str) -> Outcome:
        """A ``deck-…`` button."""
        handler = DECK_ACTIONS.get(action)
        return handler(self, arg) if handler is not None else Outcome()

    def deck_new(self, source: str) -> Outcome:
        """A new deck: a copy of the companion edition or one blank card."""
        deck_id = decks.new_deck_id(self.kv, self.app.now())
        self.keep(deck_id, self.app.t("web.decks.default_name"), decks.new_cards(source))
        self.deck = None
        return Outcome(go=f"#/deck/{deck_id}/0")

    def deck_edit(self, deck_id: str) -> Outcome:
        """Open a kept deck in the editor."""
        self.app.message, self.deck = "", None
        return Outcome(go=f"#/deck/{deck_id}/0")

    def deck_card(self, index: str) -> Outcome:
        """Show another card of the deck in the editor."""
        if self.deck is None:
            return Outcome()
        return Outcome(go=f"#/deck/{self.deck['id']}/{small_int(index)}")

    def deck_add(self, copy_of: str) -> Outcome:
        """Add a blank card (``copy_of``: duplicate that card instead)."""
        if self.deck is None:
            return Outcome()
        cards = decks.add_card(self.deck["cards"], small_int(copy_of) if copy_of else None)
        return self.edited(cards, len(cards) - 1)


    def deck_remove(self, index: str) -> Outcome:
        """Remove a card from the deck."""
        if self.deck is None:
            return Outcome()
        return self.edited(decks.remove_card(self.deck["cards"], small_int(index)),
                           small_int(index))

    def deck_save(self, arg: str) -> Outcome:
        """The deck is done: kept (a draft with problems is kept too), back to the list."""
        if self.deck is not None:
            self.app.message = ""
            if self.keep(self.deck["id"], self.deck["name"], self.deck["cards"]):
                self.app.flash(self.app.t("web.decks.saved"), "info")
        return Outcome(go=f"#/decks/{decks.GAME}")

    def deck_export(self, deck_id: str) -> Outcome:
        """Download a deck without problems as a .json file."""
        found = decks.load_deck(self.kv, deck_id, self.app.w)
        if found["error"] or found["problems"]:
            self.app.flash(self.app.t("web.decks.export_error"))
            return Outcome(redraw=True)
        return Outcome(download=(f"deck-{deck_id}.json",
                                      editor.deck_to_json(found["cards"])))

    def deck_delete(self, deck_id: str) -> Outcome:
        """Ask before deleting a deck (``deck-delete-no`` keeps it)."""
        self.app.confirm_delete = deck_id
        return Outcome(redraw=True)

    def deck_delete_no(self, arg: str) -> Outcome:
        """Keep the deck."""
        return self.deck_delete("")

    def deck_delete_yes(self, deck_id: str) -> Outcome:
        """Delete one deck."""
        decks.delete_deck(self.kv, deck_id)
        return self.deck_delete("")


def small_int(text: str) -> int:
    """A card index from a button's argument (0 if it is none)."""
    return int(text) if text.isascii() and text.isdigit() and len(text) < 6 else 0


DECK_ACTIONS: dict[str, Callable[[DeckDesk, str], Outcome]] = {
    "deck-new": DeckDesk.deck_new,
    "deck-edit": DeckDesk.deck_edit,
    "deck-card": DeckDesk.deck_card,
    "deck-add": DeckDesk.deck_add,
    "deck-dup": DeckDesk.deck_add,
    "deck-remove": DeckDesk.deck_remove,
    "deck-save": DeckDesk.deck_save,
    "deck-export": DeckDesk.deck_export,
    "deck-delete": DeckDesk.deck_delete,
    "deck-delete-no": DeckDesk.deck_delete_no,
    "deck-delete-yes": DeckDesk.deck_delete_yes,
}
"""Every ``deck-…`` button by its ``data-act``, with the argument of its ``data-arg``."""
