"""Every game's tests are laid out alike, so a fifth game copies one skeleton."""

from __future__ import annotations

import ast
import warnings
from collections.abc import Iterator
from pathlib import Path

from automa.core.game import find_game
from buildsteps.check import game_packages
from tests.regen_golden import GAMES as GOLDEN_GAMES

TESTS = Path(__file__).resolve().parent
CORE = {
    "__init__.py",  # the folder is a package: helpers are imported as tests.<game>.<module>
    "play.py",  # the play helpers: sessions at a rule situation, answerers, the transcript
    "test_rules.py",  # the rulebook's rules and worked examples, one named test each
    "test_golden.py",  # GOLDEN: whole games compared with golden/, rewritten by regen_golden
    "test_i18n_render.py",  # messages in both languages, option labels, card images
    "test_state.py",  # the Data record names exactly the declared ranges; initial data fits
    "golden",  # the golden transcripts
}
"""What every game's test folder holds (it may hold more: test_audit.py, test_games.py…)."""


def test_every_game_has_a_test_folder_with_the_same_core_files() -> None:
    for game in game_packages():
        folder = TESTS / game
        present = {p.name for p in folder.iterdir()} if folder.is_dir() else set()
        assert present >= CORE, (game, sorted(CORE - present))


def test_no_test_module_repeats_its_games_name() -> None:
    """``tests/tapestry/test_rules.py``, never ``test_tapestry_rules.py``: the same file names
    in every game's folder."""
    for game in game_packages():
        word = game.split("_")[0]
        named = [p.name for p in (TESTS / game).glob("*.py")
                 if p.stem.startswith(f"{word}_") or f"_{word}_" in p.stem]
        assert not named, (game, named)


def test_one_regen_script_knows_every_games_golden_playthroughs() -> None:
    assert sorted(GOLDEN_GAMES) == game_packages()
    for game, golden in GOLDEN_GAMES.items():
        assert golden.folder == TESTS / game / "golden"
        assert {name for name, _, _ in golden.cases} == {p.name for p in golden.folder.iterdir()}


GAMES_DIR = TESTS.parent / "py" / "automa" / "games"
GAME_MODULES = {
    "__init__.py": "the GameDef and its registration",
    "state.py": "steps, k()/m(), the Data record, initial data, ranges, phases, turn label",
    "data.py": "card data and its Schema",
    "setup.py": "the setup steps",
    "turn.py": "the bot's turn and the flow between turns",
    "procedures.py": "what the player may start, and the corrections",
    "view.py": "the game view (and the records' final score and progress)",
    "migrations.py": "what each version changed, the migrations of an older save's action log",
}
"""The modules every game package has, with the same role in each (issue 19, item 4); any
other module is a rule module named after a chapter of its rulebook."""


def test_every_game_package_has_the_same_modules() -> None:
    for game in game_packages():
        present = {p.name for p in (GAMES_DIR / game).glob("*.py")}
        assert present >= set(GAME_MODULES), (game, sorted(set(GAME_MODULES) - present))


def test_every_game_offers_procedures_and_corrections_from_its_procedures_module() -> None:
    for game in game_packages():
        definition = find_game(game)
        for hook in (definition.procedures, definition.corrections):
            assert hook.__module__ == f"automa.games.{game}.procedures", (game, hook)


def named_steps(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """Every step a module names by a literal string: ``ctx.then("x")``, ``ctx.seq("x",
    ("y", {...}))``, ``ctx.ask(prompt, "x")`` or ``then="x"``, with its line."""
    def literal(node: ast.expr | None) -> Iterator[tuple[int, str]]:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            yield node.lineno, node.value
        elif isinstance(node, ast.Tuple) and node.elts:
            yield from literal(node.elts[0])

    for call in ast.walk(tree):
        if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)):
            continue
        kind = call.func.attr
        if kind == "then" and call.args:
            yield from literal(call.args[0])
        elif kind == "seq":
            for arg in call.args:
                yield from literal(arg)
        elif kind == "ask":
            yield from literal(call.args[1] if len(call.args) > 1 else None)
            for kw in call.keywords:
                if kw.arg == "then":
                    yield from literal(kw.value)


def test_every_step_a_game_names_by_string_is_one_of_its_steps() -> None:
    """A step named by a string (not built at run time, issue 19 item 3) fails here, at test
    time, when it is misspelt: not when a game first reaches it."""
    for game in game_packages():
        steps = find_game(game).steps
        for module in sorted((GAMES_DIR / game).glob("*.py")):
            tree = ast.parse(module.read_text(encoding="utf-8"))
            unknown = [(line, name) for line, name in named_steps(tree) if name not in steps]
            assert not unknown, (module.name, unknown)


def test_the_step_name_check_sees_every_way_of_naming_a_step() -> None:
    code = 'ctx.then("a", n=1); ctx.seq("b", ("c", {})); ctx.ask(p, "d"); ctx.ask(p, then="e")'
    assert [name for _, name in named_steps(ast.parse(code))] == ["a", "b", "c", "d", "e"]


MAX_LINES = 650
"""The longest a module of the engine may grow (issue 35: a file a newcomer reads whole; past
it, cut along its seams)."""
WARN_LINES = 600
"""Past this a module is told to look for its seam while there is room to cut at it (issue
50: not to squeeze lines once the cap is reached)."""


def engine_module_lines() -> dict[str, int]:
    """Each module of the engine and its number of lines."""
    package = GAMES_DIR.parent
    return {p.relative_to(package).as_posix(): len(p.read_text(encoding="utf-8").splitlines())
            for p in sorted(package.rglob("*.py"))}


def test_no_module_of_the_engine_is_over_650_lines() -> None:
    """Over :data:`MAX_LINES` fails; over :data:`WARN_LINES` warns, naming the modules."""
    lines = engine_module_lines()
    near = {name: n for name, n in lines.items() if WARN_LINES < n <= MAX_LINES}
    if near:
        warnings.warn(f"near the {MAX_LINES}-line cap, cut at a seam: {near}", stacklevel=1)
    long = {name: n for name, n in lines.items() if n > MAX_LINES}
    assert not long, long
