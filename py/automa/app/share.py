"""A game's set-up shared by a link: the game, its options (a deck keyed in included) and its
seed — never the player's answers — so that a friend starts the same bot game (the same
deck, the same set-up draws, the same rule readings) and two people play it apart.

The code is the set-up as compact JSON, compressed and written in URL-safe base64
(``#/join/<code>``). A code is as hostile as an imported save: it is size-limited before
anything is decoded, its decompressed size is capped, every field is checked, and the game is
started once to check its options; a code of a newer version of the app or of the game's
rules is refused as such.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from dataclasses import dataclass
from typing import Any

from automa.core.checks import read_json
from automa.core.errors import AutomaError
from automa.core.game import find_game
from automa.core.numbers import SEED_MAX
from automa.core.session import Session, new_game

SHARE_FORMAT = 1
"""The version of a share code's content; a code of a later one is refused as newer."""
MAX_CODE_CHARS = 12_000
"""The longest code read (a keyed-in deck of 60 cards fits several times over)."""
MAX_JSON_BYTES = 64_000
"""The most a code may decompress to."""
ROUTE = "join"
"""The URL route of a shared game: ``#/join/<code>``."""
APP_URL = "http://127.0.0.1:8000/automa-companion/"
"""The app's address for a link made outside the page (the terminal's ``share``), unless one
is given (``--app-url``, ``$AUTOMA_APP_URL``): where ``python3 build.py serve`` serves it on
this computer. A phone opens a link to the address the app is published at."""
_CODE = re.compile(r"[A-Za-z0-9_-]+")
_FIELDS = {"f": int, "g": str, "v": int, "o": dict, "s": int}


class ShareRefused(AutomaError):
    """A link that does not hold a game this app can start (damaged, tampered, newer)."""

    key = "error.share.damaged"


@dataclass(frozen=True)
class SharedGame:
    """The set-up a link holds."""

    game: str
    options: dict[str, Any]
    seed: int
    game_version: int

    def start(self) -> Session:
        """A new game with this set-up (its options checked again by the game)."""
        return new_game(self.game, self.options, self.seed)


def code_of(session: Session) -> str:
    """The share code of ``session``'s set-up."""
    payload = {"f": SHARE_FORMAT, "g": session.game_id, "v": session.game.version,
               "o": session.options, "s": session.seed}
    raw = json.dumps(payload, separators=(",", ":"), sort_keys=True, ensure_ascii=False)
    return _written(zlib.compress(raw.encode("utf-8"), 9))


def _written(packed: bytes) -> str:
    """Compressed bytes as a code: URL-safe base64 without its padding."""
    return base64.urlsafe_b64encode(packed).rstrip(b"=").decode("ascii")


def link_of(session: Session, base: str) -> str:
    """The link a friend opens: the app's address (without its hash) and the code."""
    return f"{base.split('#', 1)[0]}#/{ROUTE}/{code_of(session)}"


def code_in(text: str) -> str:
    """The code of a link (``…#/join/<code>``) or of a code given as it is."""
    marker = f"#/{ROUTE}/"
    return text.split(marker, 1)[1] if marker in text else text.strip()


def _unpacked(code: str) -> dict[str, Any]:
    if code == "":  # a link cut off after "#/join/"
        raise ShareRefused("error.share.empty")
    if not isinstance(code, str) or not 0 < len(code) <= MAX_CODE_CHARS:
        raise ShareRefused("error.share.damaged")
    if not _CODE.fullmatch(code):
        raise ShareRefused("error.share.damaged")
    try:
        packed = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
        inflater = zlib.decompressobj()
        raw = inflater.decompress(packed, MAX_JSON_BYTES)
        # the whole code is one compressed set-up and nothing else: anything appended to a
        # valid code (even in base64's own letters) is refused, as the code is then not ours
        if (inflater.unconsumed_tail or inflater.unused_data or not inflater.eof
                or _written(packed) != code):
            raise ShareRefused("error.share.damaged")
        data = read_json(raw.decode("utf-8"))
    except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError, RecursionError):
        raise ShareRefused("error.share.damaged") from None
    if not isinstance(data, dict):
        raise ShareRefused("error.share.damaged")
    return data


def read_code(code: str) -> SharedGame:
    """The set-up a code holds, checked: :class:`ShareRefused` names what is wrong (none at
    all, damaged or tampered — a valid code with anything appended too —, made by a newer
    version, a game this app does not have); an option the game refuses raises the game's
    own error."""
    data = _unpacked(code)
    version = data.get("f")
    if isinstance(version, int) and not isinstance(version, bool) and version > SHARE_FORMAT:
        raise ShareRefused("error.share.newer")
    if set(data) != set(_FIELDS) or any(
            isinstance(data[k], bool) or not isinstance(data[k], kind)
            for k, kind in _FIELDS.items()) or version != SHARE_FORMAT:
        raise ShareRefused("error.share.damaged")
    try:
        game = find_game(data["g"])
    except AutomaError:
        raise ShareRefused("error.share.unknown_game") from None
    if data["v"] > game.version:
        raise ShareRefused("error.share.newer")
    if data["v"] < 1 or abs(data["s"]) > SEED_MAX:
        raise ShareRefused("error.share.damaged")
    shared = SharedGame(game.id, data["o"], data["s"], data["v"])
    shared.start()  # the game's own checks of every option (a keyed-in deck's cards too)
    return shared
