"""Message catalogs (English, Ukrainian, German) with CLDR plural categories.

Catalogs are TOML files ``i18n/<lang>/*.toml``; dotted tables give dotted message ids.
A table whose keys are plural categories (it must have ``other``) is one plural message;
its optional ``_by`` names the parameter that selects the category (default ``n``). A key
``"=1"`` is a form for exactly that number, before its category: Ukrainian ``one`` also
covers 21, 31, 101…, so a text that says "the card" instead of "1 card" goes there.
``build.py`` compiles each language to ``i18n/<lang>.json`` which loads faster in the browser.

Rendering never raises: a missing message falls back ``uk``/``de`` → ``en`` → message id.

A message may carry **variants** in a language's catalog, as keys under its own id: its
spoken variant ``K.spoken`` (``"upgraded.spoken" = "…"``) is what a voice says instead of the
printed text (no symbols, abbreviations in words), and ``K.spoken.<form>`` a grammatical form
of it (``….spoken.gen``): the message as a parameter of a spoken variant that asks for that
form with ``{name:form}`` («з {what:ins}»). A variant lives in one language only (where its
speech differs from the text) and uses no placeholder its message lacks; a number takes its
forms from those of ``core.number`` (Ukrainian ordinals: «{age:ordinal_f} епоха» → «друга
епоха»).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from typing import Any

from automa.core.paths import i18n_dir
from automa.core.records import MessageRef, Params, Shown

LANGUAGES = ("en", "uk", "de")
PLURAL_CATEGORIES = ("zero", "one", "two", "few", "many", "other")
EXACT_FORM = re.compile(r"=\d{1,3}")
REQUIRED_CATEGORIES: dict[str, tuple[str, ...]] = {
    "en": ("one", "other"),
    "uk": ("one", "few", "many", "other"),
    "de": ("one", "other"),
}
_PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)(?::([a-z_]+))?\}")
"""``{name}``, or in a spoken variant ``{name:form}``: the parameter in a grammatical form."""
SPOKEN = "spoken"
NUMBER = "core.number"
"""The message of a number as a parameter: its variants are the number's spoken forms."""
"""The variant a voice says (:func:`render` with ``variant=SPOKEN``)."""
ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6, "VII": 7, "VIII": 8, "IX": 9,
         "X": 10}
"""Roman numerals a message takes as a parameter (Glory's ages), said as their numbers."""
NUMBER_STYLE: dict[str, tuple[str, str]] = {"en": (".", ","), "uk": (",", "\u00a0"),
                                            "de": (",", "\u202f")}
"""Each language's decimal sign and thousands separator (CLDR: uk «2 048,5» with a no-break
space, en "2,048.5"; de «2 048,5» with a narrow no-break space: DIN 5008 groups digits with a
space — in typesetting a fixed narrow one — and keeps the dot for sums of money, which the
app never shows); the page's own script reads them from the screen it fills."""
OTHER_LANGUAGE: dict[str, str] = {"en": "uk", "uk": "en", "de": "en"}
"""The language of the setting "Read aloud in the other language": English and Ukrainian
each other's, as before there were three; German's is English, which its label names."""

CatalogText = str | dict[str, str]


def plural_category(lang: str, n: float) -> str:
    """The CLDR plural category of ``n`` in ``lang`` (integers; fractions are ``other``).

    >>> [plural_category("uk", n) for n in (1, 2, 5, 11, 21, 22, 25, 111)]
    ['one', 'few', 'many', 'many', 'one', 'few', 'many', 'many']
    """
    if isinstance(n, float) and (n != n or n in (float("inf"), float("-inf"))):
        return "other"
    if n != int(n):
        return "other"
    i = abs(int(n))
    if lang == "uk":
        if i % 10 == 1 and i % 100 != 11:
            return "one"
        if 2 <= i % 10 <= 4 and not 12 <= i % 100 <= 14:
            return "few"
        return "many"
    return "one" if i == 1 else "other"


def format_number(value: float, lang: str = "en", digits: int = 1) -> str:
    """A quantity as ``lang`` writes it: at most ``digits`` decimals (none when whole), the
    language's decimal sign and thousands separator, a minus sign (−) for a negative.
    The one number formatter of scores, margins, averages, sizes and charts.

    >>> format_number(2048.5, "uk"), format_number(72.25, "en"), format_number(-3.0, "uk")
    ('2\xa0048,5', '72.2', '−3')
    >>> format_number(2048.5, "de")
    '2\u202f048,5'
    """
    if not isinstance(value, int | float) or value != value or value in (float("inf"),
                                                                         float("-inf")):
        return str(value)
    point, group = NUMBER_STYLE.get(lang, NUMBER_STYLE["en"])
    text = f"{abs(value):,.{max(digits, 0)}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    if text.strip("0,.") == "":
        return "0"
    text = text.replace(",", "\0").replace(".", point).replace("\0", group)
    return ("−" if value < 0 else "") + text


