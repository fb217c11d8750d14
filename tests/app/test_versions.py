"""Issue 25: two versions of the app at once on one storage. A tab of an older version never
writes its format over a newer one: it stops writing, keeps the player's answers (carried for
the newer version) and asks for a reload; after the reload the answers are there."""

from __future__ import annotations

import json

import pytest

from automa.app import versions
from automa.app.controller import Controller
from automa.app.saves import KEY_SETTINGS, SAVE_PREFIX, STORAGE
from automa.app.storage import CARRY_PREFIX, KEY_FORMAT, KEY_RELOAD
from automa.core.formats import NewerFormat
from tests.app.test_controller import some_answer, started
from tests.app.test_saves import Clock, MemoryKV

MINE = versions.versions()
NEWER = {**MINE, "storage": MINE["storage"] + 1}


def tab(kv: MemoryKV, versions: dict[str, int] = MINE) -> Controller:
    return Controller(kv, Clock(), "en", lambda ms: f"t{int(ms)}", versions=versions)


def shown(c: Controller, hash_: str) -> str:
    """Route to ``hash_`` and put the screen up, as the page does; the screen's name."""
    c.shown(c.route(hash_).name)
    return c.screen


def answered(c: Controller) -> str:
    """Answer the question on screen and save as the page does; the save text after."""
    out = c.tap("answer", None, some_answer(c))
    assert out.changed, c.banner.message
    c.autosave()
    assert c.session is not None
    return c.session.to_json()


def stored_text(kv: MemoryKV, save_id: str) -> str:
    return kv.data[SAVE_PREFIX + save_id].split("\n", 1)[1]


def test_a_new_version_names_its_formats_in_the_storage() -> None:
    kv = MemoryKV()
    tab(kv)
    assert json.loads(kv.data[KEY_FORMAT])["versions"] == MINE


def test_an_older_tab_stops_writing_keeps_the_answer_and_the_newer_one_adopts_it() -> None:
    kv = MemoryKV()
    old = tab(kv)
    shown(old, started(old).go or "")
    save_id = old.slot.save_id
    answered(old)
    new = tab(kv, NEWER)  # the newer version starts in another tab
    shown(new, f"#/play/{save_id}")
    before = dict(kv.data)
    text = answered(old)  # the old tab's next answer
    assert old.newer_open and 'id="newer-notice"' in old.notices()
    assert {k: v for k, v in kv.data.items() if not k.startswith(CARRY_PREFIX)} == before
    assert CARRY_PREFIX + save_id in kv.data
    out = new.storage_changed(CARRY_PREFIX + save_id)  # the newer tab hears of it
    assert out.redraw and new.route(f"#/play/{save_id}").name == "play"
    assert new.session is not None and new.session.to_json() == text
    assert CARRY_PREFIX + save_id not in kv.data
    assert stored_text(kv, save_id) == text


def test_after_the_reload_the_answer_is_there() -> None:
    kv = MemoryKV()
    old = tab(kv)
    shown(old, started(old).go or "")
    save_id = old.slot.save_id
    tab(kv, NEWER)
    text = answered(old)
    reloaded = tab(kv, NEWER)  # the old tab reloaded into the newer version
    assert reloaded.route(f"#/play/{save_id}").name == "play"
    assert reloaded.session is not None and reloaded.session.to_json() == text
    assert not reloaded.newer_open


def two_tabs(kv: MemoryKV) -> tuple[Controller, Controller, str]:
    """An older tab with a game in play, and a newer version's tab showing that game; the
    game's save id."""
    old = tab(kv)
    shown(old, started(old).go or "")
    save_id = old.slot.save_id
    new = tab(kv, NEWER)
    shown(new, f"#/play/{save_id}")
    return old, new, save_id


def test_carried_answers_are_kept_beside_a_game_both_tabs_played_on_at_once() -> None:
    """The older tab answered, and the newer one answered the same game before it heard of
    it: the carried game is kept beside it, once."""
    kv = MemoryKV()
    old, new, save_id = two_tabs(kv)
    answered(old)
    theirs = answered(old)  # carried, not heard yet by the newer tab...
    mine = answered(new)  # ... which plays on (one answer fewer: another game)
    new.storage_changed(CARRY_PREFIX + save_id)
    assert sorted(saved_texts(kv)) == sorted([mine, theirs])
    assert "separate" in new.banner.message or "own" in new.banner.message


def saved_texts(kv: MemoryKV) -> list[str]:
    return [stored_text(kv, k[len(SAVE_PREFIX):]) for k in kv.data if k.startswith(SAVE_PREFIX)]


def test_an_older_tab_answering_on_leaves_no_copy_per_answer() -> None:
    """Attack review 2026-11-29, U3: each answer of the older tab was carried from the
    revision it had opened, so once the newer tab had taken in the first, every later one
    became a saved game of its own (3 answers, 2 copies). Each now goes on from the one
    taken in."""
    kv = MemoryKV()
    old, new, save_id = two_tabs(kv)
    for _ in range(3):
        text = answered(old)
        new.storage_changed(CARRY_PREFIX + save_id)
        assert saved_texts(kv) == [text]
    assert CARRY_PREFIX + save_id not in kv.data


