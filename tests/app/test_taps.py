"""Every button of the screens reaches its handler through an explicit table (boardgame.io's
``moves`` map): no handler is found by a name built at run time."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from automa.app import views
from automa.app.controller import ACTIONS, SHARING_ACTIONS
from automa.app.decks.desk import DECK_ACTIONS
from automa.app.record_desk import RECORD_ACTIONS
from automa.app.share_desk import SHARE_ACTIONS

ROOT = Path(__file__).resolve().parents[2]
SCREENS = [ROOT / "py/automa/app" / name for name in ("views.py", "home_views.py",
                                                            "decks/my_decks.py",
                                                            "record_views.py",
                                                            "share_desk.py")]


def page_actions() -> set[str]:
    """The keys of ``PAGE_ACTIONS`` in web/main.py (read, not imported: it needs a browser)."""
    tree = ast.parse((ROOT / "web/main.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.AnnAssign) and getattr(node.target, "id", "") == "PAGE_ACTIONS":
            assert isinstance(node.value, ast.Dict)
            return {str(k.value) for k in node.value.keys if isinstance(k, ast.Constant)}
    raise AssertionError("web/main.py has no PAGE_ACTIONS")


def rendered_actions() -> set[str]:
    """Every ``data-act`` the screens write (a question's submit button by its kind)."""
    found: set[str] = set()
    for source in SCREENS:
        text = source.read_text(encoding="utf-8")
        found |= set(re.findall(r'"data-act": "([a-z-]+)"', text))
        found |= set(re.findall(r'button\("([a-z-]+)"', text))  # a saved game's buttons
    return found | {f"submit-{views._submit(layout)}"
                    for layout in ("stepper", "boxes", "values", "list")}


def test_every_button_on_screen_has_a_handler_in_one_table() -> None:
    tables = [set(ACTIONS), set(DECK_ACTIONS), set(RECORD_ACTIONS), set(SHARE_ACTIONS),
              page_actions()]
    assert not set.intersection(*tables)
    missing = rendered_actions().difference(*tables)
    assert not missing


def test_the_tables_hold_no_action_no_screen_shows() -> None:
    """A handler left over after its button went would be dead code."""
    unused = (set(ACTIONS) | set(DECK_ACTIONS) | set(RECORD_ACTIONS) | set(SHARE_ACTIONS)
              | page_actions()) - rendered_actions()
    assert not unused


def test_the_controller_sends_every_sharing_button_to_its_desk() -> None:
    assert set(SHARING_ACTIONS) == set(SHARE_ACTIONS)
