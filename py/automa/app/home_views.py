"""HTML of the screens around a game, built from the presenter's words with :func:`h` (every
text escaped unless our own code drew it): home (the games and the saved ones), a new game
and its options, settings, and the notices and banner the page shows above a screen. The
play screen is :mod:`automa.app.views`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from automa.app import guide
from automa.app.html import Safe, h, icon, join
from automa.app.saves import SETTING_CHOICES
from automa.app.words import Words
from automa.core import i18n


def home(games: Sequence[Mapping[str, Any]], saves: list[Safe], w: Words,
         extra: Mapping[str, Safe] | None = None, records: Safe | None = None) -> Safe:
    """The saved games (first when there are any: Continue above the games), the games
    (each with its guide and its ``extra`` links), the ``records`` and import."""
    def tile(g: Mapping[str, Any]) -> Safe:
        links = [x for x in (guide_link(str(g["id"]), w.t(g["name"]), w) if g.get("guide")
                             else None, (extra or {}).get(g["id"])) if x is not None]
        return h("li", {"class": "game"},
                 h("button", {"class": "tile", "data-act": "new", "data-arg": g["id"]},
                   h("strong", None, w.t(g["name"])),
                   h("span", None, w.t(g["description"]) if g.get("description") else "")),
                 h("div", {"class": "row tile-links"}, *links) if links else None)

    tiles = [tile(g) for g in games] or [h("li", None, h("p", None, w.t("web.home.no_games")))]
    saved = saves or [h("li", None, h("p", {"class": "muted"}, w.t("web.home.no_saves")))]
    going_on = any('data-act="continue"' in s and "finished-saves" not in s for s in saves)
    new = h("section", {"class": "panel"}, h("h2", None, w.t("web.home.new_game")),
            None if saves else h("p", {"class": "intro"}, w.t("web.home.intro")),
            h("ul", {"class": "plain stack"}, *tiles))
    kept = h("section", {"class": "panel"}, h("h2", None, w.t("web.home.saved")),
             h("ul", {"class": "plain stack", "id": "saves"}, *saved),
             # (shown by the page's shell in Safari on iOS outside the Home Screen only)
             h("p", {"class": "muted", "id": "ios-tab-notice", "hidden": True},
               w.t("web.home.ios_tab")), ios_apart(w))
    return join([  # a game to continue comes first, above the new ones (a finished one not)
        *((kept, new) if going_on else (new, kept)),
        records,
        h("section", {"class": "panel"}, h("h2", None, w.t("web.home.import")),
          h("p", {"class": "muted"}, w.t("web.home.import_help")),
          h("label", {"class": "button", "for": "import-file"}, w.t("web.home.import_button")),
          h("input", {"type": "file", "id": "import-file", "class": "visually-hidden",
                      "accept": ".json,application/json"}))])


def guide_link(game: str, name: str, w: Words) -> Safe:
    """The link to a game's rule guide (a static page, in the chosen language)."""
    return h("a", {"class": "guide-link", "href": guide.href(game, w.lang)},
             w.t("web.guide.link"), h("span", {"class": "visually-hidden"}, f" ({name})"))


