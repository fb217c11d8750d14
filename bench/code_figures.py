"""The code's figures of issue 35, for HEAD and an earlier commit side by side: untyped
``ctx.data[...]`` reads in ``games/``, ``Any`` per 1,000 lines, the largest files, the files
over 650 lines, and the import cycles (at import time, and counting function-level imports).

    .venv/bin/python bench/code_figures.py                 # HEAD vs 01dca7e (the review's)
    .venv/bin/python bench/code_figures.py --base 6636645 --head names

Each commit's ``py/automa`` is read with ``git archive`` (nothing of it imported), the
standard library only. A read is "untyped" when it goes through a ``ctx`` that is not a
game's own ``Ctx`` (``core.Ctx[Data]``, issue 35): a ``ctx`` annotated with the core's bare
``Ctx`` or ``Ctx[Any]``, or not annotated. Reads through a local alias of the data
(``d = ctx.data``; ``d["vp"]``) count as reads of ``ctx.data``, and so do writes
(``ctx.data["vp"] = 3``): each is a key mypy did not check.
"""

from __future__ import annotations

import argparse
import ast
import io
import subprocess
import sys
import tarfile
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.code_map import cycles, import_graph  # noqa: E402

LONG = 650
"""A file over this many lines is one the issue asks to cut."""


def tree_at(rev: str) -> dict[str, str]:
    """``py/automa``'s Python files at ``rev``, by their path under ``py/``."""
    tar = subprocess.run(["git", "archive", "--format=tar", rev, "py/automa"], cwd=ROOT,
                         check=True, capture_output=True).stdout
    out: dict[str, str] = {}
    with tarfile.open(fileobj=io.BytesIO(tar)) as archive:
        for member in archive.getmembers():
            if member.isfile() and member.name.endswith(".py"):
                data = archive.extractfile(member)
                assert data is not None
                out[member.name.removeprefix("py/")] = data.read().decode("utf-8")
    return out


def _typed_ctx_names(tree: ast.Module, state_typed: bool) -> set[str]:
    """The names a module uses for a game's own ``Ctx``: an alias it defines
    (``Ctx = core.Ctx[Data]``), or ``Ctx`` imported from its game's ``state`` when that
    module defines such an alias."""
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if isinstance(node.value, ast.Subscript) and "Any" not in ast.unparse(node.value):
                names |= {t.id for t in targets if isinstance(t, ast.Name) and t.id == "Ctx"}
        elif isinstance(node, ast.ImportFrom) and node.level == 1 and node.module == "state" \
                and state_typed:
            names |= {a.asname or a.name for a in node.names if a.name == "Ctx"}
    return names


def _typed(annotation: ast.expr | None, typed: set[str]) -> bool:
    """A ``ctx`` annotation that types the game's data."""
    if annotation is None:
        return False
    text = ast.unparse(annotation).strip("'\"")
    return text in typed or (text.startswith("Ctx[") and "Any" not in text)


def _data_reads(fn: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> Iterator[ast.AST]:
    """Every ``ctx.data[...]`` in a function (its own body, not nested functions'), and every
    ``d[...]`` of a local ``d = ctx.data``."""
    def is_data(node: ast.expr) -> bool:
        return (isinstance(node, ast.Attribute) and node.attr == "data"
                and isinstance(node.value, ast.Name) and node.value.id == "ctx")

    body = [fn.body] if isinstance(fn, ast.Lambda) else fn.body
    nodes: list[ast.AST] = []
    stack: list[ast.AST] = list(body)
    while stack:
        node = stack.pop()
        nodes.append(node)
        stack.extend(child for child in ast.iter_child_nodes(node) if not isinstance(
            child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)))
    aliases = {t.id for n in nodes if isinstance(n, ast.Assign) and is_data(n.value)
               for t in n.targets if isinstance(t, ast.Name)}
    for node in nodes:
        if isinstance(node, ast.Subscript) and (is_data(node.value) or (
                isinstance(node.value, ast.Name) and node.value.id in aliases)):
            yield node


