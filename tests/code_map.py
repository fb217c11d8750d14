"""The engine's code as data, read with ``ast`` from the sources alone (nothing imported, the
standard library only, so ``bench/code_figures.py`` reads an older commit with it too): which
``automa`` module names which, at import time or inside a function, the import cycles, and
the public names each module defines.

Sources are given as ``{path: text}`` with paths relative to ``py/`` (``automa/core/game.py``).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator, Mapping
from typing import TypeGuard

AUTOMA_NAME = re.compile(r"automa(\.[a-z_]\w*)+")
"""A module's dotted name in a string (a name ``importlib`` could load)."""
FLOORS = ("core", "games", "render", "app")
"""The packages of ``py/automa`` that are floors of their own; every top-level module
(``cli.py``, ``terminal.py``, ``files.py``…) is on the floor ``top``."""


def module_name(path: str) -> str:
    """``automa/core/game.py`` → ``automa.core.game``; a package's ``__init__.py`` is the
    package."""
    parts = path.removesuffix(".py").split("/")
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def floor_of(path: str) -> str:
    """The floor a module of ``py/automa`` is on: ``core``, ``games``, ``render``, ``app`` or
    ``top``."""
    parts = path.split("/")
    return parts[1] if len(parts) > 2 and parts[1] in FLOORS else "top"


def _type_checking(node: ast.AST) -> TypeGuard[ast.If]:
    """``if TYPE_CHECKING:`` (its imports never run)."""
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def _nodes(tree: ast.AST, module_level: bool, type_checking: bool) -> Iterator[ast.AST]:
    """Every node that runs: at import time only (no function bodies) or anywhere; under
    ``if TYPE_CHECKING:`` (never run, read by mypy) only if ``type_checking``."""
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        yield node
        for child in ast.iter_child_nodes(node):
            if not type_checking and _type_checking(child):
                stack.extend(child.orelse)
                continue
            if module_level and isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef,
                                                   ast.Lambda)):
                stack.extend(child.decorator_list if not isinstance(child, ast.Lambda) else ())
                continue
            stack.append(child)


def _absolute(name: str, path: str, level: int) -> str:
    """A relative import's module, absolute (``from . import data`` in a game)."""
    if not level:
        return name
    package = module_name(path).split(".")
    if not path.endswith("__init__.py"):
        package = package[:-1]
    base = package[:len(package) - (level - 1)]
    return ".".join([*base, name] if name else base)


def named_modules(path: str, source: str, modules: set[str], *,
                  module_level: bool = False, type_checking: bool = False) -> Iterator[str]:
    """Every ``automa`` module of ``modules`` that the module at ``path`` imports — plainly,
    relatively, ``from`` a package (``from automa.core import records``: the module
    ``records``), inside a function unless ``module_level`` — or names in a string
    (``importlib.import_module("automa.games")``, an f-string's fixed start
    ``f"automa.games.{id}"``; at import time only a string handed to a call, since a name
    kept in a constant is loaded later if at all)."""
    def known(name: str) -> Iterator[str]:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        if name:
            yield name

    for node in _nodes(ast.parse(source), module_level, type_checking):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield from known(alias.name)
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(node.module or "", path, node.level)
            for alias in node.names:
                yield from known(f"{base}.{alias.name}")
        elif isinstance(node, ast.Call) and module_level:
            for arg in node.args:  # a name loaded now: importlib.import_module("automa.x")
                for name in _string_name(arg):
                    yield from known(name)
        elif not module_level:  # a name anywhere: it may be loaded, now or later
            for name in _string_name(node):
                yield from known(name)


def _string_name(node: ast.AST) -> Iterator[str]:
    """The ``automa`` module a string names: whole (``"automa.games"``), or an f-string's fixed
    start (``f"automa.games.{id}"``)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and (
            AUTOMA_NAME.fullmatch(node.value)):
        yield node.value
    elif isinstance(node, ast.JoinedStr) and node.values and isinstance(
            node.values[0], ast.Constant) and isinstance(node.values[0].value, str):
        start = node.values[0].value.rstrip(".")
        if AUTOMA_NAME.fullmatch(start):
            yield start


def import_graph(sources: Mapping[str, str], *, module_level: bool,
                 type_checking: bool = False) -> dict[str, set[str]]:
    """Module → the modules it names (itself left out)."""
    names = {module_name(p): p for p in sources}
    return {m: set(named_modules(p, sources[p], set(names), module_level=module_level,
                                 type_checking=type_checking)) - {m}
            for m, p in names.items()}


def cycles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """The import cycles: every strongly connected group of two or more modules, sorted
    (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = []
                    while True:
                        top = stack.pop()
                        on_stack.discard(top)
                        group.append(top)
                        if top == node:
                            break
                    if len(group) > 1:
                        found.append(sorted(group))
            elif child not in graph:
                continue
            elif child not in index:
                index[child] = low[child] = len(index)
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(graph[child]))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return sorted(found)


PUBLIC_RECORD = re.compile(r"[A-Z][a-z0-9]\w*")
"""A public class or type's name (``Dial``, ``LogEntry``); not a constant (``ALL_CAPS``)."""


def public_records(source: str) -> Iterator[str]:
    """The public classes and type aliases a module defines at its top level (``class Why``,
    ``Args = dict[str, Any]``, ``type Kind = …``)."""
    for node in ast.parse(source).body:
        names: list[str] = []
        if isinstance(node, ast.ClassDef):
            names = [node.name]
        elif isinstance(node, ast.Assign):
            names = [t.id for t in node.targets if isinstance(t, ast.Name)]
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names = [node.target.id]
        elif type(node).__name__ == "TypeAlias":
            names = [getattr(getattr(node, "name", None), "id", "")]
        yield from (n for n in names if PUBLIC_RECORD.fullmatch(n))
