"""The page's loading shell reads the storage before Python is ready, with the keys and
formats the Python owns (``automa.app.saves``, ``automa.app.screens``): the build writes them
into the shell (``web/shell/built.mjs``), so a key renamed in Python cannot silently break the
shell."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from automa.app import saves, screens
from automa.app.decks import my_decks as decks
from buildsteps.common import BuildError
from buildsteps.page import PLACEHOLDER, fill, storage_keys

ROOT = Path(__file__).resolve().parents[2]
INDEX = (ROOT / "web" / "index.html").read_text(encoding="utf-8")
SHELL = "\n".join(p.read_text(encoding="utf-8")
                  for p in sorted((ROOT / "web" / "shell").glob("*.mjs")))
BUILT = (ROOT / "web" / "shell" / "built.mjs").read_text(encoding="utf-8")
KEYS = [v for module in (saves, screens, decks) for name, v in vars(module).items()
        if name.isupper() and isinstance(v, str) and v.startswith("automa.")]


def test_the_shell_names_no_storage_key_itself() -> None:
    assert {saves.KEY_SETTINGS, saves.KEY_LAST, saves.KEY_INDEX, saves.SAVE_PREFIX,
            screens.SCREEN_PREFIX} <= set(KEYS)
    for page in (INDEX, SHELL):
        assert [k for k in KEYS if k in page] == []
        assert re.findall(r"""["']automa\.[a-z]""", page) == []  # nor any other


def test_the_build_gives_the_shell_every_key_it_reads() -> None:
    given = json.loads(storage_keys())
    assert given == {"settings": "automa.settings", "last": "automa.last",
                     "index": "automa.index", "index_v": saves.INDEX_VERSION,
                     "save": "automa.save.", "save_id": saves.SAVE_ID.pattern,
                     "header_max": saves.HEADER_MAX, "when_text": saves.WHEN_TEXT.pattern,
                     "screen": "automa.screen.",
                     "format": "automa.format", "reload": "automa.reload",
                     "snapshot_failed": "automa.snapshot-failed",
                     "home_unless": ["automa.index", "automa.save.", "automa.held.",
                                     "automa.carry."], "home_key": "home"}
    read = set(re.findall(r"\b(?:K|keys)\.([a-z_]+)", SHELL))
    assert read and read <= set(given)
    assert "STORAGE_KEYS" in [m[0].decode() for m in PLACEHOLDER.findall(BUILT.encode())]


def test_a_placeholder_left_empty_or_a_value_without_its_place_stops_the_build() -> None:
    page = b"var a = /*ONE*/{}, b = /*TWO*/[1, 2], c = /*THREE*/0;"
    assert fill(page, {"ONE": b"{}", "TWO": b"[]", "THREE": b"3"}) == b"var a = {}, b = [], c = 3;"
    with pytest.raises(BuildError, match="THREE"):
        fill(page, {"ONE": b"{}", "TWO": b"[]"})
    with pytest.raises(BuildError, match="FOUR"):
        fill(page, {"ONE": b"{}", "TWO": b"[]", "THREE": b"3", "FOUR": b"4"})
