"""The page's glue (shipped as the module ``automa_app``): the page in, the controller's
outcomes out.

No rules, no HTML and no decisions live here: :mod:`automa.app.controller` decides what a
URL shows and what a tap does, the presenter and views build the screens (escaped by
default). This module reads the page (the hash, the form on screen, a chosen file), hands it
over, and carries out the outcome: draw, navigate, download, print, save after the frame.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_proxy, jsnull
from pyscript import document, window

from automa.app import answers
from automa.app.answers import PageForm, step_box
from automa.app.controller import Controller
from automa.app.html import Safe
from automa.app.outcome import Outcome, Screen
from automa.app.parts import Parts
from automa.app.storage import StorageError, StorageFull
from automa.app.words import clock_text


def is_there(value: Any) -> bool:
    """Whether a value from JavaScript is there (neither ``null`` nor ``undefined``)."""
    return value is not None and value is not jsnull


class LocalStorage:
    """The page's ``localStorage`` as the controller's key-value storage; every refusal of
    the browser (``SecurityError`` in private mode or with storage disabled, even on reading
    ``window.localStorage``) becomes a typed error."""

    def get(self, key: str) -> str | None:
        """The stored text of ``key``, or ``None``."""
        value = refused_as_error(lambda: window.localStorage.getItem(key))
        return value if isinstance(value, str) else None

    def set(self, key: str, value: str) -> None:
        """Write ``value``; the browser's refusal becomes a typed error."""
        problem = str(window.automaStore(key, value))
        if problem:
            raise (StorageFull if "Quota" in problem else StorageError)(detail=problem)

    def remove(self, key: str) -> None:
        """Remove ``key``."""
        refused_as_error(lambda: window.localStorage.removeItem(key))

    def keys(self) -> list[str]:
        """Every key of the page's storage."""
        storage = refused_as_error(lambda: window.localStorage)
        return list(refused_as_error(lambda: [str(storage.key(i))
                                              for i in range(int(storage.length))]))


def refused_as_error(call: Callable[[], Any]) -> Any:
    """``call()``, with whatever the browser throws as a :class:`StorageError`."""
    try:
        return call()
    except Exception as e:  # a JavaScript exception (SecurityError, ...) of any kind
        raise StorageError(detail=str(getattr(e, "name", "") or type(e).__name__)) from None


