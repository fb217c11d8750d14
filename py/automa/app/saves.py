"""Saved games and settings over any small key-value storage (``localStorage`` in the page).

Every value read from the storage is treated as hostile: another tab, an older version of the
app, a full disk or a person with the browser's developer tools may have written it. So:

* one key per game (``automa.save.<id>``) holds a header line (revision, game, turn, dates;
  optionally the list's texts per language: the game's turn label, the bot's score, the
  options that matter) and then the engine's save text; the list of games
  (``automa.index``) is only a cache, rebuilt from the game keys whenever it is missing,
  malformed or names other games — a game whose list entry was never written (a full disk)
  is found again, a broken list never locks the app;
* a game is written before the list, and a failed list write drops the list (it is rebuilt),
  so a failure at any point leaves every written game listed;
* each write names the revision it read; if another tab wrote a newer one, or deleted the
  game, the write is refused (:class:`StaleSave`, :class:`SaveDeleted`) instead of
  overwriting newer work or bringing a deleted game back;
* a game that opened without its undo history keeps its original text aside (``held``) until
  the player accepts the loss;
* settings are checked value by value, and a failed settings write has its own message;
* a storage that refuses to be used at all (private mode, storage disabled: the browser's
  ``SecurityError``), from the start or all of a sudden, never stops the app:
  :class:`~automa.app.storage.GuardedStorage` keeps everything in the tab's memory from
  then on, and says so (the page shows a notice and offers export). Only a full storage
  still refuses a write (:class:`~automa.app.storage.StorageFull`), so that the game
  stored before stays as it was;
* the layout is versioned (:data:`STORAGE`, :data:`SETTINGS`): a record of an earlier
  version is read through the migrations, every write carries the current version, and the
  storage names the versions of the newest app that opened it (``automa.format``); a tab of
  an older app that sees newer ones stops writing
  (:class:`~automa.app.storage.NewerVersionOpen`) and keeps the game in play under
  ``automa.carry.<id>``, where the newer app adopts it.
"""

from __future__ import annotations

import contextlib
import json
import math
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import asdict, dataclass
from typing import Any

from automa.app.storage import (
    CARRY_PREFIX,
    KEY_FORMAT,
    Guarded,
    GuardedStorage,
    KeyValue,
    NewerVersionOpen,
    SettingsNotSaved,
    StorageError,
    marker,
)
from automa.core import formats
from automa.core.checks import read_json
from automa.core.errors import AutomaError
from automa.core.formats import Format, Migrated, NewerFormat

SAVE_PREFIX = "automa.save."
HELD_PREFIX = "automa.held."
KEY_INDEX = "automa.index"
KEY_SETTINGS = "automa.settings"
KEY_LAST = "automa.last"
DECK_PREFIX = "automa.deck."
"""A kept deck of "My decks" (:mod:`automa.app.decks.my_decks`)."""
INDEX_VERSION = 2
# The largest file the page reads for an import, checked before reading it (the browser's
# whole storage is about 5 MB; a save of a long game is well under 1 MB).
MAX_IMPORT_BYTES = 4 * 1024 * 1024
HEADER_MAX = 1000
SAVE_ID = re.compile(r"[A-Za-z0-9_-]{1,80}")
GAME_ID = re.compile(r"[a-z][a-z0-9_]{0,39}")
LANG = re.compile(r"[a-z]{2}")
WHEN_TEXT = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}")
"""A stored ``when_text``: a moment as :func:`automa.app.words.clock_text` writes it (the
loading shell checks it with the same pattern: the build hands it over)."""
MAX_TIME_MS = 1e14
MAX_TURN = 1_000_000
MAX_REV = 2**31
SETTING_CHOICES: dict[str, tuple[Any, ...]] = {
    "theme": ("auto", "light", "dark"),
    "text": (1, 1.15, 1.3),
    "paper": ("a4", "letter"),
    "wake": (False, True),
    "speech": ("off", "on", "other"),
    "rate": (0.8, 1.0, 1.25, 1.5),
}


class StaleSave(AutomaError):
    """Another tab or window saved this game since it was read here: nothing was written."""

    key = "web.store.stale"


class SaveDeleted(AutomaError):
    """This game was deleted (in another tab or window) since it was read: nothing written."""

    key = "web.store.deleted"


