"""The page: ``web/`` copied into ``dist/``, the loading shell's values filled in
(``web/shell/built.mjs``: its texts, the storage keys and formats it reads before Python is
ready, from the Python that owns them, the settings it accepts, what it lets through of a
stored screen), ``index.html`` given PyScript's configuration inlined, the shell's modules
preloaded and its Content-Security-Policy."""

from __future__ import annotations

import base64
import hashlib
import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .common import SNAPSHOT_CACHE, WEB, BuildError, engine, write
from .vendor import PLUGINS_OFF, PYSCRIPT_PRELOAD

SHELL_KEYS = ("web.app.title", "web.shell.starting", "web.shell.loading", "web.shell.last",
              "web.shell.failed", "web.shell.blocked", "web.shell.no_wasm", "web.shell.loaded",
              "web.shell.ready_soon", "web.home.saved", "web.home.turn", "web.home.finished",
              "web.shell.guides", "web.shell.guides_short", "web.app.languages",
              "web.shell.settings_more", "web.nav.settings", "web.settings.title",
              "web.settings.language", "web.settings.theme", "web.settings.theme_auto",
              "web.settings.theme_light",
              "web.settings.theme_dark", "web.settings.text", "web.settings.text_0",
              "web.settings.text_1", "web.settings.text_2", "web.error.settings_not_saved",
              "web.shell.unpacking", "web.shell.resume", "web.shell.tap_kept",
              "web.shell.tap_wait", "web.shell.home_kept", "web.store.newer_open",
              "web.shell.engine_failed",
              "web.nav.home")
# The files whose bytes the shell's progress bar counts (the engine and what it loads first).
SHELL_FILES = ("pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip", "pkgs/automa.zip",
               "pyodide/pyodide.asm.mjs")
# The sanitizer the shell shows a stored play screen through (vendored from npm).
CSS_CLASS = re.compile(r"\.(-?[A-Za-z_][\w-]*)")
PLACEHOLDER = re.compile(rb'/\*([A-Z_]+)\*/(\{[^}]*\}|\[[^\]]*\]|"[^"]*"|\d+)?')
"""``/*NAME*/`` in the page, with the stand-in value after it that keeps the unbuilt page
valid JavaScript (none inside an attribute or an element)."""


def shell_strings(catalogs: dict[str, dict[str, Any]],
                  games: list[dict[str, Any]] | None = None) -> dict[str, dict[str, str]]:
    """The few texts the page shows before Python is ready, in every language (a plural
    message by its ``other`` form) with every language's name, and the games' names
    (``game.<id>``)."""
    out: dict[str, dict[str, str]] = {}
    names = tuple(f"web.settings.lang_{lang}" for lang in catalogs)
    for lang, catalog in catalogs.items():
        out[lang] = {}
        for key in (*SHELL_KEYS, *names):
            value = catalog.get(key)
            if isinstance(value, dict):
                value = value.get("other")
            if not isinstance(value, str):
                raise BuildError(f"{lang}: missing {key} (i18n/{lang}/web.toml)")
            out[lang][key.split(".", 1)[1]] = value
        for game in games or []:
            name = catalog.get(game["name"])
            if isinstance(name, str):
                out[lang][f"game.{game['id']}"] = name
    return out


def screen_allowlist() -> bytes:
    """What the shell lets through of a stored play screen (``automa.app.screens``), as
    JSON: the format version, the largest size, our tags, attributes and links, and the
    classes our own stylesheet names."""
    engine()
    from automa.app import screens

    classes = sorted(set(CSS_CLASS.findall((WEB / "style.css").read_text()))
                     | set(screens.SCREEN_CLASSES))
    return json.dumps({"v": screens.SCREEN_VERSION,
                       "max": screens.MAX_SCREEN_CHARS + screens.HEADER_MAX,
                       "tags": list(screens.SCREEN_TAGS), "attrs": list(screens.SCREEN_ATTRS),
                       "classes": classes, "href": screens.SCREEN_HREF.pattern,
                       "early": early_actions()},
                      separators=(",", ":")).encode()

def first_homes(languages: list[str]) -> bytes:
    """Home as a first visit sees it (:mod:`automa.app.first_home`), drawn by the app's own
    controller, in each language, as JSON (every ``<`` escaped: no markup in the module's
    text): the shell paints it before the engine has started."""
    engine()
    from automa.app import first_home

    text = json.dumps(first_home.first_homes(languages), ensure_ascii=False,
                      separators=(",", ":"))
    return text.replace("<", "\\u003c").encode()


