"""Tampered, crafted and broken saves: each loads to the honest replay, to a snapshot that
passed every check against the game, or is refused with a typed, translated reason."""

from __future__ import annotations

import contextlib
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import automa
import automa.core.game
from automa.core import session as session_module
from automa.core.errors import UnreadableSave
from automa.core.ranges import bounds
from tests.hostile.hostile_support import (
    DELETE,
    GAMES,
    fields,
    honest_saves,
    load_or_refuse,
    replace,
)
from tests.notes import TALLY

HTML = '<img src=x onerror="alert(1)">'


def deep(levels: int) -> Any:
    value: Any = 0
    for _ in range(levels):
        value = [value]
    return value


HOSTILE_VALUES: list[Any] = [DELETE, None, True, False, 0, -1, 2**64, 10**400, -(10**30),
                             "", HTML, "x" * 3000, [], {}, [HTML], {"key": HTML}, deep(40),
                             "core.log.procedure", 1.5]


def middle(game_id: str) -> dict[str, Any]:
    """A mid-game save (as JSON) of the game, with a few answers and a snapshot."""
    data: dict[str, Any] = json.loads(honest_saves(game_id)[2])
    return data


def shallow_paths(data: dict[str, Any]) -> list[tuple[Any, ...]]:
    """Every envelope field, and every snapshot field down to three levels."""
    out = [p for p in fields(data) if p and ((len(p) <= 2 and p[0] != "snapshot")
                                             or (p[0] == "snapshot" and len(p) <= 4))]
    return [p for p in out if p[0] != "log" or (len(p) == 2 and p[1] % 5 == 0) or len(p) == 1]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_field_of_a_save_mutated(game_id: str) -> None:
    """Wrong types, markup, huge numbers, deep nesting, missing fields — in every field."""
    assert HOSTILE_VALUES[0] is DELETE
    data = middle(game_id)
    for i, path in enumerate(shallow_paths(data)):
        # every field gets the removal, markup and a third of the other values (in turn)
        values = [v for j, v in enumerate(HOSTILE_VALUES)
                  if v is DELETE or v == HTML or (i + j) % 3 == 0]
        for value in values:
            mutated = replace(data, path, value)
            load_or_refuse(json.dumps(mutated), "saves: each field x hostile values")


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pick=st.data())
def test_random_deep_fields_mutated(game_id: str, pick: st.DataObject) -> None:
    """Any field at any depth, in any of the game's saves, replaced by a hostile value."""
    saves = honest_saves(game_id)
    data = json.loads(saves[pick.draw(st.integers(0, len(saves) - 1))])
    paths = fields(data)[1:]
    path = paths[pick.draw(st.integers(0, len(paths) - 1))]
    value = pick.draw(st.sampled_from(HOSTILE_VALUES) | st.integers() | st.text(max_size=8))
    load_or_refuse(json.dumps(replace(data, path, value)), "saves: random field, any depth")


# --- impossible snapshots, refused by name -------------------------------------------

def forced(game_id: str, index: int = 2) -> dict[str, Any]:
    """A save whose replay cannot reach its snapshot, so that the snapshot is what counts."""
    data: dict[str, Any] = json.loads(honest_saves(game_id)[index])
    data["actions"] = data["actions"][:-1] if data["actions"] else [{"answer": "?"}]
    data["redo"] = []
    return data


def refused(data: dict[str, Any], field: str, category: str) -> UnreadableSave:
    TALLY[category] += 1
    with pytest.raises(UnreadableSave) as info:
        automa.load_game(json.dumps(data))
    assert info.value.params.get("field", "").startswith(field), info.value.params
    for lang in ("en", "uk"):
        assert "{" not in info.value.message(lang)
    return info.value


def with_snapshot(data: dict[str, Any], change: Any) -> dict[str, Any]:
    change(data["snapshot"])
    return data


def first_pile_with_cards(snapshot: dict[str, Any]) -> str:
    for name, pile in snapshot["piles"].items():
        if pile["cards"]:
            return str(name)
    pytest.skip("this game keeps no cards in piles")


