"""The build, phase by phase (as JupyterLite's addons): check → vendor → engine zip → page →
guides → icons and manifest → service worker, each phase a module of this package; and the
command line of ``build.py``."""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from . import check, engine, guides, hyphenate, icons, page, serve, stamp, sw, translations, vendor
from .common import DIST, PREFIX, ROOT, BuildError, write


def build(dist: Path = DIST, *, trim_stdlib: bool = True, quiet: bool = False,
          stamp_as: str | None = None, ahead: int = 0, own_origin: bool = False
          ) -> dict[str, Any]:
    """Check the data and translations, then write the whole of ``dist``; what was built
    (files, sizes, games, cache version, stamp). ``stamp_as``: the app's version name (by
    default from the sources); ``ahead``: see :func:`buildsteps.stamp.build_info`;
    ``own_origin``: the app will have its origin to itself, so a reopened page may start
    the engine from a memory snapshot made on the device (see
    :func:`buildsteps.page.snapshot_cache`)."""
    vendor.ensure_node_modules()
    catalogs = hyphenate.catalogs(check.check_translations())  # (as the page shows them)
    games = check.check_cards()
    found = guides.check_guides(games)
    # The app links each game's guide (games.json is what the page reads of the games).
    games = [{**g, "guide": True} if g["id"] in found else g for g in games]
    if dist.exists():
        shutil.rmtree(dist)
    dist.mkdir(parents=True)

    chunks = vendor.vendor(dist, trim_stdlib)
    info = stamp.build_info(stamp_as, ahead)
    write(dist / "pkgs" / "automa.zip", engine.engine_zip(catalogs, games, info))
    shell_total = sum((dist / name).stat().st_size for name in page.SHELL_FILES)
    page.write_page(dist, page.page_values(catalogs, games, found, shell_total, info,
                                           own_origin), chunks)
    guides.write_guides(dist, found, games)
    icons.write_icons(dist, catalogs)
    write(dist / ".nojekyll", b"")
    version = sw.service_worker(dist)

    report: dict[str, Any] = {**sw.sizes(dist), "games": [g["id"] for g in games],
                               "version": version, "stamp": info["stamp"]}
    if not quiet:
        print(f"built {dist.relative_to(ROOT) if dist.is_relative_to(ROOT) else dist}: "
              f"{report['files']} files, {report['raw'] / 1e6:.2f} MB raw, "
              f"{report['gzip'] / 1e6:.2f} MB gzip; games: {', '.join(report['games']) or 'none'}; "
              f"cache {sw.CACHE_PREFIX}{version}; start-up snapshot: "
              + ("made on the device (an origin of its own)" if own_origin
                 else "none (--own-origin: only where the app has its origin to itself)"))
    return report


def main(argv: list[str] | None = None) -> int:
    """Command line: ``build.py [serve] [--port N] [--no-trim-stdlib] [--out DIR]``, and
    ``build.py translations LANG [--mark KEY …|--mark-all]`` (:mod:`buildsteps.translations`)."""
    parser = argparse.ArgumentParser(description="Build the offline web app into dist/.")
    parser.add_argument("command", nargs="?", choices=["build", "serve", "translations"],
                        default="build")
    parser.add_argument("lang", nargs="?", default="de",
                        help="translations: the language to report on (default: de)")
    parser.add_argument("--mark", nargs="+", metavar="KEY",
                        help="translations: these texts now follow today's English")
    parser.add_argument("--mark-all", action="store_true",
                        help="translations: every text now follows today's English")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--out", type=Path, default=DIST)
    parser.add_argument("--no-trim-stdlib", action="store_true",
                        help="ship Pyodide's whole standard library")
    parser.add_argument("--no-build", action="store_true", help="serve the existing dist/")
    parser.add_argument("--stamp", help="the app's version name (default: from the sources)")
    parser.add_argument("--own-origin", action="store_true",
                        help="the app will have its origin to itself (a custom domain, a "
                             "user.github.io site with no other project, 127.0.0.1): a "
                             "reopened page starts the engine from a memory snapshot made on "
                             "the device. Never for a sub-path of a shared origin "
                             "(user.github.io/<repo>/): see README, Hosting")
    args = parser.parse_args(argv)
    os.chdir(ROOT)
    if args.command == "translations":
        return translations_command(args.lang, args.mark, args.mark_all)
    try:
        if not args.no_build:
            build(args.out.resolve(), trim_stdlib=not args.no_trim_stdlib, stamp_as=args.stamp,
                  own_origin=args.own_origin)
    except (BuildError, subprocess.CalledProcessError) as e:
        print(f"build failed: {e}", file=sys.stderr)
        return 1
    if args.command == "serve":
        server = serve.make_server(args.out.resolve(), args.port)
        print(f"serving at http://127.0.0.1:{args.port}{PREFIX}  (Ctrl+C stops)", flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            server.serve_forever()
    return 0


def add_build_options(parser: argparse.ArgumentParser, dist_help: str = "the build to serve"
                      ) -> None:
    """A benchmark's ``--no-build`` and ``--dist`` (which build it measures)."""
    parser.add_argument("--no-build", action="store_true", help="measure the existing build")
    parser.add_argument("--dist", type=Path, default=DIST, help=dist_help)


def built(args: argparse.Namespace, own_origin: bool = False) -> Path:
    """The build a benchmark measures: ``--dist``, built first unless ``--no-build`` finds one
    (``own_origin``: as :func:`build`'s, for a benchmark of the start-up snapshot)."""
    dist: Path = args.dist.resolve()
    if not args.no_build or not (dist / "index.html").is_file():
        build(dist, quiet=True, own_origin=own_origin)
    return dist


def translations_command(lang: str, keys: list[str] | None, every: bool) -> int:
    """``build.py translations``: mark what follows today's English, then report what a
    language still needs (exit status 1 while anything is missing or out of date)."""
    if keys or every:
        marked = translations.mark(lang, None if every else keys)
        print(f"{lang}: {len(marked)} texts marked as following today's English")
    print(translations.report(lang))
    return 0 if translations.status(lang).done else 1
