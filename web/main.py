"""The page's glue (shipped as the module ``automa_app``): taps in, the session's views out.

No rules live here: every decision comes from ``automa`` (the session, its prompt, its view,
its log); this module only turns them into HTML and turns taps into answers. Screens follow
the URL hash (``#/``, ``#/new/<game>``, ``#/play/<save>``, ``#/pile/<save>/<pile>``,
``#/settings``), so reloading shows the same screen and the same game.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import re
import time
from pathlib import Path
from typing import Any

from pyodide.ffi import create_proxy, jsnull
from pyscript import document, window

import automa
from automa.app.saves import (
    MAX_IMPORT_BYTES,
    SaveDeleted,
    SaveMeta,
    SaveStore,
    SettingsNotSaved,
    StaleSave,
    StorageError,
    StorageFull,
)
from automa.core import i18n

cards = importlib.import_module("automa.render")  # the card-image package

LOG_SHOWN = 40
DEFAULT_SETTINGS: dict[str, Any] = {"theme": "auto", "text": 1, "wake": False, "paper": "a4"}
TEXT_SIZES = (1, 1.15, 1.3)
SVG_CACHE_SIZE = 96
SENTENCE_END = re.compile(r"(?<=[.?!])\s+(?=[A-ZА-ЯІЇЄҐ«“(])")
# Simple line icons of our own (24 x 24, drawn in the text colour).
ICONS = {
    "home": "M3 11 12 3l9 8M5 10v10h5v-6h4v6h5V10",
    "settings": ("M12 8.5a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7zM19.4 13a7.6 7.6 0 0 0 0-2"
                 "l2-1.6-2-3.4-2.4 1a7.5 7.5 0 0 0-1.7-1L15 3h-4l-.4 2.9a7.5 7.5 0 0 0-1.7 1"
                 "l-2.4-1-2 3.4 2 1.6a7.6 7.6 0 0 0 0 2l-2 1.6 2 3.4 2.4-1a7.5 7.5 0 0 0 1.7 1"
                 "L11 21h4l.4-2.9a7.5 7.5 0 0 0 1.7-1l2.4 1 2-3.4z"),
    "undo": "M9 14 4 9l5-5M4 9h10.5a5.5 5.5 0 0 1 0 11H11",
    "redo": "M15 14l5-5-5-5M20 9H9.5a5.5 5.5 0 0 0 0 11H13",
}


def icon(name: str) -> str:
    """An inline icon, hidden from screen readers (the control carries the words)."""
    return (f'<svg class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">'
            f'<path d="{ICONS[name]}"/></svg>')


def present(value: Any) -> bool:
    """Whether a value from JavaScript is there (neither ``null`` nor ``undefined``)."""
    return value is not None and value is not jsnull


def esc(text: Any) -> str:
    """HTML-escaped text."""
    return cards.escape(str(text))


class LocalStorage:
    """The page's ``localStorage`` as the save store's key-value storage."""

    def __init__(self) -> None:
        self.storage = window.localStorage

    def get(self, key: str) -> str | None:
        """The stored text of ``key``, or ``None``."""
        value = self.storage.getItem(key)
        return value if isinstance(value, str) else None

    def set(self, key: str, value: str) -> None:
        """Write ``value``; the browser's refusal becomes a typed error."""
        problem = str(window.automaStore(key, value))
        if problem:
            raise (StorageFull if "Quota" in problem else StorageError)(detail=problem)

    def remove(self, key: str) -> None:
        """Remove ``key``."""
        with contextlib.suppress(Exception):
            self.storage.removeItem(key)

    def keys(self) -> list[str]:
        """Every key of the page's storage."""
        return [str(self.storage.key(i)) for i in range(int(self.storage.length))]


def meta_dict(meta: SaveMeta) -> dict[str, Any]:
    """A checked save summary in the shape the home screen reads."""
    return {"game": meta.game, "created": meta.created, "updated": meta.updated,
            "turn": meta.turn, "finished": meta.finished}


