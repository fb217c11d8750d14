"""A game's set-up shared by a link: the same game for the friend who opens it, nothing of
the player's answers in it, and every damaged, tampered, newer or hostile code refused."""

from __future__ import annotations

import base64
import json
import zlib
from typing import Any

import pytest

import automa
from automa.app import share
from automa.core.errors import AutomaError
from automa.core.rng import Rng
from tests.conformance import random_answer

GAMES = ("tapestry", "age_of_innovation", "civ_new_dawn", "glory_of_civilizations")


def packed(payload: Any) -> str:
    raw = json.dumps(payload).encode()
    return base64.urlsafe_b64encode(zlib.compress(raw)).rstrip(b"=").decode()


def played(game: str, seed: int, answers: int) -> automa.Session:
    session = automa.new_game(game, {}, seed=seed)
    rng = Rng.from_seed(seed)
    for _ in range(answers):
        if session.prompt is None:
            break
        session.answer(random_answer(session.prompt, rng))
    return session


@pytest.mark.parametrize("game", GAMES)
def test_a_shared_game_starts_the_same_game_without_the_answers(game: str) -> None:
    session = played(game, 41, 12)
    joined = share.read_code(share.code_of(session)).start()
    fresh = automa.new_game(game, session.options, session.seed)
    assert joined.state == fresh.state and joined.options == session.options
    assert joined.seed == session.seed and not joined.can_undo


def test_the_same_answers_then_give_the_same_game() -> None:
    session = played("glory_of_civilizations", 7, 0)
    joined = share.read_code(share.code_of(session)).start()
    rng_a, rng_b = Rng.from_seed(3), Rng.from_seed(3)
    for _ in range(30):
        if session.prompt is None:
            break
        session.answer(random_answer(session.prompt, rng_a))
        assert joined.prompt is not None
        joined.answer(random_answer(joined.prompt, rng_b))
    assert joined.state == session.state


def test_the_link_is_the_app_s_address_with_the_code() -> None:
    session = automa.new_game("tapestry", {}, seed=5)
    link = share.link_of(session, "https://example.org/automa-companion/#/play/abc")
    assert link == ("https://example.org/automa-companion/#/join/"
                    + share.code_of(session))


@pytest.mark.parametrize("code", [
    "!!!!", "a" * (share.MAX_CODE_CHARS + 1), "eNpLTEoGAAJNASc", "AAAA",
    packed([1, 2]), packed({"f": 1}), packed({"f": 1, "g": "tapestry", "v": 1, "o": {},
                                               "s": True}),
    packed({"f": 1, "g": "tapestry", "v": 0, "o": {}, "s": 1}),
    packed({"f": 1, "g": "tapestry", "v": 1, "o": {}, "s": 10**30}),
    packed({"f": 1, "g": "tapestry", "v": 1, "o": {}, "s": 1, "actions": []}),
])
def test_a_damaged_code_is_refused_by_name(code: str) -> None:
    with pytest.raises(share.ShareRefused) as refused:
        share.read_code(code)
    assert refused.value.key == "error.share.damaged"


def test_a_code_changed_by_one_character_is_refused() -> None:
    code = share.code_of(automa.new_game("civ_new_dawn", {}, seed=9))
    refused = 0
    for i in range(len(code)):
        changed = code[:i] + ("A" if code[i] != "A" else "B") + code[i + 1:]
        try:
            share.read_code(changed)
        except AutomaError:
            refused += 1
    assert refused >= len(code) - 2  # (the last character's spare bits may not count)


def test_a_code_of_a_newer_app_or_newer_rules_is_refused_as_newer() -> None:
    game = automa.new_game("tapestry", {}, seed=1).game
    for payload in ({"f": 2}, {"f": 1, "g": "tapestry", "v": game.version + 1, "o": {},
                                "s": 1}):
        with pytest.raises(share.ShareRefused) as refused:
            share.read_code(packed(payload))
        assert refused.value.key == "error.share.newer"


def test_an_unknown_game_and_a_bad_option_are_refused() -> None:
    with pytest.raises(share.ShareRefused) as refused:
        share.read_code(packed({"f": 1, "g": "chess", "v": 1, "o": {}, "s": 1}))
    assert refused.value.key == "error.share.unknown_game"
    with pytest.raises(AutomaError):
        share.read_code(packed({"f": 1, "g": "tapestry", "v": 1,
                                "o": {"difficulty": 99}, "s": 1}))


