"""A tiny HTML builder in which escaping is the default.

Every ``str`` given to :func:`h` (as a child or an attribute value) is escaped; only a
:class:`Safe` string goes in as it is. ``Safe`` comes from :func:`h` itself, from
:func:`join` of safe parts, or from :func:`trusted` — which marks markup our own code drew
(the card renderers' SVG, the icons) and is never given text from a save or a catalog.

>>> h("p", {"class": "q"}, "1 < 2 & ", h("b", None, "yes"))
'<p class="q">1 &lt; 2 &amp; <b>yes</b></p>'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from html import escape

from automa.render.icons import icon_svg

Attr = str | int | float | bool | None


VOID = frozenset({"input", "br", "img", "meta", "link", "hr", "source"})
EMPHASIS = re.compile(r"\*\*(.+?)\*\*")


class Safe(str):
    """Markup that is already safe to put on the page as it is."""

    __slots__ = ()


def esc(text: object) -> Safe:
    """Any value as escaped text (a ``Safe`` value is kept as it is)."""
    if isinstance(text, Safe):
        return text
    return Safe(escape(str(text), quote=True))


def trusted(markup: str) -> Safe:
    """Mark markup drawn by our own code (card SVG, icons) as safe to insert."""
    return Safe(markup)


def icon(name: str, cls: str = "icon") -> Safe:
    """One of our own line icons, inline (the control or text beside it carries the words)."""
    return trusted(icon_svg(name, cls))


def join(parts: Iterable[Safe | str | int | float | None], sep: str = "") -> Safe:
    """Children side by side: ``Safe`` parts as they are, other text escaped, None skipped."""
    return Safe(esc(sep).join(esc(p) for p in parts if p is not None))


def attrs(values: Mapping[str, Attr] | None) -> str:
    """The attributes of a tag: ``True`` writes the bare name, ``False``/``None`` skips it."""
    if not values:
        return ""
    out = []
    for name, value in values.items():
        if value is None or value is False:
            continue
        name = name.rstrip("_").replace("_", "-")
        if value is True:
            out.append(f" {name}")
        else:
            out.append(f' {name}="{esc(value)}"')
    return "".join(out)


def h(tag: str, attributes: Mapping[str, Attr] | None = None,
      *children: Safe | str | int | float | None) -> Safe:
    """One element: ``h("a", {"href": url}, "text")``; ``class_`` and ``data_x`` name
    ``class`` and ``data-x``; void elements (``input``…) take no children."""
    opening = f"<{tag}{attrs(attributes)}>"
    if tag in VOID:
        return Safe(opening)
    return Safe(f"{opening}{join(children)}</{tag}>")


def emphasised(text: str) -> list[Safe | str]:
    """Text with its "**…**" marks (an action, a button's name) shown in bold, never as
    asterisks; the rest stays text, escaped where it is put."""
    parts: list[Safe | str] = []
    for i, part in enumerate(EMPHASIS.split(text)):
        if part:
            parts.append(h("strong", None, part) if i % 2 else part)
    return parts
