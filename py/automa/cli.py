"""Play any registered game in a terminal, through the same prompts as the web app.

``python -m automa list`` lists the games; ``python -m automa play GAME [--seed N]
[--lang uk] [--option key=value ...]`` plays one, with undo, redo, save and load;
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
import itertools
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

import automa
from automa import cli_records
from automa.app import present, share, speech, view_records
from automa.core.errors import AutomaError
from automa.core.game import find_game
from automa.core.i18n import render
from automa.core.numbers import SEED_MAX, is_number_text, parse_int
from automa.core.prompts import Prompt
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
    unused,
    write_save,
)
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

YES = {"y", "yes", "t", "true", "так", "т", "1"}
NO = {"n", "no", "f", "false", "ні", "н", "0"}
HELP = {"?", "help", "допомога"}
"""What shows the commands again."""


class Terminal:
    """A game on a terminal: reads commands, prints prompts and what the bots did."""

    def __init__(self, session: Session, lang: str, read: Callable[[], str], out: TextIO,
                 autosave: Path | None = None, lock: Lock | None = None,
                 finished: Callable[[Terminal], None] | None = None,
                 speak: bool = False) -> None:
        self.session = session
        self.speak = speak
        """Print each question as it would be read aloud (``--speak``), the bots' new turn
        first: the words the page's speech synthesis says."""
        self.spoken_summary = ""
        self.finished = finished
        """Called once the game is over (the records: its end, your score)."""
        self.autosave = autosave
        """The file every change is written to (None: no autosave)."""
        self.lock = lock
        """The lock held on the autosave (no other terminal writes it meanwhile)."""
        self.lang = lang
        self.read = read
        self.out = out
        self.shown_log = 0
        self.shown_summary = ""
        self.resumed = False
        """Opened from a save: its newest turn is shown once, after the commands (not its whole
        log from the set-up)."""
        self.width = terminal_width(out)
        """The columns long lines are wrapped to (None: not wrapped)."""

    def t(self, key: str, **params: Any) -> str:
        """Render a message in the terminal's language."""
        return render(key, params, self.lang)

    def say(self, text: str) -> None:
        """Print one line, wrapped between words to the terminal's width."""
        emit(wrapped(shown(text), self.width), self.out)

    def resume(self) -> None:
        """The game was opened from a save when the terminal started: its log counts as shown,
        its newest turn is shown with the commands."""
        self.shown_log = len(self.session.log)
        self.resumed = True

    def caught_up(self) -> None:
        """A game just loaded: its log counts as shown, and its newest turn is shown once
        (a long game is not printed again from its set-up)."""
        self.shown_log = len(self.session.log)
        self.show_summary()

    def show_new_log(self, reasons: bool = False) -> None:
        """Print the log entries not shown yet (with each decision's reason if asked), then
        what the bots did on the board."""
        log = self.session.log
        w = present.Words(self.lang)
        for turn, entries in itertools.groupby(log[self.shown_log:], lambda e: e["turn"]):
            lines = [present.log_entry(self.session.game_id, e, w) for e in entries]
            for line in present.once_a_turn(lines) if reasons else lines:
                who = f"{line['actor']}: " if line["actor"] else ""
                self.say(f"  [{w.turn(self.session, turn)}] {who}{line['text']}")
                if reasons and line["why"] is not None:
                    self.say_why(line["why"])
        if len(log) > self.shown_log:
            self.show_summary()
        self.shown_log = len(log)

    def say_why(self, why: view_records.Why) -> None:
        """A decision's reason under its log line, as the web app's "Why?" unfolds it."""
        parts = [why["rule"]] if why["rule"] else []
        if why["candidates"]:
            parts.append(f"{self.t('web.log.candidates')} {why['candidates']}.")
        if why["pick"]:
            parts.append(f"{self.t('web.log.pick')} {why['pick']}.")
        self.say(f"      ({self.t('web.log.why')} {' '.join(parts)})")

    def show_summary(self) -> None:
        """The bots' newest turn as numbered board instructions (once per turn)."""
        steps = present.turn_summary(self.session, present.Words(self.lang))
        key = repr(steps)
        if not steps or key == self.shown_summary:
            return
        self.shown_summary = key
        self.say("")
        self.say(present.summary_title(self.session, present.Words(self.lang)))
        for i, step in enumerate(steps, 1):
            who = f"{step['actor']}: " if step["actor"] else ""
            self.say(f"  [ ] {i}. {who}{step['text']}")

    def show_view(self) -> None:
        """Print the bot's state at a glance."""
        sections, _ = present.state(self.session.view(), present.Words(self.lang))
        for section in sections:
            rows = ", ".join(f"{r['label']} {r['value']}" for r in section["rows"])
            self.say(f"  {section['title']}: {rows}")

    def show_prompt(self, prompt: Prompt) -> None:
        """Print the question, its steps, its rule and how to answer it."""
        w = present.Words(self.lang)
        q = present.question(self.session, w)
        self.say("")
        for part in (q["lead"], q["ask"], q["after"]):
            if part:
                self.say(part)
        for i, step in enumerate(q["steps"], 1):
            self.say(f"  {i}. {step}")
        if q["rule"]:
            self.say(f"  ({self.t('web.log.why')} {q['rule']})")
        if prompt.kind in ("pick_one", "pick_subset"):
            enter = f" [{self.t('cli.enter_key')}]" if prompt.kind == "pick_one" else ""
            for key, c in zip(answer_keys(prompt.choices), q["choices"], strict=True):
                self.say(f"  {_keyed(key, c['label'])}{enter if c['chosen'] else ''}")
        else:
            for c in q["choices"]:
                self.say(f"  {c['index'] + 1}. {c['label']}")
        if prompt.kind in ("pick_one", "pick_subset", "values"):
            hint = {"pick_one": "cli.pick_hint", "pick_subset": _subset_hint(prompt),
                    "values": "cli.values_hint"}[prompt.kind]
            self.say("  " + self.t(hint, lo=q["lo"], hi=q["hi"]))
            if prompt.kind == "values":
                keys = answer_keys(prompt.domain or [])
                self.say("  " + ", ".join(_keyed(key, text)
                                          for key, text in zip(keys, q["domain"], strict=True)))
        elif prompt.kind == "yes_no":
            said = self.t("web.play.yes" if prompt.default else "web.play.no")
            default = "" if prompt.default is None else f"; {self.t('cli.enter_key')}: {said}"
            self.say(f"  ({self.t('cli.yes_hint')}{default})")
        elif prompt.kind == "count":
            default = f" [{prompt.default}]" if prompt.default is not None else ""
            self.say("  " + q["hint"] + default)
        elif len(q["one_tap"]) == 2:  # a scan that may find no valid place
            self.say(f"  [{q['one_tap'][0][0]}: Enter · {q['one_tap'][1][0]}: n]")
        else:
            self.say(f"  [{q['one_tap'][0][0]}: Enter]")
        if present.can_cancel(self.session):
            self.say(f"  ({self.t('cli.cancel_hint')})")
        if self.speak:
            self.say_aloud()

    def say_aloud(self) -> None:
        """The screen's words as they are read aloud (the bots' turn once, when it is new)."""
        view = present.play(self.session, self.lang, with_log=False)
        new_turn = repr(view["summary"]) != self.spoken_summary
        self.spoken_summary = repr(view["summary"])
        self.say(self.t("cli.spoken", text=speech.spoken(view, self.lang, turn=new_turn)))

    def parse(self, prompt: Prompt, text: str) -> Any:
        """Turn typed text into an answer for ``prompt`` (validated by the session).

        Numbers go through :func:`automa.parse_int` only: text that is no number is passed
        on as text, and the session rejects it with a translated message.
        """
        text = text.strip()
        if prompt.kind == "yes_no":
            if not text and prompt.default is not None:
                return prompt.default
            low = text.lower()
            return True if low in YES else False if low in NO else text
        if prompt.kind == "count":
            if not text and prompt.default is not None:
                return prompt.default
            return text
        if prompt.kind == "pick_one":
            if not text and prompt.default is not None:
                return prompt.default
            return self._pick(prompt.choices, text)
        if prompt.kind == "pick_subset":
            return [self._pick(prompt.choices, part) for part in text.split()]
        if prompt.kind == "values":
            parts = text.split()
            domain = prompt.domain or []
            picked = [self._pick(domain, p) for p in parts]
            if len(picked) != len(prompt.choices):
                return text
            return dict(zip(map(str, prompt.choices), picked, strict=True))
        # Enter (or yes) confirms; a scan that may find no valid place also takes "n";
        # other text is passed on, and refused: a typo never plays the bots' turn
        low = text.lower()
        if low in NO and False in prompt.choices:
            return False
        return True if not text or low in YES else text

    @staticmethod
    def _pick(choices: list[Any], text: str) -> Any:
        """The choice that typed ``text`` names: its key as :func:`answer_keys` shows it, or
        its id; else the text (or number) itself, which the session then rejects."""
        if is_number_text(text) and any(number_of(c) is not None for c in choices):
            typed = int(text.strip(" \t\r\n"))
            return next((c for c in choices if number_of(c) == typed), typed)
        if choices and is_number_text(text):
            try:
                return choices[parse_int(text, 1, len(choices)) - 1]
            except AutomaError:
                return text
        for c in choices:
            if str(c) == text:
                return c
        return text

    def command(self, line: str) -> bool:
        """Run a terminal command; False when the line is not a command."""
        word, _, arg = line.strip().partition(" ")
        arg = arg.strip()
        if word == "u":
            self.session.undo()
            self.shown_log = min(self.shown_log, len(self.session.log))
            self.say(self.t("cli.undone"))
        elif word == "r":
            self.session.redo()
            self.say(self.t("cli.redone"))
        elif word == "p":
            self.procedures(arg)
        elif word == "c" and not arg:
            self.session.cancel()
            self.shown_log = min(self.shown_log, len(self.session.log) - 1)
            self.say(self.t("cli.cancelled"))
        elif word == "s" and arg:
            self.save(arg)
        elif word == "l" and arg:
            self.load(arg)
        elif word == "log":
            self.shown_log = 0
            self.show_new_log(reasons=True)
        elif word == "v":
            self.show_view()
        elif word == "share" and not arg:
            code = share.code_of(self.session)
            self.say(self.t("cli.share", code=code))
            emit(f"automa play {self.session.game_id} --join {code}", self.out)
        elif word in HELP and not arg:
            self.say(self.t("cli.usage"))
        else:
            return False
        return True

    def procedures(self, arg: str) -> None:
        """List the procedures, or start one by number or id."""
        available = self.session.procedures
        if arg:
            ids = [p["id"] for p in available]
            chosen = self._pick(ids, arg)
            if chosen not in ids:  # (the session's refusal would name the procedures' ids)
                self.say("! " + self.t("cli.no_such_procedure", typed=arg))
                return
            self.session.start(str(chosen))
            return
        if not available:
            self.say(self.t("cli.no_procedures"))
            return
        self.say(self.t("cli.procedures"))
        for i, p in enumerate(available, 1):
            self.say(f"  p {i}. {self.t(p['label'])}")

    def save(self, path: str) -> None:
        """Write the session to a file (never another terminal's game in play)."""
        target = Path(path)
        try:
            if Lock.held_elsewhere(target) and not self.is_autosave(target):
                raise OSError(errno.EBUSY, "in use", path)
            write_save(target, self.session.to_json())
            self.say(self.t("cli.saved", file=path))
        except OSError as e:
            self.say(self.t("cli.cannot_write_file", file=path, detail=self.os_detail(e)))

    def is_autosave(self, path: Path) -> bool:
        """Whether ``path`` is this terminal's autosave."""
        return self.autosave is not None and _same_file(path, self.autosave)

    def os_detail(self, error: OSError) -> str:
        """Why a file could not be read or written, in the terminal's language."""
        return os_detail(error, self.lang)

    def load(self, path: str) -> None:
        """Replace the session with one loaded from a file."""
        try:
            text = read_save(Path(path))
        except OSError as e:
            self.say(self.t("cli.cannot_read_file", file=path, detail=self.os_detail(e)))
            return
        self.session = automa.load_game(text)
        self.say(self.t("cli.loaded", file=path))
        self.caught_up()
        if self.autosave is not None and not self.is_autosave(Path(path)):
            self.branch()
        self.after_load(Path(path), text)

    def branch(self) -> None:
        """The game loaded from another file gets an autosave of its own: the game played
        until now stays in its autosave, as it was."""
        assert self.autosave is not None
        old = self.autosave
        try:
            path, lock = claim(old.parent, _file_name(self.session.game_id))
        except OSError as e:
            self.say(self.t("cli.autosave_failed", file=str(old.parent),
                            detail=self.os_detail(e)))
            self.autosave = None  # (the game played until now stays as it was)
            if self.lock is not None:
                self.lock.release()
        else:
            self.autosave, old_lock, self.lock = path, self.lock, lock
            if old_lock is not None:
                old_lock.release()
            self.say(self.t("cli.branched", file=str(path), old=str(old)))

    def after_load(self, path: Path, text: str) -> None:
        """Say how the save was loaded; keep the original if its history was dropped."""
        for warning in self.session.warnings:
            self.say(present.Words(self.lang).text(warning))
        s = self.session
        if (s.history_dropped or s.lost or s.carried) and self.is_autosave(path):
            kept = unused(path.with_name(path.stem + ".original.json"))
            try:
                write_save(kept, text)
                self.say(self.t("cli.original_kept", file=str(kept)))
            except OSError as e:
                self.say(self.t("cli.cannot_write_file", file=str(kept),
                                detail=self.os_detail(e)))

    def autosave_now(self) -> None:
        """Write the session to the autosave file (said once if it cannot be written)."""
        if self.autosave is None:
            return
        try:
            write_save(self.autosave, self.session.to_json())
        except OSError as e:
            self.say(self.t("cli.autosave_failed", file=str(self.autosave),
                            detail=self.os_detail(e)))
            self.autosave = None

    def run(self) -> int:
        """Play until the game ends or the player quits (Ctrl-C saves and quits too; so does
        an output that can no longer be written)."""
        try:
            try:
                return self._loop()
            except KeyboardInterrupt:
                self.autosave_now()
                self.say("")
                if self.autosave is not None:
                    self.say(self.t("cli.interrupted", file=str(self.autosave)))
                return 130
        except OutputLost as e:
            return self.output_lost(e)
        finally:
            if self.lock is not None:
                self.lock.release()

    def output_lost(self, error: OutputLost) -> int:
        """The output cannot be written: save the game, say so where possible, stop."""
        self.out = io.StringIO()
        self.autosave_now()
        cause = error.args[0] if error.args else None
        detail = os_detail(cause, self.lang) if isinstance(cause, OSError) else str(cause)
        with contextlib.suppress(OutputLost):
            emit(self.t("cli.output_lost", detail=detail,
                        file=str(self.autosave) if self.autosave else "—"), sys.stderr)
        return 0 if isinstance(cause, BrokenPipeError) else 1

    def bye(self) -> int:
        """Save and say goodbye."""
        self.autosave_now()
        if self.autosave is not None:
            self.say(self.t("cli.bye_saved", file=str(self.autosave)))
        else:
            self.say(self.t("cli.bye"))
        return 0

    def _loop(self) -> int:
        self.say(self.t("cli.usage"))
        if self.resumed and self.session.log:
            self.show_summary()
        while True:
            self.show_new_log()
            prompt = self.session.prompt
            if prompt is None:
                self.autosave_now()
                self.say(self.t("cli.finished"))
                self.show_view()
                if self.finished is not None:
                    self.finished(self)
                return 0
            self.show_prompt(prompt)
            try:
                line = self.read()
            except EOFError:
                return self.bye()
            if line.strip() == "q":
                return self.bye()
            before = (len(self.session.actions), len(self.session.log), self.session.can_redo)
            try:
                if not self.command(line):
                    self.session.answer(self.parse(prompt, line))
            except AutomaError as e:
                self.say("! " + e.message(self.lang))
            except (ValueError, TypeError, KeyError, IndexError, RuntimeError,
                    RecursionError) as e:  # a fault of ours: the session rolled back
                self.say("! " + self.t("cli.internal_error", detail=type(e).__name__))
            if before != (len(self.session.actions), len(self.session.log),
                          self.session.can_redo):
                self.autosave_now()


