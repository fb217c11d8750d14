"""What the records screens and the end of a game do: the record of a finished game is kept
the moment it ends (and whenever a finished game is opened without one), the player's scores
are entered on one screen (optional; completed or corrected later from the records), and
records go out and come back in files without duplicates.

Every record is read anew from storage and checked (:mod:`automa.app.game_records`); a storage
that refuses or throws is said in words and never stops a game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from automa.app import game_records as rec
from automa.app import record_views as views
from automa.app.banner import DeskTools
from automa.app.html import Safe
from automa.app.outcome import Outcome
from automa.app.record_present import Words4Records
from automa.app.storage import KeyValue, StorageError
from automa.core.session import Session

if TYPE_CHECKING:
    from automa.app.answers import PageForm


class RecordDesk:
    """The records of this browser, for the controller."""

    def __init__(self, tools: DeskTools, kv: KeyValue) -> None:
        self.tools = tools
        self.store = rec.RecordStore(kv, tools.now)
        self.confirm = ""
        self.undone: rec.Record | None = None
        """The record withdrawn when its game's end was undone (what the player entered in
        it comes back if that game ends again while the app is open)."""

    @property
    def words(self) -> Words4Records:
        """Records in the chosen language."""
        return Words4Records(self.tools.games, self.tools.w)

    def problem(self, error: rec.RecordError | StorageError) -> None:
        """Say why records could not be read or kept."""
        self.tools.flash(self.tools.error_text(error))

    # --- the end of a game --------------------------------------------------------------
    def kept(self, session: Session, save_id: str) -> rec.Record | None:
        """The record of the finished game in play, written if it is new or changed (a
        storage that refuses: said, and the record shown all the same)."""
        undone = self.undone if self.undone and self.undone.save == save_id else None
        try:
            return self.store.keep(session, save_id, undone)
        except StorageError as e:
            self.problem(e)
        return rec.of_session(session, save_id, float(self.tools.now()),
                              self.store.for_save(save_id))

    def withdrawn(self, save_id: str) -> None:
        """The end of the game in play was undone: its record goes with it (a storage that
        refuses: said)."""
        try:
            self.undone = self.store.withdraw(save_id) or self.undone
        except StorageError as e:
            self.problem(e)

    def end_panel(self, session: Session, save_id: str) -> Safe | None:
        """The end of the game in play (None before its end)."""
        if not session.finished:
            return None
        record = self.kept(session, save_id)
        if record is None:
            return None
        return views.end_panel(self.words.end(record, self.tools.date), self.tools.w)

    # --- screens ------------------------------------------------------------------------
    def route(self, parts: list[str]) -> tuple[Safe, str]:
        """``#/records`` (every game), ``#/records/<game>`` (one game, every record) or
        ``#/record/<id>`` (one record): the screen's body and title."""
        w = self.words
        if parts[0] == "record" and len(parts) > 1:
            record = self.store.get(parts[1])
            if record is not None:
                return self.record_screen(record), w.game_name(record.game)
            self.tools.flash(self.tools.t("web.records.missing"))
        game = parts[1] if parts[0] == "records" and len(parts) > 1 else ""
        shelf = self.store.shelf()
        if shelf.unavailable:
            self.tools.flash(self.tools.t("web.records.unavailable", detail=shelf.unavailable))
        problems = [w.broken(b) for b in shelf.broken]
        shown = [g for g in self.tools.games if rec.for_game(shelf.records, g)
                 and (not game or g == game)]
        sections = [w.game_records(g, rec.for_game(shelf.records, g), self.tools.date)
                    for g in shown]
        body = views.records_screen(sections, problems, self.tools.w, full=bool(game),
                                    confirm=self.confirm)
        return body, self.tools.t("web.records.title")

    def record_screen(self, record: rec.Record) -> Safe:
        """One record: the bot's score, your entry, the bot's score per round."""
        w = self.words
        records = rec.for_game(self.store.shelf().records, record.game)
        ladder, _ = rec.ladder_of(self.tools.games.get(record.game, {}))
        mine = [record, *[r for r in records if r.id != record.id]]
        return views.record_screen(w.end(record, self.tools.date), w.game_name(record.game),
                                   w.strength(record),
                                   w.rounds_chart(record.game, mine, ladder, "this"),
                                   self.tools.w)

    # --- taps ---------------------------------------------------------------------------
    def tap(self, action: str, arg: str, form: PageForm) -> Outcome:
        """A ``record-…`` button."""
        handler = RECORD_ACTIONS.get(action)
        self.tools.banner.dismiss()
        return handler(self, arg, form) if handler is not None else Outcome()

    def export(self, arg: str, form: PageForm) -> Outcome:
        """Download every record as one file."""
        return Outcome(download=("automa-records.json", rec.bundle(self.store.shelf().records)))

    def ask_delete(self, record_id: str, form: PageForm) -> Outcome:
        """Ask before deleting a record (``record-delete-no`` keeps it)."""
        self.confirm = record_id
        return Outcome(redraw=True)

    def keep_record(self, arg: str, form: PageForm) -> Outcome:
        """Keep the record."""
        return self.ask_delete("", form)

    def delete(self, record_id: str, form: PageForm) -> Outcome:
        """Delete one record (its saved game, if any, is kept)."""
        self.store.delete(record_id)
        return self.ask_delete("", form)

    def save(self, record_id: str, form: PageForm) -> Outcome:
        """The player's scores and who won, entered for a record."""
        record = self.store.get(record_id)
        if record is None:
            self.tools.flash(self.tools.t("web.records.missing"))
            return Outcome(redraw=True)
        top = int(self.words.scoring(record.game).get("player_max") or rec.MAX_SCORE)
        try:
            changed = rec.entered(record, list(form.get("scores", [])), form.get("winner", ""),
                                  top, float(self.tools.now()))
            self.store.put(changed)
        except (rec.RecordError, StorageError) as e:
            self.problem(e)
            return Outcome(redraw=True)
        self.tools.flash(self.tools.t("web.records.saved", result=self.words.result(changed)),
                       "info")
        return Outcome(redraw=True)

    # --- files --------------------------------------------------------------------------
    def export_text(self, save_text: str, save_id: str) -> str:
        """A save's export file with its record."""
        record = self.store.for_save(save_id)
        return rec.with_records(save_text, [record] if record else [])

    def import_file(self, text: str) -> bool:
        """Take in a records file (True), or leave a file that is none (False)."""
        try:
            found = rec.unpack(text)
        except rec.RecordError as e:
            self.problem(e)
            return True
        if not found.is_bundle:
            return False
        try:
            added = self.store.merge(found.records)
        except StorageError as e:
            self.problem(e)
            return True
        self.tools.flash(self.tools.t("web.records.imported", n=added, refused=found.refused),
                       "info")
        return True

    def import_with_save(self, text: str) -> None:
        """Take in the records a save's export file carries (the game's end screen then
        finds its own and links it; a storage that refuses is said)."""
        try:
            self.store.merge(rec.unpack(text).records)
        except (rec.RecordError, StorageError) as e:
            self.problem(e)


RECORD_ACTIONS: dict[str, Callable[[RecordDesk, str, PageForm], Outcome]] = {
    "record-save": RecordDesk.save,
    "record-export": RecordDesk.export,
    "record-delete": RecordDesk.ask_delete,
    "record-delete-no": RecordDesk.keep_record,
    "record-delete-yes": RecordDesk.delete,
}
"""Every ``record-…`` button by its ``data-act``, with its ``data-arg`` and the form."""