def early_actions() -> dict[str, list[str]]:
    """The taps the shell keeps for the engine: on a stored play screen, on the build's Home."""
    engine()
    from automa.app import controller, first_home

    return {"play": list(controller.EARLY_ACTIONS), "home": list(first_home.EARLY_ACTIONS)}


def storage_keys() -> bytes:
    """The storage keys and formats the shell reads (:mod:`automa.app.saves`,
    :mod:`automa.app.storage`, :mod:`automa.app.screens`), as JSON: the page names none
    itself, so a key renamed in Python cannot silently break the shell."""
    engine()
    from automa.app import first_home, saves, screens, storage

    return json.dumps({
        "settings": saves.KEY_SETTINGS, "last": saves.KEY_LAST, "index": saves.KEY_INDEX,
        "index_v": saves.INDEX_VERSION, "save": saves.SAVE_PREFIX, "save_id": saves.SAVE_ID.pattern,
        "header_max": saves.HEADER_MAX,
        "when_text": saves.WHEN_TEXT.pattern, "screen": screens.SCREEN_PREFIX,
        "format": storage.KEY_FORMAT, "reload": storage.KEY_RELOAD,
        "snapshot_failed": storage.KEY_SNAPSHOT_FAILED,
        "home_unless": list(first_home.SHOWN_UNLESS), "home_key": first_home.HOME_KEY,
    }, separators=(",", ":")).encode()


def fill(html: bytes, values: Mapping[str, bytes]) -> bytes:
    """``html`` with each placeholder (:data:`PLACEHOLDER`) replaced by its value; a
    placeholder without a value, or a value without its placeholder, stops the build."""
    found: set[str] = set()

    def value(m: re.Match[bytes]) -> bytes:
        name = m[1].decode()
        if name not in values:
            raise BuildError(f"nothing to put in /*{name}*/")
        found.add(name)
        return values[name]

    out = PLACEHOLDER.sub(value, html)
    if set(values) - found:
        raise BuildError(f"no place for {sorted(set(values) - found)}")
    return out


def snapshot_cache(own_origin: bool) -> bytes:
    """The page's name of the cache of the engine's start-up snapshot: none ("") unless the
    app has its origin to itself. On an origin shared with other sites (every project site
    ``user.github.io/<repo>/``), any of their pages could put a snapshot of its own making
    there, and the app would run it: there the engine always starts plainly."""
    return json.dumps(SNAPSHOT_CACHE if own_origin else "").encode()


def page_values(catalogs: dict[str, dict[str, Any]], games: list[dict[str, Any]],
                guides: Mapping[str, Any], shell_total: int,
                info: Mapping[str, Any], own_origin: bool = False) -> dict[str, bytes]:
    """What the build writes into the page's placeholders (``info``: the build's stamp and
    format versions, :func:`buildsteps.stamp.build_info`; ``own_origin``: see
    :func:`snapshot_cache`)."""
    from automa.app.saves import SETTING_CHOICES
    from automa.core.i18n import NUMBER_STYLE

    # PyScript's configuration is inlined in the page: one request less before Python starts.
    config = {"interpreter": "./pyodide/boot.mjs", "files": {"./pkgs/automa.zip": "./*"},
              "plugins": PLUGINS_OFF}
    return {
        "SHELL_STRINGS": json.dumps(shell_strings(catalogs, games), ensure_ascii=False,
                                    separators=(",", ":")).encode(),
        "SHELL_TOTAL": str(shell_total).encode(),
        "SHELL_GUIDES": json.dumps(sorted(guides)).encode(),
        "STORAGE_KEYS": storage_keys(),
        "SETTING_CHOICES": json.dumps({k: list(SETTING_CHOICES[k])
                                       for k in ("theme", "text")}).encode(),
        "SCREEN_ALLOW": screen_allowlist(),
        "FIRST_HOMES": first_homes(sorted(catalogs)),
        "FORMAT_VERSIONS": json.dumps(info["versions"]).encode(),
        "NUMBER_STYLE": json.dumps({lang: NUMBER_STYLE[lang] for lang in sorted(catalogs)
                                    if lang in NUMBER_STYLE}, ensure_ascii=False).encode(),
        "APP_STAMP": json.dumps(info["stamp"]).encode(),
        "SNAPSHOT_CACHE": snapshot_cache(own_origin),
        "PYSCRIPT_CONFIG": json.dumps(config, separators=(",", ":")).encode(),
        "MPY_CONFIG": json.dumps({"plugins": PLUGINS_OFF}, separators=(",", ":")).encode(),
    }


