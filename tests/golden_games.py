"""What every game's tests share: golden playthroughs and the messages of both languages.

A golden playthrough is a whole game at a fixed seed, written as text into the game's
``golden/`` folder; the game's test replays it and compares, and the game's regen script
rewrites the files after a deliberate change (review the diff before committing). Each game
gives its cases as ``(file name, options, seed)`` and its own ``transcript(options, seed)``.

The module name is unique under tests/: the game folders are on ``sys.path`` too, and two
helpers of the same name there would shadow each other.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import automa
from automa.core.i18n import load_source_catalog, placeholders

Case = tuple[str, dict[str, Any], int]
"""A golden game: its transcript's file name, the game options and the seed."""
Transcript = Callable[[dict[str, Any], int], str]
"""A game's whole play at these options and seed, as text."""


def each_case(cases: list[Case]) -> pytest.MarkDecorator:
    """Run a test once per golden game, as ``name``, ``options`` and ``seed``, named by its file."""
    return pytest.mark.parametrize(("name", "options", "seed"), cases,
                                   ids=[name for name, _, _ in cases])


def assert_plays_as_recorded(folder: Path, name: str, played: str) -> None:
    """The game played just as its golden transcript ``folder / name`` says."""
    assert played == (folder / name).read_text(encoding="utf-8")


def regenerate(folder: Path, cases: list[Case], transcript: Transcript) -> None:
    """Write every golden transcript anew (a game's regen script)."""
    folder.mkdir(exist_ok=True)
    for name, options, seed in cases:
        (folder / name).write_text(transcript(options, seed), encoding="utf-8")
        print("wrote", name)


def game_messages(game_id: str, lang: str) -> dict[str, Any]:
    """The game's messages in ``lang``, as written in i18n/<lang>/."""
    return {k: v for k, v in load_source_catalog(lang).items() if k.startswith(f"{game_id}.")}


def assert_messages_match_across_languages(game_id: str) -> None:
    """English and Ukrainian hold the same messages of the game, with the same placeholders."""
    en, uk = game_messages(game_id, "en"), game_messages(game_id, "uk")
    assert set(en) == set(uk)
    for key, text in en.items():
        assert placeholders(text) == placeholders(uk[key]), key


def assert_options_named(game_id: str) -> list[dict[str, Any]]:
    """Each option, its help (if any) and each allowed value are named in both languages;
    the options are returned for the game's own checks."""
    catalogs = [load_source_catalog(lang) for lang in ("en", "uk")]
    spec = next(g for g in automa.games() if g["id"] == game_id)
    for option in spec["options"]:
        labels = [option["label"], *option["choice_labels"]]
        if option.get("help"):
            labels.append(option["help"])
        for label in labels:
            assert all(label in messages for messages in catalogs), label
    options: list[dict[str, Any]] = spec["options"]
    return options
