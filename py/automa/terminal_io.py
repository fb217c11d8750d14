"""What the terminal front ends (:mod:`automa.cli`, :mod:`automa.cli_records`) share: the one
point where text reaches the terminal (:func:`emit`, control characters shown, never obeyed),
wrapping to the terminal's width, a file error in words, and the folder they keep files in.
"""

from __future__ import annotations

import errno
import os
import re
import shutil
import sys
import textwrap
from pathlib import Path
from typing import TextIO

from automa.core.i18n import render
from automa.files import NewerFile

_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")
"""What a terminal would obey rather than show: every control character but the tab and
the line feed (escape sequences start with one), and the marks that reorder text."""


def shown(text: str) -> str:
    """``text`` as the terminal may show it: control characters written as ``\x1b``."""
    return _CONTROL.sub(lambda m: f"\\x{ord(m[0]):02x}" if ord(m[0]) < 0x100
                        else f"\\u{ord(m[0]):04x}", text)


class OutputLost(Exception):
    """The terminal's output cannot be written (a full device, a closed pipe)."""


def emit(text: str, stream: TextIO | None = None, end: str = "\n") -> None:
    """Print ``text`` (the one way anything reaches the terminal), shown safely and flushed
    at once; :class:`OutputLost` if it cannot be written."""
    try:
        print(shown(text), file=stream or sys.stdout, end=end, flush=True)
    except (OSError, ValueError) as e:  # (ValueError: the stream was closed)
        raise OutputLost(e) from None


_HANGING = re.compile(r"( *)((?:\[ \] )?(?:p )?(?:\d+\. )?)")
"""A line's indent and list marker ("  [ ] 3. ", "  p 1. "): its wrapped lines go under the
text after them."""


def wrapped(text: str, width: int | None) -> str:
    """``text`` broken between words to lines of at most ``width`` columns (None: as it is),
    each line's continuation indented under its text; a word longer than a line (a file's
    path) is kept whole."""
    if width is None:
        return text
    lines = []
    for line in text.split("\n"):
        found = _HANGING.match(line)
        assert found is not None  # (the pattern matches an empty start)
        indent, marker = found.groups()
        hang = " " * (len(indent) + (len(marker) if marker else 2))
        lines.extend(textwrap.wrap(line, max(width - 1, 20), subsequent_indent=hang,
                                   break_long_words=False, break_on_hyphens=False)
                     or [line])
    return "\n".join(lines)


def terminal_width(stream: TextIO) -> int | None:
    """The width to wrap at: the terminal's columns when ``stream`` is one, else None (a
    file or a pipe gets whole lines)."""
    try:
        return shutil.get_terminal_size().columns if stream.isatty() else None
    except (OSError, ValueError):
        return None


def os_detail(error: OSError, lang: str) -> str:
    """Why a file could not be used, translated where the reason is a common one."""
    key = "newer" if isinstance(error, NewerFile) else {
        errno.EISDIR: "directory", errno.ENOENT: "not_found", errno.EACCES: "permission",
        errno.EPERM: "permission", errno.EILSEQ: "not_text", errno.EFBIG: "too_big",
        errno.ELOOP: "link", errno.EBUSY: "in_use",
        errno.ENOSPC: "full", errno.EINVAL: "invalid"}.get(error.errno or 0, "other")
    return render(f"cli.detail.{key}", {"error": error.strerror or type(error).__name__}, lang)


def data_dir() -> Path:
    """Where the terminal keeps its autosaves: ``$AUTOMA_DATA_DIR``, else the user's data
    folder (``$XDG_DATA_HOME`` or ``~/.local/share``) under ``automa-companion``."""
    given = os.environ.get("AUTOMA_DATA_DIR")
    if given:
        return Path(given)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "automa-companion"
