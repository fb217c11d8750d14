"""The QR code encoder of a shared game's link: every version and both levels read back by
an independent decoder (Debian's zbarimg), and the standard's own numbers."""

from __future__ import annotations

import random
import shutil
import struct
import subprocess
import zlib
from pathlib import Path

import pytest

from automa.app import qr


def png(code: qr.QrCode, path: Path, scale: int = 3, quiet: int = 4) -> None:
    """The code as a grey-scale PNG (written with zlib alone)."""
    side = (code.size + 2 * quiet) * scale
    rows = bytearray()
    for y in range(side):
        rows.append(0)
        yy = y // scale - quiet
        for x in range(side):
            xx = x // scale - quiet
            inside = 0 <= xx < code.size and 0 <= yy < code.size
            rows.append(0 if inside and code.dark(xx, yy) else 255)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    header = struct.pack(">IIBBBBB", side, side, 8, 0, 0, 0, 0)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
                     + chunk(b"IDAT", zlib.compress(bytes(rows))) + chunk(b"IEND", b""))


def test_the_standard_s_sizes_and_alignment_patterns() -> None:
    """Total codewords and alignment centres of a few versions, as the standard's tables
    give them."""
    assert [qr._raw_modules(v) // 8 for v in (1, 2, 7, 14, 21, 32, 40)] == [
        26, 44, 196, 581, 1156, 2465, 3706]
    assert qr._alignment_centres(7) == [6, 22, 38]
    assert qr._alignment_centres(32) == [6, 34, 60, 86, 112, 138]
    assert qr._alignment_centres(40) == [6, 30, 58, 86, 114, 142, 170]


def test_too_long_data_is_refused() -> None:
    with pytest.raises(qr.TooLong):
        qr.encode(b"x" * 3000, "L")


def test_the_svg_is_one_path_with_its_name() -> None:
    out = qr.svg(qr.encode(b"abc"), "Link")
    assert out.count("<path") == 1 and 'aria-label="Link"' in out


@pytest.mark.skipif(shutil.which("zbarimg") is None, reason="Debian's zbar-tools not installed")
@pytest.mark.parametrize("level", ["L", "M"])
def test_every_size_reads_back_in_an_independent_decoder(level: str, tmp_path: Path) -> None:
    rnd = random.Random(level)
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_/#:."
    seen = set()
    for length in (1, 14, 30, 60, 100, 180, 300, 500, 800, 1200, 1800):
        text = "".join(rnd.choice(alphabet) for _ in range(length))
        code = qr.encode(text.encode(), level)
        seen.add(code.version)
        png(code, tmp_path / "code.png")
        read = subprocess.run(["zbarimg", "-q", "--raw", str(tmp_path / "code.png")],
                              capture_output=True, text=True, check=False).stdout.strip()
        assert read == text, f"version {code.version} level {level}"
    assert len(seen) >= 10
