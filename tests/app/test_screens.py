"""Each game's last play screen kept beside its save (for the loading shell to paint before the
engine starts), and the one tap the shell kept meanwhile: driven in CPython."""

from __future__ import annotations

import json
import random
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

import automa
from automa.app import present
from automa.app.answers import PageForm
from automa.app.controller import Controller
from automa.app.saves import SAVE_PREFIX
from automa.app.screens import (
    MAX_SCREENS,
    SCREEN_ATTRS,
    SCREEN_CLASSES,
    SCREEN_HREF,
    SCREEN_PREFIX,
    SCREEN_TAGS,
    SCREEN_VERSION,
    read_screen,
)
from automa.app.storage import StorageFull
from tests.app.test_controller import app, started
from tests.app.test_saves import MemoryKV

ROOT = Path(__file__).resolve().parents[2]
GAMES = [g["id"] for g in automa.games()]


class SmallKV(MemoryKV):
    """A storage with room for ``room`` characters, as a browser's is."""

    def __init__(self, room: int) -> None:
        super().__init__()
        self.room = room

    def set(self, key: str, value: str) -> None:
        used = sum(len(k) + len(v) for k, v in self.data.items() if k != key)
        if used + len(key) + len(value) > self.room:
            raise StorageFull(detail="QuotaExceededError")
        super().set(key, value)


def some_answer(c: Controller, x: float = 0.0) -> PageForm:
    """A form that answers the question on screen, whatever its kind (``x`` in [0, 1) picks
    among the choices)."""
    assert c.session is not None
    q = present.question(c.session, c.w)
    if q["one_tap"]:
        return {"json": q["one_tap"][int(x * len(q["one_tap"]))][1]}
    if q["kind"] == "pick_one":
        return {"pick": int(x * len(q["choices"]))}
    if q["kind"] == "count":
        return {"count": str(q["lo"] if q["value"] is None else q["value"])}
    if q["kind"] == "pick_subset":
        return {"checked": list(range(q["lo"]))}
    return {"values": q["chosen"]}


def playing(c: Controller, game: str = "tapestry", seed: str = "7") -> str:
    """A new game on screen (as the page opens it); its save id."""
    c.route(started(c, game, seed).go or "")
    return c.slot.save_id


def answered(c: Controller) -> None:
    """Answer the question on screen, redraw and save, as the page does after a tap."""
    out = c.tap("answer", None, some_answer(c))
    assert out.played and out.changed, c.banner.message
    c.play_screen()
    c.autosave()


def to_one_tap(c: Controller) -> None:
    """Answer until the question on screen is answered by one tap (yes/no, done)."""
    for _ in range(40):
        assert c.session is not None
        if present.question(c.session, c.w)["one_tap"]:
            return
        answered(c)
    raise AssertionError("no one-tap question came")


def kept_tap(c: Controller, **change: object) -> dict[str, object]:
    """The tap the shell keeps when the first one-tap answer of the screen is tapped."""
    assert c.session is not None and c.session.prompt is not None
    value = present.question(c.session, c.w)["one_tap"][0][1]
    return {"save": c.slot.save_id, "rev": c.slot.rev, "key": c.session.prompt.key,
            "act": "answer", "arg": None, "json": value, **change}


def test_the_screen_on_the_page_is_kept_with_the_revision_of_its_save() -> None:
    kv = MemoryKV()
    c = app(kv)
    save_id = playing(c)
    answered(c)
    stored = c.screens.get(save_id)
    assert stored is not None
    assert (stored.rev, stored.game, stored.lang) == (c.slot.rev, "tapestry", "en")
    assert stored.markup == str(c.play_screen().body)
    header = json.loads(kv.data[SCREEN_PREFIX + save_id].split("\n", 1)[0])
    assert header["v"] == SCREEN_VERSION


def test_a_game_opened_without_a_change_keeps_its_screen() -> None:
    kv = MemoryKV()
    c = app(kv)
    save_id = playing(c)
    assert c.screens.get(save_id) is not None
    kv.remove(SCREEN_PREFIX + save_id)
    again = app(kv, "uk")
    again.route(f"#/play/{save_id}")
    stored = again.screens.get(save_id)
    assert stored is not None and stored.lang == "uk" and stored.rev == again.slot.rev


def test_only_the_games_played_last_keep_a_screen_and_a_deleted_game_none() -> None:
    kv = MemoryKV()
    c = app(kv)
    ids = []
    for seed in range(MAX_SCREENS + 2):
        ids.append(playing(c, "tapestry", str(seed)))
        answered(c)
    assert set(c.screens.stored_ids()) == set(ids[-MAX_SCREENS:])
    c.tap("delete-yes", ids[-1], {})
    assert ids[-1] not in c.screens.stored_ids()
    kv.remove(SAVE_PREFIX + ids[-2])  # deleted by another tab: its screen goes on the next write
    other = app(kv)
    other.route(f"#/play/{ids[-3]}")
    answered(other)
    assert ids[-2] not in other.screens.stored_ids()


