"""The message banner is a small module of its own, the desks are given what they use (never
the controller), and the page asks the controller, never writes its fields (architecture
review 2026-11-28, §5.4)."""

from __future__ import annotations

import ast
from pathlib import Path

from automa.app.banner import Banner, error_text
from automa.core.errors import InvalidOption

ROOT = Path(__file__).resolve().parents[2]
DESKS = ("py/automa/app/decks/desk.py", "py/automa/app/record_desk.py",
         "py/automa/app/share_desk.py")


def test_a_message_belongs_to_the_screen_it_was_first_shown_on() -> None:
    banner = Banner()
    banner.flash("Storage full", "error")
    assert banner.on("play") == "Storage full" and banner.kind == "error"
    assert banner.on("play") == "Storage full"  # the same screen drawn again keeps it
    assert banner.on("home") == ""  # another screen drops it
    banner.flash("Saved", "info")
    banner.dismiss()
    assert banner.on("home") == ""


def test_an_unexpected_error_is_named_by_its_type_only() -> None:
    assert "KeyError" in error_text(KeyError("secret path"), "en")
    assert "secret path" not in error_text(KeyError("secret path"), "en")
    assert error_text(InvalidOption(), "uk") == InvalidOption().message("uk")


def imported_modules(path: Path) -> set[str]:
    """Every module ``path`` imports, at run time or for types only."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def test_the_desks_import_nothing_of_the_controller() -> None:
    for desk in DESKS:
        assert "automa.app.controller" not in imported_modules(ROOT / desk), desk


def test_the_page_writes_no_field_of_the_controller() -> None:
    """``web/main.py`` holds the controller as ``self.c``: it calls it and reads it, and
    every change goes through a method whose name says what happens."""
    tree = ast.parse((ROOT / "web/main.py").read_text(encoding="utf-8"))
    written = []
    for node in ast.walk(tree):
        targets = (node.targets if isinstance(node, ast.Assign)
                   else [node.target] if isinstance(node, ast.AugAssign | ast.AnnAssign)
                   else [])
        for target in targets:
            for part in ast.walk(target):
                if (isinstance(part, ast.Attribute) and isinstance(part.value, ast.Attribute)
                        and part.value.attr == "c"):
                    written.append(f"line {part.lineno}: c.{part.attr}")
    assert written == []