@dataclass(frozen=True)
class SaveMeta:
    """What the list of saved games shows of one game (every field checked)."""

    save_id: str
    game: str
    created: float
    updated: float
    turn: int
    finished: bool
    rev: int
    turn_text: dict[str, str] | None = None
    """The turn as the game counts it, per language ("Round 3 · turn 1"); optional (headers
    written before it have none: the list shows the plain turn number)."""
    score_text: dict[str, str] | None = None
    """The bot's score in the game's word, per language ("34 VP", "12 Glory"); optional."""
    options_text: dict[str, str] | None = None
    """The options that matter, per language ("Automa level · Druids · solo"); optional."""
    when_text: str | None = None
    """When it was last played, as the app writes it in the device's time zone
    ("2026-11-29 08:12"): the loading shell paints it as the engine would; optional (headers
    of earlier builds have none, and the shell then names no date until the game is next
    saved)."""


TEXT_MAX = 160
"""The longest summary text a header may hold (a longer one is dropped, not shown)."""


def _texts(value: Any) -> dict[str, str] | None:
    """An optional per-language text of a header, checked (anything off: ``None``)."""
    if not isinstance(value, dict) or not value:
        return None
    if not all(isinstance(k, str) and LANG.fullmatch(k) and isinstance(v, str)
               and len(v) <= TEXT_MAX for k, v in value.items()):
        return None
    return dict(value)


@dataclass(frozen=True)
class StoredSave:
    """One game as stored: its summary and the engine's save text."""

    meta: SaveMeta
    text: str
    version: int = 0
    """The layout version the record was written in (0: the current one)."""


def valid_save_id(save_id: str) -> bool:
    """Whether ``save_id`` has the shape of an id this app writes (safe in a URL and HTML)."""
    return SAVE_ID.fullmatch(save_id) is not None


def _time(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    number = float(value)
    return number if math.isfinite(number) and 0 <= number <= MAX_TIME_MS else None


def _count(value: Any, top: int) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int):
        return None
    return value if 0 <= value <= top else None


def _meta(save_id: str, raw: Any, rev: Any = None) -> SaveMeta | None:
    """A summary from an untrusted mapping, or ``None`` if any field is off."""
    if not isinstance(raw, dict):
        return None
    game, finished = raw.get("game"), raw.get("finished")
    created, updated = _time(raw.get("created")), _time(raw.get("updated"))
    turn = _count(raw.get("turn"), MAX_TURN)
    revision = _count(raw.get("rev") if rev is None else rev, MAX_REV)
    if (not isinstance(game, str) or GAME_ID.fullmatch(game) is None
            or not isinstance(finished, bool) or created is None or updated is None
            or turn is None or revision is None):
        return None
    return SaveMeta(save_id, game, created, updated, turn, finished, revision,
                    _texts(raw.get("turn_text")), _texts(raw.get("score_text")),
                    _texts(raw.get("options_text")), _when(raw.get("when_text")))


def _when(value: Any) -> str | None:
    """An optional ``when_text`` of a header, checked (anything off: ``None``)."""
    return value if isinstance(value, str) and WHEN_TEXT.fullmatch(value) else None


def _split(raw: str) -> tuple[Any, str]:
    """A stored game's header (parsed, untrusted) and save text; no header in old saves."""
    end = raw.find("\n", 0, HEADER_MAX)
    if end < 0:
        return None, raw
    try:
        header = read_json(raw[:end])
    except ValueError:
        header = None
    return header, raw[end + 1:]


def _peek(save_id: str, text: str) -> SaveMeta:
    """The summary of an old save without a header: read from the save's own fields."""
    data: Any = None
    if len(text) <= MAX_IMPORT_BYTES:
        try:
            data = read_json(text)
        except (ValueError, RecursionError):
            data = None
    if not isinstance(data, dict):
        data = {}
    game = data.get("game")
    turn = _count(data.get("turn"), MAX_TURN)
    return SaveMeta(save_id, game if isinstance(game, str) and GAME_ID.fullmatch(game) else "",
                    0.0, 0.0, turn or 0, data.get("finished") is True, 0)


def _legacy_index(raw: Any) -> dict[str, Any]:
    """The entries of a list of games written before the list had a version, else none."""
    data: Any = None
    if isinstance(raw, str) and len(raw) <= MAX_IMPORT_BYTES:
        try:
            data = read_json(raw)
        except (ValueError, RecursionError):
            data = None
    return data if isinstance(data, dict) and "v" not in data else {}


def _record_text(header: Mapping[str, Any], text: str) -> str:
    return json.dumps(dict(header)) + "\n" + text


