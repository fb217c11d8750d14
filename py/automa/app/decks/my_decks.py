"""The "My decks" screens of every game whose player keys in their own cards: decks kept in
the browser, the card editor, and the deck choice of the new-game screen.

A game takes part by giving a ``data`` option a card editor
(:class:`~automa.core.card_editor.CardEditor`, :attr:`GameDef.deck_option`); nothing here names a
game. Everything read back from storage or from a file is hostile: :func:`read_deck` never
raises, it names what is wrong in translated words. The page (``web/main.py``) only stores,
routes and forwards taps; the cards are checked by the game's editor.

A kept deck is ``{"game", "name", "cards", "rev"}`` under ``automa.deck.<id>``; ``rev`` (the
revision, written since issue 21; a deck without one reads as revision 0) counts its writes.
Like a saved game, each write names the revision it read: a deck changed in another tab
since is not written over (:class:`StaleDeck`), a deck deleted there is not brought back
(:class:`DeckDeleted`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, TypedDict

from automa.app.html import Safe, h, trusted
from automa.app.saves import DECK_PREFIX
from automa.app.storage import KeyValue
from automa.app.words import Words
from automa.core.card_editor import DECK, CardEditor
from automa.core.checks import read_json
from automa.core.errors import AutomaError
from automa.core.game import OptionSpec, find_game

PREFIX = DECK_PREFIX
"""localStorage key prefix of a kept deck (``automa.deck.<id>``)."""
MAX_NAME = 60
MAX_REV = 2**31
MAX_CARDS = 999
"""No game's deck is longer (a card index in a URL or a button is bounded by it)."""
MAX_TEXT = 1_000_000
"""A kept deck's text longer than this is no deck (its revision is not even read)."""


class StaleDeck(AutomaError):
    """Another tab or window changed this deck since it was read here: nothing written."""

    key = "web.decks.stale"


class DeckDeleted(AutomaError):
    """This deck was deleted in another tab or window since it was read: nothing written."""

    key = "web.decks.deleted"


@dataclass(frozen=True)
class DeckGame:
    """A game whose player keys in their own cards."""

    id: str
    name: str
    """Message id of the game's name."""
    option: OptionSpec
    """The option a deck is played as (its label names the deck choice)."""
    editor: CardEditor


def deck_game(game_id: str) -> DeckGame | None:
    """The game ``game_id`` if its player keys in cards (its rules are loaded), else None."""
    try:
        game = find_game(game_id)
    except AutomaError:
        return None
    option = game.deck_option
    if option is None or option.editor is None:
        return None
    return DeckGame(game.id, game.name, option, option.editor)


class Deck(TypedDict):
    """One kept deck as read back from storage."""

    id: str
    game: str
    """The game the deck names ("" if it names none)."""
    name: str
    rev: int
    """The revision read (0: a deck written before revisions, or none stored)."""
    cards: list[dict[str, Any]]
    error: str
    """Why the stored text is not a deck at all ("" when it is one)."""
    problems: list[str]
    """What keeps it from play, translated (empty: playable)."""


def _name(raw: Any, deck_id: str) -> str:
    return raw[:MAX_NAME] if isinstance(raw, str) and raw.strip() else deck_id


def read_deck(g: DeckGame, deck_id: str, text: Any, w: Words) -> Deck:
    """A stored deck read by the game's editor, never raising: unreadable text gives
    ``error``, a deck with wrong cards gives ``problems`` (it can still be edited)."""
    out: Deck = {"id": deck_id, "game": "", "name": deck_id, "rev": 0, "cards": [],
                 "error": "", "problems": []}
    if text is None:
        out["error"] = w.t("web.decks.missing")
        return out
    try:
        fields, cards = g.editor.read(text)
    except AutomaError as e:
        out["error"] = w.text(e.to_json())
        return out
    game = fields.get("game")
    out["game"] = game if isinstance(game, str) else ""
    out["name"] = _name(fields.get("name"), deck_id)
    out["rev"] = revision_of(fields)
    out["cards"] = cards
    out["problems"] = [w.text(p) for p in g.editor.deck_problems(cards)]
    return out


def kept_decks(kv: KeyValue, g: DeckGame, w: Words) -> list[Deck]:
    """Every deck of the game kept in this browser (and any naming no game), read as hostile
    text (never raises)."""
    found = [read_deck(g, k[len(PREFIX):], kv.get(k), w)
             for k in sorted(kv.keys()) if k.startswith(PREFIX)]
    return [d for d in found if d["game"] in (g.id, "")]


