#!/usr/bin/env python3
"""Build the offline web app into ``dist/`` (standard library only).

    python3 build.py            # check data and translations, then write dist/
    python3 build.py serve      # build, then serve at http://127.0.0.1:8000/automa-companion/

``dist/`` holds the vendored Pyodide runtime and PyScript chunks the page needs (copied from
``node_modules``, installed with ``npm ci`` when missing), the engine packed as one zip with
its card data and compiled message catalogs inside (``automa/_data/``), the page from
``web/``, a web app manifest, icons drawn here, and a service worker that precaches every
file under a content-hashed cache name. Every URL is relative, so the same ``dist/`` works at
``/`` and under a sub-path such as GitHub Pages' ``/<repo>/``.

It also writes each game's rule guide as a static page per language (``guide/``), readable
before and without the engine.

The build stops with a clear message when card data is invalid, a translation is missing or
a rule guide is malformed.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import functools
import gzip
import hashlib
import http.server
import io
import json
import math
import os
import pkgutil
import re
import shutil
import struct
import subprocess
import sys
import tomllib
import zipfile
import zlib
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
WEB = ROOT / "web"
NODE = ROOT / "node_modules"
GAMES = ROOT / "py" / "automa" / "games"
CARDS = ROOT / "cards"
PREFIX = "/automa-companion/"
CACHE_PREFIX = "automa-companion-"
ZIP_DATE = (2024, 1, 1, 0, 0, 0)

PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
# PyScript chunks loaded only by <script type="py-editor"> or the terminal: never by this page.
# So are the plugins turned off below (PLUGINS_OFF), which only plugins.js imports.
PYSCRIPT_UNUSED = re.compile(r"^(codemirror|xterm|index-|service-worker|donkey-|py-editor-|"
                             r"py-game-|py-terminal-|deprecations-manager-)")
# The chunks PyScript imports before it starts Pyodide (with every plugin but "error" off).
PYSCRIPT_PRELOAD = re.compile(r"^(core-|zip-|error-)")
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
}
# Single modules of packages the app does import.
STDLIB_DROP_PATHS = {
    "http/client.py", "http/server.py", "http/cookiejar.py", "http/cookies.py",
    "urllib/request.py", "urllib/robotparser.py", "logging/config.py", "logging/handlers.py",
    "asyncio/windows_events.py", "asyncio/windows_utils.py", "asyncio/proactor_events.py",
    "asyncio/__main__.py", "asyncio/tools.py", "concurrent/futures/process.py", "json/tool.py",
}
KEEP_ENCODINGS = {
    "__init__", "aliases", "ascii", "base64_codec", "charmap", "cp1251", "cp1252", "cp437",
    "cp866", "hex_codec", "idna", "koi8_r", "koi8_u", "latin_1", "iso8859_1", "iso8859_5",
    "iso8859_15", "mbcs", "oem", "punycode", "raw_unicode_escape", "rot_13", "undefined",
    "unicode_escape", "utf_16", "utf_16_be", "utf_16_le", "utf_32", "utf_32_be", "utf_32_le",
    "utf_7", "utf_8", "utf_8_sig", "zlib_codec",
}
SHELL_KEYS = ("web.app.title", "web.shell.starting", "web.shell.loading", "web.shell.last",
              "web.shell.failed", "web.shell.blocked", "web.shell.loaded",
              "web.shell.ready_soon", "web.home.saved", "web.home.turn", "web.home.finished",
              "web.shell.guides", "web.shell.guides_short",
              "web.shell.settings_more", "web.nav.settings", "web.settings.title",
              "web.settings.language", "web.settings.lang_en", "web.settings.lang_uk",
              "web.settings.theme", "web.settings.theme_auto", "web.settings.theme_light",
              "web.settings.theme_dark", "web.settings.text", "web.settings.text_0",
              "web.settings.text_1", "web.settings.text_2", "web.error.settings_not_saved",
              "web.shell.unpacking", "web.shell.resume", "web.shell.tap_kept",
              "web.shell.tap_wait", "web.store.newer_open")
# The files whose bytes the shell's progress bar counts (the engine and what it loads first).
SHELL_FILES = ("pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip", "pkgs/automa.zip",
               "pyodide/pyodide.asm.mjs")
# The sanitizer the shell shows a stored play screen through (vendored from npm).
PURIFY = ("dompurify/dist/purify.min.js", "purify/purify.min.js")
CSS_CLASS = re.compile(r"\.(-?[A-Za-z_][\w-]*)")
MIME = {".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
        ".webmanifest": "application/manifest+json", ".json": "application/json",
        ".zip": "application/zip", ".svg": "image/svg+xml", ".css": "text/css"}


WEB_UNUSED = {"automa/cli.py", "automa/__main__.py"}  # the terminal front end


class BuildError(Exception):
    """A problem that stops the build, with a message for the person building."""


# --- checks --------------------------------------------------------------------------------
def engine() -> Any:
    """Import the engine from ``py/`` (the same code the page runs)."""
    path = str(ROOT / "py")
    if path not in sys.path:
        sys.path.insert(0, path)
    import automa

    return automa


def check_translations() -> dict[str, dict[str, Any]]:
    """Every English message exists in Ukrainian with its plural categories and placeholders."""
    engine()
    from automa.core import i18n

    catalogs = {lang: i18n.load_source_catalog(lang) for lang in i18n.LANGUAGES}
    problems: list[str] = []
    for lang, cat in catalogs.items():
        if lang == "en":
            continue
        for key, message in catalogs["en"].items():
            if key not in cat:
                problems.append(f"{lang}: missing {key}")
                continue
            translated = cat[key]
            if isinstance(message, dict) or isinstance(translated, dict):
                have = set(translated) if isinstance(translated, dict) else set()
                need = set(i18n.REQUIRED_CATEGORIES[lang])
                if not need <= have:
                    problems.append(f"{lang}: {key} needs the plural forms "
                                    f"{sorted(need - have)}")
            if i18n.placeholders(message) != i18n.placeholders(translated):
                problems.append(f"{lang}: {key} has placeholders "
                                f"{sorted(i18n.placeholders(translated))}, English has "
                                f"{sorted(i18n.placeholders(message))}")
    if problems:
        raise BuildError("missing or broken translations:\n  " + "\n  ".join(problems))
    return catalogs


def game_packages(games: Path = GAMES, cards: Path = CARDS) -> list[str]:
    """The games the app ships: the modules under ``py/automa/games/`` (never whatever else
    the building process registered, such as the tests' demo game), each with its card data
    in ``cards/<id>/``."""
    ids = sorted(m.name for m in pkgutil.iter_modules([str(games)]) if not m.name.startswith("_"))
    missing = [game_id for game_id in ids if not (cards / game_id).is_dir()]
    if missing:
        raise BuildError("games without their card data folder: "
                         + ", ".join(f"cards/{game_id}/" for game_id in missing))
    return ids


def check_cards() -> list[dict[str, Any]]:
    """Load the card data of every game the app ships (and draw its cards) through the
    engine."""
    automa = engine()
    import automa.render as render

    shipped = game_packages()
    games: list[dict[str, Any]] = [g for g in automa.games() if g["id"] in shipped]
    ids = [g["id"] for g in games]
    if ids != shipped:
        raise BuildError("game packages that register no game of their name: "
                         + ", ".join(sorted(set(shipped) - set(ids))))
    for game_id in ids:
        try:
            session = automa.new_game(game_id, {}, seed=1)
            session.view()
            if render.has_renderer(game_id):
                for card in render.deck(game_id):
                    for lang in ("en", "uk"):
                        render.card_svg(game_id, card, (), lang)
        except automa.InvalidCardData as e:
            raise BuildError(f"invalid card data of {game_id}: {e}") from None
        except automa.AutomaError as e:
            raise BuildError(f"{game_id} does not start: {e}") from None
    return games


def check_guides(games: list[dict[str, Any]],
                 i18n_root: Path | None = None) -> dict[str, dict[str, Any]]:
    """Read every rule guide (``i18n/<lang>/guide/<game>.toml``): well formed, for a
    registered game, in every language with as many sections."""
    engine()
    from automa.app import guide
    from automa.core import i18n

    try:
        return guide.load_guides(i18n_root or ROOT / "i18n", [g["id"] for g in games],
                                 i18n.LANGUAGES)
    except guide.GuideError as e:
        raise BuildError(f"invalid rule guide: {e}") from None


def guide_pages(guides: dict[str, dict[str, Any]],
                games: list[dict[str, Any]]) -> dict[str, bytes]:
    """The static guide pages (``guide/<game>.<lang>.html``), each with its own policy."""
    from automa.app import guide, present
    from automa.core import i18n

    by_id = {g["id"]: g for g in games}
    pages = {}
    for game_id, by_lang in sorted(guides.items()):
        for lang, text in sorted(by_lang.items()):
            html = guide.page(by_id[game_id], text, present.Words(lang), i18n.LANGUAGES)
            pages[f"guide/{guide.page_name(game_id, lang)}"] = with_csp(html.encode())
    return pages


# --- node_modules --------------------------------------------------------------------------
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


# --- pieces of dist/ -----------------------------------------------------------------------
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


COMPILE_MJS = """\
// Compiles the engine with the vendored Pyodide's own CPython (written by build.py).
import { loadPyodide } from "%(pyodide)s";
const py = await loadPyodide({ indexURL: "%(index)s" });
py.FS.mkdirTree("/mnt");
py.FS.mount(py.FS.filesystems.NODEFS, { root: process.argv[2] }, "/mnt");
py.runPython(`%(python)s`);
"""
# Run inside Pyodide. Our modules become sourceless bytecode (``x.pyc`` where ``x.py`` was,
# which the import system loads as it is): no source ships, and no docstring (nothing reads
# them; asserts stay). Tracebacks still name the file and line, only without the line's text.
# PyScript writes its own package's sources at start-up: its checked-hash bytecode goes in
# ``__pycache__`` and is used only while it matches them.
COMPILE_PY = r"""
import ast, compileall, importlib._bootstrap_external as ext, os, py_compile, sys

def without_docstrings(tree):
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            first = body[0].value if body and isinstance(body[0], ast.Expr) else None
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                if len(body) == 1:
                    body[0] = ast.copy_location(ast.Pass(), body[0])
                else:
                    del body[0]
    return tree

for folder, dirs, files in os.walk("/mnt"):
    dirs[:] = sorted(d for d in dirs if d != "pyscript" or folder != "/mnt")
    for name in sorted(files):
        if name.endswith(".py"):
            path = os.path.join(folder, name)
            rel = os.path.relpath(path, "/mnt")
            with open(path, "rb") as f:
                source = f.read()
            code = compile(without_docstrings(ast.parse(source, rel)), rel, "exec",
                           dont_inherit=True)
            with open(path + "c", "wb") as f:
                f.write(ext._code_to_timestamp_pyc(code, 0, 0))
if os.path.isdir("/mnt/pyscript"):
    mode = py_compile.PycInvalidationMode.CHECKED_HASH
    if not compileall.compile_dir("/mnt/pyscript", quiet=1, force=True, invalidation_mode=mode):
        sys.exit(1)
"""


def bytecode(entries: list[tuple[str, bytes]]) -> list[tuple[str, bytes]]:
    """The bytecode of the ``.py`` entries, compiled by Pyodide's CPython in Node: our
    modules as sourceless ``x.pyc`` (in place of ``x.py``), PyScript's in ``__pycache__``.

    Pyodide would compile every module it imports from source (about a third of the app's
    own start-up time), and the sources would add a fifth to the engine's download. Without
    Node the page ships and runs the sources, only slower.
    """
    import tempfile

    node = shutil.which("node")
    if node is None:
        print("note: node not found, the engine ships without bytecode", file=sys.stderr)
        return []
    with tempfile.TemporaryDirectory(prefix="automa-pyc-") as tmp:
        root = Path(tmp) / "src"
        for name, data in entries:
            if name.endswith(".py"):
                (root / name).parent.mkdir(parents=True, exist_ok=True)
                (root / name).write_bytes(data)
        script = Path(tmp) / "compile.mjs"
        index = (NODE / "pyodide").as_posix() + "/"
        script.write_text(COMPILE_MJS % {"pyodide": (NODE / "pyodide" / "pyodide.mjs").as_uri(),
                                         "index": index, "python": COMPILE_PY})
        result = subprocess.run([node, str(script), str(root)], capture_output=True, text=True,
                                check=False)
        if result.returncode != 0:
            print(f"note: bytecode not compiled ({result.stderr.strip()[-300:]})",
                  file=sys.stderr)
            return []
        return [(p.relative_to(root).as_posix(), p.read_bytes())
                for p in sorted(root.rglob("*.pyc"))]


def source_hash() -> str:
    """A hash of everything the app is built from (the default version stamp)."""
    h = hashlib.sha256()
    for folder in ("py", "cards", "i18n", "web"):
        for path in sorted((ROOT / folder).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                h.update(path.relative_to(ROOT).as_posix().encode() + b"\0"
                         + path.read_bytes() + b"\0")
    return h.hexdigest()[:12]


def build_info(stamp: str | None = None, ahead: int = 0) -> dict[str, Any]:
    """What the engine knows of its build (``automa/_data/build.json``): the app's version
    stamp and the version of every format it writes; ``ahead`` (tests only) makes the
    browser storage layout claim that many versions more, so two builds of one commit can
    play an older and a newer version side by side."""
    automa = engine()
    from automa.core import formats

    versions = formats.registered_versions()
    versions["storage"] += ahead
    return {"stamp": stamp or f"{automa.__version__}-{source_hash()}", "ahead": ahead,
            "versions": versions}


def engine_zip(catalogs: dict[str, dict[str, Any]], games: list[dict[str, Any]],
               info: dict[str, Any] | None = None) -> bytes:
    """The engine package with its card data, compiled catalogs and build stamp in
    ``automa/_data``."""
    entries: list[tuple[str, bytes]] = [
        ("automa/_data/build.json", json.dumps(info or build_info()).encode())]
    package = ROOT / "py" / "automa"
    for path in sorted(package.rglob("*")):
        rel = path.relative_to(package.parent)
        if path.is_file() and "__pycache__" not in rel.parts and path.suffix in (".py", ".typed"):
            if rel.parts[1:2] == ("_data",) or rel.as_posix() in WEB_UNUSED:
                continue
            entries.append((rel.as_posix(), path.read_bytes()))
    cards = ROOT / "cards"
    for path in sorted(cards.rglob("*")):
        if path.is_file() and path.suffix == ".toml":
            # compiled to JSON: the engine reads it without tomllib, several times faster
            name = path.relative_to(ROOT).with_suffix(".json").as_posix()
            with path.open("rb") as f:
                data = tomllib.load(f)
            text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
            entries.append((f"automa/_data/{name}", text.encode()))
    for lang, catalog in catalogs.items():
        text = json.dumps(catalog, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
        entries.append((f"automa/_data/i18n/{lang}.json", text.encode()))
    # The page's glue goes in the zip as a module: PyScript's own run of a large main script
    # costs about 0.3 s more at start-up than importing the same code (measured).
    entries.append(("automa_app.py", (WEB / "main.py").read_bytes()))
    entries.append(("automa/_data/games.json",
                    json.dumps(games, ensure_ascii=False, separators=(",", ":")).encode()))
    # Bytecode of PyScript's own Python package (imported before our code runs); only the
    # __pycache__ goes in the zip, PyScript writes the sources itself.
    sources = [(f"pyscript/{name}", text.encode()) for name, text in pyscript_package().items()]
    compiled = bytecode(entries + sources)
    if compiled:  # each compiled module replaces its source
        done = {name[:-1] for name, _ in compiled if "__pycache__" not in name}
        entries = [(name, data) for name, data in entries if name not in done] + compiled
    return zip_bytes(entries)


def pyscript_package() -> dict[str, str]:
    """PyScript's Python package as its core writes it at start-up (file name → source)."""
    node = shutil.which("node")
    module = NODE / "@pyscript" / "core" / "src" / "stdlib" / "pyscript.js"
    if node is None or not module.is_file():
        return {}
    script = ("import(process.argv[1]).then(m => process.stdout.write("
              "JSON.stringify(m.default.pyscript)))")
    result = subprocess.run([node, "-e", script, module.as_uri()], capture_output=True,
                            text=True, check=False)
    if result.returncode != 0:
        print(f"note: PyScript's package not compiled ({result.stderr.strip()[-300:]})",
              file=sys.stderr)
        return {}
    found: dict[str, str] = json.loads(result.stdout)
    return {name: text for name, text in found.items() if isinstance(text, str)}


def trimmed_stdlib(source: Path) -> bytes:
    """Pyodide's standard-library zip without the modules the app never imports."""
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
    return zip_bytes(entries)


def pyscript_files() -> list[Path]:
    """The PyScript chunks this page can load (no editor, no terminal)."""
    folder = NODE / "@pyscript" / "core" / "dist"
    return [p for p in sorted(folder.iterdir())
            if p.suffix in (".js", ".css") and p.name != "xterm.css"
            and not PYSCRIPT_UNUSED.match(p.name)]


def shell_strings(catalogs: dict[str, dict[str, Any]],
                  games: list[dict[str, Any]] | None = None) -> dict[str, dict[str, str]]:
    """The few texts the page shows before Python is ready, in every language (a plural
    message by its ``other`` form), and the games' names (``game.<id>``)."""
    out: dict[str, dict[str, str]] = {}
    for lang, catalog in catalogs.items():
        out[lang] = {}
        for key in SHELL_KEYS:
            value = catalog.get(key)
            if isinstance(value, dict):
                value = value.get("other")
            if not isinstance(value, str):
                raise BuildError(f"{lang}: missing {key} (i18n/{lang}/web.toml)")
            out[lang][key.split(".", 1)[1]] = value
        for game in games or []:
            name = catalog.get(game["name"])
            if isinstance(name, str):
                out[lang][f"game.{game['id']}"] = name
    return out


def screen_allowlist(_: re.Match[bytes] | None = None) -> bytes:
    """What the shell lets through of a stored play screen (``automa.app.screens``), as
    JSON: the format version, the largest size, our tags, attributes and links, and the
    classes our own stylesheet names."""
    engine()
    from automa.app import screens

    classes = sorted(set(CSS_CLASS.findall((WEB / "style.css").read_text()))
                     | set(screens.SCREEN_CLASSES))
    return json.dumps({"v": screens.SCREEN_VERSION,
                       "max": screens.MAX_SCREEN_CHARS + screens.HEADER_MAX,
                       "tags": list(screens.SCREEN_TAGS), "attrs": list(screens.SCREEN_ATTRS),
                       "classes": classes, "href": screens.SCREEN_HREF.pattern},
                      separators=(",", ":")).encode()


def manifest(catalogs: dict[str, dict[str, Any]]) -> str:
    """The web app manifest (English names; the page itself follows the chosen language)."""
    en = catalogs["en"]
    return json.dumps({
        "name": en["web.app.title"],
        "short_name": en["web.app.short_name"],
        "description": en["web.app.description"],
        "lang": "en",
        "start_url": "./",
        "scope": "./",
        "id": "./",
        "display": "standalone",
        "orientation": "any",
        "background_color": "#f7f4ee",
        "theme_color": "#1d4e5f",
        "icons": [
            {"src": "icons/icon-192.png", "sizes": "192x192", "type": "image/png",
             "purpose": "any"},
            {"src": "icons/icon-512.png", "sizes": "512x512", "type": "image/png",
             "purpose": "any"},
            {"src": "icons/maskable-512.png", "sizes": "512x512", "type": "image/png",
             "purpose": "maskable"},
            {"src": "icons/icon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"},
        ],
    }, ensure_ascii=False, indent=1)


# The page's Content-Security-Policy: scripts only from the app's own files and the inline
# scripts the build hashed (no inline handlers, no injected <script>, no other origin); Pyodide
# needs 'wasm-unsafe-eval' to compile its WebAssembly, and PyScript's core 'unsafe-eval' (it
# builds its hook functions with Function(); measured: without it the page never starts). That
# allows no inline script or handler: only strings the app's own scripts pass to Function().
# Styles may be inline: the print sheets place each card with a style attribute, and CSS can
# neither run a script nor, with every other source limited to 'self', send anything elsewhere.
CSP = ("default-src 'self'; script-src 'self' {scripts} 'wasm-unsafe-eval' 'unsafe-eval'; "
       "style-src 'self' 'unsafe-inline'; img-src 'self'; font-src 'self'; "
       "connect-src 'self'; worker-src 'self'; manifest-src 'self'; object-src 'none'; "
       "base-uri 'none'; form-action 'none'")
INLINE_SCRIPT = re.compile(rb"<script(?P<attrs>[^>]*)>(?P<body>.*?)</script>", re.S)


def content_security_policy(html: bytes) -> str:
    """The policy of ``html``: the sha256 of each inline script the browser runs."""
    hashes = []
    for m in INLINE_SCRIPT.finditer(html):
        attrs = m["attrs"].decode()
        if "src=" in attrs or re.search(r"type=[\"']?py", attrs):
            continue  # an external file ('self'), or Python that PyScript runs, not the browser
        digest = base64.b64encode(hashlib.sha256(m["body"]).digest()).decode()
        hashes.append(f"'sha256-{digest}'")
    return CSP.format(scripts=" ".join(hashes))


def with_csp(html: bytes) -> bytes:
    """``html`` with its policy in a ``<meta>`` in place of ``<!--CSP-->``."""
    if b"<!--CSP-->" not in html:
        raise BuildError("web/index.html has no <!--CSP--> placeholder")
    meta = (f'<meta http-equiv="Content-Security-Policy" '
            f'content="{content_security_policy(html)}">')
    return html.replace(b"<!--CSP-->", meta.encode())


# --- icons, drawn here ---------------------------------------------------------------------
Pixel = Callable[[float, float], tuple[int, int, int, int]]


def png(width: int, height: int, pixel: Pixel) -> bytes:
    """An RGBA PNG whose pixel colour at the centre ``(x, y)`` in 0..1 is ``pixel``."""
    rows = bytearray()
    for j in range(height):
        rows.append(0)
        y = (j + 0.5) / height
        for i in range(width):
            rows.extend(pixel((i + 0.5) / width, y))

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(
            ">I", zlib.crc32(tag + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(bytes(rows), 9)) + chunk(b"IEND", b""))


def _round_rect(x: float, y: float, cx: float, cy: float, hw: float, hh: float,
                r: float) -> float:
    """Signed distance to a rounded rectangle centred at (cx, cy)."""
    dx, dy = abs(x - cx) - hw + r, abs(y - cy) - hh + r
    return math.hypot(max(dx, 0), max(dy, 0)) + min(max(dx, dy), 0) - r


def _rotate(x: float, y: float, cx: float, cy: float, angle: float) -> tuple[float, float]:
    c, s = math.cos(angle), math.sin(angle)
    return cx + (x - cx) * c + (y - cy) * s, cy - (x - cx) * s + (y - cy) * c


BG = (29, 78, 95)
CARD_BACK = (226, 160, 66)
CARD_FACE = (250, 247, 240)
PIP = (196, 72, 52)


def icon_pixel(size: int, maskable: bool) -> Pixel:
    """Two cards fanned out on a teal tile: the app's icon (our own drawing)."""
    px = 1.0 / size
    scale = 0.78 if maskable else 1.0  # maskable icons keep their content in the safe zone

    def cover(d: float) -> float:
        return min(1.0, max(0.0, 0.5 - d / px))

    def pixel(x: float, y: float) -> tuple[int, int, int, int]:
        tile = 1.0 if maskable else cover(_round_rect(x, y, 0.5, 0.5, 0.5, 0.5, 0.2))
        if tile <= 0:
            return (0, 0, 0, 0)
        u, v = 0.5 + (x - 0.5) / scale, 0.5 + (y - 0.5) / scale
        colour = list(BG)
        layers = []
        bx, by = _rotate(u, v, 0.42, 0.52, -0.28)
        layers.append((cover(_round_rect(bx, by, 0.42, 0.52, 0.17, 0.24, 0.035) * scale),
                       CARD_BACK))
        fx, fy = _rotate(u, v, 0.57, 0.5, 0.16)
        face = _round_rect(fx, fy, 0.57, 0.5, 0.17, 0.24, 0.035) * scale
        layers.append((cover(face - 0.012), (20, 40, 48)))
        layers.append((cover(face), CARD_FACE))
        layers.append((cover((math.hypot(fx - 0.57, fy - 0.5) - 0.075) * scale), PIP))
        for a, c in layers:
            if a > 0:
                colour = [round(colour[k] * (1 - a) + c[k] * a) for k in range(3)]
        return (colour[0], colour[1], colour[2], round(255 * tile))

    return pixel


ICON_SVG = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
<rect width="100" height="100" rx="20" fill="#1d4e5f"/>
<rect x="25" y="28" width="34" height="48" rx="3.5" fill="#e2a042" transform="rotate(-16 42 52)"/>
<rect x="40" y="26" width="34" height="48" rx="3.5" fill="#faf7f0" stroke="#142830"
 stroke-width="1.2" transform="rotate(9 57 50)"/>
<circle cx="57" cy="50" r="7.5" fill="#c44834"/>
</svg>
"""


@functools.cache
def icons() -> dict[str, bytes]:
    """The app's icons: 192 and 512 px, a maskable 512 px one, and the SVG."""
    return {
        "icons/icon-192.png": png(192, 192, icon_pixel(192, False)),
        "icons/icon-512.png": png(512, 512, icon_pixel(512, False)),
        "icons/maskable-512.png": png(512, 512, icon_pixel(512, True)),
        "icons/icon.svg": ICON_SVG.encode(),
    }


# --- the build -----------------------------------------------------------------------------
def write(path: Path, data: bytes | str) -> None:
    """Write a file of dist/ (mode 644)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data.encode() if isinstance(data, str) else data)
    path.chmod(0o644)


def dist_files(dist: Path) -> list[str]:
    """Every file of dist/ as a relative URL path, sorted."""
    return sorted(p.relative_to(dist).as_posix() for p in dist.rglob("*")
                  if p.is_file() and p.name != "sw.js")


def content_hash(dist: Path, files: list[str]) -> str:
    """A hash of every file's name and content: the cache version."""
    h = hashlib.sha256()
    for name in files:
        h.update(name.encode() + b"\0" + (dist / name).read_bytes() + b"\0")
    return h.hexdigest()[:16]


def build(dist: Path = DIST, *, trim_stdlib: bool = True, quiet: bool = False,
          stamp: str | None = None, ahead: int = 0) -> dict[str, Any]:
    """Check the data and translations, then write the whole of ``dist`` (``stamp``: the
    app's version name, by default from the sources; ``ahead``: see :func:`build_info`)."""
    ensure_node_modules()
    catalogs = check_translations()
    games = check_cards()
    guides = check_guides(games)
    # The app links each game's guide (games.json is what the page reads of the games).
    games = [{**g, "guide": True} if g["id"] in guides else g for g in games]
    if dist.exists():
        shutil.rmtree(dist)
    dist.mkdir(parents=True)

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
    # PyScript loads its chunks one after another; preloading them all removes the waterfall.
    preload = "\n".join(f'<link rel="modulepreload" href="./pyscript/{p.name}">'
                        for p in chunks if p.suffix == ".js" and PYSCRIPT_PRELOAD.match(p.name))

    info = build_info(stamp, ahead)
    write(dist / "pkgs" / "automa.zip", engine_zip(catalogs, games, info))
    # PyScript's configuration is inlined in the page: one request less before Python starts.
    config = json.dumps({
        "interpreter": "./pyodide/pyodide.mjs",
        "files": {"./pkgs/automa.zip": "./*"},
        "plugins": PLUGINS_OFF,
    }, separators=(",", ":"))
    mpy_config = json.dumps({"plugins": PLUGINS_OFF}, separators=(",", ":"))

    from automa.app.saves import SETTING_CHOICES

    shell = json.dumps(shell_strings(catalogs, games), ensure_ascii=False, separators=(",", ":"))
    shell_total = sum((dist / name).stat().st_size for name in SHELL_FILES)
    for path in sorted(WEB.rglob("*")):
        rel = path.relative_to(WEB).as_posix()
        if not path.is_file() or rel in ("sw.template.js", "main.py") or "__pycache__" in rel:
            continue
        data = path.read_bytes()
        if rel == "index.html":
            data = data.replace(b"/*SHELL_STRINGS*/{}", shell.encode())
            data = data.replace(b"/*SHELL_TOTAL*/0", str(shell_total).encode())
            data = data.replace(b"/*SHELL_GUIDES*/[]", json.dumps(sorted(guides)).encode())
            data = data.replace(b'/*SETTING_CHOICES*/{ theme: ["auto"], text: [1] }',
                                json.dumps({k: list(SETTING_CHOICES[k])
                                            for k in ("theme", "text")}).encode())
            data = data.replace(b"/*FORMAT_VERSIONS*/{}", json.dumps(info["versions"]).encode())
            data = data.replace(b"/*APP_STAMP*/\"\"", json.dumps(info["stamp"]).encode())
            data = re.sub(rb"/\*SCREEN_ALLOW\*/\{[^}]*\}", screen_allowlist, data)
            data = data.replace(b"/*PYSCRIPT_CONFIG*/", config.encode())
            data = data.replace(b"/*MPY_CONFIG*/", mpy_config.encode())
            data = data.replace(b"<!--PYSCRIPT_PRELOAD-->", preload.encode())
            data = with_csp(data)
        write(dist / rel, data)
    for name, data in guide_pages(guides, games).items():
        write(dist / name, data)
    write(dist / "manifest.webmanifest", manifest(catalogs))
    for name, data in icons().items():
        write(dist / name, data)
    write(dist / ".nojekyll", b"")

    version = service_worker(dist)
    report: dict[str, Any] = {**sizes(dist), "games": [g["id"] for g in games],
                               "version": version, "stamp": info["stamp"]}
    if not quiet:
        print(f"built {dist.relative_to(ROOT) if dist.is_relative_to(ROOT) else dist}: "
              f"{report['files']} files, {report['raw'] / 1e6:.2f} MB raw, "
              f"{report['gzip'] / 1e6:.2f} MB gzip; games: {', '.join(report['games']) or 'none'}; "
              f"cache {CACHE_PREFIX}{version}")
    return report


SW_VERIFY = True
"""Whether the service worker checks each cached file's SHA-256 each time it serves it (it
always checks at install); ``bench/integrity.py`` measures what that costs."""


def service_worker(dist: Path, verify: bool = SW_VERIFY) -> str:
    """Write ``sw.js``: the list of every file of ``dist`` with its SHA-256, and a cache
    named after their content hash (the cache version, returned)."""
    files = dist_files(dist)
    version = content_hash(dist, files)
    template = (WEB / "sw.template.js").read_text()
    urls = ["./"] + [f"./{f}" for f in files if f != ".nojekyll"]
    hashes = {url: base64.b64encode(hashlib.sha256(
        (dist / ("index.html" if url == "./" else url[2:])).read_bytes()).digest()).decode()
        for url in urls}
    write(dist / "sw.js", template.replace("__CACHE__", CACHE_PREFIX + version)
          .replace("__CACHE_PREFIX__", CACHE_PREFIX)
          .replace("[/*FILES*/]", json.dumps(urls, indent=0))
          .replace("{/*HASHES*/}", json.dumps(hashes, indent=0))
          .replace("/*VERIFY*/true", "true" if verify else "false"))
    return version


def restamp(source: Path, out: Path, stamp: str, ahead: int = 0) -> None:
    """A copy of the built ``source`` under another version ``stamp`` (and, for tests,
    ``ahead``: see :func:`build_info`): the engine's build stamp, the page's format
    versions and stamp, its security policy and the service worker are written again; the
    rest is the same build. Much quicker than a second :func:`build` of the same commit."""
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(source, out)
    with zipfile.ZipFile(source / "pkgs" / "automa.zip") as z:
        entries = [(i.filename, z.read(i)) for i in z.infolist()]
    old = json.loads(dict(entries)["automa/_data/build.json"])
    versions = {**old["versions"], "storage": old["versions"]["storage"] - old["ahead"] + ahead}
    info = {"stamp": stamp, "ahead": ahead, "versions": versions}
    write(out / "pkgs" / "automa.zip", zip_bytes(
        (name, json.dumps(info).encode() if name == "automa/_data/build.json" else data)
        for name, data in entries))
    html = (source / "index.html").read_bytes()
    html = re.sub(rb'<meta http-equiv="Content-Security-Policy"[^>]*>', b"<!--CSP-->", html)
    html = html.replace(b"var formats = " + json.dumps(old["versions"]).encode(),
                        b"var formats = " + json.dumps(versions).encode())
    html = html.replace(b"stamp: " + json.dumps(old["stamp"]).encode(),
                        b"stamp: " + json.dumps(stamp).encode())
    write(out / "index.html", with_csp(html))
    service_worker(out)


def sizes(dist: Path) -> dict[str, int]:
    """Number of files, raw bytes and gzip -9 bytes of ``dist``."""
    raw = packed = count = 0
    for p in dist.rglob("*"):
        if p.is_file():
            data = p.read_bytes()
            count += 1
            raw += len(data)
            packed += len(gzip.compress(data, 9, mtime=0))
    return {"files": count, "raw": raw, "gzip": packed}


# --- serving -------------------------------------------------------------------------------
def make_server(dist: Path = DIST, port: int = 8000, prefix: str = PREFIX,
                quiet: bool = False,
                extra: dict[str, bytes] | None = None) -> http.server.ThreadingHTTPServer:
    """An HTTP server of ``dist`` under ``prefix`` on 127.0.0.1 (like GitHub Pages).

    ``extra`` adds pages that are not in ``dist`` (name → HTML), e.g. a benchmark's page.
    """
    pages = dict(extra or {})

    class Handler(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            # set before the base class's __init__, which already answers the request
            self.extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                                   **MIME}
            super().__init__(*args, directory=str(args[2].dist), **kwargs)

        def send_head(self) -> Any:
            path = self.path.split("?", 1)[0]
            if path in ("/", prefix.rstrip("/")):
                self.send_response(301)
                self.send_header("Location", prefix)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return None
            if not path.startswith(prefix):
                self.send_error(404)
                return None
            self.path = "/" + self.path[len(prefix):]
            name = path[len(prefix):]
            if name in pages:
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(pages[name])))
                self.end_headers()
                return io.BytesIO(pages[name])
            return super().send_head()

        def end_headers(self) -> None:
            self.send_header("Cache-Control", "no-cache")
            super().end_headers()

        def log_message(self, format: str, *args: Any) -> None:
            if not quiet:
                super().log_message(format, *args)

    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), Handler)
    server.dist = dist  # type: ignore[attr-defined]  # (a test may serve another build)
    return server


def main(argv: list[str] | None = None) -> int:
    """Command line: ``build.py [serve] [--port N] [--no-trim-stdlib] [--out DIR]``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", nargs="?", choices=["build", "serve"], default="build")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--out", type=Path, default=DIST)
    parser.add_argument("--no-trim-stdlib", action="store_true",
                        help="ship Pyodide's whole standard library")
    parser.add_argument("--no-build", action="store_true", help="serve the existing dist/")
    parser.add_argument("--stamp", help="the app's version name (default: from the sources)")
    args = parser.parse_args(argv)
    os.chdir(ROOT)
    try:
        if not args.no_build:
            build(args.out.resolve(), trim_stdlib=not args.no_trim_stdlib, stamp=args.stamp)
    except BuildError as e:
        print(f"build failed: {e}", file=sys.stderr)
        return 1
    except subprocess.CalledProcessError as e:
        print(f"build failed: {e}", file=sys.stderr)
        return 1
    if args.command == "serve":
        server = make_server(args.out.resolve(), args.port)
        print(f"serving at http://127.0.0.1:{args.port}{PREFIX}  (Ctrl+C stops)", flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            server.serve_forever()
    return 0


if __name__ == "__main__":
    sys.exit(main())
