"""The player's records: one per finished game, how they did against the bot.

A record is kept apart from the saved games (deleting a save keeps its record), over the same
kind of key-value storage (``localStorage`` in the page, a folder in the terminal), one key a
record: ``automa.record.<id>`` holding one JSON object. Its format, version 1::

    {"v": 1,                      # the format's version (see MIGRATIONS)
     "id": "mygame-3f9c0a1b2d4e",  # the game's fingerprint: the same game is one record
     "save": "mygame-18c3f",      # the save it was made from ("" none; may be deleted)
     "game": "mygame",            # the game's id
     "finished": 1764115200000,   # when the game ended (ms since 1970)
     "updated": 1764115300000,    # when the record last changed (ms)
     "options": {"difficulty": 3},  # the options that change the bot's strength, as played
     "humans": 1,                 # humans at the table
     "rounds": 5,                 # rounds (eras, turns) played, as the game counts them
     "bot": {"total": 72,         # the bot's final score
             "sources": {"territories": 20, ...},  # by source (the game's ids; with
                                                   # several bots, each bot's score by name)
             "by_round": [10, 23, null, ...]},     # at the end of each round (null: unknown)
     "players": [85, null],       # each human's final score as entered (null: not given)
     "winner": "",                # who the game says won: "bot", "human" or "" (the points)
     "ask": false,                # the rules decided by something else: the player says who
     "answer": ""}                # ... "you", "other" (another human), "bot" or "" (not said)

Every record read is checked field by field (a value another tab, an older or newer version
or a person with the developer tools wrote is refused with its reason, never shown);
records of an older format are carried over by :data:`MIGRATIONS`, of a newer one left as
they are. Records travel in the export file of their save (``"records"``) and in a records
file of their own (``{"format": "automa-companion-records", "version": 1, "records": [...]}``);
an import adds the records it does not have yet (by id) and keeps the newer of two.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from automa.app.saves import GAME_ID, MAX_IMPORT_BYTES, MAX_TIME_MS, SAVE_ID
from automa.app.storage import KeyValue, StorageError
from automa.core.checks import read_json
from automa.core.errors import AutomaError
from automa.core.formats import Format, Migrated, Migration
from automa.core.session import Session

RECORD_PREFIX = "automa.record."
RECORD_VERSION = 1
BUNDLE_FORMAT = "automa-companion-records"
BUNDLE_VERSION = 1
RECORD_ID = SAVE_ID
"""A record's id has the shape of a save id (safe in a URL, a key and a file name)."""
NAME = GAME_ID
"""An option's or a score source's id has the shape of a game id."""
VALUE = re.compile(r"[A-Za-z0-9_.-]{0,40}")
MAX_RECORD_CHARS = 20_000
MAX_SCORE = 100_000
MAX_ROUNDS = 1_000
MAX_HUMANS = 8
MAX_SOURCES = 30
MAX_RECORDS = 5_000
WINNERS = ("", "bot", "human")
BOT_SEATS = 4
ANSWERS = ("", "you", "other", "bot", *(f"bot{i}" for i in range(1, BOT_SEATS + 1)))
"""Who won, as the player says: ``botN`` is the N-th of several bots (its score the N-th
source of a game whose scoring names its bots)."""


class RecordError(AutomaError):
    """A stored or imported record that cannot be read (``reason``: which field, or why)."""

    key = "web.records.broken"


class RecordsNotKept(StorageError):
    """The storage refused the record (full, or not available): the game is not recorded."""

    key = "web.records.not_kept"