def load_deck(kv: KeyValue, g: DeckGame, deck_id: str, w: Words) -> Deck:
    """One kept deck, read as hostile text (a missing one reads as an error)."""
    return read_deck(g, deck_id, kv.get(PREFIX + deck_id), w)


def stored_game(kv: KeyValue, deck_id: str) -> str:
    """The game a kept deck names ("" if none, or no deck is stored under ``deck_id``)."""
    text = kv.get(PREFIX + deck_id)
    try:
        raw = read_json(text) if text is not None and len(text) <= MAX_TEXT else None
    except (ValueError, RecursionError):
        raw = None
    game = raw.get("game") if isinstance(raw, dict) else None
    return game if isinstance(game, str) else ""


def new_deck_id(kv: KeyValue, now: float) -> str:
    """A deck id not used yet (from the time, in hex)."""
    n = int(now)
    while kv.get(f"{PREFIX}{n:x}") is not None:
        n += 1
    return f"{n:x}"


def revision_of(raw: Any) -> int:
    """The revision of a stored deck's parsed JSON (0 when it has none, or a wrong one)."""
    rev = raw.get("rev") if isinstance(raw, dict) else None
    return rev if type(rev) is int and 0 <= rev <= MAX_REV else 0


def stored_revision(kv: KeyValue, deck_id: str) -> int | None:
    """The revision of the deck stored under ``deck_id`` (``None``: no deck there)."""
    text = kv.get(PREFIX + deck_id)
    if text is None:
        return None
    try:
        return revision_of(read_json(text)) if len(text) <= MAX_TEXT else 0
    except (ValueError, RecursionError):
        return 0


def put_deck(kv: KeyValue, game_id: str, deck_id: str, name: str, cards: list[dict[str, Any]],
             rev: int | None, *, lost: bool = False) -> int:
    """Keep a deck of ``game_id`` (drafts with problems too) over the revision ``rev`` read
    (``None``: a new deck); the revision written. :class:`StaleDeck` if another tab wrote it
    since, :class:`DeckDeleted` if it deleted it (unless the storage was ``lost``: then a
    deck read before is simply not in memory), the storage's refusal a ``StorageError``."""
    current = stored_revision(kv, deck_id)
    if current is None and rev is not None and not lost:
        raise DeckDeleted()
    if current is not None and current != rev:
        raise StaleDeck()
    new = (rev or 0) + 1
    kv.set(PREFIX + deck_id, deck_text(game_id, name, cards, new))
    return new


def delete_deck(kv: KeyValue, deck_id: str) -> None:
    """Forget a kept deck."""
    kv.remove(PREFIX + deck_id)


def deck_text(game_id: str, name: str, cards: list[dict[str, Any]], rev: int = 0) -> str:
    """What is stored for a deck of ``game_id`` (drafts with problems too) at revision
    ``rev``."""
    return json.dumps({"v": DECK.current, "game": game_id, "name": name[:MAX_NAME],
                       "cards": cards, "rev": rev}, ensure_ascii=False)


def new_cards(g: DeckGame, source: str) -> list[dict[str, Any]]:
    """The cards of a new deck: a copy of the game's own cards, or one blank card."""
    return g.editor.starter_cards() if source == "companion" else [g.editor.blank_card(1)]


def next_number(cards: list[dict[str, Any]]) -> int:
    """A card number not used yet in the deck."""
    used = {c.get("number") for c in cards if isinstance(c, dict)}
    return next(n for n in range(1, len(used) + 2) if n not in used)


def add_card(g: DeckGame, cards: list[dict[str, Any]],
             copy_of: int | None = None) -> list[dict[str, Any]]:
    """The deck with a new card at its end (a blank one, or a copy of card ``copy_of``)."""
    if len(cards) >= g.editor.max_cards:
        return cards
    base = (g.editor.with_field(cards[copy_of], "number", next_number(cards))
            if copy_of is not None and 0 <= copy_of < len(cards)
            else g.editor.blank_card(next_number(cards)))
    return [*cards, base]


def remove_card(cards: list[dict[str, Any]], index: int) -> list[dict[str, Any]]:
    """The deck without card ``index``."""
    return [c for i, c in enumerate(cards) if i != index]


def field_problems(g: DeckGame, card: Any, w: Words) -> dict[str, list[str]]:
    """The problems of one card by field path ("" for those naming no known field)."""
    paths = {f["path"] for f in g.editor.fields(card)}
    out: dict[str, list[str]] = {}
    for field, problem in g.editor.card_problems(card):
        out.setdefault(field if field in paths else "", []).append(w.text(problem))
    return out


