"""Records in the terminal: the end of a game (the bot's final score, your score asked, Enter
skips) and ``python -m automa records`` (how you did, per game and difficulty, with the
charts' tables; ``edit N``, ``delete N``, ``export FILE``, ``import FILE``).

Records are the same format as the page's (:mod:`automa.app.game_records`), one file each in
``records/`` beside the autosaves, every file read as hostile.
"""

from __future__ import annotations

import contextlib
import errno
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol, TextIO

import automa
from automa.app import game_records as rec
from automa.app import present
from automa.app.charts import number
from automa.app.record_present import ChartView, EndView, Words4Records
from automa.app.storage import StorageError, StorageFull
from automa.app.words import clock_text
from automa.core import i18n
from automa.core.i18n import render
from automa.core.session import Session
from automa.files import read_save, write_save
from automa.terminal_io import data_dir, emit, os_detail, terminal_width, wrapped

COMMAND = "automa records"


class GameTerminal(Protocol):
    """What recording a game needs of the terminal it was played on
    (:class:`automa.cli.Terminal`)."""

    session: Session
    lang: str
    read: Callable[[], str]

    def say(self, text: str) -> None: ...


class FolderKV:
    """A folder as the records' key-value storage: one file a key (``<key>.json``)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def _path(self, key: str) -> Path:
        return self.folder / f"{key}.json"

    def get(self, key: str) -> str | None:
        """A file's text, or None (missing, unreadable or far too large)."""
        try:
            return read_save(self._path(key))
        except OSError:
            return None

    def set(self, key: str, value: str) -> None:
        """Write a file whole or not at all (:class:`StorageFull` on a full disk)."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            write_save(self._path(key), value)
        except OSError as e:
            kind = StorageFull if e.errno in (errno.ENOSPC, errno.EDQUOT) else StorageError
            raise kind(detail=e.strerror or type(e).__name__) from None

    def remove(self, key: str) -> None:
        """Remove a file (a missing one is fine)."""
        with contextlib.suppress(OSError):
            self._path(key).unlink()

    def keys(self) -> list[str]:
        """Every key in the folder (none if it cannot be listed)."""
        try:
            return [p.name[:-5] for p in self.folder.iterdir() if p.name.endswith(".json")]
        except OSError:
            return []


def records_dir() -> Path:
    """Where the terminal keeps its records: ``records/`` beside its autosaves."""
    return data_dir() / "records"


def store() -> rec.RecordStore:
    """The terminal's records."""
    import time

    return rec.RecordStore(FolderKV(records_dir()), lambda: time.time() * 1000)


def words(lang: str) -> Words4Records:
    """Records in words, over the games' declarations."""
    return Words4Records({g["id"]: g for g in automa.games()}, present.Words(lang))


def date(ms: float) -> str:
    """A date and time in the local time zone (:func:`automa.app.words.clock_text`)."""
    import time

    def local(at: float) -> tuple[int, int, int, int, int]:
        t = time.localtime(at / 1000)
        return t.tm_year, t.tm_mon, t.tm_mday, t.tm_hour, t.tm_min

    return clock_text(ms, local)


# --- the end of a game ---------------------------------------------------------------------
def show_end(v: EndView, say: Callable[[str], None]) -> None:
    """The bot's final score by source and how you did."""
    say(v["bot"])
    for row in v["sources"]:
        say(f"  {row['label']}: {row['value']}")
    say(v["rounds"])
    say(v["result"])


def ask_entry(v: EndView, record: rec.Record, w: Words4Records, read: Callable[[], str],
              say: Callable[[str], None]) -> rec.Record | None:
    """Ask your score(s) and who won (Enter skips each); the record as entered, or None
    when nothing was typed."""
    typed: list[str] = []
    for f in v["fields"]:
        say(f"{f['label']} [{f['value'] or '—'}]: ({w.t('cli.records.skip')})")
        line = read().strip()
        typed.append(line or f["value"])
    answer = record.answer
    if v["answers"]:
        say(w.t("web.records.who_won"))
        for i, a in enumerate(v["answers"], 1):
            say(f"  {i}. {a['label']}")
        line = read().strip()
        while line and not (line.isdigit() and 1 <= int(line) <= len(v["answers"])):
            say(w.t("cli.records.pick_winner", n=len(v["answers"])))  # (never ignored)
            line = read().strip()
        if line:
            answer = v["answers"][int(line) - 1]["value"]
    if typed == [f["value"] for f in v["fields"]] and answer == record.answer:
        return None
    top = int(w.scoring(record.game).get("player_max") or rec.MAX_SCORE)
    import time

    return rec.entered(record, typed, answer, top, time.time() * 1000)


def enter(record: rec.Record, kept: rec.RecordStore, w: Words4Records, read: Callable[[], str],
          say: Callable[[str], None]) -> None:
    """Show a record's end and ask the player's entry; keep it (a refusal is said)."""
    v = w.end(record, date)
    show_end(v, say)
    say(w.t("cli.records.optional", command=f"{COMMAND} edit N"))  # (no Records screen)
    while True:  # a score refused is asked again (Enter keeps it as it was)
        try:
            changed = ask_entry(v, record, w, read, say)
            if changed is not None:
                kept.put(changed)
                say(w.t("web.records.saved", result=w.result(changed)))
            return
        except rec.RecordError as e:
            say("! " + e.message(w.w.lang))
        except StorageError as e:
            say("! " + e.message(w.w.lang))
            return
        except EOFError:
            return


