"""The game in play and its saves, without a browser: two tabs never overwrite newer work, a
deleted game stays deleted, and a game that opened without its undo history keeps its
original until the player accepts (or is not saved while there is no room to keep it)."""

from __future__ import annotations

import json

import automa
from automa.app.saves import HELD_PREFIX, SAVE_PREFIX, SaveStore
from automa.app.slot import Slot
from tests.app.test_saves import Clock, MemoryKV

GAME = "tapestry"


def tab(kv: MemoryKV) -> Slot:
    return Slot(SaveStore(kv, Clock()), Clock())


def old_save() -> str:
    """A save whose answers no longer replay: it opens from its snapshot, without history."""
    data = json.loads(automa.new_game(GAME, {}, seed=7).to_json())
    data["actions"] = [{"answer": "an answer the rules no longer take"}]
    return json.dumps(data)


def test_a_new_game_is_saved_and_opens_in_another_tab() -> None:
    kv = MemoryKV()
    one, two = tab(kv), tab(kv)
    assert one.begin(automa.new_game(GAME, {}, seed=3)) == ("saved", None)
    assert one.rev == 1 and two.open(one.save_id) and two.rev == 1


def test_newer_work_from_another_tab_is_never_overwritten() -> None:
    kv = MemoryKV()
    one, two = tab(kv), tab(kv)
    one.begin(automa.new_game(GAME, {}, seed=3))
    two.open(one.save_id)
    assert two.save()[0] == "saved"
    stored = kv.data[SAVE_PREFIX + one.save_id]
    what, error = one.save()
    assert what == "stale" and error is not None and one.session is None
    assert kv.data[SAVE_PREFIX + one.save_id] == stored
    assert one.open(one.save_id) and one.rev == two.rev


def test_another_tabs_change_is_seen_and_a_delete_closes_the_game() -> None:
    kv = MemoryKV()
    one, two = tab(kv), tab(kv)
    one.begin(automa.new_game(GAME, {}, seed=3))
    two.open(one.save_id)
    two.save()
    assert one.storage_changed(SAVE_PREFIX + one.save_id) == "changed" and one.session is None
    assert one.open(one.save_id) and one.rev == 2
    two.delete(two.save_id)
    assert one.storage_changed(SAVE_PREFIX + one.save_id) == "deleted"
    assert one.session is None and one.save_id == ""


def test_a_game_deleted_elsewhere_is_not_saved_back() -> None:
    kv = MemoryKV()
    one, two = tab(kv), tab(kv)
    one.begin(automa.new_game(GAME, {}, seed=3))
    save_id = one.save_id
    two.delete(save_id)
    assert one.save()[0] == "deleted" and SAVE_PREFIX + save_id not in kv.data


def test_the_original_is_kept_until_accepted() -> None:
    kv = MemoryKV()
    kv.data[SAVE_PREFIX + "old-1"] = original = old_save()
    slot = tab(kv)
    assert slot.open("old-1") and slot.session is not None and slot.session.history_dropped
    assert slot.holding and kv.data[HELD_PREFIX + "old-1"] == original
    assert slot.save()[0] == "saved" and kv.data[HELD_PREFIX + "old-1"] == original
    assert slot.accept() == ("saved", None)
    assert not slot.holding and HELD_PREFIX + "old-1" not in kv.data


def test_without_room_for_the_original_the_game_is_not_saved_over_it() -> None:
    kv = MemoryKV()
    kv.data[SAVE_PREFIX + "old-1"] = original = old_save()
    kv.fail_keys.add(HELD_PREFIX + "old-1")
    slot = tab(kv)
    assert slot.open("old-1") and not slot.holding and slot.hold_failed
    assert slot.save() == ("held", None) and kv.data[SAVE_PREFIX + "old-1"] == original
    assert slot.accept()[0] == "saved" and not slot.hold_failed
    assert kv.data[SAVE_PREFIX + "old-1"] != original


def test_an_imported_game_without_history_keeps_the_file_as_its_original() -> None:
    slot = tab(MemoryKV())
    text = old_save()
    slot.begin(automa.load_game(text), text)
    assert slot.holding and slot.store.held(slot.save_id) == text