def is_plural_table(value: dict[str, Any]) -> bool:
    """Whether a catalog table is one plural message rather than a namespace."""
    keys = {k for k in value if k != "_by" and not EXACT_FORM.fullmatch(k)}
    return "other" in keys and keys <= set(PLURAL_CATEGORIES) and all(
        isinstance(v, str) for v in value.values()
    )


def flatten(table: dict[str, Any], prefix: str = "") -> dict[str, CatalogText]:
    """Dotted message ids from nested TOML tables."""
    out: dict[str, CatalogText] = {}
    for key, value in table.items():
        full = f"{prefix}{key}"
        if isinstance(value, str):
            out[full] = value
        elif isinstance(value, dict) and is_plural_table(value):
            out[full] = {k: str(v) for k, v in value.items()}
        elif isinstance(value, dict):
            out.update(flatten(value, full + "."))
        else:
            raise ValueError(f"{full}: a message must be text or a table, not {value!r}")
    return out


def load_source_catalog(lang: str) -> dict[str, CatalogText]:
    """Read every ``i18n/<lang>/*.toml`` file into one flat catalog."""
    import tomllib  # the browser reads the compiled JSON: keep tomllib off its start-up path

    folder = i18n_dir() / lang
    catalog: dict[str, CatalogText] = {}
    for path in sorted(folder.glob("*.toml")):
        with path.open("rb") as f:
            for key, msg in flatten(tomllib.load(f)).items():
                if key in catalog:
                    raise ValueError(f"{path.name}: message {key} is defined twice")
                catalog[key] = msg
    return catalog


@cache
def catalog(lang: str) -> dict[str, CatalogText]:
    """The catalog of ``lang``: the compiled JSON if present, else the TOML sources."""
    compiled = i18n_dir() / f"{lang}.json"
    if compiled.is_file():
        data: dict[str, CatalogText] = json.loads(compiled.read_text("utf-8"))
        return data
    if not (i18n_dir() / lang).is_dir():
        return {}
    return load_source_catalog(lang)


def has_message(key: str, lang: str = "en") -> bool:
    """Whether ``key`` exists in ``lang`` (no fallback)."""
    return key in catalog(lang)


def text(value: Shown, lang: str = "en", variant: str = "") -> str:
    """A value as text in ``lang``: a message reference rendered, a bool as yes/no, a list
    joined, numbers and text as they are (a plain string is never taken for a message id).
    The one renderer of message references; never raises, whatever the value. With a
    ``variant`` (:data:`SPOKEN`, or a form a spoken variant asks for), the message's variant
    where the catalog has one, and a number (or a Roman numeral) as a voice says it.

    >>> text(msg("core.yes")), text([1, 2.0, "x"]), text("core.yes"), text("II", "en", "spoken")
    ('yes', '1, 2, x', 'core.yes', '2')
    """
    if variant and (number := _number(value)) is not None:
        said = _variant(NUMBER, lang, variant)
        if said is not None:
            return _fill(said, NUMBER, {"n": number}, lang, "")
        value = number
    if isinstance(value, bool):
        return render("core.yes" if value else "core.no", {}, lang, variant)
    if isinstance(value, dict) and "key" in value:
        return render(str(value["key"]), value.get("params") or {}, lang, variant)
    if isinstance(value, list):
        return joined([text(v, lang, variant) for v in value], lang)
    if isinstance(value, float):
        return format_number(value, lang)
    if isinstance(value, int) and value.bit_length() > 64:
        return "…"  # a number no message means (str() of 4,300+ digits even raises)
    if isinstance(value, str | int | float):
        return str(value)
    from automa.core.numbers import describe  # anything else: short, and never raising

    return describe(value)


def joined(items: list[str], lang: str = "en") -> str:
    """A list as a reader parses it: items apart by ``core.list_separator`` («, »), or by
    ``core.clause_separator`` («; ») when an item is itself a clause with a comma or a dash
    in it («Голоси — Автома 1: усі її голоси — на карту подій № 3, +1 голос; Автома 2: …»,
    «Гори — плитки 6 і 10; Рівнини — плитки 9 і 11»), so that the items do not run together.

    >>> joined(["6", "10"]), joined(["Hills: 6", "Plains: 9"])
    ('6, 10', 'Hills: 6, Plains: 9')
    >>> joined(["Hills — 6 and 10", "Plains — 9 and 11"]), joined(["card 3, +1", "card 2"])
    ('Hills — 6 and 10; Plains — 9 and 11', 'card 3, +1; card 2')
    """
    comma = render("core.list_separator", {}, lang)
    if any(comma in item or "—" in item for item in items):
        return render("core.clause_separator", {}, lang).join(items)
    return comma.join(items)


def _number(value: Any) -> int | float | None:
    """A number parameter as a voice takes it: a number, or a Roman numeral's value."""
    if isinstance(value, bool):
        return None
    if (isinstance(value, int) and value.bit_length() <= 64) or isinstance(value, float):
        return value
    return ROMAN.get(value) if isinstance(value, str) else None


