"""Rule guides: how each game's bot plays, as static pages readable before (and without) the
engine.

A guide is ``i18n/<lang>/guide/<game>.toml`` (a subfolder: the message catalogs never
include it)::

    [guide]
    title = "How the Automa plays"
    intro = "One or two sentences."
    [[guide.section]]
    title = "Setting up"
    body = \"\"\"
    A paragraph.

    1. A numbered step.
    2. Another step.

    - a bullet
    \"\"\"

A body is blocks separated by blank lines: a block whose every line starts with ``<n>. `` is
a numbered list, one whose every line starts with ``- `` a bullet list, anything else a
paragraph (its lines joined by a space). ``**…**`` marks the name of a button or screen of
the app, exactly as the app's catalog writes it (shown in bold; ``tests/app/test_guide.py``
checks that each exists); there is no other markup, and every text is escaped.
build.py reads the guides (and stops on a malformed one), adds a last section listing the
game's rule readings (its ``advanced`` options), and writes one page per game and language.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from automa.app.html import Safe, emphasised, h, icon, join
from automa.app.saves import KEY_SETTINGS, SETTING_CHOICES
from automa.app.words import Words

BlockKind = Literal["p", "ol", "ul", "h3"]
NUMBERED = re.compile(r"\d{1,3}\. ")
BULLET = "- "
GAME_ID = re.compile(r"[a-z][a-z0-9_]{0,63}")
MAX_TEXT = 20_000  # characters of one text: a guide is read on a phone


class GuideError(ValueError):
    """A malformed guide, with where and what."""


@dataclass(frozen=True)
class Block:
    """A paragraph (one item), a numbered or bullet list (one item per entry), or a
    subheading (only in the rule-readings section the build adds)."""

    kind: BlockKind
    items: tuple[str, ...]


@dataclass(frozen=True)
class GuideSection:
    """One titled part of a guide."""

    title: str
    blocks: tuple[Block, ...]


@dataclass(frozen=True)
class Guide:
    """A game's guide in one language."""

    title: str
    intro: str
    sections: tuple[GuideSection, ...]


# --- reading ------------------------------------------------------------------------------
def parse_body(text: str) -> tuple[Block, ...]:
    """The blocks of a section's body (see the module's docstring)."""
    blocks: list[Block] = []
    lines: list[str] = []
    for line in [*text.splitlines(), ""]:
        if line.strip():
            lines.append(line.strip())
            continue
        if not lines:
            continue
        if all(NUMBERED.match(x) for x in lines):
            blocks.append(Block("ol", tuple(x.split(". ", 1)[1].strip() for x in lines)))
        elif all(x.startswith(BULLET) for x in lines):
            blocks.append(Block("ul", tuple(x[len(BULLET):].strip() for x in lines)))
        else:
            blocks.append(Block("p", (" ".join(lines),)))
        lines = []
    return tuple(blocks)


def _text(table: Mapping[str, Any], key: str, where: str, *, empty: bool = False) -> str:
    value = table.get(key)
    if not isinstance(value, str):
        raise GuideError(f"{where}: `{key}` must be a text")
    if not empty and not value.strip():
        raise GuideError(f"{where}: `{key}` is empty")
    if len(value) > MAX_TEXT:
        raise GuideError(f"{where}: `{key}` is longer than {MAX_TEXT} characters")
    return value.strip()


def _only(table: Mapping[str, Any], keys: set[str], where: str) -> None:
    unknown = sorted(set(table) - keys)
    if unknown:
        raise GuideError(f"{where}: unknown key(s) {', '.join(map(repr, unknown))} "
                         f"(allowed: {', '.join(sorted(keys))})")


