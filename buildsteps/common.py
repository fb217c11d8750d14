"""What every phase of the build shares: the repository's folders, the build's one error,
the engine imported from ``py/``, and writing the files of ``dist/``."""

from __future__ import annotations

import io
import sys
import zipfile
from collections.abc import Iterable
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
WEB = ROOT / "web"
NODE = ROOT / "node_modules"
GAMES = ROOT / "py" / "automa" / "games"
CARDS = ROOT / "cards"
PREFIX = "/automa-companion/"
"""Where the app is served (as on GitHub Pages): every URL of ``dist/`` is relative."""
ZIP_DATE = (2024, 1, 1, 0, 0, 0)


class BuildError(Exception):
    """A problem that stops the build, with a message for the person building."""


def engine() -> ModuleType:
    """Import the engine from ``py/`` (the same code the page runs)."""
    path = str(ROOT / "py")
    if path not in sys.path:
        sys.path.insert(0, path)
    import automa

    return automa


def write(path: Path, data: bytes | str) -> None:
    """Write a file of dist/ (mode 644)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data.encode() if isinstance(data, str) else data)
    path.chmod(0o644)


def zip_bytes(entries: Iterable[tuple[str, bytes]], compress: bool = True) -> bytes:
    """A reproducible zip (fixed dates, sorted names)."""
    buf = io.BytesIO()
    method = zipfile.ZIP_DEFLATED if compress else zipfile.ZIP_STORED
    with zipfile.ZipFile(buf, "w", method, compresslevel=9 if compress else None) as z:
        for name, data in sorted(entries):
            info = zipfile.ZipInfo(name, ZIP_DATE)
            info.compress_type = method
            info.external_attr = 0o644 << 16
            z.writestr(info, data)
    return buf.getvalue()
