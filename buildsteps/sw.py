"""The service worker (``sw.js``, from ``web/sw.template.js``): it precaches every file of
``dist/`` under a cache named after their content, so the app works offline after the first
visit and a new build is a new cache. Also the build's size report."""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import zipfile
from pathlib import Path

from .common import SNAPSHOT_CACHE, WEB, write

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


SW_VERIFY = True
"""Whether the service worker checks each cached file's SHA-256 each time it serves it (it
always checks at install); ``bench/integrity.py`` measures what that costs."""


def build_stamp(dist: Path) -> str:
    """The version stamp of the build in ``dist`` (its engine's ``build.json``), "" if none."""
    try:
        with zipfile.ZipFile(dist / "pkgs" / "automa.zip") as z:
            stamp = json.loads(z.read("automa/_data/build.json")).get("stamp")
    except (OSError, KeyError, ValueError, zipfile.BadZipFile):
        return ""
    return stamp if isinstance(stamp, str) else ""


def service_worker(dist: Path, verify: bool = SW_VERIFY) -> str:
    """Write ``sw.js``, the list of every file of ``dist`` with its SHA-256, in a cache named
    after their content hash (the cache version, returned): the last file the build writes."""
    files = dist_files(dist)
    version = content_hash(dist, files)
    template = (WEB / "sw.template.js").read_text()
    urls = ["./"] + [f"./{f}" for f in files if f != ".nojekyll"]
    hashes = {url: base64.b64encode(hashlib.sha256(
        (dist / ("index.html" if url == "./" else url[2:])).read_bytes()).digest()).decode()
        for url in urls}
    write(dist / "sw.js", template.replace("__CACHE__", CACHE_PREFIX + version)
          .replace("__CACHE_PREFIX__", CACHE_PREFIX)
          .replace("__SNAPSHOT_CACHE__", SNAPSHOT_CACHE)
          .replace('"__VERSION__"', json.dumps(build_stamp(dist)))
          .replace("[/*FILES*/]", json.dumps(urls, indent=0))
          .replace("{/*HASHES*/}", json.dumps(hashes, indent=0))
          .replace("/*VERIFY*/true", "true" if verify else "false"))
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
