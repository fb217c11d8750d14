"""What build.py ships of Python (no browser): the trimmed standard library stripped of its
docstrings and comments with every line where it was (the page's tracebacks keep Pyodide's line
numbers), and the engine zip without the terminal's front end."""

from __future__ import annotations

import zipfile
from pathlib import Path

from buildsteps import engine
from buildsteps.common import NODE


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


def test_the_engine_ships_as_stripped_source_the_first_screen_as_the_build_says(
        built: Path) -> None:
    """What the page imports before its first screen is bytecode if
    ``FIRST_SCREEN_AS_BYTECODE`` says so (else source, like the rest); a game's modules,
    imported once it opens, ship as stripped source, every line where it was; the terminal's
    front end does not ship."""
    with zipfile.ZipFile(built / "pkgs" / "automa.zip") as z:
        names = set(z.namelist())
        sources = {n: z.read(n).decode() for n in names if n.endswith(".py")}
    suffix = ".pyc" if engine.FIRST_SCREEN_AS_BYTECODE else ".py"
    for module in ("automa_app", "automa/__init__", "automa/app/controller",
                   "automa/core/session", "automa/app/home_views"):
        assert {n for n in names if n.startswith(module + ".")} == {module + suffix}, module
    for game in ("tapestry", "age_of_innovation", "civ_new_dawn", "glory_of_civilizations"):
        assert f"automa/games/{game}/turn.py" in sources
        assert f"automa/render/{game}.py" in sources
    assert not any(n.startswith(("automa/terminal", "automa/cli")) or n == "automa/__main__.py"
                   or n.endswith("__main__.pyc") for n in names)
    root = Path(__file__).resolve().parents[2]
    for name, text in sources.items():
        where = root / "web" / "main.py" if name == "automa_app.py" else root / "py" / name
        assert text.count("\n") == where.read_text("utf-8").count("\n"), name
        assert '"""' not in text.splitlines()[0], name  # no module docstring


def test_no_pyscript_chunk_of_micropythons_zip_is_shipped_or_preloaded(built: Path) -> None:
    assert not list((built / "pyscript").glob("zip-*.js"))
    assert "zip-" not in (built / "index.html").read_text()
    assert "pyscript/zip-" not in (built / "sw.js").read_text()
