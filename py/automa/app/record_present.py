"""The records in words: what the end screen, the records screen and the terminal show.

Everything comes from the checked :class:`~automa.app.game_records.Record` and the games' own
declarations (``games.json``: names, options, scoring words), never from text in storage:
a record's ids name words of our catalogs or are shown as they are, escaped by the views.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypedDict, TypeGuard

from automa.app import game_records as rec
from automa.app.charts import Line
from automa.app.present import PARENTHESIS, Words
from automa.app.view_records import RowView
from automa.core import i18n

RECENT = 12
"""How many of the latest games the "you and the bot" chart shows."""


class ScoreField(TypedDict):
    """One score the end screen asks: a human's final score."""

    index: int
    label: str
    value: str
    top: int


class Answer(TypedDict):
    """One answer to "who won?"."""

    value: str
    label: str
    chosen: bool


class EndView(TypedDict):
    """The end of a game: the bot's final score and the player's entry."""

    record: str
    game: str
    bot: str
    """The bot's final score in words ("Automa: 72 VP")."""
    sources: list[RowView]
    rounds: str
    fields: list[ScoreField]
    answers: list[Answer]
    """Who won, where the rules decided by something else than points ([]: not asked)."""
    result: str
    """How you did, in words ("" until it is known)."""
    when: str


class StandingView(TypedDict):
    """One difficulty of a game: its numbers in words."""

    level: str
    rows: list[RowView]


class ChartView(TypedDict):
    """A chart: its lines, x labels, the row headings of its table and its title."""

    lines: list[Line]
    labels: list[str]
    rows: list[str]
    x_heading: str
    title: str


class GameRecords(TypedDict):
    """A game's part of the records screen."""

    game: str
    name: str
    suggestion: str
    standings: list[StandingView]
    history: ChartView
    """Your score and the bot's in the latest games at the last difficulty played."""
    rounds: ChartView | None
    """The last game's bot score per round against its average at that difficulty."""
    games: list[RowView]
    """Every game, newest first: when and how (label), the record's id (value)."""


