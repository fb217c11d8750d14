"""Our own seeded random generator: xoshiro128** with SplitMix32 seeding.

Its whole state is four 32-bit integers, stored as JSON inside the game state, so the
same seed and the same answers give the same game in CPython and in Pyodide, and an
undone draw draws the same card again. ``random.Random`` is deliberately not used:
its algorithms are not promised to stay the same between Python versions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

T = TypeVar("T")
_MASK = 0xFFFFFFFF


def _rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (32 - k))) & _MASK


def _splitmix32(seed: int) -> list[int]:
    state = seed & 0xFFFFFFFFFFFFFFFF
    out = []
    for _ in range(4):
        state = (state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        z ^= z >> 31
        out.append(z & _MASK)
    if not any(out):
        out[0] = 1
    return out


class Rng:
    """A seeded generator whose state is a JSON list; it mutates the list it was given.

    >>> r = Rng.from_seed(7)
    >>> [r.below(6) + 1 for _ in range(5)]
    [5, 4, 3, 4, 1]
    """

    __slots__ = ("s",)

    def __init__(self, state: list[int]) -> None:
        if len(state) != 4 or not all(isinstance(x, int) and 0 <= x <= _MASK for x in state):
            raise ValueError("rng state must be four 32-bit integers")
        self.s = state

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        """A generator started from an integer seed."""
        return cls(_splitmix32(seed))

    @staticmethod
    def initial_state(seed: int) -> list[int]:
        """The JSON state of a generator started from ``seed``."""
        return _splitmix32(seed)

    def next_u32(self) -> int:
        """The next raw 32-bit output."""
        s = self.s
        result = (_rotl((s[1] * 5) & _MASK, 7) * 9) & _MASK
        t = (s[1] << 9) & _MASK
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = _rotl(s[3], 11)
        return result

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``, without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = (_MASK + 1) - ((_MASK + 1) % n)
        while True:
            x = self.next_u32()
            if x < limit:
                return x % n

    def die(self, sides: int = 6) -> int:
        """A die roll: a uniform integer in ``[1, sides]``."""
        return self.below(sides) + 1

    def choice(self, items: Sequence[T]) -> T:
        """One item, uniformly."""
        if not items:
            raise ValueError("choice() from an empty sequence")
        return items[self.below(len(items))]

    def shuffle(self, items: Sequence[T]) -> list[T]:
        """A new list with the items in a uniform random order (Fisher–Yates)."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out

    def to_json(self) -> list[Any]:
        """The state, as JSON."""
        return list(self.s)