def preview(g: DeckGame, card: Any, lang: str) -> Safe | None:
    """The card drawn by the game's renderer, as the editor's preview (None while it has
    problems, or for a game that draws no cards)."""
    if g.editor.card_problems(card):
        return None
    from automa import render

    try:
        svg = render.keyed_svg(g.id, card, lang)
    except (AutomaError, KeyError, ValueError, TypeError):
        return None
    return None if svg is None else trusted(svg)


# --- HTML ---------------------------------------------------------------------------------
def decks_screen(g: DeckGame, decks: list[Deck], confirm: str, w: Words) -> Safe:
    """The list of kept decks, new deck and import."""
    rows = [_deck_row(d, confirm, w) for d in decks]
    return h("section", {"class": "panel decks"},
             h("h2", None, w.t("web.decks.title")),
             h("p", {"class": "muted"}, w.t("web.decks.help")),
             h("ul", {"class": "stack deck-list"}, *rows) if rows
             else h("p", {"class": "muted"}, w.t("web.decks.none")),
             h("div", {"class": "row"},
               h("button", {"type": "button", "data-act": "deck-new", "data-arg": "companion"},
                 w.t(g.editor.starter_label)),
               h("button", {"type": "button", "data-act": "deck-new", "data-arg": "blank"},
                 w.t("web.decks.new_blank")),
               h("label", {"class": "button", "for": "deck-import-file"},
                 w.t("web.decks.import")),
               h("input", {"type": "file", "id": "deck-import-file", "accept": ".json",
                           "class": "visually-hidden"})),
             h("p", None, h("a", {"class": "guide-link", "href": f"#/new/{g.id}"},
                            w.t("web.decks.to_new_game", game=w.t(g.name)))))


def _deck_row(d: Deck, confirm: str, w: Words) -> Safe:
    status = (h("p", {"class": "error deck-error"}, d["error"]) if d["error"]
              else h("p", {"class": "muted"}, w.t("web.decks.playable", n=len(d["cards"])))
              if not d["problems"]
              else h("p", {"class": "muted"}, w.t("web.decks.not_playable",
                                                  n=len(d["problems"]), first=d["problems"][0])))
    if confirm == d["id"]:
        actions = h("div", {"class": "row"}, h("span", None, w.t("web.decks.delete_confirm")),
                    h("button", {"type": "button", "data-act": "deck-delete-yes",
                                 "data-arg": d["id"]}, w.t("web.home.delete_yes")),
                    h("button", {"type": "button", "data-act": "deck-delete-no"},
                      w.t("web.home.delete_no")))
    else:
        actions = h("div", {"class": "row"},
                    None if d["error"] else h("button", {"type": "button", "data-act": "deck-edit",
                                                         "data-arg": d["id"]},
                                              w.t("web.decks.edit")),
                    None if d["error"] or d["problems"] else
                    h("button", {"type": "button", "data-act": "deck-export", "data-arg": d["id"]},
                      w.t("web.home.export")),
                    h("button", {"type": "button", "data-act": "deck-delete", "data-arg": d["id"]},
                      w.t("web.home.delete")))
    return h("li", {"class": "deck", "data-deck": d["id"]}, h("strong", None, d["name"]),
             status, actions)


def editor_screen(g: DeckGame, d: Deck, index: int, w: Words) -> Safe:
    """One deck in the editor: its name, its cards, and card ``index`` field by field."""
    cards = d["cards"]
    index = max(0, min(index, len(cards) - 1))
    tabs = [h("button", {"type": "button", "data-act": "deck-card", "data-arg": i,
                         "class": "chip" + (" on" if i == index else "")
                         + (" bad" if g.editor.card_problems(c) else ""),
                         "aria-pressed": "true" if i == index else "false"},
              str(c.get("number", i + 1)) if isinstance(c, dict) else str(i + 1))
            for i, c in enumerate(cards)]
    problems = [h("li", None, p) for p in d["problems"]]
    return h("section", {"class": "panel deck-editor", "data-deck": d["id"]},
             h("h2", None, w.t("web.decks.editing")),
             h("div", {"class": "field"}, h("label", {"for": "deck-name"}, w.t("web.decks.name")),
               h("input", {"id": "deck-name", "type": "text", "maxlength": MAX_NAME,
                           "value": d["name"]})),
             h("div", {"class": "row deck-cards", "role": "group",
                       "aria-label": w.t("web.decks.cards", n=len(cards))}, *tabs),
             _card_form(g, cards[index], index, w) if cards
             else h("p", None, w.t("web.decks.empty")),
             h("div", {"class": "row"},
               h("button", {"type": "button", "data-act": "deck-add"}, w.t("web.decks.add")),
               None if not cards else h("button", {"type": "button", "data-act": "deck-dup",
                                                   "data-arg": index}, w.t("web.decks.duplicate")),
               None if not cards else h("button", {"type": "button", "data-act": "deck-remove",
                                                   "data-arg": index}, w.t("web.decks.remove"))),
             h("details", {"class": "deck-problems", "open": bool(problems)},
               h("summary", None, w.t("web.decks.problems", n=len(problems))),
               h("ul", None, *problems)) if problems
             else h("p", {"class": "ok"}, w.t("web.decks.valid", n=len(cards))),
             h("p", {"class": "muted"}, w.t("web.decks.kept")),
             h("div", {"class": "sticky-action row"},
               h("button", {"type": "button", "class": "primary", "data-act": "deck-save",
                            "data-arg": d["id"]}, w.t("web.decks.save"))))


