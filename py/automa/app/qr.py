"""A QR code encoder (ISO/IEC 18004, byte mode, error correction level M or L), so that a
shared game's link can be shown as a code a phone camera reads — drawn by our own code, with
no network and no package.

>>> code = encode(b"https://example.org/#/join/abc")
>>> code.version, code.size
(3, 29)
>>> code.dark(0, 0), code.dark(7, 7)
(True, False)
"""

from __future__ import annotations

import html
from dataclasses import dataclass

# The error correction of each version (index 0 = version 1), by level: (codewords of error
# correction per block, number of blocks). Facts of the standard's table 9.
_ECC_PER_BLOCK = {
    "L": (7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28,
          28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30),
    "M": (10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
          26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28),
}
_BLOCKS = {
    "L": (1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8,
          8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25),
    "M": (1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
          17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49),
}
_LEVEL_BITS = {"L": 1, "M": 0}
"""The two bits that name the level in the format information."""
MAX_VERSION = 40


class TooLong(ValueError):
    """The data does not fit in the largest QR code of the level."""


@dataclass(frozen=True)
class QrCode:
    """A QR code: ``size`` × ``size`` modules, ``rows[y][x]`` true where dark."""

    version: int
    size: int
    rows: tuple[tuple[bool, ...], ...]

    def dark(self, x: int, y: int) -> bool:
        """Whether the module at column ``x``, row ``y`` is dark."""
        return self.rows[y][x]


# --- arithmetic in GF(256), the field of the error correction codes ------------------------
def _gf_tables() -> tuple[list[int], list[int]]:
    exp, log = [0] * 512, [0] * 256
    x = 1
    for i in range(255):
        exp[i], log[x] = x, i
        x <<= 1
        if x & 0x100:
            x ^= 0x11D  # the field's polynomial x^8 + x^4 + x^3 + x^2 + 1
    for i in range(255, 512):
        exp[i] = exp[i - 255]
    return exp, log


_EXP, _LOG = _gf_tables()


def _mul(a: int, b: int) -> int:
    return 0 if a == 0 or b == 0 else _EXP[_LOG[a] + _LOG[b]]


def _generator(degree: int) -> list[int]:
    """The coefficients (highest first, leading 1 dropped) of ∏ (x − α^i), i < degree."""
    poly = [1]
    for i in range(degree):
        nxt = [0] * (len(poly) + 1)
        for j, c in enumerate(poly):
            nxt[j] ^= c
            nxt[j + 1] ^= _mul(c, _EXP[i])
        poly = nxt
    return poly[1:]


def _remainder(data: list[int], degree: int) -> list[int]:
    """The error correction codewords of one block: ``data`` · x^degree mod the generator."""
    gen = _generator(degree)
    rest = [0] * degree
    for byte in data:
        factor = byte ^ rest[0]
        rest = [*rest[1:], 0]
        for i, g in enumerate(gen):
            rest[i] ^= _mul(g, factor)
    return rest