class App:
    """The whole page: settings, the current screen and the game being played."""

    def __init__(self) -> None:
        self.store = SaveStore(LocalStorage(), lambda: float(window.Date.now()))
        self.settings = self.store.settings(DEFAULT_SETTINGS, i18n.LANGUAGES)
        self.rev: int | None = None  # the stored revision of the game in play
        self.holding = False  # the game's original is kept aside until the player accepts
        self.hold_failed = ""  # ... or could not be: then the game is not saved over it
        self.updated = False  # a new version of the app was installed
        self.lang = str(window.automaShell.lang)
        self.settings["lang"] = self.lang
        self.games = {g["id"]: g for g in game_list()}
        self.session: automa.Session | None = None
        self.save_id = ""
        self.created = 0.0
        self.message = ""
        self.message_kind = "error"
        self.confirm_delete = ""
        self.wake_lock: Any = None
        self.svg_cache: dict[tuple[str, str, tuple[str, ...], str], str] = {}
        self.log_cache: dict[tuple[str, str], str] = {}
        self.screen = ""
        self.tap_ms = 0.0
        self.save_pending = False
        self.save_later = create_proxy(self.save_soon)
        self.save_after_frame = create_proxy(lambda *_: window.setTimeout(self.save_later, 0))
        self.shown_parts: list[str] = []
        self.shown_key: tuple[str, str] = ("", "")
        self.app = document.getElementById("app")
        self.nav = document.getElementById("nav")

    # --- text ---------------------------------------------------------------------------
    def t(self, key: str, **params: Any) -> str:
        """A message in the chosen language."""
        return i18n.render(key, params, self.lang)

    def text(self, value: Any) -> str:
        """A message reference, a list, a bool or a plain value as text."""
        if isinstance(value, dict) and "key" in value:
            return i18n.render(str(value["key"]), value.get("params") or {}, self.lang)
        if isinstance(value, bool):
            return self.t("core.yes" if value else "core.no")
        if isinstance(value, list):
            return self.t("core.list_separator").join(self.text(v) for v in value)
        if isinstance(value, str) and i18n.has_message(value, "en"):
            return self.t(value)
        if isinstance(value, float) and value.is_integer():
            return str(int(value))
        return str(value)

    def game_name(self, game_id: str) -> str:
        """The game's name in the chosen language."""
        game = self.games.get(game_id)
        return self.t(game["name"]) if game else game_id

    def error_text(self, error: BaseException) -> str:
        """An engine error in the chosen language."""
        if isinstance(error, automa.AutomaError):
            return error.message(self.lang)
        return self.t("web.error.unexpected", detail=type(error).__name__)

    # --- routing ------------------------------------------------------------------------
    def route(self, *_: Any) -> None:
        """Show the screen the URL hash names."""
        parts = [p for p in str(window.location.hash).lstrip("#").split("/") if p]
        screen = parts[0] if parts else "home"
        try:
            if screen == "new" and len(parts) > 1 and parts[1] in self.games:
                self.show(self.new_screen(parts[1]), "new")
            elif screen in ("play", "pile") and len(parts) > 1 and self.open(parts[1]):
                if screen == "pile" and len(parts) > 2:
                    self.show(self.pile_screen(parts[2]), "pile")
                else:
                    self.show_play()
            elif screen == "settings":
                self.show(self.settings_screen(), "settings")
            else:
                self.show(self.home_screen(), "home")
        except Exception as e:  # a broken save must never lock the person out of the app
            self.flash(self.error_text(e))
            self.show(self.home_screen(), "home")
        self.keep_awake()

    def go(self, hash_: str) -> None:
        """Navigate to a screen (adds a history entry)."""
        if str(window.location.hash) == hash_:
            self.route()
        else:
            window.location.hash = hash_

    def show(self, body: str, screen: str, title: str = "") -> None:
        """Replace the screen's content (a new screen starts at its top)."""
        new_screen = screen != self.screen or screen == "play"
        self.screen = screen
        banner = ""
        if self.message:
            banner = (f'<div class="banner banner-{self.message_kind}" role="alert">'
                      f'<p>{esc(self.message)}</p><button class="link" data-act="dismiss">'
                      f'{esc(self.t("web.action.dismiss"))}</button></div>')
        self.app.innerHTML = banner + self.notices() + body
        document.documentElement.lang = self.lang
        app_title = self.t("web.app.title")
        document.title = f"{title} · {app_title}" if title else app_title
        document.getElementById("title").textContent = title or app_title
        self.nav.innerHTML = self.nav_link("home", "#/", screen) + self.nav_link(
            "settings", "#/settings", screen)
        if new_screen:
            window.scrollTo(0, 0)

    def nav_link(self, name: str, href: str, screen: str) -> str:
        """A link of the top bar: an icon, its words beside it where there is room."""
        words = esc(self.t(f"web.nav.{name}"))
        current = ' aria-current="page"' if screen == name else ""
        return (f'<a class="nav-link" href="{href}" aria-label="{words}"{current}>'
                f'{icon(name)}<span class="nav-text">{words}</span></a>')

    def flash(self, message: str, kind: str = "error") -> None:
        """Show a message at the top of the next screen drawn."""
        self.message = message
        self.message_kind = kind

    # --- the game in play ---------------------------------------------------------------
    def open(self, save_id: str) -> bool:
        """Make the save ``save_id`` the session in play (loading it if needed)."""
        record = self.store.load(save_id)
        if record is None:
            if self.session is not None and self.save_id == save_id and self.rev is None:
                return True  # a new game the storage had no room for: play on (it was said)
            self.flash(self.t("web.error.save_missing"))
            return False
        if self.session is not None and self.save_id == save_id and self.rev == record.meta.rev:
            return True
        self.session = automa.load_game(record.text)
        self.save_id = save_id
        self.rev = record.meta.rev
        self.created = record.meta.created
        self.save_pending = False
        self.keep_original(record.text)
        self.remember_last()
        return True

    def keep_original(self, text: str) -> None:
        """A game that opened without its undo history keeps its original text aside until
        the player accepts; if there is no room for it, the game is not saved over it."""
        self.hold_failed = ""
        self.holding = self.store.held(self.save_id) is not None
        # The engine warns only when a save opened from its snapshot (history dropped).
        dropped = self.session is not None and bool(self.session.warnings)
        if dropped and not self.holding:
            try:
                self.store.hold(self.save_id, text)
                self.holding = True
            except StorageError as e:
                self.hold_failed = str(e.params.get("detail", ""))

    def notices(self) -> str:
        """The standing notices: a new version installed; a game kept with its original."""
        return self.update_notice() + self.held_notice()

    def update_notice(self) -> str:
        """A new version of the app was installed by the service worker: reload to use it."""
        if not self.updated:
            return ""
        return (f'<div class="banner banner-info" role="status" id="update-notice">'
                f'<p>{esc(self.t("web.update.ready"))}</p><button data-act="reload">'
                f'{esc(self.t("web.update.reload"))}</button></div>')

    def held_notice(self) -> str:
        """The game opened without its undo history: its original is kept until accepted."""
        if self.screen not in ("play", "pile") or not (self.holding or self.hold_failed):
            return ""
        text = (self.t("web.store.held_failed", detail=self.hold_failed) if self.hold_failed
                else self.t("web.store.held"))
        export = (f'<button data-act="export-original" data-arg="{esc(self.save_id)}">'
                  f'{esc(self.t("web.store.export_original"))}</button>' if self.holding else "")
        return (f'<div class="banner banner-info" role="status" id="held-notice">'
                f'<p>{esc(text)}</p><div class="row">{export}'
                f'<button class="primary" data-act="accept-held">'
                f'{esc(self.t("web.store.accept"))}</button></div></div>')

    def remember_last(self) -> None:
        """Let the shell name the last game before Python is ready."""
        if self.session is None:
            return
        game = self.games.get(self.session.game_id)
        names = {lang: i18n.render(game["name"] if game else self.session.game_id, {}, lang)
                 for lang in i18n.LANGUAGES}
        self.store.remember_last(self.save_id, names)

    def autosave(self) -> None:
        """Save the game after every change; a full storage is reported."""
        if self.session is None:
            return
        if self.hold_failed:
            self.flash(self.t("web.store.held_failed", detail=self.hold_failed))
            return
        s = self.session
        try:
            meta = self.store.save(self.save_id, s.to_json(), game=s.game_id, turn=s.turn,
                                   finished=s.finished, rev=self.rev,
                                   created=self.created or None)
        except StaleSave as e:  # another tab saved newer work: show it, write nothing
            self.session = None
            self.open(self.save_id)
            self.flash(self.error_text(e))
        except SaveDeleted as e:  # deleted in another tab: do not bring it back
            self.leave(self.error_text(e))
        except StorageError as e:
            self.flash(self.error_text(e))
        else:
            self.rev = meta.rev
            self.created = meta.created

    def leave(self, message: str) -> None:
        """Close the game in play (it is gone) and go home with ``message``."""
        self.session = None
        self.save_id = ""
        self.rev = None
        self.save_pending = False
        self.holding = False
        self.hold_failed = ""
        self.flash(message)
        self.go("#/")

    def on_storage(self, event: Any) -> None:
        """Another tab or window changed the storage: never keep showing a stale game."""
        key = str(event.key) if present(event.key) else ""
        save_id = SaveStore.save_id_of(key)
        if save_id is None and key not in ("", "automa.index"):
            return
        if self.session is not None and (save_id == self.save_id or not key):
            record = self.store.load(self.save_id)
            if record is None:
                self.leave(self.t("web.store.deleted"))
            elif record.meta.rev != self.rev:
                self.session = None
                self.open(self.save_id)
                self.flash(self.t("web.store.changed"), "info")
                if self.screen in ("play", "pile"):
                    self.route()
        elif self.screen == "home" and not self.confirm_delete:
            self.show(self.home_screen(), "home")

    def on_updated(self, *_: Any) -> None:
        """The service worker installed a new version: say so (saves are untouched)."""
        self.updated = True
        if not present(document.getElementById("update-notice")):
            self.app.insertAdjacentHTML("afterbegin", self.update_notice())

    def do_reload(self, arg: str | None, target: Any) -> None:
        """Reload the page into the newly installed version."""
        window.location.reload()

    def do_accept_held(self, arg: str | None, target: Any) -> None:
        """The player accepts the game without its history: forget the original."""
        if self.save_id:
            self.store.release(self.save_id)
        self.holding = False
        if self.hold_failed:
            self.hold_failed = ""
            self.autosave()
        self.route()

    def do_export_original(self, save_id: str | None, target: Any) -> None:
        """Download the original of a game that opened without its history."""
        text = self.store.held(save_id or "")
        if text is not None:
            window.automaDownload(f"automa-{save_id}-original.json", text)

    def act(self, change: Any) -> None:
        """Apply a change to the session, redraw, then save (errors are shown)."""
        self.message = ""
        t0 = window.performance.now()
        try:
            change()
        except automa.AutomaError as e:
            self.flash(self.error_text(e))
        else:
            # Saved right after the new screen is painted: the tap feels instant and the
            # save still happens before anything else the page does.
            # (A hidden tab gets no frames: the timer saves it then.)
            if not self.save_pending:
                self.save_pending = True
                window.requestAnimationFrame(self.save_after_frame)
                window.setTimeout(self.save_later, 250)
        self.show_play()
        self.tap_ms = float(window.performance.now() - t0)
        document.body.dataset.tapMs = f"{self.tap_ms:.1f}"

    def save_soon(self, *_: Any) -> None:
        """The deferred autosave of ``act``; a failure is shown at once."""
        if not self.save_pending:
            return
        self.save_pending = False
        self.autosave()
        if self.message and self.screen == "play" and self.session is not None:
            self.show_play()

    def show_play(self) -> None:
        """Draw the play screen, titled with the game's name; when only parts of it changed
        (a new prompt, a new log entry) only those parts are replaced, so the cards and
        the opened "why?" notes that stay the same are not drawn again."""
        assert self.session is not None
        parts = self.play_parts()
        key = (self.save_id, self.lang)
        old = self.shown_parts
        play = document.querySelector("#app > .play")
        if (self.screen == "play" and not self.message and key == self.shown_key
                and not present(document.querySelector("#app > .banner"))
                and len(parts) == len(old) and present(play)
                and play.children.length == len(parts)):
            children = [play.children.item(i) for i in range(len(parts))]
            for i, part in enumerate(parts):
                if part != old[i]:
                    children[i].outerHTML = part
            self.shown_parts = parts
            if parts[1] != old[1]:
                window.scrollTo(0, 0)
            return
        body = f'<div class="play" data-game="{esc(self.session.game_id)}">{"".join(parts)}</div>'
        self.show(body, "play", self.game_name(self.session.game_id))
        self.shown_parts, self.shown_key = parts, key

    # --- screens ------------------------------------------------------------------------
    def home_screen(self) -> str:
        """The games, the saved games and import."""
        games = "".join(
            f'<li><button class="tile" data-act="new" data-arg="{esc(g["id"])}">'
            f'<strong>{esc(self.t(g["name"]))}</strong>'
            f'<span>{esc(self.t(g["description"])) if g.get("description") else ""}</span>'
            f"</button></li>" for g in self.games.values())
        if not games:
            games = f'<li><p>{esc(self.t("web.home.no_games"))}</p></li>'
        saves = [self.save_item(m.save_id, meta_dict(m)) for m in self.store.saves()]
        saved = ("".join(saves) if saves
                 else f'<li><p class="muted">{esc(self.t("web.home.no_saves"))}</p></li>')
        return (
            f'<section class="panel"><h2>{esc(self.t("web.home.new_game"))}</h2>'
            f'<ul class="plain stack">{games}</ul></section>'
            f'<section class="panel"><h2>{esc(self.t("web.home.saved"))}</h2>'
            f'<ul class="plain stack" id="saves">{saved}</ul></section>'
            f'<section class="panel"><h2>{esc(self.t("web.home.import"))}</h2>'
            f'<p class="muted">{esc(self.t("web.home.import_help"))}</p>'
            f'<label class="button" for="import-file">{esc(self.t("web.home.import_button"))}'
            f'</label><input type="file" id="import-file" class="visually-hidden" '
            f'accept=".json,application/json"></section>')

    def save_item(self, save_id: str, meta: dict[str, Any]) -> str:
        """One saved game: what, when, which turn; continue, export, delete."""
        when = self.date(float(meta.get("updated") or 0))
        state = self.t("web.home.finished") if meta.get("finished") else self.t(
            "web.home.turn", n=int(meta.get("turn") or 0))
        sid = esc(save_id)
        if self.confirm_delete == save_id:
            actions = (f'<p>{esc(self.t("web.home.delete_confirm"))}</p>'
                       f'<button class="danger" data-act="delete-yes" data-arg="{sid}">'
                       f'{esc(self.t("web.home.delete_yes"))}</button>'
                       f'<button data-act="delete-no" data-arg="{sid}">'
                       f'{esc(self.t("web.home.delete_no"))}</button>')
        else:
            actions = (f'<button class="primary" data-act="continue" data-arg="{sid}">'
                       f'{esc(self.t("web.home.continue"))}</button>'
                       f'<button data-act="export" data-arg="{sid}">'
                       f'{esc(self.t("web.home.export"))}</button>'
                       f'<button data-act="delete" data-arg="{sid}">'
                       f'{esc(self.t("web.home.delete"))}</button>')
        return (f'<li class="save" data-save="{sid}"><div class="save-what">'
                f'<strong>{esc(self.game_name(str(meta.get("game"))))}</strong>'
                f'<span class="muted">{esc(when)} · {esc(state)}</span></div>'
                f'<div class="row">{actions}</div></li>')

    def date(self, ms: float) -> str:
        """A date and time, written the same way in every language."""
        if not ms:
            return "—"
        d = window.Date.new(ms)
        return (f"{d.getFullYear()}-{d.getMonth() + 1:02d}-{d.getDate():02d} "
                f"{d.getHours():02d}:{d.getMinutes():02d}")

    def new_screen(self, game_id: str) -> str:
        """The options of a new game, from the game's option schema."""
        game = self.games[game_id]
        fields = [self.option_field(o) for o in game["options"] if not o.get("advanced")]
        advanced = [self.option_field(o) for o in game["options"] if o.get("advanced")]
        if advanced:
            fields.append(f'<details class="advanced" id="advanced"><summary>'
                          f'{esc(self.t("web.new.advanced"))}</summary>'
                          f'<p class="muted">{esc(self.t("web.new.advanced_help"))}</p>'
                          f'<div class="stack">{"".join(advanced)}</div></details>')
        seed = (f'<div class="field"><label for="seed">{esc(self.t("web.new.seed"))}</label>'
                f'<input id="seed" type="text" inputmode="numeric" pattern="[0-9]*" '
                f'autocomplete="off" aria-describedby="seed-help">'
                f'<p id="seed-help" class="muted">{esc(self.t("web.new.seed_help"))}</p></div>')
        about = esc(self.t(game["description"])) if game.get("description") else ""
        return (f'<section class="panel"><h2>{esc(self.t(game["name"]))}</h2>'
                f'<p class="muted">{about}</p>'
                f'<form id="new-form" class="stack" data-game="{esc(game_id)}">'
                f'{"".join(fields)}{seed}'
                f'<div class="sticky-action"><button type="button" class="primary wide" '
                f'data-act="start" data-arg="{esc(game_id)}">{esc(self.t("web.new.start"))}'
                f"</button></div>"
                f"</form></section>")

    def option_field(self, option: dict[str, Any]) -> str:
        """One option as a group of radio buttons (or a select for many values)."""
        oid = esc(option["id"])
        label = esc(self.t(option["label"])) if option.get("label") else oid
        help_id = f"help-{oid}"
        help_ = (f'<p class="muted option-help" id="{help_id}">{esc(self.t(option["help"]))}</p>'
                 if option.get("help") else "")
        described = f' aria-describedby="{help_id}"' if help_ else ""
        choices = list(zip(option["choices"], option["choice_labels"], strict=False))
        if len(choices) > 6:
            opts = "".join(
                f'<option value="{i}"{" selected" if value == option["default"] else ""}>'
                f"{esc(self.t(lab))}</option>" for i, (value, lab) in enumerate(choices))
            return (f'<div class="field"><label for="opt-{oid}">{label}</label>'
                    f'<select id="opt-{oid}" data-option="{oid}"{described}>{opts}</select>'
                    f"{help_}</div>")
        radios = "".join(
            f'<label class="choice"><input type="radio" name="opt-{oid}" value="{i}" '
            f'data-option="{oid}"{" checked" if value == option["default"] else ""}>'
            f"<span>{esc(self.t(lab))}</span></label>" for i, (value, lab) in enumerate(choices))
        return (f'<fieldset class="field"{described}><legend>{label}</legend>{help_}{radios}'
                f"</fieldset>")

    def play_parts(self) -> list[str]:
        """The parts of the play screen, each one element: the question first (with the card
        it depends on), then the bot's other cards, its state, procedures, the log and
        printing; undo/redo in the dock."""
        s = self.session
        assert s is not None
        view = s.view()
        prompt_cards = self.prompt_cards(s)
        parts = [self.play_head(s, view), self.prompt_panel(s, prompt_cards),
                 self.cards_panel(view, prompt_cards), self.state_panel(view),
                 self.procedures_panel(s), self.log_panel(s), self.print_panel(s, view)]
        return [part or "<div hidden></div>" for part in parts]

    def play_screen(self) -> str:
        """The whole play screen."""
        assert self.session is not None
        return (f'<div class="play" data-game="{esc(self.session.game_id)}">'
                f'{"".join(self.play_parts())}</div>')

    def play_head(self, s: automa.Session, view: dict[str, Any]) -> str:
        """Turn and VP in one short line (the game's name is in the top bar)."""
        vp = view.get("vp")
        vp_text = f' · {esc(self.t("web.play.vp", n=vp))}' if isinstance(vp, int) else ""
        return (f'<p class="play-head muted" id="play-status">'
                f'{esc(self.turn_name(s.turn))}{vp_text}</p>')

    def turn_name(self, turn: Any) -> str:
        """"Turn 3", or "Setup" before the first turn."""
        if isinstance(turn, int) and turn > 0:
            return self.t("web.play.turn", n=turn)
        return self.t("web.log.setup")

    def dock(self, s: automa.Session, answers: str = "") -> str:
        """The bar at the bottom of the screen, under the thumb: undo, redo, and the answer
        of a prompt that needs one tap (confirm, yes/no)."""
        undo, redo = esc(self.t("web.play.undo")), esc(self.t("web.play.redo"))
        return (f'<div class="dock"><div class="dock-inner">'
                f'<button id="undo" class="icon-button" data-act="undo" aria-label="{undo}"'
                f'{"" if s.can_undo else " disabled"}>{icon("undo")}'
                f'<span class="icon-text">{undo}</span></button>'
                f'<button id="redo" class="icon-button" data-act="redo" aria-label="{redo}"'
                f'{"" if s.can_redo else " disabled"}>{icon("redo")}'
                f'<span class="icon-text">{redo}</span></button>'
                f'<div class="dock-answers">{answers}</div></div></div>')

    def svg(self, game: str, card: str, highlight: Any) -> str:
        """A card's SVG, drawn once per card, highlight and language (drawing is the slow
        part of a tap; the same card is shown again and again)."""
        key = (game, card, tuple(str(h) for h in highlight or ()), self.lang)
        found = self.svg_cache.get(key)
        if found is None:
            if len(self.svg_cache) >= SVG_CACHE_SIZE:
                self.svg_cache.clear()
            found = self.svg_cache[key] = cards.card_svg(game, card, key[2], self.lang)
        return found

    def card_figure(self, game: str, card: str, highlight: Any = (), caption: str = "",
                    cls: str = "card", tag: str = "figure") -> str:
        """One card as its SVG image (or its name when the game draws no images); ``tag``
        "span" makes it fit inside a button."""
        if cards.has_renderer(game):
            image = self.svg(game, card, highlight)
        else:
            image = f'<span class="card-text">{esc(self.card_name(game, card))}</span>'
        cap_tag = "figcaption" if tag == "figure" else "span"
        cap = f'<{cap_tag} class="caption">{esc(caption)}</{cap_tag}>' if caption else ""
        return f'<{tag} class="{cls}" data-card="{esc(card)}">{image}{cap}</{tag}>'

    def zoomable(self, game: str, card: str, highlight: Any, caption: str, cls: str) -> str:
        """A card that grows to the screen's width when tapped (and shrinks when tapped again)."""
        label = self.t("web.play.zoom")
        figure = self.card_figure(game, card, highlight, caption, cls, tag="span")
        return (f'<button type="button" class="card-zoom" data-act="zoom" aria-pressed="false" '
                f'title="{esc(label)}">{figure}</button>')

    def card_name(self, game: str, card: str) -> str:
        """A card's name if the game's catalog has one, else its id."""
        key = f"{game}.card.{card}"
        return self.t(key) if i18n.has_message(key, "en") else card

    def prompt_cards(self, s: automa.Session) -> list[str]:
        """The cards the question is about (shown with it, not again among the others)."""
        p = s.prompt
        if p is None or s.finished:
            return []
        ui = p.ui or {}
        found = [str(ui["card"])] if ui.get("card") else []
        found += [str(c) for c in ui.get("cards") or [] if isinstance(c, str)]
        return found

    def question(self, text: str) -> str:
        """The question; in a long text only its key sentence in bold (the last one asking
        something, else the first), the explanation around it in normal weight."""
        if len(text) <= 110:
            return f'<p class="question" id="question" tabindex="-1">{esc(text)}</p>'
        sentences = SENTENCE_END.split(text)
        asking = [i for i, part in enumerate(sentences) if part.rstrip().endswith("?")]
        key = asking[-1] if asking else 0
        parts = [f"<strong>{esc(part)}</strong>" if i == key else esc(part)
                 for i, part in enumerate(sentences)]
        return f'<p class="question long" id="question" tabindex="-1">{" ".join(parts)}</p>'

    def prompt_panel(self, s: automa.Session, prompt_cards: list[str]) -> str:
        """The question now, drawn from its kind, with the card it depends on right under it."""
        p = s.prompt
        if p is None or s.finished:
            home = (f'<a class="button primary wide" href="#/">'
                    f'{esc(self.t("web.nav.home"))}</a>')
            return (f'<section class="panel prompt" id="prompt" data-kind="over" '
                    f'aria-labelledby="question">'
                    f'<p class="question" id="question">{esc(self.t("web.play.over"))}</p>'
                    f"{self.dock(s, home)}</section>")
        ui = p.ui or {}
        rule = (f'<p class="rule">{esc(self.text(ui["rule"]))}</p>' if ui.get("rule") else "")
        extra = ""
        if p.kind == "scan" and ui.get("pattern") is not None:
            extra = self.pattern(s.game_id, ui)
        game = str(ui.get("game") or s.game_id)
        shown = "".join(
            self.zoomable(game, card, (ui.get("highlight") or ()) if i == 0 and ui.get("card")
                          else (), "", "card card-prompt")
            for i, card in enumerate(prompt_cards))
        if shown:
            extra += f'<div class="cards prompt-cards">{shown}</div>'
        inline, docked = self.controls(p)
        return (f'<section class="panel prompt" id="prompt" data-kind="{esc(p.kind)}" '
                f'data-key="{esc(p.key)}" aria-labelledby="question">'
                f'{self.question(self.t(p.key, **p.params))}'
                f'{extra}{inline}{rule}{self.dock(s, docked)}</section>')

    def pattern(self, game: str, ui: dict[str, Any]) -> str:
        """A board-scan pattern, drawn by the game's renderer when it has a hook for it."""
        try:
            module = importlib.import_module(f"automa.render.{game}")
        except ImportError:
            return ""
        draw = getattr(module, "pattern_svg", None)
        if draw is None:
            return ""
        return f'<figure class="pattern">{draw(ui["pattern"], self.lang)}</figure>'

    def label(self, p: automa.Prompt, i: int) -> str:
        """The name of choice ``i`` of a prompt."""
        if p.labels is not None and i < len(p.labels):
            return self.text(p.labels[i])
        return self.text(p.choices[i])

    def controls(self, p: automa.Prompt) -> tuple[str, str]:
        """The answer controls of a prompt kind: those beside the question, and those in the
        dock at the bottom (a one-tap answer: confirm, yes/no)."""
        kind = p.kind
        if kind == "yes_no":
            return "", "".join(
                f'<button class="answer{" primary" if p.default is value else ""}" '
                f'data-act="answer" data-json="{"true" if value else "false"}">'
                f'{esc(self.t("core.yes" if value else "core.no"))}</button>'
                for value in (True, False))
        if kind == "count":
            lo, hi = p.bounds or (min(p.choices), max(p.choices))
            value = p.default if isinstance(p.default, int) else lo
            return (f'<div class="stepper" data-lo="{lo}" data-hi="{hi}">'
                    f'<button class="step" data-act="step" data-arg="-1" '
                    f'aria-label="{esc(self.t("web.play.less"))}">−</button>'
                    f'<input id="count" type="number" inputmode="numeric" min="{lo}" max="{hi}" '
                    f'value="{value}" aria-label="{esc(self.t("web.play.number", lo=lo, hi=hi))}">'
                    f'<button class="step" data-act="step" data-arg="1" '
                    f'aria-label="{esc(self.t("web.play.more"))}">+</button></div>'
                    f'<p class="muted">{esc(self.t("core.prompt.count", lo=lo, hi=hi))}</p>'
                    f'<button class="answer primary wide" data-act="submit-count">'
                    f'{esc(self.t("web.play.ok"))}</button>'), ""
        if kind == "pick_one":
            chosen = [p.default is not None and c == p.default for c in p.choices]
            picks = "".join(
                f'<button class="answer{" primary" if chosen[i] else ""}"'
                f' data-act="pick" data-arg="{i}">{esc(self.label(p, i))}</button>'
                for i in range(len(p.choices)))
            return f'<div class="stack answers">{picks}</div>', ""
        if kind == "pick_subset":
            lo, hi = p.bounds or (0, len(p.choices))
            default = p.default or []
            boxes = "".join(
                f'<label class="choice"><input type="checkbox" data-index="{i}"'
                f'{" checked" if c in default else ""}><span>{esc(self.label(p, i))}</span></label>'
                for i, c in enumerate(p.choices))
            return (f'<fieldset class="subset" id="subset" data-lo="{lo}" data-hi="{hi}"><legend>'
                    f'{esc(self.t("web.play.pick_between", lo=lo, hi=hi))}</legend>{boxes}'
                    f'</fieldset><button class="answer primary wide" data-act="submit-subset">'
                    f'{esc(self.t("web.play.ok"))}</button>'), ""
        if kind == "values":
            return self.values_grid(p), ""
        return "", (f'<button class="answer primary" data-act="answer" data-json="true">'
                    f'{esc(self.t("core.prompt.confirm"))}</button>')

    def values_grid(self, p: automa.Prompt) -> str:
        """A value from the domain for every item."""
        domain = p.domain or []
        default = p.default or {}
        rows = []
        for i, item in enumerate(p.choices):
            chosen = default.get(str(item), domain[0] if domain else None)
            opts = "".join(
                f'<option value="{j}"{" selected" if v == chosen else ""}>{esc(self.text(v))}'
                f"</option>" for j, v in enumerate(domain))
            rows.append(f'<div class="value-row"><label for="value-{i}">{esc(self.label(p, i))}'
                        f'</label><select id="value-{i}" data-index="{i}">{opts}</select></div>')
        return (f'<div class="values" id="values">{"".join(rows)}</div>'
                f'<button class="answer primary wide" data-act="submit-values">'
                f'{esc(self.t("web.play.ok"))}</button>')

    def cards_panel(self, view: dict[str, Any], prompt_cards: list[str]) -> str:
        """The other cards the bot shows now, side by side (a tap shows one larger)."""
        shown = [c for c in view.get("cards") or [] if str(c["card"]) not in prompt_cards]
        if not shown or self.session is None:
            return ""
        game = self.session.game_id
        figures = "".join(
            self.zoomable(game, str(c["card"]), c.get("highlight") or (),
                          self.text(c["role"]) if c.get("role") else "", "card")
            for c in shown)
        return (f'<section class="panel"><h3 class="visually-hidden">'
                f'{esc(self.t("web.play.cards"))}</h3><div class="cards cards-{len(shown)}">'
                f"{figures}</div></section>")

    def state_panel(self, view: dict[str, Any]) -> str:
        """The bot's tracks, VP and decks at a glance."""
        blocks = []
        for section in view.get("sections") or []:
            rows = "".join(f'<div class="kv"><dt>{esc(self.text(r["label"]))}</dt>'
                           f'<dd>{esc(self.text(r["value"]))}</dd></div>'
                           for r in section.get("rows", []))
            blocks.append(f'<h3>{esc(self.text(section["title"]))}</h3><dl>{rows}</dl>')
        piles = []
        sid = esc(self.save_id)
        for pile in view.get("piles") or []:
            name = esc(self.text(pile["label"]))
            button = (f' <a class="button small" href="#/pile/{sid}/{esc(pile["id"])}">'
                      f'{esc(self.t("web.play.view_pile"))}</a>' if pile.get("viewable") else "")
            piles.append(f'<li><span>{name}: {esc(self.t("web.play.cards_count", n=pile["count"]))}'
                         f"</span>{button}</li>")
        if piles:
            blocks.append(f'<h3>{esc(self.t("web.play.piles"))}</h3>'
                          f'<ul class="plain piles">{"".join(piles)}</ul>')
        if not blocks:
            return ""
        return f'<section class="panel state">{"".join(blocks)}</section>'

    def procedures_panel(self, s: automa.Session) -> str:
        """What the player may start now."""
        procs = s.procedures
        if not procs:
            return ""
        buttons = "".join(f'<button data-act="proc" data-arg="{esc(p["id"])}">'
                          f'{esc(self.t(p["label"]))}</button>' for p in procs)
        return (f'<section class="panel"><h3>{esc(self.t("web.play.procedures"))}</h3>'
                f'<div class="stack">{buttons}</div></section>')

    def log_panel(self, s: automa.Session) -> str:
        """What happened, newest turn first, each bot decision with its reason."""
        entries = s.log_tail(LOG_SHOWN)
        if not entries:
            return ""
        groups: list[str] = []
        items: list[str] = []
        turn: Any = None
        for entry in reversed(entries):
            if entry.get("turn") != turn and items:
                groups.append(self.log_group(turn, items))
                items = []
            turn = entry.get("turn")
            items.append(self.log_item(s.game_id, entry))
        groups.append(self.log_group(turn, items))
        return (f'<section class="panel log" aria-labelledby="log-title">'
                f'<h3 id="log-title">{esc(self.t("web.play.log"))}</h3>{"".join(groups)}'
                f"</section>")

    def log_group(self, turn: Any, items: list[str]) -> str:
        """The log entries of one turn under a small heading."""
        return (f'<h4 class="log-turn">{esc(self.turn_name(turn))}</h4>'
                f'<ol class="plain log-list">{"".join(items)}</ol>')

    def log_item(self, game: str, entry: dict[str, Any]) -> str:
        """One log entry (drawn once per entry and language)."""
        key = (self.lang, json.dumps(entry, sort_keys=True, default=str))
        found = self.log_cache.get(key)
        if found is None:
            actor_key = f"{game}.actor.{entry['actor']}"
            if not i18n.has_message(actor_key, "en"):
                actor_key = f"core.actor.{entry['actor']}"
            why = self.why(entry.get("why"))
            actor, action = self.t(actor_key), self.text(entry["action"])
            if action.startswith(actor):  # the message names the actor itself
                action = action[len(actor):]
            found = (f'<li><span class="actor">{esc(actor)}</span>'
                     f'{"" if action[:1] in (" ", ",", ":") else " "}{esc(action)}{why}</li>')
            if len(self.log_cache) > 4 * LOG_SHOWN:
                self.log_cache.clear()
            self.log_cache[key] = found
        return found

    def why(self, why: Any) -> str:
        """The reason of a bot decision, folded."""
        if not isinstance(why, dict):
            return ""
        lines = []
        if why.get("rule"):
            lines.append(f'<p>{esc(self.text(why["rule"]))}</p>')
        # The engine names the candidates and the pick (``labels``, ``pick_label``) where it
        # can; a line whose values have no name in words is left out rather than shown raw.
        if why.get("labels"):
            lines.append(f'<p>{esc(self.t("web.log.candidates"))} '
                         f'{esc(self.text(why["labels"]))}</p>')
        if why.get("pick_label") is not None:
            lines.append(f'<p>{esc(self.t("web.log.pick"))} '
                         f'{esc(self.text(why["pick_label"]))}</p>')
        return (f'<details><summary>{esc(self.t("web.log.why"))}</summary>'
                f'{"".join(lines)}</details>')

    def print_panel(self, s: automa.Session, view: dict[str, Any]) -> str:
        """Print the card in view, or the whole deck."""
        if not cards.has_renderer(s.game_id):
            return ""
        shown = [c["card"] for c in view.get("cards") or []]
        ui_card = (s.prompt.ui or {}).get("card") if s.prompt else None
        one = shown[0] if shown else ui_card
        paper = self.t("web.settings.paper_" + self.settings["paper"])
        button = (f'<button data-act="print-card" data-arg="{esc(one)}">'
                  f'{esc(self.t("web.print.card"))}</button>' if one else "")
        return (f'<section class="panel"><h3>{esc(self.t("web.print.title"))}</h3>'
                f'<div class="row">{button}<button data-act="print-deck">'
                f'{esc(self.t("web.print.deck"))}</button></div>'
                f'<p class="muted">{esc(self.t("web.print.paper_now", paper=paper))}</p>'
                f"</section>")

    def pile_screen(self, pile: str) -> str:
        """The cards of a viewable pile, top first."""
        s = self.session
        assert s is not None
        view = s.view()
        info = next((p for p in view.get("piles") or [] if p["id"] == pile), None)
        if info is None or not info.get("viewable"):
            return self.play_screen()
        figures = "".join(
            self.card_figure(s.game_id, str(c["card"]), (),
                             self.text([self.mark(s.game_id, m) for m in c["marks"]])
                             if c["marks"] else "")
            for c in s.pile(pile))
        empty = f'<p class="muted">{esc(self.t("web.play.pile_empty"))}</p>' if not figures else ""
        return (f'<section class="panel"><h2>{esc(self.text(info["label"]))}</h2>'
                f'<p><a class="button" href="#/play/{esc(self.save_id)}">'
                f'{esc(self.t("web.play.back"))}</a></p>{empty}'
                f'<div class="cards pile">{figures}</div></section>')

    def mark(self, game: str, mark: str) -> str:
        """A card mark's name."""
        key = f"{game}.mark.{mark}"
        return self.t(key) if i18n.has_message(key, "en") else mark

    def settings_screen(self) -> str:
        """Language, theme, text size, keep awake, paper."""
        def radios(name: str, options: list[tuple[str, str]], current: Any) -> str:
            return "".join(
                f'<label class="choice"><input type="radio" name="{name}" value="{esc(v)}" '
                f'data-setting="{name}"{" checked" if str(current) == v else ""}>'
                f"<span>{esc(text)}</span></label>" for v, text in options)

        def group(name: str, options: list[tuple[str, str]], current: Any) -> str:
            legend = esc(self.t(f"web.settings.{'language' if name == 'lang' else name}"))
            return (f'<fieldset class="field"><legend>{legend}</legend>'
                    f"{radios(name, options, current)}</fieldset>")

        def named(name: str, values: list[str]) -> list[tuple[str, str]]:
            return [(v, self.t(f"web.settings.{name}_{v}")) for v in values]

        sizes = [(str(v), self.t(f"web.settings.text_{i}")) for i, v in enumerate(TEXT_SIZES)]
        wake_supported = bool(window.navigator.wakeLock)
        wake_note = "" if wake_supported else (
            f'<p class="muted">{esc(self.t("web.settings.wake_unsupported"))}</p>')
        return (
            f'<section class="panel"><h2>{esc(self.t("web.settings.title"))}</h2>'
            f'<form class="stack" id="settings-form">'
            f'{group("lang", named("lang", list(i18n.LANGUAGES)), self.lang)}'
            f'{group("theme", named("theme", ["auto", "light", "dark"]), self.settings["theme"])}'
            f'{group("text", sizes, self.settings["text"])}'
            f'{group("paper", named("paper", ["a4", "letter"]), self.settings["paper"])}'
            f'<label class="choice"><input type="checkbox" data-setting="wake"'
            f'{" checked" if self.settings.get("wake") else ""}'
            f'{"" if wake_supported else " disabled"}>'
            f'<span>{esc(self.t("web.settings.wake"))}</span></label>{wake_note}'
            f"</form></section>")

    # --- events -------------------------------------------------------------------------
    def on_click(self, event: Any) -> None:
        """Every tap on a ``[data-act]`` element."""
        target = event.target.closest("[data-act]")
        if not present(target) or target.disabled:
            return
        action = str(target.dataset.act)
        arg = target.getAttribute("data-arg")
        arg = str(arg) if present(arg) else None
        handler = getattr(self, "do_" + action.replace("-", "_"), None)
        if handler is not None:
            event.preventDefault()
            handler(arg, target)

    def on_change(self, event: Any) -> None:
        """Settings changes and the import file."""
        target = event.target
        if target.id == "import-file":
            files = target.files
            if files.length:
                file = files.item(0)
                target.value = ""  # the same file chosen again is read again
                if float(file.size) > MAX_IMPORT_BYTES:  # refused before it is read
                    self.flash(self.t("web.error.too_big", name=str(file.name),
                                      size=f"{float(file.size) / 2**20:.1f}",
                                      limit=MAX_IMPORT_BYTES // 2**20))
                    self.show(self.home_screen(), "home")
                    return
                window.automaReadFile(file, create_proxy(self.imported))
            return
        setting = target.getAttribute("data-setting")
        if present(setting):
            self.change_setting(str(setting), target)

    def change_setting(self, name: str, target: Any) -> None:
        """Apply and remember one setting."""
        if name == "wake":
            self.settings["wake"] = bool(target.checked)
        elif name == "text":
            self.settings["text"] = float(target.value)
        else:
            self.settings[name] = str(target.value)
        if name == "lang":
            self.lang = self.settings["lang"]
        root = document.documentElement
        root.dataset.theme = self.settings["theme"]
        root.style.setProperty("--text-scale", str(self.settings["text"]))
        problem = ""
        try:
            self.store.put_settings(self.settings)
        except SettingsNotSaved as e:
            problem = self.error_text(e)
            self.flash(problem)
        if name in ("lang", "wake") or problem:
            self.show(self.settings_screen(), "settings")

    def do_zoom(self, arg: str | None, target: Any) -> None:
        """Show a card at the screen's width, or back at its size."""
        zoomed = not target.classList.contains("zoomed")
        target.classList.toggle("zoomed", zoomed)
        target.setAttribute("aria-pressed", "true" if zoomed else "false")

    def do_dismiss(self, arg: str | None, target: Any) -> None:
        """Hide the message banner."""
        self.message = ""
        banner = document.querySelector(".banner")
        if present(banner):
            banner.remove()

    def do_new(self, game_id: str | None, target: Any) -> None:
        """Go to the options of a new game."""
        self.go(f"#/new/{game_id}")

    def do_start(self, game_id: str | None, target: Any) -> None:
        """Start a new game with the chosen options."""
        assert game_id is not None
        game = self.games[game_id]
        options: dict[str, Any] = {}
        for option in game["options"]:
            oid = option["id"]
            chosen = document.querySelector(f'[data-option="{oid}"]:checked')
            if not present(chosen):
                chosen = document.querySelector(f'select[data-option="{oid}"]')
            if present(chosen):
                options[oid] = option["choices"][int(chosen.value)]
        seed_text = str(document.getElementById("seed").value).strip()
        if seed_text and not seed_text.isdigit():
            self.flash(self.t("web.new.bad_seed"))
            self.show(self.new_screen(game_id), "new")
            return
        self.message = ""
        try:
            session = automa.new_game(game_id, options, int(seed_text) if seed_text else None)
        except automa.AutomaError as e:
            self.flash(self.error_text(e))
            self.show(self.new_screen(game_id), "new")
            return
        self.begin(session)

    def begin(self, session: automa.Session, original: str = "") -> None:
        """Make a new (or imported) session the game in play, under a new save id."""
        self.session = session
        self.save_id = self.store.new_id(session.game_id)
        self.rev = None
        self.created = float(window.Date.now())
        self.save_pending = False
        self.hold_failed = ""
        self.holding = False
        self.autosave()
        if original and self.rev is not None:
            self.keep_original(original)
        self.remember_last()
        self.go(f"#/play/{self.save_id}")

    def do_continue(self, save_id: str | None, target: Any) -> None:
        """Open a saved game."""
        self.message = ""
        self.go(f"#/play/{save_id}")

    def do_export(self, save_id: str | None, target: Any) -> None:
        """Download a saved game as a .json file."""
        assert save_id is not None
        record = self.store.load(save_id)
        if record is not None:
            window.automaDownload(f"automa-{save_id}.json", record.text)

    def do_delete(self, save_id: str | None, target: Any) -> None:
        """Ask before deleting a saved game."""
        self.confirm_delete = save_id or ""
        self.show(self.home_screen(), "home")

    def do_delete_no(self, save_id: str | None, target: Any) -> None:
        """Keep the saved game."""
        self.confirm_delete = ""
        self.show(self.home_screen(), "home")

    def do_delete_yes(self, save_id: str | None, target: Any) -> None:
        """Delete one saved game."""
        assert save_id is not None
        self.store.delete(save_id)
        if self.save_id == save_id:
            self.session = None
            self.save_id = ""
            self.rev = None
        self.confirm_delete = ""
        self.show(self.home_screen(), "home")

    def imported(self, name: Any, text: Any, error: Any) -> None:
        """A save file was read: load it as a new game, or say why it cannot be."""
        self.message = ""
        if error:
            self.flash(self.t("web.error.read_file", detail=str(error)))
            self.route()
            return
        try:
            session = automa.load_game(str(text))
        except Exception as e:  # a hostile file must never break the page
            self.flash(self.t("web.error.import", name=str(name), reason=self.error_text(e)))
            self.show(self.home_screen(), "home")
            return
        self.begin(session, str(text))
        if not self.holding:  # (the notice of a kept original says it already)
            for warning in session.warnings:
                self.flash(self.text(warning), "info")

    def do_answer(self, arg: str | None, target: Any) -> None:
        """Answer with the value in ``data-json`` (yes/no, confirm)."""
        assert self.session is not None
        value = json.loads(str(target.dataset.json))
        self.act(lambda: self.session.answer(value))  # type: ignore[union-attr]

    def do_pick(self, arg: str | None, target: Any) -> None:
        """Answer a pick_one with the choice tapped."""
        s = self.session
        assert s is not None and s.prompt is not None and arg is not None
        value = s.prompt.choices[int(arg)]
        self.act(lambda: s.answer(value))

    def do_step(self, arg: str | None, target: Any) -> None:
        """The count stepper's − and +."""
        box = document.getElementById("count")
        stepper = target.closest(".stepper")
        lo, hi = int(stepper.dataset.lo), int(stepper.dataset.hi)
        try:
            value = int(str(box.value))
        except ValueError:
            value = lo
        box.value = str(min(hi, max(lo, value + int(arg or 0))))

    def do_submit_count(self, arg: str | None, target: Any) -> None:
        """Answer a count prompt."""
        s = self.session
        assert s is not None
        text = str(document.getElementById("count").value).strip()
        self.act(lambda: s.answer(text))

    def do_submit_subset(self, arg: str | None, target: Any) -> None:
        """Answer a pick_subset prompt."""
        s = self.session
        assert s is not None and s.prompt is not None
        choices = s.prompt.choices
        boxes = document.querySelectorAll("#subset input:checked")
        value = [choices[int(boxes.item(i).dataset.index)] for i in range(boxes.length)]
        self.act(lambda: s.answer(value))

    def do_submit_values(self, arg: str | None, target: Any) -> None:
        """Answer a values prompt."""
        s = self.session
        assert s is not None and s.prompt is not None
        p = s.prompt
        domain = p.domain or []
        value = {}
        for i, item in enumerate(p.choices):
            box = document.getElementById(f"value-{i}")
            value[str(item)] = domain[int(box.value)]
        self.act(lambda: s.answer(value))

    def do_undo(self, arg: str | None, target: Any) -> None:
        """Take back the last answer."""
        s = self.session
        assert s is not None
        self.act(s.undo)

    def do_redo(self, arg: str | None, target: Any) -> None:
        """Re-apply an undone answer."""
        s = self.session
        assert s is not None
        self.act(s.redo)

    def do_proc(self, arg: str | None, target: Any) -> None:
        """Start a player-initiated procedure."""
        s = self.session
        assert s is not None and arg is not None
        self.act(lambda: s.start(arg))

    def do_print_card(self, card: str | None, target: Any) -> None:
        """Print one card at real size."""
        if self.session is not None and card:
            self.print_cards([card])

    def do_print_deck(self, arg: str | None, target: Any) -> None:
        """Print every card of the game at real size."""
        if self.session is not None:
            self.print_cards(cards.deck(self.session.game_id))

    def print_cards(self, ids: list[str]) -> None:
        """Fill the print area with real-size sheets and open the print dialog."""
        assert self.session is not None
        game = self.session.game_id
        paper = self.settings["paper"]
        from automa.render import print as print_sheets

        svgs = [cards.card_svg(game, c, (), self.lang) for c in ids]
        area = document.getElementById("print")
        area.innerHTML = (f"<style>{print_sheets.page_css(paper)}</style>"
                          + print_sheets.sheets_html(svgs, paper))
        area.dataset.pages = str(print_sheets.pages(ids, paper))
        window.print()

    # --- keeping the screen awake -------------------------------------------------------
    def keep_awake(self) -> None:
        """Hold a screen wake lock while a game is on screen, if the setting asks for it."""
        want = bool(self.settings.get("wake")) and self.screen == "play"
        if want and self.wake_lock is None and window.navigator.wakeLock:
            window.automaWake(True)
            self.wake_lock = True
        elif not want and self.wake_lock is not None:
            window.automaWake(False)
            self.wake_lock = None

    def debug_state(self) -> str:
        """The save text of the game in play (for tests)."""
        return self.session.to_json() if self.session is not None else ""


def game_list() -> list[dict[str, Any]]:
    """The games and their option schemas, as written by build.py (no game module imported).

    Importing every game's rules is the slowest part of starting; the home screen needs
    only their names and options, so the game modules load after the first screen.
    """
    path = Path(automa.__file__).parent / "_data" / "games.json"
    try:
        found: list[dict[str, Any]] = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError):
        return list(automa.games())
    return found


def warm_up(*_: Any) -> None:
    """Import the games' rules once the first screen is up, then (one game per task, so no
    long task blocks a tap) load each game's card data by drawing one card: the first card a
    bot draws then costs a fraction of a millisecond instead of the data's first load."""
    from automa.core.game import registered

    pending = [g for g in sorted(registered()) if cards.has_renderer(g)]

    def next_game(*_: Any) -> None:
        if pending:
            game = pending.pop(0)
            with contextlib.suppress(Exception):  # a warm-up must never disturb the page
                cards.card_svg(game, cards.deck(game)[0], (), "en")
            window.setTimeout(create_proxy(next_game), 20)

    next_game()


def start() -> App:
    """Wire the page and show the first screen."""
    t_start = time.perf_counter()
    app = App()
    t_app = time.perf_counter()
    document.addEventListener("click", create_proxy(app.on_click))
    document.addEventListener("change", create_proxy(app.on_change))
    window.addEventListener("hashchange", create_proxy(app.route))
    window.addEventListener("storage", create_proxy(app.on_storage))
    window.addEventListener("automa:updated", create_proxy(app.on_updated))
    app.updated = bool(window.automaShell.updated)
    window.automaDebug = create_proxy(app.debug_state)
    app.route()
    document.body.dataset.pyReady = "1"
    done = time.perf_counter()
    window.automaShell.timing = json.dumps({"app_ms": round(1000 * (t_app - t_start)),
                                            "first_screen_ms": round(1000 * (done - t_app))})
    window.automaShell.ready = window.performance.now()
    window.setTimeout(create_proxy(warm_up), 30)
    return app


APP = start()
