"""Play any registered game in a terminal, through the same prompts as the web app.

``python -m automa list`` lists the games; ``python -m automa play GAME [--seed N]
[--lang uk|de] [--option key=value ...]`` plays one, with undo, redo, save and load;
``python -m automa records`` shows how you did (:mod:`automa.cli_records`). Every
change is autosaved (``--save FILE``, else a file of its own in the user's data folder,
announced at the start: :mod:`automa.files`); ``--resume`` continues the newest. Nothing
typed or loaded ends in a traceback, and everything printed passes
:func:`automa.terminal_io.emit`, the one point where text reaches the terminal: control
characters from a deck file, a save or the keyboard are shown as ``\x1b``-style escapes,
never obeyed by the terminal.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import io
import os
import sys
from pathlib import Path
from typing import Any, TextIO

import automa
from automa import cli_records
from automa.app import share
from automa.core import i18n
from automa.core.errors import AutomaError
from automa.core.game import find_game
from automa.core.i18n import render
from automa.core.numbers import SEED_MAX, parse_int
from automa.core.session import Session
from automa.files import (
    MAX_FILE_BYTES,
    Lock,
    NewerFile,
    claim,
    is_autosave_in,
    keep_aside,
    newest_autosave,
    open_folder,
    read_save,
    write_save,
)
from automa.terminal import Terminal, file_name, same_file
from automa.terminal_io import (
    OutputLost,
    data_dir,
    emit,
    os_detail,
    shown,
    terminal_width,
    wrapped,
)

__all__ = ["MAX_FILE_BYTES", "Terminal", "emit", "main", "read_save", "shown", "wrapped",
           "write_save"]

def _typed(value: Any) -> str:
    """An option's value as it is typed after ``-o key=``: yes/no for a switch (in any
    language: the values are the options' ids), — for none."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return "—" if value is None else str(value)


def _list(lang: str) -> int:
    width = terminal_width(sys.stdout)
    emit(render("cli.games", {}, lang))
    for g in automa.games():
        emit(f"  {g['id']}: {render(g['name'], {}, lang)}")
        for o in g["options"]:
            allowed = ", ".join(_typed(c) for c in o["choices"])
            if o["type"] == "data":  # e.g. a deck of cards: given as a file with --deck
                allowed = "--deck FILE"
            emit(wrapped("    " + render("cli.option_line", {
                "option": o["id"], "value": _typed(o["default"]), "allowed": allowed}, lang),
                width))
    return 0


def _seed(text: str) -> int:
    try:
        return parse_int(text, -SEED_MAX, SEED_MAX)
    except AutomaError as e:
        raise argparse.ArgumentTypeError(e.english()) from None


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="automa", description="Automa Companion")
    parser.add_argument("--lang", choices=i18n.LANGUAGES, default="en")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("list", help="list the games and their options")
    play = sub.add_parser("play", help="play a game in the terminal")
    play.add_argument("game")
    play.add_argument("--seed", type=_seed)
    play.add_argument("--lang", dest="play_lang", choices=i18n.LANGUAGES)
    play.add_argument("--option", "-o", action="append", default=[], metavar="KEY=VALUE")
    play.add_argument("--load", metavar="FILE", help="continue a saved game")
    play.add_argument("--deck", metavar="FILE",
                      help="play with your own card deck (a deck file for the game's deck option)")
    play.add_argument("--save", metavar="FILE",
                      help="autosave to FILE (default: a file of its own for each game in the "
                           "user's data folder)")
    play.add_argument("--resume", action="store_true",
                      help="continue the autosaved game (--save FILE, else the newest one)")
    play.add_argument("--no-autosave", action="store_true", help="do not autosave")
    play.add_argument("--speak", action="store_true",
                      help="also print each question as it is read aloud")
    play.add_argument("--join", metavar="CODE",
                      help="start the game another player shared (the link or the code "
                           "'share' prints)")
    play.add_argument("--app-url", metavar="URL",
                      help="the app's address, for the link 'share' prints (default: "
                           f"$AUTOMA_APP_URL, else {share.APP_URL})")
    cli_records.add_parser(sub)
    return parser


def _deck_option(game_id: str) -> str:
    """The option a deck file is given as: the game's deck option (``deck`` for a game
    without one, which then refuses it as an unknown option)."""
    try:
        spec = find_game(game_id).deck_option
    except AutomaError:
        spec = None
    return spec.id if spec is not None else "deck"


def _error(key: str, lang: str, **params: Any) -> int:
    """Say why the game cannot start (on the error output); the exit code 2."""
    emit(render(key, params, lang), sys.stderr)
    return 2