def _header_of(meta: SaveMeta) -> dict[str, Any]:
    header = {k: v for k, v in asdict(meta).items() if v is not None}
    del header["save_id"]
    return header


# --- the layout's versions ------------------------------------------------------------------
def storage_v1_to_v2(storage: Mapping[str, str]) -> Migrated:
    """Layout 1 (engine 0.1.0): a game's value is a JSON header line (game, created, updated,
    turn, finished, rev) and the engine's save, or, from before headers, the save alone (its
    summary then comes from the unversioned list of games or the save itself, revision 0).
    Layout 2: the header names its layout version, ``"v": 2``. Other keys are unchanged."""
    legacy = _legacy_index(storage.get(KEY_INDEX))
    out = dict(storage)
    for key, raw in storage.items():
        save_id = SaveStore.save_id_of(key)
        if save_id is None or not isinstance(raw, str):
            continue
        header, text = _split(raw)
        meta = (_meta(save_id, header) if header is not None
                else _meta(save_id, legacy.get(save_id), rev=0)) or _peek(save_id, text)
        known = header if isinstance(header, dict) else {}
        out[key] = _record_text({**known, **_header_of(meta), "v": 2}, text)
    return Migrated(out)


def storage_v2_to_v3(storage: Mapping[str, str]) -> Migrated:
    """Layout 2. Layout 3: a game's header may name, per language, the list's texts (its
    turn as the game counts it, the bot's score, the options that matter:
    ``turn_text``, ``score_text``, ``options_text``), and a game may keep its last play
    screen beside it (``automa.screen.<id>``, a cache of :mod:`automa.app.screens`). A game
    of layout 2 has neither yet: its header names ``"v": 3`` (the list shows its plain turn
    until the game is next saved, and its screen is drawn when it is next opened)."""
    out = dict(storage)
    for key, raw in storage.items():
        if SaveStore.save_id_of(key) is None or not isinstance(raw, str):
            continue
        header, text = _split(raw)
        if isinstance(header, dict):
            out[key] = _record_text({**header, "v": 3}, text)
    return Migrated(out)


STORAGE = Format("storage", [storage_v1_to_v2, storage_v2_to_v3], test_ahead=True)
"""The browser storage layout: the keys, a game's header line, the list of games."""


def settings_v1_to_v2(value: Mapping[str, Any]) -> Migrated:
    """Settings 1 (engine 0.1.0): an object of theme, text, wake, paper, lang (any of
    them; the loading shell writes only what it changed). Settings 2: the same with
    ``"v": 2``."""
    return formats.stamped(value, 2)


SETTINGS = Format("settings", [settings_v1_to_v2])
"""The stored settings (``automa.settings``)."""


def record_version(header: Any) -> int | None:
    """The layout version a game's header names (None: layout 1, which named none)."""
    version = header.get("v") if isinstance(header, dict) else None
    return version if isinstance(version, int) and not isinstance(version, bool) else None