class Page:
    """The page: events in, screens out."""

    def __init__(self) -> None:
        self.c = Controller(LocalStorage(), lambda: float(window.Date.now()),
                            str(window.automaShell.lang), lambda ms: clock_text(ms, local_time),
                            bool(window.navigator.wakeLock), address=str(window.location.href))
        self.wake_lock = False
        self.save_later = create_proxy(lambda *_: self.follow(self.c.flush()))
        self.save_after_frame = create_proxy(lambda *_: window.setTimeout(self.save_later, 0))
        self.parts = Parts()
        later = create_proxy(lambda *_: self.put(self.parts.later()))
        self.rest_after_frame = create_proxy(lambda *_: window.setTimeout(later, 0))
        self.app = document.getElementById("app")
        self.nav = document.getElementById("nav")

    # --- screens ------------------------------------------------------------------------
    def route(self, *_: Any) -> None:
        """Show the screen the URL hash names (a game's first checklist read aloud)."""
        screen = self.c.route(str(window.location.hash))
        self.show(screen)
        self.speak(screen)
        self.keep_awake()

    def speak(self, screen: Screen) -> None:
        """Have the device's voice read what the controller says is new on ``screen``."""
        if screen.speak:
            window.automaCall("say", json.dumps(screen.speak))

    def go(self, hash_: str) -> None:
        """Navigate to a screen (adds a history entry)."""
        if str(window.location.hash) == hash_:
            self.route()
        else:
            window.location.hash = hash_

    def show(self, screen: Screen) -> None:
        """Put a screen up at its top; of the play screen only the parts that changed."""
        if screen.name == "play" and self.replace_parts(screen):
            return
        if screen.rest is not None:  # not on the page as drawn: all of it now
            screen = self.c.play_screen()
        new_screen = screen.name != self.c.screen or screen.name == "play"
        self.c.shown(screen.name)
        banner, notices = self.c.chrome()
        self.app.innerHTML = banner + notices + screen.body
        self.parts.drawn(screen, (self.c.slot.save_id, self.c.lang, str(notices)))
        document.documentElement.lang = self.c.lang
        document.title, heading = screen.titles(self.c.t("web.app.title"))
        document.getElementById("title").textContent = heading
        self.nav.innerHTML = self.c.nav(screen.name)
        if new_screen:
            window.scrollTo(0, 0)
            self.focus_question()

    def focus_question(self) -> None:
        """The question gets the focus (a screen reader reads it), the page does not move."""
        for question in elements("#question"):
            question.focus(window.JSON.parse('{"preventScroll": true}'))

    def replace_parts(self, screen: Screen) -> bool:
        """Replace the play screen's changed parts: the first screen's now, the others once the
        frame is painted (False: the page is not as drawn, so it is drawn whole)."""
        play = document.querySelector("#app > .play")
        if not (self.c.screen == "play" and not self.c.banner.message and is_there(play)
                and not is_there(document.querySelector("#app > .banner:not(.notice)"))
                and self.parts.fits(screen, int(play.children.length), (
                    self.c.slot.save_id, self.c.lang, str(self.c.notices())))):
            return False
        now, later, new_question = self.parts.update(screen)
        self.put(now)
        if later:
            window.requestAnimationFrame(self.rest_after_frame)
        if new_question or self.parts.new_turn:  # it is at the top (the bots' new turn marked)
            window.scrollTo(0, 0)
            document.body.classList.toggle("new-turn", self.parts.new_turn)
        return True

    def put(self, changes: list[tuple[int, Safe]]) -> None:
        """Put these play-screen parts on the page in their places (by the shell's
        ``automaPut``: of a part, only the nodes that changed)."""
        play = document.querySelector("#app > .play")
        for i, part in changes if is_there(play) else []:
            window.automaPut(play, i, part)

    def follow(self, out: Outcome, t0: float | None = None) -> None:
        """Carry out what the controller decided."""
        for name, args in out.calls:  # the shell's own jobs: speak, copy or send a link
            window.automaCall(name, json.dumps(args))
        if out.download is not None:
            window.automaDownload(*out.download)
        if out.print_sheets is not None:
            area = document.getElementById("print")
            area.innerHTML, pages = out.print_sheets
            area.dataset.pages = str(pages)
            window.print()
        if out.changed:  # saved once the new screen is painted (or the page is hidden)
            window.requestAnimationFrame(self.save_after_frame)
            window.setTimeout(self.save_later, 250)
        if out.played:
            self.played(out, t0 if t0 is not None else window.performance.now())
        elif out.show is not None:
            self.show(out.show)
        if out.redraw:
            self.route()
        if out.go is not None:
            self.go(out.go)

    def played(self, out: Outcome, t0: float) -> None:
        """The game's new screen after a tap (the controller's, in ``out``), question
        focused."""
        screen = out.show
        if screen is None:  # no game left in play
            self.route()
            return
        self.show(screen)
        self.focus_question()
        box = document.getElementById("announce")  # the bots' new turn, for a screen reader
        if is_there(box) and str(box.textContent) != screen.announce:
            box.textContent = screen.announce
        self.speak(screen)  # what is new of the bots' turn, read aloud
        document.body.dataset.tapMs = f"{float(window.performance.now() - t0):.1f}"
        if self.c.update_due(hidden=False, tapped=True):  # a turn of the bots ended
            self.apply_update()

    def on_hidden(self, event: Any) -> None:
        """The page is hidden, shown, left or frozen: the controller writes what waits."""
        out, update = self.c.page_hidden(str(event.type), str(document.visibilityState))
        self.follow(out)
        if update:  # a new version waits: taken while nobody looks
            window.automaShell.applyUpdate()

    def apply_update(self, *_: Any) -> None:
        """Reload into the new version, the game written first (same game, same question)."""
        self.follow(self.c.flush())
        window.automaShell.applyUpdate()

    # --- events -------------------------------------------------------------------------
    def on_click(self, event: Any) -> None:
        """Every tap on a ``[data-act]`` element."""
        target = event.target.closest("[data-act]")
        if not is_there(target) or getattr(target, "disabled", False):  # (an SVG has none)
            return
        event.preventDefault()
        action = str(target.dataset.act)
        arg = target.getAttribute("data-arg")
        arg = str(arg) if is_there(arg) else None
        local = PAGE_ACTIONS.get(action)
        try:
            if local is not None:
                local(self, arg, target)
            else:
                t0 = window.performance.now()
                self.follow(self.c.tap(action, arg, read_form(target, action, arg)), t0)
        except Exception as e:  # (carrying the outcome out failed): said, with a way out
            self.follow(self.c.failed(e))

    def on_key(self, event: Any) -> None:
        """Enter in the number box submits it; any key shows the focused question's ring."""
        document.documentElement.dataset.keyboard = "1"  # (not before: it looked an error)
        if str(event.key) == "Enter" and str(event.target.id) == "count":
            event.preventDefault()
            self.follow(self.c.tap("answer", None, read_form(event.target, "answer", None)),
                        window.performance.now())

    def on_change(self, event: Any) -> None:
        """Settings, the deck editor's fields and the files chosen to import."""
        target = event.target
        tid = str(target.id)
        if tid in ("import-file", "deck-import-file"):
            self.read_file(target, self.c.imported if tid == "import-file"
                           else self.c.desk.imported)
        elif tid == "deck-name":
            self.follow(self.c.desk.rename(str(target.value)))
        elif is_there(target.getAttribute("data-field")):
            out = self.c.desk.field(str(target.closest("[data-card]").dataset.card),
                                    str(target.getAttribute("data-field")), str(target.value))
            # redrawn after the event: replacing the screen inside a change fired by a blur fails
            window.setTimeout(create_proxy(lambda *_: self.follow(out)), 0)
        elif is_there(target.getAttribute("data-setting")):
            name = str(target.getAttribute("data-setting"))
            out = self.c.change_setting(name, bool(target.checked) if name == "wake"
                                        else str(target.value))
            for look in ("theme", "text"):  # (the shell's own, as at the page's start)
                window.automaShell.apply(look, self.c.settings[look])
            self.follow(out)
            self.keep_awake()

    def read_file(self, target: Any, done: Callable[[str, str | None, str | None], Outcome]
                  ) -> None:
        """Read the file chosen (a save file too large to be one is refused unread)."""
        if not target.files.length:
            return
        file = target.files.item(0)
        target.value = ""  # the same file chosen again is read again
        refused = self.c.import_refused(str(file.name), float(file.size))
        if refused is not None:
            self.follow(refused)
            return

        def read(name: Any, text: Any, error: Any) -> None:
            self.follow(done(str(name), str(text) if is_there(text) else None,
                             str(error) if is_there(error) else None))

        window.automaReadFile(file, create_proxy(read))

    def on_storage(self, event: Any) -> None:
        """Another tab or window changed the storage: never keep showing a stale game."""
        self.follow(self.c.storage_changed(str(event.key) if is_there(event.key) else ""))

    def on_updated(self, *_: Any) -> None:
        """A new version is installed and waits: taken now if nobody looks, else announced."""
        self.c.update_ready(str(window.automaShell.updateVersion or ""))
        if self.c.update_due(hidden=str(document.visibilityState) == "hidden"):
            self.apply_update()
        elif not is_there(document.getElementById("update-notice")):
            self.app.insertAdjacentHTML("afterbegin", self.c.update_notice())

    # --- taps handled by the page itself ------------------------------------------------
    def do_zoom(self, arg: str | None, target: Any) -> None:
        """Show a card at the screen's width, or back at its size."""
        target.setAttribute("aria-pressed", str(bool(target.classList.toggle("zoomed"))).lower())

    def do_dismiss(self, arg: str | None, target: Any) -> None:
        """Hide the message banner."""
        self.c.banner.dismiss()
        for banner in elements(".banner")[:1]:
            banner.remove()

    def do_step(self, arg: str | None, target: Any) -> None:
        """The count stepper's − and +."""
        box, stepper = document.getElementById("count"), target.closest(".stepper")
        box.value = step_box(str(box.value), arg, str(stepper.dataset.lo), str(stepper.dataset.hi))

    def keep_awake(self) -> None:
        """Hold a screen wake lock while a game is on screen, if the setting asks for it."""
        want = self.c.wants_screen_on
        if want != self.wake_lock and (window.navigator.wakeLock or not want):
            window.automaWake(want)
            self.wake_lock = want


