"""Simple line icons of our own (24 x 24, drawn in the text colour, hidden from screen readers).

The turn summary names its icons from a shared vocabulary (see the common brief); a name
not drawn here falls back to a dot, so a game may use a new name before it is drawn. The
card renderers draw the same shapes on their cards; the page puts them in as trusted markup
(``automa.app.html.icon``).
"""

from __future__ import annotations

from automa.render import escape

PATHS = {
    # the page's own controls
    "home": "M3 11 12 3l9 8M5 10v10h5v-6h4v6h5V10",
    "rules": "M4 5a2 2 0 0 1 2-2h5v17H6a2 2 0 0 0-2 2zM20 5a2 2 0 0 0-2-2h-5v17h5a2 2 0 0 1 2 2z",
    "settings": ("M12 8.5a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7zM19.4 13a7.6 7.6 0 0 0 0-2"
                 "l2-1.6-2-3.4-2.4 1a7.5 7.5 0 0 0-1.7-1L15 3h-4l-.4 2.9a7.5 7.5 0 0 0-1.7 1"
                 "l-2.4-1-2 3.4 2 1.6a7.6 7.6 0 0 0 0 2l-2 1.6 2 3.4 2.4-1a7.5 7.5 0 0 0 1.7 1"
                 "L11 21h4l.4-2.9a7.5 7.5 0 0 0 1.7-1l2.4 1 2-3.4z"),
    "undo": "M9 14 4 9l5-5M4 9h10.5a5.5 5.5 0 0 1 0 11H11",
    "redo": "M15 14l5-5-5-5M20 9H9.5a5.5 5.5 0 0 0 0 11H13",
    "print": "M6 9V3h12v6M6 18H4v-7h16v7h-2M7 14h10v7H7z",
    "share": ("M18 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM6 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM18 22a3 3 0"
              " 1 0 0-6 3 3 0 0 0 0 6zM8.6 13.5l6.8 4M15.4 6.5l-6.8 4"),
    "speak": "M4 9h4l5-4v14l-5-4H4zM16.5 9a4 4 0 0 1 0 6M19 6.5a7.5 7.5 0 0 1 0 11",
    # the turn summary's vocabulary
    "advance": "M12 20V5M5 11l7-7 7 7",
    "regress": "M12 4v15M5 13l7 7 7-7",
    "gain": "M12 5v14M5 12h14",
    "lose": "M5 12h14",
    "vp": "M12 3l2.8 5.8 6.2.9-4.5 4.4 1.1 6.2L12 17.4 6.4 20.3l1.1-6.2L3 9.7l6.2-.9z",
    "conquer": "M5 21V4M5 4h12l-2.5 4L17 12H5",
    "control": "M5 21V4M5 4h12l-2.5 4L17 12H5",
    "explore": "M12 3l7.8 4.5v9L12 21l-7.8-4.5v-9z",
    "build": "M4 11l8-7 8 7M6 10v10h12V10",
    "city": "M3 21V10l5-3v14M8 21V4h8v17M16 21V9l5 2v10M2 21h20",
    "upgrade": "M12 13V4M6 9l6-6 6 6M6 16l6-6 6 6",
    "block": "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM5.6 5.6l12.8 12.8",
    "card": "M7 3h10a1 1 0 0 1 1 1v16a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1z",
    "pass": "M5 5l8 7-8 7M15 5v14",
    "income": "M12 3v3M12 18v3M17 7.5c-1-1.2-2.8-1.8-5-1.8-2.6 0-4.4 1.2-4.4 3.1 0 4.5 9.6 2"
              " 9.6 6.3 0 2-2 3.2-5 3.2-2.2 0-4-.7-5-2",
    "coin": "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7.5a4.5 4.5 0 1 0 0 9 4.5 4.5 0 0 0 0-9z",
    "cube": "M4 9h11v11H4zM4 9l5-5h11v11l-5 5M15 9l5-5",
    "attack": "M4 20l10-10M14 4h6v6L9 21l-6-6z",
    "defend": "M12 3l8 3v6c0 4.5-3.4 8-8 9-4.6-1-8-4.5-8-9V6z",
    "trade": "M4 8h14l-4-4M20 16H6l4 4",
    "resource": "M12 3l8 4.5v9L12 21l-8-4.5v-9zM4 7.5l8 4.5 8-4.5M12 12v9",
    "caravan": "M3 16V7h12v9M15 10h4l2 3v3M7 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM17 19a2 2 0 1 0"
               " 0-4 2 2 0 0 0 0 4z",
    "wonder": "M3 21h18M5 21V9M10 21V9M14 21V9M19 21V9M3 9h18L12 3z",
    "landmark": "M8 21V9l4-6 4 6v12M5 21h14M10 13h4",
    "tech": "M9 3h6M10 3v6l-5 9a2 2 0 0 0 1.7 3h10.6a2 2 0 0 0 1.7-3l-5-9V3",
    "religion": "M12 3v18M6 9h12",
    "vote": "M4 12l5 5L20 6",
    "unit": "M12 3a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM4 21c0-4.4 3.6-7 8-7s8 2.6 8 7",
    "move": "M4 12h15M13 6l6 6-6 6",
    "discard": "M4 7h16M9 7V4h6v3M6 7l1 14h10l1-14",
    "shuffle": "M3 7h4c5 0 5 10 10 10h4M17 4l4 3-4 3M3 17h4c2 0 3-1.5 4-3.5M13 9.5C14 8 15"
               " 7 17 7h4M17 14l4 3-4 3",
    "achievement": "M8 4h8v5a4 4 0 0 1-8 0zM16 6h3v2a3 3 0 0 1-3 3M8 6H5v2a3 3 0 0 0 3 3M12"
                   " 13v4M8 21h8M9 17h6",
    "info": "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 11v6M12 7.5v.5",
}
DOT = "M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6z"


def icon_svg(name: str, cls: str = "icon") -> str:
    """An inline icon as SVG markup (the control or text beside it carries the words)."""
    path = PATHS.get(name, DOT)
    return (f'<svg class="{escape(cls)}" viewBox="0 0 24 24" aria-hidden="true" '
            f'focusable="false"><path d="{path}"/></svg>')