def saves(index: Mapping[str, Mapping[str, Any]], games: Mapping[str, Mapping[str, Any]],
          confirm: str, date: Callable[[float], str], w: Words) -> list[Safe]:
    """The saved games, the last played first: what, when, which turn; the finished ones
    after the others, folded into one line ("Finished games (5)"), each with "See result"."""
    items: list[Safe] = []
    finished: list[Safe] = []
    more: list[Safe] = []
    for save_id, meta in sorted(index.items(), key=lambda kv: -float(kv[1].get("updated", 0))):
        game = games.get(str(meta.get("game")))
        texts = {k: (meta.get(k) or {}).get(w.lang, "") for k in ("turn_text", "score_text",
                                                                  "options_text")}
        turn = texts["turn_text"] or w.t("web.home.turn", n=int(meta.get("turn") or 0))
        state = " · ".join(x for x in (w.t("web.home.finished") if meta.get("finished")
                                       else turn, texts["score_text"]) if x)
        over = bool(meta.get("finished"))
        item = save_item(save_id, w.t(game["name"]) if game else str(meta.get("game")),
                         date(float(meta.get("updated") or 0)), state, confirm == save_id, w,
                         "" if over else texts["options_text"], over)
        (finished if over else items if len(items) < SHOWN_SAVES else more).append(item)
    if more:  # (New game stays on the first screen however many games go on)
        items.append(h("li", None, h("details", {"class": "more-saves",
                                                 "open": bool(confirm)
                                                 and any(confirm in m for m in more)},
                                     h("summary", None, w.t("web.home.more_saves",
                                                            n=len(more))),
                                     h("ul", {"class": "plain stack"}, *more))))
    if finished:
        items.append(h("li", None, h("details", {"class": "finished-saves",
                                                 "open": any(confirm in f for f in finished)
                                                 and bool(confirm)},
                                         h("summary", None,
                                           w.t("web.home.finished_list", n=len(finished))),
                                         h("ul", {"class": "plain stack"}, *finished))))
    return items


SHOWN_SAVES = 3
"""The games in progress listed open on Home, the latest first; the others are folded into
one line, so New game is on the first screen whatever the list holds."""


def save_item(save_id: str, name: str, when: str, state_: str, confirm: bool, w: Words,
              options: str = "", over: bool = False) -> Safe:
    """One saved game: what (and with which options), which turn and score, when; continue
    (a finished one: see its result), export, delete. A game in progress is one compact
    row: a tap on it continues it, export and delete wait behind "⋯"."""
    def button(act: str, key: str, cls: str | None = None) -> Safe:
        return h("button", {"class": cls, "data-act": act, "data-arg": save_id}, w.t(key))

    if not over and not confirm:
        return h("li", {"class": "save compact", "data-save": save_id},
                 h("button", {"class": "save-open", "data-act": "continue", "data-arg": save_id,
                              "title": w.t("web.home.continue")},
                   h("span", {"class": "save-what"}, h("strong", None, name),
                     h("span", None, state_),
                     h("span", {"class": "muted"}, " · ".join(x for x in (when, options) if x))),
                   h("span", {"class": "save-go", "aria-hidden": "true"}, "▸")),
                 h("details", {"class": "save-more"},
                   h("summary", {"aria-label": w.t("web.home.more_of", name=name)}, "⋯"),
                   h("div", {"class": "row"}, button("export", "web.home.export"),
                     button("delete", "web.home.delete"))))
    if confirm:
        actions = [h("p", None, w.t("web.home.delete_confirm")),
                   button("delete-yes", "web.home.delete_yes", "danger"),
                   button("delete-no", "web.home.delete_no")]
    else:
        actions = [button("continue", "web.home.see_result" if over else "web.home.continue",
                          None if over else "primary"),
                   button("export", "web.home.export"), button("delete", "web.home.delete")]
    return h("li", {"class": "save", "data-save": save_id},
             h("div", {"class": "save-what"}, h("strong", None, name),
               h("span", None, state_),
               h("span", {"class": "muted"}, options) if options else None,
               h("span", {"class": "muted"}, when)),
             h("div", {"class": "row"}, *actions))


