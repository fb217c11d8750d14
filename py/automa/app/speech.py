"""The bots' turn in words a voice says, and what is read when. Both front ends use it: the
page hands the words to the device's own speech synthesis, the terminal prints them
(``--speak``).

**Spoken from the messages**, never from the screen's text read back: every message is
rendered from its spoken variant where the language's catalog has one (``….spoken``:
«майстерня, тепер — гільдія», «друга епоха», a bare «ПО» in the case its sentence needs;
:func:`automa.core.i18n.render`), its parameters spoken too; then the symbols that are left
are said in the words of the catalog's ``web.speech`` table: numbers "from 3 to 4", an
arrow between words as "now", "+3 VP" as "plus 3 victory points", the abbreviations it
lists in words, a bracket that holds no letter of the language (an English name beside a
Ukrainian one) left out. A new language only adds catalog entries.

>>> speakable("**Put** +3 VP: Science 3 → 4 (2 × 1) · ▸", "en")
'Put plus 3 victory points: Science from 3 to 4 (2 times 1)'
>>> speakable("+1 ПО за № 2 — «Союз» (Alliance); майстерня → гільдія", "uk")
'плюс 1 переможне очко за номер 2 — Союз; майстерня, тепер — гільдія'

**What is read** (:class:`Reader`): what is new on the screen, once — a bot turn's heading
and steps when they appear, after an answer only the steps it added, and with them the
question; during a bot turn, each new question; never a set-up question, nor a question the
player's own procedure asks, without new steps to go with it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from automa.app.present import Words, bulleted, split_question, with_actor
from automa.app.words import actor_name, turn_name
from automa.core import i18n
from automa.core.records import Shown, TurnStep
from automa.core.session import Session

RATES = (0.8, 1.0, 1.25, 1.5)
"""The speaking rates the settings offer (1 is the voice's own)."""
MEMORY = 4000
"""How many things read a game's memory keeps before it starts again from the screen."""

_UNSPOKEN = re.compile(r"[*▸▶◀◂►◄“”„«»\"⟶\u00ad]")
_FIGURE = r"\d+(?:[.,]\d+)?"
_NUMBER = rf"({_FIGURE})"
Rule = tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]]


def _said(words: str) -> Callable[[re.Match[str]], str]:
    return lambda m: words


def _said_as(words: str) -> Callable[[re.Match[str]], str]:
    """An abbreviation's words, with a capital where a sentence begins with it."""
    def said(m: re.Match[str]) -> str:
        before = m.string[:m.start()].rstrip()
        return words[:1].upper() + words[1:] if not before or before[-1] in ".!?" else words
    return said


def _rules(lang: str) -> list[Rule]:
    """Each symbol's words in ``lang`` (the words come from the catalog)."""
    def t(key: str) -> str:
        return i18n.render(f"web.speech.{key}", {}, lang)

    letters = set(t("letters"))

    def foreign(m: re.Match[str]) -> str:  # a bracket with none of the language's letters
        inner = m.group(1)
        mine = any(c.lower() in letters for c in inner)
        return m.group(0) if mine or not any(c.isalpha() for c in inner) else ""

    def points(m: re.Match[str]) -> str:
        return i18n.render("web.speech.points", {"n": _as_number(m.group(1))}, lang)

    vp = re.escape(t("vp"))
    rules: list[Rule] = [
        (re.compile(r"\s*\(([^()]*)\)"), foreign),
        (re.compile(rf"([−-]?{_FIGURE})\s*→\s*([−-]?{_FIGURE})"),
         rf"{t('from')} \1 {t('to')} \2"),
        (re.compile(r"\s*→\s*"), _said(f"{t('now')} ")),
        (re.compile(rf"{_NUMBER}\s*[×x]\s*{_NUMBER}"), rf"\1 {t('times')} \2"),
        (re.compile(r"\s*×\s*"), f" {t('times')} "),
        (re.compile(r"(?<![\w])\+\s*(?=\d)"), f"{t('plus')} "),
        (re.compile(r"(?<=\w)\+(?=\d)"), f" {t('plus')} "),
        (re.compile(r"(?<![\w])[−-](?=\d)"), f"{t('minus')} "),
        (re.compile(r"(?<=\w)−(?=\d)"), f" {t('minus')} "),
        (re.compile(rf"{_NUMBER}\s*{vp}(?!\w)"), points),
        (re.compile(r"№\s*"), f"{t('number')} "),
        (re.compile(r"\s*·\s*"), ", "),
        (re.compile(r"…"), ""),
        (re.compile(r"\s*/\s*"), f" {t('or')} "),
    ]
    # an abbreviation is said in words where it stands alone, never inside a name in
    # another language's letters ("Civilization: A New Dawn" keeps its "A")
    other = "[^\\W\\d_" + re.escape("".join(sorted(letters | {c.upper() for c in letters}))) + "]"
    alone = rf"(?<!\w)(?<!{other}\s)(?<!{other}:\s)%s(?!\w)(?!\s{other})"
    for pair in t("abbreviations").split(";"):
        written, _, spoken = (part.strip() for part in pair.partition("="))
        if written and spoken:
            rules.append((re.compile(alone % re.escape(written)), _said_as(spoken)))
    return rules


