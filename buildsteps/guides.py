"""The guides: each game's rule guide ("How the bot plays") checked and written as a
static page per language (``guide/<game>.<lang>.html``), readable before and without the
engine, each page with its own Content-Security-Policy."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .common import ROOT, BuildError, engine, write
from .hyphenate import html as hyphenated
from .page import with_csp


def check_guides(games: list[dict[str, Any]],
                 i18n_root: Path | None = None) -> dict[str, dict[str, Any]]:
    """Read every rule guide (``i18n/<lang>/guide/<game>.toml``): well formed, for a
    registered game, in every language with as many sections."""
    engine()
    from automa.app import guide
    from automa.core import i18n

    try:
        return guide.load_guides(i18n_root or ROOT / "i18n", [g["id"] for g in games],
                                 i18n.LANGUAGES)
    except guide.GuideError as e:
        raise BuildError(f"invalid rule guide: {e}") from None


def guide_pages(guides: dict[str, dict[str, Any]],
                games: list[dict[str, Any]]) -> dict[str, bytes]:
    """The static guide pages (``guide/<game>.<lang>.html``), each with its own policy."""
    from automa.app import guide, present
    from automa.core import i18n

    by_id = {g["id"]: g for g in games}
    pages = {}
    for game_id, by_lang in sorted(guides.items()):
        for lang, text in sorted(by_lang.items()):
            html = guide.page(by_id[game_id], text, present.Words(lang), i18n.LANGUAGES)
            pages[f"guide/{guide.page_name(game_id, lang)}"] = with_csp(
                hyphenated(lang, html).encode())
    return pages



def write_guides(dist: Path, guides: dict[str, dict[str, Any]],
                 games: list[dict[str, Any]]) -> None:
    """Write every guide page into ``dist``."""
    for name, data in guide_pages(guides, games).items():
        write(dist / name, data)
