"""The build's line-preserving stripper (``buildsteps.pyodide_compile.stripped``): the standard
library ships without docstrings and comments, each line where it was, so it still runs and a
traceback still names the original line."""

from __future__ import annotations

import ast
import json.decoder
import sys
import textwrap
import traceback
from pathlib import Path

import pytest

from buildsteps.pyodide_compile import stripped

SOURCE = '''\
# -*- coding: utf-8 -*-
"""The module's docstring,
over two lines."""
# a comment alone on its line
import sys  # a comment after code


class Thing:
    """A class with only a docstring."""


class Other:
    """A docstring, then code."""

    marker = "# not a comment"  # a comment

    def method(self) -> int:
        """Raise on the line it always had.

        Over several lines.
        """
        return 1 // 0


def lone(): "one-line docstring"


def É(): "non-ASCII before it"; return 2
'''


def test_a_stripped_source_keeps_every_line_where_it_was() -> None:
    out = stripped(SOURCE)
    assert out.count("\n") == SOURCE.count("\n")
    assert [line for line in out.splitlines() if line.strip()] == [
        "# -*- coding: utf-8 -*-",  # PEP 263: kept
        "import sys",
        "class Thing:",
        "    pass",
        "class Other:",
        '    marker = "# not a comment"',
        "    def method(self) -> int:",
        "        return 1 // 0",
        "def lone(): pass",
        'def É(): pass; return 2',
    ]
    for n, line in enumerate(out.splitlines()):
        if line.strip() and not line.startswith("# -*-"):
            assert SOURCE.splitlines()[n].startswith(line.split(" pass")[0])


def test_a_traceback_names_the_same_line_as_the_original() -> None:
    lines = []
    for text in (SOURCE, stripped(SOURCE)):
        scope: dict[str, object] = {}
        exec(compile(text, "thing.py", "exec"), scope)
        with pytest.raises(ZeroDivisionError) as error:
            scope["Other"]().method()  # type: ignore[operator]
        lines.append(traceback.extract_tb(error.value.__traceback__)[-1].lineno)
        docstring = None if lines[1:] else "The module's docstring,\nover two lines."
        assert scope.get("__doc__") == docstring
    assert lines[0] == lines[1] == SOURCE.splitlines().index("        return 1 // 0") + 1


@pytest.mark.parametrize("module", [json.decoder, textwrap, ast])
def test_a_stripped_standard_module_still_parses_and_keeps_its_statements(module: object) -> None:
    """Every statement but the docstrings stays on its line (``python -OO``'s code)."""
    source = Path(getattr(module, "__file__", "")).read_text("utf-8")
    out = stripped(source)
    assert out.count("\n") == source.count("\n") and len(out) < len(source)

    def statements(tree: ast.Module) -> list[tuple[str, int]]:
        """Each statement but docstrings and ``pass`` (a lone docstring's stand-in)."""
        docs = {id(n.body[0]) for n in ast.walk(tree)
                if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                and n.body and isinstance(n.body[0], ast.Expr)
                and isinstance(n.body[0].value, ast.Constant)
                and isinstance(n.body[0].value.value, str)}
        return [(type(n).__name__, n.lineno) for n in ast.walk(tree)
                if isinstance(n, ast.stmt) and not isinstance(n, ast.Pass) and id(n) not in docs]

    assert statements(ast.parse(out)) == statements(ast.parse(source))
    scope: dict[str, object] = {"__name__": "stripped_copy"}
    exec(compile(out, "copy.py", "exec"), scope)
    assert scope.get("__doc__") is None
    assert sys.modules[getattr(module, "__name__", "")]  # the original untouched