IMPOSSIBLE: dict[str, tuple[Any, str]] = {
    "doubled card": (lambda s: s["piles"][first_pile_with_cards(s)]["cards"].append(
        s["piles"][first_pile_with_cards(s)]["cards"][0]), "snapshot.piles"),
    "doubled deck": (lambda s: s["piles"][first_pile_with_cards(s)]["cards"].extend(
        list(s["piles"][first_pile_with_cards(s)]["cards"])), "snapshot.piles"),
    "missing card": (lambda s: s["piles"][first_pile_with_cards(s)]["cards"].pop(),
                     "snapshot.piles"),
    "unknown card": (lambda s: s["piles"][first_pile_with_cards(s)]["cards"].__setitem__(
        0, "joker"), "snapshot.piles"),
    "card with markup": (lambda s: s["piles"][first_pile_with_cards(s)]["cards"].__setitem__(
        0, HTML), "snapshot.piles"),
    "unknown pile": (lambda s: s["piles"].__setitem__("hand", {"cards": [], "marks": {}}),
                     "snapshot.piles"),
    "negative turn": (lambda s: s.__setitem__("turn", -1), "snapshot.turn"),
    "huge turn": (lambda s: s.__setitem__("turn", 10**18), "snapshot.turn"),
    "turn as text": (lambda s: s.__setitem__("turn", "3"), "snapshot.turn"),
    "unknown step": (lambda s: s["stack"].append({"step": "teleport", "args": {}}),
                     "snapshot.stack"),
    "step with wrong arguments": (lambda s: s["stack"].append(
        {"step": "core_correct", "args": {"colour": 1}}), "snapshot.stack"),
    "unknown pending step": (lambda s: s["pending"].__setitem__("step", "teleport"),
                             "snapshot.pending"),
    "pending not a step": (lambda s: s.__setitem__("pending", HTML), "snapshot.pending"),
    "bogus prompt kind": (lambda s: s["prompt"].__setitem__("kind", "html"),
                          "snapshot.prompt.kind"),
    "prompt bounds with markup": (lambda s: s["prompt"].__setitem__("bounds", [HTML, 3]),
                                  "snapshot.prompt.bounds"),
    "prompt bounds reversed": (lambda s: s["prompt"].update(kind="count", bounds=[5, 1],
                                                            choices=[]),
                               "snapshot.prompt"),
    "prompt key with markup": (lambda s: s["prompt"].__setitem__("key", HTML),
                               "snapshot.prompt.key"),
    "prompt param with markup": (lambda s: s["prompt"].__setitem__("params", {"x": HTML}),
                                 "snapshot.prompt.params"),
    "prompt label not a message": (lambda s: s["prompt"].__setitem__(
        "labels", [HTML] * len(s["prompt"]["choices"])), "snapshot.prompt.labels"),
    "prompt choices not a list": (lambda s: s["prompt"].__setitem__("choices", "abc"),
                                  "snapshot.prompt.choices"),
    "prompt extra field": (lambda s: s["prompt"].__setitem__("html", HTML), "snapshot.prompt"),
    "no prompt while playing": (lambda s: s.update(prompt=None, pending=None),
                                "snapshot.prompt"),
    "finished with a prompt": (lambda s: s.__setitem__("finished", True), "snapshot.finished"),
    "option not allowed": (lambda s: s["options"].__setitem__(next(iter(s["options"])), HTML),
                           "snapshot.options"),
    "another seed": (lambda s: s.__setitem__("seed", s["seed"] + 1), "snapshot.seed"),
    "generator all zero": (lambda s: s.__setitem__("rng", [0, 0, 0, 0]), "snapshot.rng"),
    "generator too short": (lambda s: s.__setitem__("rng", [1, 2]), "snapshot.rng"),
    "another game": (lambda s: s.__setitem__("game", "chess"), "snapshot.game"),
    "newer game version": (lambda s: s.__setitem__("version", 99), "snapshot.version"),
    "extra field": (lambda s: s.__setitem__("script", HTML), "snapshot.script"),
    "data holds a float": (lambda s: s["data"].__setitem__("x", 0.5), "snapshot.data"),
    "data with markup": (lambda s: s["data"].__setitem__("x", HTML), "snapshot.data"),
    "data of the wrong type": (lambda s: s.__setitem__("data", []), "snapshot.data"),
    "too many open procedures": (lambda s: s["stack"].extend(
        [{"step": "core_reask", "args": {"prompt": None, "pending": None}}] * 5),
        "snapshot.stack"),
}


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("name", sorted(IMPOSSIBLE))
def test_an_impossible_snapshot_is_refused_with_its_reason(game_id: str, name: str) -> None:
    change, field = IMPOSSIBLE[name]
    refused(with_snapshot(forced(game_id), change), field, "saves: impossible snapshots")