def _start(args: argparse.Namespace, lang: str) -> tuple[Session, Path | None, str] | int:
    """The session to play: loaded (--load, --resume) or new, and the file it came from;
    an exit code on failure."""
    folder = data_dir()
    source = (Path(args.load) if args.load else None if not args.resume
              else Path(args.save) if args.save else newest_autosave(folder,
                                                                     file_name(args.game)))
    if args.deck and (args.load or args.resume):
        return _error("cli.deck_with_saved_game", lang)
    if args.resume and source is None:
        return _error("cli.nothing_to_resume", lang, file=str(folder))
    if source is None and args.join:
        shared = share.read_code(share.code_in(args.join))
        if shared.game != args.game:
            return _error("cli.share_other_game", lang, game=shared.game)
        return shared.start(), None, ""
    if source is None:
        options: dict[str, Any] = dict(o.partition("=")[::2] for o in args.option)
        if args.deck:
            try:
                options[_deck_option(args.game)] = read_save(Path(args.deck))
            except OSError as e:
                return _error("cli.cannot_read_file", lang, file=args.deck,
                              detail=os_detail(e, lang))
        return automa.new_game(args.game, options, args.seed), None, ""
    try:
        text = read_save(source)
    except OSError as e:
        if args.resume and e.errno == errno.ENOENT:
            return _error("cli.nothing_to_resume", lang, file=str(source))
        return _error("cli.cannot_read_file", lang, file=str(source), detail=os_detail(e, lang))
    return automa.load_game(text, expected_game=args.game), source, text


def _autosave(args: argparse.Namespace, session: Session, source: Path | None,
              lang: str) -> tuple[Path, Lock] | int:
    """The autosave of the game to play and its lock; an exit code when another terminal
    plays it (or ``--save`` names a link).

    ``--save FILE`` is that file (the game in it before, if another, is kept aside under a
    new name); an autosave given to ``--resume`` or ``--load`` is continued in place; any
    other game gets a new autosave of its own. Nothing is ever written over another game.
    """
    if args.save:
        path = Path(args.save)
        if path.is_symlink():
            return _error("cli.cannot_write_file", lang, file=str(path),
                          detail=os_detail(OSError(errno.ELOOP, "link"), lang))
    elif source is not None and is_autosave_in(source, data_dir()):
        path = source
    else:
        folder = data_dir()
        with contextlib.suppress(OSError):
            folder.mkdir(parents=True, exist_ok=True)
        try:
            return claim(folder, file_name(session.game_id))
        except OSError as e:
            return _error("cli.cannot_write_file", lang, file=str(folder),
                          detail=os_detail(e, lang))
    lock = Lock.take(path)
    if lock is None:
        return _error("cli.in_use", lang, file=str(path))
    if path.is_file() and (source is None or not same_file(source, path)):
        try:
            emit(render("cli.previous_kept", {"file": str(keep_aside(path))}, lang))
        except OSError as e:
            lock.release()
            return _error("cli.cannot_write_file", lang, file=str(path),
                          detail=os_detail(e, lang))
    return path, lock


def main(argv: list[str] | None = None, stdin: TextIO | None = None) -> int:
    """The ``automa`` command: never a traceback, whatever is typed or loaded, and never a
    game lost (a full or closed output ends the game saved)."""
    try:
        return _main(argv, stdin)
    except KeyboardInterrupt:  # before the game started: nothing to save yet
        return 130
    except OutputLost as e:  # before the game started: nothing to save yet either
        cause = e.args[0] if e.args else None
        return 0 if isinstance(cause, BrokenPipeError) else 1
    finally:
        _quiet_exit()


def _quiet_exit() -> None:
    """An output that cannot be written any more is not flushed again at exit (which would
    end in "Exception ignored …")."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            with contextlib.suppress(OSError, ValueError):
                os.dup2(os.open(os.devnull, os.O_WRONLY), stream.fileno())


def _main(argv: list[str] | None, stdin: TextIO | None) -> int:
    for stream in (sys.stdout, sys.stderr, sys.stdin):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="replace")
    args = _parser().parse_args(argv)
    lang = getattr(args, "play_lang", None) or getattr(args, "records_lang", None) or args.lang
    if args.command == "list":
        return _list(lang)
    if args.command == "records":
        return cli_records.main(args.action, args.target, args.game, lang,
                                stdin or sys.stdin, sys.stdout)
    if not (args.save or args.no_autosave):  # the autosave folder, in today's layout
        try:
            open_folder(data_dir())
        except NewerFile:
            return _error("cli.folder_newer", lang, folder=str(data_dir()))
        except OSError:
            pass  # (an autosave that cannot be written is said when it is tried)
    try:
        started = _start(args, lang)
    except AutomaError as e:
        return _error(e.key, lang, **e.params)
    except KeyboardInterrupt:
        return 130
    if isinstance(started, int):
        return started
    session, source, text = started
    autosave: Path | None = None
    lock: Lock | None = None
    if not args.no_autosave:
        found = _autosave(args, session, source, lang)
        if isinstance(found, int):
            return found
        autosave, lock = found
    stream = stdin or sys.stdin

    def read() -> str:
        emit(render("cli.prompt_marker", {}, lang), end="")
        line = stream.readline()
        if not line:
            raise EOFError
        return line

    terminal = Terminal(session, lang, read, sys.stdout, autosave, lock,
                        cli_records.record_game, speak=args.speak,
                        app_url=args.app_url or os.environ.get("AUTOMA_APP_URL")
                        or share.APP_URL)
    try:
        if source is not None:
            terminal.resume()
            terminal.after_load(source, text)  # (the original kept before it is autosaved)
        terminal.autosave_now()
        if autosave is not None:
            terminal.say(render("cli.autosave", {"file": str(autosave)}, lang))
            emit(render("cli.resume_hint", {  # (not wrapped: the command is copied whole)
                "command": f"automa play {session.game_id} --resume --save {autosave}"}, lang))
    except OutputLost as e:
        terminal.output_lost(e)
        if lock is not None:
            lock.release()
        return 1
    return terminal.run()
