"""Issue 24: an answer on screen is an answer kept. The page writes a tap's save after the
next frame (the tap stays fast); the moment the page is hidden, left or frozen, every write
that waits is done at once. Issue 25: a new version that waits is taken only at a safe moment."""

from __future__ import annotations

from automa.app.outcome import Outcome
from automa.app.saves import SAVE_PREFIX
from tests.app.test_controller import app, some_answer, started
from tests.app.test_saves import MemoryKV


def stored(kv: MemoryKV, save_id: str) -> str:
    return kv.data[SAVE_PREFIX + save_id].split("\n", 1)[1]


def test_a_tap_waits_to_be_written_and_hiding_the_page_writes_it_at_once() -> None:
    kv = MemoryKV()
    c = app(kv)
    c.shown(c.route(started(c).go or "").name)
    save_id = c.slot.save_id
    before = stored(kv, save_id)
    out = c.tap("answer", None, some_answer(c))
    assert out.changed and c.unsaved is c.session
    assert stored(kv, save_id) == before  # not yet: after the next frame
    assert c.page_hidden("visibilitychange", "visible") == (Outcome(), False)  # shown again
    assert stored(kv, save_id) == before
    c.page_hidden("visibilitychange", "hidden")  # (or pagehide, or freeze)
    assert c.session is not None and stored(kv, save_id) == c.session.to_json()
    assert c.unsaved is None
    written = dict(kv.data)
    c.page_hidden("pagehide")  # nothing more waits: nothing more is written
    assert kv.data == written


def test_a_wait_for_a_game_no_longer_in_play_writes_nothing() -> None:
    kv = MemoryKV()
    c = app(kv)
    c.shown(c.route(started(c).go or "").name)
    c.tap("answer", None, some_answer(c))
    c.slot.close()  # another game opened since (or another tab's newer work)
    written = dict(kv.data)
    c.page_hidden()
    assert kv.data == written


def test_a_waiting_update_is_taken_only_at_a_safe_moment() -> None:
    c = app()
    c.shown(c.route(started(c).go or "").name)
    assert not c.update_due(hidden=True)  # no update waits
    c.update_ready("")
    assert c.page_hidden("visibilitychange", "hidden") == (Outcome(), True)
    assert c.page_hidden("pagehide") == (Outcome(), False)  # (the page is going anyway)
    assert c.update_due(hidden=True)  # nobody looks
    c.turn_passed = False
    assert not c.update_due(hidden=False, tapped=True)  # mid-turn: on the player's word
    c.turn_passed = True
    assert c.update_due(hidden=False, tapped=True)  # a tap that ended a turn of the bots
    assert not c.update_due(hidden=False)  # (not later: the player may be reading)
    assert c.session is not None
    procedures = c.session.procedures
    c.session.start(procedures[0]["id"])
    if c.session.open_procedures:
        assert not c.update_due(hidden=True)  # never inside a started procedure


def test_a_tap_that_ends_a_turn_of_the_bots_is_a_safe_moment() -> None:
    c = app()
    c.shown(c.route(started(c).go or "").name)
    assert c.session is not None
    turns = set()
    for _ in range(40):
        before = c.session.turn
        c.tap("answer", None, some_answer(c))
        assert c.turn_passed == (c.session.turn != before)
        turns.add(c.turn_passed)
    assert turns == {True, False}