# --- the record ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Record:
    """One finished game: what the bot scored and what the player entered."""

    id: str
    game: str
    finished: float
    updated: float
    options: dict[str, str | int | bool]
    humans: int
    rounds: int
    bot_total: int
    bot_sources: dict[str, int]
    by_round: list[int | None]
    players: list[int | None]
    winner: str = ""
    ask: bool = False
    answer: str = ""
    save: str = ""

    @property
    def you(self) -> int | None:
        """The player's own score (the first human's), if entered."""
        return self.players[0] if self.players else None

    @property
    def margin(self) -> int | None:
        """Your score minus the bot's (positive: you were ahead), if your score is known."""
        return None if self.you is None else self.you - self.bot_total

    @property
    def result(self) -> str:
        """``won``, ``lost`` or ``draw`` for you (the first human), or ``""`` while unknown.

        Who won, as said at the end, decides; else the game's own word (a human won: that is
        you when you play alone); else the points, where the rules decide by points."""
        if self.answer:
            return "won" if self.answer == "you" else "lost"
        if self.winner == "bot":
            return "lost"
        if self.winner == "human":
            return "won" if self.humans == 1 else ""
        if self.ask or self.margin is None:
            return ""
        return "won" if self.margin > 0 else "lost" if self.margin < 0 else "draw"

    def to_json(self) -> dict[str, Any]:
        """The stored form (format version :data:`RECORD_VERSION`)."""
        return {"v": RECORD_VERSION, "id": self.id, "save": self.save, "game": self.game,
                "finished": self.finished, "updated": self.updated, "options": self.options,
                "humans": self.humans, "rounds": self.rounds,
                "bot": {"total": self.bot_total, "sources": self.bot_sources,
                        "by_round": self.by_round},
                "players": self.players, "winner": self.winner, "ask": self.ask,
                "answer": self.answer}

    def text(self) -> str:
        """The stored text."""
        return json.dumps(self.to_json(), ensure_ascii=False, separators=(",", ":"))


@dataclass(frozen=True)
class Broken:
    """A stored record that could not be read: its key's id part and why (never its text)."""

    id: str
    reason: str
    newer: bool = False
    """Written by a newer version of the app: left as it is."""


# --- reading (every field checked) -------------------------------------------------------------
def _bad(field_: str) -> RecordError:
    return RecordError(reason=field_)