def number_of(choice: Any) -> int | None:
    """The number a choice is, if it is one (a whole number, or text of one), else None."""
    if isinstance(choice, bool):
        return None
    if isinstance(choice, int):
        return choice
    if isinstance(choice, float) and choice.is_integer():
        return int(choice)
    if isinstance(choice, str) and is_number_text(choice):
        return int(choice.strip(" \t\r\n"))
    return None


def answer_keys(choices: list[Any]) -> list[str]:
    """What the player types for each choice, shown before it.

    Positions (1, 2, ...) when no choice is a number; when the choices are numbers, a typed
    number is the value itself (level 5 is typed "5"), so positions are not offered: a
    choice that is no number among them is typed by its id.
    """
    if not any(number_of(c) is not None for c in choices):
        return [str(i) for i in range(1, len(choices) + 1)]
    return [str(n) if (n := number_of(c)) is not None else str(c) for c in choices]


def _subset_hint(prompt: Prompt) -> str:
    """How many of the choices to type: any (or none), exactly so many, or from..to."""
    lo, hi = prompt.bounds or (0, len(prompt.choices))
    if lo == 0 and hi >= len(prompt.choices):
        return "cli.subset_hint"
    return "cli.subset_hint_exactly" if lo == hi else "cli.subset_hint_between"