def record_game(terminal: GameTerminal) -> None:
    """The game in the terminal is over: record it, show its end, ask your score."""
    w = words(terminal.lang)
    kept = store()
    try:
        record = kept.keep(terminal.session, "")
    except StorageError as e:
        terminal.say("! " + e.message(terminal.lang))
        record = rec.of_session(terminal.session, "", 0.0)
    if record is not None:
        terminal.say("")
        enter(record, kept, w, terminal.read, terminal.say)
        terminal.say(w.t("cli.records.see", folder=str(records_dir()), command=COMMAND))


# --- python -m automa records ---------------------------------------------------------------
def chart_lines(v: ChartView, lang: str = "en") -> list[str]:
    """A chart as the terminal shows it: its title and its table (numbers as ``lang``
    writes them)."""
    names = [line.name for line in v["lines"]]
    out = [v["title"] + ":", "  " + " | ".join([v["x_heading"], *names])]
    for i, label in enumerate(v["rows"]):
        cells = [line.values[i] if i < len(line.values) else None for line in v["lines"]]
        out.append("  " + " | ".join([label, *("—" if c is None else number(c, lang)
                                               for c in cells)]))
    return out


def show(shelf: rec.Shelf, game: str, w: Words4Records, out: TextIO) -> int:
    """How you did, per game and difficulty, with the charts' tables; every record
    numbered for ``edit`` and ``delete``."""
    width = terminal_width(out)

    def say(text: str) -> None:
        emit(wrapped(text, width), out)

    if not shelf.records:
        say(w.t("web.records.none"))
    number_of = {r.id: i for i, r in enumerate(shelf.records, 1)}
    for g in w.games:
        mine = rec.for_game(shelf.records, g)
        if not mine or (game and g != game):
            continue
        v = w.game_records(g, mine, date)
        say("")
        say(f"== {v['name']}")
        if v["suggestion"]:
            say(v["suggestion"])
        for s in v["standings"]:
            say(f"  {s['level']}: " + " · ".join(f"{r['label']} {r['value']}"
                                                for r in s["rows"]))
        for chart in (v["history"], v["rounds"]):
            if chart is not None:
                say("")
                for line in chart_lines(chart, w.w.lang):
                    say(line)
        say("")
        for row in v["games"]:
            say(f"  {number_of[row['value']]}. {row['label']}")
    for b in shelf.broken:
        say("! " + w.broken(b))
    return 0


def pick(shelf: rec.Shelf, target: str | None) -> rec.Record | None:
    """A record by its number in the listing or by its id."""
    if not target:
        return None
    if target.isdigit() and 1 <= int(target) <= len(shelf.records):
        return shelf.records[int(target) - 1]
    return next((r for r in shelf.records if r.id == target), None)


def main(action: str, target: str | None, game: str, lang: str, stdin: TextIO,
         out: TextIO) -> int:
    """``records [show|edit N|delete N|export FILE|import FILE] [--game G]``."""
    w = words(lang)
    kept = store()
    shelf = kept.shelf()
    width = terminal_width(out)

    def say(text: str) -> None:
        emit(wrapped(text, width), out)

    def read() -> str:
        line = stdin.readline()
        if not line:
            raise EOFError
        return line

    if action == "show":
        return show(shelf, game, w, out)
    if action in ("edit", "delete"):
        record = pick(shelf, target)
        if record is None:
            say(w.t("cli.records.no_such", target=str(target), command=COMMAND))
            return 2
        if action == "delete":
            kept.delete(record.id)
            say(w.t("cli.records.deleted", id=record.id))
            return 0
        enter(record, kept, w, read, say)
        return 0
    path = Path(target or "")
    try:
        if action == "export":
            write_save(path, rec.bundle(shelf.records))
            say(w.t("cli.records.exported", n=len(shelf.records), file=str(path)))
            return 0
        found = rec.unpack(read_save(path))
        added = kept.merge(found.records)
    except OSError as e:
        say(render("cli.cannot_read_file" if action == "import" else "cli.cannot_write_file",
                   {"file": str(path), "detail": os_detail(e, lang)}, lang))
        return 2
    except (rec.RecordError, StorageError) as e:
        say("! " + e.message(lang))
        return 2
    if not found.is_bundle and not found.records:  # (no records file, nor a save with any)
        say("! " + w.t("cli.records.not_records", file=str(path)))
        return 2
    say(w.t("web.records.imported", n=added, refused=found.refused))
    return 0


ACTIONS: Sequence[str] = ("show", "edit", "delete", "export", "import")


def add_parser(sub: Any) -> None:
    """The ``records`` command's arguments."""
    p = sub.add_parser("records", help="your results against the bots")
    p.add_argument("action", nargs="?", choices=ACTIONS, default="show")
    p.add_argument("target", nargs="?", help="a record's number or id, or a file")
    p.add_argument("--game", default="")
    p.add_argument("--lang", dest="records_lang", choices=i18n.LANGUAGES)

