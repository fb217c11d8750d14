"""Every game's tests are laid out alike, so a fifth game copies one skeleton."""

from __future__ import annotations

from pathlib import Path

from buildsteps.check import game_packages
from tests.regen_golden import GAMES as GOLDEN_GAMES

TESTS = Path(__file__).resolve().parent
CORE = {
    "__init__.py",  # the folder is a package: helpers are imported as tests.<game>.<module>
    "play.py",  # the play helpers: sessions at a rule situation, answerers, the transcript
    "test_rules.py",  # the rulebook's rules and worked examples, one named test each
    "test_golden.py",  # GOLDEN: whole games compared with golden/, rewritten by regen_golden
    "test_i18n_render.py",  # messages in both languages, option labels, card images
    "golden",  # the golden transcripts
}
"""What every game's test folder holds (it may hold more: test_audit.py, test_games.py…)."""


def test_every_game_has_a_test_folder_with_the_same_core_files() -> None:
    for game in game_packages():
        folder = TESTS / game
        present = {p.name for p in folder.iterdir()} if folder.is_dir() else set()
        assert present >= CORE, (game, sorted(CORE - present))


def test_no_test_module_repeats_its_games_name() -> None:
    """``tests/tapestry/test_rules.py``, never ``test_tapestry_rules.py``: the same file names
    in every game's folder."""
    for game in game_packages():
        word = game.split("_")[0]
        named = [p.name for p in (TESTS / game).glob("*.py")
                 if p.stem.startswith(f"{word}_") or f"_{word}_" in p.stem]
        assert not named, (game, named)


def test_one_regen_script_knows_every_games_golden_playthroughs() -> None:
    assert sorted(GOLDEN_GAMES) == game_packages()
    for game, golden in GOLDEN_GAMES.items():
        assert golden.folder == TESTS / game / "golden"
        assert {name for name, _, _ in golden.cases} == {p.name for p in golden.folder.iterdir()}
