"""The icons, drawn here (our own drawing: two cards fanned out on a teal tile) as PNG at
192 and 512 px, a maskable one and an SVG, and the web app manifest that names them."""

from __future__ import annotations

import functools
import json
import math
import struct
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .common import write

Pixel = Callable[[float, float], tuple[int, int, int, int]]


def png(width: int, height: int, pixel: Pixel) -> bytes:
    """An RGBA PNG whose pixel colour at the centre ``(x, y)`` in 0..1 is ``pixel``."""
    rows = bytearray()
    for j in range(height):
        rows.append(0)
        y = (j + 0.5) / height
        for i in range(width):
            rows.extend(pixel((i + 0.5) / width, y))

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(
            ">I", zlib.crc32(tag + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(bytes(rows), 9)) + chunk(b"IEND", b""))


def _round_rect(x: float, y: float, cx: float, cy: float, hw: float, hh: float,
                r: float) -> float:
    """Signed distance to a rounded rectangle centred at (cx, cy)."""
    dx, dy = abs(x - cx) - hw + r, abs(y - cy) - hh + r
    return math.hypot(max(dx, 0), max(dy, 0)) + min(max(dx, dy), 0) - r


def _rotate(x: float, y: float, cx: float, cy: float, angle: float) -> tuple[float, float]:
    c, s = math.cos(angle), math.sin(angle)
    return cx + (x - cx) * c + (y - cy) * s, cy - (x - cx) * s + (y - cy) * c


BG = (29, 78, 95)
CARD_BACK = (226, 160, 66)
CARD_FACE = (250, 247, 240)
PIP = (196, 72, 52)


def icon_pixel(size: int, maskable: bool) -> Pixel:
    """Two cards fanned out on a teal tile: the app's icon (our own drawing)."""
    px = 1.0 / size
    scale = 0.78 if maskable else 1.0  # maskable icons keep their content in the safe zone

    def cover(d: float) -> float:
        return min(1.0, max(0.0, 0.5 - d / px))

    def pixel(x: float, y: float) -> tuple[int, int, int, int]:
        tile = 1.0 if maskable else cover(_round_rect(x, y, 0.5, 0.5, 0.5, 0.5, 0.2))
        if tile <= 0:
            return (0, 0, 0, 0)
        u, v = 0.5 + (x - 0.5) / scale, 0.5 + (y - 0.5) / scale
        colour = list(BG)
        layers = []
        bx, by = _rotate(u, v, 0.42, 0.52, -0.28)
        layers.append((cover(_round_rect(bx, by, 0.42, 0.52, 0.17, 0.24, 0.035) * scale),
                       CARD_BACK))
        fx, fy = _rotate(u, v, 0.57, 0.5, 0.16)
        face = _round_rect(fx, fy, 0.57, 0.5, 0.17, 0.24, 0.035) * scale
        layers.append((cover(face - 0.012), (20, 40, 48)))
        layers.append((cover(face), CARD_FACE))
        layers.append((cover((math.hypot(fx - 0.57, fy - 0.5) - 0.075) * scale), PIP))
        for a, c in layers:
            if a > 0:
                colour = [round(colour[k] * (1 - a) + c[k] * a) for k in range(3)]
        return (colour[0], colour[1], colour[2], round(255 * tile))

    return pixel


ICON_SVG = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
<rect width="100" height="100" rx="20" fill="#1d4e5f"/>
<rect x="25" y="28" width="34" height="48" rx="3.5" fill="#e2a042" transform="rotate(-16 42 52)"/>
<rect x="40" y="26" width="34" height="48" rx="3.5" fill="#faf7f0" stroke="#142830"
 stroke-width="1.2" transform="rotate(9 57 50)"/>
<circle cx="57" cy="50" r="7.5" fill="#c44834"/>
</svg>
"""


@functools.cache
def icons() -> dict[str, bytes]:
    """The app's icons: 192 and 512 px, a maskable 512 px one, and the SVG."""
    return {
        "icons/icon-192.png": png(192, 192, icon_pixel(192, False)),
        "icons/icon-512.png": png(512, 512, icon_pixel(512, False)),
        "icons/maskable-512.png": png(512, 512, icon_pixel(512, True)),
        "icons/icon.svg": ICON_SVG.encode(),
    }


def manifest(catalogs: dict[str, dict[str, Any]]) -> str:
    """The web app manifest (English names; the page itself follows the chosen language)."""
    en = catalogs["en"]
    return json.dumps({
        "name": en["web.app.title"],
        "short_name": en["web.app.short_name"],
        "description": f"{en['web.app.description']} {en['web.app.languages']}",
        "lang": "en",
        "start_url": "./",
        "scope": "./",
        "id": "./",
        "display": "standalone",
        "orientation": "any",
        "background_color": "#f7f4ee",
        "theme_color": "#1d4e5f",
        "icons": [
            {"src": "icons/icon-192.png", "sizes": "192x192", "type": "image/png",
             "purpose": "any"},
            {"src": "icons/icon-512.png", "sizes": "512x512", "type": "image/png",
             "purpose": "any"},
            {"src": "icons/maskable-512.png", "sizes": "512x512", "type": "image/png",
             "purpose": "maskable"},
            {"src": "icons/icon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"},
        ],
    }, ensure_ascii=False, indent=1)


def write_icons(dist: Path, catalogs: dict[str, dict[str, Any]]) -> None:
    """Write the icons and the manifest into ``dist``."""
    write(dist / "manifest.webmanifest", manifest(catalogs))
    for name, data in icons().items():
        write(dist / name, data)