def new_game(game: Mapping[str, Any], w: Words, extra: Safe | None = None,
             kept: Mapping[str, Any] | None = None) -> Safe:
    """The options of a new game, from the game's option schema; a ``data`` option (no form
    field) is left to ``extra`` (e.g. the deck choice); ``kept``: the form as the player left
    it (the index chosen for each option, the seed), shown again after a refusal."""
    gid = str(game["id"])
    shown = [o for o in game["options"] if o.get("form_field", True)]
    chosen = (kept or {}).get("options") or {}
    fields = [option_field(o, w, chosen.get(o["id"])) for o in shown if not o.get("advanced")]
    advanced = [option_field(o, w, chosen.get(o["id"])) for o in shown if o.get("advanced")]
    if extra is not None:
        fields.append(extra)
    if advanced:
        fields.append(h("details", {"class": "advanced", "id": "advanced"},
                        h("summary", None, w.t("web.new.advanced")),
                        h("p", {"class": "muted"}, w.t("web.new.advanced_help")),
                        h("div", {"class": "stack"}, *advanced)))
    seed = h("div", {"class": "field"}, h("label", {"for": "seed"}, w.t("web.new.seed")),
             h("input", {"id": "seed", "type": "text", "inputmode": "numeric",
                         "pattern": "[0-9]*", "autocomplete": "off",
                         "value": str((kept or {}).get("seed") or "") or None,
                         "aria-describedby": "seed-help"}),
             h("p", {"id": "seed-help", "class": "muted"}, w.t("web.new.seed_help")))
    return h("section", {"class": "panel"}, h("h2", None, w.t(game["name"])),
             h("p", {"class": "muted"}, w.t(game["description"]) if game.get("description")
               else ""),
             h("form", {"id": "new-form", "class": "stack", "data-game": gid}, *fields, seed,
               h("div", {"class": "sticky-action"},
                 h("button", {"type": "button", "class": "primary wide", "data-act": "start",
                              "data-arg": gid}, w.t("web.new.start")))))


def option_field(option: Mapping[str, Any], w: Words, index: Any = None) -> Safe:
    """One option as a group of radio buttons (or a select for many values), its default
    chosen, or the choice at ``index`` (the player's, kept after a refusal)."""
    oid = str(option["id"])
    if isinstance(index, int) and not isinstance(index, bool) \
            and 0 <= index < len(option["choices"]):
        option = {**option, "default": option["choices"][index]}
    label = w.t(option["label"]) if option.get("label") else oid
    help_id = f"help-{oid}"
    help_ = (h("p", {"class": "muted option-help", "id": help_id}, w.t(option["help"]))
             if option.get("help") else None)
    choices = list(zip(option["choices"], option["choice_labels"], strict=False))
    if len(choices) > 6:
        opts = [h("option", {"value": i, "selected": value == option["default"]}, w.t(lab))
                for i, (value, lab) in enumerate(choices)]
        return h("div", {"class": "field"}, h("label", {"for": f"opt-{oid}"}, label),
                 h("select", {"id": f"opt-{oid}", "data-option": oid,
                              "aria-describedby": help_id if help_ else None}, *opts), help_)
    radios = [h("label", {"class": "choice"},
                h("input", {"type": "radio", "name": f"opt-{oid}", "value": i,
                            "data-option": oid, "checked": value == option["default"]}),
                h("span", None, w.t(lab))) for i, (value, lab) in enumerate(choices)]
    return h("fieldset", {"class": "field", "aria-describedby": help_id if help_ else None},
             h("legend", None, label), help_, *radios)


