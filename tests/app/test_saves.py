"""The save store: every stored value is hostile, a failed write leaves a consistent state,
two tabs never overwrite each other's newer work, and settings fail with their own error."""

from __future__ import annotations

import json
import re

import pytest

from automa.app.saves import (
    HELD_PREFIX,
    KEY_INDEX,
    KEY_SETTINGS,
    SAVE_PREFIX,
    SaveDeleted,
    SaveStore,
    StaleSave,
)
from automa.app.storage import SettingsNotSaved, StorageError, StorageFull
from automa.app.words import clock_text
from automa.core import i18n
from buildsteps.page import storage_keys

DEFAULTS = {"theme": "auto", "text": 1, "wake": False, "paper": "a4"}


class MemoryKV:
    """An in-memory storage shared by "tabs"; it can run out of room, or refuse every call
    (``refuse``: private mode, storage disabled — the browser's ``SecurityError``)."""

    def __init__(self) -> None:
        self.data: dict[str, str] = {}
        self.full = False
        self.refuse = False
        self.fail_keys: set[str] = set()

    def _check(self) -> None:
        if self.refuse:
            raise StorageError(detail="SecurityError")

    def get(self, key: str) -> str | None:
        self._check()
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        self._check()
        if self.full or key in self.fail_keys:
            raise StorageFull(detail="QuotaExceededError")
        self.data[key] = value

    def remove(self, key: str) -> None:
        self._check()
        self.data.pop(key, None)

    def keys(self) -> list[str]:
        self._check()
        return list(self.data)


class Clock:
    def __init__(self) -> None:
        self.now = 1_700_000_000_000.0

    def __call__(self) -> float:
        self.now += 1000
        return self.now


def store(kv: MemoryKV | None = None) -> SaveStore:
    return SaveStore(kv or MemoryKV(), Clock())


def put(s: SaveStore, save_id: str = "demo-1", text: str = '{"x":1}', rev: int | None = None,
        turn: int = 1) -> int:
    return s.save(save_id, text, game="demo", turn=turn, finished=False, rev=rev).rev


def test_a_save_is_listed_and_loads_with_its_text_and_revision() -> None:
    s = store()
    assert put(s) == 1
    assert put(s, rev=1, text='{"x":2}', turn=2) == 2
    loaded = s.load("demo-1")
    assert loaded is not None and loaded.text == '{"x":2}' and loaded.meta.rev == 2
    [meta] = s.saves()
    assert (meta.save_id, meta.game, meta.turn, meta.rev) == ("demo-1", "demo", 2, 2)


def test_full_storage_changes_nothing() -> None:
    kv = MemoryKV()
    s = store(kv)
    put(s)
    before = dict(kv.data)
    kv.full = True
    with pytest.raises(StorageFull):
        put(s, rev=1, text='{"x":2}')
    assert kv.data == before


def test_an_orphan_save_whose_list_write_failed_is_listed_again() -> None:
    kv = MemoryKV()
    s = store(kv)
    put(s, "demo-1")
    kv.fail_keys = {KEY_INDEX}
    put(s, "demo-2")  # the game is written, its list entry is not
    assert KEY_INDEX not in kv.data  # a list that could not be kept up is dropped, not stale
    kv.fail_keys = set()
    assert [m.save_id for m in s.saves()] == ["demo-2", "demo-1"]
    assert set(json.loads(kv.data[KEY_INDEX])["saves"]) == {"demo-1", "demo-2"}


@pytest.mark.parametrize("index", [
    "not json", "[1,2]", '{"v":2,"saves":{"demo-1":"oops"}}', '{"v":2,"saves":[]}',
    '{"v":2,"saves":{"demo-1":{"game":"<img src=x onerror=alert(1)>","created":0,'
    '"updated":0,"turn":1,"finished":false,"rev":1}}}',
    '{"v":2,"saves":{"demo-1":{"game":"demo","created":1e400,"updated":0,"turn":-3,'
    '"finished":"no","rev":1}}}',
    '{"v":2,"saves":{"ghost-1":{"game":"demo","created":0,"updated":0,"turn":1,'
    '"finished":false,"rev":1}}}',
    "[" * 100_000,
])
def test_a_broken_list_is_repaired_from_the_saves(index: str) -> None:
    kv = MemoryKV()
    s = store(kv)
    put(s, "demo-1", turn=4)
    kv.data[KEY_INDEX] = index
    [meta] = s.saves()
    assert (meta.save_id, meta.game, meta.turn) == ("demo-1", "demo", 4)
    assert json.loads(kv.data[KEY_INDEX])["saves"]["demo-1"]["game"] == "demo"


