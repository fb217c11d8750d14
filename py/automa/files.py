"""The terminal's files: a save is written whole or not at all and never through a link, each
game has its own autosave, and a game open in one terminal is not written by another.

Autosaves live in one folder (:func:`automa.cli.data_dir`): ``<game>-<YYYYMMDD-HHMMSS>[-n]
.autosave.json``, one file per game, made when the game starts (or is loaded from another
file) and never reused for another game. Before issue 21 the folder held one
``<game>.autosave.json`` per game id (and the game before it as ``<game>.previous.json``):
those are still found by ``--resume`` and continued in place. While a terminal plays a game,
it holds an advisory lock (``flock``) on ``<autosave>.lock``; a second terminal is refused.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
import time
from pathlib import Path

from automa.core.session import MAX_SAVE_CHARS

AUTOSAVE_SUFFIX = ".autosave.json"
MAX_FILE_BYTES = MAX_SAVE_CHARS * 4
"""The largest save read (four bytes for each character a save may hold)."""


def _check_name(path: Path) -> None:
    """A name the system cannot take (a NUL in it) is an ``OSError`` like any other."""
    if "\x00" in str(path):
        raise OSError(errno.EINVAL, "invalid name", str(path).replace("\x00", "\\x00"))


def read_save(path: Path) -> str:
    """A save (or deck) file's text; folders, devices, huge and binary files raise OSError."""
    _check_name(path)
    if path.is_dir():
        raise IsADirectoryError(errno.EISDIR, "directory", str(path))
    with path.open("rb") as f:
        raw = f.read(MAX_FILE_BYTES + 1)
    if len(raw) > MAX_FILE_BYTES:
        raise OSError(errno.EFBIG, "too big", str(path))
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise OSError(errno.EILSEQ, "not text", str(path)) from None


def write_save(path: Path, text: str) -> None:
    """Write a save whole or not at all: a temporary file beside it, synced to the disk,
    then renamed over the old one. A symbolic link is refused (``ELOOP``): renaming over it
    would silently replace the link, writing through it would change a file elsewhere."""
    _check_name(path)
    if path.is_symlink():
        raise OSError(errno.ELOOP, "symbolic link", str(path))
    if not path.name or path.is_dir():
        raise IsADirectoryError(errno.EISDIR, "directory", str(path))
    fd, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        with contextlib.suppress(OSError):  # the old file's permissions, if there is one
            os.chmod(temp, stat.S_IMODE(path.stat().st_mode))
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    _sync_folder(path.parent)


def _sync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable (best effort: not every system can)."""
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def unused(path: Path) -> Path:
    """``path``, or ``<stem>-2<suffix>``, ``-3`` … : the first name not taken."""
    if not path.exists() and not path.is_symlink():
        return path
    stem, suffix = _split(path.name)
    for n in range(2, 10_000):
        other = path.with_name(f"{stem}-{n}{suffix}")
        if not other.exists() and not other.is_symlink():
            return other
    raise FileExistsError(errno.EEXIST, "no free name", str(path))


def _split(name: str) -> tuple[str, str]:
    for suffix in (AUTOSAVE_SUFFIX, ".json"):
        if name.endswith(suffix) and len(name) > len(suffix):
            return name[: -len(suffix)], suffix
    return name, ""


def stamp() -> str:
    """The local time, for file names (sortable)."""
    return time.strftime("%Y%m%d-%H%M%S")


def keep_aside(path: Path) -> Path:
    """Rename the game in ``path`` to an unused ``<stem>.previous-<time>.json`` beside it (a
    new game never writes over an earlier one); the new name."""
    stem, _ = _split(path.name)
    kept = unused(path.with_name(f"{stem}.previous-{stamp()}.json"))
    os.replace(path, kept)
    return kept


class Lock:
    """An advisory lock on one autosave, held while a terminal plays its game."""

    def __init__(self, fd: int | None, path: Path | None) -> None:
        self.fd = fd
        self.path = path

    @staticmethod
    def take(target: Path) -> Lock | None:
        """The lock of ``target``'s autosave, or ``None`` if another process holds it. Where
        locks cannot be had (no ``fcntl``, a read-only folder), a lock that guards nothing."""
        try:
            import fcntl
        except ImportError:  # not a POSIX system: nothing to lock with
            return Lock(None, None)
        if not target.name:  # (a folder such as "/": nothing can be written there)
            return Lock(None, None)
        lock_path = target.with_name(target.name + ".lock")
        try:
            fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o600)
        except OSError:  # the autosave cannot be written there either: it says so
            return Lock(None, None)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            return None
        return Lock(fd, lock_path)

    @staticmethod
    def held_elsewhere(target: Path) -> bool:
        """Whether another process holds the lock of ``target`` (for a save command: never
        write a game open in another terminal)."""
        if not target.name or not target.with_name(target.name + ".lock").exists():
            return False
        found = Lock.take(target)
        if found is None:
            return True
        found.release(remove=False)
        return False

    def release(self, remove: bool = True) -> None:
        """Let go of the lock (and remove its file)."""
        if self.fd is None:
            return
        if remove and self.path is not None:
            with contextlib.suppress(OSError):
                os.unlink(self.path)
        with contextlib.suppress(OSError):
            os.close(self.fd)
        self.fd = None


def claim(folder: Path, game_file: str) -> tuple[Path, Lock]:
    """A new autosave of its own for a game (``<game_file>-<time>.autosave.json`` in
    ``folder``, not taken by any other game) and its lock."""
    base = folder / f"{game_file}-{stamp()}{AUTOSAVE_SUFFIX}"
    for _ in range(100):
        path = unused(base)
        lock = Lock.take(path)
        if lock is not None and not path.exists():
            return path, lock
        if lock is not None:
            lock.release(remove=False)
        base = path.with_name(path.name.replace(AUTOSAVE_SUFFIX, f"-x{AUTOSAVE_SUFFIX}"))
    raise FileExistsError(errno.EEXIST, "no free name", str(base))


def newest_autosave(folder: Path, game_file: str) -> Path | None:
    """The autosave of the game of ``game_file`` changed last (the layout before issue 21,
    ``<game_file>.autosave.json``, among them), or ``None``."""
    found = [p for p in (folder / f"{game_file}{AUTOSAVE_SUFFIX}",
                         *folder.glob(f"{game_file}-*{AUTOSAVE_SUFFIX}"))
             if p.is_file() and not p.is_symlink()]
    return max(found, key=lambda p: (p.stat().st_mtime, p.name), default=None)


def is_autosave_in(path: Path, folder: Path) -> bool:
    """Whether ``path`` is one of the autosaves kept in ``folder``."""
    try:
        return path.name.endswith(AUTOSAVE_SUFFIX) and path.parent.resolve() == folder.resolve()
    except OSError:
        return False