PAGE_ACTIONS: dict[str, Callable[[Page, str | None, Any], None]] = {
    "reload": Page.apply_update, "zoom": Page.do_zoom, "dismiss": Page.do_dismiss,
    "step": Page.do_step}
"""The taps the page handles itself (the others go to the controller's ``ACTIONS``)."""


def read_form(target: Any, action: str, arg: str | None) -> PageForm:
    """What the form on screen says when ``target`` was tapped (``answers.read_form``)."""
    data = target.getAttribute("data-json")
    return answers.read_form(DomForm(), action, arg, str(data) if is_there(data) else None)


class DomForm:
    """The form on screen, read from the page (an :class:`answers.FormReader`)."""

    def texts(self, selector: str, attribute: str = "") -> list[str]:
        return [str(e.getAttribute(attribute) if attribute else e.value)
                for e in elements(selector)]

    def text(self, element_id: str) -> str | None:
        box = document.getElementById(element_id)
        return str(box.value) if is_there(box) else None


def elements(selector: str) -> list[Any]:
    """The elements on the page that ``selector`` finds."""
    found = document.querySelectorAll(selector)
    return [found.item(i) for i in range(found.length)]


def local_time(ms: float) -> tuple[int, int, int, int, int]:
    """The moment ``ms`` in the browser's time zone: year, month, day, hour, minute."""
    d = window.Date.new(ms)
    return d.getFullYear(), d.getMonth() + 1, d.getDate(), d.getHours(), d.getMinutes()


