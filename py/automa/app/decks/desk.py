"""What the "My decks" screens do, for every game whose player keys in their own cards: the
list of kept decks, the card editor and the deck chosen for a new game.

The desk shows one game's decks at a time (the one named by ``#/decks/<game>``, by the deck
opened, or by the new-game screen), with that game's card editor. Every edit is kept in
storage as it is made (a draft with problems too), so nothing typed is lost when the player
leaves the editor or closes the page; "Done" goes back to the list. Stored decks are read as
hostile text by :mod:`automa.app.decks.my_decks`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from automa.app.decks import my_decks as decks
from automa.app.decks.my_decks import DeckGame
from automa.app.html import Safe
from automa.app.outcome import Outcome
from automa.app.storage import KeyValue, StorageError
from automa.core.errors import AutomaError, InvalidOption
from automa.core.numbers import int_or

if TYPE_CHECKING:
    from automa.app.controller import Controller

Cards = list[dict[str, Any]]


class DeckDesk:
    """The decks kept in this browser and the one in the editor."""

    def __init__(self, app: Controller, games: list[str]) -> None:
        self.app = app
        self.games = games
        """The games whose player keys in cards (at least one)."""
        self.game: DeckGame | None = None
        """The game whose decks are shown (None until one is)."""
        self.deck: decks.Deck | None = None
        self.unsaved = False
        """The deck in the editor has changes the storage had no room for."""
        self.offered: dict[str, str] = {}
        """The decks the new-game screen offered, by id: their names."""

    @property
    def kv(self) -> KeyValue:
        """The browser's storage (the save store's)."""
        return self.app.store.kv

    @property
    def g(self) -> DeckGame:
        """The game whose decks are shown (the first that keys in cards, until one is
        chosen)."""
        return self.game or self.use("")

    def use(self, game_id: str) -> DeckGame:
        """Show the decks of ``game_id`` (its rules are loaded; the deck in the editor, of
        another game, is put away); a game whose player keys in no cards leaves the game
        shown as it is."""
        wanted = (game_id if game_id in self.games
                  else self.game.id if self.game else self.games[0])
        if self.game is None or self.game.id != wanted:
            found = decks.deck_game(wanted)
            assert found is not None, wanted  # (a game listed with an editor has one)
            self.game, self.deck = found, None
        return self.game

    # --- screens ------------------------------------------------------------------------
    def deck_choice(self, game_id: str) -> Safe:
        """The deck choice of the new-game screen of ``game_id``."""
        g = self.use(game_id)
        found = decks.kept_decks(self.kv, g, self.app.w)
        self.offered = {d["id"]: d["name"] for d in found}
        return decks.deck_choice(g, found, self.app.w)

    def chosen_deck(self, game_id: str, deck_id: str) -> dict[str, Any]:
        """The deck option of the deck chosen on the new-game screen of ``game_id``; a deck
        deleted or broken since it was offered (in another tab) is refused by its name,
        never replaced by the game's own cards."""
        g = self.use(game_id)
        found = decks.load_deck(self.kv, g, deck_id, self.app.w)
        name = self.offered.get(deck_id) or found["name"]
        if found["error"] or found["problems"] or not found["cards"]:
            gone = decks.stored_revision(self.kv, deck_id) is None
            raise InvalidOption("web.decks.chosen_gone" if gone else "web.decks.chosen_broken",
                                name=name, reason=found["error"] or
                                (found["problems"] or [""])[0])
        return {g.option.id: found["cards"]}

    def route(self, parts: list[str]) -> Safe:
        """``#/decks/<game>`` (the list) or ``#/deck/<id>/<card>`` (the editor, with the
        editor of the game the deck names)."""
        w = self.app.w
        if parts[0] == "deck" and len(parts) > 1:
            if self.deck is None or self.deck["id"] != parts[1]:
                self.use(decks.stored_game(self.kv, parts[1]))
                self.deck = decks.load_deck(self.kv, self.g, parts[1], w)
            if not self.deck["error"]:
                index = small_int(parts[2]) if len(parts) > 2 else 0
                return decks.editor_screen(self.g, self.deck, index, w)
        elif len(parts) > 1:
            self.use(parts[1])
        self.deck = None
        found = decks.kept_decks(self.kv, self.g, w)
        for d in found:
            if d["error"]:
                self.app.flash(self.app.t("web.decks.broken", reason=d["error"]))
        return decks.decks_screen(self.g, found, self.app.confirm_delete, w)

    # --- edits --------------------------------------------------------------------------
    def keep(self, deck_id: str, name: str, cards: Cards, rev: int | None) -> int | None:
        """Store a deck over the revision ``rev`` read (``None``: a new deck); the revision
        written, or ``None`` when nothing was: a full storage is reported (the deck stays in
        the editor), newer work of another tab is reloaded into the editor, a deck deleted
        there leaves it (each with its message)."""
        self.unsaved = False
        try:
            return decks.put_deck(self.kv, self.g.id, deck_id, name, cards, rev,
                                  lost=bool(self.app.store.unavailable))
        except decks.StaleDeck as e:
            self.app.flash(self.app.error_text(e))
            self.deck = decks.load_deck(self.kv, self.g, deck_id, self.app.w)
        except decks.DeckDeleted as e:
            self.app.flash(self.app.error_text(e))
            self.deck = None
        except StorageError as e:
            self.app.flash(self.app.error_text(e))
            self.unsaved = True
        return None

    def edited(self, cards: Cards, index: int) -> Outcome:
        """The deck in the editor with its cards changed: kept at once, then shown at card
        ``index`` (or, if another tab deleted it, the list of decks)."""
        d = self.deck
        if d is None:
            return Outcome()
        self.app.message = ""
        rev = self.keep(d["id"], d["name"], cards, d["rev"])
        if rev is not None or self.deck is d:  # written, or kept in the editor unwritten
            text = decks.deck_text(self.g.id, d["name"], cards, rev or d["rev"])
            self.deck = decks.read_deck(self.g, d["id"], text, self.app.w)
        if self.deck is None:
            return Outcome(go=f"#/decks/{self.g.id}")
        last = len(self.deck["cards"]) - 1
        return Outcome(go=f"#/deck/{d['id']}/{max(0, min(index, last))}")

    def field(self, index: int | str, path: str, text: str) -> Outcome:
        """A field of card ``index`` in the editor changed."""
        index = small_int(index) if isinstance(index, str) else index
        d = self.deck
        if d is None or not 0 <= index < len(d["cards"]):
            return Outcome()
        cards = list(d["cards"])
        cards[index] = self.g.editor.with_field(
            cards[index], path, decks.field_value_from_form(self.g, path, text))
        return self.edited(cards, index)

    def rename(self, name: str) -> Outcome:
        """The deck in the editor got a new name (kept at once)."""
        d = self.deck
        if d is None:
            return Outcome()
        self.app.message = ""
        rev = self.keep(d["id"], name[:decks.MAX_NAME], d["cards"], d["rev"])
        if rev is not None:
            d["name"], d["rev"] = name[:decks.MAX_NAME], rev
        elif self.deck is d:  # not written (no room): kept in the editor
            d["name"] = name[:decks.MAX_NAME]
        return Outcome() if rev is not None else Outcome(redraw=True)

    def imported(self, name: str, text: str | None, error: str | None) -> Outcome:
        """A deck file was read: keep it as a new deck, or say why not."""
        self.app.message = ""
        try:
            if error or text is None:
                raise ValueError(str(error))
            found = self.g.editor.from_file(text)
            self.keep(decks.new_deck_id(self.kv, self.app.now()), name.removesuffix(".json"),
                      found, None)
        except (AutomaError, ValueError) as e:
            self.app.flash(self.app.t("web.decks.import_error", name=name,
                                      reason=self.app.error_text(e)
                                      if isinstance(e, AutomaError) else str(e)))
        return Outcome(redraw=True)

    def storage_changed(self, deck_id: str) -> Outcome:
        """Another tab changed or deleted the deck ``deck_id``: the editor never keeps
        showing an older version (nor a deleted deck), and the list is redrawn."""
        d = self.deck
        if d is not None and d["id"] == deck_id:
            rev = decks.stored_revision(self.kv, deck_id)
            if rev is None:
                self.deck = None
                self.app.flash(self.app.t("web.decks.deleted"))
                return Outcome(go=f"#/decks/{self.g.id}")
            if rev != d["rev"]:
                self.deck = None  # the route loads the newer version
                self.app.flash(self.app.t("web.decks.changed"), "info")
                return Outcome(redraw=True)
            return Outcome()
        return Outcome(redraw=self.app.screen in ("decks", "new"))

    # --- taps ---------------------------------------------------------------------------
    def tap(self, action: str, arg: str) -> Outcome:
        """A ``deck-…`` button."""
        handler = DECK_ACTIONS.get(action)
        return handler(self, arg) if handler is not None else Outcome()

    def deck_new(self, source: str) -> Outcome:
        """A new deck: a copy of the game's own cards or one blank card."""
        deck_id = decks.new_deck_id(self.kv, self.app.now())
        self.keep(deck_id, self.app.t("web.decks.default_name"),
                  decks.new_cards(self.g, source), None)
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
        cards = decks.add_card(self.g, self.deck["cards"],
                               small_int(copy_of) if copy_of else None)
        return self.edited(cards, len(cards) - 1)

    def deck_remove(self, index: str) -> Outcome:
        """Remove a card from the deck."""
        if self.deck is None:
            return Outcome()
        return self.edited(decks.remove_card(self.deck["cards"], small_int(index)),
                           small_int(index))

    def deck_save(self, arg: str) -> Outcome:
        """The deck is done: kept (a draft with problems is kept too), back to the list."""
        d = self.deck
        if d is not None:
            self.app.message = ""
            if not self.unsaved or self.keep(d["id"], d["name"], d["cards"],
                                             d["rev"]) is not None:
                self.app.flash(self.app.t("web.decks.saved"), "info")  # every edit is kept
        self.deck = None
        return Outcome(go=f"#/decks/{self.g.id}")

    def deck_export(self, deck_id: str) -> Outcome:
        """Download a deck without problems as a .json file."""
        found = decks.load_deck(self.kv, self.g, deck_id, self.app.w)
        if found["error"] or found["problems"]:
            self.app.flash(self.app.t("web.decks.export_error"))
            return Outcome(redraw=True)
        return Outcome(download=(f"deck-{deck_id}.json", self.g.editor.to_file(found["cards"])))

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
    """A card index from a button's argument or a URL (0 if it is none)."""
    return int_or(text, 0, decks.MAX_CARDS, 0)


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
