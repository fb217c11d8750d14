"""What every game's tests share: golden playthroughs and the messages of both languages.

A golden playthrough is a whole game at a fixed seed, written as text into the game's
``golden/`` folder. Each game's ``test_golden.py`` declares its ``GOLDEN`` (the folder, the
cases as ``(file name, options, seed)`` and its ``play.transcript(options, seed)``) and replays
every case; ``python tests/regen_golden.py <game>`` rewrites the files after a deliberate
change (review the diff before committing).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import automa
from automa.core.i18n import LANGUAGES, load_source_catalog, placeholders, variant_of

Case = tuple[str, dict[str, Any], int]
"""A golden game: its transcript's file name, the game options and the seed."""
Transcript = Callable[[dict[str, Any], int], str]
"""A game's whole play at these options and seed, as text."""


@dataclass(frozen=True)
class Golden:
    """A game's golden playthroughs."""

    folder: Path
    """The game's ``golden/`` folder of transcripts."""
    cases: list[Case]
    """Every golden game."""
    transcript: Transcript
    """How the game plays at given options and seed, as text."""

    def parametrize(self) -> pytest.MarkDecorator:
        """Run a test once per golden game, as ``name``, ``options`` and ``seed``, named by
        its file."""
        return pytest.mark.parametrize(("name", "options", "seed"), self.cases,
                                       ids=[name for name, _, _ in self.cases])

    def assert_plays_as_recorded(self, name: str, options: dict[str, Any], seed: int) -> None:
        """The game plays just as its golden transcript ``name`` says."""
        played = self.transcript(options, seed)
        assert played == (self.folder / name).read_text(encoding="utf-8")

    def regenerate(self) -> None:
        """Write every golden transcript anew."""
        self.folder.mkdir(exist_ok=True)
        for name, options, seed in self.cases:
            (self.folder / name).write_text(self.transcript(options, seed), encoding="utf-8")
            print("wrote", self.folder / name)


def game_messages(game_id: str, lang: str) -> dict[str, Any]:
    """The game's messages in ``lang``, as written in i18n/<lang>/ (without their spoken
    variants, which only some languages need)."""
    return {k: v for k, v in load_source_catalog(lang).items()
            if k.startswith(f"{game_id}.") and variant_of(k) is None}


def assert_messages_match_across_languages(game_id: str) -> None:
    """Every language holds English's messages of the game, with the same placeholders."""
    en = game_messages(game_id, "en")
    for lang in LANGUAGES:
        other = game_messages(game_id, lang)
        assert set(en) == set(other), lang
        for key, text in en.items():
            assert placeholders(text) == placeholders(other[key]), (lang, key)


def assert_options_named(game_id: str) -> list[dict[str, Any]]:
    """Each option, its help (if any) and each allowed value are named in every language;
    the options are returned for the game's own checks."""
    catalogs = [load_source_catalog(lang) for lang in LANGUAGES]
    spec = next(g for g in automa.games() if g["id"] == game_id)
    for option in spec["options"]:
        labels = [option["label"], *option["choice_labels"]]
        if option.get("help"):
            labels.append(option["help"])
        for label in labels:
            assert all(label in messages for messages in catalogs), label
    options: list[dict[str, Any]] = spec["options"]
    return options