def warm_up(page: Page) -> None:
    """Run the controller's warm-up jobs once the first screen is up, one per task, so no
    long task blocks a tap."""
    steps = page.c.warm_up_steps()

    def next_step(*_: Any) -> None:
        if steps:
            steps.pop(0)()
            window.setTimeout(create_proxy(next_step), 20)

    window.setTimeout(create_proxy(next_step), 30)


def start() -> Page:
    """Wire the page and show the first screen."""
    t_start = time.perf_counter()
    page = Page()
    t_app = time.perf_counter()
    document.addEventListener("click", create_proxy(page.on_click))
    document.addEventListener("change", create_proxy(page.on_change))
    document.addEventListener("keydown", create_proxy(page.on_key))
    for name, handler in (("hashchange", page.route), ("storage", page.on_storage),
                          ("automa:updated", page.on_updated), ("pagehide", page.on_hidden),
                          ("visibilitychange", page.on_hidden), ("freeze", page.on_hidden)):
        window.addEventListener(name, create_proxy(handler))  # (the last two bubble up)
    page.c.update_ready(getattr(window.automaShell, "updateVersion", None))  # (while starting)
    page.c.engine_started(getattr(window.automaShell, "snapshotSkipped", None))
    window.automaDebug = create_proxy(lambda: page.c.session.to_json() if page.c.session else "")
    scrolled = window.scrollY  # a saved game's stored screen stays as the player scrolled it
    page.route()
    window.scrollTo(0, scrolled)
    page.follow(page.c.early_tap(str(window.automaShell.early)))  # a tap the shell kept
    document.body.dataset.pyReady = "1"
    done = time.perf_counter()
    window.automaShell.timing = json.dumps({"app_ms": round(1000 * (t_app - t_start)),
                                            "first_screen_ms": round(1000 * (done - t_app))})
    window.automaShell.ready = window.performance.now()
    warm_up(page)
    return page


PAGE = start()
