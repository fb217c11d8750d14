"""A game on a terminal: it prints the bots' turns and the question, reads the player's
commands and answers (keys, yes/no, undo, redo, save, load, procedures), and autosaves every
change; the command line that starts it is :mod:`automa.cli`.
"""

from __future__ import annotations

import contextlib
import errno
import io
import itertools
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

import automa
from automa.app import present, share, speech, view_records
from automa.core.errors import AutomaError
from automa.core.i18n import render
from automa.core.numbers import is_number_text, parse_int
from automa.core.prompts import Prompt, PromptKind
from automa.core.session import Session
from automa.files import (
    Lock,
    claim,
    read_save,
    unused,
    write_save,
)
from automa.terminal_io import (
    OutputLost,
    emit,
    os_detail,
    shown,
    terminal_width,
    wrapped,
)

YES = {"y", "yes", "t", "true", "так", "т", "j", "ja", "1"}
NO = {"n", "no", "f", "false", "ні", "н", "nein", "0"}
HELP = {"?", "help", "допомога", "hilfe"}
"""What shows the commands again."""


class Terminal:
    """A game on a terminal: reads commands, prints prompts and what the bots did."""

    def __init__(self, session: Session, lang: str, read: Callable[[], str], out: TextIO,
                 autosave: Path | None = None, lock: Lock | None = None,
                 finished: Callable[[Terminal], None] | None = None,
                 speak: bool = False, app_url: str = share.APP_URL) -> None:
        self.session = session
        self.app_url = app_url
        """The app's address, which ``share`` puts before the code (:data:`share.APP_URL`)."""
        self.speak = speak
        """Print what the page's voice would read aloud, when it reads it (``--speak``):
        what is new of the bots' turn, then the question."""
        self.reader = speech.Reader()
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

    def say_why(self, why: view_records.WhyView) -> None:
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
            self.say(f"  [ ] {i}. {present.line_text(step)}")

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
        for line in HOW_TO_ANSWER[prompt.kind](self.t, prompt, q):
            self.say(line)
        if present.can_cancel(self.session):
            self.say(f"  ({self.t('cli.cancel_hint')})")
        if self.speak:
            self.say_aloud()

    def say_aloud(self) -> None:
        """The words read aloud now: what is new on the screen (:class:`speech.Reader`)."""
        reading = self.reader.news(f"{self.session.game_id}:{self.session.seed}", self.session)
        if reading:
            self.say(self.t("cli.read_aloud",
                            text=speech.spoken(self.session, reading, self.lang)))

    def parse(self, prompt: Prompt, text: str) -> Any:
        """Turn typed text into an answer for ``prompt`` (validated by the session).

        Numbers go through :func:`automa.parse_int` only: text that is no number is passed
        on as text, and the session rejects it with a translated message.
        """
        return TYPED[prompt.kind](prompt, text.strip())

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
            self.share()
        elif word in HELP and not arg:
            self.say(self.t("cli.usage"))
        else:
            return False
        return True

    def share(self) -> None:
        """The link that starts this game's set-up on a phone (the app's address, then the
        code), and the command that starts it in another terminal."""
        code = share.code_of(self.session)
        self.say(self.t("cli.share_link"))
        emit(share.link_of(self.session, self.app_url), self.out)  # (copied whole: unwrapped)
        if self.app_url == share.APP_URL:
            self.say(self.t("cli.share_address", url=share.APP_URL))
        self.say(self.t("cli.share_terminal"))
        emit(f"automa play {self.session.game_id} --join {code}", self.out)

    def procedures(self, arg: str) -> None:
        """List the procedures, or start one by number or id."""
        available = self.session.procedures
        if arg:
            ids = [p["id"] for p in available]
            chosen = choice_named(ids, arg)
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
        return self.autosave is not None and same_file(path, self.autosave)

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
            path, lock = claim(old.parent, file_name(self.session.game_id))
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


def same_file(a: Path, b: Path) -> bool:
    """Whether two paths name one file (False if either cannot be resolved)."""
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return False




def file_name(game_id: str) -> str:
    """A game id made safe as a file name."""
    return "".join(c if c.isascii() and (c.isalnum() or c in "_-") else "_"
                   for c in game_id)[:60] or "game"


def choice_named(choices: list[Any], text: str) -> Any:
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


def _yes_no(prompt: Prompt, text: str) -> Any:
    if not text and prompt.default is not None:
        return prompt.default
    low = text.lower()
    return True if low in YES else False if low in NO else text


def _count(prompt: Prompt, text: str) -> Any:
    return prompt.default if not text and prompt.default is not None else text


