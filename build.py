#!/usr/bin/env python3
"""Build the offline web app into ``dist/`` (standard library only).

    python3 build.py            # check data and translations, then write dist/
    python3 build.py serve      # build, then serve at http://127.0.0.1:8000/automa-companion/

``dist/`` holds the vendored Pyodide runtime and PyScript chunks the page needs (copied from
``node_modules``, installed with ``npm ci`` when missing), the engine packed as one zip with
its card data and compiled message catalogs inside (``automa/_data/``), the page from
``web/``, a web app manifest, icons drawn here, and a service worker that precaches every
file under a content-hashed cache name. Every URL is relative, so the same ``dist/`` works at
``/`` and under a sub-path such as GitHub Pages' ``/<repo>/``.

It also writes each game's rule guide as a static page per language (``guide/``), readable
before and without the engine.

The build stops with a clear message when card data is invalid, a translation is missing or
a rule guide is malformed. Each phase is a module of ``buildsteps/`` (``pipeline`` runs them
in order): ``check``, ``vendor``, ``engine`` (the engine zip), ``page`` (with its
Content-Security-Policy), ``guides``, ``icons``, ``sw`` (the service worker) and ``serve``.
"""

from __future__ import annotations

import sys

from buildsteps.pipeline import main

if __name__ == "__main__":
    sys.exit(main())
