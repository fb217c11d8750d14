"""What build.py ships of Python (no browser): the trimmed standard library stripped of its
docstrings and comments with every line where it was (the page's tracebacks keep Pyodide's line
numbers), and the engine zip without the terminal's front end."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from buildsteps.common import NODE
from buildsteps.pipeline import build


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh build of the app."""
    dist = tmp_path_factory.mktemp("dist")
    build(dist, quiet=True)
    return dist


def test_the_shipped_standard_library_keeps_every_line_of_pyodides(built: Path) -> None:
    with zipfile.ZipFile(NODE / "pyodide" / "python_stdlib.zip") as z:
        original = {i.filename: z.read(i).decode() for i in z.infolist()
                    if i.filename.endswith(".py")}
    with zipfile.ZipFile(built / "pyodide" / "python_stdlib.zip") as z:
        shipped = {i.filename: z.read(i).decode() for i in z.infolist()
                   if i.filename.endswith(".py")}
    assert "json/decoder.py" in shipped and "asyncio/__init__.py" in shipped
    smaller = 0
    for name, text in shipped.items():
        assert text.count("\n") == original[name].count("\n"), name
        smaller += len(text) < len(original[name])
    assert smaller > 0.9 * len(shipped)
    decoder = shipped["json/decoder.py"].splitlines()
    assert not decoder[0].startswith('"""')  # the module's docstring gone
    line = "    raise JSONDecodeError(msg, s, pos)"
    assert decoder.index(line) == original["json/decoder.py"].splitlines().index(line)
    assert not any(row.lstrip().startswith("#") for row in decoder)
