"""Vendoring: the pinned Pyodide runtime, PyScript's chunks and DOMPurify, copied from
``node_modules`` (installed with ``npm ci`` when missing); nothing is fetched from another
host. Pyodide's standard library ships without the modules the app never imports."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import zipfile
from pathlib import Path

from .common import NODE, ROOT, BuildError, in_pyodide, write, zip_bytes

PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
# PyScript chunks loaded only by <script type="py-editor"> or the terminal: never by this page.
# So are the plugins turned off below (PLUGINS_OFF), which only plugins.js imports, and zip-*.js
# (72 KB gzip), which only MicroPython's writeFile imports to unpack a zip (Pyodide's own
# unpackArchive unpacks the engine's).
PYSCRIPT_UNUSED = re.compile(r"^(codemirror|xterm|index-|service-worker|donkey-|py-editor-|"
                             r"py-game-|py-terminal-|deprecations-manager-|zip-)")
# The chunks PyScript imports before it starts Pyodide (with every plugin but "error" off).
PYSCRIPT_PRELOAD = re.compile(r"^(core-|error-)")
# Plugins neither interpreter type needs here. <mpy-config> turns them off for MicroPython too:
# without a config of its own, that type loads every plugin (five chunks, one after another).
PLUGINS_OFF = ["!codemirror", "!py-editor", "!py-game", "!py-terminal", "!donkey",
               "!deprecations-manager"]
# Standard-library parts the app never imports (about 1.5 MB of the 2.5 MB zip). Measured:
# sys.modules of the page after every screen and whole games of each game; kept although
# unused, as a margin: all of pyodide/, importlib/, asyncio/ (but its Windows parts),
# datetime, _strptime, calendar, _pylong (a huge int in a hostile save), _ast_unparse,
# stringprep (idna), queue, numbers and the other small modules.
STDLIB_DROP_DIRS = {
    "_pyrepl", "unittest", "multiprocessing", "xmlrpc", "wsgiref", "pydoc_data", "idlelib",
    "tkinter", "turtledemo", "lib2to3", "ensurepip", "venv", "test", "curses", "dbm", "email",
    "xml", "ctypes", "sqlite3", "zoneinfo", "sysconfig", "__phello__", "tomllib",
}
STDLIB_DROP_FILES = {
    "pdb.py", "bdb.py", "doctest.py", "pydoc.py", "imaplib.py", "smtplib.py", "poplib.py",
    "ftplib.py", "nntplib.py", "mailbox.py", "turtle.py", "pickletools.py", "tabnanny.py",
    "trace.py", "profile.py", "cProfile.py", "pstats.py", "timeit.py", "_pydecimal.py",
    "tarfile.py", "_pyio.py", "difflib.py", "argparse.py", "optparse.py", "getopt.py",
    "statistics.py", "pickle.py", "_compat_pickle.py", "ipaddress.py", "platform.py",
    "configparser.py", "fractions.py", "uuid.py", "plistlib.py", "socketserver.py",
    "gzip.py", "gettext.py", "mimetypes.py", "modulefinder.py", "csv.py", "wave.py",
    "compileall.py", "py_compile.py", "cmd.py", "code.py", "fileinput.py", "runpy.py",
    "pyclbr.py", "zipapp.py", "shelve.py", "getpass.py", "netrc.py", "pty.py", "tty.py",
    "webbrowser.py", "this.py", "antigravity.py", "__hello__.py", "graphlib.py", "sched.py",
    "quopri.py", "colorsys.py", "filecmp.py", "symtable.py", "rlcompleter.py",
    "_sysconfigdata__emscripten_wasm32-emscripten.py",
    # imported only by the modules dropped above, or (_pydatetime) only where the C _datetime
    # is missing, which Pyodide builds in
    "pprint.py", "shlex.py", "_markupbase.py", "_pydatetime.py",
}
# Single modules of packages the app does import.
STDLIB_DROP_PATHS = {
    "http/client.py", "http/server.py", "http/cookiejar.py", "http/cookies.py",
    "urllib/request.py", "urllib/robotparser.py", "logging/config.py", "logging/handlers.py",
    "asyncio/windows_events.py", "asyncio/windows_utils.py", "asyncio/proactor_events.py",
    "asyncio/__main__.py", "asyncio/tools.py", "concurrent/futures/process.py", "json/tool.py",
    "html/parser.py", "pyodide/_nodesock_transport.py",  # an HTML parser; sockets in Node
    # sub-interpreters (no threads in Pyodide)
    "concurrent/futures/interpreter.py", "concurrent/interpreters/__init__.py",
    "concurrent/interpreters/_crossinterp.py", "concurrent/interpreters/_queues.py",
}
KEEP_ENCODINGS = {
    "__init__", "aliases", "ascii", "base64_codec", "charmap", "cp1251", "cp1252", "cp437",
    "cp866", "hex_codec", "idna", "koi8_r", "koi8_u", "latin_1", "iso8859_1", "iso8859_5",
    "iso8859_15", "mbcs", "oem", "punycode", "raw_unicode_escape", "rot_13", "undefined",
    "unicode_escape", "utf_16", "utf_16_be", "utf_16_le", "utf_32", "utf_32_be", "utf_32_le",
    "utf_7", "utf_8", "utf_8_sig", "zlib_codec",
}
# The sanitizer the shell shows a stored play screen through (vendored from npm).
PURIFY = ("dompurify/dist/purify.min.js", "purify/purify.min.js")


def ensure_node_modules() -> None:
    """Run ``npm ci`` when the pinned packages are not installed yet."""
    if ((NODE / "pyodide" / "pyodide.mjs").is_file() and (NODE / "@pyscript" / "core").is_dir()
            and (NODE / PURIFY[0]).is_file()):
        return
    npm = shutil.which("npm")
    if npm is None:
        raise BuildError("node_modules/ is missing and npm is not installed: install Node.js "
                         "and npm, then run `npm ci` here")
    print("== npm ci (pinned Pyodide, PyScript and DOMPurify)", flush=True)
    subprocess.run([npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=ROOT,
                   check=True)

def trimmed_stdlib(source: Path) -> bytes:
    """Pyodide's standard-library zip without the modules the app never imports, the rest
    without docstrings and comments, every line where it was (stripped in Pyodide's own
    CPython: :func:`buildsteps.pyodide_compile.stripped`; as they are without Node)."""
    entries = []
    with zipfile.ZipFile(source) as z:
        for info in z.infolist():
            parts = info.filename.split("/")
            if parts[0] in STDLIB_DROP_DIRS or info.filename in STDLIB_DROP_PATHS or (
                    len(parts) == 1 and parts[0] in STDLIB_DROP_FILES):
                continue
            if parts[0] == "encodings" and len(parts) == 2 and parts[1].endswith(".py") \
                    and parts[1][:-3] not in KEEP_ENCODINGS:
                continue
            if info.is_dir():
                continue
            entries.append((info.filename, z.read(info)))
    return zip_bytes(in_pyodide(entries, "strip") or entries)


def pyscript_files() -> list[Path]:
    """The PyScript chunks this page can load (no editor, no terminal)."""
    folder = NODE / "@pyscript" / "core" / "dist"
    return [p for p in sorted(folder.iterdir())
            if p.suffix in (".js", ".css") and p.name != "xterm.css"
            and not PYSCRIPT_UNUSED.match(p.name)]



def vendor(dist: Path, trim_stdlib: bool = True) -> list[Path]:
    """Copy Pyodide (its standard library trimmed unless ``trim_stdlib`` is false, its
    package lock emptied: the app loads no package), DOMPurify and PyScript's chunks into
    ``dist``; the chunks copied."""
    pyodide = NODE / "pyodide"
    for name in PYODIDE_FILES:
        source = pyodide / name
        if name == "python_stdlib.zip" and trim_stdlib:
            write(dist / "pyodide" / name, trimmed_stdlib(source))
        else:
            write(dist / "pyodide" / name, source.read_bytes())
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())
    write(dist / "pyodide" / "pyodide-lock.json",
          json.dumps({"info": lock["info"], "packages": {}}, separators=(",", ":")))
    write(dist / PURIFY[1], (NODE / PURIFY[0]).read_bytes())
    chunks = pyscript_files()
    for path in chunks:
        write(dist / "pyscript" / path.name, path.read_bytes())
    return chunks
