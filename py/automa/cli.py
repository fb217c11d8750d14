"""Play any registered game in a terminal, through the same prompts as the web app.

``python -m automa list`` lists the games; ``python -m automa play GAME [--seed N]
[--lang uk] [--option key=value ...]`` plays one, with undo, redo, save and load.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

import automa
from automa.app import present
from automa.core.errors import AutomaError
from automa.core.i18n import render
from automa.core.prompts import Prompt
from automa.core.session import Session

YES = {"y", "yes", "t", "true", "так", "т", "1"}
NO = {"n", "no", "f", "false", "ні", "н", "0"}


class Terminal:
    """A game on a terminal: reads commands, prints prompts and what the bots did."""

    def __init__(self, session: Session, lang: str, read: Callable[[], str], out: TextIO):
        self.session = session
        self.lang = lang
        self.read = read
        self.out = out
        self.shown_log = 0
        self.shown_summary = ""

    def t(self, key: str, **params: Any) -> str:
        """Render a message in the terminal's language."""
        return render(key, params, self.lang)

    def say(self, text: str) -> None:
        """Print one line."""
        print(text, file=self.out)

    def ref(self, ref: Any) -> str:
        """Render a message reference, or a plain value."""
        if isinstance(ref, dict) and "key" in ref:
            return render(ref["key"], ref.get("params") or {}, self.lang)
        if isinstance(ref, bool):
            return self.t("core.yes" if ref else "core.no")
        return str(ref)

    def show_new_log(self) -> None:
        """Print the log entries not shown yet, then what the bots did on the board."""
        log = self.session.log
        w = present.Words(self.lang)
        for entry in log[self.shown_log:]:
            line = present.log_entry(self.session.game_id, entry, w)
            who = f"{line['actor']}: " if line["actor"] else ""
            self.say(f"  [{w.turn(self.session, entry['turn'])}] {who}{line['text']}")
        if len(log) > self.shown_log:
            self.show_summary()
        self.shown_log = len(log)

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
        self.say(q["lead"])
        if q["ask"]:
            self.say(q["ask"])
        for i, step in enumerate(q["steps"], 1):
            self.say(f"  {i}. {step}")
        if q["rule"]:
            self.say(f"  ({self.t('web.log.why')} {q['rule']})")
        for c in q["choices"]:
            self.say(f"  {c['index'] + 1}. {c['label']}")
        if prompt.kind in ("pick_one", "pick_subset", "values"):
            hint = {"pick_one": "cli.pick_hint", "pick_subset": "cli.subset_hint",
                    "values": "cli.values_hint"}[prompt.kind]
            self.say("  " + self.t(hint))
            if prompt.kind == "values":
                self.say("  " + ", ".join(q["domain"]))
        elif prompt.kind == "yes_no":
            self.say(f"  ({self.t('cli.yes_hint')})")
        elif prompt.kind == "count":
            default = f" [{prompt.default}]" if prompt.default is not None else ""
            self.say("  " + q["hint"] + default)
        else:
            self.say(f"  [{q['one_tap'][0][0]}: Enter]")
        if present.can_cancel(self.session):
            self.say(f"  ({self.t('cli.cancel_hint')})")

    def parse(self, prompt: Prompt, text: str) -> Any:
        """Turn typed text into an answer for ``prompt`` (validated by the session)."""
        text = text.strip()
        if prompt.kind == "yes_no":
            low = text.lower()
            return True if low in YES else False if low in NO else text
        if prompt.kind == "count":
            if not text and prompt.default is not None:
                return prompt.default
            return int(text) if text.lstrip("-").isdigit() else text
        if prompt.kind == "pick_one":
            if not text and prompt.default is not None:
                return prompt.default
            return self._pick(prompt.choices, text)
        if prompt.kind == "pick_subset":
            return [self._pick(prompt.choices, part) for part in text.split()]
        if prompt.kind == "values":
            parts = text.split()
            domain = prompt.domain or []
            picked = [self._pick(domain, p) if not p.lstrip("-").isdigit()
                      or int(p) in domain else int(p) for p in parts]
            if len(picked) != len(prompt.choices):
                return text
            return dict(zip(map(str, prompt.choices), picked, strict=True))
        return True

    @staticmethod
    def _pick(choices: list[Any], text: str) -> Any:
        if text.isdigit() and 1 <= int(text) <= len(choices):
            return choices[int(text) - 1]
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
        elif word == "s" and arg:
            self.save(arg)
        elif word == "l" and arg:
            self.load(arg)
        elif word == "log":
            self.shown_log = 0
            self.show_new_log()
        elif word == "v":
            self.show_view()
        elif word == "c" and present.can_cancel(self.session):
            cancel = getattr(self.session, "cancel", None)
            if cancel is not None:
                cancel()
        else:
            return False
        return True

    def procedures(self, arg: str) -> None:
        """List the procedures, or start one by number or id."""
        available = self.session.procedures
        if arg:
            chosen = self._pick([p["id"] for p in available], arg)
            self.session.start(str(chosen))
            return
        if not available:
            self.say(self.t("cli.no_procedures"))
            return
        self.say(self.t("cli.procedures"))
        for i, p in enumerate(available, 1):
            self.say(f"  p {i}. {self.t(p['label'])}")

    def save(self, path: str) -> None:
        """Write the session to a file."""
        try:
            Path(path).write_text(self.session.to_json(), encoding="utf-8")
            self.say(self.t("cli.saved", file=path))
        except OSError as e:
            self.say(self.t("cli.cannot_write_file", file=path, detail=e.strerror or str(e)))

    def load(self, path: str) -> None:
        """Replace the session with one loaded from a file."""
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            self.say(self.t("cli.cannot_read_file", file=path, detail=str(e)))
            return
        self.session = automa.load_game(text)
        self.shown_log = len(self.session.log)
        self.say(self.t("cli.loaded", file=path))
        for w in self.session.warnings:
            self.say(self.ref(w))

    def run(self) -> int:
        """Play until the game ends or the player quits."""
        self.say(self.t("cli.usage"))
        while True:
            self.show_new_log()
            prompt = self.session.prompt
            if prompt is None:
                self.say(self.t("cli.finished"))
                self.show_view()
                return 0
            self.show_prompt(prompt)
            try:
                line = self.read()
            except EOFError:
                self.say(self.t("cli.bye"))
                return 0
            if line.strip() == "q":
                self.say(self.t("cli.bye"))
                return 0
            try:
                if not self.command(line):
                    self.session.answer(self.parse(prompt, line))
            except AutomaError as e:
                self.say("! " + e.message(self.lang))