# --- sizes ---------------------------------------------------------------------------------
def _alignment_centres(version: int) -> list[int]:
    """The rows (and columns) of the alignment patterns' centres: 6, then evenly spaced
    even steps up to ``size - 7`` (version 32's step of 26 is the standard's exception)."""
    if version == 1:
        return []
    count = version // 7 + 2
    step = 26 if version == 32 else -(-(version * 4 + 4) // (count * 2 - 2)) * 2
    last = version * 4 + 10
    return [6, *sorted(last - i * step for i in range(count - 1))]


def _raw_modules(version: int) -> int:
    """The modules left for data and error correction once the patterns are drawn."""
    size = version * 4 + 17
    n = size * size - 3 * 64 - 2 * (size - 16) - 31  # finders+separators, timing, format
    if version >= 2:
        k = version // 7 + 2
        n -= (k * k - 3) * 25 - (k - 2) * 2 * 5  # alignment patterns (minus timing overlap)
    if version >= 7:
        n -= 36  # version information
    return n


def _data_codewords(version: int, level: str) -> int:
    ecc, blocks = _ECC_PER_BLOCK[level][version - 1], _BLOCKS[level][version - 1]
    return _raw_modules(version) // 8 - ecc * blocks


def _count_bits(version: int) -> int:
    return 8 if version <= 9 else 16


# --- the bit stream ------------------------------------------------------------------------
def _codewords(data: bytes, version: int, level: str) -> list[int]:
    """The data in byte mode, padded, split in blocks, each with its error correction, and
    interleaved as the code lays them out."""
    bits: list[int] = []

    def put(value: int, length: int) -> None:
        bits.extend((value >> i) & 1 for i in reversed(range(length)))

    put(0b0100, 4)
    put(len(data), _count_bits(version))
    for byte in data:
        put(byte, 8)
    capacity = _data_codewords(version, level) * 8
    put(0, min(4, capacity - len(bits)))
    put(0, -len(bits) % 8)
    pad = 0xEC
    while len(bits) < capacity:
        put(pad, 8)
        pad ^= 0xEC ^ 0x11
    words = [int("".join(map(str, bits[i:i + 8])), 2) for i in range(0, len(bits), 8)]

    ecc, count = _ECC_PER_BLOCK[level][version - 1], _BLOCKS[level][version - 1]
    total = _raw_modules(version) // 8
    short_len = total // count - ecc  # data codewords in a short block
    shorts = count - total % count
    blocks: list[list[int]] = []
    at = 0
    for i in range(count):
        length = short_len + (0 if i < shorts else 1)
        blocks.append(words[at:at + length])
        at += length
    out = [b[i] for i in range(short_len + 1) for b in blocks if i < len(b)]
    eccs = [_remainder(b, ecc) for b in blocks]
    out += [e[i] for i in range(ecc) for e in eccs]
    return out


# --- the matrix ----------------------------------------------------------------------------
class _Matrix:
    def __init__(self, version: int) -> None:
        self.version = version
        self.size = version * 4 + 17
        self.dark = [[False] * self.size for _ in range(self.size)]
        self.fixed = [[False] * self.size for _ in range(self.size)]

    def set(self, x: int, y: int, dark: bool) -> None:
        self.dark[y][x] = dark
        self.fixed[y][x] = True

    def patterns(self) -> None:
        n = self.size
        for i in range(n):
            self.set(6, i, i % 2 == 0)
            self.set(i, 6, i % 2 == 0)
        for cx, cy in ((3, 3), (n - 4, 3), (3, n - 4)):
            for dy in range(-4, 5):
                for dx in range(-4, 5):
                    x, y = cx + dx, cy + dy
                    if 0 <= x < n and 0 <= y < n:
                        ring = max(abs(dx), abs(dy))
                        self.set(x, y, ring not in (2, 4))
        centres = _alignment_centres(self.version)
        last = len(centres) - 1
        for i, cy in enumerate(centres):
            for j, cx in enumerate(centres):
                if (i, j) in ((0, 0), (0, last), (last, 0)):
                    continue  # under a finder pattern
                for dy in range(-2, 3):
                    for dx in range(-2, 3):
                        self.set(cx + dx, cy + dy, max(abs(dx), abs(dy)) != 1)
        self.format_bits(0, "M")  # reserved now, written for real once the mask is chosen
        self.version_bits()

    def format_bits(self, mask: int, level: str) -> None:
        data = _LEVEL_BITS[level] << 3 | mask
        rem = data
        for _ in range(10):
            rem = (rem << 1) ^ ((rem >> 9) * 0x537)
        bits = (data << 10 | rem) ^ 0x5412
        n = self.size

        def bit(i: int) -> bool:
            return (bits >> i) & 1 == 1

        for i in range(6):
            self.set(8, i, bit(i))
        self.set(8, 7, bit(6))
        self.set(8, 8, bit(7))
        self.set(7, 8, bit(8))
        for i in range(9, 15):
            self.set(14 - i, 8, bit(i))
        for i in range(8):
            self.set(n - 1 - i, 8, bit(i))
        for i in range(8, 15):
            self.set(8, n - 15 + i, bit(i))
        self.set(8, n - 8, True)  # the dark module

    def version_bits(self) -> None:
        if self.version < 7:
            return
        rem = self.version
        for _ in range(12):
            rem = (rem << 1) ^ ((rem >> 11) * 0x1F25)
        bits = self.version << 12 | rem
        for i in range(18):
            dark = (bits >> i) & 1 == 1
            a, b = self.size - 11 + i % 3, i // 3
            self.set(a, b, dark)
            self.set(b, a, dark)

    def place(self, words: list[int]) -> None:
        """The codewords' bits in the zigzag of two-module columns, right to left."""
        bits = [(w >> (7 - i)) & 1 == 1 for w in words for i in range(8)]
        at = 0
        n = self.size
        right = n - 1
        while right >= 1:
            if right == 6:
                right = 5  # the vertical timing pattern's column is skipped
            upward = ((right + 1) & 2) == 0
            for v in range(n):
                y = n - 1 - v if upward else v
                for x in (right, right - 1):
                    if not self.fixed[y][x] and at < len(bits):
                        self.dark[y][x] = bits[at]
                        at += 1
            right -= 2

    def masked(self, mask: int) -> list[list[bool]]:
        out = [row[:] for row in self.dark]
        for y in range(self.size):
            for x in range(self.size):
                if not self.fixed[y][x] and _MASKS[mask](x, y):
                    out[y][x] = not out[y][x]
        return out


_MASKS = (
    lambda x, y: (x + y) % 2 == 0,
    lambda x, y: y % 2 == 0,
    lambda x, y: x % 3 == 0,
    lambda x, y: (x + y) % 3 == 0,
    lambda x, y: (x // 3 + y // 2) % 2 == 0,
    lambda x, y: x * y % 2 + x * y % 3 == 0,
    lambda x, y: (x * y % 2 + x * y % 3) % 2 == 0,
    lambda x, y: ((x + y) % 2 + x * y % 3) % 2 == 0,
)


def _penalty(rows: list[list[bool]]) -> int:
    """The standard's penalty of a masked matrix (runs, 2×2 blocks, finder-like patterns,
    balance): the mask with the lowest is used."""
    n = len(rows)
    score = 0
    lines = [*rows, *([rows[y][x] for y in range(n)] for x in range(n))]
    finder_a = [True, False, True, True, True, False, True, False, False, False, False]
    finder_b = finder_a[::-1]
    for line in lines:
        run = 1
        for i in range(1, n + 1):
            if i < n and line[i] == line[i - 1]:
                run += 1
                continue
            if run >= 5:
                score += run - 2
            run = 1
        for i in range(n - 10):
            window = line[i:i + 11]
            if window in (finder_a, finder_b):
                score += 40
    for y in range(n - 1):
        for x in range(n - 1):
            if rows[y][x] == rows[y][x + 1] == rows[y + 1][x] == rows[y + 1][x + 1]:
                score += 3
    dark, total = sum(map(sum, rows)), n * n
    score += (-(-abs(dark * 20 - total * 10) // total) - 1) * 10  # balance of dark and light
    return score


def encode(data: bytes, level: str = "M") -> QrCode:
    """The smallest QR code of ``level`` ("M" or "L") holding ``data`` in byte mode; raises
    :class:`TooLong` if none does."""
    return _encode(data, _smallest_version(len(data), level), level, range(8))


def _smallest_version(length: int, level: str) -> int:
    """The first version whose data codewords hold ``length`` bytes in byte mode."""
    for version in range(1, MAX_VERSION + 1):
        head = 4 + _count_bits(version)
        if head + 8 * length <= _data_codewords(version, level) * 8:
            return version
    raise TooLong(length)


def _encode(data: bytes, version: int, level: str, masks: range) -> QrCode:
    """``data`` as a code of ``version``, under the mask of ``masks`` of the lowest penalty
    (a range of one mask: that mask, no penalty reckoned; how the tests fix it)."""
    matrix = _Matrix(version)
    matrix.patterns()
    matrix.place(_codewords(data, version, level))
    best: list[list[bool]] | None = None
    best_score = 0
    for mask in masks:
        matrix.format_bits(mask, level)
        candidate = matrix.masked(mask)
        score = _penalty(candidate) if len(masks) > 1 else 0
        if best is None or score < best_score:
            best, best_score = candidate, score
    assert best is not None
    return QrCode(version, matrix.size, tuple(tuple(row) for row in best))


def svg(code: QrCode, label: str, quiet: int = 4) -> str:
    """The code as an SVG of one path, ``label`` its accessible name."""
    side = code.size + 2 * quiet
    runs: list[str] = []
    for y, row in enumerate(code.rows):
        x = 0
        while x < code.size:
            if row[x]:
                start = x
                while x < code.size and row[x]:
                    x += 1
                runs.append(f"M{start + quiet} {y + quiet}h{x - start}v1h{start - x}z")
            else:
                x += 1
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {side} {side}" '
            f'role="img" aria-label="{html.escape(label)}" shape-rendering="crispEdges">'
            f'<rect width="{side}" height="{side}" fill="#fff"/>'
            f'<path fill="#000" d="{"".join(runs)}"/></svg>')