def test_an_older_tab_stops_writing_once_the_newer_version_changed_the_game() -> None:
    """Attack review 2026-11-29, U3: after an update that opened the game without its history
    (the rules changed: the newer version wrote the game anew), the older tab's answers each
    became a saved game of its own. It now keeps nothing more of that game and says why, as
    it does for a game a newer version saved."""
    kv = MemoryKV()
    old, new, save_id = two_tabs(kv)
    newer = answered(new)  # the newer version wrote the game itself
    before = dict(kv.data)
    out = old.tap("answer", None, some_answer(old))
    old.autosave()
    assert out.changed
    assert kv.data == before  # nothing carried, no copy
    assert old.newer_open and old.session is None
    assert "A newer version of the app has changed this game" in old.banner.message
    assert shown(old, "#/") == "home" and 'id="newer-notice"' in old.notices()
    assert saved_texts(kv) == [newer]
    new.storage_changed(CARRY_PREFIX + save_id)
    assert saved_texts(kv) == [newer]


def test_an_older_tab_started_after_a_newer_version_writes_nothing() -> None:
    kv = MemoryKV()
    tab(kv, NEWER)
    before = dict(kv.data)
    old = tab(kv)
    assert old.newer_open
    old.change_setting("theme", "dark")
    old.tap("start", "tapestry", {"options": {}, "seed": "7"})
    assert old.settings["theme"] == "dark"  # applies while the page is open
    assert kv.data == before or set(kv.data) - set(before) <= {
        k for k in kv.data if k.startswith(CARRY_PREFIX)}
    assert KEY_SETTINGS not in kv.data


def test_a_game_written_by_a_newer_version_is_not_opened_nor_written_over() -> None:
    kv = MemoryKV()
    c = tab(kv)
    shown(c, started(c).go or "")
    save_id = c.slot.save_id
    header, text = kv.data[SAVE_PREFIX + save_id].split("\n", 1)
    newer = {**json.loads(header), "v": STORAGE.current + 1, "rev": 9}
    kv.data[SAVE_PREFIX + save_id] = json.dumps(newer) + "\n" + text
    other = tab(kv)
    assert other.route(f"#/play/{save_id}").name == "home"
    assert NewerFormat(format="storage", version=STORAGE.current + 1,
                       supported=STORAGE.current).message("en") in other.banner.message
    c.tap("answer", None, some_answer(c))
    c.autosave()
    assert json.loads(kv.data[SAVE_PREFIX + save_id].split("\n", 1)[0]) == newer
    assert c.newer_open and c.session is None  # (it says why: the newer version changed it)


class LyingKV(MemoryKV):
    """A storage that says it wrote a game but kept only its first half (a write the
    browser lost: a crash, a disk that lies)."""

    def __init__(self) -> None:
        super().__init__()
        self.lying = False

    def set(self, key: str, value: str) -> None:
        super().set(key, value[: len(value) // 2] if self.lying
                    and key.startswith(SAVE_PREFIX) else value)


def test_a_carried_game_is_removed_only_after_its_new_copy_reads_back() -> None:
    """Data-durability review, migrations: write the new copy, read it back, then delete
    the old. A carried game whose adoption the storage did not keep stays carried, and is
    taken in at the next chance."""
    kv = LyingKV()
    old = tab(kv)
    shown(old, started(old).go or "")
    save_id = old.slot.save_id
    new = tab(kv, NEWER)
    text = answered(old)  # carried: the newer version opened the storage
    kv.lying = True
    new.storage_changed(CARRY_PREFIX + save_id)
    assert CARRY_PREFIX + save_id in kv.data  # not read back the same: kept
    kv.lying = False
    new.storage_changed(CARRY_PREFIX + save_id)
    assert CARRY_PREFIX + save_id not in kv.data
    assert text in [stored_text(kv, k[len(SAVE_PREFIX):]) for k in kv.data
                    if k.startswith(SAVE_PREFIX)]  # (beside the broken write, as a copy)


def test_nothing_is_written_before_the_initial_load_completes() -> None:
    """Durability review (two tabs): nothing is written before the initial load completes.
    A tab that starts over a storage of its own version reads it and writes nothing: not
    the games, not the list of games, not the settings."""
    kv = MemoryKV()
    first = tab(kv)
    shown(first, started(first).go or "")
    answered(first)
    before = dict(kv.data)
    tab(kv)
    assert kv.data == before


@pytest.mark.parametrize(("ago", "looped"), [(2_000, True), (60_000, False), (None, False)])
def test_a_reload_that_brings_the_older_version_back_says_to_close_the_other_tabs(
        ago: int | None, looped: bool) -> None:
    """A reload for the newer version that comes back as this one (the page was served past
    the service worker, or the site rolled back) must not ask for the same reload forever."""
    kv = MemoryKV()
    tab(kv, NEWER)
    clock = Clock()
    if ago is not None:
        kv.data[KEY_RELOAD] = str(int(clock.now + 1000 - ago))  # the shell's mark
    old = Controller(kv, clock, "uk", lambda ms: f"t{int(ms)}")
    assert old.newer_open and old.reload_looped is looped
    expected = "web.store.newer_loop" if looped else "web.store.newer_open"
    assert old.t(expected) in old.notices()


def test_a_tampered_reload_mark_is_no_mark() -> None:
    kv = MemoryKV()
    tab(kv, NEWER)
    for mark in ("", "-5", "1e99", "<b>", "9" * 40):
        kv.data[KEY_RELOAD] = mark
        assert not tab(kv).reload_looped
