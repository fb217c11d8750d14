"""Records: every finished game is recorded (apart from its save), read back as hostile text,
shown on the end screen and the records screen, and carried through export and import
without duplicates — driven through the controller in CPython, storage a dictionary."""

from __future__ import annotations

import itertools
import json
from dataclasses import replace
from functools import cache
from typing import Any

import pytest

import automa
from automa.app import game_records as rec
from automa.app import present
from automa.app.answers import PageForm
from automa.app.controller import Controller
from automa.app.outcome import Outcome
from automa.app.record_present import Words4Records
from automa.app.saves import SAVE_PREFIX
from automa.app.storage import StorageError, StorageFull
from automa.core.session import Session
from tests.app.test_saves import Clock, MemoryKV
from tests.conformance import playout

CIV = "civ_new_dawn"
GAMES = ("tapestry", "age_of_innovation", "glory_of_civilizations", CIV)


def app(kv: MemoryKV | None = None, lang: str = "en") -> Controller:
    return Controller(kv or MemoryKV(), Clock(), lang, lambda ms: f"t{int(ms)}")


@cache
def finished_text(game: str, seed: int, options: tuple[tuple[str, object], ...] = ()) -> str:
    """A finished game's save (random answers, no procedures)."""
    return playout(game, seed, options=dict(options) or None, check=False,
                   procedure_rate=10**9).to_json()


def finished(game: str, seed: int = 3, **options: object) -> Session:
    return automa.load_game(finished_text(game, seed, tuple(sorted(options.items()))))


def first_answer(c: Controller) -> PageForm:
    """A form giving the first (or lowest) answer to the question on screen."""
    p = c.session.prompt if c.session else None
    assert p is not None
    if p.kind in ("confirm", "yes_no", "scan"):
        return {"json": "true"}
    if p.kind == "count":
        return {"count": str((p.bounds or (min(p.choices), 0))[0])}
    if p.kind == "pick_subset":
        return {"checked": list(range((p.bounds or (0, 0))[0]))}
    if p.kind == "values":
        return {"values": [0] * len(p.choices)}
    return {"pick": 0}


def civ_to_the_end(c: Controller, winner: str = "human") -> Outcome:
    """Play a Civilization game in the app until someone is said to have won."""
    out = Outcome()
    for _ in range(200):
        s = c.session
        assert s is not None
        if s.finished:
            return out
        p = s.prompt
        assert p is not None
        if p.key.endswith("prompt.ready"):
            out = c.tap("answer", None, {"pick": p.choices.index("game_over")})
        elif p.key.endswith("prompt.who_won"):
            out = c.tap("answer", None, {"pick": p.choices.index(winner)})
        else:
            out = c.tap("answer", None, first_answer(c))
    raise AssertionError("no end")


def started(c: Controller, game: str = CIV, **options: int) -> str:
    out = c.tap("start", game, {"options": options, "seed": "5"})
    assert out.go is not None
    c.route(out.go)
    return out.go


def imported_finished(game: str = "tapestry") -> tuple[MemoryKV, Controller, rec.Record]:
    """The app after importing a finished game, and the record its import made."""
    kv = MemoryKV()
    c = app(kv)
    c.imported("t.json", finished_text(game, 3), None)
    [kept] = stored_records(kv)
    return kv, c, kept


def stored_records(kv: MemoryKV) -> list[rec.Record]:
    return [rec.parse(v) for k, v in kv.data.items() if k.startswith(rec.RECORD_PREFIX)]


# --- what a record holds -------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_a_finished_game_becomes_a_record_with_the_bots_score_by_source_and_per_round(
        game: str) -> None:
    s = finished(game)
    record = rec.of_session(s, "save-1", 5.0)
    assert record is not None
    final = s.final_score()
    assert final is not None and record.bot_total == final["total"]
    assert record.bot_sources == final["sources"]
    several = record.options.get("automas", 1) != 1  # each bot's score by name
    assert (max(record.bot_sources.values()) if several
            else sum(record.bot_sources.values())) in (0, record.bot_total)
    assert record.by_round and record.by_round[-1] is not None
    assert record.rounds >= 1 and record.humans >= 1 and record.players == [None] * record.humans
    assert "difficulty" in record.options
    assert rec.parse(record.text()) == record  # stored and read back unchanged