def _as_number(text: str) -> int | float:
    return float(text.replace(",", ".")) if re.search(r"[.,]", text) else int(text)


_CACHE: dict[str, list[Rule]] = {}


def speakable(text: str, lang: str) -> str:
    """``text`` with its symbols in words, its marks of emphasis and quotes dropped."""
    rules = _CACHE.get(lang)
    if rules is None:
        rules = _CACHE[lang] = _rules(lang)
    out = _UNSPOKEN.sub("", text)
    for pattern, words in rules:
        out = pattern.sub(words, out)
    out = re.sub(r"\s+", " ", out).strip()
    out = re.sub(r"\s+([.,:;!?])", r"\1", out)
    return re.sub(r"([.,:;])\1+|,\.", r"\1", out).strip(" ,")


def said(value: Shown, lang: str) -> str:
    """A message (or any shown value) as a voice says it in ``lang``."""
    return speakable(i18n.text(value, lang, i18n.SPOKEN), lang)


# --- the words of a screen -----------------------------------------------------------------
@dataclass(frozen=True)
class Reading:
    """What to read of a screen: the bots' turn's heading, some of its steps, the question."""

    heading: bool
    steps: list[TurnStep]
    question: bool

    def __bool__(self) -> bool:
        return self.heading or bool(self.steps) or self.question


def whole(session: Session) -> Reading:
    """Everything on the screen: the bots' newest turn and the question (the button)."""
    steps = session.turn_summary()
    return Reading(bool(steps), steps, True)


def step_words(session: Session, step: TurnStep, lang: str) -> str:
    """One step of the bots' turn, its actor named where the screen names it."""
    shown = i18n.render(step["key"], step["params"], lang)
    actor, _ = with_actor(Words(lang), session.game_id, step["actor"], shown)
    text = i18n.render(step["key"], step["params"], lang, i18n.SPOKEN)
    if not actor:
        return text
    return f"{i18n.text(actor_name(session.game_id, step['actor']), lang, i18n.SPOKEN)}: {text}"


def question_words(session: Session, lang: str) -> list[str]:
    """The question as it is read: the explanation, its numbered steps, the asking sentence
    and what follows it."""
    p = session.prompt
    if p is None or session.finished:
        return []
    text, bullets = bulleted(i18n.render(p.key, p.params, lang, i18n.SPOKEN))
    lead, ask, after = split_question(text)
    steps = [i18n.text(s, lang, i18n.SPOKEN) for s in p.ui.get("steps") or []]
    return [lead, *bullets, *steps, ask, after]


def _sentence(text: str) -> str:
    text = text.strip()
    return text if not text or text[-1] in ".?!:" else f"{text}."


def spoken(session: Session, reading: Reading, lang: str) -> str:
    """The words read aloud in ``lang`` for ``reading`` of the screen of ``session``."""
    parts: list[str] = []
    if reading.heading and reading.steps:
        turn = turn_name(session, reading.steps[0]["turn"])
        parts.append(i18n.render("web.play.summary", {"turn": turn}, lang, i18n.SPOKEN))
    parts += [step_words(session, step, lang) for step in reading.steps]
    if reading.question:
        parts += question_words(session, lang)
    return " ".join(speakable(_sentence(part), lang) for part in parts if part)


# --- what is new ---------------------------------------------------------------------------
def _step_id(step: TurnStep, index: int) -> str:
    return repr((step["turn"], index, step["key"], step["params"]))


def _question_id(session: Session) -> str:
    p = session.prompt
    return repr((session.moves, p.key, p.params) if p is not None else session.moves)


@dataclass
class Reader:
    """What the voice has read of each game (by its save), so that each thing is read once.

    A game seen for the first time is read only if it has had no answer yet (its first
    checklist, as it appears); one reopened is taken as read. Then each screen reads what
    is new: the steps not read yet (a new turn with its heading) and with them the question;
    without new steps, the question of a bot turn (never one of the set-up, nor one of a
    procedure the player started) if it is new. Undo and redo bring back what was read."""

    heard: dict[str, set[str]] = field(default_factory=dict)

    def news(self, game: str, session: Session) -> Reading:
        """What is new on the screen of ``session`` (the game ``game``), now taken as read."""
        steps = session.turn_summary()
        ids = [_step_id(s, i) for i, s in enumerate(steps)]
        asked = _question_id(session)
        heard = self.heard.get(game)
        if heard is None or len(heard) > MEMORY:
            known = heard is not None or session.moves > 0
            heard = self.heard[game] = set(ids) | {asked} if known else set()
        fresh = [s for s, sid in zip(steps, ids, strict=True) if sid not in heard]
        bot_turn = bool(steps) and steps[0]["turn"] > 0 and not session.open_procedures
        ask = (asked not in heard and session.prompt is not None and not session.finished
               and (bool(fresh) or bot_turn))
        reading = Reading(bool(ids) and ids[0] not in heard, fresh, ask)
        heard.update(ids)
        heard.add(asked)
        return reading
