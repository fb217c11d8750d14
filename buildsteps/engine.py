"""The engine zip (``pkgs/automa.zip``): the engine package with its card data (TOML compiled
to JSON) and compiled message catalogs in ``automa/_data/``, the games the app ships
(``games.json``) and the page's glue, all as bytecode compiled by Pyodide's own CPython
(:mod:`buildsteps.pyodide_compile`) when Node is there."""

from __future__ import annotations

import ast
import json
import shutil
import subprocess
import sys
import tomllib
from typing import Any

from .common import CARDS, NODE, ROOT, WEB, in_pyodide, zip_bytes
from .pyodide_compile import stripped

FIRST_SCREEN_AS_BYTECODE = False
"""Whether the modules the page imports before its first screen ship as bytecode (else as
stripped source, as the later ones do). Measured (``bench/size.py``, and importing them in
Pyodide in Node at full CPU): as source, dist/ is 0.12 MB gzip smaller (4.95 MB instead of
5.07), and those imports take 164–224 ms instead of 56–93 ms — but only on a start without
the engine's memory snapshot (``web/pyodide/boot.mjs``: a first visit, the first start of a
new release), since a start from the snapshot imports nothing. Source, then: the bytes of a
first visit weigh on every phone on a slow network."""
# the terminal's front end: no module the page imports imports these
WEB_UNUSED = {"automa/cli.py", "automa/__main__.py", "automa/cli_records.py",
              "automa/terminal.py", "automa/terminal_io.py"}


def bytecode(entries: list[tuple[str, bytes]]) -> list[tuple[str, bytes]]:
    """The bytecode of the ``.py`` entries, compiled by Pyodide's CPython in Node: our
    modules as sourceless ``x.pyc`` (in place of ``x.py``), PyScript's in ``__pycache__``.

    Pyodide would compile every module it imports from source (about a third of the app's
    own start-up time), and the sources would add a fifth to the engine's download. Without
    Node the page ships and runs the sources, only slower.
    """
    done = in_pyodide([(n, d) for n, d in entries if n.endswith(".py")], "engine")
    if done is None:
        print("note: the engine ships without bytecode", file=sys.stderr)
        return []
    return [(name, data) for name, data in done if name.endswith(".pyc")]


def module_name(entry: str) -> str:
    """The module an entry of the zip holds (``automa/app/__init__.py`` → ``automa.app``)."""
    return entry.removesuffix(".py").removesuffix("/__init__").replace("/", ".")


def module_level_imports(tree: ast.Module, name: str, package: bool) -> set[str]:
    """The modules a module imports as it runs (not in a function, not under
    ``TYPE_CHECKING``): each with its parent packages; ``from m import x`` also gives
    ``m.x``, a module or not."""
    found: set[str] = set()
    base = name if package else name.rpartition(".")[0]
    stack: list[ast.stmt] = list(tree.body)
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If):
            if not (isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"):
                stack += node.body + node.orelse
        elif isinstance(node, ast.Try):
            stack += node.body + node.orelse + node.finalbody
            stack += [s for h in node.handlers for s in h.body]
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            parts = base.split(".")
            origin = ".".join(parts[:len(parts) - node.level + 1] if node.level else [])
            origin = ".".join(p for p in (origin, node.module or "") if p)
            found.add(origin)
            found.update(f"{origin}.{alias.name}" for alias in node.names)
    return {".".join(m.split(".")[:i + 1]) for m in found for i in range(m.count(".") + 1)}


def lazy_sources(entries: list[tuple[str, bytes]], start: str = "automa_app") -> dict[str, bytes]:
    """Our modules the page imports only later (a game once it is opened, the deck editor…):
    those ``start`` does not reach through module-level imports, each stripped of its
    docstrings and comments, lines kept (:func:`buildsteps.pyodide_compile.stripped`).

    They ship as source: a third of their bytecode's size, compiled when first imported
    (a game's modules when it opens); what the first screen imports stays bytecode."""
    modules = {module_name(n): (n, d) for n, d in entries
               if n.endswith(".py") and not n.startswith("pyscript/")}
    reached, todo = set(), [start]
    while todo:
        name = todo.pop()
        if name in reached or name not in modules:
            continue
        reached.add(name)
        entry, data = modules[name]
        tree = ast.parse(data, entry)
        todo += module_level_imports(tree, name, entry.endswith("__init__.py"))
    return {entry: stripped(data.decode()).encode()
            for name, (entry, data) in modules.items() if name not in reached}


def engine_zip(catalogs: dict[str, dict[str, Any]], games: list[dict[str, Any]],
               info: dict[str, Any]) -> bytes:
    """The engine package with its card data and compiled catalogs in ``automa/_data``."""
    # the build's stamp and format versions (automa.core.formats.build_info)
    entries: list[tuple[str, bytes]] = [("automa/_data/build.json", json.dumps(info).encode())]
    package = ROOT / "py" / "automa"
    for path in sorted(package.rglob("*")):
        rel = path.relative_to(package.parent)
        if path.is_file() and "__pycache__" not in rel.parts and path.suffix in (".py", ".typed"):
            if rel.parts[1:2] == ("_data",) or rel.as_posix() in WEB_UNUSED:
                continue
            entries.append((rel.as_posix(), path.read_bytes()))
    for path in sorted(CARDS.rglob("*")):
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
    if compiled:  # each compiled module replaces its source, but those imported later
        later = lazy_sources(entries, "automa_app" if FIRST_SCREEN_AS_BYTECODE else "")
        compiled = [(name, data) for name, data in compiled if name[:-1] not in later]
        done = {name[:-1] for name, _ in compiled if "__pycache__" not in name}
        entries = [(name, later.get(name, data)) for name, data in entries
                   if name not in done] + compiled
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