def _list(lang: str) -> int:
    print(render("cli.games", {}, lang))
    for g in automa.games():
        print(f"  {g['id']}: {render(g['name'], {}, lang)}")
        for o in g["options"]:
            allowed = ", ".join(str(c) for c in o["choices"])
            print("    " + render("cli.option_line", {
                "option": o["id"], "value": o["default"], "allowed": allowed}, lang))
    return 0


def main(argv: list[str] | None = None, stdin: TextIO | None = None) -> int:
    """The ``automa`` command."""
    parser = argparse.ArgumentParser(prog="automa", description="Automa Companion")
    parser.add_argument("--lang", choices=("en", "uk"), default="en")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("list", help="list the games and their options")
    play = sub.add_parser("play", help="play a game in the terminal")
    play.add_argument("game")
    play.add_argument("--seed", type=int)
    play.add_argument("--lang", dest="play_lang", choices=("en", "uk"))
    play.add_argument("--option", "-o", action="append", default=[], metavar="KEY=VALUE")
    play.add_argument("--load", metavar="FILE", help="continue a saved game")
    args = parser.parse_args(argv)
    lang = getattr(args, "play_lang", None) or args.lang
    if args.command == "list":
        return _list(lang)
    stream = stdin or sys.stdin
    try:
        if args.load:
            session = automa.load_game(Path(args.load).read_text(encoding="utf-8"))
        else:
            options = dict(o.partition("=")[::2] for o in args.option)
            session = automa.new_game(args.game, options, args.seed)
    except AutomaError as e:
        print(e.message(lang), file=sys.stderr)
        return 2
    except OSError as e:
        print(render("cli.cannot_read_file", {"file": args.load, "detail": str(e)}, lang),
              file=sys.stderr)
        return 2

    def read() -> str:
        print(render("cli.prompt_marker", {}, lang), end="", flush=True)
        line = stream.readline()
        if not line:
            raise EOFError
        return line

    return Terminal(session, lang, read, sys.stdout).run()
