"""Reading the frozen corpus folders (``tests/corpus/v<N>-<commit>/``): what players of each
released version have. A ``*.gz`` file is the gzip of the file named without that suffix."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
FOLDERS = sorted(p for p in HERE.iterdir() if p.is_dir() and p.name.startswith("v"))
"""Every corpus folder, oldest first."""


def read(path: Path) -> str:
    """A corpus file's text (gunzipped if it is a ``.gz``)."""
    data = path.read_bytes()
    return (gzip.decompress(data) if path.suffix == ".gz" else data).decode("utf-8")


def name(path: Path) -> str:
    """A corpus file's name without ``.gz``."""
    return path.name.removesuffix(".gz")


def files(folder: str, *, under: Path | None = None) -> list[Path]:
    """Every file under ``folder`` of every corpus (or of ``under``), sorted."""
    roots = [under] if under is not None else FOLDERS
    return sorted(p for root in roots for p in (root / folder).rglob("*") if p.is_file())


def ident(path: Path) -> str:
    """A short id for a test: the corpus folder and the file's path in it."""
    root = next(f for f in FOLDERS if path.is_relative_to(f))
    return f"{root.name}/{path.relative_to(root).as_posix().removesuffix('.gz')}"


def manifest(folder: Path) -> dict[str, Any]:
    """What the corpus folder's ``manifest.json`` says it holds."""
    found: dict[str, Any] = json.loads((folder / "manifest.json").read_text())
    return found


def profiles() -> list[Path]:
    """Every whole-browser-storage dump of every corpus."""
    return files("browser")


def storage(path: Path) -> dict[str, str]:
    """A browser storage dump as key → value."""
    found: dict[str, str] = json.loads(read(path))
    return found