def test_the_bots_score_per_round_is_its_score_when_each_round_ended() -> None:
    """Age of Innovation: six rounds; her points at the end of round 6 come before the final
    scoring, which the total adds."""
    s = finished("age_of_innovation")
    by_round = s.score_by_round()
    final = s.final_score()
    assert final is not None and len(by_round) == 6
    assert by_round[-1] == final["sources"]["game"] <= final["total"]
    assert all(a is not None and b is not None and a <= b
               for a, b in itertools.pairwise(by_round))


def test_a_game_that_is_not_over_has_no_record() -> None:
    s = automa.new_game("tapestry", {}, seed=1)
    assert s.final_score() is None and rec.of_session(s, "", 0.0) is None


def test_the_strength_kept_is_the_one_played_a_leader_drawn_at_random_by_name() -> None:
    s = finished(CIV, leader="random")
    record = rec.of_session(s, "", 0.0)
    assert record is not None and record.options["leader"] != "random"
    assert record.options["leader"] == s.state["data"]["leader"]


def test_two_humans_in_the_age_of_innovation_variant_two_scores_asked() -> None:
    record = rec.of_session(finished("age_of_innovation", variant="two_players"), "", 0.0)
    assert record is not None and record.humans == 2 and record.players == [None, None]


# --- who won -------------------------------------------------------------------------------
def record(**fields: object) -> rec.Record:
    base = rec.Record(id="g-1", game="tapestry", finished=1.0, updated=1.0,
                      options={"difficulty": 3}, humans=1, rounds=5, bot_total=70,
                      bot_sources={}, by_round=[], players=[None])
    return replace(base, **fields)  # type: ignore[arg-type]


@pytest.mark.parametrize(("fields", "result"), [
    ({"players": [80]}, "won"), ({"players": [60]}, "lost"), ({"players": [70]}, "draw"),
    ({}, ""), ({"winner": "bot", "players": [90]}, "lost"), ({"winner": "human"}, "won"),
    ({"winner": "human", "humans": 2, "players": [1, 2]}, ""),
    ({"winner": "human", "humans": 2, "players": [1, 2], "answer": "other"}, "lost"),
    ({"ask": True, "players": [99]}, ""), ({"ask": True, "answer": "you"}, "won"),
    ({"ask": True, "answer": "bot", "players": [99]}, "lost"),
])
def test_the_result_is_the_players_word_else_the_games_else_the_points(
        fields: dict[str, object], result: str) -> None:
    assert record(**fields).result == result


def test_scores_entered_are_whole_numbers_in_range_and_an_empty_one_is_left_out() -> None:
    r = record(humans=2, players=[None, None])
    assert rec.entered(r, ["85", ""], "", 999, 2.0).players == [85, None]
    for bad in ("-1", "1000", "8.5", "½", "８５", "1e3"):
        with pytest.raises(rec.RecordError):
            rec.entered(r, [bad], "", 999, 2.0)


def test_who_won_is_kept_only_where_the_game_asks_it() -> None:
    assert rec.entered(record(), ["1"], "bot", 999, 2.0).answer == ""
    assert rec.entered(record(ask=True), [""], "bot", 999, 2.0).answer == "bot"
    assert rec.entered(record(ask=True), [""], "other", 999, 2.0).answer == ""  # alone


# --- the end screen ------------------------------------------------------------------------
def test_the_end_screen_shows_the_bots_score_and_asks_yours_the_moment_the_game_ends() -> None:
    kv = MemoryKV()
    c = app(kv)
    hash_ = started(c)
    civ_to_the_end(c, "ap")
    [kept] = stored_records(kv)  # recorded the moment it ended, before any score
    assert kept.winner == "bot" and kept.you is None
    body = c.route(hash_).body
    assert 'id="end"' in body and "AP: 3 of 3 victory cards" in body
    assert 'data-score="0"' in body and 'name="winner"' not in body  # the game knows who won
    assert "You lost" in body


