"""Serving ``dist/`` locally under the same sub-path as GitHub Pages (``python3 build.py
serve``; the end-to-end tests and benchmarks serve it the same way)."""

from __future__ import annotations

import http.server
import io
from pathlib import Path
from typing import Any

from .common import DIST, PREFIX

MIME = {".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
        ".webmanifest": "application/manifest+json", ".json": "application/json",
        ".zip": "application/zip", ".svg": "image/svg+xml", ".css": "text/css"}



def make_server(dist: Path = DIST, port: int = 8000, prefix: str = PREFIX,
                quiet: bool = False,
                extra: dict[str, bytes] | None = None) -> http.server.ThreadingHTTPServer:
    """An HTTP server of ``dist`` under ``prefix`` on 127.0.0.1 (like GitHub Pages).

    ``extra`` adds pages that are not in ``dist`` (name → HTML), e.g. a benchmark's page.
    """
    pages = dict(extra or {})

    class Handler(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            # set before the base class's __init__, which already answers the request
            self.extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                                   **MIME}
            super().__init__(*args, directory=str(dist), **kwargs)

        def send_head(self) -> Any:
            path = self.path.split("?", 1)[0]
            if path in ("/", prefix.rstrip("/")):
                self.send_response(301)
                self.send_header("Location", prefix)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return None
            if not path.startswith(prefix):
                self.send_error(404)
                return None
            self.path = "/" + self.path[len(prefix):]
            name = path[len(prefix):]
            if name in pages:
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(pages[name])))
                self.end_headers()
                return io.BytesIO(pages[name])
            return super().send_head()

        def end_headers(self) -> None:
            self.send_header("Cache-Control", "no-cache")
            super().end_headers()

        def log_message(self, format: str, *args: Any) -> None:
            if not quiet:
                super().log_message(format, *args)

    return http.server.ThreadingHTTPServer(("127.0.0.1", port), Handler)