def _pick_one(prompt: Prompt, text: str) -> Any:
    return prompt.default if not text and prompt.default is not None else choice_named(
        prompt.choices, text)


def _pick_subset(prompt: Prompt, text: str) -> Any:
    return [choice_named(prompt.choices, part) for part in text.split()]


def _values(prompt: Prompt, text: str) -> Any:
    domain = prompt.domain or []
    picked = [choice_named(domain, p) for p in text.split()]
    if len(picked) != len(prompt.choices):
        return text
    return dict(zip(map(str, prompt.choices), picked, strict=True))


def _done(prompt: Prompt, text: str) -> Any:
    """Enter (or yes) confirms; a scan that may find no valid place also takes "n"; other
    text is passed on, and refused: a typo never plays the bots' turn."""
    low = text.lower()
    if low in NO and False in prompt.choices:
        return False
    return True if not text or low in YES else text


TYPED: dict[PromptKind, Callable[[Prompt, str], Any]] = {
    "yes_no": _yes_no, "count": _count, "pick_one": _pick_one, "pick_subset": _pick_subset,
    "values": _values, "confirm": _done, "scan": _done,
}
"""Each kind of question's typed answer read (:meth:`Terminal.parse`), as
:data:`automa.app.controls.CONTROLS` draws the page's controls."""


Worded = Callable[..., str]
"""A message in the terminal's language (:meth:`Terminal.t`)."""


def _numbered(q: view_records.QuestionView) -> list[str]:
    """The choices listed by their positions."""
    return [f"  {c['index'] + 1}. {c['label']}" for c in q["choices"]]


def _keyed_choices(t: Worded, prompt: Prompt, q: view_records.QuestionView,
                   hint: str) -> list[str]:
    """A pick's choices, each by its own key (the default marked for Enter), then ``hint``."""
    enter = f" [{t('cli.enter_key')}]" if prompt.kind == "pick_one" else ""
    keys = answer_keys(prompt.choices)
    return [*(f"  {_keyed(keys[c['index']], c['label'])}{enter if c['chosen'] else ''}"
              for c in q["choices"]), "  " + t(hint, lo=q["lo"], hi=q["hi"])]


def _pick_one_lines(t: Worded, prompt: Prompt, q: view_records.QuestionView) -> list[str]:
    return _keyed_choices(t, prompt, q, "cli.pick_hint")


def _pick_subset_lines(t: Worded, prompt: Prompt, q: view_records.QuestionView) -> list[str]:
    return _keyed_choices(t, prompt, q, _subset_hint(prompt))


def _values_lines(t: Worded, prompt: Prompt, q: view_records.QuestionView) -> list[str]:
    keys = answer_keys(prompt.domain or [])
    return [*_numbered(q), "  " + t("cli.values_hint", lo=q["lo"], hi=q["hi"]),
            "  " + ", ".join(_keyed(key, text) for key, text in zip(keys, q["domain"],
                                                                    strict=True))]


def _yes_no_lines(t: Worded, prompt: Prompt, q: view_records.QuestionView) -> list[str]:
    said = t("web.play.yes" if prompt.default else "web.play.no")
    default = "" if prompt.default is None else f"; {t('cli.enter_key')}: {said}"
    return [*_numbered(q), f"  ({t('cli.yes_hint')}{default})"]


def _count_lines(t: Worded, prompt: Prompt, q: view_records.QuestionView) -> list[str]:
    default = f" [{prompt.default}]" if prompt.default is not None else ""
    return [*_numbered(q), "  " + q["hint"] + default]


def _done_lines(t: Worded, prompt: Prompt, q: view_records.QuestionView) -> list[str]:
    """Enter for "done"; a scan that may find no valid place also takes "n"."""
    taps = q["one_tap"]
    return [*_numbered(q), f"  [{taps[0][0]}: Enter · {taps[1][0]}: n]" if len(taps) == 2
            else f"  [{taps[0][0]}: Enter]"]


HOW_TO_ANSWER: dict[PromptKind, Callable[[Worded, Prompt, view_records.QuestionView],
                                         list[str]]] = {
    "yes_no": _yes_no_lines, "count": _count_lines, "pick_one": _pick_one_lines,
    "pick_subset": _pick_subset_lines, "values": _values_lines, "confirm": _done_lines,
    "scan": _done_lines,
}
"""Each kind of question's choices and how to answer it, as the terminal shows them under the
question (:meth:`Terminal.show_prompt`); :data:`TYPED` reads what is typed."""
