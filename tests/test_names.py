"""One word, one thing (issue 35, point 3): no module name and no public class or record name
of ``py/automa`` is defined on two floors (``core/``, ``games/``, ``render/``, ``app/``, the
top-level modules), so a name read anywhere says which thing it is."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

from tests.code_map import floor_of, public_records

PY = Path(__file__).resolve().parent.parent / "py"
SHARED_ON_PURPOSE = {
    "Ctx": "core.game.Ctx is the engine's context, generic over a game's data and options; "
           "each game's state.py exports its own Ctx = core.game.Ctx[Data, data.Options], "
           "the same context typed against that game's Data (issue 35, point 1) and Options "
           "(issue 50): the one name every step takes",
    "Data": "each game's Data record (a TypedDict in its state.py) names the game's ctx.data; "
            "the games are one floor, and no other floor defines a Data",
}
"""Names that are one thing on purpose, though written out on more than one floor."""


def defined_on_floors() -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """Module names and public record names → the files that define them, by floor."""
    modules: dict[str, set[str]] = defaultdict(set)
    records: dict[str, set[str]] = defaultdict(set)
    for file in sorted((PY / "automa").rglob("*.py")):
        path = file.relative_to(PY).as_posix()
        if file.name != "__init__.py":
            modules[file.stem].add(path)
        for name in public_records(file.read_text(encoding="utf-8")):
            records[name].add(path)
    return modules, records


def on_two_floors(defined: dict[str, set[str]]) -> dict[str, list[str]]:
    return {name: sorted(paths) for name, paths in sorted(defined.items())
            if len({floor_of(p) for p in paths}) > 1}


def test_no_module_name_is_used_on_two_floors() -> None:
    """Each game's data.py, procedures.py… (the one-file-per-game registry of
    ``tests/test_layout.py``) are the games' own; the core's modules have other names
    (``core/paths.py``, ``core/common_steps.py``, ``core/card_editor.py``), and so has the
    app's "My decks" (``app/decks/my_decks.py``)."""
    modules, _ = defined_on_floors()
    assert on_two_floors(modules) == {}


def test_no_public_record_name_is_defined_on_two_floors() -> None:
    """The presenter's records are what the screen shows (``app/view_records.py``:
    ``DialView``, ``WhyView``, ``LogEntryView``…), apart from the engine's (``core/records.py``:
    ``Dial``, ``Why``, ``LogEntry``…)."""
    _, records = defined_on_floors()
    shared = on_two_floors(records)
    assert {name: paths for name, paths in shared.items() if name not in SHARED_ON_PURPOSE} == {}


def test_a_name_shared_on_purpose_is_the_games_own_in_its_state_module() -> None:
    """``Ctx`` outside the core, and ``Data`` anywhere, are defined only in a game's
    ``state.py``."""
    _, records = defined_on_floors()
    for name in SHARED_ON_PURPOSE:
        outside_core = {p for p in records[name] if floor_of(p) != "core"}
        assert outside_core and all(
            p.startswith("automa/games/") and p.endswith("/state.py") for p in outside_core), (
            name, sorted(outside_core))