def test_hostile_keys_and_headers_are_never_listed_as_they_are() -> None:
    kv = MemoryKV()
    s = store(kv)
    kv.data[SAVE_PREFIX + "<script>alert(1)</script>"] = '{"x":1}'
    kv.data[SAVE_PREFIX + "demo-9"] = ('{"rev":"1","game":"<b>","created":0,"updated":0,'
                                       '"turn":1,"finished":false}\n{"game":"<i>","turn":2}')
    [meta] = s.saves()
    assert meta.save_id == "demo-9" and meta.game == "" and meta.turn == 2


def test_saves_of_the_version_before_revisions_are_kept() -> None:
    kv = MemoryKV()
    kv.data[SAVE_PREFIX + "demo-a"] = json.dumps({"game": "demo", "turn": 3, "finished": True})
    kv.data[KEY_INDEX] = json.dumps({"demo-a": {"game": "demo", "created": 5.0, "updated": 6.0,
                                                "turn": 3, "finished": True}})
    s = store(kv)
    [meta] = s.saves()
    assert (meta.game, meta.turn, meta.finished, meta.rev, meta.created) == (
        "demo", 3, True, 0, 5.0)
    assert put(s, "demo-a", rev=0) == 1  # and the first write upgrades it


def test_two_tabs_never_overwrite_newer_work() -> None:
    kv = MemoryKV()
    tab_a, tab_b = store(kv), store(kv)
    rev = put(tab_a)
    assert put(tab_b, rev=rev, text='{"b":1}') == rev + 1
    with pytest.raises(StaleSave):
        put(tab_a, rev=rev, text='{"a":1}')
    loaded = tab_a.load("demo-1")
    assert loaded is not None and loaded.text == '{"b":1}'


def test_a_game_deleted_in_one_tab_does_not_come_back_from_another() -> None:
    kv = MemoryKV()
    tab_a, tab_b = store(kv), store(kv)
    rev = put(tab_a)
    tab_b.delete("demo-1")
    with pytest.raises(SaveDeleted):
        put(tab_a, rev=rev, text='{"a":1}')
    assert tab_a.saves() == [] and tab_a.load("demo-1") is None


def test_a_new_game_never_overwrites_an_existing_one() -> None:
    s = store()
    put(s)
    with pytest.raises(StaleSave):
        put(s, rev=None)
    assert s.new_id("demo") != "demo-1"


def test_the_original_is_held_until_accepted_and_goes_with_the_game() -> None:
    kv = MemoryKV()
    s = store(kv)
    put(s, text="original")
    s.hold("demo-1", "original")
    put(s, rev=1, text="replayed")
    s.hold("demo-1", "replayed")  # the first original is kept
    assert s.held("demo-1") == "original"
    s.release("demo-1")
    assert s.held("demo-1") is None
    s.hold("demo-1", "again")
    s.delete("demo-1")
    assert not any(k.startswith(HELD_PREFIX) for k in kv.data)


def test_a_held_original_of_a_vanished_game_is_dropped() -> None:
    kv = MemoryKV()
    kv.data[HELD_PREFIX + "demo-1"] = "x"
    store(kv).saves()
    assert kv.data.get(HELD_PREFIX + "demo-1") is None


def test_settings_are_checked_value_by_value() -> None:
    kv = MemoryKV()
    kv.data[KEY_SETTINGS] = json.dumps({"theme": "<script>", "text": 1.3, "wake": 1,
                                        "paper": "letter", "lang": "uk", "evil": 1})
    got = store(kv).settings(DEFAULTS, ("en", "uk"))
    assert got == {"theme": "auto", "text": 1.3, "wake": False, "paper": "letter", "lang": "uk"}
    kv.data[KEY_SETTINGS] = "[" * 50_000
    assert store(kv).settings(DEFAULTS) == DEFAULTS


def test_a_failed_settings_write_has_its_own_message() -> None:
    kv = MemoryKV()
    kv.full = True
    with pytest.raises(SettingsNotSaved) as caught:
        store(kv).put_settings(DEFAULTS)
    assert isinstance(caught.value, StorageError)
    for lang in i18n.LANGUAGES:
        text = caught.value.message(lang)
        assert "QuotaExceededError" in text and caught.value.key not in text


