"""What every phase of the build shares: the repository's folders, the build's one error,
the engine imported from ``py/``, and writing the files of ``dist/``."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import sys
import tempfile
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
SNAPSHOT_CACHE = "automa-snapshot"
"""The Cache Storage cache that holds the engine's start-up snapshot made on the device
(``web/pyodide/boot.mjs``), in a build for an origin of its own: the page names it, and the
service worker of every build deletes the other builds' snapshots from it as it installs (no
build reads another's)."""
ZIP_DATE = (2024, 1, 1, 0, 0, 0)
IN_PYODIDE_MJS = """\
// Runs buildsteps/pyodide_compile.py with the vendored Pyodide's own CPython (by build.py).
// PYTHONNODEBUGRANGES: bytecode without column positions (a traceback keeps its lines, only
// without the ^^^ under the failing expression): 0.2 MB less of the engine's download.
import { loadPyodide } from "%(pyodide)s";
const py = await loadPyodide({ indexURL: "%(index)s", env: { PYTHONNODEBUGRANGES: "1" } });
py.FS.mkdirTree("/mnt");
py.FS.mount(py.FS.filesystems.NODEFS, { root: process.argv[2] }, "/mnt");
py.globals.set("MODE", process.argv[3]);
py.runPython(%(python)s);
"""
IN_PYODIDE_PY = Path(__file__).with_name("pyodide_compile.py")


class BuildError(Exception):
    """A problem that stops the build, with a message for the person building."""


def engine() -> ModuleType:
    """Import the engine from ``py/`` (the same code the page runs)."""
    path = str(ROOT / "py")
    if path not in sys.path:
        sys.path.insert(0, path)
    import automa

    return automa


def in_pyodide(entries: list[tuple[str, bytes]], mode: str) -> list[tuple[str, bytes]] | None:
    """Every file (name, bytes) of a folder holding ``entries`` once
    :mod:`buildsteps.pyodide_compile` ran over it in Pyodide's CPython in Node with ``MODE``
    ``mode``; ``None`` (with a note) without Node or if it failed."""
    node = shutil.which("node")
    if node is None:
        print("note: node not found", file=sys.stderr)
        return None
    with tempfile.TemporaryDirectory(prefix="automa-pyodide-") as tmp:
        root = Path(tmp) / "src"
        root.mkdir()
        for name, data in entries:
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            (root / name).write_bytes(data)
        script = Path(tmp) / "run.mjs"
        script.write_text(IN_PYODIDE_MJS % {
            "pyodide": (NODE / "pyodide" / "pyodide.mjs").as_uri(),
            "index": (NODE / "pyodide").as_posix() + "/",
            "python": json.dumps(IN_PYODIDE_PY.read_text())})
        result = subprocess.run([node, str(script), str(root), mode], capture_output=True,
                                text=True, check=False)
        if result.returncode != 0:
            print(f"note: {mode} in Pyodide failed ({result.stderr.strip()[-300:]})",
                  file=sys.stderr)
            return None
        return [(p.relative_to(root).as_posix(), p.read_bytes())
                for p in sorted(root.rglob("*")) if p.is_file()]


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