def test_a_stored_screen_never_costs_a_save() -> None:
    """The screens make way: a save that does not fit beside them is written without them."""
    probe = MemoryKV()
    c = app(probe)
    playing(c)
    answered(c)
    game = sum(len(k) + len(v) for k, v in probe.data.items() if not k.startswith(SCREEN_PREFIX))
    kv = SmallKV(room=int(game * 2.6))  # room for two games, not for their screens too
    c = app(kv)
    first = playing(c, seed="1")
    answered(c)
    assert c.screens.get(first) is not None
    playing(c, seed="2")
    for _ in range(3):
        answered(c)
        assert not c.banner.message, c.banner.message
    assert c.slot.rev is not None and c.slot.rev >= 4


@pytest.mark.parametrize("raw", [
    None, "", "<div class=play></div>", "\n<div></div>", '{"v": 2, "rev": 1, "game": "tapestry", '
    '"lang": "en", "written": 1}\n<div></div>', '{"v": 1, "rev": "1", "game": "tapestry", '
    '"lang": "en", "written": 1}\n<div></div>', '{"v": 1, "rev": true, "game": "t", "lang": "en", '
    '"written": 1}\nx', '[1]\nx', '{"v": 1, "rev": 1, "game": "t", "lang": "en", "written": 1}\n'
    + "x" * 500_000])
def test_a_stored_screen_not_of_our_format_is_not_read(raw: str | None) -> None:
    assert read_screen(raw) is None


class Markup(HTMLParser):
    """Every tag, attribute, class, link and id of some markup."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: set[str] = set()
        self.attrs: set[str] = set()
        self.classes: set[str] = set()
        self.links: set[str] = set()
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.add(tag)
        for name, value in attrs:
            self.attrs.add(name)
            if name == "class":
                self.classes.update((value or "").split())
            elif name == "href":
                self.links.add(value or "")
            elif name == "id":
                self.ids.add(value or "")

    handle_startendtag = handle_starttag


@pytest.mark.parametrize("game", GAMES)
def test_every_play_screen_of_every_game_passes_the_shells_allowlist(game: str) -> None:
    """A screen the app drew must pass the shell's sanitizer untouched (one that needs
    anything taken out is not shown at all): our tags, attributes, classes, links and ids."""
    css = set(re.findall(r"\.(-?[A-Za-z_][\w-]*)", (ROOT / "web" / "style.css").read_text()))
    found = Markup()
    rnd = random.Random(5)
    for lang in ("en", "uk"):
        c = app(lang=lang)
        playing(c, game, "3")
        for _ in range(40):
            found.feed(str(c.play_screen().body))
            if c.session is None or c.session.prompt is None:
                break
            c.tap("answer", None, some_answer(c, rnd.random()))
    assert found.tags <= set(SCREEN_TAGS), found.tags - set(SCREEN_TAGS)
    assert found.attrs <= set(SCREEN_ATTRS), found.attrs - set(SCREEN_ATTRS)
    assert found.classes <= css | set(SCREEN_CLASSES), found.classes - css - set(SCREEN_CLASSES)
    assert all(SCREEN_HREF.match(link) for link in found.links), found.links
    assert all(re.fullmatch(r"[a-z][a-z0-9_-]{0,60}", i) for i in found.ids), found.ids


def test_an_answer_tapped_on_the_stored_screen_is_given_once_the_engine_is_up() -> None:
    kv = MemoryKV()
    c = app(kv)
    save_id = playing(c)
    to_one_tap(c)
    tap = kept_tap(c)
    actions = len(json.loads(c.session.to_json())["actions"]) if c.session else 0
    again = app(kv)
    again.route(f"#/play/{save_id}")
    again.shown("play")
    out = again.early_tap(json.dumps(tap))
    assert out.played and out.changed and not again.banner.message
    assert again.session is not None
    assert len(json.loads(again.session.to_json())["actions"]) == actions + 1


@pytest.mark.parametrize("change", [
    {"rev": 1}, {"rev": "2"}, {"save": "tapestry-0"}, {"key": "tapestry.q.other"},
    {"act": "delete-yes"}, {"act": "undo"}, {"json": '"anything"'}, {"json": None},
    {"act": "pick", "arg": "0"}, {"act": "pick", "arg": "99"}])
def test_a_kept_tap_that_does_not_answer_the_question_on_screen_is_not_given(
        change: dict[str, object]) -> None:
    """A tap from another revision, another game or question, or not an answer the engine
    offers: nothing changes, and the player is told."""
    kv = MemoryKV()
    c = app(kv)
    save_id = playing(c)
    to_one_tap(c)
    answered(c)
    to_one_tap(c)
    tap = kept_tap(c, **change)
    before = c.session.to_json() if c.session else ""
    again = app(kv)
    again.route(f"#/play/{save_id}")
    again.shown("play")
    out = again.early_tap(json.dumps(tap))
    assert out.redraw and not out.changed
    assert again.banner.message == again.t("web.resume.tap_dropped")
    assert again.session is not None and again.session.to_json() == before


@pytest.mark.parametrize("tap", ["", "null", "x", "[1]", "{}", '{"act": "answer"}', "{" * 50])
def test_a_kept_tap_of_any_other_shape_changes_nothing(tap: str) -> None:
    c = app()
    playing(c)
    c.shown("play")
    before = c.session.to_json() if c.session else ""
    assert not c.early_tap(tap).changed
    assert c.session is not None and c.session.to_json() == before