def data_reads(sources: dict[str, str]) -> tuple[int, int]:
    """``ctx.data[...]`` reads in ``games/``: (untyped, all)."""
    untyped = every = 0
    states: dict[str, bool] = {}
    for path, text in sources.items():
        if path.startswith("automa/games/") and path.endswith("/state.py"):
            states[path.rpartition("/")[0]] = bool(_typed_ctx_names(ast.parse(text), False))
    for path, text in sources.items():
        if not path.startswith("automa/games/"):
            continue
        tree = ast.parse(text)
        typed = _typed_ctx_names(tree, states.get(path.rpartition("/")[0], False))
        for fn in ast.walk(tree):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                continue
            ctx = next((a for a in [*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs]
                        if a.arg == "ctx"), None)
            if ctx is None:
                continue
            n = sum(1 for _ in _data_reads(fn))
            every += n
            if not _typed(ctx.annotation, typed):
                untyped += n
    return untyped, every


def any_count(text: str) -> int:
    """Uses of ``Any`` (``Any``, ``typing.Any``) in a module's code and annotations."""
    tree = ast.parse(text)
    count = 0
    for node in ast.walk(tree):
        if (isinstance(node, ast.Name) and node.id == "Any") or (
                isinstance(node, ast.Attribute) and node.attr == "Any"):
            count += 1
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and "Any" in \
                node.value and _annotation_string(node.value):
            count += node.value.count("Any")
    return count


def _annotation_string(text: str) -> bool:
    """A string annotation (``"dict[str, Any]"``), not prose."""
    try:
        ast.parse(text, mode="eval")
    except SyntaxError:
        return False
    return True


def figures(rev: str) -> dict[str, object]:
    """Every figure of one commit."""
    sources = tree_at(rev)
    lines = {path: text.count("\n") + (not text.endswith("\n") and bool(text))
             for path, text in sources.items()}
    total = sum(lines.values())
    untyped, every = data_reads(sources)
    anys = sum(any_count(text) for text in sources.values())
    largest = sorted(lines.items(), key=lambda kv: (-kv[1], kv[0]))[:5]
    return {
        "untyped ctx.data[...] reads in games/": f"{untyped} of {every}",
        "Any per 1,000 lines": f"{1000 * anys / total:.1f} ({anys} in {total:,} lines)",
        "files over 650 lines": sum(1 for n in lines.values() if n > LONG),
        "largest files": [f"{n} {p.removeprefix('automa/')}" for p, n in largest],
        "import cycles at import time": _cycles(sources, True),
        "import cycles with function-level imports": _cycles(sources, False),
        "... and with `if TYPE_CHECKING:` imports": _cycles(sources, False, True),
    }


def _cycles(sources: dict[str, str], module_level: bool, type_checking: bool = False
            ) -> list[str]:
    """How many cycles, then each cycle's modules, a few to a line."""
    found = cycles(import_graph(sources, module_level=module_level,
                                type_checking=type_checking))
    rows = [str(len(found))]
    for cycle in found:
        names = [m.removeprefix("automa.") for m in cycle]
        rows += [" ".join(names[i:i + 3]) + (" …" if i + 3 < len(names) else "")
                 for i in range(0, len(names), 3)]
    return rows


def _rows(value: object) -> list[str]:
    return [str(v) for v in value] if isinstance(value, list) else [str(value)]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", default="01dca7e", help="the earlier commit (the review's)")
    parser.add_argument("--head", default="HEAD", help="the later commit")
    args = parser.parse_args(argv)
    revs = [args.head, args.base]
    named = [subprocess.run(["git", "rev-parse", "--short", r], cwd=ROOT, check=True,
                            capture_output=True, text=True).stdout.strip() for r in revs]
    base, head = figures(args.base), figures(args.head)
    width = 44
    print(f"{'':<{width}} {'base ' + named[1]:<42} {'head ' + named[0]}")
    for key in head:
        left, right = _rows(base[key]), _rows(head[key])
        for i in range(max(len(left), len(right))):
            label = key if i == 0 else ""
            a = left[i] if i < len(left) else ""
            b = right[i] if i < len(right) else ""
            print(f"{label:<{width}} {a:<42} {b}")


if __name__ == "__main__":
    main()
