"""The terminal's files: a save is written whole or not at all and never through a link, each
game has its own autosave, a game open in one terminal is not written by another, and a save
or a folder of a newer version of the app is never written over.

Autosaves live in one folder (:func:`automa.terminal_io.data_dir`): ``<game>-<YYYYMMDD-HHMMSS>[-n]
.autosave.json``, one file per game, made when the game starts (or is loaded from another
file) and never reused for another game. Before issue 21 the folder held one
``<game>.autosave.json`` per game id (and the game before it as ``<game>.previous.json``):
those are still found by ``--resume`` and continued in place. While a terminal plays a game,
it holds an advisory lock (``flock``) on ``<autosave>.lock``; a second terminal is refused.

The folder names its layout's version in a file ``FORMAT`` (:data:`FOLDER`); one without it is
of layout 1 and is migrated when the terminal first writes there (:func:`open_folder`).
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import stat
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path

from automa.core.checks import read_json
from automa.core.errors import AutomaError
from automa.core.formats import Format, Migrated, NewerFormat
from automa.core.game import find_game, game_format
from automa.core.savefile import MAX_SAVE_CHARS
from automa.core.saveformat import SAVE, SAVE_FORMAT

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


class NewerFile(OSError):
    """A file (or folder) written by a newer version of the app: it is not written over."""


_WRITTEN: dict[str, tuple[int, int]] = {}
"""The files this process wrote last, with their modification time and size."""


def _stat(path: Path) -> tuple[int, int] | None:
    try:
        found = path.stat()
    except OSError:
        return None
    return found.st_mtime_ns, found.st_size


def newer_save_file(path: Path) -> bool:
    """Whether ``path`` holds a save of a newer version of the app than this one (read only
    if something else wrote it since this process did)."""
    found = _stat(path)
    if found is None or _WRITTEN.get(str(path)) == found:
        return False
    try:
        data = read_json(read_save(path))
    except (OSError, ValueError, RecursionError):
        return False
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        return False
    try:
        SAVE.check(data.get("version"))
        game = find_game(data.get("game", ""))
        return game_format(game).check(data.get("game_version")) > game.version
    except NewerFormat:
        return True
    except AutomaError:
        return False


def write_save(path: Path, text: str) -> None:
    """Write a save whole or not at all: a temporary file beside it, synced to the disk,
    then renamed over the old one. A symbolic link is refused (``ELOOP``): renaming over it
    would silently replace the link, writing through it would change a file elsewhere; a
    save of a newer version of the app is never written over (:class:`NewerFile`)."""
    _check_name(path)
    if path.is_symlink():
        raise OSError(errno.ELOOP, "symbolic link", str(path))
    if not path.name or path.is_dir():
        raise IsADirectoryError(errno.EISDIR, "directory", str(path))
    if newer_save_file(path):
        raise NewerFile(errno.EEXIST, "newer", str(path))
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
    written = _stat(path)
    if written is not None:
        _WRITTEN[str(path)] = written


# --- the folder's versions ---------------------------------------------------------------------
FOLDER_MARKER = "FORMAT"
FOLDER_FORMAT = "automa-companion-autosaves"


def folder_v1_to_v2(files: Mapping[str, str]) -> Migrated:
    """Autosave folder 1 (engine 0.1.0, commit 588bb06): ``<game>.autosave.json`` for each
    game id (a new game moved the one before to ``<game>.autosave.previous.json``) and
    ``*.original.json`` (a game's original, kept when it opened without its history);
    nothing names the version. Folder 2: one autosave per game,
    ``<game>-<YYYYMMDD-HHMMSS>[-n].autosave.json``, an earlier game kept as
    ``.previous-<time>.json``, a lock per autosave, and ``FORMAT`` naming the version.
    The files of folder 1 are carried as they are: ``--resume`` still finds them and
    continues them in place."""
    return Migrated({**files, FOLDER_MARKER: json.dumps({"format": FOLDER_FORMAT, "v": 2})})


FOLDER = Format("cli", [folder_v1_to_v2])
"""The terminal's autosave folder (its files are saves: :data:`automa.core.saveformat.SAVE`)."""


def folder_version(folder: Path) -> int | None:
    """The version ``FORMAT`` names (None: none, i.e. folder 1; 0: no folder yet)."""
    marker = folder / FOLDER_MARKER
    if not marker.is_file():
        return 0 if not folder.is_dir() or not any(folder.iterdir()) else None
    try:
        data = read_json(read_save(marker))
    except (OSError, ValueError, RecursionError):
        return None
    version = data.get("v") if isinstance(data, dict) else None
    return version if isinstance(version, int) and not isinstance(version, bool) else None


def open_folder(folder: Path) -> None:
    """Bring the autosave folder to the current layout: each file the migrations change or
    add is written (whole, then read back), then the files they drop are removed; a folder
    of a newer version is left alone (:class:`NewerFile`). May raise OSError."""
    version = folder_version(folder)
    if version == FOLDER.current:
        return
    files: dict[str, str] = {}
    if version == 0:
        folder.mkdir(parents=True, exist_ok=True)
        version = FOLDER.first
    else:
        try:
            FOLDER.check(version)
        except NewerFormat:
            raise NewerFile(errno.EEXIST, "newer", str(folder)) from None
        files = {p.name: read_save(p) for p in sorted(folder.iterdir())
                 if p.is_file() and not p.is_symlink() and p.suffix == ".json"
                 and p.name != FOLDER_MARKER}
    migrated: dict[str, str] = FOLDER.upgrade(files, version).value
    # the marker last: a folder whose files are half migrated is migrated again
    for name in sorted(migrated, key=lambda n: n == FOLDER_MARKER):
        if files.get(name) != migrated[name]:
            write_save(folder / name, migrated[name])
            if read_save(folder / name) != migrated[name]:
                raise OSError(errno.EIO, "not written", str(folder / name))
    for name in set(files) - set(migrated):
        (folder / name).unlink(missing_ok=True)


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