def _card_form(g: DeckGame, card: Any, index: int, w: Words) -> Safe:
    by_field = field_problems(g, card, w)
    controls = [_control(g, f, card, by_field.get(f["path"], []), w)
                for f in g.editor.fields(card)]
    pic = preview(g, card, w.lang)
    return h("div", {"class": "card-edit", "data-card": index},
             h("ul", {"class": "error"}, *[h("li", None, p) for p in by_field.get("", [])]),
             h("div", {"class": "card-preview"}, pic) if pic is not None else None,
             h("div", {"class": "stack card-fields"}, *controls))


def _control(g: DeckGame, f: dict[str, Any], card: Any, problems: list[str],
             w: Words) -> Safe:
    path = str(f["path"])
    fid = "field-" + path.replace(".", "-")
    value = g.editor.field_value(card, path) if isinstance(card, dict) else None
    err_id = fid + "-error"
    common: dict[str, Any] = {"id": fid, "data-field": path,
                              "aria-invalid": "true" if problems else None,
                              "aria-describedby": err_id if problems else None}
    if f["kind"] == "int":
        control = h("input", {**common, "type": "number", "min": f["lo"], "max": f["hi"],
                              "inputmode": "numeric", "value": "" if value is None else str(value)})
    else:
        known = value in f["choices"]
        opts = [h("option", {"value": str(v), "selected": v == value}, w.text(lab))
                for v, lab in zip(f["choices"], f["choice_labels"], strict=True)]
        if not known:
            opts.insert(0, h("option", {"value": "", "selected": True}, "—"))
        control = h("select", common, *opts)
    return h("div", {"class": "field" + (" invalid" if problems else "")},
             h("label", {"for": fid}, w.text(f["label"])), control,
             h("p", {"class": "muted field-note"}, w.text(f["note"])) if f.get("note") else None,
             h("p", {"class": "error", "id": err_id}, " ".join(problems)) if problems else None)


def field_value_from_form(g: DeckGame, path: str, text: str) -> Any:
    """A form's text for one field as the value the card keeps (numbers for choices
    among numbers)."""
    for f in g.editor.fields(None):
        if f["path"] == path and f["kind"] == "choice":
            for v in f["choices"]:
                if str(v) == text:
                    return v
    return text


def deck_choice(g: DeckGame, decks: list[Deck], w: Words) -> Safe:
    """The new-game screen's deck choice: the companion edition or a playable kept deck;
    the others are listed with the reason they cannot be played."""
    playable = [d for d in decks if not d["error"] and not d["problems"]]
    others = [d for d in decks if d["error"] or d["problems"]]
    label = g.option.label
    opts = [h("option", {"value": ""}, w.t(f"{label}.none"))]  # the option's default
    opts += [h("option", {"value": d["id"]}, w.t("web.decks.choice", name=d["name"],
                                                  n=len(d["cards"]))) for d in playable]
    why = [h("li", None, w.t("web.decks.why_not", name=d["name"],
                             reason=d["error"] or d["problems"][0])) for d in others]
    return h("div", {"class": "field deck-choice"},
             h("label", {"for": "deck-choice"}, w.t(label)),
             h("select", {"id": "deck-choice", "data-deck-choice": "1"}, *opts),
             h("p", {"class": "muted"}, w.t(g.option.help)) if g.option.help else None,
             h("ul", {"class": "muted"}, *why) if why else None,
             h("p", None, h("a", {"class": "guide-link", "href": f"#/decks/{g.id}"},
                            w.t("web.decks.title"))))