def parse_guide(data: Any, where: str = "guide") -> Guide:
    """A guide from its parsed TOML; :class:`GuideError` names what is wrong and where."""
    if not isinstance(data, dict):
        raise GuideError(f"{where}: not a table")
    _only(data, {"guide"}, where)
    top = data.get("guide")
    if not isinstance(top, dict):
        raise GuideError(f"{where}: no [guide] table")
    _only(top, {"title", "intro", "section"}, f"{where} [guide]")
    raw = top.get("section")
    if not isinstance(raw, list) or not raw:
        raise GuideError(f"{where}: no [[guide.section]]")
    sections = []
    for i, table in enumerate(raw, 1):
        at = f"{where} section {i}"
        if not isinstance(table, dict):
            raise GuideError(f"{at}: not a table")
        _only(table, {"title", "body"}, at)
        blocks = parse_body(_text(table, "body", at))
        sections.append(GuideSection(_text(table, "title", at), blocks))
    return Guide(_text(top, "title", where), _text(top, "intro", where, empty=True),
                 tuple(sections))


def load_guide(path: Path) -> Guide:
    """Read and check one guide file."""
    import tomllib  # only at build time: the browser never reads a guide's TOML

    try:
        with path.open("rb") as f:
            data = tomllib.load(f)
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        raise GuideError(f"{path}: {e}") from None
    return parse_guide(data, str(path))


def folder(i18n_root: Path, lang: str) -> Path:
    """Where the guides of ``lang`` are (beside, not in, its message catalogs)."""
    return i18n_root / lang / "guide"


def load_guides(i18n_root: Path, games: Iterable[str],
                languages: Sequence[str]) -> dict[str, dict[str, Guide]]:
    """Every guide under ``i18n_root`` as ``{game: {lang: guide}}``, checked: each names a
    registered game, a game with a guide has it in every language, with as many sections."""
    known = set(games)
    found: dict[str, dict[str, Guide]] = {}
    problems: list[str] = []
    for lang in languages:
        where = folder(i18n_root, lang)
        for path in sorted(where.glob("*")) if where.is_dir() else []:
            game = path.stem
            if path.suffix != ".toml" or not GAME_ID.fullmatch(game):
                problems.append(f"{path}: not a guide (expected <game_id>.toml)")
            elif game not in known:
                problems.append(f"{path}: no registered game is called {game!r}")
            else:
                found.setdefault(game, {})[lang] = load_guide(path)
    for game, by_lang in sorted(found.items()):
        for lang in languages:
            if lang not in by_lang:
                problems.append(f"{game}: no guide in {lang!r} "
                                f"(i18n/{lang}/guide/{game}.toml)")
        counts = {lang: len(g.sections) for lang, g in by_lang.items()}
        if len(set(counts.values())) > 1:
            problems.append(f"{game}: the languages have different numbers of sections "
                            f"({', '.join(f'{k} {v}' for k, v in sorted(counts.items()))})")
    if problems:
        raise GuideError("\n  ".join(problems))
    return found


# --- the rule readings the app offers -------------------------------------------------------
def readings(game: Mapping[str, Any], w: Words) -> GuideSection | None:
    """A last section: the game's rule readings (its ``advanced`` options), each with its
    help text and choices, the default marked; None when the game has none."""
    blocks: list[Block] = []
    for option in game.get("options", []):
        if not option.get("advanced") or not option.get("form_field", True):
            continue
        label = w.t(option["label"]) if option.get("label") else str(option["id"])
        blocks.append(Block("h3", (label,)))
        if option.get("help"):
            blocks.append(Block("p", (w.t(option["help"]),)))
        choices = []
        for value, key in zip(option.get("choices", []), option.get("choice_labels", []),
                              strict=False):
            text = w.t(key)
            if value == option.get("default"):
                text = w.t("web.guide.default_choice", choice=text)
            choices.append(text)
        if choices:
            blocks.append(Block("ul", tuple(choices)))
    if not blocks:
        return None
    return GuideSection(w.t("web.guide.readings"),
                   (Block("p", (w.t("web.guide.readings_intro"),)), *blocks))


# --- the page -------------------------------------------------------------------------------
def page_name(game: str, lang: str) -> str:
    """The guide page's file name in ``guide/``."""
    return f"{game}.{lang}.html"


def href(game: str, lang: str) -> str:
    """The guide page's URL relative to the app's page."""
    return f"./guide/{page_name(game, lang)}"


def block(b: Block) -> Safe:
    """One block as HTML (every text escaped)."""
    if b.kind in ("ol", "ul"):
        return h(b.kind, None, *[h("li", None, *emphasised(item)) for item in b.items])
    return h(b.kind, None, *emphasised(b.items[0] if b.items else ""))


