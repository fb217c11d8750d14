"""The page's decisions, without a DOM: which screen a URL shows, what a tap does, what is
saved when, and which message the player reads.

``web/main.py`` only reads the page (the hash, the form on screen, a file), hands it here
and carries out the :class:`Outcome` (draw, navigate, download, print). Everything here runs
in CPython, so the tests drive the whole app — routes, new games, answers, saves, other
tabs, decks — with a dictionary for storage.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable, Mapping
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

import automa
import automa.render as cards
from automa.app import first_home, guide, home_views, present, taps, views
from automa.app.answers import PageForm
from automa.app.banner import Banner, DeskTools, error_text
from automa.app.decks import deck_games
from automa.app.html import Safe, h, join, trusted
from automa.app.outcome import Outcome, Screen
from automa.app.record_desk import RecordDesk
from automa.app.record_views import home_link
from automa.app.saves import DECK_PREFIX, MAX_IMPORT_BYTES, SAVE_PREFIX, SETTING_CHOICES, SaveStore
from automa.app.screens import ScreenStore
from automa.app.slot import Saved, Slot
from automa.app.storage import (
    CARRY_PREFIX,
    KEY_FORMAT,
    KeyValue,
    NewerVersionOpen,
    SettingsNotSaved,
    reloaded_just_now,
)
from automa.app.versions import versions as format_versions
from automa.core import formats, i18n
from automa.core.checks import read_json

if TYPE_CHECKING:
    from automa.app.decks.desk import DeckDesk
    from automa.app.share_desk import ShareDesk

DEFAULT_SETTINGS: dict[str, Any] = {"theme": "auto", "text": 1, "wake": False, "paper": "a4",
                                    "speech": "off", "rate": 1.0}
SVG_CACHE_SIZE = 96
PLAY_SCREENS = ("play", "pile")
SHARING_ACTIONS = ("share-start", "share-copy", "share-send", "speak")
"""The buttons of sharing and reading aloud (their handlers load on first use)."""
EARLY_ACTIONS = ("answer", "pick")
"""The taps on a stored screen the loading shell keeps for the engine: one-tap answers."""
VERSION_NAME = re.compile(r"[0-9A-Za-z][0-9A-Za-z.+_-]{0,63}")
"""What a version stamp may look like (the name a service worker gives is checked with it)."""


class Controller:
    """The app's state and every decision of the page."""

    def __init__(self, kv: KeyValue, now: Callable[[], float], lang: str,
                 date: Callable[[float], str], wake_supported: bool = False,
                 versions: Mapping[str, int] | None = None, address: str = "") -> None:
        self.store = SaveStore(kv, now, versions if versions is not None
                               else format_versions(), written=date)
        # a stored screen never costs a save: they make room (written as the store writes:
        # never over a newer version's storage)
        self.screens = ScreenStore(self.store.kv)
        self.drawn: tuple[str, str] = ("", "")  # the play screen on the page: save id, markup
        self.kept: tuple[str, int | None, str] = ("", None, "")  # its stored save, rev, lang
        self.slot = Slot(self.store, now, self.screens.clear)
        self.now = now
        self.date = date
        self.wake_supported = wake_supported
        self.settings = self.store.settings(DEFAULT_SETTINGS, i18n.LANGUAGES)
        self.lang = lang if lang in i18n.LANGUAGES else "en"
        self.settings["lang"] = self.lang
        self.games = {g["id"]: g for g in present.game_list()}
        self.deck_games = deck_games(self.games.values())
        """The games whose player keys in their own cards ("My decks")."""
        self.banner = Banner()
        self.tools = DeskTools(self.banner, lambda: self.w, now, date, self.games,
                               lambda: self.screen)
        """What the desks use of the app (never the controller itself)."""
        self.confirm_delete = ""  # the saved game whose deletion is asked about
        self._desk: DeckDesk | None = None
        self._sharing: ShareDesk | None = None
        self.address = address
        """The page's address: where a shared game's link sends a friend."""
        self.records = RecordDesk(self.tools, self.store.kv)
        self.screen = ""
        self.updated = False  # a new version of the app is installed and waits
        self.update_version = ""  # its version stamp, as its service worker names it
        self.unsaved: automa.Session | None = None
        """The game changed by the last tap, not written yet (the page writes it after the
        next frame so the tap feels instant, and at once when the page is hidden)."""
        self.turn_passed = False  # the last tap ended a turn of the bots
        self.newer_open = False  # a newer version opened the storage: this tab writes no more
        self.reload_looped = False  # and a reload for it just now brought this version back
        self.svg_cache: dict[tuple[str, str, tuple[str, ...], str], Safe] = {}
        self.take_over_storage()

    def take_over_storage(self) -> None:
        """Name this version's formats in the storage and adopt the games older tabs
        carried; or, if a newer version already opened it, write nothing from here."""
        if not self.store.claim():
            self.newer_open = True
            # reloaded for the newer version, and still this one: another reload would loop
            self.reload_looped = reloaded_just_now(self.store.kv.raw, self.now())
            return
        self.adopt_carried()

    def adopt_carried(self) -> bool:
        """Take in the games older tabs could no longer write; True if the game in play
        was one of them (it is then opened again)."""
        done = self.store.adopt_carried()
        if "copied" in done.values():
            self.banner.flash(self.t("web.store.carried_copy"), "info")
        if self.slot.save_id in done:
            self.slot.session = None  # the next open() loads the adopted revision
            return True
        return False

    # --- words --------------------------------------------------------------------------
    @property
    def session(self) -> automa.Session | None:
        """The game in play."""
        return self.slot.session

    @property
    def w(self) -> present.Words:
        """Messages in the chosen language."""
        return present.Words(self.lang)

    def t(self, key: str, **params: Any) -> str:
        """A message in the chosen language."""
        return i18n.render(key, params, self.lang)

    def error_text(self, error: BaseException) -> str:
        """An error in the chosen language (an unexpected one by its type only)."""
        return error_text(error, self.lang)

    @property
    def wants_screen_on(self) -> bool:
        """Whether the screen should stay on: a game is on screen and the setting asks."""
        return bool(self.settings.get("wake")) and self.screen == "play"

    def shown(self, screen: str) -> None:
        """The page put up the screen named ``screen``."""
        self.screen = screen

    # --- screens ------------------------------------------------------------------------
    def route(self, hash_: str) -> Screen:
        """The screen the URL hash names (``#/``, ``#/new/<game>``, ``#/play/<save>``,
        ``#/pile/<save>/<pile>``, ``#/settings``, ``#/decks/<game>``,
        ``#/deck/<id>/<card>``, ``#/records[/<game>]``, ``#/record/<id>``, ``#/share``,
        ``#/join/<code>``); a broken save or link never locks the player out (home
        instead)."""
        parts = [p for p in hash_.lstrip("#").split("/") if p]
        name = parts[0] if parts else "home"
        try:
            if name == "new" and len(parts) > 1 and parts[1] in self.games:
                return self.new_game_screen(parts[1])
            if name in ("decks", "deck") and self.deck_games:
                return Screen("decks", self.desk.route(parts), self.t("web.decks.title"))
            if name in ("records", "record"):
                return Screen("records", *self.records.route(parts))
            if name in PLAY_SCREENS and len(parts) > 1 and self.open(parts[1]):
                pile = self.pile_screen(parts[2]) if name == "pile" and len(parts) > 2 else None
                if pile:
                    return pile
                screen = self.play_screen()
                self.keep_screen()
                return screen
            if name == "settings":
                return self.settings_screen()
            if name == "share" and self.session is not None:
                return Screen("share", *self.sharing.share_screen())
            if name == "join":  # (nothing after it, or more than one code: refused, said)
                return Screen("join", *self.sharing.join_screen("/".join(parts[1:])))
        except Exception as e:  # a broken save must never lock the person out of the app
            self.banner.flash(self.error_text(e))
        return self.home_screen()

    def chrome(self) -> tuple[Safe, Safe]:
        """The message banner and the standing notices above every screen. A message belongs
        to the screen it was first shown on: another screen drawn whole drops it."""
        message = self.banner.on(self.screen)
        way_out = self.banner.way_out
        banner = home_views.banner(
            message, self.banner.kind, self.w, home=way_out,
            undo=way_out and self.session is not None and self.session.can_undo,
        ) if message else Safe("")
        return banner, self.notices()

    def notices(self) -> Safe:
        """The standing notices: a new version installed; nothing can be kept (the storage
        cannot be used: the game in play is offered for export); a game kept with its
        original."""
        slot = self.slot
        held = self.screen in PLAY_SCREENS and (slot.holding or slot.hold_failed)
        in_play = slot.save_id if self.session is not None else ""
        why = [self.w.text(m) for m in slot.session.warnings] if slot.session else []
        return join([home_views.newer_notice(self.w, self.reload_looped) if self.newer_open
                     else home_views.update_notice(self.w, self.update_version) if self.updated
                     else None,
                     home_views.memory_notice(self.store.unavailable, in_play, self.w)
                     if self.store.unavailable else None,
                     home_views.held_notice(slot.save_id, slot.holding, slot.hold_failed, self.w,
                                       why) if held else None])

    def update_notice(self) -> Safe:
        """The notice of a newly installed version."""
        return home_views.update_notice(self.w, self.update_version)

    def engine_started(self, without_snapshot: object) -> None:
        """The engine started; ``without_snapshot`` a word (why: "damaged", "foreign"…) if
        it started without the start-up snapshot the page found (``web/pyodide/boot.mjs``),
        which the first screen then says in a sentence."""
        if isinstance(without_snapshot, str) and without_snapshot:
            self.banner.flash(self.t("web.resume.snapshot_skipped"), "info")

    def update_ready(self, version: object) -> None:
        """A new version is installed and waits, named ``version`` as the page was told it
        (kept only if it is a plain version name); anything but a string (None, JavaScript's
        null or undefined): no new version is known."""
        self.updated = isinstance(version, str)
        self.update_version = (version if isinstance(version, str)
                               and VERSION_NAME.fullmatch(version) else "")

    def nav(self, screen: str) -> Safe:
        """The links of the top bar."""
        game = self.games.get(self.session.game_id) if self.session else None
        # the game stays loaded in its tab while its rules are read
        rules = (home_views.nav_link("rules", guide.href(game["id"], self.lang), False, self.w,
                                new_tab=True)
                 if screen in PLAY_SCREENS and game and game.get("guide") else None)
        return join([home_views.nav_link("home", "#/", screen == "home", self.w), rules,
                     home_views.nav_link("settings", "#/settings", screen == "settings", self.w)])

    def home_screen(self) -> Screen:
        """The games, the saved games and import."""
        index = {m.save_id: asdict(m) for m in self.store.saves()}
        saves = home_views.saves(index, self.games, self.confirm_delete, self.date, self.w)
        extra = {g: h("a", {"class": "guide-link", "href": f"#/decks/{g}"},
                      self.t("web.decks.title")) for g in self.deck_games}
        return Screen("home", home_views.home(list(self.games.values()), saves, self.w, extra,
                                         home_link(self.w)))

    def new_game_screen(self, game_id: str, kept: PageForm | None = None) -> Screen:
        """The options of a new game (``kept``: the choices read from the form, shown again
        after a refusal, so nothing chosen is lost)."""
        return Screen("new", home_views.new_game(self.games[game_id], self.w,
                                            self.deck_choice(game_id), kept))

    def settings_screen(self) -> Screen:
        """Language, theme, text size, keep awake, paper."""
        back = f"#/play/{self.slot.save_id}" if self.session is not None else ""
        return Screen("settings", home_views.settings(
            {**self.settings, "lang": self.lang}, list(i18n.LANGUAGES), SETTING_CHOICES["text"],
            self.wake_supported, self.w, back, formats.stamp()))

    def play_screen(self, first_only: bool = False) -> Screen:
        """The game in play; ``first_only``: its first screen, the rest (state, log…) left
        to ``Screen.rest`` (after a tap, so the answer is painted sooner)."""
        s = self.session
        assert s is not None
        view = present.play(s, self.lang, with_log=not first_only,
                            text=float(self.settings["text"]))
        end = self.records.end_panel(s, self.slot.save_id)
        save_id, paper = self.slot.save_id, self.settings["paper"]

        first = views.first_parts(view, self.w, self.draw, end)

        def whole(parts: list[Safe]) -> Safe:
            return h("div", {"class": "play", "data-game": s.game_id}, *parts)

        def rest() -> list[Safe]:
            if s is not self.session:  # another game since: drawn whole anyway
                return []
            if first_only:
                present.later(s, view, self.w)
            others = views.other_parts(view, self.w, save_id, paper)
            self.drawn = (save_id, str(whole(first + others)))  # what a resume paints
            return others

        parts = first if first_only else first + rest()
        body = whole(parts)
        if first_only:
            self.drawn = (save_id, str(body))
        speak = self.sharing.words() if self.settings.get("speech", "off") != "off" else None
        return Screen("play", body, self.tools.game_name(s.game_id), parts,
                      present.announcement(view), views.FIRST_PARTS, speak,
                      rest if first_only else None)

    def keep_screen(self) -> None:
        """Store the last play screen drawn beside its save (the shell paints it on the next
        start, before the engine is ready), unless it is stored already: after each save and
        when a game's screen is opened."""
        slot = self.slot
        save_id, markup = self.drawn
        if (slot.session is None or slot.rev is None or save_id != slot.save_id
                or self.kept == (save_id, slot.rev, self.lang)):
            return
        self.kept = (save_id, slot.rev, self.lang)
        stored = self.screens.get(save_id)  # (a game reopened on its stored screen: as it is)
        if stored is not None and (stored.rev, stored.lang, stored.markup) == (
                slot.rev, self.lang, markup):
            return
        self.screens.put(save_id, slot.rev, slot.session.game_id, self.lang, markup,
                         self.now())

    def pile_screen(self, pile: str) -> Screen | None:
        """The cards of a viewable pile, top first (None: no such pile to look at)."""
        assert self.session is not None
        found = present.pile(self.session, pile, self.w)
        if found is None:
            return None
        return Screen("pile", views.pile_screen(*found, self.w, self.draw, self.slot.save_id),
                      self.tools.game_name(self.session.game_id))

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

    # --- the game in play ---------------------------------------------------------------
    def open(self, save_id: str) -> bool:
        """Make the save ``save_id`` the game in play (loading it if it changed)."""
        opened = self.slot.session
        if not self.slot.open(save_id):
            self.banner.flash(self.t("web.error.save_missing"))
            return False
        if self.slot.session is not opened:
            self.remember_last()
        return True

    def remember_last(self) -> None:
        """Let the shell name the last game before Python is ready."""
        s = self.session
        if s is None:
            return
        game = self.games.get(s.game_id)
        names = {lang: i18n.render(game["name"] if game else s.game_id, {}, lang)
                 for lang in i18n.LANGUAGES}
        self.store.remember_last(self.slot.save_id, names)

    def autosave(self, saved: Saved | None = None) -> Outcome:
        """Save the game after a change (or say how ``saved`` went)."""
        what, error = saved or self.slot.save()
        if what == "newer":
            self.newer_open = True  # the standing notice asks for a reload
            return Outcome(redraw=self.screen not in PLAY_SCREENS)
        if what == "moved":  # ... and that version changed this game: nothing more kept here
            self.newer_open = True
            return self.leave(self.t("web.store.newer_game"))
        if what == "saved" and error is None:
            self.keep_screen()
        if what == "held":
            self.banner.flash(self.t("web.store.held_failed", detail=self.slot.hold_failed))
        elif what == "deleted" and error is not None:  # deleted in another tab
            return self.leave(self.error_text(error))
        elif error is not None:
            self.banner.flash(self.error_text(error))
            if what == "stale" and self.screen in PLAY_SCREENS:
                return Outcome(redraw=True)  # the newer work from the other tab
        return Outcome()

    def leave(self, message: str) -> Outcome:
        """The game in play is gone: go home with ``message``."""
        self.slot.close()
        self.banner.flash(message)
        return Outcome(go="#/")

    def storage_changed(self, key: str) -> Outcome:
        """Another tab or window changed storage ``key``: never keep showing a stale game
        (or a stale deck in the editor), never write over a newer version's, take in what an
        older one carried."""
        if self.newer_open:
            return Outcome()  # (this tab shows no newer work: it asks for a reload)
        if (key in (KEY_FORMAT, "") or key.startswith(SAVE_PREFIX)) and self.store.stopped:
            self.newer_open = True
            return Outcome(redraw=True)
        if key.startswith(CARRY_PREFIX):
            if self.adopt_carried():
                self.banner.flash(self.t("web.store.changed"), "info")
                return Outcome(redraw=self.screen in PLAY_SCREENS)
            return Outcome(show=self.home_screen()) if self.screen == "home" else Outcome()
        if key.startswith(DECK_PREFIX):
            if not self.deck_games or (self._desk is None
                                       and self.screen not in ("decks", "new")):
                return Outcome()  # no deck on screen
            return self.desk.storage_changed(key[len(DECK_PREFIX):])
        if not key and self._desk is not None:
            self._desk.deck = None  # the storage was cleared: read again when shown
        change = self.slot.storage_changed(key)
        if change == "deleted":
            return self.leave(self.t("web.store.deleted"))
        if change == "changed":
            self.banner.flash(self.t("web.store.changed"), "info")
            return Outcome(redraw=self.screen in PLAY_SCREENS)
        if change == "list" and self.screen == "home" and not self.confirm_delete:
            return Outcome(show=self.home_screen())
        return Outcome()

    def play(self, change: Callable[[], Any]) -> Outcome:
        """Apply a change to the game in play (an engine error is shown, nothing changes);
        the changed game waits to be written (:meth:`flush`); a change that ends the game
        records it."""
        self.banner.dismiss()
        turn = self.session.turn if self.session else None
        was_over = self.session is not None and self.session.finished
        last = self.session.log_read(1) if self.session else ()
        try:
            change()
        except automa.AutomaError as e:
            self.banner.flash(self.error_text(e))
            return self.played(changed=False)
        self.unsaved = self.session
        self.turn_passed = self.session is not None and self.session.turn != turn
        if self.session is not None and self.session.finished:  # recorded the moment it ends
            self.records.kept(self.session, self.slot.save_id)
        elif was_over:  # its end undone: so is its record (the game goes on)
            self.records.withdrawn(self.slot.save_id)
        now = self.session.log_read(1) if self.session else ()
        if now and now != last and now[0]["action"]["key"] == "core.log.corrected":
            self.banner.flash(self.w.text(now[0]["action"]), "info")  # a visible trace on screen
        return self.played(changed=True)

    def played(self, changed: bool) -> Outcome:
        """After a tap on the game in play: its new first screen, in the outcome (the page
        asks for nothing more); none if no game is left in play (the page routes)."""
        screen = self.play_screen(first_only=True) if self.session is not None else None
        return Outcome(show=screen, played=True, changed=changed)

    def flush(self) -> Outcome:
        """Write the game the last tap changed, if it still waits (another game opened
        since, or another tab's newer work, has nothing of it to write)."""
        pending, self.unsaved = self.unsaved, None
        if pending is None or pending is not self.session:
            return Outcome()
        out = self.autosave()
        if out == Outcome() and self.banner.message and self.screen == "play":
            return Outcome(show=self.play_screen())  # (a failure is shown at once)
        return out

    def page_hidden(self, event: str = "pagehide",
                    visibility: str = "hidden") -> tuple[Outcome, bool]:
        """The page was hidden, left or frozen (``event``: ``visibilitychange`` to
        ``visibility``, ``pagehide`` or ``freeze``: the phone locked, another app, the tab
        closed or reloaded): every write that waits is done now, before the browser may
        stop or discard the page. Also whether to reload into a waiting new version now,
        while nobody looks."""
        if event == "visibilitychange" and visibility != "hidden":
            return Outcome(), False
        out = self.flush()
        return out, event == "visibilitychange" and self.update_due(hidden=True)

    def update_due(self, hidden: bool, tapped: bool = False) -> bool:
        """Whether to reload into the new version that waits, now: never inside a started
        procedure; when the page is ``hidden``, or right after a tap (``tapped``) that
        ended a turn of the bots. (The player may always reload from the notice.)"""
        s = self.session
        if not self.updated or self.newer_open or (s is not None and s.open_procedures):
            return False
        return hidden or (tapped and self.turn_passed)

    def begin(self, session: automa.Session, original: str = "") -> Outcome:
        """Make a new (or imported, from ``original``) session the game in play."""
        out = self.autosave(self.slot.begin(session, original))
        if session.finished:
            self.records.kept(session, self.slot.save_id)
        self.remember_last()
        return Outcome(go=f"#/play/{self.slot.save_id}") if out.go is None else out

    def imported(self, name: str, text: str | None, error: str | None) -> Outcome:
        """A file was read: a records file adds its records; a save opens as a new game (with
        the records it carries), or the player is told why it cannot be."""
        self.banner.dismiss()
        if error or text is None:
            self.banner.flash(self.t("web.error.read_file", detail=str(error)))
            return Outcome(redraw=True)
        if self.records.import_file(text):
            return Outcome(go="#/records") if self.screen != "records" else Outcome(redraw=True)
        try:
            session = automa.load_game(text)
        except Exception as e:  # a hostile file must never break the page
            self.banner.flash(self.t("web.error.import", name=name, reason=self.error_text(e)))
            return Outcome(show=self.home_screen())
        self.records.import_with_save(text)  # (its end screen then finds them)
        out = self.begin(session, text)
        if not self.slot.holding:  # (the notice of a kept original says it already)
            for warning in session.warnings:
                self.banner.flash(self.w.text(warning), "info")
        return out

    def import_refused(self, name: str, size: float) -> Outcome | None:
        """A file too large to be any saved game is refused before it is read."""
        if size <= MAX_IMPORT_BYTES:
            return None
        self.banner.flash(self.t("web.error.too_big", name=name,
                          size=i18n.format_number(size / 2**20, self.w.lang),
                          limit=MAX_IMPORT_BYTES // 2**20))
        return Outcome(show=self.home_screen())

    # --- taps ---------------------------------------------------------------------------
    def tap(self, action: str, arg: str | None, form: PageForm) -> Outcome:
        """A tap on a ``data-act`` element the page does not handle itself; one whose handler
        fails is said, with a way out (:meth:`failed`), never nothing."""
        try:
            return self._tap(action, arg, form)
        except Exception as e:  # a fault of ours, or a state no check foresaw
            return self.failed(e)

    def failed(self, error: BaseException) -> Outcome:
        """What the player sees when a tap's handler failed: what happened (the game is as
        before the tap: a failed answer changes nothing), with Undo and Home beside it, on
        the screen they were on (Home if that screen cannot be drawn)."""
        self.banner.flash(self.t("web.error.tap_failed", detail=type(error).__name__),
                          way_out=True)
        changed = self.unsaved is not None  # (a change the screen failed after: saved)
        try:
            if self.session is not None and self.screen in PLAY_SCREENS:
                return Outcome(show=self.play_screen(), changed=changed)
        except Exception:  # (the play screen itself cannot be drawn: Home)
            pass
        return Outcome(show=self.home_screen(), changed=changed)

    def _tap(self, action: str, arg: str | None, form: PageForm) -> Outcome:
        if action.startswith("deck-") and self.deck_games:
            return self.desk.tap(action, arg or "")
        if action.startswith("record-"):
            return self.records.tap(action, arg or "", form)
        if action in SHARING_ACTIONS:
            return self.sharing.tap(action, arg or "", form)
        handler = taps.ACTIONS.get(action)
        return handler(self, arg or "", form) if handler is not None else Outcome()

    # --- settings -----------------------------------------------------------------------
    def change_setting(self, name: str, value: str | bool) -> Outcome:
        """Apply and remember one setting (a value the screen does not offer is ignored)."""
        offered = i18n.LANGUAGES if name == "lang" else SETTING_CHOICES.get(name, ())
        chosen = next((c for c in offered if str(c) == str(value)), None)
        if chosen is None:
            return Outcome()
        self.settings[name] = chosen
        if name == "lang":
            self.lang = str(chosen)
        problem = False
        try:
            self.store.put_settings(self.settings)
        except NewerVersionOpen:
            self.newer_open = problem = True  # (the standing notice says why)
        except SettingsNotSaved as e:
            self.banner.flash(self.error_text(e))
            problem = True
        if name in ("lang", "wake", "speech") or problem:
            return Outcome(show=self.settings_screen())
        return Outcome()

    # --- My decks -------------------------------------------------------------------------
    @property
    def desk(self) -> DeckDesk:
        """The "My decks" screens (imported on first use: the app starts without them; they
        load the rules of the game whose decks they show)."""
        if self._desk is None:
            from automa.app.decks.desk import DeckDesk

            self._desk = DeckDesk(self.tools, self.store, self.deck_games)
        return self._desk

    @property
    def sharing(self) -> ShareDesk:
        """Sharing a game's set-up and reading aloud (imported on first use)."""
        if self._sharing is None:
            from automa.app.share_desk import GameInPlay, ShareDesk

            self._sharing = ShareDesk(self.tools, GameInPlay(
                lambda: self.session, lambda: self.slot.save_id, self.settings, self.begin),
                self.address)
        return self._sharing

    def deck_choice(self, game_id: str) -> Safe | None:
        """The deck choice of the new-game screen (a game whose player keys in cards)."""
        return self.desk.deck_choice(game_id) if game_id in self.deck_games else None

    # --- after start --------------------------------------------------------------------
    def early_tap(self, kept: str) -> Outcome:
        """A tap the loading shell kept, made on the stored screen before the engine was
        ready (JSON ``{"save", "rev", "key", "act", "arg", "json"}``, untrusted; "" if none):
        applied once if it answers, as the engine itself offers, the question of that save at
        that revision, or is a game's tile on Home (the build's Home: :mod:`first_home`);
        otherwise the player is told it was not applied."""
        s = self.session
        try:
            tap = read_json(kept) if kept else None
        except (ValueError, RecursionError):
            tap = {}
        if tap is None:
            return Outcome()
        if not isinstance(tap, dict):
            tap = {}
        form = self.early_form(tap) if (
            self.screen == "play" and s is not None and s.prompt is not None
            and tap.get("save") == self.slot.save_id and tap.get("rev") == self.slot.rev
            and tap.get("key") == s.prompt.key) else first_home.early_form(
                tap, self.games) if self.screen == "home" else None
        if form is None:
            self.banner.flash(self.t("web.resume.tap_dropped"), "info")
            return Outcome(redraw=True)
        return self.tap(str(tap["act"]), tap.get("arg"), form)

    def early_form(self, tap: dict[str, Any]) -> PageForm | None:
        """The form of a kept tap, if it is one of the answers the question on screen offers."""
        assert self.session is not None
        q = present.question(self.session, self.w, float(self.settings["text"]))
        act, arg, value = tap.get("act"), tap.get("arg"), tap.get("json")
        if act not in EARLY_ACTIONS:
            return None
        if act == "answer" and value in [v for _, v, _ in q["one_tap"]]:
            return {"json": str(value)}
        if (act == "pick" and q["kind"] == "pick_one" and isinstance(arg, str)
                and arg.isdigit() and int(arg) < len(q["choices"])):
            return {"pick": int(arg)}
        return None

    def warm_up_steps(self) -> list[Callable[[], None]]:
        """Small jobs for after the first screen: draw one card of each game, so the first
        card a bot draws does not pay for loading its rules and card data."""
        def draw_one(game: str) -> Callable[[], None]:
            def step() -> None:
                with contextlib.suppress(Exception):  # a warm-up must never disturb the page
                    if cards.has_renderer(game):
                        cards.card_svg(game, cards.deck(game)[0], (), "en")
            return step

        # the game on screen first; each step is one game (no long task blocks a tap)
        playing = self.session.game_id if self.session else ""
        return [draw_one(g) for g in sorted(self.games, key=lambda g: (g != playing, g))]
