"""The page's decisions when everything around them is hostile (issue 21): a storage that
refuses every call or starts refusing mid-game, decks changed or deleted in another tab,
numbers typed where a form or a URL wants one — nothing is lost, nothing crashes, and every
message is translated."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

import automa
from automa.app.controller import Controller
from automa.app.decks.my_decks import PREFIX
from automa.app.outcome import Outcome
from automa.app.screens import SCREEN_PREFIX
from automa.app.storage import StorageError
from automa.core.i18n import render
from tests.app.test_controller import GLORY, app, some_answer, started
from tests.app.test_saves import MemoryKV


def play_a_little(c: Controller, answers: int = 3) -> None:
    for _ in range(answers):
        out = c.tap("answer", None, some_answer(c))
        assert out.changed, c.banner.message
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
    assert not c.banner.message  # each answer "saved" in memory without an error banner
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
    assert not c.banner.message and "InvalidStateError" in c.chrome()[1]
    assert exported(c) == c.session
    assert kv.data == before


def test_a_full_storage_still_keeps_the_game_stored_before() -> None:
    """Room is not refusal: a full storage reports and keeps the last stored revision."""
    kv = MemoryKV()
    c = app(kv)
    c.route(started(c).go or "")
    play_a_little(c, 1)
    kept = {k: v for k, v in kv.data.items() if not k.startswith(SCREEN_PREFIX)}
    kv.full = True
    c.tap("answer", None, some_answer(c))
    c.autosave()
    assert "full" in c.banner.message and kv.data == kept and not c.store.unavailable  # (the stored
    # screens, a cache, made way for the save, in vain)


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
        assert out.go == hash_, c.banner.message
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
    from automa.app.answers import stepped

    assert stepped(text, 1, 0, 3) == 1
    for form in ({"pick": 99}, {"pick": -1}, {"json": text}, {"checked": [99]},
                 {"values": [-5, 99]}, {"count": text}):
        out = c.tap("answer", None, form)  # type: ignore[arg-type]
        assert out.played


# --- 5. a chosen deck deleted or broken before the game starts -----------------------------
def new_deck(c: Controller, source: str = "companion") -> str:
    out = c.tap("deck-new", source, {})
    assert out.go is not None
    c.route(out.go)
    c.desk.rename("Box <1>")
    return out.go.split("/")[2]


def two_tabs(lang: str = "en") -> tuple[MemoryKV, Controller, Controller, str]:
    """Two tabs on one storage; a deck made in the second (the first has not read it)."""
    kv = MemoryKV()
    here, there = app(kv, lang), app(kv, lang)
    return kv, here, there, new_deck(there)


@pytest.mark.parametrize("lang,words", [("en", "no longer kept"), ("uk", "більше немає")])
def test_a_chosen_deck_deleted_in_another_tab_is_refused_by_name(lang: str, words: str) -> None:
    """The game once started silently with the companion edition."""
    _, here, there, deck_id = two_tabs(lang)
    assert deck_id in here.route(f"#/new/{GLORY}").body
    there.tap("deck-delete-yes", deck_id, {})
    out = here.tap("start", GLORY, {"options": {}, "seed": "3", "deck": deck_id})
    assert out.show is not None and out.show.name == "new" and here.session is None
    assert words in here.banner.message and "Box <1>" in here.banner.message
    banner, _ = here.chrome()
    assert "Box &lt;1&gt;" in banner


def test_a_chosen_deck_broken_in_another_tab_is_refused_with_the_reason() -> None:
    kv, here, there, deck_id = two_tabs()
    here.route(f"#/new/{GLORY}")
    there.desk.field(0, "number", "0")
    out = here.tap("start", GLORY, {"options": {}, "seed": "3", "deck": deck_id})
    assert out.show is not None and here.session is None
    assert "cannot be played any more" in here.banner.message and "Box <1>" in here.banner.message
    kv.data[PREFIX + deck_id] = "{not json"
    here.tap("start", GLORY, {"options": {}, "seed": "3", "deck": deck_id})
    assert here.session is None and "Box <1>" in here.banner.message


# --- 6. "Print the deck" prints the game's own deck ------------------------------------------
def printed_cards(c: Controller) -> int:
    out = c.tap("print-deck", None, {})
    assert out.print_sheets is not None
    return str(out.print_sheets[0]).count('role="img"')


def test_print_the_deck_prints_exactly_the_games_own_deck() -> None:
    """A companion-edition game once printed 60 cards: its 24 and those of every player's
    deck read in the same page."""
    from automa.games.glory_of_civilizations import data

    c = app()
    deck_id = new_deck(c, "blank")
    for _ in range(13):
        c.tap("deck-dup", "0", {})
    deck = c.desk.deck
    assert deck is not None
    assert not deck["problems"], deck["problems"]
    c.tap("start", GLORY, {"options": {}, "seed": "3", "deck": deck_id})
    assert printed_cards(c) == 14
    c.tap("start", GLORY, {"options": {}, "seed": "4"})
    assert c.session is not None and not c.session.options.get("custom_deck")
    assert printed_cards(c) == len(data.companion_deck()) == 24
    for game in ("tapestry", "age_of_innovation", "civ_new_dawn"):
        c.tap("start", game, {"options": {}, "seed": "4"})
        assert printed_cards(c) > 0


# --- 7. one deck in two tabs ----------------------------------------------------------------
def test_two_tabs_editing_one_deck_never_overwrite_each_other() -> None:
    """Tab B's edit once wrote its whole older deck over tab A's (card 1 lost)."""
    kv, b, a, deck_id = two_tabs()
    b.route(f"#/deck/{deck_id}/1")
    a.desk.field(0, "main.1", "battles")
    stored = json.loads(kv.data[PREFIX + deck_id])
    out = b.desk.field(1, "main.1", "gather")  # B still shows the older revision
    assert "changed in another tab" in b.banner.message and out.go == f"#/deck/{deck_id}/1"
    after = json.loads(kv.data[PREFIX + deck_id])
    assert after == stored and after["cards"][0]["main"][0] == "battles"
    assert b.desk.deck is not None and b.desk.deck["cards"][0]["main"][0] == "battles"
    b.desk.field(1, "main.1", "gather")  # now over the newer version: both kept
    cards = json.loads(kv.data[PREFIX + deck_id])["cards"]
    assert cards[0]["main"][0] == "battles" and cards[1]["main"][0] == "gather"


def test_an_edit_never_brings_back_a_deck_deleted_in_another_tab() -> None:
    kv, b, a, deck_id = two_tabs()
    b.route(f"#/deck/{deck_id}/0")
    a.tap("deck-delete-yes", deck_id, {})
    edits: list[Callable[[], object]] = [
        lambda: b.desk.field(0, "main.1", "battles"), lambda: b.desk.rename("x"),
        lambda: b.tap("deck-add", "", {}), lambda: b.tap("deck-save", deck_id, {})]
    for edit in edits:
        b.route(f"#/deck/{deck_id}/0")
        edit()
        assert PREFIX + deck_id not in kv.data
    assert "deleted in another tab" in b.banner.message or "no longer kept" in b.banner.message


def test_the_editor_hears_another_tabs_change_and_delete() -> None:
    _, b, a, deck_id = two_tabs()
    b.route(f"#/deck/{deck_id}/0")
    b.shown("decks")
    a.desk.field(0, "main.1", "battles")
    out = b.storage_changed(PREFIX + deck_id)
    assert out.redraw and b.banner.kind == "info"
    b.route(f"#/deck/{deck_id}/0")
    assert b.desk.deck is not None and b.desk.deck["cards"][0]["main"][0] == "battles"
    a.tap("deck-delete-yes", deck_id, {})
    assert b.storage_changed(PREFIX + deck_id).go == f"#/decks/{GLORY}"


def test_a_deck_kept_before_revisions_reads_as_revision_0_and_is_edited() -> None:
    """The stored layout before issue 21 had no ``rev``: it is read and written on."""
    kv = MemoryKV()
    c = app(kv)
    from automa.app.decks.my_decks import deck_game, new_cards

    glory = deck_game(GLORY)
    assert glory is not None
    kv.data[PREFIX + "old1"] = json.dumps({"game": GLORY, "name": "Old",
                                           "cards": new_cards(glory, "companion")})
    c.route("#/deck/old1/0")
    assert c.desk.deck is not None and c.desk.deck["rev"] == 0
    c.desk.field(0, "main.1", "battles")
    assert json.loads(kv.data[PREFIX + "old1"])["rev"] == 1 and not c.banner.message


# --- issue 45, item 8: a tap whose handler fails -------------------------------------------
@pytest.mark.parametrize("lang", ["en", "uk"])
def test_a_tap_whose_handler_fails_says_so_and_offers_undo_and_home(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A tap whose handler raises (a state no check foresaw: the attack's Glory rows, whose
    "no" once did nothing in the page) is never silent: the play screen says what happened
    in the player's language, the game is as before the tap, and Undo and Home are beside
    the message."""
    from automa.app import taps

    kv = MemoryKV()
    c = app(kv, lang)
    c.shown(c.route(started(c).go or "").name)
    play_a_little(c)
    assert c.session is not None
    before = c.session.to_json()

    def broken(*_: object) -> Outcome:
        raise ValueError("list.remove(x): x not in list")

    monkeypatch.setitem(taps.ACTIONS, "answer", broken)
    out = c.tap("answer", None, some_answer(c))
    assert out.show is not None and out.show.name == "play"
    banner, _ = c.chrome()
    assert "ValueError" in banner and c.banner.message == render(
        "web.error.tap_failed", {"detail": "ValueError"}, lang)
    assert 'data-act="undo"' in banner and 'href="#/"' in banner
    assert c.session.to_json() == before
    monkeypatch.undo()
    assert c.tap("undo", None, {}).changed  # the way out works