def _int(value: Any, name: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise _bad(name)
    return value


def _score(value: Any, name: str) -> int | None:
    return None if value is None else _int(value, name, -MAX_SCORE, MAX_SCORE)


def _time(value: Any, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not (
            math.isfinite(value) and 0 <= value <= MAX_TIME_MS):
        raise _bad(name)
    return float(value)


def _choice(value: Any, name: str, allowed: tuple[str, ...]) -> str:
    if not isinstance(value, str) or value not in allowed:
        raise _bad(name)
    return value


def _options(value: Any) -> dict[str, str | int | bool]:
    if not isinstance(value, dict) or len(value) > MAX_SOURCES:
        raise _bad("options")
    out: dict[str, str | int | bool] = {}
    for k, v in value.items():
        if not isinstance(k, str) or NAME.fullmatch(k) is None:
            raise _bad("options")
        if (isinstance(v, str) and VALUE.fullmatch(v) is None) or not isinstance(v, str | int):
            raise _bad("options")
        if isinstance(v, int) and not isinstance(v, bool) and abs(v) > MAX_SCORE:
            raise _bad("options")
        out[k] = v
    return out


def _sources(value: Any) -> dict[str, int]:
    if not isinstance(value, dict) or len(value) > MAX_SOURCES:
        raise _bad("bot.sources")
    out: dict[str, int] = {}
    for k, v in value.items():
        if not isinstance(k, str) or NAME.fullmatch(k) is None:
            raise _bad("bot.sources")
        out[k] = _int(v, "bot.sources", -MAX_SCORE, MAX_SCORE)
    return out


def _scores(value: Any, name: str, top: int) -> list[int | None]:
    if not isinstance(value, list) or len(value) > top:
        raise _bad(name)
    return [_score(v, name) for v in value]


def migrate(data: dict[str, Any]) -> dict[str, Any]:
    """A stored record of any earlier format version in the current one.

    Raises :class:`RecordError` (``newer``) for a version this app does not know yet (the
    record is then left as it is), and for a version it cannot read."""
    version = data.get("v")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise _bad("v")
    if version > RECORD_VERSION:
        raise RecordError("web.records.newer", version=version)
    while version < RECORD_VERSION:
        data = MIGRATIONS[version](data)
        version += 1
    return data


MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}
"""Format version N → a function turning a version-N record into version N+1 (none yet:
version 1 is the first). Each is a small tested function; none drops a field silently."""


def _step(step: Callable[[dict[str, Any]], dict[str, Any]]) -> Migration:
    return lambda data: Migrated(step(data))


RECORD = Format("record", [_step(step) for _, step in sorted(MIGRATIONS.items())])
"""The records among the app's formats (:mod:`automa.core.formats`): its version is named in
the storage with the others, so that an older tab writes no record over a newer one."""


def from_json(data: Any) -> Record:
    """A record from untrusted parsed JSON, every field checked (:class:`RecordError`)."""
    if not isinstance(data, dict):
        raise _bad("record")
    data = migrate(data)
    bot = data.get("bot")
    if not isinstance(bot, dict):
        raise _bad("bot")
    record_id, save = data.get("id"), data.get("save", "")
    if not isinstance(record_id, str) or RECORD_ID.fullmatch(record_id) is None:
        raise _bad("id")
    if not isinstance(save, str) or (save and RECORD_ID.fullmatch(save) is None):
        raise _bad("save")
    game = data.get("game")
    if not isinstance(game, str) or GAME_ID.fullmatch(game) is None:
        raise _bad("game")
    ask = data.get("ask", False)
    if not isinstance(ask, bool):
        raise _bad("ask")
    humans = _int(data.get("humans"), "humans", 1, MAX_HUMANS)
    players = _scores(data.get("players"), "players", humans)
    total = _score(bot.get("total"), "bot.total")
    if total is None:
        raise _bad("bot.total")
    return Record(
        id=record_id, save=save, game=game,
        finished=_time(data.get("finished"), "finished"),
        updated=_time(data.get("updated"), "updated"),
        options=_options(data.get("options")), humans=humans,
        rounds=_int(data.get("rounds"), "rounds", 0, MAX_ROUNDS * 100),
        bot_total=total, bot_sources=_sources(bot.get("sources")),
        by_round=_scores(bot.get("by_round"), "bot.by_round", MAX_ROUNDS),
        players=players + [None] * (humans - len(players)),
        winner=_choice(data.get("winner", ""), "winner", WINNERS), ask=ask,
        answer=_choice(data.get("answer", ""), "answer", ANSWERS))


def parse(text: Any) -> Record:
    """A record from its stored text (size, JSON and every field checked)."""
    if not isinstance(text, str) or len(text) > MAX_RECORD_CHARS:
        raise _bad("size")
    return from_json(_json(text))


def _json(text: str) -> Any:
    """Parsed JSON, its nesting checked first (a deep one overflows the browser's stack
    before Python's recursion limit is reached)."""
    try:
        return read_json(text)
    except (ValueError, RecursionError):
        raise _bad("json") from None


# --- making a record of a game ------------------------------------------------------------------
def fingerprint(session: Session) -> str:
    """The id of a finished game's record: the same game (options, seed, answers) is always
    the same record, wherever it was played or imported."""
    body = json.dumps([session.game_id, session.options, session.seed, session.actions],
                      sort_keys=True, ensure_ascii=False, default=str)
    return f"{session.game_id}-{hashlib.sha256(body.encode()).hexdigest()[:16]}"


def of_session(session: Session, save_id: str, now: float,
               earlier: Record | None = None) -> Record | None:
    """The record of a finished game (None before its end, or for a game that keeps none);
    what the player entered in an ``earlier`` record of it is kept."""
    final = session.final_score()
    scoring = session.game.scoring
    if final is None or scoring is None:
        return None
    options = session.options
    strength = {o: options[o] for o in scoring.strength if o in options}
    strength.update({o: v for o, v in final["played"].items() if o in scoring.strength})
    humans = max(1, min(MAX_HUMANS, scoring.humans(options)))
    players: list[int | None] = [None] * humans
    answer = ""
    if earlier is not None:
        players = (earlier.players + players)[:humans]
        answer = earlier.answer if final["ask_winner"] or final["winner"] == "human" else ""
    by_round = session.score_by_round()[:MAX_ROUNDS]
    return Record(
        id=earlier.id if earlier else fingerprint(session), save=save_id,
        game=session.game_id, finished=earlier.finished if earlier else now, updated=now,
        options={k: v for k, v in strength.items() if isinstance(v, str | int)},
        humans=humans, rounds=final["rounds"], bot_total=final["total"],
        bot_sources=dict(final["sources"]), by_round=by_round, players=players,
        winner=final["winner"], ask=final["ask_winner"], answer=answer)


def entered(record: Record, scores: list[str], answer: str, top: int, now: float) -> Record:
    """The record with the player's scores (as typed: "" leaves one out) and who won.

    Raises :class:`RecordError` naming the first score that is no whole number from 0 to
    ``top``."""
    players: list[int | None] = []
    for i in range(record.humans):
        text = scores[i].strip() if i < len(scores) else ""
        if not text:
            players.append(None)
            continue
        try:
            value = int(text)
        except ValueError:
            value = -1
        if not text.isascii() or not 0 <= value <= top:
            raise RecordError("web.records.bad_score", n=i + 1, top=top)
        players.append(value)
    asked = record.ask or (record.winner == "human" and record.humans > 1)
    said = answer if asked and answer in ANSWERS else record.answer if asked else ""
    if said == "other" and record.humans == 1:
        said = ""
    return replace(record, players=players, answer=said, updated=now)


# --- the store --------------------------------------------------------------------------------
@dataclass
class Shelf:
    """Every record stored: those read (newest first) and those that could not be."""

    records: list[Record] = field(default_factory=list)
    broken: list[Broken] = field(default_factory=list)
    unavailable: str = ""
    """The storage could not be read at all (why): nothing is shown."""


class RecordStore:
    """The records over a :class:`KeyValue` storage (the same one the saves use)."""

    def __init__(self, kv: KeyValue, clock: Callable[[], float]) -> None:
        self.kv = kv
        self.clock = clock

    def shelf(self) -> Shelf:
        """Every record, each read and checked anew (a storage that throws: none)."""
        shelf = Shelf()
        try:
            keys = [k for k in self.kv.keys() if k.startswith(RECORD_PREFIX)]  # noqa: SIM118
        except StorageError as e:
            shelf.unavailable = str(e.params.get("detail", "")) or type(e).__name__
            return shelf
        for key in sorted(keys)[:MAX_RECORDS]:
            record_id = key[len(RECORD_PREFIX):]
            shown_id = record_id if RECORD_ID.fullmatch(record_id) else "?"
            try:
                record = parse(self.kv.get(key))
                if record.id != record_id:
                    raise _bad("id")
                shelf.records.append(record)
            except RecordError as e:
                shelf.broken.append(Broken(shown_id, str(e.params.get("reason", "")),
                                           e.key == "web.records.newer"))
            except StorageError as e:
                shelf.unavailable = str(e.params.get("detail", "")) or type(e).__name__
                return Shelf(unavailable=shelf.unavailable)
        shelf.records.sort(key=lambda r: (-r.finished, r.id))
        return shelf

    def get(self, record_id: str) -> Record | None:
        """One record, or None (no such record, or it cannot be read)."""
        if RECORD_ID.fullmatch(record_id) is None:
            return None
        try:
            record = parse(self.kv.get(RECORD_PREFIX + record_id))
        except (RecordError, StorageError):
            return None
        return record if record.id == record_id else None

    def for_save(self, save_id: str) -> Record | None:
        """The record made from a save, if any."""
        if not save_id:
            return None
        return next((r for r in self.shelf().records if r.save == save_id), None)

    def put(self, record: Record) -> None:
        """Write one record; :class:`RecordsNotKept` says why the storage refused."""
        try:
            self.kv.set(RECORD_PREFIX + record.id, record.text())
        except StorageError as e:
            full = e.key == "web.error.storage_full"
            raise RecordsNotKept("web.records.full" if full else None,
                                 detail=str(e.params.get("detail", "")) or type(e).__name__
                                 ) from None

    def delete(self, record_id: str) -> None:
        """Remove one record (a broken one too)."""
        if RECORD_ID.fullmatch(record_id):
            self.kv.remove(RECORD_PREFIX + record_id)

    def withdraw(self, save_id: str) -> Record | None:
        """Remove the record of a save whose end was undone (the game goes on, so it counts
        in no statistics); the record removed, if there was one."""
        record = self.for_save(save_id)
        if record is not None:
            self.delete(record.id)
        return record

    def keep(self, session: Session, save_id: str, undone: Record | None = None
             ) -> Record | None:
        """Write the record of a finished game (the same game's record is updated, what the
        player entered kept, also from the record ``undone`` with its end); None when there
        is nothing to record."""
        earlier = (self.for_save(save_id) if save_id else None) or undone
        if earlier is None and session.finished:
            earlier = self.get(fingerprint(session))
        record = of_session(session, save_id, float(self.clock()), earlier)
        if record is None:
            return None
        if earlier is not None and _same(earlier, record):
            return earlier
        self.put(record)
        return record

    def merge(self, records: Iterable[Record], save_id: str = "") -> int:
        """Add records read from a file: a record not kept yet is added, one kept already is
        replaced only by a newer one (so an import twice adds nothing); ``save_id`` links
        them to the game just imported. Returns how many were added or renewed."""
        changed = 0
        for record in records:
            if save_id:
                record = replace(record, save=save_id)
            kept = self.get(record.id)
            if kept is not None and kept.updated >= record.updated and (
                    not save_id or kept.save == save_id):
                continue
            if kept is not None and kept.updated > record.updated:
                record = replace(kept, save=record.save)
            self.put(record)
            changed += 1
        return changed


def _same(a: Record, b: Record) -> bool:
    """Whether two records differ in nothing but the time of writing."""
    return replace(a, updated=0.0) == replace(b, updated=0.0)


# --- files -------------------------------------------------------------------------------------
def bundle(records: Iterable[Record]) -> str:
    """The text of a records file (every record, in their stored form)."""
    return json.dumps({"format": BUNDLE_FORMAT, "version": BUNDLE_VERSION,
                       "records": [r.to_json() for r in records]},
                      ensure_ascii=False, separators=(",", ":"))


def with_records(save_text: str, records: Iterable[Record]) -> str:
    """A save's text with its records added (the engine reads the save as before)."""
    found = [r.to_json() for r in records]
    if not found or not save_text.rstrip().endswith("}"):
        return save_text
    body = json.dumps(found, ensure_ascii=False, separators=(",", ":"))
    return save_text.rstrip()[:-1] + ',"records":' + body + "}"


@dataclass
class Unpacked:
    """What a file held of records."""

    is_bundle: bool
    """A records file (not a save)."""
    records: list[Record]
    refused: int
    """Records in the file that could not be read (left out)."""


def unpack(text: str) -> Unpacked:
    """The records in a records file or a save's export file (the size checked first; each
    record checked; a file that is no records file and holds none: empty)."""
    if len(text) > MAX_IMPORT_BYTES:
        return Unpacked(False, [], 0)
    try:
        data = _json(text)
    except RecordError:  # (a save the engine then refuses with its own reason)
        return Unpacked(False, [], 0)
    if not isinstance(data, dict):
        return Unpacked(False, [], 0)
    is_bundle = data.get("format") == BUNDLE_FORMAT
    if is_bundle and (not isinstance(data.get("version"), int)
                      or isinstance(data.get("version"), bool)
                      or data["version"] > BUNDLE_VERSION):
        raise RecordError("web.records.newer", version=str(data.get("version"))[:20])
    raw = data.get("records", [])
    if not isinstance(raw, list):
        raw = []
    records, refused = [], 0
    for item in raw[:MAX_RECORDS]:
        try:
            records.append(from_json(item))
        except RecordError:
            refused += 1
    return Unpacked(is_bundle, records, refused + max(0, len(raw) - MAX_RECORDS))


# --- how you did ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Standing:
    """A game at one difficulty: how the games there went."""

    level: str
    """The difficulty (the value of the game's first strength option, as text)."""
    played: int
    won: int
    lost: int
    drawn: int
    best_margin: int | None
    average_margin: float | None
    bot_average: float


def level_of(record: Record, ladder: str) -> str:
    """The difficulty a record was played at, as text ("" if it was not kept)."""
    value = record.options.get(ladder)
    return "" if value is None else str(value)


def standings(records: Iterable[Record], ladder: str, order: list[str]) -> list[Standing]:
    """Per difficulty (easiest first, as ``order`` lists them; others after): played, won,
    lost, best and average margin, the bot's average score."""
    groups: dict[str, list[Record]] = {}
    for r in records:
        groups.setdefault(level_of(r, ladder), []).append(r)
    rank = {v: i for i, v in enumerate(order)}
    out = []
    for level in sorted(groups, key=lambda v: (rank.get(v, len(rank)), v)):
        games = groups[level]
        results = [r.result for r in games]
        margins = [r.margin for r in games if r.margin is not None]
        out.append(Standing(
            level, len(games), results.count("won"), results.count("lost"),
            results.count("draw"), max(margins) if margins else None,
            sum(margins) / len(margins) if margins else None,
            sum(r.bot_total for r in games) / len(games)))
    return out


@dataclass(frozen=True)
class Suggestion:
    """The difficulty to try next, and why (``up``, ``down`` or ``stay``)."""

    level: str
    move: str
    played: str
    """The difficulty of the last game."""


def suggest(records: list[Record], ladder: str, order: list[str]) -> Suggestion | None:
    """Our own simple rule (the guides state it): your last two games of this game were at
    the same difficulty and you won both — one level up; you lost both — one level down;
    else stay. ``records`` are newest first; None without a record whose level is known."""
    known = [r for r in records if level_of(r, ladder) in order]
    if not known:
        return None
    level = level_of(known[0], ladder)
    last_two = known[:2]
    i = order.index(level)
    if len(last_two) == 2 and all(level_of(r, ladder) == level for r in last_two):
        results = {r.result for r in last_two}
        if results == {"won"} and i + 1 < len(order):
            return Suggestion(order[i + 1], "up", level)
        if results == {"lost"} and i > 0:
            return Suggestion(order[i - 1], "down", level)
    return Suggestion(level, "stay", level)


def average_by_round(records: Iterable[Record], least: int = 1) -> list[float | None]:
    """The bot's average score at the end of each round over ``records`` (None where fewer
    than ``least`` records know that round)."""
    sums: list[float] = []
    counts: list[int] = []
    for r in records:
        for i, score in enumerate(r.by_round):
            if i >= len(sums):
                sums.append(0.0)
                counts.append(0)
            if score is not None:
                sums[i] += score
                counts[i] += 1
    return [s / n if n >= max(1, least) else None for s, n in zip(sums, counts, strict=True)]


def for_game(records: Iterable[Record], game: str) -> list[Record]:
    """The records of one game (in the order given)."""
    return [r for r in records if r.game == game]


def ladder_of(game: Mapping[str, Any]) -> tuple[str, list[str]]:
    """A game's difficulty option (the first strength option its scoring declares) and its
    choices from easiest to hardest, as text; ("", []) for a game that keeps no score."""
    scoring = game.get("scoring") or {}
    strength = scoring.get("strength") or []
    if not strength:
        return "", []
    option = next((o for o in game.get("options", []) if o["id"] == strength[0]), None)
    return str(strength[0]), [str(c) for c in option["choices"]] if option else []
