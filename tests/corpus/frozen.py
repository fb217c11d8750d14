"""Reading the frozen corpus folders (``tests/corpus/v<N>-<commit>/``): what players of each
released version have. A ``*.gz`` file is the gzip of the file named without that suffix."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

from automa.app.answers import PageForm
from tests.app.test_saves import Clock, MemoryKV

HERE = Path(__file__).resolve().parent
FOLDERS = sorted(p for p in HERE.iterdir() if p.is_dir() and p.name.startswith("v"))
"""Every corpus folder, oldest first."""
HISTORIES = sorted(p for p in (HERE / "histories").iterdir() if p.is_dir())
"""Every release's frozen histories (random mid-game saves, ``make_histories.py``), oldest
first."""


def read(path: Path) -> str:
    """A corpus file's text (gunzipped if it is a ``.gz``)."""
    data = path.read_bytes()
    return (gzip.decompress(data) if path.suffix == ".gz" else data).decode("utf-8")


def name(path: Path) -> str:
    """A corpus file's name without ``.gz``."""
    return path.name.removesuffix(".gz")


def files(folder: str, *, under: Path | None = None) -> list[Path]:
    """Every file under ``folder`` of every corpus (or of ``under``), sorted."""
    roots = [under] if under is not None else FOLDERS
    return sorted(p for root in roots for p in (root / folder).rglob("*") if p.is_file())


def ident(path: Path) -> str:
    """A short id for a test: the corpus folder and the file's path in it."""
    root = next(f for f in FOLDERS if path.is_relative_to(f))
    return f"{root.name}/{path.relative_to(root).as_posix().removesuffix('.gz')}"


def history_saves(folder: Path) -> dict[str, list[str]]:
    """A release's frozen histories: each game's saves (their texts), in the order made."""
    return {f.name.removesuffix(".json.gz"): json.loads(read(f))
            for f in sorted(folder.glob("*.json.gz"))}


def fallbacks(folder: Path, game: str) -> list[int]:
    """Where a release's frozen history of ``game`` stands today: the saves (their place in
    the set) that open without their undo history. After a change of a game's questions,
    ``fallbacks(HISTORIES[-1], game)`` must stay as ``history_fallbacks.json`` names it."""
    import automa

    return [i for i, text in enumerate(history_saves(folder)[game])
            if automa.load_game(text).history_dropped]


def manifest(folder: Path) -> dict[str, Any]:
    """What the corpus folder's ``manifest.json`` says it holds."""
    found: dict[str, Any] = json.loads((folder / "manifest.json").read_text())
    return found


def profiles() -> list[Path]:
    """Every whole-browser-storage dump of every corpus."""
    return files("browser")


def storage(path: Path) -> dict[str, str]:
    """A browser storage dump as key → value."""
    found: dict[str, str] = json.loads(read(path))
    return found


# --- reading the corpus the way the app reads what players have -----------------------------
def memory(data: dict[str, str] | None = None) -> MemoryKV:
    """A browser storage in memory holding ``data``."""
    kv = MemoryKV()
    kv.data.update(data or {})
    return kv


def some_answer(session: Any) -> Any:
    """An allowed answer to the session's prompt (the first of each kind)."""
    p = session.prompt
    if p.kind in ("confirm", "scan"):
        return True
    if p.kind in ("yes_no", "pick_one", "count"):
        return p.choices[0]
    if p.kind == "pick_subset":
        lo, _ = p.bounds or (0, 0)
        return list(p.choices[:lo])
    return {str(c): (p.domain or [None])[0] for c in p.choices}


def form_for(session: Any) -> PageForm:
    """The form on screen that answers the session's prompt (as the page reads it)."""
    p = session.prompt
    if p.kind in ("confirm", "yes_no", "scan"):
        return {"json": "true"}
    if p.kind == "pick_one":
        return {"pick": 0}
    if p.kind == "count":
        return {"count": str(p.choices[0])}
    if p.kind == "pick_subset":
        return {"checked": list(range((p.bounds or (0, 0))[0]))}
    return {"values": [0] * len(p.choices)}


def open_save(path: Path) -> Any:
    """A corpus save, opened as the app opens an imported file or a stored game."""
    import automa

    return automa.load_game(read(path))


def open_stored_deck(path: Path) -> dict[str, Any]:
    """A deck as the browser keeps it, read as the "My decks" screens read it."""
    from automa.app.decks.my_decks import deck_game, read_deck
    from automa.app.words import Words

    game = deck_game("glory_of_civilizations")
    assert game is not None
    found: dict[str, Any] = dict(read_deck(game, "corpus", read(path), Words("en")))
    return found


def open_deck_file(path: Path) -> list[dict[str, Any]]:
    """A deck file, read as an import or ``--deck FILE`` reads it."""
    from automa.games.glory_of_civilizations import editor

    return editor.deck_from_json(read(path))


def open_settings(path: Path) -> dict[str, Any]:
    """Stored settings, read as the app reads them at start."""
    from automa.app.controller import DEFAULT_SETTINGS
    from automa.app.saves import KEY_SETTINGS, SaveStore
    from automa.core import i18n

    store = SaveStore(memory({KEY_SETTINGS: read(path)}), Clock())
    return store.settings(DEFAULT_SETTINGS, i18n.LANGUAGES)


def open_profile(path: Path) -> tuple[Any, MemoryKV, dict[str, Any]]:
    """A whole browser storage opened by the app: the controller started over it, home
    listed, every saved game opened at its question, the kept decks listed. Returns the
    controller, the storage and the screens ({"home", "decks", "play": {id: screen}})."""
    from automa.app.controller import Controller

    kv = memory(storage(path))
    c = Controller(kv, Clock(), "en", lambda ms: f"t{int(ms)}")
    screens: dict[str, Any] = {"home": c.route("#/"), "play": {}}
    for meta in c.store.saves():
        c.banner.dismiss()
        screens["play"][meta.save_id] = c.route(f"#/play/{meta.save_id}")
        c.shown("play")
    screens["decks"] = c.route("#/decks/glory_of_civilizations")
    return c, kv, screens


def open_cli_folder(path: Path, into: Path) -> Path:
    """A terminal autosave folder of the corpus, copied (gunzipped) into ``into`` and opened
    by the terminal (its layout migrated); returns the folder."""
    from automa.files import open_folder

    folder = into / "automa-companion"
    folder.mkdir(parents=True)
    for file in sorted(path.iterdir()):
        (folder / name(file)).write_text(read(file), encoding="utf-8")
    open_folder(folder)
    return folder


def read_everything() -> None:
    """Open every file of every corpus the way the app does (for the migration census)."""
    import tempfile

    for path in files("saves"):
        open_save(path)
    for path in files("decks"):
        open_stored_deck(path)
    for path in files("settings"):
        open_settings(path)
    for path in profiles():
        open_profile(path)
    for root in FOLDERS:
        if (root / "cli" / "automa-companion").is_dir():
            with tempfile.TemporaryDirectory() as tmp:
                open_cli_folder(root / "cli" / "automa-companion", Path(tmp))
