"""Sharing a game's set-up and reading aloud, as the page sees them (CPython, a dictionary
for storage): the share screen, a shared link opened, the speech setting."""

from __future__ import annotations

import json

import pytest

import automa
from automa.app import share
from automa.app.controller import Controller
from automa.app.saves import SAVE_PREFIX
from automa.core.i18n import render
from tests.app.test_controller import some_answer, started
from tests.app.test_saves import Clock, MemoryKV

ADDRESS = "https://example.org/automa-companion/#/play/x"


def app(kv: MemoryKV | None = None, lang: str = "en") -> Controller:
    return Controller(kv or MemoryKV(), Clock(), lang, lambda ms: f"t{int(ms)}",
                      address=ADDRESS)


def saves(kv: MemoryKV) -> dict[str, str]:
    return {k: v for k, v in kv.data.items() if k.startswith(SAVE_PREFIX)}


def test_the_share_screen_holds_the_link_its_qr_code_and_no_answer() -> None:
    c = app()
    started(c, seed="77")
    c.tap("answer", None, some_answer(c))
    screen = c.route("#/share")
    assert screen.name == "share"
    assert screen.body.count("<svg") == 1 and 'data-act="share-copy"' in screen.body
    link = screen.body.split('value="', 1)[1].split('"', 1)[0]
    assert link.startswith("https://example.org/automa-companion/#/join/")
    shared = share.read_code(link.rsplit("/", 1)[1])
    assert shared.seed == 77 and shared.game == "tapestry"


def test_a_shared_link_asks_first_then_starts_a_new_game_beside_the_others() -> None:
    kv = MemoryKV()
    c = app(kv)
    started(c, seed="5")
    c.tap("answer", None, some_answer(c))
    before = saves(kv)
    code = share.code_of(c.session) if c.session else ""
    friend = app(kv)
    screen = friend.route(f"#/join/{code}")
    assert screen.name == "join" and 'data-act="share-start"' in screen.body
    assert saves(kv) == before  # opening the link starts nothing
    out = friend.tap("share-start", code, {})
    assert out.go is not None and out.go.startswith("#/play/")
    after = saves(kv)
    assert len(after) == len(before) + 1
    assert all(after[k] == v for k, v in before.items())  # no saved game written over
    assert friend.session is not None and friend.session.seed == 5
    assert not friend.session.can_undo


def test_a_tampered_link_is_refused_with_a_message_and_changes_nothing() -> None:
    kv = MemoryKV()
    c = app(kv)
    started(c)
    code = share.code_of(c.session) if c.session else ""
    before = dict(kv.data)
    tampered = code[:10] + ("x" if code[10] != "x" else "y") + code[11:]
    screen = c.route(f"#/join/{tampered}")
    assert screen.name == "home" and "damaged" in c.banner.message
    assert c.tap("share-start", tampered, {}).go == "#/"
    assert {k: v for k, v in kv.data.items() if k.startswith(SAVE_PREFIX)} == {
        k: v for k, v in before.items() if k.startswith(SAVE_PREFIX)}


def test_reading_aloud_is_off_by_default_reads_what_is_new_once_in_the_language_chosen(
        ) -> None:
    c = app(lang="uk")
    go = started(c, "civ_new_dawn").go or ""
    assert c.play_screen().speak is None
    c.change_setting("speech", "on")
    c.change_setting("rate", "1.25")
    words = c.route(go).speak  # a new game's first checklist, as it appears
    assert words is not None and words[1:] == ["uk", "1.25"] and "а-ге" in words[0]
    assert c.play_screen().speak is None  # read once (issue 44.1)
    c.change_setting("speech", "other")
    other = c.route(started(c, "civ_new_dawn").go or "").speak
    assert other is not None and other[1] == "en" and "A.P." in other[0]
    assert json.loads(json.dumps(other)) == other


def test_a_set_up_question_is_never_read_unasked() -> None:
    """Issue 44.2: after a game whose turn was read, a new Age of Innovation's "Done" read
    "Choose your faction…" aloud."""
    c = app()
    c.change_setting("speech", "on")
    assert c.route(started(c, "civ_new_dawn").go or "").speak is not None
    assert c.route(started(c, "age_of_innovation").go or "").speak is None
    for _ in range(3):
        out = c.tap("answer", None, some_answer(c))
        assert out.played and c.play_screen(first_only=True).speak is None


def test_the_read_aloud_button_speaks_even_with_the_setting_off() -> None:
    c = app()
    started(c)
    out = c.tap("speak", None, {})
    assert out.calls and out.calls[0][0] == "say" and out.calls[0][1][1] == "en"


def test_the_settings_say_which_voice_reads_and_keep_older_settings() -> None:
    kv = MemoryKV()
    c = app(kv)
    screen = c.settings_screen()
    assert 'id="voice-state"' in screen.body and 'data-setting="speech"' in screen.body
    c.change_setting("speech", "other")
    assert 'data-lang="uk"' in c.settings_screen().body
    c.change_setting("rate", "9")  # not offered: ignored
    assert c.settings["rate"] == 1.0


@pytest.mark.parametrize("hash_", ["#/join", "#/join/", "#/join//"])
@pytest.mark.parametrize("lang", ["en", "uk"])
def test_a_join_link_with_nothing_says_so_and_goes_home(hash_: str, lang: str) -> None:
    """Issue 45, item 2: a link cut off after ``#/join`` is no silent Home."""
    kv = MemoryKV()
    c = app(kv, lang=lang)
    assert c.route(hash_).name == "home"
    assert c.banner.message == render("error.share.empty", {}, lang)
    assert not saves(kv)


def test_a_join_link_with_a_path_after_its_code_is_refused() -> None:
    c = app()
    code = share.code_of(automa.new_game("tapestry", {}, seed=3))
    assert c.route(f"#/join/{code}").name == "join"
    assert c.route(f"#/join/{code}/more").name == "home"
    assert c.banner.message == render("error.share.damaged", {}, "en")


def test_the_join_screen_shows_the_rule_readings_the_link_carries() -> None:
    """Issue 45, item 3: the readings (advanced options) a link sets apart from the
    defaults, each named as the new-game form names it; else a line saying none are."""
    c = app()
    plain = c.route("#/join/" + share.code_of(automa.new_game("civ_new_dawn", {}, seed=3)))
    assert render("web.share.readings_default", {}, "en") in plain.body
    read = automa.new_game("civ_new_dawn", {"combat_tie": "attacker"}, seed=3)
    screen = c.route("#/join/" + share.code_of(read))
    tie = render("civ_new_dawn.option.combat_tie", {}, "en")
    attacker = render("civ_new_dawn.option.combat_tie.attacker", {}, "en")
    assert render("web.share.readings", {}, "en") in screen.body
    assert f"{tie}: {attacker}" in screen.body