def test_every_store_message_is_translated() -> None:
    for error in (StaleSave(), SaveDeleted(), StorageFull(detail="x"), StorageError(detail="x")):
        for lang in i18n.LANGUAGES:
            assert i18n.has_message(error.key, lang), (error.key, lang)


def test_the_list_shows_the_games_own_turn_score_and_options() -> None:
    """A save's header may carry the list's texts per language (the turn as the game counts
    it, the bot's score, the options that matter); they come back with the list."""
    kv = MemoryKV()
    about = {"turn_text": {"en": "Round 3 · turn 1", "uk": "Раунд 3 · хід 1"},
             "score_text": {"en": "34 VP", "uk": "34 ПО"},
             "options_text": {"en": "Automa · The Druids", "uk": "Автома · Друїди"}}
    store(kv).save("g1", "{}", game="age_of_innovation", turn=301, finished=False, rev=None,
                   about=about)
    kv.data.pop(KEY_INDEX, None)  # rebuilt from the header
    (meta,) = store(kv).saves()
    assert meta.turn_text == about["turn_text"] and meta.score_text == about["score_text"]
    assert meta.options_text == about["options_text"]


def test_an_older_header_without_the_list_texts_is_still_listed() -> None:
    """Headers written before the texts existed (or with hostile texts) list the game with
    its plain turn number; nothing else is lost."""
    kv = MemoryKV()
    header = {"game": "tapestry", "created": 1.0, "updated": 2.0, "turn": 4, "finished": False,
              "rev": 3}
    kv.data[SAVE_PREFIX + "old"] = json.dumps(header) + "\n{}"
    hostile = {**header, "turn_text": {"en": "<b>x</b>" * 100}, "score_text": ["no"],
               "options_text": {"EN-us": "x"}}
    kv.data[SAVE_PREFIX + "odd"] = json.dumps(hostile) + "\n{}"
    metas = {m.save_id: m for m in store(kv).saves()}
    assert metas["old"].turn == 4 and metas["old"].turn_text is None
    assert metas["odd"].rev == 3 and metas["odd"].turn_text is None
    assert metas["odd"].score_text is None and metas["odd"].options_text is None


def test_the_list_keeps_when_each_game_was_played_as_the_engine_writes_it() -> None:
    """The list names when a game was last played in the words the engine writes
    (``when_text``), so the loading shell paints the same date as Home, never its own; a
    header without one, or with one not in its shape, is listed without it."""
    kv = MemoryKV()
    written = lambda ms: clock_text(ms, lambda _: (2026, 11, 29, 8, 5))  # noqa: E731
    writer = SaveStore(kv, Clock(), written=written)
    writer.save("g1", "{}", game="tapestry", turn=1, finished=False, rev=None)
    assert writer.saves()[0].when_text == "2026-11-29 08:05"  # (the list, written again)
    index = json.loads(kv.data[KEY_INDEX])
    assert index["saves"]["g1"]["when_text"] == "2026-11-29 08:05"
    header = json.loads(kv.data[SAVE_PREFIX + "g1"].split("\n", 1)[0])
    assert header["when_text"] == "2026-11-29 08:05"
    assert re.fullmatch(json.loads(storage_keys())["when_text"], header["when_text"])
    for odd in ("<b>2026-11-29 08:05</b>", 20261129, "2026-11-29 08:05\n", "—"):
        kv.data[SAVE_PREFIX + "g1"] = json.dumps({**header, "when_text": odd}) + "\n{}"
        kv.data.pop(KEY_INDEX, None)
        (meta,) = store(kv).saves()
        assert meta.when_text is None and meta.rev == header["rev"], odd
    writer.carry("g1", "{}", game="tapestry", turn=2, finished=False, rev=1, created=1.0)
    carried = json.loads(kv.data["automa.carry.g1"].split("\n", 1)[0])
    assert carried["when_text"] == "2026-11-29 08:05"  # (a game an older tab carries, too)
    put(store(kv), "g2")  # (a store that cannot write a moment writes none)
    store(kv).saves()
    assert "when_text" not in json.loads(kv.data[KEY_INDEX])["saves"]["g2"]
