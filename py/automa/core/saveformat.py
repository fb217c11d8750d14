"""The save envelope's format: its name, its versions and the migrations between them,
read by :mod:`automa.core.savefile` and written by :meth:`automa.core.session.Session.to_json`.
"""

from __future__ import annotations

import copy
from typing import Any

from automa.core.errors import AutomaError
from automa.core.formats import Format, Migrated
from automa.core.game import GameDef, find_game

SAVE_FORMAT = "automa-companion-save"


def save_v1_to_v2(envelope: dict[str, Any]) -> Migrated:
    """Save 1 (engine 0.1.0, commit 588bb06): the engine state (the snapshot, and the base
    of a game restored from its snapshot) had no phase. Save 2: each carries ``"phase"``,
    derived by the game from what the old state shows (:attr:`GameDef.migrate`); the
    replay sets the real one, so a save whose answers reach its snapshot but for a guessed
    phase keeps its undo history."""
    out = {**envelope, "version": 2}
    try:
        game = find_game(envelope.get("game", ""))
    except AutomaError:
        return Migrated(out)  # (the loader names the unknown game)
    if "snapshot" in envelope:
        out["snapshot"] = _upgraded(game, envelope["snapshot"])
    base = envelope.get("base")
    if isinstance(base, dict) and "state" in base:
        out["base"] = {**base, "state": _upgraded(game, base["state"])}
    return Migrated(out)


def save_v2_to_v3(envelope: dict[str, Any]) -> Migrated:
    """Save 2: the options named every option of the game then. Save 3: options added to
    the games since (the rule readings of the Civilization, Glory and Tapestry audits, …)
    are named with their defaults in the snapshot's and the base's state too (the envelope's
    own options take them when read), so that the state compares with the replay and
    passes the snapshot check. A save made before an option existed plays on with its
    default, as before the option existed."""
    return _with_new_options(envelope, 3)


def save_v3_to_v4(envelope: dict[str, Any]) -> Migrated:
    """Save 3 → 4: as from 2 to 3, for the options added since (Tapestry's map, off: a game
    saved before it opens without the map)."""
    return _with_new_options(envelope, 4)


def _with_new_options(envelope: dict[str, Any], version: int) -> Migrated:
    """The save at ``version``, the game's options it does not name named with their
    defaults in its snapshot's and base's state."""
    try:
        game = find_game(envelope.get("game", ""))
        options = game.resolve_options(envelope.get("options"))
    except AutomaError:
        return Migrated({**envelope, "version": version})  # (the loader names what is wrong)
    out = {**envelope, "version": version}

    def with_options(state: Any) -> Any:
        if not isinstance(state, dict) or not isinstance(state.get("options"), dict):
            return state
        return {**state, "options": {**{k: v for k, v in options.items()
                                        if k not in envelope["options"]},
                                     **state["options"]}}

    if "snapshot" in envelope:
        out["snapshot"] = with_options(envelope["snapshot"])
    base = envelope.get("base")
    if isinstance(base, dict) and "state" in base:
        out["base"] = {**base, "state": with_options(base["state"])}
    return Migrated(out)


def played_options(game: GameDef[Any], envelope: dict[str, Any],
                   saved_under: int) -> dict[str, Any]:
    """The save with every option of the game it does not name (one added since) named as
    its game played under version ``saved_under`` of the rules (:meth:`OptionSpec.played_under`:
    the reading of its time where a later fix changed a decision already taken, else the
    default), in its options and its snapshot's and base's state, so that its history replays
    as it was played and its state compares with the replay."""
    named = envelope["options"]
    added = {spec.id: spec.played_under(saved_under) for spec in game.options
             if spec.id not in named}
    if not added:
        return envelope
    out = {**envelope, "options": {**named, **added}}

    def with_added(state: Any) -> Any:
        if not isinstance(state, dict) or not isinstance(state.get("options"), dict):
            return state
        return {**state, "options": {**state["options"], **added}}

    if "snapshot" in envelope:
        out["snapshot"] = with_added(envelope["snapshot"])
    base = envelope.get("base")
    if isinstance(base, dict) and "state" in base:
        out["base"] = {**base, "state": with_added(base["state"])}
    return out


SAVE = Format("save", [save_v1_to_v2, save_v2_to_v3, save_v3_to_v4])
"""The save envelope (:meth:`automa.core.session.Session.to_json`): ``format, version, engine,
game, game_version, options, seed, actions, redo, turn, finished, snapshot, log`` and, for a
game restored from its snapshot, ``base``. A change of the engine state that every game
shares (the snapshot's and the base's fields) is a migration here; a change of one game's
``data`` is one of that game's (:attr:`automa.core.game.GameDef.migrations`)."""


def _upgraded(game: GameDef[Any], state: Any) -> Any:
    """A saved state from before the engine had a phase, with the phase the game derives
    from it (:attr:`GameDef.migrate`, on a copy). Anything else is returned as it is, to be
    checked."""
    if not isinstance(state, dict) or "phase" in state:
        return state
    state = copy.deepcopy(state)
    try:
        game.migrate(state)
    except Exception:  # an untrusted save: the snapshot checks refuse what is left
        return state
    return state