def _keyed(key: str, label: str) -> str:
    """A choice as listed: its key, then its label unless the label is the key itself."""
    return key if label == key else f"{key}. {label}"


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return False


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
    parser.add_argument("--lang", choices=("en", "uk"), default="en")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("list", help="list the games and their options")
    play = sub.add_parser("play", help="play a game in the terminal")
    play.add_argument("game")
    play.add_argument("--seed", type=_seed)
    play.add_argument("--lang", dest="play_lang", choices=("en", "uk"))
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
                      help="start the game another player shared (the code 'share' prints)")
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
                                                                     _file_name(args.game)))
    if args.deck and (args.load or args.resume):
        return _error("cli.deck_with_saved_game", lang)
    if args.resume and source is None:
        return _error("cli.nothing_to_resume", lang, file=str(folder))
    if source is None and args.join:
        shared = share.read_code(args.join)
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
            return claim(folder, _file_name(session.game_id))
        except OSError as e:
            return _error("cli.cannot_write_file", lang, file=str(folder),
                          detail=os_detail(e, lang))
    lock = Lock.take(path)
    if lock is None:
        return _error("cli.in_use", lang, file=str(path))
    if path.is_file() and (source is None or not _same_file(source, path)):
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
                        cli_records.record_game, speak=args.speak)
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


def _file_name(game_id: str) -> str:
    """A game id made safe as a file name."""
    return "".join(c if c.isascii() and (c.isalnum() or c in "_-") else "_"
                   for c in game_id)[:60] or "game"