class Words4Records:
    """Records in one language, over the games' declarations."""

    def __init__(self, games: Mapping[str, Mapping[str, Any]], w: Words) -> None:
        self.games = games
        self.w = w

    def t(self, key: str, **params: Any) -> str:
        """A message."""
        return self.w.t(key, **params)

    def _known(self, key: Any) -> TypeGuard[str]:
        return isinstance(key, str) and i18n.has_message(key, "en")

    def scoring(self, game: str) -> Mapping[str, Any]:
        """The game's scoring words (empty for a game this app does not have)."""
        return dict(self.games.get(game, {}).get("scoring") or {})

    def game_name(self, game: str) -> str:
        """A game's name (its id for a game this app does not have)."""
        g = self.games.get(game)
        return self.t(str(g["name"])) if g else game

    def score(self, game: str, n: float) -> str:
        """A score in the game's own word ("72 VP", "3 Glory")."""
        unit = self.scoring(game).get("unit")
        value = round(n) if float(n).is_integer() else round(n, 1)
        return self.t(unit, n=value) if self._known(unit) else i18n.format_number(value,
                                                                                self.w.lang)

    def round_name(self, game: str, n: int) -> str:
        """A round as the game counts them ("Era 3")."""
        key = self.scoring(game).get("round_label")
        return self.t(key, n=n) if self._known(key) else str(n)

    def round_word(self, game: str, word: str) -> str:
        """The game's own word for its rounds (``word``: ``round_heading``, "Era", or
        ``by_round``, "era by era"): a message beside its round label
        (``<game>.record.round`` → ``<game>.record.by_round``), else the core's
        ("Round", "round by round")."""
        label = self.scoring(game).get("round_label")
        key = f"{label.rpartition('.')[0]}.{word}" if isinstance(label, str) else ""
        core = "web.records.round" if word == "round_heading" else f"web.records.{word}"
        return self.t(key) if self._known(key) else self.t(core)

    def source(self, game: str, source: str) -> str:
        """A score source's name (the id itself if the game does not name it)."""
        key = (self.scoring(game).get("sources") or {}).get(source)
        return self.t(key) if self._known(key) else source

    def option_value(self, game: str, option: str, value: Any) -> str:
        """An option's value in words, as the new-game screen names it."""
        spec = next((o for o in self.games.get(game, {}).get("options", [])
                     if o["id"] == option), None)
        if spec is not None:
            for choice, label in zip(spec["choices"], spec["choice_labels"], strict=False):
                if str(choice) == str(value) and self._known(label):
                    return self.t(label)
        return str(value)

    def option_name(self, game: str, option: str) -> str:
        """An option's name."""
        spec = next((o for o in self.games.get(game, {}).get("options", [])
                     if o["id"] == option), None)
        return self.t(spec["label"]) if spec and self._known(spec.get("label")) else option

    def level(self, game: str, level: str) -> str:
        """A difficulty in words."""
        ladder, _ = rec.ladder_of(self.games.get(game, {}))
        return self.option_value(game, ladder, level) if level else self.t("web.records.no_level")

    def strength(self, record: rec.Record) -> str:
        """The options that set the bot's strength, in words ("Level 3 · Simpletons")."""
        order = list(self.scoring(record.game).get("strength") or record.options)
        parts = [self.option_value(record.game, o, record.options[o]) for o in order
                 if o in record.options]
        return " · ".join(parts)

    def result(self, record: rec.Record) -> str:
        """How you did ("You won, 85 to 72"), or a word that it is not known yet."""
        you, bot = record.you, record.bot_total
        outcome = record.result
        if not outcome:  # what is missing: the winner where it is asked, else your score
            asked = record.ask or (record.winner == "human" and record.humans > 1)
            return self.t("web.records.result_pick_winner" if asked and you is not None
                          else "web.records.result_unknown")
        scores = (self.t("web.records.scores", you=you, bot=self.score(record.game, bot))
                  if you is not None else "")
        text = self.t(f"web.records.result_{outcome}")
        return f"{text} ({scores})" if scores else text

    def when(self, record: rec.Record, date: Any) -> str:
        """When the game ended (the page's or the terminal's date format)."""
        return str(date(record.finished))

    # --- the end screen -------------------------------------------------------------------
    def end(self, record: rec.Record, date: Any) -> EndView:
        """The end of a game: the bot's final score by source, the entry of yours."""
        game = record.game
        bot_name = self.bot_name(game)
        named = self.bots(record)
        sources: list[RowView] = [] if named else [
            {"label": self.source(game, s), "value": str(n)}
            for s, n in record.bot_sources.items() if n]
        bot = " · ".join(self.t("web.records.bot_score", bot=label, score=self.score(game, n))
                         for label, n in named) if named else \
            self.t("web.records.bot_score", bot=bot_name,
                   score=self.score(game, record.bot_total))
        top = int(self.scoring(game).get("player_max") or rec.MAX_SCORE)
        you = self.scoring(game).get("you")
        fields: list[ScoreField] = []
        for i, value in enumerate(record.players):
            label = (self.t(you) if self._known(you) else self.t("web.records.your_score")) \
                if i == 0 else self.t("web.records.player_score", n=i + 1)
            fields.append({"index": i, "label": label, "value": "" if value is None
                           else str(value), "top": top})
        return {"record": record.id, "game": game,
                "bot": bot,
                "sources": sources if len(sources) > 1 else [],
                "rounds": self.t("web.records.rounds", n=record.rounds,
                                 last=mid_phrase(self.round_name(game, record.rounds))),
                "fields": fields, "answers": self.answers(record),
                "result": self.result(record), "when": self.when(record, date)}

    def bot_name(self, game: str) -> str:
        """The bot's name in this game ("Automa", "AP")."""
        key = self.scoring(game).get("bot")
        return self.t(key) if self._known(key) else self.t("web.records.bot")

    def bots(self, record: rec.Record) -> list[tuple[str, int]]:
        """Each bot's name and score, in a game of several bots whose scoring names them
        (its sources); else none."""
        if not self.scoring(record.game).get("bots") or len(record.bot_sources) < 2:
            return []
        return [(self.source(record.game, s), n)
                for s, n in list(record.bot_sources.items())[:rec.BOT_SEATS]]

    def answers(self, record: rec.Record) -> list[Answer]:
        """Who won, where the end screen asks it: with several bots, each by name."""
        if not (record.ask or (record.winner == "human" and record.humans > 1)):
            return []
        named = [] if record.winner == "human" else self.bots(record)
        bots = [(f"bot{i + 1}", label) for i, (label, _) in enumerate(named)] or (
            [] if record.winner == "human" else [("bot", self.bot_name(record.game))])
        people = [(v, self.t(f"web.records.answer_{v}"))
                  for v in ["you", *(["other"] if record.humans > 1 else [])]]
        return [{"value": v, "label": label, "chosen": record.answer == v}
                for v, label in [*people, *[(v, self.t("web.records.answer_bot", bot=name))
                                            for v, name in bots]]]

    # --- the records screen ---------------------------------------------------------------
    def standing(self, game: str, s: rec.Standing) -> StandingView:
        """One difficulty's numbers in words."""
        rows: list[RowView] = [
            {"label": self.t("web.records.played"), "value": str(s.played)},
            {"label": self.t("web.records.won"), "value": str(s.won)},
            {"label": self.t("web.records.lost"), "value": str(s.lost)}]
        if s.drawn:
            rows.append({"label": self.t("web.records.drawn"), "value": str(s.drawn)})
        rows += [
            {"label": self.t("web.records.best_margin"),
             "value": self.margin(s.best_margin)},
            {"label": self.t("web.records.average_margin"),
             "value": self.margin(s.average_margin)},
            {"label": self.t("web.records.bot_average"),
             "value": self.score(game, round(s.bot_average, 1))}]
        return {"level": self.level(game, s.level), "rows": rows}

    def margin(self, value: float | None) -> str:
        """A margin with its sign, in this language ("—" when there is none)."""
        return "—" if value is None else signed(value, self.w.lang)

    def suggestion(self, game: str, s: rec.Suggestion | None) -> str:
        """The next difficulty to try, and why."""
        if s is None:
            return ""
        return self.t(f"web.records.suggest_{s.move}", level=bare(self.level(game, s.level)),
                      played=bare(self.level(game, s.played)))

    def history(self, game: str, records: Sequence[rec.Record], ladder: str,
                date: Any) -> ChartView:
        """Your score and the bot's in the latest games at the last difficulty played."""
        level = rec.level_of(records[0], ladder) if records else ""
        shown = [r for r in records if rec.level_of(r, ladder) == level][:RECENT][::-1]
        lines = [Line(self.t("web.records.line_you"), [r.you for r in shown], "you"),
                 Line(self.bot_name(game), [r.bot_total for r in shown], "bot")]
        return {"lines": lines, "labels": [str(i + 1) for i in range(len(shown))],
                "rows": [f"{i + 1} · {self.when(r, date)}" for i, r in enumerate(shown)],
                "x_heading": self.t("web.records.game"),
                "title": self.t("web.records.chart_history", level=self.level(game, level))}

    def rounds_chart(self, game: str, records: Sequence[rec.Record], ladder: str,
                     this: str = "last") -> ChartView | None:
        """The first of ``records`` (the ``last`` game, or ``this`` one on its own page):
        the bot's score per round against its average at that difficulty."""
        if not records or not any(records[0].by_round):  # (all 0: a flat line tells nothing)
            return None
        last = records[0]
        level = rec.level_of(last, ladder)
        alike = [r for r in records if rec.level_of(r, ladder) == level and any(r.by_round)]
        average = rec.average_by_round(alike, least=2)  # (from one game: that game itself)
        average = average if any(v is not None for v in average) else []
        names = [self.round_name(game, i + 1) for i in range(max(len(last.by_round),
                                                                 len(average)))]
        lines = [Line(self.t(f"web.records.line_{this}", bot=self.bot_name(game)),
                      list(last.by_round), "bot")]
        if average:
            lines.append(Line(self.t("web.records.line_average"), average, "average"))
        return {"lines": lines, "labels": names, "rows": names,
                "x_heading": self.round_word(game, "round_heading"),
                "title": self.t(f"web.records.chart_rounds_{this}", bot=self.bot_name(game),
                                by_round=self.round_word(game, "by_round"),
                                level=self.level(game, level))}

    def game_records(self, game: str, records: Sequence[rec.Record], date: Any
                     ) -> GameRecords:
        """A game's part of the records screen (``records`` newest first)."""
        ladder, order = rec.ladder_of(self.games.get(game, {}))
        return {
            "game": game, "name": self.game_name(game),
            "suggestion": self.suggestion(game, rec.suggest(list(records), ladder, order)),
            "standings": [self.standing(game, s)
                          for s in rec.standings(records, ladder, order)],
            "history": self.history(game, records, ladder, date),
            "rounds": self.rounds_chart(game, records, ladder),
            "games": [{"label": self.t("web.records.game_line", when=self.when(r, date),
                                       strength=self.strength(r), result=self.result(r)),
                       "value": r.id} for r in records]}

    def broken(self, b: rec.Broken) -> str:
        """A record that could not be read, in words (its id and reason, never its text)."""
        if b.newer:
            return self.t("web.records.broken_newer", id=b.id)
        return self.t("web.records.broken_line", id=b.id, reason=b.reason)


def bare(level: str) -> str:
    """A difficulty's name without its closing note in parentheses, for a sentence that
    adds one of its own ("stay at Settler (two wins in a row…)")."""
    return PARENTHESIS.sub("", level) or level


def signed(value: float, lang: str = "en") -> str:
    """A margin with its sign, as ``lang`` writes it ("+12", "−3", "0", "+4.5"; «+4,5»)."""
    text = i18n.format_number(value, lang)
    return "+" + text if text != "0" and value > 0 else text


def mid_phrase(label: str) -> str:
    """A label ("Round 3", «Хід АГ 3») inside a sentence, after its first words: its first
    letter in lower case, unless its first word is an abbreviation ("AP turn 3")."""
    first = label.split(" ", 1)[0]
    if len(first) > 1 and first[1].isupper():
        return label
    return label[:1].lower() + label[1:]
