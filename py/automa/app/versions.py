"""Every format this app writes and its version: the modules that own the formats, imported
here, above them all, so that no lower floor names a higher one (the storage names these
versions, :meth:`automa.app.saves.SaveStore.claim`; the build writes them down,
``buildsteps/stamp.py``)."""

from __future__ import annotations

import automa.app.game_records
import automa.app.saves
import automa.core.editor
import automa.core.saveformat
import automa.files
import automa.games
from automa.core import formats
from automa.games import load_all

OWNERS = (automa.core.saveformat, automa.core.editor, automa.games, automa.app.saves,
          automa.app.game_records, automa.files)
"""The modules that register formats (``automa.games`` registers each game's)."""


def registered_versions() -> dict[str, int]:
    """The version of every format, from the modules that own them."""
    load_all()
    return formats.current_versions()


def versions() -> dict[str, int]:
    """The version of every format this app writes: as the build wrote them down, else from
    the formats registered."""
    built = formats.built_versions()
    return built if built is not None else registered_versions()
