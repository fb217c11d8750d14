"""Issue 45, item 1: JSON from outside the app — shared links, imported saves, decks and
records, the browser's storage, the terminal's files — is read through one guarded reader
(:func:`automa.core.checks.read_json`: its nesting limited before it is parsed), so nothing
nested, huge or malformed stops the app: every reader refuses it with a translated sentence,
or reads it as missing, and writes nothing."""

from __future__ import annotations

import base64
import io
import json
import re
import zlib
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

import automa
from automa import cli
from automa.app import share
from automa.app.controller import Controller
from automa.app.decks.my_decks import PREFIX as DECK_PREFIX
from automa.app.game_records import RECORD_PREFIX
from automa.app.saves import HELD_PREFIX, KEY_INDEX, KEY_LAST, KEY_SETTINGS, SAVE_PREFIX
from automa.app.screens import SCREEN_PREFIX
from automa.app.storage import CARRY_PREFIX, KEY_FORMAT
from automa.core.checks import MAX_JSON_DEPTH, read_json
from tests.app.test_saves import Clock, MemoryKV
from tests.notes import TALLY

PY = Path(__file__).resolve().parents[2] / "py" / "automa"
GLORY = "glory_of_civilizations"
SAVE = automa.new_game("tapestry", {}, seed=7).to_json()


def nested_inside(save: str, levels: int) -> str:
    """A save whose options hold a list nested ``levels`` deep."""
    data = json.loads(save)
    data["options"]["x"] = "DEEP"
    return json.dumps(data).replace('"DEEP"', "[" * levels + "]" * levels)


