"""The QR code encoder of a shared game's link: every version and both levels module for
module as a well-kept encoder draws them (segno, a test dependency only), codes of eleven
lengths read back by an independent decoder (Debian's zbarimg), and the standard's own
numbers."""

from __future__ import annotations

import random
import shutil
import struct
import subprocess
import zlib
from pathlib import Path

import pytest
import segno

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
def test_eleven_lengths_read_back_in_an_independent_decoder(level: str, tmp_path: Path) -> None:
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


LEVELS_AND_VERSIONS = [(level, version) for level in ("L", "M")
                       for version in range(1, qr.MAX_VERSION + 1)]


def full(version: int, level: str) -> bytes:
    """As many bytes as ``version`` holds at ``level`` (every block filled), drawn from a
    generator seeded by both."""
    length = (qr._data_codewords(version, level) * 8 - 4 - qr._count_bits(version)) // 8
    return random.Random(f"{level}{version}").randbytes(length)


@pytest.mark.parametrize(("level", "version"), LEVELS_AND_VERSIONS)
def test_every_version_and_level_is_bit_exact_with_segno(level: str, version: int) -> None:
    """Issue 50 item 5: our encoder against a well-kept one (segno, a test dependency only),
    module for module, for the same bytes, mode, version, level and mask. The mask turns
    with the version so that each of the eight is met at both levels; which mask to pick is
    left to each encoder (the standard allows any, and segno reckons its penalty before the
    format information is drawn, as ISO/IEC 18004:2015 §7.8 reads)."""
    data, mask = full(version, level), version % 8
    ours = qr._encode(data, version, level, range(mask, mask + 1))
    theirs = segno.make(data, version=version, error=level, mode="byte", mask=mask,
                        boost_error=False, micro=False)
    assert theirs.designator == f"{version}-{level}"
    assert ours.rows == tuple(tuple(bool(m) for m in row) for row in theirs.matrix)


@pytest.mark.parametrize(("level", "version"), LEVELS_AND_VERSIONS)
def test_the_smallest_version_is_the_one_segno_chooses(level: str, version: int) -> None:
    """A version's full load is ours at that version, and one byte more goes to the next one
    (or is too long at 40), where segno refuses it as well."""
    data = full(version, level)
    assert qr._smallest_version(len(data), level) == version
    with pytest.raises(segno.DataOverflowError):
        segno.make(data + b"x", version=version, error=level, mode="byte", boost_error=False)
    if version < qr.MAX_VERSION:
        assert qr._smallest_version(len(data) + 1, level) == version + 1
    else:
        with pytest.raises(qr.TooLong):
            qr.encode(data + b"x", level)
