"""Every format this app writes and its version: the modules that own the formats, imported
here, above them all, so that no lower floor names a higher one (the storage names these
versions, :meth:`automa.app.saves.SaveStore.claim`; the build writes them down,
``buildsteps/stamp.py``)."""

from __future__ import annotations

from types import ModuleType

from automa import files
from automa.app import game_records, saves
from automa.core import card_editor, formats, saveformat
from automa.games import load_all

OWNERS: tuple[ModuleType, ...] = (saveformat, card_editor, saves, game_records, files)
"""The modules that register formats; each game registers its own (:func:`load_all`)."""


def registered_versions() -> dict[str, int]:
    """The version of every format, from the modules that own them."""
    load_all()
    return formats.current_versions()


def versions() -> dict[str, int]:
    """The version of every format this app writes: as the build wrote them down, else from
    the formats registered."""
    built = formats.built_versions()
    return built if built is not None else registered_versions()
