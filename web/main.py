"""The page's glue (shipped as the module ``automa_app``): taps in, the presenter's screens out.

No rules and no HTML live here: the session decides, :mod:`automa.app.present` turns it into
view records and :mod:`automa.app.views` into HTML (escaped by default); this module routes,
stores and turns taps into answers. Screens follow the URL hash (``#/``, ``#/new/<game>``,
``#/play/<save>``, ``#/pile/<save>/<pile>``, ``#/settings``), so a reload shows the same screen.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import time
from dataclasses import asdict
from typing import Any

from pyodide.ffi import create_proxy, jsnull
from pyscript import document, window

import automa
from automa.app import deck_editor as decks
from automa.app import present, views
from automa.app.html import Safe, h, join, trusted
from automa.app.saves import (
    MAX_IMPORT_BYTES,
    SaveStore,
    SettingsNotSaved,
    StorageError,
    StorageFull,
)
from automa.app.slot import Saved, Slot
from automa.core import i18n

cards = importlib.import_module("automa.render")  # the card-image package

DEFAULT_SETTINGS: dict[str, Any] = {"theme": "auto", "text": 1, "wake": False, "paper": "a4"}
TEXT_SIZES = (1, 1.15, 1.3)
SVG_CACHE_SIZE = 96


def is_there(value: Any) -> bool:
    """Whether a value from JavaScript is there (neither ``null`` nor ``undefined``)."""
    return value is not None and value is not jsnull


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


class App:
    """The whole page: settings, the current screen and the game being played."""

    def __init__(self) -> None:
        self.store = SaveStore(LocalStorage(), lambda: float(window.Date.now()))
        self.slot = Slot(self.store, lambda: float(window.Date.now()))
        self.settings = self.store.settings(DEFAULT_SETTINGS, i18n.LANGUAGES)
        self.updated = False  # a new version of the app was installed
        self.lang = str(window.automaShell.lang)
        self.settings["lang"] = self.lang
        self.games = {g["id"]: g for g in present.game_list()}
        self.message = ""
        self.message_kind = "error"
        self.confirm_delete = ""
        self.deck: Any = None
        self.wake_lock: Any = None
        self.svg_cache: dict[tuple[str, str, tuple[str, ...], str], Safe] = {}
        self.screen = ""
        self.tap_ms = 0.0
        self.save_pending = False
        self.save_later = create_proxy(self.save_soon)
        self.save_after_frame = create_proxy(lambda *_: window.setTimeout(self.save_later, 0))
        self.shown_parts: list[str] = []
        self.shown_notices = ""
        self.shown_key: tuple[str, str] = ("", "")
        self.app = document.getElementById("app")
        self.nav = document.getElementById("nav")

    @property
    def session(self) -> automa.Session | None:
        """The game in play."""
        return self.slot.session

    @property
    def save_id(self) -> str:
        """The save id of the game in play."""
        return self.slot.save_id

    @property
    def w(self) -> present.Words:
        """Messages in the chosen language."""
        return present.Words(self.lang)

    def t(self, key: str, **params: Any) -> str:
        """A message in the chosen language."""
        return i18n.render(key, params, self.lang)

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
                self.show(views.new_game(self.games[parts[1]], self.w,
                                         self.deck_choice(parts[1])), "new")
            elif screen in ("decks", "deck"):
                self.show(self.decks_route(parts), "decks", self.t("web.decks.title"))
            elif screen in ("play", "pile") and len(parts) > 1 and self.open(parts[1]):
                if screen == "pile" and len(parts) > 2 and self.pile_screen(parts[2]):
                    return
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

    def show(self, body: Safe, screen: str, title: str = "") -> None:
        """Replace the screen's content (a new screen starts at its top)."""
        new_screen = screen != self.screen or screen == "play"
        self.screen = screen
        banner = views.banner(self.message, self.message_kind, self.w) if self.message else ""
        self.shown_notices = self.notices()
        self.app.innerHTML = banner + self.shown_notices + body
        document.documentElement.lang = self.lang
        app_title = self.t("web.app.title")
        document.title = f"{title} · {app_title}" if title else app_title
        document.getElementById("title").textContent = title or app_title
        self.nav.innerHTML = join([views.nav_link("home", "#/", screen == "home", self.w),
                                   views.nav_link("settings", "#/settings",
                                                  screen == "settings", self.w)])
        if new_screen:
            window.scrollTo(0, 0)

    def flash(self, message: str, kind: str = "error") -> None:
        """Show a message at the top of the next screen drawn."""
        self.message = message
        self.message_kind = kind

    # --- the game in play ---------------------------------------------------------------
    def open(self, save_id: str) -> bool:
        """Make the save ``save_id`` the session in play (loading it if it changed)."""
        opened = self.slot.session
        if not self.slot.open(save_id):
            self.flash(self.t("web.error.save_missing"))
            return False
        if self.slot.session is not opened:
            self.save_pending = False
            self.remember_last()
        return True

    def notices(self) -> Safe:
        """The standing notices: a new version installed; a game kept with its original."""
        slot = self.slot
        held = self.screen in ("play", "pile") and (slot.holding or slot.hold_failed)
        return join([views.update_notice(self.w) if self.updated else None,
                     views.held_notice(slot.save_id, slot.holding, slot.hold_failed, self.w)
                     if held else None])

    def remember_last(self) -> None:
        """Let the shell name the last game before Python is ready."""
        if self.session is None:
            return
        game = self.games.get(self.session.game_id)
        names = {lang: i18n.render(game["name"] if game else self.session.game_id, {}, lang)
                 for lang in i18n.LANGUAGES}
        self.store.remember_last(self.save_id, names)

    def autosave(self, saved: Saved | None = None) -> None:
        """Save the game after every change (or say how ``saved`` went)."""
        what, error = saved or self.slot.save()
        if what == "held":
            self.flash(self.t("web.store.held_failed", detail=self.slot.hold_failed))
        elif what == "deleted" and error is not None:  # deleted in another tab
            self.leave(self.error_text(error))
        elif error is not None:
            self.flash(self.error_text(error))
            if what == "stale" and self.screen in ("play", "pile"):
                self.route()  # the newer work from the other tab

    def leave(self, message: str) -> None:
        """The game in play is gone: go home with ``message``."""
        self.slot.close()
        self.save_pending = False
        self.flash(message)
        self.go("#/")

    def on_storage(self, event: Any) -> None:
        """Another tab or window changed the storage: never keep showing a stale game."""
        change = self.slot.storage_changed(str(event.key) if is_there(event.key) else "")
        if change == "deleted":
            self.leave(self.t("web.store.deleted"))
        elif change == "changed":
            self.flash(self.t("web.store.changed"), "info")
            if self.screen in ("play", "pile"):
                self.route()
        elif change == "list" and self.screen == "home" and not self.confirm_delete:
            self.show(self.home_screen(), "home")

    def on_updated(self, *_: Any) -> None:
        """The service worker installed a new version: say so (saves are untouched)."""
        self.updated = True
        if not is_there(document.getElementById("update-notice")):
            self.app.insertAdjacentHTML("afterbegin", views.update_notice(self.w))

    def do_reload(self, arg: str | None, target: Any) -> None:
        """Reload the page into the newly installed version."""
        window.location.reload()

    def do_accept_held(self, arg: str | None, target: Any) -> None:
        """The player accepts the game without its history: forget the original."""
        self.autosave(self.slot.accept())
        self.route()

    def do_export_original(self, save_id: str | None, target: Any) -> None:
        """Download the original of a game that opened without its history."""
        text = self.store.held(save_id or "")
        if text is not None:
            window.automaDownload(f"automa-{save_id}-original.json", text)

    def act(self, change: Any) -> None:
        """Apply a change to the session, redraw, then save (errors are shown); the new
        question gets the focus, so a screen reader reads it out."""
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
        question = document.getElementById("question")
        if is_there(question):
            question.focus(json_options({"preventScroll": True}))
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

    def draw(self, game: str, card: str, highlight: Any) -> Safe | None:
        """A card's SVG (drawn by our renderer, so trusted), once per card, highlight and
        language; None when the game draws no images."""
        if not cards.has_renderer(game):
            return None
        key = (game, card, tuple(str(x) for x in highlight or ()), self.lang)
        found = self.svg_cache.get(key)
        if found is None:
            if len(self.svg_cache) >= SVG_CACHE_SIZE:
                self.svg_cache.clear()
            found = self.svg_cache[key] = trusted(cards.card_svg(game, card, key[2], self.lang))
        return found

    def show_play(self) -> None:
        """Draw the play screen; when only parts of it changed (a new prompt, a new log
        entry) only those parts are replaced, so cards and opened notes stay as they are."""
        s = self.session
        assert s is not None
        view = present.play(s, self.lang)
        parts = [str(p) for p in views.play_parts(view, self.w, self.draw, self.save_id,
                                                  self.settings["paper"])]
        key = (self.save_id, self.lang)
        old = self.shown_parts
        play = document.querySelector("#app > .play")
        if (self.screen == "play" and not self.message and key == self.shown_key
                and not is_there(document.querySelector("#app > .banner:not(.notice)"))
                and self.notices() == self.shown_notices
                and len(parts) == len(old) and is_there(play)
                and play.children.length == len(parts)):
            children = [play.children.item(i) for i in range(len(parts))]
            for i, part in enumerate(parts):
                if part != old[i]:
                    children[i].outerHTML = part
            self.shown_parts = parts
            if parts[1:3] != old[1:3]:
                window.scrollTo(0, 0)
            return
        body = h("div", {"class": "play", "data-game": s.game_id}, *map(Safe, parts))
        game = self.games.get(s.game_id)
        self.show(body, "play", self.t(game["name"]) if game else s.game_id)
        self.shown_parts, self.shown_key = parts, key

    # --- the other screens --------------------------------------------------------------
    def home_screen(self) -> Safe:
        """The games, the saved games and import."""
        index = {m.save_id: asdict(m) for m in self.store.saves()}
        saves = views.saves(index, self.games, self.confirm_delete, date, self.w)
        return views.home(list(self.games.values()), saves, self.w)

    def settings_screen(self) -> Safe:
        """Language, theme, text size, keep awake, paper."""
        return views.settings({**self.settings, "lang": self.lang}, list(i18n.LANGUAGES),
                              TEXT_SIZES, bool(window.navigator.wakeLock), self.w)

    def pile_screen(self, pile: str) -> bool:
        """The cards of a viewable pile, top first (False: no such pile to look at)."""
        assert self.session is not None
        found = present.pile(self.session, pile, self.w)
        if found is not None:
            game = self.games.get(self.session.game_id)
            self.show(views.pile_screen(*found, self.w, self.draw, self.save_id), "pile",
                      self.t(game["name"]) if game else "")
        return found is not None

    # --- events -------------------------------------------------------------------------
    def on_click(self, event: Any) -> None:
        """Every tap on a ``[data-act]`` element."""
        target = event.target.closest("[data-act]")
        if not is_there(target) or target.disabled:
            return
        action = str(target.dataset.act)
        arg = target.getAttribute("data-arg")
        arg = str(arg) if is_there(arg) else None
        handler = getattr(self, "do_" + action.replace("-", "_"), None)
        if handler is not None:
            event.preventDefault()
            handler(arg, target)

    def on_key(self, event: Any) -> None:
        """Enter in the number box submits it."""
        if str(event.key) == "Enter" and str(event.target.id) == "count":
            event.preventDefault()
            self.do_answer(None, event.target)

    def on_change(self, event: Any) -> None:
        """Settings changes and the import file."""
        target = event.target
        if self.deck_change(target):
            return
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
        if is_there(setting):
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
        if is_there(banner):
            banner.remove()

    def do_new(self, game_id: str | None, target: Any) -> None:
        """Go to the options of a new game."""
        self.go(f"#/new/{game_id}")

    def do_start(self, game_id: str | None, target: Any) -> None:
        """Start a new game with the chosen options."""
        assert game_id is not None
        game = self.games[game_id]
        found = document.querySelectorAll("[data-option]:checked, select[data-option]")
        chosen = {str(e.dataset.option): int(e.value)
                  for e in (found.item(i) for i in range(found.length))}
        options = {o["id"]: o["choices"][chosen[o["id"]]] for o in game["options"]
                   if o["id"] in chosen}
        seed_text = str(document.getElementById("seed").value).strip()
        self.message = ""
        try:
            options.update(self.chosen_deck())
            if seed_text and not seed_text.isdigit():
                raise ValueError
            session = automa.new_game(game_id, options, int(seed_text) if seed_text else None)
        except (automa.AutomaError, ValueError) as e:
            self.flash(self.t("web.new.bad_seed") if isinstance(e, ValueError)
                       else self.error_text(e))
            self.show(views.new_game(game, self.w, self.deck_choice(game_id)), "new")
            return
        self.begin(session)

    def begin(self, session: automa.Session, original: str = "") -> None:
        """Make a new (or imported, from ``original``) session the game in play, under a new
        save id."""
        self.save_pending = False
        self.autosave(self.slot.begin(session, original))
        self.remember_last()
        self.go(f"#/play/{self.save_id}")

    def do_continue(self, save_id: str | None, target: Any) -> None:
        """Open a saved game."""
        self.message = ""
        self.go(f"#/play/{save_id}")

    def do_export(self, save_id: str | None, target: Any) -> None:
        """Download a saved game as a .json file."""
        record = self.store.load(save_id or "")
        if record is not None:
            window.automaDownload(f"automa-{save_id}.json", record.text)

    def do_delete(self, save_id: str | None, target: Any) -> None:
        """Ask before deleting a saved game (``delete-no`` keeps it)."""
        self.confirm_delete = save_id or ""
        self.show(self.home_screen(), "home")

    def do_delete_no(self, save_id: str | None, target: Any) -> None:
        """Keep the saved game."""
        self.do_delete(None, target)

    def do_delete_yes(self, save_id: str | None, target: Any) -> None:
        """Delete one saved game."""
        assert save_id is not None
        self.slot.delete(save_id)
        self.do_delete(None, target)

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
        if not self.slot.holding:  # (the notice of a kept original says it already)
            for warning in session.warnings:
                self.flash(self.w.text(warning), "info")

    def do_answer(self, arg: str | None, target: Any) -> None:
        """Answer the prompt from its controls: the button tapped (yes/no, done, a choice)
        or the form submitted (a number, the boxes ticked, a value for every item)."""
        s = self.session
        assert s is not None and s.prompt is not None
        form: present.Form = {"checked": indices("#subset input:checked", "index"),
                              "values": indices("#values select", "")}
        if is_there(target.getAttribute("data-json")):
            form["json"] = str(target.dataset.json)
        if str(target.getAttribute("data-act")) == "pick" and arg is not None:
            form["pick"] = int(arg)
        box = document.getElementById("count")
        if is_there(box):
            form["count"] = str(box.value)
        value = present.answer_from(s.prompt, form)
        self.act(lambda: s.answer(value))

    do_pick = do_submit_count = do_submit_subset = do_submit_values = do_answer

    def do_step(self, arg: str | None, target: Any) -> None:
        """The count stepper's − and +."""
        box = document.getElementById("count")
        stepper = target.closest(".stepper")
        box.value = str(present.stepped(str(box.value), int(arg or 0),
                                        int(stepper.dataset.lo), int(stepper.dataset.hi)))

    def do_undo(self, arg: str | None, target: Any) -> None:
        """Take back the last answer."""
        assert self.session is not None
        self.act(self.session.undo)

    def do_redo(self, arg: str | None, target: Any) -> None:
        """Re-apply an undone answer."""
        assert self.session is not None
        self.act(self.session.redo)

    def do_proc(self, arg: str | None, target: Any) -> None:
        """Start a player-initiated procedure."""
        s = self.session
        assert s is not None and arg is not None
        self.act(lambda: s.start(arg))

    def do_cancel(self, arg: str | None, target: Any) -> None:
        """Cancel the procedure started (the question before it comes back)."""
        if self.session is not None:
            self.act(self.session.cancel)

    def do_print_card(self, arg: str | None, target: Any) -> None:
        """Print the cards on the table (the pair) at real size."""
        if self.session is not None and arg:
            self.print_cards(arg.split())

    def do_print_deck(self, arg: str | None, target: Any) -> None:
        """Print every card of the game at real size."""
        if self.session is not None:
            self.print_cards(cards.deck(self.session.game_id))

    def print_cards(self, ids: list[str]) -> None:
        """Fill the print area with real-size sheets and open the print dialog."""
        assert self.session is not None
        area = document.getElementById("print")
        area.innerHTML, pages = views.print_sheets(self.session.game_id, ids,
                                                   self.settings["paper"], self.lang)
        area.dataset.pages = str(pages)
        window.print()

    # --- My decks (Glory of Civilizations) ---------------------------------------------
    def kept_decks(self) -> list[Any]:
        """Every deck kept in this browser, read as hostile text (never raises)."""
        storage = window.localStorage
        keys = sorted(str(storage.key(i)) for i in range(storage.length))
        return [decks.read_deck(k[len(decks.PREFIX):], storage.getItem(k), self.w)
                for k in keys if k.startswith(decks.PREFIX)]

    def deck_choice(self, game_id: str) -> Safe | None:
        """The deck choice of the new-game screen (Glory only)."""
        return decks.deck_choice(self.kept_decks(), self.w) if game_id == decks.GAME else None

    def chosen_deck(self) -> dict[str, Any]:
        """The ``custom_deck`` option of the deck chosen on the new-game screen."""
        box = document.getElementById("deck-choice")
        if not is_there(box) or not str(box.value):
            return {}
        text = window.localStorage.getItem(decks.PREFIX + str(box.value))
        found = decks.read_deck(str(box.value), text, self.w)
        return {"custom_deck": found["cards"]}

    def decks_route(self, parts: list[str]) -> Safe:
        """``#/decks/<game>`` (the list) or ``#/deck/<id>/<card>`` (the editor)."""
        if parts[0] == "deck" and len(parts) > 1:
            if self.deck is None or self.deck["id"] != parts[1]:
                self.deck = decks.read_deck(parts[1], window.localStorage.getItem(
                    decks.PREFIX + parts[1]), self.w)
            if not self.deck["error"]:
                index = int(parts[2]) if len(parts) > 2 and parts[2].isdigit() else 0
                return decks.editor_screen(self.deck, index, self.w)
        self.deck = None
        found = self.kept_decks()
        for d in found:
            if d["error"]:
                self.flash(self.t("web.decks.broken", reason=d["error"]))
        return decks.decks_screen(found, self.confirm_delete, self.w)

    def deck_edited(self, cards_: list[dict[str, Any]], index: int) -> None:
        """Show the deck being edited with its cards changed (not saved yet)."""
        assert self.deck is not None
        self.deck = decks.read_deck(self.deck["id"], decks.deck_text(
            self.deck["name"], cards_), self.w)
        self.go(f"#/deck/{self.deck['id']}/{max(0, min(index, len(cards_) - 1))}")

    def deck_change(self, target: Any) -> bool:
        """A field of the card in the editor, the deck's name, or the deck import file."""
        if str(target.id) == "deck-import-file":
            if target.files.length:
                window.automaReadFile(target.files.item(0), create_proxy(self.deck_imported))
            return True
        if self.deck is None:
            return False
        if str(target.id) == "deck-name":
            self.deck["name"] = str(target.value)[:decks.MAX_NAME]
            return True
        path = target.getAttribute("data-field")
        if not is_there(path):
            return False
        index = int(target.closest("[data-card]").dataset.card)
        cards_ = list(self.deck["cards"])
        value = decks.field_value_from_form(str(path), str(target.value))
        cards_[index] = automa_editor().with_field(cards_[index], str(path), value)
        # redrawn after the event: replacing the screen inside a change fired by a blur fails
        window.setTimeout(create_proxy(lambda *_: self.deck_edited(cards_, index)), 0)
        return True

    def deck_imported(self, name: Any, text: Any, error: Any) -> None:
        """A deck file was read: keep it as a new deck, or say why not."""
        self.message = ""
        try:
            if error:
                raise ValueError(str(error))
            found = automa_editor().deck_from_json(str(text))
            self.deck_put(self.new_deck_id(), str(name).removesuffix(".json"), found)
        except (automa.AutomaError, ValueError) as e:
            self.flash(self.t("web.decks.import_error", name=str(name),
                              reason=self.error_text(e) if isinstance(e, automa.AutomaError)
                              else str(e)))
        self.route()

    def new_deck_id(self) -> str:
        """A deck id not used yet."""
        n = int(window.Date.now())
        while is_there(window.localStorage.getItem(f"{decks.PREFIX}{n:x}")):
            n += 1
        return f"{n:x}"

    def deck_put(self, deck_id: str, name: str, cards_: list[dict[str, Any]]) -> None:
        """Keep a deck (a full storage is reported)."""
        try:
            self.store.kv.set(decks.PREFIX + deck_id, decks.deck_text(name, cards_))
        except StorageError as e:
            self.flash(self.error_text(e))

    def do_deck_new(self, arg: str | None, target: Any) -> None:
        """A new deck: a copy of the companion edition or one blank card."""
        deck_id = self.new_deck_id()
        self.deck_put(deck_id, self.t("web.decks.default_name"), decks.new_cards(arg or ""))
        self.deck = None
        self.go(f"#/deck/{deck_id}/0")

    def do_deck_edit(self, arg: str | None, target: Any) -> None:
        """Open a kept deck in the editor."""
        self.message, self.deck = "", None
        self.go(f"#/deck/{arg}/0")

    def do_deck_card(self, arg: str | None, target: Any) -> None:
        """Show another card of the deck in the editor."""
        if self.deck is not None:
            self.go(f"#/deck/{self.deck['id']}/{int(arg or 0)}")

    def do_deck_add(self, arg: str | None, target: Any) -> None:
        """Add a blank card (``arg``: duplicate that card instead)."""
        if self.deck is not None:
            cards_ = decks.add_card(self.deck["cards"], int(arg) if arg else None)
            self.deck_edited(cards_, len(cards_) - 1)

    do_deck_dup = do_deck_add

    def do_deck_remove(self, arg: str | None, target: Any) -> None:
        """Remove a card from the deck."""
        if self.deck is not None:
            self.deck_edited(decks.remove_card(self.deck["cards"], int(arg or 0)),
                             int(arg or 0))

    def do_deck_save(self, arg: str | None, target: Any) -> None:
        """Keep the deck being edited (a draft with problems is kept too)."""
        if self.deck is not None:
            self.deck_put(self.deck["id"], self.deck["name"], self.deck["cards"])
            if not self.message:
                self.flash(self.t("web.decks.saved"), "info")
            self.route()

    def do_deck_export(self, arg: str | None, target: Any) -> None:
        """Download a deck without problems as a .json file."""
        found = decks.read_deck(arg or "", window.localStorage.getItem(
            decks.PREFIX + (arg or "")), self.w)
        if found["error"] or found["problems"]:
            self.flash(self.t("web.decks.export_error"))
            self.route()
            return
        window.automaDownload(f"deck-{arg}.json", automa_editor().deck_to_json(found["cards"]))

    def do_deck_delete(self, arg: str | None, target: Any) -> None:
        """Ask before deleting a deck (``deck-delete-no`` keeps it)."""
        self.confirm_delete = arg or ""
        self.route()

    def do_deck_delete_no(self, arg: str | None, target: Any) -> None:
        """Keep the deck."""
        self.do_deck_delete(None, target)

    def do_deck_delete_yes(self, arg: str | None, target: Any) -> None:
        """Delete one deck."""
        window.localStorage.removeItem(decks.PREFIX + (arg or ""))
        self.do_deck_delete(None, target)

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


def automa_editor() -> Any:
    """Glory's deck model (imported when a deck is first touched)."""
    return importlib.import_module("automa.games.glory_of_civilizations.editor")


def date(ms: float) -> str:
    """A date and time, written the same way in every language."""
    if not ms:
        return "—"
    d = window.Date.new(ms)
    return (f"{d.getFullYear()}-{d.getMonth() + 1:02d}-{d.getDate():02d} "
            f"{d.getHours():02d}:{d.getMinutes():02d}")


def indices(selector: str, field: str) -> list[int]:
    """The numbers in ``data-<field>`` (or the value, for ``""``) of the elements found."""
    found = document.querySelectorAll(selector)
    items = [found.item(i) for i in range(found.length)]
    return [int(e.getAttribute(f"data-{field}") if field else e.value) for e in items]


def json_options(options: dict[str, Any]) -> Any:
    """A plain JavaScript object (for DOM calls that take options)."""
    return window.JSON.parse(json.dumps(options))


def warm_up(*_: Any) -> None:
    """Import the games' rules once the first screen is up, then (one game per task, so no
    long task blocks a tap) draw one card of each game, so the first card a bot draws
    does not pay for loading the card data."""
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
    document.addEventListener("keydown", create_proxy(app.on_key))
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
