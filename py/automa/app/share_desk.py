"""The screens of a shared game: "Share this set-up" (the link, its QR code, copy and send)
and a shared link opened (what it starts, asked before it starts; a new saved game, never
one written over), and reading the bots' turn aloud (the words, the voice's language, the
rate).

A link is read like an imported save (:mod:`automa.app.share`): a damaged, tampered or
newer one is refused with a message and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from automa.app import present, qr, share, speech
from automa.app.banner import DeskTools
from automa.app.html import Safe, h, trusted
from automa.app.outcome import Outcome
from automa.core import i18n
from automa.core.errors import AutomaError
from automa.core.session import Session

if TYPE_CHECKING:
    from automa.app.answers import PageForm


@dataclass(frozen=True)
class GameInPlay:
    """What sharing and reading aloud use of the game in play."""

    session: Callable[[], Session | None]
    """The game in play (None: none)."""
    save_id: Callable[[], str]
    """Its saved game's id."""
    settings: Mapping[str, Any]
    """The player's settings (reading aloud: ``speech`` and ``rate``)."""
    begin: Callable[[Session], Outcome]
    """Make a new session the game in play (a new saved game)."""


class ShareDesk:
    """Sharing and reading aloud, for the controller."""

    def __init__(self, tools: DeskTools, playing: GameInPlay, base: str) -> None:
        self.tools = tools
        self.playing = playing
        self.base = base.split("#", 1)[0]
        """The app's address, where a link sends a friend."""
        self.reader = speech.Reader()
        """What the voice has read of each game."""

    # --- share this set-up ----------------------------------------------------------------
    def what(self, game: str, session: Session) -> str:
        """The game, its options and seed in one line."""
        w = self.tools.w
        return w.t("web.share.what", game=self.tools.game_name(game),
                   options=present.options_text(session, w) or "—", seed=session.seed)

    def share_screen(self) -> tuple[Safe, str]:
        """The link of the game in play, its QR code, and the ways to pass it on."""
        s, w = self.playing.session(), self.tools.w
        if s is None:
            raise LookupError("no game in play")
        link = share.link_of(s, self.base)
        try:
            code: Safe | None = trusted(qr.svg(qr.encode(link.encode(), "M"),
                                               w.t("web.share.qr")))
        except qr.TooLong:
            code = None
        body = h("section", {"class": "panel share stack"},
                 h("h2", None, w.t("web.share.title")),
                 h("p", {"class": "share-what"}, self.what(s.game_id, s)),
                 h("p", {"class": "muted"}, w.t("web.share.intro")),
                 h("input", {"id": "share-link", "class": "share-link", "readonly": True,
                             "value": link, "aria-label": w.t("web.share.title")}),
                 h("div", {"class": "row"},
                   h("button", {"data-act": "share-copy", "data-arg": link},
                     w.t("web.share.copy")),
                   h("button", {"data-act": "share-send", "data-arg": link},
                     w.t("web.share.send"))),
                 h("p", {"class": "muted", "id": "share-state", "aria-live": "polite",
                         "data-copied": w.t("web.share.copied")}, ""),
                 h("figure", {"class": "share-qr"}, code,
                   h("figcaption", {"class": "muted"}, w.t("web.share.qr")))
                 if code is not None else h("p", {"class": "muted"},
                                             w.t("web.share.qr_too_long")),
                 h("p", None, h("a", {"class": "button",
                                     "href": f"#/play/{self.playing.save_id()}"},
                                w.t("web.share.back"))))
        return body, w.t("web.share.title")

    # --- a shared link opened ---------------------------------------------------------------
    def join_screen(self, code: str) -> tuple[Safe, str]:
        """What the link starts, and a button to start it (a refused link: said, home)."""
        w = self.tools.w
        shared = share.read_code(code)
        preview = shared.start()
        game = self.tools.games[shared.game]
        older = shared.game_version < preview.game.version
        body = h("section", {"class": "panel share stack"},
                 h("h2", None, w.t("web.share.join_title")),
                 h("p", {"class": "share-what"}, self.what(shared.game, preview)),
                 self.readings(preview),
                 h("p", None, w.t("web.share.join_intro")),
                 h("p", {"class": "muted"}, w.t("web.share.join_older")) if older else None,
                 h("div", {"class": "row"},
                   h("button", {"class": "primary", "data-act": "share-start",
                                "data-arg": code}, w.t("web.share.start")),
                   h("a", {"class": "button", "href": "#/"}, w.t("web.share.cancel"))))
        return body, w.t(game["name"])

    def readings(self, session: Session) -> Safe:
        """The rule readings (advanced options) the link sets apart from the app's defaults,
        each as the new-game form names it, or a line saying it sets none."""
        w = self.tools.w
        changed = [h("li", None, w.t("web.share.reading", option=w.t(o.label),
                                     value=w.t(f"{o.label}.{str(value).lower()}")))
                   for o in session.game.options
                   if o.advanced and o.label and (value := session.options.get(o.id)) != o.default]
        if not changed:
            return h("p", {"class": "muted share-readings"}, w.t("web.share.readings_default"))
        return h("div", {"class": "share-readings"}, h("p", None, w.t("web.share.readings")),
                 h("ul", None, *changed))

    def start(self, code: str) -> Outcome:
        """Start the shared game as a new saved game."""
        try:
            session = share.read_code(code).start()
        except AutomaError as e:
            self.tools.flash(self.tools.error_text(e))
            return Outcome(go="#/")
        return self.playing.begin(session)

    # --- reading aloud ----------------------------------------------------------------------
    def words(self, on_demand: bool = False) -> list[str] | None:
        """What the device's voice says for the game in play — the words, the language of
        the voice and the rate —: what is new on its screen (:class:`speech.Reader`), if the
        settings ask for reading aloud (``on_demand``: the button "Read aloud", the whole
        turn and the question, in the app's language when the setting is off); None when
        there is nothing to say."""
        s, settings = self.playing.session(), self.playing.settings
        mode = settings.get("speech", "off")
        if s is None or (mode == "off" and not on_demand):
            return None
        lang = self.tools.w.lang
        if mode == "other":
            lang = i18n.OTHER_LANGUAGE.get(lang, lang)
        reading = self.reader.news(self.playing.save_id(), s)
        if on_demand:
            reading = speech.whole(s)
        text = speech.spoken(s, reading, lang) if reading else ""
        return [text, lang, str(settings.get("rate", 1.0))] if text or on_demand else None

    def tap(self, action: str, arg: str, form: PageForm) -> Outcome:
        """A ``share-…`` or ``speak`` button."""
        return SHARE_ACTIONS[action](self, arg)

    def start_tap(self, code: str) -> Outcome:
        """"Start this game" on a shared link's screen."""
        return self.start(code)

    def copy(self, link: str) -> Outcome:
        """Copy the link (the shell says it is copied)."""
        return Outcome(calls=[("copy", [link])])

    def send(self, link: str) -> Outcome:
        """Hand the link to the device's share sheet."""
        return Outcome(calls=[("send", [link])])

    def speak(self, arg: str) -> Outcome:
        """"Read aloud": the bots' turn and the question, now."""
        words = self.words(on_demand=True)
        return Outcome(calls=[("say", words)]) if words else Outcome()


SHARE_ACTIONS: dict[str, Callable[[ShareDesk, str], Outcome]] = {
    "share-start": ShareDesk.start_tap,
    "share-copy": ShareDesk.copy,
    "share-send": ShareDesk.send,
    "speak": ShareDesk.speak,
}
"""Every button of sharing and reading aloud by its ``data-act``, with its ``data-arg``."""
