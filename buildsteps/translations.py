"""What a translation still needs: the English messages and guide texts a language lacks, and
those whose English changed since the translation was written.

Each translated language keeps ``i18n/<lang>/translated-from.json``: for every message id (and
every guide text, ``guide.<game>.<path>``) the fingerprint of the English it was translated
from. ``build.py translations`` compares it with today's English::

    python3 build.py translations de              # what is missing or out of date in German
    python3 build.py translations de --mark KEY…  # KEY's German now follows today's English
    python3 build.py translations de --mark-all   # every German text follows today's English

After another branch adds or rewords English messages: run the first command, write or fix
the German for every key it lists (the English is printed beside it; ``git log -p
i18n/en`` shows what changed), then ``--mark`` those keys. ``tests/core/test_core_i18n.py``
fails while a key is missing or out of date, naming this command.
"""

from __future__ import annotations

import hashlib
import json
import tomllib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .common import ROOT, engine

I18N = ROOT / "i18n"
RECORD = "translated-from.json"
"""The file, in a language's catalog folder, that says which English each text follows."""


def fingerprint(text: Any) -> str:
    """A short fingerprint of an English text (a plural message by all its forms)."""
    canonical = json.dumps(text, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()[:12]


def strings(value: Any, where: str) -> Iterator[tuple[str, str]]:
    """Every text of TOML data, down to its lists, with its path (``a.b[2].c``)."""
    if isinstance(value, str):
        yield where, value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from strings(v, f"{where}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from strings(v, f"{where}[{i}]")


def guide_texts(lang: str, root: Path = I18N) -> Iterator[tuple[str, str]]:
    """Every text of a language's guides with its id (``guide.<game>.section[2].body``)."""
    for path in sorted((root / lang / "guide").glob("*.toml")):
        data = tomllib.loads(path.read_text("utf-8")).get("guide", {})
        yield from strings(data, f"guide.{path.stem}")


def texts(lang: str, root: Path = I18N) -> dict[str, Any]:
    """A language's messages (without its own spoken variants) and guide texts, by id."""
    engine()
    from automa.core import i18n

    messages: dict[str, Any] = {}
    for path in sorted((root / lang).glob("*.toml")):
        messages.update(i18n.flatten(tomllib.loads(path.read_text("utf-8"))))
    return {**{k: v for k, v in messages.items() if i18n.variant_of(k) is None},
            **dict(guide_texts(lang, root))}


def record_of(lang: str, root: Path = I18N) -> dict[str, str]:
    """The fingerprints a language's texts follow (empty when it keeps none)."""
    path = root / lang / RECORD
    if not path.is_file():
        return {}
    data = json.loads(path.read_text("utf-8"))
    return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}


@dataclass(frozen=True)
class Status:
    """What a language still needs, each a sorted list of ids."""

    missing: list[str]
    """English texts the language does not have."""
    changed: list[str]
    """Texts whose English changed since the language's text was written (or that were never
    marked as following an English text)."""
    obsolete: list[str]
    """Texts of the language that English no longer has."""

    @property
    def done(self) -> bool:
        """Nothing is missing, out of date or left over."""
        return not (self.missing or self.changed or self.obsolete)


def status(lang: str, root: Path = I18N) -> Status:
    """What ``lang`` lacks against today's English."""
    english, own, record = texts("en", root), texts(lang, root), record_of(lang, root)
    return Status(
        missing=sorted(set(english) - set(own)),
        changed=sorted(k for k in set(english) & set(own)
                       if record.get(k) != fingerprint(english[k])),
        obsolete=sorted(set(own) - set(english)))


def mark(lang: str, keys: Sequence[str] | None = None, root: Path = I18N) -> list[str]:
    """Record that ``lang``'s texts of ``keys`` (all of them: None) follow today's English;
    the ids marked. Ids the language or English lacks are left out; the record keeps only
    ids both have."""
    english, own = texts("en", root), texts(lang, root)
    record = {k: v for k, v in record_of(lang, root).items() if k in english and k in own}
    chosen = [k for k in (sorted(own) if keys is None else keys) if k in english and k in own]
    for key in chosen:
        record[key] = fingerprint(english[key])
    path = root / lang / RECORD
    path.write_text(json.dumps(dict(sorted(record.items())), ensure_ascii=False, indent=0)
                    + "\n", "utf-8")
    return chosen


def report(lang: str, root: Path = I18N) -> str:
    """What ``lang`` still needs, one line per id with today's English."""
    found, english = status(lang, root), texts("en", root)
    lines = [f"{lang}: {len(found.missing)} missing, {len(found.changed)} changed in English "
             f"since translated, {len(found.obsolete)} no longer in English"]
    for label, keys in (("missing", found.missing), ("changed", found.changed)):
        lines += [f"{label:8} {key}  {json.dumps(english[key], ensure_ascii=False)}"
                  for key in keys]
    lines += [f"obsolete {key}" for key in found.obsolete]
    if found.changed or found.missing:
        lines.append(f"Once each is translated: python3 build.py translations {lang} "
                     "--mark KEY … (or --mark-all)")
    return "\n".join(lines)
