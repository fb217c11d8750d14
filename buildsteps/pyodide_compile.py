"""Compiles the engine inside Pyodide, with the vendored runtime's own CPython (the engine
phase runs this file's source in Node; the build never imports it).

The sources are mounted at ``/mnt``. Our modules become sourceless bytecode (``x.pyc`` where
``x.py`` was, which the import system loads as it is): no source ships, and no docstring
(nothing reads them; asserts stay). Tracebacks still name the file and line, only without
the line's text. PyScript writes its own package's sources at start-up: its checked-hash
bytecode goes in ``__pycache__`` and is used only while it matches them.
"""

from __future__ import annotations

import ast
import compileall
import importlib._bootstrap_external as ext
import os
import py_compile
import sys

ROOT = "/mnt"


def without_docstrings(tree: ast.Module) -> ast.Module:
    """The module without the docstrings of itself, its classes and its functions."""
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


def compile_ours(root: str) -> None:
    """Each of our modules under ``root`` (PyScript's package apart) as sourceless bytecode
    beside its source."""
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d != "pyscript" or folder != root)
        for name in sorted(files):
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                rel = os.path.relpath(path, root)
                with open(path, "rb") as f:
                    source = f.read()
                code = compile(without_docstrings(ast.parse(source, rel)), rel, "exec",
                               dont_inherit=True)
                with open(path + "c", "wb") as f:
                    f.write(ext._code_to_timestamp_pyc(code, 0, 0))  # type: ignore[attr-defined]


def compile_pyscript(root: str) -> bool:
    """PyScript's package (if given) as checked-hash bytecode; False if it fails."""
    folder = os.path.join(root, "pyscript")
    if not os.path.isdir(folder):
        return True
    mode = py_compile.PycInvalidationMode.CHECKED_HASH
    return bool(compileall.compile_dir(folder, quiet=1, force=True, invalidation_mode=mode))


if __name__ == "__main__":
    compile_ours(ROOT)
    if not compile_pyscript(ROOT):
        sys.exit(1)