HOSTILE: dict[str, str] = {
    "list nested 100,000 deep": "[" * 100_000 + "]" * 100_000,
    "table nested 50,000 deep": '{"a":' * 50_000 + "1" + "}" * 50_000,
    "a save nested deep inside": nested_inside(SAVE, 10_000),
    "brackets never closed": "[" * 200_000,
    "just over the limit": "[" * (MAX_JSON_DEPTH + 1) + "]" * (MAX_JSON_DEPTH + 1),
    "a huge text": '"' + "x" * 3_000_000 + '"',
    "a huge list": "[" + "1," * 1_000_000 + "1]",
    "NaN": '{"format": "automa-companion-save", "version": NaN}',
    "Infinity": "[Infinity, -Infinity]",
    "half a save": SAVE[:len(SAVE) // 2],
    "a lone surrogate": '{"game": "\\ud800"}',
    "empty": "",
    "null": "null",
    "a number": "1e999",
    "brackets only inside a text": '{"a": "' + "[" * 100_000 + '"}',
}
CYRILLIC = re.compile("[а-яіїєґ]", re.IGNORECASE)


def said_in(lang: str, message: str) -> None:
    """A sentence of the catalogs in ``lang``, not a message id or a traceback."""
    assert message and "Traceback" not in message and not message.startswith(("error.", "web."))
    assert bool(CYRILLIC.search(message)) == (lang == "uk"), message


def app(kv: MemoryKV, lang: str) -> Controller:
    return Controller(kv, Clock(), lang, lambda ms: f"t{int(ms)}",
                      address="https://example.org/automa-companion/")


def code_of(text: str) -> str:
    return base64.urlsafe_b64encode(zlib.compress(text.encode("utf-8", "surrogatepass"), 9)
                                    ).rstrip(b"=").decode()


def a_kept_game(kv: MemoryKV) -> Controller:
    """A controller over a storage that holds one game, with a few answers."""
    c = app(kv, "en")
    out = c.tap("start", "tapestry", {"options": {}, "seed": "7"})
    assert out.go
    c.route(out.go)
    c.autosave()
    return c


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_the_guarded_reader_refuses_deep_and_malformed_json_before_parsing(name: str) -> None:
    """Nesting beyond the limit is refused by counting brackets (outside texts, in one pass,
    never recursing), before the parser sees it: the browser's stack is never at risk."""
    TALLY["outside JSON: the reader"] += 1
    text = HOSTILE[name]
    try:
        read_json(text)
    except automa.UnreadableSave as e:
        said_in("en", e.message("en"))
        said_in("uk", e.message("uk"))
        if text.count("[") > MAX_JSON_DEPTH and "inside a text" not in name:
            assert e.key == "error.save.too_deep", name
        return
    assert name in ("null", "a number", "brackets only inside a text", "a huge text",
                    "a huge list", "a lone surrogate")


@pytest.mark.parametrize("lang", ["en", "uk"])
@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_a_hostile_link_file_or_deck_is_refused_in_words_and_nothing_is_written(
        name: str, lang: str) -> None:
    """A shared link (``#/join/<code>``), an imported file (a save or a records file) and
    an imported deck, each holding the text: a translated refusal on the page, the storage
    exactly as it was."""
    text = HOSTILE[name]
    kv = MemoryKV()
    a_kept_game(kv)
    c = app(kv, lang)
    c.shown(c.route("#/").name)  # (the list of games, a cache, is written once)
    before = dict(kv.data)
    code = code_of(text)
    if len(code) <= share.MAX_CODE_CHARS:
        TALLY["outside JSON: links"] += 1
        with pytest.raises(automa.AutomaError):
            share.read_code(code)
        assert c.route(f"#/join/{code}").name == "home"
        said_in(lang, c.banner.message)
    TALLY["outside JSON: imported files"] += 1
    c.imported("hostile.json", text, None)
    said_in(lang, c.banner.message)
    TALLY["outside JSON: imported decks"] += 1
    c.route(f"#/decks/{GLORY}")
    c.desk.imported("hostile.json", text, None)
    said_in(lang, c.banner.message)
    assert kv.data == before


KEYS = [SAVE_PREFIX + "tapestry-9", HELD_PREFIX + "tapestry-9", KEY_INDEX, KEY_SETTINGS,
        KEY_LAST, DECK_PREFIX + "d1", RECORD_PREFIX + "r1", SCREEN_PREFIX + "tapestry-9",
        KEY_FORMAT, CARRY_PREFIX + "tapestry-9"]
"""Every kind of key the app reads back from the browser's storage."""
PLAYERS = (SAVE_PREFIX, HELD_PREFIX, DECK_PREFIX, RECORD_PREFIX, KEY_SETTINGS)
"""The player's own keys: never written over by reading them (the app's bookkeeping — the
list of games, the last game, the format marker, stored screens, answers carried from an
older tab — is its own to rebuild)."""
STORED = [n for n in sorted(HOSTILE) if len(HOSTILE[n]) <= 2_500_000]
"""(A browser's storage holds about 5 MB in all.)"""


@pytest.mark.parametrize("name", STORED)
def test_hostile_storage_is_read_as_missing_and_nothing_is_written_over_it(name: str) -> None:
    """Every key the app reads, holding the text: the app starts, every screen opens, the
    shell's kept tap is read, none of the player's own keys is written over, and the
    player's game is still there and opens."""
    text = HOSTILE[name]
    kv = MemoryKV()
    kept = a_kept_game(kv).slot.save_id
    for key in KEYS:
        kv.data[key] = text
    before = dict(kv.data)
    TALLY["outside JSON: stored values"] += len(KEYS)
    c = app(kv, "en")
    for hash_ in ("#/", "#/records", f"#/decks/{GLORY}", "#/settings", "#/play/tapestry-9",
                  f"#/play/{kept}", "#/"):
        c.shown(c.route(hash_).name)
    c.early_tap(text)
    assert {k: v for k, v in kv.data.items() if k.startswith(PLAYERS)} == {
        k: v for k, v in before.items() if k.startswith(PLAYERS)}
    assert c.route(f"#/play/{kept}").name == "play"


@pytest.mark.parametrize("name", ["list nested 100,000 deep", "a save nested deep inside",
                                  "half a save", "NaN"])
def test_the_terminal_refuses_hostile_files_and_codes_and_writes_no_game(
        name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``--load``, ``--deck``, ``--join`` and ``records import``: a message in the player's
    language and an exit code, no game and no record written."""
    data = tmp_path / "data"
    monkeypatch.setenv("AUTOMA_DATA_DIR", str(data))
    path = tmp_path / "hostile.json"
    path.write_text(HOSTILE[name], "utf-8", errors="surrogatepass")
    runs = [["play", "tapestry", "--load", str(path)],
            ["play", GLORY, "--deck", str(path)],
            ["play", "tapestry", "--join", code_of(HOSTILE[name])],
            ["records", "import", str(path)]]
    for args in runs:
        TALLY["outside JSON: terminal"] += 1
        out, err = io.StringIO(), io.StringIO()
        with redirect_stdout(out), redirect_stderr(err):
            code = cli.main(["--lang", "uk", *args], stdin=io.StringIO("q\n"))
        said = (out.getvalue() + err.getvalue()).strip()
        assert code != 0 and "Traceback" not in said and CYRILLIC.search(said), (args, said)
    written = [p for p in data.rglob("*") if p.is_file() and p.name != "FORMAT"] \
        if data.exists() else []
    assert written == []


def test_every_reader_of_outside_json_goes_through_the_guarded_reader() -> None:
    """No module parses text itself (``json.loads``) but the reader and those reading the
    app's own text: its state copied through JSON, the build's compiled catalogs, cards and
    lists."""
    own = {"core/checks.py": "the guarded reader itself",
           "core/session.py": "the session's own snapshots (undo)",
           "core/i18n.py": "the catalogs compiled by the build",
           "core/cards.py": "the card data compiled by the build",
           "core/formats.py": "the build's own versions (build.json)",
           "app/present.py": "the games listed by the build (games.json)"}
    found = {}
    for path in sorted(PY.rglob("*.py")):
        text = path.read_text("utf-8")
        calls = re.findall(r"json\.loads?\((?!json\.dumps)", text)
        if calls:
            found[path.relative_to(PY).as_posix()] = len(calls)
    assert set(found) <= set(own), {p: n for p, n in found.items() if p not in own}