def settings(current: Mapping[str, Any], languages: Sequence[str], text_sizes: Sequence[float],
             wake_supported: bool, w: Words, back: str = "", version: str = "") -> Safe:
    """Language, theme, text size, paper, keep awake; ``back``: the game in play to go back
    to (an installed app has no Back button); ``version``: this app's version stamp."""
    def group(name: str, options: list[tuple[str, str]], now: Any) -> Safe:
        legend = w.t(f"web.settings.{'language' if name == 'lang' else name}")
        return h("fieldset", {"class": "field"}, h("legend", None, legend), *[
            h("label", {"class": "choice"},
              h("input", {"type": "radio", "name": name, "value": v, "data-setting": name,
                          "checked": str(now) == v}), h("span", None, text))
            for v, text in options])

    def named(name: str, values: Sequence[str]) -> list[tuple[str, str]]:
        return [(v, w.t(f"web.settings.{name}_{v}")) for v in values]

    sizes = [(str(v), w.t(f"web.settings.text_{i}")) for i, v in enumerate(text_sizes)]
    return h("section", {"class": "panel"}, h("h2", None, w.t("web.settings.title")),
             h("p", None, h("a", {"class": "button", "href": back, "id": "back-to-game"},
                            w.t("web.play.back"))) if back else None,
             h("form", {"class": "stack", "id": "settings-form"},
               group("lang", named("lang", languages), current["lang"]),
               group("theme", named("theme", ["auto", "light", "dark"]), current["theme"]),
               group("text", sizes, current["text"]),
               group("paper", named("paper", ["a4", "letter"]), current["paper"]),
               h("label", {"class": "choice"},
                 h("input", {"type": "checkbox", "data-setting": "wake",
                             "checked": bool(current.get("wake")),
                             "disabled": not wake_supported}),
                 h("span", None, w.t("web.settings.wake"))),
               None if wake_supported else h("p", {"class": "muted"},
                                             w.t("web.settings.wake_unsupported")),
               group("speech", named("speech", ["off", "on", "other"]), current["speech"]),
               group("rate", [(str(v), w.t(f"web.settings.rate_{i}"))
                              for i, v in enumerate(SETTING_CHOICES["rate"])],
                     current["rate"]),
               h("p", {"class": "muted"}, w.t("web.settings.speech_help")),
               voice_state(current, languages, w)),
             storage_state(w), install_state(w), ios_apart(w),
             h("p", {"class": "muted", "id": "app-version"},
               w.t("web.settings.version", version=version)) if version else None)


def ios_apart(w: Words) -> Safe:
    """On an iPhone or iPad, Safari's tabs and the app added to the Home Screen keep their
    saved games apart: each place says so and points to export and import. Hidden; the page's
    shell shows the one for where it runs (``navigator.standalone``: false in a Safari tab,
    true on the Home Screen, missing elsewhere)."""
    return join([h("p", {"class": "muted ios-apart", "data-ios": where, "hidden": True},
                   w.t(f"web.home.ios_apart_{where}")) for where in ("tab", "app")])


def voice_state(current: Mapping[str, Any], languages: Sequence[str], w: Words) -> Safe:
    """Where the page's shell says which of the device's voices reads the bots' turn, or
    that the device has none for the language chosen (the voices are the browser's)."""
    lang = current["lang"]
    if current.get("speech") == "other":
        lang = i18n.OTHER_LANGUAGE.get(lang, lang)
    return h("p", {"class": "muted", "id": "voice-state", "aria-live": "polite",
                   "data-lang": lang, "data-yes": w.t("web.settings.voice_yes", voice="{voice}"),
                   "data-none": w.t("web.settings.voice_none"),
                   "data-unsupported": w.t("web.speech.unsupported"),
                   "hidden": current.get("speech", "off") == "off"}, "")


def storage_state(w: Words) -> Safe:
    """Where the page's shell says whether the browser keeps the storage for good and how
    much of it is used (the figures are the browser's: ``navigator.storage``)."""
    point, group = i18n.NUMBER_STYLE.get(w.lang, i18n.NUMBER_STYLE["en"])
    return h("p", {"class": "muted", "id": "storage-state", "aria-live": "polite",
                   "data-point": point, "data-group": group,
                   "data-yes": w.t("web.settings.storage_persisted"),
                   "data-no": w.t("web.settings.storage_best_effort"),
                   "data-used": w.t("web.settings.storage_used", used="{used}",
                                    quota="{quota}")}, "")


def install_state(w: Words) -> Safe:
    """Where the page's shell says that a new version of the app could not be installed, and
    why (its service worker says: the browser's storage full, or another failure); hidden
    until one failed."""
    return h("p", {"class": "muted", "id": "install-state", "role": "status", "hidden": True,
                   "data-full": w.t("web.update.install_full", detail="{detail}"),
                   "data-failed": w.t("web.update.install_failed", detail="{detail}")}, "")


