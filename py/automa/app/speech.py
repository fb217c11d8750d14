"""The bots' turn in words to be spoken: what to do on the board, then the question, with
every symbol, icon and abbreviation said as a listener understands it ("Science from 3 to 4",
"5 victory points", «з 3 до 4», «5 переможних очок»). Both front ends use it: the page hands
it to the device's own speech synthesis, the terminal prints it (``--speak``).

>>> speakable("**Put** +3 VP: Science 3 → 4 (2 × 1) · ▸", "en")
'Put plus 3 victory points: Science from 3 to 4 (2 times 1)'
>>> speakable("+1 ПО за № 2 — «Союз»", "uk")
'плюс 1 переможне очко за номер 2 — Союз'
"""

from __future__ import annotations

import re
from collections.abc import Callable

from automa.app.present import line_text
from automa.app.view_records import PlayView, QuestionView, SummaryLineView
from automa.core import i18n

RATES = (0.8, 1.0, 1.25, 1.5)
"""The speaking rates the settings offer (1 is the voice's own)."""

_UNSPOKEN = re.compile(r"[*▸▶◀◂►◄“”„«»\"⟶]")
_POINTS = {"en": r"VP", "uk": r"ПО"}
_NUMBER = r"(\d+(?:[.,]\d+)?)"


def _points(lang: str) -> Callable[[re.Match[str]], str]:
    def spoken(m: re.Match[str]) -> str:
        n = m.group(1)
        return i18n.render("web.speech.points", {"n": _as_number(n)}, lang)
    return spoken


def _as_number(text: str) -> int | float:
    return float(text.replace(",", ".")) if re.search(r"[.,]", text) else int(text)


def _rules(lang: str) -> list[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]]]:
    """Each symbol's words in ``lang`` (the words come from the catalog)."""
    def t(key: str) -> str:
        return i18n.render(f"web.speech.{key}", {}, lang)

    vp = _POINTS.get(lang, "VP")
    return [
        (re.compile(rf"{_NUMBER}\s*→\s*{_NUMBER}"), rf"{t('from')} \1 {t('to')} \2"),
        (re.compile(r"\s*→\s*"), f" {t('to')} "),
        (re.compile(rf"{_NUMBER}\s*[×x]\s*{_NUMBER}"), rf"\1 {t('times')} \2"),
        (re.compile(r"\s*×\s*"), f" {t('times')} "),
        (re.compile(r"(?<![\w])\+\s*(?=\d)"), f"{t('plus')} "),
        (re.compile(r"(?<![\w])[−-](?=\d)"), f"{t('minus')} "),
        (re.compile(rf"{_NUMBER}\s*{vp}\b"), _points(lang)),
        (re.compile(rf"\b{vp}\b"), t("points_word")),
        (re.compile(r"№\s*"), f"{t('number')} "),
        (re.compile(r"\s*·\s*"), ", "),
        (re.compile(r"…"), ""),
        (re.compile(r"\s*/\s*"), f" {t('or')} "),
    ]


_CACHE: dict[str, list[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]]]] = {}


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


def _step(s: SummaryLineView) -> str:
    return line_text(s)


def _sentence(text: str) -> str:
    text = text.strip()
    return text if not text or text[-1] in ".?!:" else f"{text}."


def question_words(q: QuestionView) -> list[str]:
    """The question as it is read: the explanation, its numbered steps, the asking sentence
    and what follows it."""
    return [q["lead"], *q["steps"], q["ask"], q["after"]]


def turn_words(v: PlayView) -> list[str]:
    """The bots' newest turn: its heading and each thing to do on the board."""
    return [v["summary_title"], *map(_step, v["summary"])] if v["summary"] else []


def spoken(v: PlayView, lang: str, turn: bool = True) -> str:
    """What is read aloud for the screen ``v`` (in ``lang``, the language it was drawn in):
    the bots' turn (unless ``turn`` is false: it was read already), then the question."""
    parts = [*(turn_words(v) if turn else []), *question_words(v["question"])]
    return " ".join(speakable(_sentence(part), lang) for part in parts if part)