def test_entering_your_score_on_the_end_screen_completes_the_record() -> None:
    kv, c, kept = imported_finished()  # a finished game opens at its end screen
    assert 'data-act="record-save"' in c.route(f"#/play/{c.slot.save_id}").body
    out = c.tap("record-save", kept.id, {"scores": [str(kept.bot_total + 12)]})
    assert out.redraw and c.banner.kind == "info" and "You won" in c.banner.message
    [entered] = stored_records(kv)
    assert entered.you == kept.bot_total + 12 and entered.margin == 12


def test_a_wrong_score_is_said_and_nothing_is_changed() -> None:
    kv, c, kept = imported_finished()
    c.tap("record-save", kept.id, {"scores": ["lots"]})
    assert c.banner.kind == "error" and "whole number" in c.banner.message
    assert stored_records(kv) == [kept]


def test_a_game_ended_by_instant_achievements_asks_who_won() -> None:
    """Glory of Civilizations: an instant victory (complexity 4) is not decided by Glory."""
    s = finished("glory_of_civilizations", players=2)
    final = s.final_score()
    assert final is not None and final["ask_winner"]  # (this playout ends by one)
    kv = MemoryKV()
    c = app(kv)
    c.imported("g.json", s.to_json(), None)
    body = c.route(f"#/play/{c.slot.save_id}").body
    assert body.count('name="winner"') == 2  # you, the automa (one human)
    [kept] = stored_records(kv)
    c.tap("record-save", kept.id, {"scores": [""], "winner": "you"})
    assert stored_records(kv)[0].result == "won"


def test_undo_after_the_end_and_a_new_end_update_the_same_record() -> None:
    """A record follows its game's end: undone with it (no phantom record of a game that
    goes on, review 2026-11-28 problem 2), and back, with the score entered, at its new end."""
    kv = MemoryKV()
    c = app(kv)
    started(c)
    civ_to_the_end(c, "ap")
    [first] = stored_records(kv)
    c.tap("record-save", first.id, {"scores": ["2"]})
    for _ in range(3):
        c.tap("undo", None, {})
    assert stored_records(kv) == []  # the game goes on: it counts nowhere
    civ_to_the_end(c, "human")
    c.route(f"#/play/{c.slot.save_id}")
    [again] = stored_records(kv)
    assert again.id == first.id and again.winner == "human" and again.you == 2


# --- storage: separate, hostile, full, throwing --------------------------------------------
def test_deleting_a_saved_game_keeps_its_record() -> None:
    kv, c, _ = imported_finished()
    save_id = c.slot.save_id
    c.tap("delete-yes", save_id, {})
    assert not any(k.startswith(SAVE_PREFIX) for k in kv.data)
    assert len(stored_records(kv)) == 1
    assert "Tapestry" in c.route("#/records").body


HOSTILE = {
    "not-json": "{", "array": "[]", "huge": "x" * 30_000, "nan": '{"v":1,"finished":NaN}',
    "newer": json.dumps({"v": 99, "id": "newer"}), "v-bool": json.dumps({"v": True}),
    "deep": "[" * 15_000,  # would overflow the browser's stack if parsed
}


def hostile_records() -> dict[str, str]:
    good = record(players=[80]).to_json()
    cases = dict(HOSTILE)
    changes: dict[str, dict[str, Any]] = {
        "script-game": {"game": "<script>alert(1)</script>"},
        "script-option": {"options": {"difficulty": "<img src=x onerror=alert(1)>"}},
        "script-source": {"bot": {"total": 1, "sources": {"<b>": 1}, "by_round": []}},
        "bool-score": {"players": [True]}, "float-score": {"players": [1.5]},
        "huge-score": {"players": [10**12]}, "many-players": {"players": [1] * 20},
        "no-humans": {"humans": 0}, "bad-time": {"finished": -5},
        "winner": {"winner": "<i>me</i>"}, "other-id": {"id": "someone-else"},
    }
    for name, change in changes.items():
        cases[name] = json.dumps({**good, **change, "id": change.get("id", name)})
    return cases


@pytest.mark.parametrize("name", sorted(hostile_records()))
def test_a_hostile_stored_record_is_shown_as_an_error_never_written_into_the_page(
        name: str) -> None:
    kv = MemoryKV()
    kv.data[rec.RECORD_PREFIX + name] = hostile_records()[name]
    kv.data[rec.RECORD_PREFIX + "g-1"] = record(players=[80]).text()
    c = app(kv)
    body = c.route("#/records").body
    assert "<script>" not in body and "<img" not in body and "<i>me" not in body
    assert "<b>" not in body and "onerror" not in body
    assert "Records that could not be read" in body and f"“{name}”" in body
    assert "Tapestry" in body  # the good record is still counted
    assert rec.RecordStore(kv, Clock()).get(name) is None
    assert c.route(f"#/record/{name}").name == "records"  # a broken record does not open


