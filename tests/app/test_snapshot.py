"""What the engine's start-up snapshot holds (``automa.app.snapshot``; the page's loader makes it
in a worker): every module the browser app imports, none of the terminal's, both catalogs."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from automa.app import snapshot

ROOT = Path(__file__).resolve().parents[2]


def test_the_snapshot_imports_every_module_of_the_engine_but_the_terminals() -> None:
    modules = snapshot.app_modules()
    assert "automa.app.controller" in modules
    assert {f"automa.games.{g}.turn" for g in ("tapestry", "age_of_innovation", "civ_new_dawn",
                                               "glory_of_civilizations")} <= set(modules)
    assert not {"automa.cli", "automa.terminal", "automa.__main__"} & set(modules)


def test_every_engine_module_the_page_imports_is_in_the_snapshot() -> None:
    tree = ast.parse((ROOT / "web" / "main.py").read_text(encoding="utf-8"))
    imported = {node.module for node in ast.walk(tree)
                if isinstance(node, ast.ImportFrom) and node.module
                and node.module.startswith("automa.")}
    assert imported <= set(snapshot.app_modules()) | {"automa"}


def test_preparing_touches_no_page_and_reads_every_languages_catalog() -> None:
    code = ("import sys; from automa.app import snapshot; from automa.core import i18n; "
            "snapshot.prepare(); "
            "assert not {'js', 'pyodide', 'pyscript'} & set(sys.modules), 'page module'; "
            "assert i18n.catalog.cache_info().currsize == len(i18n.LANGUAGES) == 3; "
            "print(len(sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=ROOT)
    assert int(out.stdout) > 100


def test_preparing_reads_the_build_stamp_into_the_memory() -> None:
    """Attack review 2026-11-29, U2: the page's loader compares the stamp a snapshot's memory
    was prepared under with its own before the engine runs (another build's is never used)."""
    code = ("from automa.app import snapshot; from automa.core import formats; "
            "assert snapshot.made_by() == ''; snapshot.prepare(); "
            "assert snapshot.made_by() == formats.stamp() != ''; print('ok')")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=ROOT, env={"PYTHONPATH": str(ROOT / "py")})
    assert out.stdout.strip() == "ok"


def test_the_first_screen_says_when_the_engine_started_without_the_snapshot_it_found() -> None:
    from tests.app.test_controller import app

    def first_screen(without_snapshot: object) -> str:
        c = app()
        c.engine_started(without_snapshot)
        c.shown(c.route("#/").name)  # (as the page puts it up, with its banner)
        return str(c.chrome()[0])

    for why in ("damaged", "foreign", "refused", "dropped"):
        assert "started without its start-up snapshot" in first_screen(why)
    assert "start-up snapshot" not in first_screen(None)  # (the page's undefined: none found)