class SaveStore:
    """The saved games and settings of the app over a :class:`KeyValue` storage."""

    def __init__(self, kv: KeyValue, clock: Callable[[], float],
                 versions: Mapping[str, int] | None = None,
                 written: Callable[[float], str] | None = None) -> None:
        self.guarded = GuardedStorage(kv)
        # (without versions: the build's, else those of the formats imported so far; the
        # controller passes every format's, automa.app.versions)
        self.kv = Guarded(self.guarded, versions if versions is not None
                          else formats.built_versions() or formats.current_versions())
        self.clock = clock
        self.written = written
        """How a moment is written (``when_text``; without it, headers have none)."""

    @property
    def unavailable(self) -> str:
        """Why the browser's storage cannot be used ("" while it can): then games and
        settings live in this tab only, and the page says so."""
        return self.guarded.unavailable

    # --- the versions of the storage ----------------------------------------------------
    def claim(self) -> bool:
        """Name this app's format versions as the storage's; False (and nothing written,
        now or later) if a newer version of the app already opened it."""
        if self.kv.newer_seen():
            return False
        if marker(self.kv.raw) != self.kv.mine:
            with contextlib.suppress(StorageError):
                self.kv.raw.set(KEY_FORMAT, json.dumps(
                    {"versions": self.kv.mine, "stamp": formats.stamp()}))
        return True

    @property
    def stopped(self) -> bool:
        """Whether this tab stopped writing because a newer version opened the storage."""
        return self.kv.newer_seen()

    # --- reading ------------------------------------------------------------------------
    def _record(self, save_id: str, index: str | None = None,
                key: str = "") -> StoredSave | None:
        """One game's record, read through the layout's migrations (``index``: the raw
        list of games, for records older than headers; ``key``: read another key, e.g. a
        carried game, as if it were the game's)."""
        raw = self.kv.get(key or SAVE_PREFIX + save_id)
        if not isinstance(raw, str):
            return None
        header, text = _split(raw)
        version = record_version(header)
        if version is not None and version > STORAGE.current:  # a newer app wrote it
            return StoredSave(_meta(save_id, header) or _peek(save_id, text), text, version)
        if version != STORAGE.current:
            store = {SAVE_PREFIX + save_id: raw}
            if index is not None:
                store[KEY_INDEX] = index
            migrated = STORAGE.upgrade(store, version).value[SAVE_PREFIX + save_id]
            header, text = _split(migrated)
        return StoredSave(_meta(save_id, header) or _peek(save_id, text), text)

    def load(self, save_id: str) -> StoredSave | None:
        """One game as stored, or ``None`` if there is none under that id;
        :class:`NewerFormat` if a newer version of the app wrote it."""
        if not valid_save_id(save_id):
            return None
        record = self._record(save_id)
        if record is not None and record.version > STORAGE.current:
            raise NewerFormat(format="storage", version=record.version,
                              supported=STORAGE.current)
        return record

    def meta(self, save_id: str) -> SaveMeta | None:
        """The stored summary of one game (of any layout version), or ``None``."""
        record = self.peek(save_id)
        return record.meta if record is not None else None

    def peek(self, save_id: str) -> StoredSave | None:
        """One game as stored, of any layout version (a newer app's as it wrote it), or
        ``None``."""
        return self._record(save_id) if valid_save_id(save_id) else None

    def _read_index(self) -> dict[str, Any] | None:
        """The list's entries (``None`` if it is missing, malformed or of another version:
        the list is a cache, rebuilt from the games, never migrated)."""
        raw = self.kv.get(KEY_INDEX)
        if not isinstance(raw, str) or len(raw) > MAX_IMPORT_BYTES:
            return None
        try:
            data = read_json(raw)
        except (ValueError, RecursionError):
            return None
        if (isinstance(data, dict) and data.get("v") == INDEX_VERSION
                and isinstance(data.get("saves"), dict)):
            saves: dict[str, Any] = data["saves"]
            return saves
        return None

    def saves(self) -> list[SaveMeta]:
        """Every saved game, newest first; the list is repaired from the games if needed."""
        ids = sorted(k[len(SAVE_PREFIX):] for k in self.kv.keys()  # noqa: SIM118
                     if k.startswith(SAVE_PREFIX) and valid_save_id(k[len(SAVE_PREFIX):]))
        index = self._read_index()
        found: list[SaveMeta] = []
        dirty = index is None or set(index) != set(ids)
        for save_id in ids:
            meta = _meta(save_id, (index or {}).get(save_id))
            if meta is None:
                dirty = True
                record = self._record(save_id, self.kv.get(KEY_INDEX))
                if record is None:
                    continue
                meta = record.meta
            found.append(meta)
        if dirty:
            self._write_index(found)
        self._drop_stray_held(set(ids))
        return sorted(found, key=lambda m: (-m.updated, m.save_id))

    def _write_index(self, metas: Iterable[SaveMeta]) -> None:
        """Write the list (a cache); if that fails, drop it so it is rebuilt next time."""
        entries = {m.save_id: _header_of(m) for m in metas}
        try:
            self.kv.set(KEY_INDEX, json.dumps({"v": INDEX_VERSION, "saves": entries}))
        except StorageError:
            self.kv.remove(KEY_INDEX)

    def _drop_stray_held(self, ids: set[str]) -> None:
        for key in self.kv.keys():  # noqa: SIM118
            if key.startswith(HELD_PREFIX) and key[len(HELD_PREFIX):] not in ids:
                self.kv.remove(key)

    def new_id(self, game: str) -> str:
        """An unused save id for a new game of ``game``."""
        now = int(self.clock())
        while True:
            save_id = f"{game}-{now:x}"
            if self.kv.get(SAVE_PREFIX + save_id) is None:
                return save_id
            now += 1

    # --- writing ------------------------------------------------------------------------
    def save(self, save_id: str, text: str, *, game: str, turn: int, finished: bool,
             rev: int | None, created: float | None = None,
             about: Mapping[str, dict[str, str]] | None = None) -> SaveMeta:
        """Write one game whose stored revision was ``rev`` (``None``: a new game).

        ``about`` adds the list's texts per language (``turn_text``, ``score_text``,
        ``options_text``). Returns the new summary (revision ``rev + 1``). Raises
        :class:`StaleSave` if another tab wrote it since, :class:`SaveDeleted` if it was
        deleted since, and :class:`StorageFull` / :class:`StorageError` if the storage refused
        (then nothing changed).
        """
        if not valid_save_id(save_id):
            raise StorageError(detail="id")
        current = self._record(save_id)
        if self.kv.newer_seen() or (current is not None
                                    and current.version > STORAGE.current):
            raise NewerVersionOpen()  # (before the revision: its answer is carried)
        if current is None and rev is not None and not self.unavailable:
            raise SaveDeleted()  # (a game read before the storage was lost is not in memory)
        if current is not None and (rev is None or current.meta.rev != rev):
            raise StaleSave()
        now = float(self.clock())
        first = created if created is not None else (current.meta.created if current else now)
        texts = {k: _texts(v) for k, v in (about or {}).items()
                 if k in ("turn_text", "score_text", "options_text")}
        meta = SaveMeta(save_id, game, first or now, now, turn, finished, (rev or 0) + 1,
                        **texts, when_text=self._written_now(now))
        self.kv.set(SAVE_PREFIX + save_id, self.record(meta, text))
        self._update_index(meta)
        return meta

    def _written_now(self, now: float) -> str | None:
        """``now`` as the list writes it (None: no way to write it, or not in its shape)."""
        return _when(self.written(now)) if self.written else None

    @staticmethod
    def record(meta: SaveMeta, text: str) -> str:
        """What is stored for a game: its header line (in the current layout) and text."""
        return _record_text({**_header_of(meta), "v": STORAGE.current}, text)

    # --- a game an older tab could no longer write --------------------------------------
    def carry(self, save_id: str, text: str, *, game: str, turn: int, finished: bool,
              rev: int | None, created: float) -> None:
        """Keep the game in play of a tab that may no longer write it (a newer version of
        the app opened the storage) where that version adopts it: ``automa.carry.<id>``,
        in this tab's own layout (which the newer one reads). May raise StorageFull."""
        now = float(self.clock())
        meta = SaveMeta(save_id, game, created or now, now, turn, finished, (rev or 0) + 1,
                        when_text=self._written_now(now))
        self.kv.set(CARRY_PREFIX + save_id, self.record(meta, text))

    def adopt_carried(self) -> dict[str, str]:
        """Take in the games older tabs carried: each becomes the stored game if nothing
        was written over the revision it started from (``"adopted"``), else a game of its
        own beside it (``"copied"``, under a new id); a game deleted since stays deleted.
        A carried game is removed only once its new copy reads back the same (a write the
        storage did not keep leaves it carried, taken in again later). Returns what became
        of each carried game id."""
        done: dict[str, str] = {}
        for key in [k for k in self.kv.keys() if k.startswith(CARRY_PREFIX)]:  # noqa: SIM118
            save_id = key[len(CARRY_PREFIX):]
            if not valid_save_id(save_id):
                self.kv.remove(key)
                continue
            carried = self._record(save_id, key=key)
            if carried is None or carried.version > STORAGE.current:
                continue  # a newer app's: not this one's to read
            done[save_id], written = self._adopt(save_id, carried)
            kept = self._record(written) if written else None
            if not written or (kept is not None and kept.text == carried.text):
                self.kv.remove(key)
        return done

    def _adopt(self, save_id: str, carried: StoredSave) -> tuple[str, str]:
        """What became of a carried game, and the id its copy was written under."""
        stored = self._record(save_id)
        meta = carried.meta
        if stored is None:
            return "deleted", ""
        if stored.text == carried.text:
            return "adopted", save_id  # (another tab took it in already)
        if stored.meta.rev == meta.rev - 1:
            self.kv.set(SAVE_PREFIX + save_id, self.record(meta, carried.text))
            self._update_index(meta)
            return "adopted", save_id
        copy_id = self.new_id(meta.game)
        self.save(copy_id, carried.text, game=meta.game, turn=meta.turn,
                  finished=meta.finished, rev=None, created=meta.created)
        return "copied", copy_id

    def _update_index(self, meta: SaveMeta | None, drop: str = "") -> None:
        index = self._read_index()
        if index is None:
            self.kv.remove(KEY_INDEX)  # rebuilt from the games when next listed
            return
        metas = [m for k, v in index.items() if k != drop and (m := _meta(k, v)) is not None]
        metas = [m for m in metas if meta is None or m.save_id != meta.save_id]
        if meta is not None:
            metas.append(meta)
        self._write_index(metas)

    def delete(self, save_id: str) -> None:
        """Remove one game (and only that one), its held original and its list entry."""
        self.kv.remove(SAVE_PREFIX + save_id)
        self.kv.remove(HELD_PREFIX + save_id)
        self._update_index(None, drop=save_id)

    # --- a game opened without its history ----------------------------------------------
    def hold(self, save_id: str, text: str) -> None:
        """Keep ``text`` (the game as it was before it opened without its undo history)
        until :meth:`release`; an earlier held text is kept. May raise StorageFull."""
        if self.kv.get(HELD_PREFIX + save_id) is None:
            self.kv.set(HELD_PREFIX + save_id, text)

    def held(self, save_id: str) -> str | None:
        """The original text kept aside for ``save_id``, if any."""
        text = self.kv.get(HELD_PREFIX + save_id)
        return text if isinstance(text, str) else None

    def release(self, save_id: str) -> None:
        """The player accepted the game as it is now: forget the original."""
        self.kv.remove(HELD_PREFIX + save_id)

    # --- settings and the last game -----------------------------------------------------
    def settings(self, defaults: Mapping[str, Any],
                 languages: Iterable[str] = ()) -> dict[str, Any]:
        """The stored settings (read through their migrations) over ``defaults``, each
        value checked: one the app does not offer is not applied (it stays stored)."""
        out = dict(defaults)
        raw = self.kv.get(KEY_SETTINGS)
        data: Any = None
        if isinstance(raw, str) and len(raw) <= HEADER_MAX * 10:
            try:
                data = read_json(raw)
            except (ValueError, RecursionError):
                data = None
        if not isinstance(data, dict):
            return out
        with contextlib.suppress(NewerFormat):  # a newer app's: read what this one knows
            data = SETTINGS.upgrade(data, data.get("v")).value
        for name, choices in SETTING_CHOICES.items():
            value = data.get(name)
            if name in ("text", "rate"):
                fits = isinstance(value, int | float) and not isinstance(value, bool)
            else:
                fits = any(type(value) is type(c) for c in choices)
            if fits and value in choices:
                out[name] = value
        lang = data.get("lang")
        if isinstance(lang, str) and LANG.fullmatch(lang) and lang in set(languages):
            out["lang"] = lang
        return out

    def put_settings(self, settings: Mapping[str, Any]) -> None:
        """Write the settings; :class:`SettingsNotSaved` if the storage refused."""
        try:
            self.kv.set(KEY_SETTINGS, json.dumps({**settings, "v": SETTINGS.current}))
        except NewerVersionOpen:
            raise
        except StorageError as e:
            raise SettingsNotSaved(detail=e.params.get("detail", "")) from None

    def remember_last(self, save_id: str, names: Mapping[str, str]) -> None:
        """Let the page's shell name the last game before Python starts (best effort)."""
        try:
            self.kv.set(KEY_LAST, json.dumps({"id": save_id, "name": dict(names)},
                                             ensure_ascii=False))
        except StorageError:
            self.kv.remove(KEY_LAST)

    @staticmethod
    def save_id_of(key: str) -> str | None:
        """The save id a storage key belongs to (for another tab's storage events)."""
        if key.startswith(SAVE_PREFIX) and valid_save_id(key[len(SAVE_PREFIX):]):
            return key[len(SAVE_PREFIX):]
        return None


def storage_change(key: str, open_id: str, open_rev: int | None,
                   stored: Callable[[], SaveMeta | None]) -> str:
    """What another tab's change of storage ``key`` (``""``: the storage was cleared) means
    for this page, whose open game is ``open_id`` at revision ``open_rev`` (``""``: none):
    ``"deleted"`` (the open game is gone), ``"changed"`` (a newer revision of it is stored),
    ``"list"`` (only the list of saved games may differ) or ``""`` (nothing to do).
    ``stored`` reads the open game's stored summary, and is called only when it matters."""
    save_id = SaveStore.save_id_of(key)
    if key and save_id is None and key != KEY_INDEX:
        return ""  # settings, held originals, the last game: nothing shown changed
    if open_id and (save_id == open_id or not key):
        meta = stored()
        if meta is None:
            return "deleted"
        return "changed" if meta.rev != open_rev else ""
    return "list"
