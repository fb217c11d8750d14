"""The service worker (``sw.js``, from ``web/sw.template.js``): it precaches every file of
``dist/`` under a cache named after their content, so the app works offline after the first
visit and a new build is a new cache. Also the build's size report."""

from __future__ import annotations

import gzip
import hashlib
import json
from pathlib import Path

from .common import WEB, write

CACHE_PREFIX = "automa-companion-"


def dist_files(dist: Path) -> list[str]:
    """Every file of dist/ as a relative URL path, sorted."""
    return sorted(p.relative_to(dist).as_posix() for p in dist.rglob("*")
                  if p.is_file() and p.name != "sw.js")


def content_hash(dist: Path, files: list[str]) -> str:
    """A hash of every file's name and content: the cache version."""
    h = hashlib.sha256()
    for name in files:
        h.update(name.encode() + b"\0" + (dist / name).read_bytes() + b"\0")
    return h.hexdigest()[:16]


def service_worker(dist: Path) -> str:
    """Write ``sw.js``, the list of every file of ``dist`` in a cache named after their
    content hash (the cache version, returned): the last file the build writes."""
    files = dist_files(dist)
    version = content_hash(dist, files)
    template = (WEB / "sw.template.js").read_text()
    urls = ["./"] + [f"./{f}" for f in files if f != ".nojekyll"]
    write(dist / "sw.js", template.replace("__CACHE__", CACHE_PREFIX + version)
          .replace("__CACHE_PREFIX__", CACHE_PREFIX)
          .replace("[/*FILES*/]", json.dumps(urls, indent=0)))
    return version


def sizes(dist: Path) -> dict[str, int]:
    """Number of files, raw bytes and gzip -9 bytes of ``dist``."""
    raw = packed = count = 0
    for p in dist.rglob("*"):
        if p.is_file():
            data = p.read_bytes()
            count += 1
            raw += len(data)
            packed += len(gzip.compress(data, 9, mtime=0))
    return {"files": count, "raw": raw, "gzip": packed}