@pytest.mark.parametrize("game_id", GAMES)
def test_a_changed_data_value_of_another_type_is_refused(game_id: str) -> None:
    """Every value the game sets up keeps its JSON type (values still unset at the start,
    None, can be checked only as JSON: no floats, no markup, bounded)."""
    data = forced(game_id)
    start = automa.new_game(game_id, data["options"], data["seed"])._state["data"]
    for key, value in data["snapshot"]["data"].items():
        if value is None or start.get(key) is None:
            continue
        other = "text" if not isinstance(value, str) else 7
        refused(with_snapshot(json.loads(json.dumps(data)),
                              lambda s, k=key, o=other: s["data"].__setitem__(k, o)),
                "snapshot.data", "saves: data of the wrong type")


IMPOSSIBLE_NUMBERS = (-1_000_000, 2**53 - 1)
"""A count no box holds, either way (the largest is the biggest number a browser reads
exactly)."""


def counted_paths(game_id: str, data: dict[str, Any]) -> list[tuple[Any, ...]]:
    """Every number in a snapshot's data that the game declares a range for."""
    spec = automa.core.game.find_game(game_id).ranges
    assert spec is not None, f"{game_id} declares no ranges"
    return [p for p in fields(data) if isinstance(_at(data, p), int)
            and not isinstance(_at(data, p), bool) and bounds(spec, p) is not None]


