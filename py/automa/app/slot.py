"""The game in play and its place in the save store — the page's saving, without a DOM.

The page (``web/main.py``) draws; this decides: which revision of a save is open, when it is
written (never over newer work from another tab, never back after a delete), and whether a
game that opened without its undo history keeps its original aside until the player accepts.
"""

from __future__ import annotations

from collections.abc import Callable

from automa.app import present
from automa.app.saves import SaveDeleted, SaveMeta, SaveStore, StaleSave, storage_change
from automa.app.storage import NewerVersionOpen, StorageError, StorageFull
from automa.core.errors import AutomaError
from automa.core.savefile import load_game
from automa.core.session import Session

#: What a save came to: "saved"; "held" (not written: the original could not be kept);
#: "stale" (newer work from another tab is stored: open it again); "deleted" (closed);
#: "newer" (a newer version of the app opened the storage: carried for it, not written);
#: "moved" (that version has changed the game itself: nothing kept, the game closed);
#: "failed".
Saved = tuple[str, AutomaError | None]


class Slot:
    """The session in play, its save id, stored revision and held original."""

    def __init__(self, store: SaveStore, now: Callable[[], float],
                 make_room: Callable[[], bool] = lambda: False) -> None:
        self.store = store
        self.now = now
        self.make_room = make_room  # frees storage a save may take (True: something freed)
        self.session: Session | None = None
        self.save_id = ""
        self.rev: int | None = None  # the stored revision (None: not stored yet)
        self.created = 0.0
        self.holding = False  # the original is kept aside until the player accepts
        self.hold_failed = ""  # ... or could not be (why): then the game is not saved
        self.carried = ""  # the game as this tab last carried it for a newer version

    def open(self, save_id: str) -> bool:
        """Make ``save_id`` the game in play, loading it unless the open one is current;
        False if there is no such save. A broken save raises the engine's error."""
        record = self.store.load(save_id)
        if record is None:
            in_play = self.session is not None and self.save_id == save_id
            if in_play and self.store.unavailable:  # the storage was lost under it: the
                self.save()  # game in play lives on in this tab's memory
                return True
            # A new game the storage had no room for plays on (the player was told).
            return in_play and self.rev is None
        if self.session is not None and self.save_id == save_id and self.rev == record.meta.rev:
            return True
        self.session = load_game(record.text)
        self.save_id, self.rev, self.created = save_id, record.meta.rev, record.meta.created
        self.keep_original(record.text)
        return True

    def keep_original(self, text: str) -> None:
        """A game that opened without its undo history keeps ``text`` (its original) aside
        until the player accepts; if there is no room for it, it is not saved over it."""
        self.hold_failed = ""
        self.holding = self.store.held(self.save_id) is not None
        if self.session is not None and not self.holding and (
                self.session.history_dropped or self.session.lost or self.session.carried):
            try:
                self.store.hold(self.save_id, text)
                self.holding = True
            except StorageError as e:
                self.hold_failed = str(e.params.get("detail", ""))

    def begin(self, session: Session, original: str = "") -> Saved:
        """Make a new (or imported, from ``original``) session the game in play, under a
        new save id, and save it."""
        self.session, self.save_id = session, self.store.new_id(session.game_id)
        self.rev, self.created = None, self.now()
        self.holding, self.hold_failed = False, ""
        saved = self.save()
        if original and self.rev is not None:
            self.keep_original(original)
        return saved

    def save(self) -> Saved:
        """Write the game in play over the revision it was opened at."""
        s = self.session
        if s is None:
            return "saved", None
        if self.hold_failed:
            return "held", None
        try:
            try:
                meta = self.write(s)
            except StorageFull:
                if not self.make_room():
                    raise
                meta = self.write(s)
        except StaleSave as e:  # another tab saved newer work: write nothing; the next
            self.session = None  # open() loads the newer work
            return "stale", e
        except SaveDeleted as e:  # deleted in another tab: do not bring it back
            self.close()
            return "deleted", e
        except NewerVersionOpen as e:  # never written over: kept for the newer version
            return self.carry(e)
        except StorageError as e:
            return "failed", e
        self.rev, self.created = meta.rev, meta.created
        return "saved", None

    def write(self, s: Session) -> SaveMeta:
        """Write ``s`` over the revision it was opened at (the store's errors pass through)."""
        return self.store.save(self.save_id, s.to_json(), game=s.game_id, turn=s.turn,
                               finished=s.finished, rev=self.rev, created=self.created or None,
                               about=present.about(s))

    def carry(self, refused: NewerVersionOpen) -> Saved:
        """Keep the game in play for the newer version of the app that opened the storage
        (it adopts it when it next starts, or at once if it is open in another tab). Once that
        version has changed the game itself (not only taken in what this tab carried: it
        played on, or opened it under corrected rules without its history), this tab's
        answers no longer continue the stored game: it keeps nothing more ("moved") rather
        than leave a copy of the game per answer."""
        s = self.session
        if s is None:
            return "newer", refused
        # (a game deleted since is carried all the same: the newer version drops it)
        stored, rev = self.store.peek(self.save_id), self.rev
        if stored is not None and stored.meta.rev != self.rev:
            if not self.carried or stored.text != self.carried:
                return "moved", refused
            rev = stored.meta.rev  # it took in what this tab carried: go on from there
        text = s.to_json()
        try:
            self.store.carry(self.save_id, text, game=s.game_id, turn=s.turn,
                             finished=s.finished, rev=rev, created=self.created)
        except StorageError as e:
            return "failed", e
        self.carried = text
        return "newer", refused

    def close(self) -> None:
        """No game in play any more."""
        self.session, self.save_id, self.rev = None, "", None
        self.holding, self.hold_failed, self.carried = False, "", ""

    def accept(self) -> Saved:
        """The player accepts the game without its history: forget the original (and save
        the game, if it was held back for want of room)."""
        if self.save_id:
            self.store.release(self.save_id)
        self.holding = False
        if self.hold_failed:
            self.hold_failed = ""
            return self.save()
        return "saved", None

    def delete(self, save_id: str) -> None:
        """Delete one saved game (closing it if it is in play)."""
        self.store.delete(save_id)
        if self.save_id == save_id:
            self.close()

    def storage_changed(self, key: str) -> str:
        """Another tab changed storage ``key``: "deleted" (the game in play was, and is
        closed), "changed" (to be opened again), "list" or ""."""
        open_id = self.save_id if self.session is not None else ""
        change = storage_change(key, open_id, self.rev, lambda: self.store.meta(open_id))
        if change == "deleted":
            self.close()
        elif change == "changed":
            self.session = None  # the next open() loads the newer revision
        return change
