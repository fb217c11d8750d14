"""The page's decisions when everything around them is hostile (issue 21): a storage that
refuses every call or starts refusing mid-game, decks changed or deleted in another tab,
numbers typed where a form or a URL wants one — nothing is lost, nothing crashes, and every
message is translated."""

from __future__ import annotations

import pytest
from tests.app.test_controller import GLORY, app, some_answer, started
from tests.app.test_saves import MemoryKV

import automa
from automa.app.controller import Controller
from automa.app.saves import StorageError


def play_a_little(c: Controller, answers: int = 3) -> None:
    for _ in range(answers):
        out = c.tap("answer", None, some_answer(c))
        assert out.changed, c.message
        c.autosave()


def exported(c: Controller) -> automa.Session:
    out = c.tap("export", c.slot.save_id, {})
    assert out.download is not None
    return automa.load_game(out.download[1])


# --- 1. storage that refuses every call ----------------------------------------------------
@pytest.mark.parametrize("lang,words", [("en", "nothing is kept"), ("uk", "нічого не залишиться")])
def test_storage_that_refuses_every_call_lets_the_player_play_and_export(
        lang: str, words: str) -> None:
    """Private mode or storage disabled: the app starts, says in the player's language that
    nothing can be kept, plays, and exports the game in play."""
    kv = MemoryKV()
    kv.refuse = True
    c = app(kv, lang)
    home = c.route("#/")
    assert home.name == "home"
    assert words in c.chrome()[1] and "SecurityError" in c.chrome()[1]
    c.route(started(c).go or "")
    play_a_little(c)
    assert not c.message  # each answer "saved" in memory without an error banner
    _, notices = c.chrome()
    assert f'data-act="export" data-arg="{c.slot.save_id}"' in notices
    assert c.session is not None and exported(c) == c.session
    assert c.route(f"#/play/{c.slot.save_id}").name == "play"
    assert c.change_setting("theme", "dark").show is None and c.settings["theme"] == "dark"
    assert c.route(f"#/decks/{GLORY}").name == "decks"
    assert not kv.data


# --- 2. storage that starts refusing mid-game ---------------------------------------------
def test_storage_that_starts_refusing_mid_game_keeps_the_game_and_offers_export() -> None:
    """Routing and Home once raised the storage's error; now the game in play goes on in
    memory, the earlier stored games are left untouched, and export is offered."""
    kv = MemoryKV()
    c = app(kv)
    hash_ = started(c).go or ""
    c.route(hash_)
    play_a_little(c)
    stored = dict(kv.data)
    kv.refuse = True
    assert c.route("#/").name == "home"  # the list cannot be read: no crash
    assert "nothing is kept" in c.chrome()[1]
    assert c.route(hash_).name == "play" and c.session is not None
    play_a_little(c)
    assert c.route("#/pile/x/discard").name == "home"
    assert c.route(hash_).name == "play"
    assert exported(c) == c.session
    assert kv.data == stored  # nothing over the games kept before


def test_storage_that_refuses_only_writes_keeps_the_game_in_memory() -> None:
    """A write refused for any reason but room (not a full storage) moves to memory too."""
    kv = MemoryKV()
    c = app(kv)
    c.route(started(c).go or "")
    before = dict(kv.data)

    def broken(key: str, value: str) -> None:
        raise StorageError(detail="InvalidStateError")

    kv.set = broken  # type: ignore[method-assign]
    play_a_little(c)
    assert not c.message and "InvalidStateError" in c.chrome()[1]
    assert exported(c) == c.session
    assert kv.data == before


def test_a_full_storage_still_keeps_the_game_stored_before() -> None:
    """Room is not refusal: a full storage reports and keeps the last stored revision."""
    kv = MemoryKV()
    c = app(kv)
    c.route(started(c).go or "")
    play_a_little(c, 1)
    kept = dict(kv.data)
    kv.full = True
    c.tap("answer", None, some_answer(c))
    c.autosave()
    assert "full" in c.message and kv.data == kept and not c.store.unavailable


# --- 4. numbers that are not numbers --------------------------------------------------------
NOT_NUMBERS = ["²", "٣", "--1", "1_0", " ", "9" * 40, "1e3", "<b>1</b>", "\x00"]


@pytest.mark.parametrize("text", NOT_NUMBERS)
def test_a_deck_number_field_given_no_number_keeps_it_and_names_the_problem(text: str) -> None:
    """``²`` in the card-number field once raised ``ValueError`` ("Something went wrong");
    now it is kept as typed and the deck's check names it."""
    c = app()
    hash_ = c.tap("deck-new", "blank", {}).go or ""
    c.route(hash_)
    for path in ("number", "priority.1.number", "pointer"):
        out = c.desk.field("0", path, text)
        assert out.go == hash_, c.message
    screen = c.route(hash_)
    assert screen.name == "decks" and "deck-editor" in screen.body
    assert c.desk.deck is not None and c.desk.deck["problems"]


@pytest.mark.parametrize("text", NOT_NUMBERS)
def test_a_card_index_in_the_url_or_a_button_that_is_no_number_shows_the_first_card(
        text: str) -> None:
    """``#/deck/<id>/²`` once crashed the route; any such index now means card 1."""
    c = app()
    hash_ = c.tap("deck-new", "companion", {}).go or ""
    deck_id = hash_.split("/")[2]
    screen = c.route(f"#/deck/{deck_id}/{text}")
    assert screen.name == "decks" and 'data-card="0"' in screen.body
    for act in ("deck-card", "deck-remove", "deck-dup"):
        assert c.tap(act, text, {}).go is not None
    assert c.desk.field(text, "number", "5").go is not None


@pytest.mark.parametrize("text", NOT_NUMBERS)
def test_a_count_stepper_and_a_tampered_form_never_raise(text: str) -> None:
    c = app()
    c.route(started(c).go or "")
    from automa.app.present import stepped

    assert stepped(text, 1, 0, 3) == 1
    for form in ({"pick": 99}, {"pick": -1}, {"json": text}, {"checked": [99]},
                 {"values": [-5, 99]}, {"count": text}):
        out = c.tap("answer", None, form)  # type: ignore[arg-type]
        assert out.played