def test_a_zip_bomb_is_refused_before_it_is_unpacked() -> None:
    bomb = base64.urlsafe_b64encode(zlib.compress(b"[" + b" " * 5_000_000 + b"]", 9))
    code = bomb.rstrip(b"=").decode()
    assert len(code) <= share.MAX_CODE_CHARS
    with pytest.raises(share.ShareRefused):
        share.read_code(code)


def test_the_terminal_shares_a_code_and_joins_it(capsys: pytest.CaptureFixture[str]) -> None:
    import io

    from automa import cli

    cli.main(["play", "civ_new_dawn", "--seed", "8", "--no-autosave"],
             stdin=io.StringIO("share\nq\n"))
    line = next(x for x in capsys.readouterr().out.splitlines() if "--join " in x)
    code = line.split("--join ", 1)[1].strip()
    assert share.read_code(code).seed == 8
    assert cli.main(["play", "tapestry", "--join", code, "--no-autosave"],
                    stdin=io.StringIO("q\n")) != 0  # another game's code
    assert cli.main(["play", "civ_new_dawn", "--join", code, "--no-autosave"],
                    stdin=io.StringIO("q\n")) == 0


# --- issue 45, item 2: a link with nothing, or with anything appended ----------------------
def test_a_link_that_ends_after_join_is_refused_as_holding_no_game() -> None:
    """``#/join/`` or ``#/join`` with nothing: a sentence of its own, not a silent Home."""
    with pytest.raises(share.ShareRefused) as refused:
        share.read_code("")
    assert refused.value.key == "error.share.empty"
    assert refused.value.message("uk") != refused.value.message("en")


@pytest.mark.parametrize("appended", ["x", "xy", "xyz", "AAAA", "garbage", "eNp", "_-_-"])
def test_a_valid_code_with_anything_appended_is_refused(appended: str) -> None:
    """Even letters of base64's own alphabet after a valid code: the code is no longer the
    one the app made (the compressed set-up must be the whole code)."""
    code = share.code_of(automa.new_game("tapestry", {}, seed=3))
    assert share.read_code(code).seed == 3
    with pytest.raises(share.ShareRefused) as refused:
        share.read_code(code + appended)
    assert refused.value.key == "error.share.damaged"


# --- issue 45, item 3: the terminal prints the link a phone opens --------------------------
def test_the_terminal_s_share_prints_the_link_with_the_app_s_address(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The link is the app's address (``--app-url``, else ``$AUTOMA_APP_URL``, else the
    address ``build.py serve`` uses, said so) and the code; ``--join`` takes the link too."""
    import io

    from automa import cli

    monkeypatch.delenv("AUTOMA_APP_URL", raising=False)
    cli.main(["play", "civ_new_dawn", "--seed", "8", "--no-autosave"],
             stdin=io.StringIO("share\nq\n"))
    out = capsys.readouterr().out
    link = next(x for x in out.splitlines() if x.startswith(share.APP_URL + "#/join/"))
    assert "--app-url" in out and "AUTOMA_APP_URL" in out
    monkeypatch.setenv("AUTOMA_APP_URL", "https://example.org/env/")
    cli.main(["play", "civ_new_dawn", "--seed", "8", "--no-autosave"],
             stdin=io.StringIO("share\nq\n"))
    out = capsys.readouterr().out
    assert any(x.startswith("https://example.org/env/#/join/") for x in out.splitlines())
    assert "AUTOMA_APP_URL" not in out
    cli.main(["play", "civ_new_dawn", "--seed", "8", "--no-autosave",
              "--app-url", "https://example.org/app/"], stdin=io.StringIO("share\nq\n"))
    out = capsys.readouterr().out
    phone = next(x for x in out.splitlines() if x.startswith("https://example.org/app/"))
    assert phone.split("#/join/")[1] == link.split("#/join/")[1]
    assert cli.main(["play", "civ_new_dawn", "--join", phone, "--no-autosave"],
                    stdin=io.StringIO("q\n")) == 0
