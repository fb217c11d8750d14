"""Issue 48: a version bump of a game carries the migration of the action log recorded before
it (``automa.core.actionlog``), as the save format carries migrations of its envelope.

A small game in two versions: version 2 makes its Done question a checklist line, asks a new
question the first version decided by itself, and renames the first answer. A game saved under
version 1 opens under version 2 with its undo history; where its migrated answers still do not
reach its snapshot, it falls back with the sentence that names the change.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import automa
from automa.core import formats, game, prompts
from automa.core.actionlog import (
    MAX_INSERTED,
    ActionMigration,
    Here,
    Rest,
    Rewrite,
    done_after,
    insert,
    instead,
    questions_waiting,
)
from automa.core.game import Correction, GameDef, OptionSpec, Steps, register
from automa.core.i18n import msg
from automa.core.saveformat import played_options
from automa.core.session import Session

Ctx = game.Ctx[dict[str, Any], dict[str, Any]]


def ledger(version: int, migrations: dict[int, tuple[ActionMigration, ...]] | None = None
           ) -> GameDef[Any]:
    """The small game: three turns; each the bot draws (a log line), then counts — version 1
    asks Done between the two — and the player answers a count; version 2 then asks which
    side, and names its first answer "go"."""
    steps = Steps()

    @steps
    def setup(ctx: Ctx) -> None:
        ctx.data.update({"n": 0, "bot": 0})
        ctx.phase = "play"
        choices: list[Any] = [True] if version == 1 else ["go"]
        ctx.ask(prompts.pick_one("ledger.q.start", choices), turn)

    @steps
    def turn(ctx: Ctx, answer: Any) -> None:
        ctx.turn += 1
        if ctx.turn > 3:
            ctx.finish()
            return
        ctx.log("bot", "ledger.log.drew")
        if version == 1:
            ctx.ask(prompts.confirm("ledger.q.done"), count)
        else:
            ctx.then(count, answer=True)

    @steps
    def count(ctx: Ctx, answer: bool) -> None:
        ctx.data["bot"] = ctx.data["n"] + 1  # the bot reads what the player may correct
        ctx.ask(prompts.count("ledger.q.count", 0, 5), add)

    @steps
    def add(ctx: Ctx, answer: int) -> None:
        ctx.data["n"] += answer
        if version == 1:
            ctx.ask(prompts.confirm("ledger.q.next"), turn)
        else:
            ctx.ask(prompts.pick_one("ledger.q.side", ["left", "right"]), side)

    @steps
    def side(ctx: Ctx, answer: str) -> None:
        ctx.log("player", "ledger.log.side", {"side": answer})
        ctx.ask(prompts.confirm("ledger.q.next"), turn)

    return GameDef(
        id="ledger", name="ledger.name", version=version, setup=setup, steps=steps,
        phases=("play",), options=(OptionSpec("pace", "choice", "slow", ("slow", "fast"),
                                              earlier=((2, "fast"),)),),
        corrections=lambda ctx, phase: (Correction("n", msg("ledger.n"), ("n",), 0, 99),),
        migrations=(formats.same_layout,) if version == 2 else (),
        changes={2: "ledger.change.v2"} if version == 2 else {},
        action_migrations=({2: MIGRATIONS} if migrations is None else migrations)
        if version == 2 else {})


def done_gone(here: Here) -> Rewrite | None:
    """Version 2: the Done after each drawing is gone (the bot goes on at once)."""
    return done_after(here, "ledger.log.drew")


def side_asked(here: Here) -> Rewrite | None:
    """Version 2 asks which side: version 1 always played the left one."""
    return insert("left") if here.asks("ledger.q.side") else None


def start_renamed(here: Here) -> Rewrite | None:
    """Version 2 names the first answer "go"."""
    return instead("go") if here.asks("ledger.q.start") and here.next == {"answer": True} \
        else None


MIGRATIONS = (done_gone, side_asked, start_renamed)


@pytest.fixture
def use(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[GameDef[Any]], None]]:
    """Registers a version of the small game (the registry restored after the test)."""
    monkeypatch.setattr(game, "_REGISTRY", dict(game._REGISTRY))
    monkeypatch.setattr(formats, "ALL", dict(formats.ALL))

    def registered(definition: GameDef[Any]) -> None:
        game._REGISTRY.pop("ledger", None)
        register(definition)

    yield registered


def played(answers: list[Any], *, undo: int = 0) -> str:
    """A game of version 1 (registered) played so, ``undo`` answers taken back, saved."""
    s = automa.new_game("ledger", seed=3)
    for a in answers:
        if isinstance(a, dict):
            s._apply(a)
            s._redo.clear()
        else:
            s.answer(a)
    for _ in range(undo):
        s.undo()
    text: str = s.to_json()
    return text


TURN = [True, 2]  # (Done, then the count)


def test_a_done_question_gone_is_dropped_a_new_one_answered_and_the_history_kept(
        use: Callable[[GameDef[Any]], None]) -> None:
    use(ledger(1))
    text = played([True, *TURN, True, *TURN])
    use(ledger(2))
    s = automa.load_game(text)
    assert not s.history_dropped and not s.warnings and s.can_undo
    # (saved on Next, which version 2 asks after the side: its answer is given there too)
    assert s.actions == [{"answer": "go"}, {"answer": 2}, {"answer": "left"},
                         {"answer": True}, {"answer": 2}, {"answer": "left"}]
    assert s.state["data"] == {"n": 4, "bot": 3} and s.prompt is not None
    assert s.prompt.key == "ledger.q.next"
    again = automa.load_game(s.to_json())  # written under version 2: nothing to migrate
    assert again == s and json.loads(s.to_json())["game_version"] == 2
    s.undo()
    assert s.prompt is not None and s.prompt.key == "ledger.q.side"


def test_answers_taken_back_stay_on_the_redo_list(use: Callable[[GameDef[Any]], None]) -> None:
    use(ledger(1))
    text = played([True, *TURN, True, *TURN], undo=3)  # back to the first Next
    use(ledger(2))
    s = automa.load_game(text)
    assert not s.history_dropped and s.can_redo
    assert s.actions == [{"answer": "go"}, {"answer": 2}, {"answer": "left"}]
    for _ in range(3):  # Next, the count (its Done dropped), the side
        s.redo()
    assert s.state["data"]["n"] == 4 and not s.can_redo


def test_a_game_saved_on_a_done_question_gone_stands_at_the_next_one(
        use: Callable[[GameDef[Any]], None]) -> None:
    use(ledger(1))
    text = played([True, *TURN, True])  # waiting on the second Done
    use(ledger(2))
    s = automa.load_game(text)
    assert not s.history_dropped and s.prompt is not None
    assert s.prompt.key == "ledger.q.count" and s.turn == 2


def test_a_correction_started_at_a_done_question_gone_is_replayed_before_the_bot_went_on(
        use: Callable[[GameDef[Any]], None]) -> None:
    """At version 1's Done the player corrected what the bot reads next: version 2 asks no
    question there, so the correction is replayed before the answer that led to it."""
    use(ledger(1))
    correction = [{"start": "correct"}, "n", 7]
    text = played([True, *TURN, True, *correction, *TURN])
    use(ledger(2))
    s = automa.load_game(text)
    assert not s.history_dropped and s.state["data"] == {"n": 9, "bot": 8}
    assert s.actions[3:6] == [{"start": "correct"}, {"answer": "n"}, {"answer": 7}]


def test_answers_that_still_miss_the_snapshot_fall_back_and_name_the_change(
        use: Callable[[GameDef[Any]], None]) -> None:
    use(ledger(1))
    text = played([True, *TURN, True, *TURN])
    use(ledger(2, {2: (start_renamed, side_asked)}))  # (the Done's migration forgotten)
    s = automa.load_game(text)
    assert s.history_dropped and not s.can_undo and s.state["data"]["n"] == 4
    [warning] = s.warnings
    assert warning["key"] == "warning.save.rules_changed"
    assert warning["params"]["what"] == [{"key": "ledger.change.v2", "params": {}}]


def test_a_migration_that_inserts_without_end_fails_the_replay(
        use: Callable[[GameDef[Any]], None]) -> None:
    def forever(here: Here) -> Rewrite:
        return Rewrite(give=({"cancel": True},) if here.open_procedures
                       else ({"start": "correct"},))

    use(ledger(1))
    text = played([True, *TURN])
    use(ledger(2, {2: (*MIGRATIONS, forever)}))
    s = automa.load_game(text)
    assert s.history_dropped and MAX_INSERTED < 10_000


def test_an_option_added_since_reads_as_the_older_game_played(
        use: Callable[[GameDef[Any]], None]) -> None:
    """An option a save does not name plays as the version it was saved under read it
    (``OptionSpec.earlier``), in the options and the snapshot; a newer save, its default."""
    use(ledger(2))
    spec = game.find_game("ledger").option("pace")
    assert (spec.played_under(1), spec.played_under(2)) == ("fast", "slow")
    saved = {"options": {}, "snapshot": {"options": {}, "data": {}},
             "base": {"state": {"options": {}}, "log": []}}
    assert played_options(game.find_game("ledger"), saved, 1) == {
        "options": {"pace": "fast"}, "snapshot": {"options": {"pace": "fast"}, "data": {}},
        "base": {"state": {"options": {"pace": "fast"}}, "log": []}}
    assert played_options(game.find_game("ledger"), {"options": {"pace": "slow"}}, 1) == {
        "options": {"pace": "slow"}}


def test_true_is_not_one() -> None:
    """A migration counting Done answers (``True``) never takes a count of 1 for one."""
    rest = Rest([{"answer": True}, {"answer": True}, {"answer": 1}, {"answer": True}], 0)
    assert rest.answers(True) == 2 and Rest(list(rest), 2).answers(1) == 1
    assert list(Rest(list(rest), 3)) == [{"answer": True}] and len(Rest(list(rest), 4)) == 0


def test_the_questions_a_state_waits_on_are_its_own_and_those_procedures_interrupted() -> None:
    state = {"prompt": {"key": "a"}, "pending": None, "stack": [
        {"step": "x", "args": {}},
        {"step": "core_reask", "args": {"prompt": {"key": "b"}, "pending": {"step": "y"}}},
        {"step": "core_reask", "args": {"prompt": None, "pending": None}}]}
    assert [w["prompt"]["key"] for w in questions_waiting(state)] == ["a", "b"]
    assert list(questions_waiting({"stack": "odd"})) == [] == list(questions_waiting(None))


def test_a_save_of_todays_version_replays_without_migrations(
        use: Callable[[GameDef[Any]], None]) -> None:
    use(ledger(2))
    s = automa.new_game("ledger", seed=3)
    for a in ["go", 1, "right", True, 2]:
        s.answer(a)
    back = automa.load_game(s.to_json())
    assert back == s and back.actions == s.actions and isinstance(back, Session)
