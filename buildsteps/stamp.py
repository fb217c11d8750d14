"""The build's stamp: the app's version name (pyproject's version and a hash of the sources,
e.g. ``0.1.0-3f2a9c1b7d4e``: Settings show it, the update notice names the new one) and the
version of every format it writes (``automa/_data/build.json`` in the engine zip, and the
page's shell), so that the page knows them without importing every game, and names them in
the storage (:mod:`automa.app.versions`).
Also :func:`restamp`: a copy of a build under another stamp, for two versions side by side."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import tomllib
import zipfile
from pathlib import Path
from typing import Any

from . import page, sw
from .common import ROOT, engine, write, zip_bytes

BUILT = "shell/built.mjs"
"""The shell's module the build writes its values into (``web/shell/built.mjs``)."""


def with_value(module: bytes, name: str, value: bytes) -> bytes:
    """The built shell module with its constant ``name`` (one line) set to ``value``."""
    line = re.compile(rb"^(export const " + name.encode() + rb" = ).*;$", re.M)
    if not line.search(module):
        raise ValueError(f"{BUILT} has no {name}")
    return line.sub(lambda m: m[1] + value + b";", module, count=1)


def source_hash() -> str:
    """A hash of everything the app is built from (the default version stamp)."""
    h = hashlib.sha256()
    for folder in ("py", "cards", "i18n", "web"):
        for path in sorted((ROOT / folder).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                h.update(path.relative_to(ROOT).as_posix().encode() + b"\0"
                         + path.read_bytes() + b"\0")
    return h.hexdigest()[:12]


def release_version() -> str:
    """The release's version: ``[project] version`` of pyproject.toml (bumped by hand for a
    release the players should tell apart; every build also carries its source hash)."""
    with (ROOT / "pyproject.toml").open("rb") as f:
        version = tomllib.load(f)["project"]["version"]
    assert isinstance(version, str)
    return version


def build_info(stamp: str | None = None, ahead: int = 0) -> dict[str, Any]:
    """The app's version ``stamp`` and the version of every format it writes; ``ahead``
    (tests only) makes the browser storage layout claim that many versions more, so two
    builds of one commit can play an older and a newer version side by side."""
    engine()
    from automa.app.versions import registered_versions

    versions = registered_versions()
    versions["storage"] += ahead
    return {"stamp": stamp or f"{release_version()}-{source_hash()}", "ahead": ahead,
            "versions": versions}


def restamp(source: Path, out: Path, stamp: str, ahead: int = 0,
            own_origin: bool | None = None) -> None:
    """A copy of the built ``source`` under another version ``stamp`` (and ``ahead``; and,
    unless ``own_origin`` is None, for an origin of its own or a shared one: see
    :func:`buildsteps.page.snapshot_cache`): the engine's build stamp, the page's format
    versions, stamp and snapshot cache (the shell's built module) and the service worker are
    written again; the rest is the same build. Much quicker than a second build of the same
    commit."""
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(source, out)
    with zipfile.ZipFile(source / "pkgs" / "automa.zip") as z:
        entries = [(i.filename, z.read(i)) for i in z.infolist()]
    old = json.loads(dict(entries)["automa/_data/build.json"])
    versions = {**old["versions"], "storage": old["versions"]["storage"] - old["ahead"] + ahead}
    info = {"stamp": stamp, "ahead": ahead, "versions": versions}
    write(out / "pkgs" / "automa.zip", zip_bytes(
        (name, json.dumps(info).encode() if name == "automa/_data/build.json" else data)
        for name, data in entries))
    shell = (source / BUILT).read_bytes()
    shell = with_value(shell, "FORMATS", json.dumps(versions).encode())
    shell = with_value(shell, "STAMP", json.dumps(stamp).encode())
    if own_origin is not None:
        shell = with_value(shell, "SNAPSHOT_CACHE", page.snapshot_cache(own_origin))
    write(out / BUILT, shell)
    sw.service_worker(out)
