"""Where the engine finds its data: ``cards/`` and ``i18n/``.

In the repository they sit next to ``py/``; in the web bundle they are packed inside
the package as ``automa/_data/``. ``AUTOMA_DATA`` overrides both.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path


@cache
def data_root() -> Path:
    """The folder that holds ``cards/`` and ``i18n/``."""
    env = os.environ.get("AUTOMA_DATA")
    if env:
        return Path(env)
    here = Path(__file__).resolve().parent.parent  # py/automa
    bundled = here / "_data"
    if (bundled / "i18n").is_dir():
        return bundled
    return here.parent.parent


def cards_dir(game: str) -> Path:
    """The card-data folder of one game."""
    return data_root() / "cards" / game


def i18n_dir() -> Path:
    """The message-catalog folder."""
    return data_root() / "i18n"
