"""Soft hyphens in a language's long words, for the page (``i18n/<lang>/hyphenation.txt``).

German compounds are long ("Zusatzwertungsplättchen"); at 360 px and the largest text one
may be wider than its box. ``hyphens: auto`` breaks it where the browser knows German
hyphenation, which not every browser does (Chromium on Linux has none). So the build puts a
soft hyphen (U+00AD) at each break the language's list marks, in the catalogs the page's
engine reads, its shell's texts and the guide pages: a word breaks with a hyphen where it
must, and nowhere else. The sources stay as written, so the terminal, the tests and the
voice (which drops a soft hyphen) read the words whole.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from .common import ROOT

SOFT = "\u00ad"
MARK = "·"
"""A break in ``hyphenation.txt``."""


def list_of(lang: str, root: Path = ROOT / "i18n") -> dict[str, str]:
    """The language's words with their breaks (``Runden·wertungs·plättchen``), by word."""
    path = root / lang / "hyphenation.txt"
    if not path.is_file():
        return {}
    words = [line.strip() for line in path.read_text("utf-8").splitlines()
             if line.strip() and not line.startswith("#")]
    return {word.replace(MARK, ""): word.replace(MARK, SOFT) for word in words}


@cache
def hyphenator(lang: str) -> Callable[[str], str]:
    """A function that puts the language's soft hyphens into a text (none: the text as is)."""
    table = list_of(lang)
    if not table:
        return lambda text: text
    pattern = re.compile("|".join(re.escape(w) for w in sorted(table, key=len, reverse=True)))
    return lambda text: pattern.sub(lambda m: table[m.group(0)], text)


def catalog(lang: str, messages: dict[str, Any]) -> dict[str, Any]:
    """A compiled catalog with the language's soft hyphens in every text (a plural message's
    forms too; a plural table's ``_by`` and the read-aloud's own data left alone)."""
    put = hyphenator(lang)
    out: dict[str, Any] = {}
    for key, message in messages.items():
        if key.startswith("web.speech."):
            out[key] = message
        elif isinstance(message, dict):
            out[key] = {form: text if form == "_by" else put(text)
                        for form, text in message.items()}
        else:
            out[key] = put(message)
    return out


def catalogs(found: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Every language's catalog with its soft hyphens (as the page ships them)."""
    return {lang: catalog(lang, messages) for lang, messages in found.items()}


TAG = re.compile(r"(<[^>]*>)")


def html(lang: str, page: str) -> str:
    """A page with the language's soft hyphens in its text (never inside a tag)."""
    put = hyphenator(lang)
    return "".join(part if part.startswith("<") else put(part) for part in TAG.split(page))
