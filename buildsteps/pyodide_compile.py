"""Compiles the engine, and strips the standard library's sources, inside Pyodide, with the
vendored runtime's own CPython (the build runs this file's source in Node with ``MODE`` set;
it imports it only to test :func:`stripped`, which runs on any Python ≥ 3.11).

The sources are mounted at ``/mnt``. ``MODE == "engine"``: our modules become sourceless
bytecode (``x.pyc`` where ``x.py`` was, which the import system loads as it is): no source
ships, and no docstring (nothing reads them; asserts stay). Tracebacks still name the file and
line, only without the line's text. PyScript writes its own package's sources at start-up: its
checked-hash bytecode goes in ``__pycache__`` and is used only while it matches them.
``MODE == "strip"``: every ``.py`` is rewritten without its docstrings and comments, each line
where it was (:func:`stripped`), as ``python -OO`` would drop them.
"""

from __future__ import annotations

import ast
import compileall
import importlib._bootstrap_external as ext
import io
import os
import py_compile
import re
import sys
import tokenize

ROOT = "/mnt"
CODING = re.compile(r"^[ \t\f]*#.*?coding[:=]")  # PEP 263: kept on lines 1 and 2


def char_column(line: str, byte_offset: int) -> int:
    """The character column of a UTF-8 byte offset in ``line`` (``ast`` counts bytes)."""
    return len(line.encode("utf-8")[:byte_offset].decode("utf-8", "ignore"))


def stripped(source: str) -> str:
    """``source`` without its docstrings (of the module, classes and functions) and comments,
    every line where it was: a removed docstring or comment leaves blank lines (which deflate
    to almost nothing), so a traceback names the same line numbers as the original. A body
    that was only a docstring becomes ``pass``."""
    lines = source.splitlines(keepends=True)
    # (first line, first column, last line, end column, write "pass"), 0-based lines
    cuts: list[tuple[int, int, int, int, bool]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            first = body[0] if body and isinstance(body[0], ast.Expr) else None
            if first is not None and isinstance(first.value, ast.Constant) \
                    and isinstance(first.value.value, str) and first.end_lineno is not None \
                    and first.end_col_offset is not None:
                row, end = first.lineno - 1, first.end_lineno - 1
                cuts.append((row, char_column(lines[row], first.col_offset), end,
                             char_column(lines[end], first.end_col_offset), len(body) == 1))
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        (row, col) = token.start
        if token.type == tokenize.COMMENT and not (row <= 2 and CODING.match(token.line)):
            cuts.append((row - 1, col, row - 1, -1, False))
    for row, col, end, end_col, keep in sorted(cuts, reverse=True):
        last = lines[end]
        text = last.rstrip("\r\n")
        newline = last[len(text):]
        rest = "" if end_col < 0 else text[end_col:]
        head = lines[row][:col]
        if keep or rest.strip():  # a lone docstring, or a statement after it on its line
            lines[row] = head + "pass" + rest + newline
        else:
            lines[row] = head.rstrip() + newline
        lines[row + 1:end + 1] = [newline or "\n"] * (end - row)
    return "".join(lines)


def strip_all(root: str) -> None:
    """Rewrite every ``.py`` under ``root`` as :func:`stripped`; one that does not parse
    stays as it is."""
    for folder, _dirs, files in os.walk(root):
        for name in files:
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                with open(path, encoding="utf-8") as f:
                    source = f.read()
                try:
                    text = stripped(source)
                except (SyntaxError, ValueError, tokenize.TokenError):
                    continue
                with open(path, "w", encoding="utf-8", newline="") as f:
                    f.write(text)


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
    if globals().get("MODE") == "strip":
        strip_all(ROOT)
    else:
        compile_ours(ROOT)
        if not compile_pyscript(ROOT):
            sys.exit(1)
