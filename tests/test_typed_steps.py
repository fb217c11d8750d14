"""A game's steps are typed against its own data and options: a misspelt key of ``ctx.data``,
or a misspelt option or choice of ``ctx.options``, is caught by ``mypy`` before any playout
reaches it (``Ctx = core.Ctx[Data, data.Options]`` in each game's ``state.py``)."""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints

import pytest
from mypy import api

from automa.core.game import find_game
from buildsteps.check import game_packages

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "py" / "automa" / "games"
STEP = ROOT / "py" / "automa" / "games" / "tapestry" / "procedures.py"
"""A real step module: Tapestry's procedures, which read and write ``data["procedure"]``."""
READING = ROOT / "py" / "automa" / "games" / "tapestry" / "benefits.py"
"""A real step module reading an option's choice (``finished_track_roll``)."""


def _standalone(source: str) -> str:
    """The module's source with its package-relative imports made absolute, so a copy of it
    outside the package is checked against the same game."""
    return re.sub(r"^from \.(\w*) import", lambda m: "from automa.games.tapestry"
                  + (f".{m.group(1)}" if m.group(1) else "") + " import", source, flags=re.M)


def test_a_misspelt_data_key_in_a_step_is_rejected_by_mypy_naming_the_key(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A copy of the step as it is passes; the same copy reading ``d["procedures"]`` (the key
    is ``procedure``) fails, and the error names the key and the game's ``Data`` record."""
    source = _standalone(STEP.read_text(encoding="utf-8"))
    planted = 'd["procedure"]'
    assert planted in source
    (tmp_path / "step_as_is.py").write_text(source, encoding="utf-8")
    (tmp_path / "step_with_typo.py").write_text(
        source.replace(planted, 'd["procedures"]', 1), encoding="utf-8")
    reading = _standalone(READING.read_text(encoding="utf-8"))
    choice = '"finished_track_roll") == "lost"'
    assert choice in reading
    (tmp_path / "choice_with_typo.py").write_text(
        reading.replace(choice, '"finished_track_roll") == "lots"', 1), encoding="utf-8")
    monkeypatch.chdir(ROOT)  # the project's config names its search path from the root
    out, err, status = api.run([
        "--config-file", str(ROOT / "pyproject.toml"), "--follow-imports=silent",
        "--no-error-summary", str(tmp_path / "step_as_is.py"),
        str(tmp_path / "step_with_typo.py"), str(tmp_path / "choice_with_typo.py")])
    errors = [line for line in out.splitlines() if ": error:" in line]
    assert status == 1, (out, err)
    assert errors and all("_with_typo.py" in line for line in errors), errors
    assert any('TypedDict "Data" has no key "procedures"' in line for line in errors), errors
    assert any("choice_with_typo.py" in line and "Non-overlapping equality check" in line
               and "'lots'" in line for line in errors), errors


def _ctx_source(module: ast.Module) -> str:
    """Where a game module's ``Ctx`` comes from: ``.state``, or ``state.py``'s own alias of
    the engine's ``Ctx`` typed by the game's ``Data``."""
    for node in module.body:
        if isinstance(node, ast.ImportFrom) and any(a.name == "Ctx" for a in node.names):
            return "." * node.level + (node.module or "")
        if isinstance(node, ast.Assign) and [ast.unparse(t) for t in node.targets] == ["Ctx"]:
            return ast.unparse(node.value)
    return ""


def test_every_function_of_a_game_taking_ctx_takes_its_games_own_ctx() -> None:
    """Every ``ctx`` parameter in ``games/`` is annotated ``Ctx``, and that name is the
    game's own (``state.Ctx = core.Ctx[Data, data.Options]``), so each key a rule reads is
    checked."""
    wrong = []
    for path in sorted(GAMES.glob("*/*.py")):
        module = ast.parse(path.read_text(encoding="utf-8"))
        takes_ctx = [f for f in ast.walk(module) if isinstance(f, ast.FunctionDef)
                     and any(a.arg == "ctx" for a in f.args.posonlyargs + f.args.args)]
        source = _ctx_source(module)
        expected = "core.Ctx[Data, data.Options]" if path.name == "state.py" else ".state"
        if takes_ctx and source != expected:
            wrong.append((path.relative_to(GAMES).as_posix(), "Ctx from", source))
        for f in takes_ctx:
            for a in f.args.posonlyargs + f.args.args:
                annotation = ast.unparse(a.annotation) if a.annotation else "none"
                if a.arg == "ctx" and annotation != "Ctx":
                    wrong.append((path.relative_to(GAMES).as_posix(), f.name, annotation))
    assert not wrong, wrong


def _choices(hint: Any) -> tuple[Any, ...]:
    """The values a ``Literal`` (or a union of them) allows, in their order."""
    if get_origin(hint) is Literal:
        return get_args(hint)
    assert get_origin(hint) is Union, hint
    return tuple(v for part in get_args(hint) for v in _choices(part))


@pytest.mark.parametrize("game_id", game_packages())
def test_a_games_options_record_says_its_option_schema(game_id: str) -> None:
    """Issue 50 item 2: ``data.Options`` names each option of the game's schema in its order
    and no other, a choice or number option as the ``Literal`` of its choices, a switch as a
    bool; so the types ``mypy`` checks the rules against are the options a game can start
    with."""
    game = find_game(game_id)
    hints = get_type_hints(importlib.import_module(f"automa.games.{game_id}.data").Options)
    assert list(hints) == [spec.id for spec in game.options]
    for spec in game.options:
        if spec.type == "bool":
            assert hints[spec.id] is bool, spec.id
        elif spec.type != "data":
            assert _choices(hints[spec.id]) == spec.choices, spec.id
