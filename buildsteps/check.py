"""The checks: the translations are complete, and every game the app ships loads its card
data and draws its cards through the engine. The build stops at the first phase that fails."""

from __future__ import annotations

import pkgutil
from pathlib import Path
from typing import Any

from .common import CARDS, GAMES, BuildError, engine


def check_translations() -> dict[str, dict[str, Any]]:
    """Every English message exists in every other language (Ukrainian, German) with its
    plural categories and placeholders;
    a message's variants (its spoken words: one language's own) belong to a message of theirs."""
    engine()
    from automa.core import i18n

    catalogs = {lang: i18n.load_source_catalog(lang) for lang in i18n.LANGUAGES}
    problems: list[str] = []
    for lang, cat in catalogs.items():
        problems += [f"{lang}: {problem}" for problem in i18n.variant_problems(cat)]
        if lang == "en":
            continue
        for key, message in catalogs["en"].items():
            if i18n.variant_of(key) is not None:
                continue
            if key not in cat:
                problems.append(f"{lang}: missing {key}")
                continue
            translated = cat[key]
            if isinstance(message, dict) or isinstance(translated, dict):
                have = set(translated) if isinstance(translated, dict) else set()
                need = set(i18n.REQUIRED_CATEGORIES[lang])
                if not need <= have:
                    problems.append(f"{lang}: {key} needs the plural forms "
                                    f"{sorted(need - have)}")
            if i18n.placeholders(message) != i18n.placeholders(translated):
                problems.append(f"{lang}: {key} has placeholders "
                                f"{sorted(i18n.placeholders(translated))}, English has "
                                f"{sorted(i18n.placeholders(message))}")
    if problems:
        raise BuildError("missing or broken translations:\n  " + "\n  ".join(problems))
    return catalogs


def game_packages(games: Path = GAMES, cards: Path = CARDS) -> list[str]:
    """The games the app ships: the modules under ``py/automa/games/`` (never whatever else
    the building process registered, such as the tests' demo game), each with its card data
    in ``cards/<id>/``."""
    ids = sorted(m.name for m in pkgutil.iter_modules([str(games)]) if not m.name.startswith("_"))
    missing = [game_id for game_id in ids if not (cards / game_id).is_dir()]
    if missing:
        raise BuildError("games without their card data folder: "
                         + ", ".join(f"cards/{game_id}/" for game_id in missing))
    return ids


def check_cards() -> list[dict[str, Any]]:
    """Load the card data of every game the app ships (and draw its cards) through the
    engine."""
    automa = engine()
    import automa.render as render
    from automa.core import i18n

    shipped = game_packages()
    games: list[dict[str, Any]] = [g for g in automa.games() if g["id"] in shipped]
    ids = [g["id"] for g in games]
    if ids != shipped:
        raise BuildError("game packages that register no game of their name: "
                         + ", ".join(sorted(set(shipped) - set(ids))))
    for game_id in ids:
        try:
            session = automa.new_game(game_id, {}, seed=1)
            session.view()
            if render.has_renderer(game_id):
                for card in render.deck(game_id):
                    for lang in i18n.LANGUAGES:
                        render.card_svg(game_id, card, (), lang)
        except automa.InvalidCardData as e:
            raise BuildError(f"invalid card data of {game_id}: {e}") from None
        except automa.AutomaError as e:
            raise BuildError(f"{game_id} does not start: {e}") from None
    return games