def _at(value: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        value = value[part]
    return value


@pytest.mark.parametrize("game_id", GAMES)
def test_impossible_values_in_a_snapshot_are_refused_by_field_and_reason(game_id: str) -> None:
    """Issue 21, item 3: with the history dropped, the snapshot is what counts — a count of
    −1,000,000 or 2**53 − 1, or a key the game does not know, is refused with the translated
    ``error.save.invalid`` naming the field and the reason (the game's declared ranges)."""
    data = forced(game_id)
    snapshot_data = data["snapshot"]["data"]
    paths = counted_paths(game_id, snapshot_data)
    assert len(paths) >= 3, paths
    for path in paths:
        field = ".".join(["snapshot.data", *map(str, path)])
        for number in IMPOSSIBLE_NUMBERS:
            mutated = json.loads(json.dumps(data))
            replace_in(mutated["snapshot"]["data"], path, number)
            error = refused(mutated, field, "saves: impossible counts")
            assert error.params["field"] == field
            assert error.params["reason"]["key"] == "error.save.reason.out_of_range"
    tables = [(k,) for k, v in snapshot_data.items() if isinstance(v, dict)][:1]
    for where in [(), *tables]:
        mutated = json.loads(json.dumps(data))
        _at(mutated["snapshot"]["data"], where)["surprise"] = 1
        field = ".".join(["snapshot.data", *where, "surprise"])
        error = refused(mutated, field, "saves: unknown data keys")
        assert error.params["reason"]["key"] == "error.save.reason.unknown_field"


def replace_in(data: Any, path: tuple[Any, ...], value: Any) -> None:
    """Set the value at ``path`` inside ``data``."""
    _at(data, path[:-1])[path[-1]] = value


LOG_DAMAGE: dict[str, Any] = {
    "entry with markup": lambda log: log[0]["action"].__setitem__("key", HTML),
    "entry param with markup": lambda log: log[0]["action"].__setitem__("params", {"a": HTML}),
    "entry not a table": lambda log: log.__setitem__(0, HTML),
    "entry without action": lambda log: log[0].pop("action"),
    "entry numbered wrong": lambda log: log[0].__setitem__("i", 5),
    "entry from a later turn": lambda log: log[0].__setitem__("turn", 10**6),
    "entry with an extra field": lambda log: log[0].__setitem__("html", HTML),
    "icon with markup": lambda log: log[0].__setitem__("icon", HTML),
}


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("name", sorted(LOG_DAMAGE))
def test_a_damaged_log_is_refused_with_the_snapshot(game_id: str, name: str) -> None:
    data = forced(game_id, -1)
    assert data["log"], "the finished game has a log"
    LOG_DAMAGE[name](data["log"])
    refused(data, "log", "saves: damaged logs")


@pytest.mark.parametrize("game_id", GAMES)
def test_a_valid_snapshot_of_an_older_engine_is_restored_with_a_warning(game_id: str) -> None:
    """The replay diverges (rules changed), the snapshot passes every check: it is restored,
    without undo history, and the session says so."""
    for index in range(1, len(honest_saves(game_id))):
        data = forced(game_id, index)
        honest = json.loads(honest_saves(game_id)[index])
        loaded = load_or_refuse(json.dumps(data), "saves: valid snapshots of older engines")
        assert loaded is not None and loaded.history_dropped and not loaded.can_undo
        assert loaded._state == honest["snapshot"]
        assert loaded.warnings[0]["key"] == "warning.save.history_dropped"
        assert loaded.warnings[0]["params"]["n"] == len(data["actions"])
        assert loaded.to_json()  # and it saves again


# --- nesting, size, encoding ------------------------------------------------------------

NESTED = {
    "100,000 nested lists": "[" * 100_000 + "]" * 100_000,
    "100,000 nested tables": '{"a":' * 100_000 + "1" + "}" * 100_000,
    "nested inside a save": None,  # built from an honest save below
    "unbalanced brackets": "[" * 100_000,
    "a million brackets, shallow": "[" + ",".join(["[]"] * 500_000) + "]",
}


@pytest.mark.parametrize("name", sorted(NESTED))
def test_deep_nesting_is_refused_before_parsing(name: str) -> None:
    text = NESTED[name]
    if text is None:
        data = json.loads(honest_saves(GAMES[0])[1])
        text = json.dumps(data)[:-1] + ',"extra":' + "[" * 100_000 + "]" * 100_000 + "}"
    TALLY["saves: deep nesting"] += 1
    with pytest.raises(UnreadableSave) as info:
        automa.load_game(text)
    assert info.value.key in ("error.save.too_deep", "error.save.not_json",
                              "error.save.not_a_save")
    if name != "a million brackets, shallow":
        assert info.value.key in ("error.save.too_deep",)


def test_brackets_inside_texts_do_not_count_as_nesting() -> None:
    data = json.loads(honest_saves(GAMES[0])[1])
    data["note"] = "[" * 10_000 + '\\"{' * 100
    loaded = load_or_refuse(json.dumps(data), "saves: brackets inside texts")
    assert loaded is not None and not loaded.history_dropped


def test_a_save_larger_than_any_game_is_refused() -> None:
    TALLY["saves: oversize"] += 2
    text = honest_saves(GAMES[0])[1]
    with pytest.raises(UnreadableSave) as info:
        automa.load_game(text[:-1] + ',"pad":"' + "x" * 5_000_000 + '"}')
    assert info.value.key == "error.save.too_big"
    with pytest.raises(UnreadableSave):
        automa.load_game(b"{" * 30_000_000)


def test_too_many_actions_are_refused() -> None:
    TALLY["saves: too many actions"] += 1
    data = json.loads(honest_saves(GAMES[0])[1])
    data["actions"] = [{"answer": True}] * (session_module.MAX_ACTIONS + 1)
    with pytest.raises(UnreadableSave) as info:
        automa.load_game(json.dumps(data))
    assert info.value.key == "error.save.too_many_actions"


@pytest.mark.parametrize("game_id", GAMES)
def test_a_save_with_a_byte_order_mark_loads(game_id: str) -> None:
    text = honest_saves(game_id)[2]
    TALLY["saves: byte-order marks and encodings"] += 3
    expected = automa.load_game(text)
    assert automa.load_game("\ufeff" + text) == expected
    assert automa.load_game(b"\xef\xbb\xbf" + text.encode()) == expected
    assert automa.load_game(text.encode()) == expected


BROKEN: dict[str, Any] = {
    "binary": bytes(range(256)) * 4,
    "utf-16": '{"format": "automa-companion-save"}'.encode("utf-16"),
    "NaN and Infinity": '{"format":"automa-companion-save","version":1,"game":"demo",'
                        '"options":{},"seed":NaN,"actions":[Infinity]}',
    "a 5000-digit number": '{"format":"automa-companion-save","version":1,"seed":'
                           + "9" * 5000 + "}",
    "a number as version": '{"format":"automa-companion-save","version":1e400}',
    "true as version": '{"format":"automa-companion-save","version":true}',
    "a list": "[]",
    "a text": '"automa-companion-save"',
    "null": "null",
    "empty": "",
    "only a BOM": "\ufeff",
    "lone surrogate": '{"format":"automa-companion-save","game":"\\ud800"}',
}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_broken_files_are_refused_with_a_message(name: str) -> None:
    TALLY["saves: broken files"] += 1
    with pytest.raises(automa.AutomaError) as info:
        automa.load_game(BROKEN[name])
    assert info.value.message("uk") != info.value.key


@pytest.mark.parametrize("game_id", GAMES)
def test_check_save_describes_a_save_or_says_why_not(game_id: str) -> None:
    text = honest_saves(game_id)[-1]
    info = automa.check_save(text)
    assert info["game"] == game_id and info["finished"] and not info["history_dropped"]
    with pytest.raises(UnreadableSave):
        automa.check_save("[" * 100_000)


# --- loading stays linear in the number of actions -----------------------------------

class Work:
    """Counts the engine's work while loading: steps run and characters copied."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.count = 0
        dumps = session_module._dumps
        loads = json.loads

        def counting_dumps(state: dict[str, Any]) -> str:
            text = dumps(state)
            self.count += len(text)
            return text

        def counting_loads(text: Any, **kw: Any) -> Any:
            self.count += len(text)
            return loads(text, **kw)

        from automa.core.game import Steps

        getitem = Steps.__getitem__

        def counting_getitem(steps: Steps, name: str) -> Any:
            self.count += 1
            return getitem(steps, name)

        monkeypatch.setattr(session_module, "_dumps", counting_dumps)
        monkeypatch.setattr(json, "loads", counting_loads)  # the json module the session reads with
        monkeypatch.setattr(Steps, "__getitem__", counting_getitem)

    def of(self, text: str) -> int:
        self.count = 0
        with contextlib.suppress(automa.AutomaError):
            automa.load_game(text)
        return self.count


def crafted_nesting(game_id: str, starts: int) -> str:
    """A save that starts a procedure inside a procedure ``starts`` times."""
    session = automa.new_game(game_id, seed=1)
    data = json.loads(session.to_json())
    proc = session.procedures[0]["id"] if session.procedures else "correct"
    data["actions"] = [{"start": proc}] * starts
    return json.dumps(data)


@pytest.mark.parametrize("game_id", GAMES)
def test_crafted_procedure_nesting_loads_in_linear_work(
        game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A thousand nested procedures once took 15 s and 1.5 GB: now the work is bounded."""
    work = Work(monkeypatch)
    small, large = work.of(crafted_nesting(game_id, 100)), work.of(crafted_nesting(game_id, 1000))
    TALLY["saves: crafted procedure nesting"] += 2
    assert large <= 12 * small


@pytest.mark.parametrize("game_id", GAMES)
def test_honest_replay_work_grows_linearly(game_id: str,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """Loading 10× the answers costs at most about 10× the work (no quadratic copying)."""
    full = json.loads(honest_saves(game_id)[-1])
    n = min(len(full["actions"]) // 10, 12)
    assert n >= 1, "the game is long enough to compare"
    texts = []
    for count in (n, 10 * n):
        prefix = automa.new_game(game_id, full["options"], full["seed"])
        for action in full["actions"][:count]:
            prefix._apply(action)
        texts.append(prefix.to_json())
    work = Work(monkeypatch)
    small, large = work.of(texts[0]), work.of(texts[1])
    TALLY["saves: linear-work comparisons"] += 2
    assert large <= 15 * small, (small, large)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_restored_game_keeps_its_history_from_the_restore_on(game_id: str) -> None:
    """Saved again, a restored game replays its new answers from the restored snapshot (its
    ``base``): no second warning, undo back to the restore, and a tampered base is refused."""
    from automa.core.prompts import Prompt
    from automa.core.rng import Rng
    from tests.conformance import random_answer

    loaded = automa.load_game(json.dumps(forced(game_id)))
    assert loaded.history_dropped
    rng = Rng.from_seed(3)
    for _ in range(3):
        prompt = loaded.prompt
        if isinstance(prompt, Prompt):
            loaded.answer(random_answer(prompt, rng))
    again = load_or_refuse(loaded.to_json(), "saves: restored, played on, saved again")
    assert again == loaded and not again.history_dropped and not again.warnings
    while again.can_undo:
        again.undo()
    assert again._state == forced(game_id)["snapshot"]
    data = json.loads(loaded.to_json())
    data["base"]["state"]["turn"] = -1
    refused(data, "snapshot.turn", "saves: tampered bases")
    data["base"] = {"state": HTML}
    refused(data, "base", "saves: tampered bases")


@pytest.mark.parametrize("game_id", GAMES)
def test_a_history_longer_than_a_save_holds_is_saved_from_a_later_point(
        game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game the app itself played is never refused for its length: the oldest answers
    are folded into the save's base, the newest stay undoable."""
    session = automa.load_game(honest_saves(game_id)[-1])
    limit = max(4, len(session.actions) // 3)
    monkeypatch.setattr(session_module, "MAX_ACTIONS", limit)
    loaded = load_or_refuse(session.to_json(), "saves: histories longer than a save holds")
    assert loaded is not None and not loaded.history_dropped
    assert loaded._state == session._state and loaded._log == session._log
    assert loaded.actions == session.actions[-limit:]
    while loaded.can_undo:
        loaded.undo()
    assert loaded._state == json.loads(session._undo[-limit].snapshot)