def _lookup(key: str, lang: str) -> CatalogText | None:
    for candidate in (lang, "en"):
        msg = catalog(candidate).get(key)
        if msg is not None:
            return msg
    return None


def plural_form(message: dict[str, str], lang: str, n: float) -> str:
    """The form of a plural ``message`` that ``n`` selects: its exact form (``"=1"``) if it
    has one, else its CLDR category's, else ``other``.

    >>> plural_form({"=1": "the card", "one": "{n} card", "other": "{n} cards"}, "uk", 21)
    '{n} card'
    """
    if isinstance(n, int | float) and n == n and abs(n) < 1000 and n == int(n):
        exact = message.get(f"={int(n)}")
        if exact is not None:
            return exact
    return message.get(plural_category(lang, n)) or message.get("other", "")


def render(key: str, params: Params | None = None, lang: str = "en",
           variant: str = "") -> str:
    """Render message ``key`` with ``params`` in ``lang``; never raises.

    A parameter may itself be a message reference ``{"key": ..., "params": ...}``,
    a list (joined), a bool (yes/no) or a number. A missing message renders as its id.
    With a ``variant``, the message's variant in ``lang`` if it has one (a form falls back
    to the spoken variant), its parameters spoken, each in the form its placeholder asks.
    """
    params = params or {}
    msg = _variant(key, lang, variant) if variant else None
    if msg is None:
        msg = _lookup(key, lang)
    if msg is None:
        return key
    return _fill(msg, key, params, lang, variant)


def _fill(msg: CatalogText, key: str, params: Params, lang: str, variant: str) -> str:
    """A message's form for ``params`` with their values in place (``variant``: spoken)."""
    if isinstance(msg, dict):
        n = params.get(msg.get("_by", "n"), 0)
        template = plural_form(msg, lang, n if isinstance(n, int | float) else 0) or key
    else:
        template = msg

    def substitute(match: re.Match[str]) -> str:
        name, form = match.group(1), match.group(2)
        if name not in params:
            return match.group(0)
        return text(params[name], lang, (form or SPOKEN) if variant else "")

    return _PLACEHOLDER.sub(substitute, template)


def _variant(key: str, lang: str, variant: str) -> CatalogText | None:
    """The ``variant`` of message ``key`` in ``lang`` itself (a form, else its spoken
    variant), or None: the message as printed is said."""
    own = catalog(lang)
    if variant != SPOKEN and (form := own.get(f"{key}.{SPOKEN}.{variant}")) is not None:
        return form
    return own.get(f"{key}.{SPOKEN}")


def variant_of(key: str) -> str | None:
    """The message ``key`` is a variant of (``K`` of ``K.spoken`` and of its forms
    ``K.spoken.<form>``), or None: ``key`` is a message of its own.

    >>> variant_of("a.b.spoken"), variant_of("a.b.spoken.gen"), variant_of("a.b")
    ('a.b', 'a.b', None)
    """
    parts = key.split(".")
    at = next((i for i in (len(parts) - 1, len(parts) - 2) if i > 0 and parts[i] == SPOKEN),
              None)
    return None if at is None else ".".join(parts[:at])


def msg(key: str, **params: Any) -> MessageRef:
    """A message reference: a message id with parameters, rendered later in any language
    (:func:`text`)."""
    return {"key": key, "params": params}


@dataclass(frozen=True)
class Namespace:
    """The message ids of one game: a game's ``k()``/``m()`` helpers are this namespace's
    (``k = Namespace(GAME_ID).k``, and ``m`` alike), so its code never spells
    ``"<game>."`` out.

    >>> ids = Namespace("tapestry")
    >>> ids.k("log.advance")
    'tapestry.log.advance'
    >>> ids.m("log.advance", n=2)
    {'key': 'tapestry.log.advance', 'params': {'n': 2}}
    """

    prefix: str
    """The game's id, the first part of every message id of the game."""

    def k(self, key: str) -> str:
        """A message id in this namespace."""
        return f"{self.prefix}.{key}"

    def m(self, key: str, **params: Any) -> MessageRef:
        """A message reference in this namespace (:func:`msg`)."""
        return msg(self.k(key), **params)


def variant_problems(messages: dict[str, CatalogText]) -> list[str]:
    """What is wrong with the variants of a language's ``messages``: a variant of no message
    of that language, or one that uses a placeholder its message has not."""
    problems = []
    for key, message in messages.items():
        base = variant_of(key)
        if base is None:
            continue
        if base not in messages:
            problems.append(f"{key}: a variant of no message")
        elif extra := placeholders(message) - placeholders(messages[base]):
            problems.append(f"{key}: placeholders {sorted(extra)} that {base} has not")
    return problems


def placeholders(message: CatalogText) -> set[str]:
    """The parameter names a message uses (all plural forms together)."""
    texts = message.values() if isinstance(message, dict) else [message]
    return {m.group(1) for text in texts for m in _PLACEHOLDER.finditer(text)}