def test_a_record_of_a_newer_version_is_left_as_it_is() -> None:
    kv = MemoryKV()
    kv.data[rec.RECORD_PREFIX + "newer"] = HOSTILE["newer"]
    c = app(kv)
    assert "newer version of the app" in c.route("#/records").body
    assert kv.data[rec.RECORD_PREFIX + "newer"] == HOSTILE["newer"]


def test_records_carry_a_version_and_older_ones_go_through_the_migrations(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The migration entry point: a version-1 record read by a (pretend) version 2."""
    stored = record(players=[80]).to_json()
    assert stored["v"] == rec.RECORD_VERSION == 1
    monkeypatch.setattr(rec, "RECORD_VERSION", 2)
    monkeypatch.setitem(rec.MIGRATIONS, 1, lambda d: {**d, "v": 2, "rounds": d["rounds"] + 1})
    assert rec.from_json(stored).rounds == 6


class RecordsFull(MemoryKV):
    """A storage with room for the game but none for its record."""

    def set(self, key: str, value: str) -> None:
        if key.startswith(rec.RECORD_PREFIX):
            raise StorageFull(detail="QuotaExceededError")
        super().set(key, value)


def test_a_full_storage_says_the_record_was_not_kept_and_the_end_screen_still_shows() -> None:
    kv = RecordsFull()
    c = app(kv)
    started(c)
    civ_to_the_end(c, "ap")
    body = c.route(f"#/play/{c.slot.save_id}").body
    assert "storage is full" in c.banner.message and "record could not be kept" in c.banner.message
    assert "AP: 3 of 3 victory cards" in body and 'data-act="record-save"' in body
    assert not stored_records(kv)
    assert any(k.startswith(SAVE_PREFIX) for k in kv.data)  # the game itself is saved


class ThrowingKV(MemoryKV):
    """A storage that throws on every call (private mode, storage switched off)."""

    def get(self, key: str) -> str | None:
        raise StorageError(detail="SecurityError")

    def keys(self) -> list[str]:
        raise StorageError(detail="SecurityError")

    def set(self, key: str, value: str) -> None:
        raise StorageError(detail="SecurityError")


def test_a_storage_that_throws_shows_no_records_and_says_why() -> None:
    store = rec.RecordStore(ThrowingKV(), Clock())
    shelf = store.shelf()
    assert shelf.unavailable == "SecurityError" and not shelf.records
    assert store.get("g-1") is None and store.for_save("s") is None
    with pytest.raises(rec.RecordsNotKept):
        store.keep(finished("tapestry"), "s")


# --- export and import ---------------------------------------------------------------------
def test_export_delete_import_of_a_save_brings_its_record_back_once() -> None:
    kv, c, kept = imported_finished()
    c.tap("record-save", kept.id, {"scores": ["101"]})
    save_id = c.slot.save_id
    out = c.tap("export", save_id, {})
    assert out.download is not None
    name, text = out.download
    assert json.loads(text)["records"][0]["players"] == [101]
    c.tap("delete-yes", save_id, {})
    for _ in range(2):  # imported twice: still one record
        c.imported(name, text, None)
    [back] = stored_records(kv)
    assert back.id == kept.id and back.you == 101 and back.save == c.slot.save_id
    c.route(f"#/play/{c.slot.save_id}")  # its end screen finds it: no second record
    assert len(stored_records(kv)) == 1


def test_a_records_file_brings_deleted_records_back_and_a_second_import_adds_nothing() -> None:
    kv = MemoryKV()
    c = app(kv)
    for seed in (3, 4):
        c.imported("t.json", finished_text("tapestry", seed), None)
    before = sorted(stored_records(kv), key=lambda r: r.id)
    out = c.tap("record-export", "", {})
    assert out.download is not None
    name, text = out.download
    for r in before:
        c.tap("record-delete-yes", r.id, {})
    assert not stored_records(kv)
    c.shown("records")
    c.imported(name, text, None)
    assert "added or updated: 2" in c.banner.message
    c.imported(name, text, None)
    assert "added or updated: 0" in c.banner.message
    assert sorted(stored_records(kv), key=lambda r: r.id) == before


def test_a_records_file_with_hostile_records_adds_the_good_ones_and_counts_the_rest() -> None:
    good = record(players=[80])
    text = json.dumps({"format": rec.BUNDLE_FORMAT, "version": 1,
                       "records": [good.to_json(), {"v": 1, "id": "<x>"}, "junk"]})
    kv = MemoryKV()
    c = app(kv)
    c.imported("r.json", text, None)
    assert stored_records(kv) == [good] and "could not be read: 2" in c.banner.message


def test_a_deeply_nested_file_is_left_to_the_save_check_never_parsed() -> None:
    assert rec.unpack("[" * 200_000) == rec.Unpacked(False, [], 0)


def test_the_newer_of_two_copies_of_a_record_is_kept() -> None:
    kv = MemoryKV()
    store = rec.RecordStore(kv, Clock())
    old, new = record(players=[1], updated=5.0), record(players=[2], updated=9.0)
    store.put(new)
    assert store.merge([old]) == 0 and store.get("g-1") == new
    store.put(old)
    assert store.merge([new]) == 1 and store.get("g-1") == new


# --- how you did ---------------------------------------------------------------------------
def played(level: int, you: int | None, bot: int = 50, t: float = 1.0) -> rec.Record:
    return record(id=f"g-{t:.0f}", options={"difficulty": level}, players=[you], bot_total=bot,
                  finished=t, by_round=[10, bot])


LADDER = ["1", "2", "3", "4", "5", "6"]


def test_standings_count_played_won_lost_and_the_margins_per_difficulty() -> None:
    games = [played(3, 60), played(3, 40, t=2), played(3, None, t=3), played(2, 55, t=4)]
    two, three = rec.standings(games, "difficulty", LADDER)
    assert (two.level, two.played, two.won) == ("2", 1, 1)
    assert (three.played, three.won, three.lost, three.drawn) == (3, 1, 1, 0)
    assert three.best_margin == 10 and three.average_margin == 0 and three.bot_average == 50


@pytest.mark.parametrize(("last_two", "move", "level"), [
    ([60, 70], "up", "4"), ([40, 30], "down", "2"), ([60, 40], "stay", "3"),
    ([60, None], "stay", "3")])
def test_two_wins_in_a_row_suggest_a_level_up_two_losses_a_level_down(
        last_two: list[int | None], move: str, level: str) -> None:
    """Our own rule, as the guides state it."""
    games = [played(3, last_two[0], t=9), played(3, last_two[1], t=8), played(1, 0, t=1)]
    s = rec.suggest(games, "difficulty", LADDER)
    assert s is not None and (s.move, s.level, s.played) == (move, level, "3")


def test_no_level_beyond_the_ladder_is_suggested() -> None:
    top = rec.suggest([played(6, 90, t=2), played(6, 90, t=1)], "difficulty", LADDER)
    assert top is not None and top.move == "stay" and top.level == "6"


def test_the_bots_average_per_round_counts_only_the_games_that_know_the_round() -> None:
    a, b = record(by_round=[10, 20, 30]), record(by_round=[None, 40])
    assert rec.average_by_round([a, b]) == [10, 30, 30]


def test_the_records_screen_shows_each_game_with_its_charts_and_tables_in_both_languages(
) -> None:
    kv = MemoryKV()
    for i, you in enumerate((60, 70, 30)):
        r = played(3, you, t=float(i + 1))
        kv.data[rec.RECORD_PREFIX + r.id] = r.text()
    for lang, words in (("en", ("Records", "Show as a table", "Next:")),
                        ("uk", ("Результати", "Показати таблицею", "Далі:"))):
        body = app(kv, lang).route("#/records/tapestry").body
        assert all(w in body for w in words), lang
        assert body.count("<svg class=\"chart\"") == 2 and body.count("<table") == 2
        assert body.count('data-act="record-delete"') == 3


@pytest.mark.parametrize("game", GAMES)
def test_every_game_names_its_score_rounds_and_sources_in_both_languages(game: str) -> None:
    from automa.core.i18n import has_message

    spec = next(g for g in automa.games() if g["id"] == game)["scoring"]
    keys = [spec["unit"], spec["round_label"], spec["you"], *spec["sources"].values()]
    assert all(has_message(k, lang) for k in keys for lang in ("en", "uk")), keys
    options = {o["id"] for o in next(g for g in automa.games() if g["id"] == game)["options"]}
    assert set(spec["strength"]) <= options and spec["strength"][0] == "difficulty"


def test_in_a_storage_that_throws_the_game_is_recorded_in_the_tabs_memory() -> None:
    """Private mode: the app plays on in memory (its notice says so); the record of a game
    finished there is shown and can be exported."""
    c = app(ThrowingKV())
    started(c)
    civ_to_the_end(c, "ap")
    assert 'id="end"' in c.route(f"#/play/{c.slot.save_id}").body
    assert "Civilization" in c.route("#/records").body
    out = c.tap("record-export", "", {})
    assert out.download is not None and len(json.loads(out.download[1])["records"]) == 1


def test_a_score_saved_without_the_winner_asks_for_the_winner_not_the_score() -> None:
    """At the table (review 2026-11-28, problem 11): a Glory game ended at once, a score
    typed, no winner picked: the banner said "enter your score". It asks who won."""
    s = finished("glory_of_civilizations", players=2)
    kv = MemoryKV()
    c = app(kv)
    c.imported("g.json", s.to_json(), None)
    c.route(f"#/play/{c.slot.save_id}")
    [kept] = stored_records(kv)
    c.tap("record-save", kept.id, {"scores": ["9"], "winner": ""})
    assert "Who won?" in c.banner.message and "enter your score" not in c.banner.message


# --- two automas: each by name ---------------------------------------------------------------
def two_automa_record(**changes: Any) -> rec.Record:
    """A Glory game of 3 players, 2 of them automas, ended at once by instant achievements."""
    return replace(rec.Record(
        id="g-2", game="glory_of_civilizations", finished=1.0, updated=1.0,
        options={"difficulty": "medium", "automas": 2}, humans=1, rounds=3, bot_total=9,
        bot_sources={"automa1": 6, "automa2": 9}, by_round=[2, 6, 9], players=[None],
        ask=True), **changes)


@pytest.mark.parametrize(("lang", "bot", "names"), [
    ("en", "Automa 1: 6 Glory · Automa 2: 9 Glory", ["You", "Automa 1", "Automa 2"]),
    ("uk", "Автома 1: {6} · Автома 2: {9}", ["Ви", "Автома 1", "Автома 2"]),
])
def test_the_two_automa_end_screen_names_each_automas_glory_and_each_as_a_winner(
        lang: str, bot: str, names: list[str]) -> None:
    """With two automas the end screen says each automa's Glory by name (not one "Automa:
    9 Glory"), and "Who won?" offers each automa; the one picked is a loss for you."""
    words = Words4Records({g["id"]: g for g in automa.games()}, present.Words(lang))
    end = words.end(two_automa_record(), str)
    glory = {n: words.score("glory_of_civilizations", n) for n in (6, 9)}
    assert end["bot"] == bot.replace("{6}", glory[6]).replace("{9}", glory[9])
    assert end["sources"] == []
    assert [a["label"] for a in end["answers"]] == names
    assert [a["value"] for a in end["answers"]] == ["you", "bot1", "bot2"]
    said = rec.entered(two_automa_record(), ["7"], "bot2", 200, 2.0)
    assert said.answer == "bot2" and said.result == "lost"
    assert rec.parse(said.text()) == said
    assert [a["chosen"] for a in words.end(said, str)["answers"]] == [False, False, True]


def test_one_automa_end_screen_keeps_one_automa_line_and_answer() -> None:
    words = Words4Records({g["id"]: g for g in automa.games()}, present.Words("en"))
    end = words.end(two_automa_record(options={"difficulty": "medium"}, bot_sources={}), str)
    assert end["bot"] == "Automa: 9 Glory"
    assert [(a["value"], a["label"]) for a in end["answers"]] == [("you", "You"),
                                                                   ("bot", "Automa")]