def banner(message: str, kind: str, w: Words, *, undo: bool = False,
           home: bool = False) -> Safe:
    """A message at the top of the screen, with a way to dismiss it (and, after a tap that
    failed, ways out: ``undo`` the last answer, go ``home``)."""
    return h("div", {"class": f"banner banner-{kind}", "role": "alert"}, h("p", None, message),
             h("button", {"data-act": "undo"}, w.t("web.play.undo")) if undo else None,
             h("a", {"class": "button", "href": "#/"}, w.t("web.nav.home")) if home else None,
             h("button", {"class": "link", "data-act": "dismiss"}, w.t("web.action.dismiss")))


def nav_link(name: str, href: str, current: bool, w: Words, new_tab: bool = False) -> Safe:
    """A link of the top bar: an icon, its words beside it where there is room (``new_tab``:
    opened beside the app, which stays as it is)."""
    words = w.t(f"web.nav.{name}")
    return h("a", {"class": "nav-link", "href": href, "aria-label": words,
                   "aria-current": "page" if current else None,
                   "target": "_blank" if new_tab else None,
                   "rel": "noopener" if new_tab else None},
             icon(name), h("span", {"class": "nav-text"}, words))


def update_notice(w: Words, version: str = "") -> Safe:
    """A new version of the app was installed (named ``version``, "" if its worker did not
    say): reload to use it (saves are untouched)."""
    return h("div", {"class": "banner banner-info notice", "role": "status",
                     "id": "update-notice"},
             h("p", None, w.t("web.update.ready_named", version=version) if version
               else w.t("web.update.ready")),
             h("button", {"data-act": "reload"}, w.t("web.update.reload")))


def newer_notice(w: Words, looped: bool = False) -> Safe:
    """A newer version of the app opened the storage: this tab writes nothing more (its
    answers are carried for the newer version); reload to continue there. ``looped``: a
    reload just now brought this version back, so say what else to do."""
    return h("div", {"class": "banner banner-info notice", "role": "alert",
                     "id": "newer-notice"},
             h("p", None, w.t("web.store.newer_loop" if looped else "web.store.newer_open")),
             h("button", {"class": "primary", "data-act": "reload"}, w.t("web.update.reload")))


def memory_notice(why: str, save_id: str, w: Words) -> Safe:
    """The browser lets the app keep nothing (``why``): play goes on in this tab only; the
    game in play (``save_id``, "" for none) can be exported to keep it."""
    export = (h("button", {"class": "primary", "data-act": "export", "data-arg": save_id},
                w.t("web.memory.export")) if save_id else None)
    return h("div", {"class": "banner banner-error notice", "role": "status",
                     "id": "memory-notice"},
             h("p", None, w.t("web.memory.notice", detail=why)),
             h("div", {"class": "row"}, export) if export is not None else None)


def held_notice(save_id: str, holding: bool, hold_failed: str, w: Words,
                why: list[str] | None = None) -> Safe:
    """The game opened without its undo history (``why``: what changed, as the engine says
    it): its original is kept aside until the player accepts (``holding``), or could not be
    (``hold_failed``: why) and the game is not saved."""
    text = " ".join([*(why or [w.t("web.store.held_why")]),
                     w.t("web.store.held_failed", detail=hold_failed) if hold_failed
                     else w.t("web.store.held")])
    export = (h("button", {"data-act": "export-original", "data-arg": save_id},
                w.t("web.store.export_original")) if holding else None)
    return h("div", {"class": "banner banner-info notice", "role": "status", "id": "held-notice"},
             h("p", None, text),
             h("div", {"class": "row"}, export,
               h("button", {"class": "primary", "data-act": "accept-held"},
                 w.t("web.store.accept"))))
