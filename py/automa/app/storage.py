"""The browser's key-value storage as the app uses it (``localStorage`` in the page): the
errors it gives, :class:`GuardedStorage` (a storage that refuses to be used never stops the
app: the tab's memory takes over), and :class:`Guarded` (the storage names the format
versions of the newest app that opened it, ``automa.format``; a tab of an older app stops
writing). What is stored under which key is :mod:`automa.app.saves`'s.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from automa.core import formats
from automa.core.checks import read_json
from automa.core.errors import AutomaError

KEY_FORMAT = "automa.format"
"""The format versions of the newest app that opened this storage (and its stamp)."""
KEY_RELOAD = "automa.reload"
"""When (ms since the epoch) a tab last reloaded to take a newer version: the page's shell
writes it just before reloading (a passing mark, no format; any tab may overwrite it)."""
KEY_SNAPSHOT_FAILED = "automa.snapshot-failed"
"""In the tab's ``sessionStorage``: a start from the engine's start-up snapshot failed, and the
page reloads to start plainly (``web/pyodide/boot.mjs``; the shell reads and removes it)."""
RELOAD_LOOP_MS = 10_000
"""A tab that finds a newer version's storage this soon after reloading for it did not get
the newer version: reloading again would loop."""
CARRY_PREFIX = "automa.carry."
"""A game an older tab could no longer write, kept for the newer app to adopt."""
MARKER_MAX = 10_000
"""The longest format marker read (a real one is about 200 characters)."""


class StorageError(AutomaError):
    """The storage refused a write (the browser's reason in ``detail``)."""

    key = "web.error.storage"


class StorageFull(StorageError):
    """The storage is full: nothing was written."""

    key = "web.error.storage_full"


class SettingsNotSaved(StorageError):
    """The settings could not be written; they apply until the page is closed."""

    key = "web.error.settings_not_saved"


class NewerVersionOpen(StorageError):
    """A newer version of the app uses this storage (in another tab, or since an update):
    this tab writes nothing more and asks to be reloaded."""

    key = "web.store.newer_open"


class GuardedStorage:
    """A :class:`KeyValue` over another that never fails for any reason but room.

    The first refusal of the storage under it (a read, a listing, a removal, or a write
    refused for any reason but a full storage) switches it to this tab's memory for good:
    ``unavailable`` then says why, every later call uses the memory, and the stored keys
    are left as they were (nothing there is overwritten or removed while they cannot be
    read). A full storage still raises :class:`StorageFull` (nothing written).
    """

    def __init__(self, kv: KeyValue) -> None:
        self.kv = kv
        self.memory: dict[str, str] | None = None
        self.unavailable = ""
        """Why the storage cannot be used ("" while it can): then nothing outlives the tab."""

    def _lost(self, error: StorageError) -> dict[str, str]:
        self.unavailable = str(error.params.get("detail", "")) or type(error).__name__
        self.memory = {}
        return self.memory

    def get(self, key: str) -> str | None:
        """The value of ``key`` (``None`` if absent or if the storage cannot be read)."""
        if self.memory is None:
            try:
                return self.kv.get(key)
            except StorageError as e:
                self._lost(e)
        return (self.memory or {}).get(key)

    def set(self, key: str, value: str) -> None:
        """Write ``value``; only a full storage raises (:class:`StorageFull`)."""
        memory = self.memory
        if memory is None:
            try:
                self.kv.set(key, value)
                return
            except StorageFull:
                raise
            except StorageError as e:
                memory = self._lost(e)
        memory[key] = value

    def remove(self, key: str) -> None:
        """Remove ``key`` (from memory only once the storage is lost)."""
        if self.memory is None:
            try:
                self.kv.remove(key)
                return
            except StorageError as e:
                self._lost(e)
        (self.memory or {}).pop(key, None)

    def keys(self) -> list[str]:
        """Every key present."""
        if self.memory is None:
            try:
                return list(self.kv.keys())
            except StorageError as e:
                self._lost(e)
        return list(self.memory or {})


class KeyValue(Protocol):
    """The storage under the store: string keys, string values. Any call may raise
    :class:`StorageError` when the storage cannot be used (:class:`GuardedStorage` takes
    that), a write :class:`StorageFull` when it has no room."""

    def get(self, key: str) -> str | None:
        """The value of ``key``, or ``None``."""

    def set(self, key: str, value: str) -> None:
        """Write ``value``; raise :class:`StorageFull` or :class:`StorageError` on failure."""

    def remove(self, key: str) -> None:
        """Remove ``key`` (absent keys are fine)."""

    def keys(self) -> list[str]:
        """Every key present."""


class Guarded:
    """The storage as the app writes it: every write first looks whether a newer version
    of the app has opened the storage since (then :class:`NewerVersionOpen`, and nothing
    more is written from this tab). Carried games (``automa.carry.*``) are still written:
    they are this tab's work, kept for the newer version."""

    def __init__(self, kv: KeyValue, mine: Mapping[str, int]) -> None:
        self.raw = kv
        self.mine = dict(mine)
        self.stopped = False
        """A newer version was seen: this tab writes no more."""

    def newer_seen(self) -> bool:
        """Whether the storage names format versions newer than this app's."""
        if not self.stopped:
            self.stopped = formats.newer_than_mine(marker(self.raw), self.mine)
        return self.stopped

    def get(self, key: str) -> str | None:
        """The value of ``key``, or ``None``."""
        return self.raw.get(key)

    def set(self, key: str, value: str) -> None:
        """Write ``value`` unless a newer version of the app opened the storage."""
        if not key.startswith(CARRY_PREFIX) and self.newer_seen():
            raise NewerVersionOpen()
        self.raw.set(key, value)

    def remove(self, key: str) -> None:
        """Remove ``key`` (nothing is removed once a newer version was seen)."""
        if key.startswith(CARRY_PREFIX) or not self.newer_seen():
            self.raw.remove(key)

    def keys(self) -> list[str]:
        """Every key present."""
        return self.raw.keys()


def reloaded_just_now(kv: KeyValue, now: float) -> bool:
    """Whether a tab reloaded for a newer version less than :data:`RELOAD_LOOP_MS` ago
    (the mark is untrusted: anything but a past time in ms is no mark)."""
    raw = kv.get(KEY_RELOAD)
    at = float(raw) if raw and raw.isdigit() else None
    return at is not None and 0 <= now - at < RELOAD_LOOP_MS


def marker(kv: KeyValue) -> Any:
    """The format versions the storage names (untrusted; None if none)."""
    raw = kv.get(KEY_FORMAT)
    if not isinstance(raw, str) or len(raw) > MARKER_MAX:
        return None
    try:
        data = read_json(raw)
    except (ValueError, RecursionError):
        return None
    return data.get("versions") if isinstance(data, dict) else None