FILLED = ("index.html", "shell/built.mjs")
"""The files of ``web/`` with placeholders (:data:`PLACEHOLDER`) the build fills in."""


def write_page(dist: Path, values: Mapping[str, bytes], chunks: list[Path]) -> None:
    """Copy ``web/`` into ``dist`` (not the glue, which goes in the engine zip, nor the
    service worker's template, nor the shell's types), the files :data:`FILLED` filled in with
    ``values`` (each value in one of them, each placeholder given one), ``index.html`` with
    the modules it preloads and its policy."""
    # PyScript loads its chunks one after another; preloading them all removes the waterfall.
    preload = "\n".join(f'<link rel="modulepreload" href="./pyscript/{p.name}">'
                        for p in chunks if p.suffix == ".js" and PYSCRIPT_PRELOAD.match(p.name))
    # The shell's modules: all of them asked for at once, not import by import.
    shell = "\n".join(f'<link rel="modulepreload" href="./shell/{p.name}">'
                      for p in sorted((WEB / "shell").glob("*.mjs")))
    used: set[str] = set()
    for path in sorted(WEB.rglob("*")):
        rel = path.relative_to(WEB).as_posix()
        if (not path.is_file() or rel in ("sw.template.js", "main.py") or "__pycache__" in rel
                or rel.endswith((".d.ts", ".d.mts"))):
            continue
        data = path.read_bytes()
        if rel in FILLED:
            names = {m[1].decode() for m in PLACEHOLDER.finditer(data)}
            data = fill(data, {k: v for k, v in values.items() if k in names})
            used |= names
        if rel == "index.html":
            data = (data.replace(b"<!--PYSCRIPT_PRELOAD-->", preload.encode())
                    .replace(b"<!--SHELL_PRELOAD-->", shell.encode()))
            data = with_csp(data)
        write(dist / rel, data)
    if set(values) - used:
        raise BuildError(f"web/ has no place for {sorted(set(values) - used)}")


# The page's Content-Security-Policy: scripts only from the app's own files and the inline
# scripts the build hashed (no inline handlers, no injected <script>, no other origin); Pyodide
# needs 'wasm-unsafe-eval' to compile its WebAssembly, and PyScript's core 'unsafe-eval' (it
# builds its hook functions with Function(); measured: without it the page never starts). That
# allows no inline script or handler: only strings the app's own scripts pass to Function().
# Styles may be inline: the print sheets place each card with a style attribute, and CSS can
# neither run a script nor, with every other source limited to 'self', send anything elsewhere.
# No manifest-src: default-src 'self' covers the manifest, and WebKit logs every directive it
# does not know as a console error at each load ("Unrecognized ... directive 'manifest-src'").
CSP = ("default-src 'self'; script-src 'self'{scripts} 'wasm-unsafe-eval' 'unsafe-eval'; "
       "style-src 'self' 'unsafe-inline'; img-src 'self'; font-src 'self'; "
       "connect-src 'self'; worker-src 'self'; object-src 'none'; "
       "base-uri 'none'; form-action 'none'")
INLINE_SCRIPT = re.compile(rb"<script(?P<attrs>[^>]*)>(?P<body>.*?)</script>", re.S)


def content_security_policy(html: bytes) -> str:
    """The policy of ``html``: the sha256 of each inline script the browser runs."""
    hashes = []
    for m in INLINE_SCRIPT.finditer(html):
        attrs = m["attrs"].decode()
        if "src=" in attrs or re.search(r"type=[\"']?py", attrs):
            continue  # an external file ('self'), or Python that PyScript runs, not the browser
        digest = base64.b64encode(hashlib.sha256(m["body"]).digest()).decode()
        hashes.append(f"'sha256-{digest}'")
    return CSP.format(scripts="".join(f" {h}" for h in hashes))


def with_csp(html: bytes) -> bytes:
    """``html`` with its policy in a ``<meta>`` in place of ``<!--CSP-->``."""
    if b"<!--CSP-->" not in html:
        raise BuildError("web/index.html has no <!--CSP--> placeholder")
    meta = (f'<meta http-equiv="Content-Security-Policy" '
            f'content="{content_security_policy(html)}">')
    return html.replace(b"<!--CSP-->", meta.encode())

