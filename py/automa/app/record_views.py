"""HTML of the records: the end of a game (the bot's final score, the entry of yours), the
records screen (how you did per game and difficulty, with charts and their tables) and one
record's page. Built from :mod:`automa.app.record_present`'s words with :func:`h` (escaped).
"""

from __future__ import annotations

from collections.abc import Sequence

from automa.app import charts
from automa.app.html import Safe, h, join
from automa.app.record_present import ChartView, EndView, GameRecords
from automa.app.view_records import RowView
from automa.app.words import Words


def rows(items: Sequence[RowView], cls: str = "") -> Safe:
    """Labels and values as a definition list."""
    return h("dl", {"class": cls or None}, *[
        h("div", {"class": "kv"}, h("dt", None, r["label"]), h("dd", None, r["value"]))
        for r in items])


def chart(v: ChartView, w: Words) -> Safe:
    """A chart with its legend and its table (folded)."""
    return charts.figure(v["lines"], v["labels"], v["title"], v["x_heading"], v["rows"],
                         w.t("web.records.show_table"), w.lang)


def entry_form(v: EndView, w: Words) -> Safe:
    """Your score(s) and, where the rules decide otherwise, who won: one screen, optional."""
    fields = [h("div", {"class": "field"},
                h("label", {"for": f"score-{f['index']}"}, f["label"]),
                h("input", {"id": f"score-{f['index']}", "type": "number",
                            "inputmode": "numeric", "min": 0, "max": f["top"],
                            "value": f["value"], "data-score": f["index"],
                            "autocomplete": "off"}))
              for f in v["fields"]]
    winner = (h("fieldset", {"class": "field"}, h("legend", None, w.t("web.records.who_won")),
                *[h("label", {"class": "choice"},
                    h("input", {"type": "radio", "name": "winner", "value": a["value"],
                                "data-winner": True, "checked": a["chosen"]}),
                    h("span", None, a["label"])) for a in v["answers"]])
              if v["answers"] else None)
    # (a div, not a form: Enter in a lone number box would submit a form and reload the page)
    return h("div", {"class": "stack record-form", "id": "record-form", "role": "group",
                     "aria-label": w.t("web.records.your_score"), "data-record": v["record"]},
             *fields, winner,
             h("button", {"type": "button", "class": "primary wide", "data-act": "record-save",
                          "data-arg": v["record"]}, w.t("web.records.save")))


def end_panel(v: EndView, w: Words, records_link: bool = True) -> Safe:
    """The end of a game, under "The game is over": the bot's final score by source, the
    entry of yours (optional; the game is recorded either way), how you did, and a link to
    the records."""
    return h("div", {"class": "end", "id": "end"},
             h("p", {"class": "end-bot"}, h("strong", None, v["bot"])),
             rows(v["sources"], "end-sources") if v["sources"] else None,
             h("p", {"class": "muted"}, v["rounds"]),
             h("p", {"class": "end-result", "id": "end-result"}, v["result"]),
             h("p", {"class": "muted"}, w.t("web.records.optional")),
             entry_form(v, w),
             h("p", None, h("a", {"class": "button wide", "href": "#/records"},
                            w.t("web.records.title"))) if records_link else None)


def game_section(g: GameRecords, w: Words, *, full: bool, confirm: str) -> Safe:
    """One game on the records screen: the suggestion, the numbers per difficulty, the two
    charts and (``full``) every game with its edit and delete."""
    standings = [h("div", {"class": "standing"}, h("h4", None, s["level"]),
                   h("ul", {"class": "plain stats"},
                     *[h("li", None, h("span", {"class": "muted"}, r["label"]), " ",
                         h("strong", None, r["value"])) for r in s["rows"]]))
                 for s in g["standings"]]
    games = None
    if full:
        games = h("ul", {"class": "plain stack record-list"},
                  *[record_item(r["value"], r["label"], confirm == r["value"], w)
                    for r in g["games"]])
    more = (None if full else
            h("p", None, h("a", {"class": "guide-link", "href": f"#/records/{g['game']}"},
                           w.t("web.records.all_games", n=len(g["games"])))))
    return h("section", {"class": "panel records-game", "data-game": g["game"]},
             h("h3", None, g["name"]),
             h("p", {"class": "suggestion"}, g["suggestion"]) if g["suggestion"] else None,
             h("div", {"class": "standings"}, *standings),
             chart(g["history"], w),
             chart(g["rounds"], w) if g["rounds"] else None,
             games, more)


def record_item(record_id: str, label: str, confirm: bool, w: Words) -> Safe:
    """One game in a game's list: when, at what strength, how; open or delete."""
    if confirm:
        actions = [h("p", None, w.t("web.records.delete_confirm")),
                   h("button", {"class": "danger", "data-act": "record-delete-yes",
                                "data-arg": record_id}, w.t("web.home.delete_yes")),
                   h("button", {"data-act": "record-delete-no"}, w.t("web.home.delete_no"))]
    else:
        actions = [h("a", {"class": "button", "href": f"#/record/{record_id}"},
                       w.t("web.records.edit")),
                   h("button", {"data-act": "record-delete", "data-arg": record_id},
                     w.t("web.home.delete"))]
    return h("li", {"class": "save record", "data-record": record_id},
             h("p", None, label), h("div", {"class": "row"}, *actions))


def records_screen(games: Sequence[GameRecords], problems: Sequence[str], w: Words, *,
                   full: bool, confirm: str) -> Safe:
    """How you did against the bots, per game and difficulty; records that could not be
    read (by their id); export and import."""
    empty = (h("p", {"class": "muted"}, w.t("web.records.none")) if not games else None)
    broken = (h("section", {"class": "panel"}, h("h3", None, w.t("web.records.broken_title")),
                h("ul", {"class": "plain"}, *[h("li", None, p) for p in problems]))
              if problems else None)
    files = h("section", {"class": "panel"}, h("h3", None, w.t("web.records.files")),
              h("p", {"class": "muted"}, w.t("web.records.files_help")),
              h("div", {"class": "row"},
                h("button", {"data-act": "record-export"}, w.t("web.records.export")),
                h("label", {"class": "button", "for": "import-file"},
                  w.t("web.home.import_button")),
                h("input", {"type": "file", "id": "import-file", "class": "visually-hidden",
                            "accept": ".json,application/json"})))
    return join([h("section", {"class": "panel"}, h("h2", None, w.t("web.records.title")),
                   h("p", {"class": "muted"}, w.t("web.records.help")), empty),
                 *[game_section(g, w, full=full, confirm=confirm) for g in games],
                 broken, files])


def record_screen(v: EndView, name: str, strength: str, rounds: ChartView | None,
                  w: Words) -> Safe:
    """One game's record: what the bot scored, your entry (to complete or correct), and the
    bot's score per round."""
    return join([
        h("section", {"class": "panel", "data-record": v["record"]},
          h("h2", None, name), h("p", {"class": "muted"}, f"{v['when']} · {strength}"),
          end_panel(v, w, records_link=False)),
        h("section", {"class": "panel"}, chart(rounds, w)) if rounds else None,
        h("p", None, h("a", {"class": "button", "href": f"#/records/{v['game']}"},
                       w.t("web.records.back")))])


def home_link(w: Words) -> Safe:
    """The records on Home."""
    return h("section", {"class": "panel"}, h("h2", None, w.t("web.records.title")),
             h("p", {"class": "muted"}, w.t("web.records.home_help")),
             h("a", {"class": "button", "href": "#/records"}, w.t("web.records.open")))