def article(guide: Guide, extra: GuideSection | None = None, contents: str = "") -> Safe:
    """The guide's content: its title, intro, a list of its sections (headed ``contents``,
    each a link to its part: 12–15 screens of text), and the sections (``extra`` last)."""
    sections = [*guide.sections, *([extra] if extra else [])]
    listed = (h("nav", {"class": "guide-contents", "aria-label": contents},
                h("h3", None, contents),
                h("ol", None, *[h("li", None, h("a", {"href": f"#part-{i + 1}"}, s.title))
                                for i, s in enumerate(sections)]))
              if contents and len(sections) > 1 else None)
    return join([
        h("section", {"class": "panel"}, h("h2", None, guide.title),
          h("p", None, guide.intro) if guide.intro else None, listed),
        *[h("section", {"class": "panel guide-section", "id": f"part-{i + 1}"},
            h("h2", None, s.title), *[block(b) for b in s.blocks])
          for i, s in enumerate(sections)]])


# Applies the stored theme and text size before the page paints (only the values the app
# accepts: saves.SETTING_CHOICES). Hashed into the page's policy by build.py.
SETTINGS_SCRIPT = ("(function(){try{var s=JSON.parse(localStorage.getItem("
                   + json.dumps(KEY_SETTINGS) + "))||{},r=document.documentElement;"
                   "if(" + json.dumps(list(SETTING_CHOICES["theme"])) + ".indexOf(s.theme)>=0)"
                   "r.dataset.theme=s.theme;"
                   "if(" + json.dumps(list(SETTING_CHOICES["text"])) + ".indexOf(s.text)>=0)"
                   "{r.style.setProperty('--text-scale',String(s.text));"
                   "r.dataset.text=String(s.text)}}catch(e){}})();")


def page(game: Mapping[str, Any], guide: Guide, w: Words, languages: Sequence[str]) -> str:
    """The whole static page of ``game``'s guide in ``w``'s language, with ``<!--CSP-->``
    where build.py puts the page's policy. Every URL is relative (``guide/`` is one level
    below the app)."""
    game_id = str(game["id"])
    name = w.t(game["name"])
    app_title = w.t("web.app.title")
    # on a phone the language's short name, so the game's name keeps its room in the bar
    others = [h("a", {"class": "nav-link", "href": page_name(game_id, lang), "lang": lang,
                      "hreflang": lang, "aria-label": w.t(f"web.settings.lang_{lang}")},
                h("span", {"class": "nav-short", "aria-hidden": "true"},
                  w.t(f"web.settings.lang_short_{lang}")),
                h("span", {"class": "nav-text"}, w.t(f"web.settings.lang_{lang}")))
              for lang in languages if lang != w.lang]
    back = h("a", {"class": "button", "href": "../"}, w.t("web.guide.back"))
    body = join([
        h("header", {"class": "bar"}, h("h1", {"class": "bar-title"}, name),
          h("nav", {"class": "bar-nav"},
            h("a", {"class": "nav-link", "href": "../", "aria-label": w.t("web.guide.back")},
              icon("home"), h("span", {"class": "nav-text"}, w.t("web.nav.home"))), *others)),
        h("main", {"class": "app guide"},
          article(guide, readings(game, w), w.t("web.guide.contents")),
          h("p", {"class": "guide-back"}, back))])
    head = join([
        Safe('<meta charset="utf-8">\n<!--CSP-->\n'),
        h("meta", {"name": "viewport",
                   "content": "width=device-width, initial-scale=1, viewport-fit=cover"}),
        h("meta", {"name": "theme-color", "content": "#1d4e5f"}),
        h("title", None, f"{guide.title} · {name} · {app_title}"),
        h("link", {"rel": "icon", "href": "../icons/icon.svg", "type": "image/svg+xml"}),
        h("link", {"rel": "stylesheet", "href": "../style.css"}),
        h("script", None, Safe(SETTINGS_SCRIPT))], "\n")
    return (f'<!doctype html>\n<html lang="{w.lang}">\n<head>\n{head}\n</head>\n'
            f"<body>\n{body}\n</body>\n</html>\n")
