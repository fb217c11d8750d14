"""The HTML builder escapes by default: text from a save or a catalog can never become markup."""

from __future__ import annotations

from automa.app.html import Safe, esc, h, join, trusted


def test_text_children_and_attributes_are_escaped() -> None:
    out = h("p", {"title": 'say "hi" <b>'}, "<script>alert(1)</script> & more")
    assert out == ('<p title="say &quot;hi&quot; &lt;b&gt;">'
                   "&lt;script&gt;alert(1)&lt;/script&gt; &amp; more</p>")
    assert isinstance(out, Safe)


def test_built_elements_nest_without_double_escaping() -> None:
    assert h("div", None, h("b", None, "a<b")) == "<div><b>a&lt;b</b></div>"
    assert esc(esc("<")) == "&lt;"


def test_boolean_and_missing_attributes() -> None:
    assert h("input", {"type": "checkbox", "checked": True, "disabled": False,
                       "data-x": None}) == '<input type="checkbox" checked>'
    assert h("button", {"class_": "a", "data_act": "go"}, "x") == (
        '<button class="a" data-act="go">x</button>')


def test_only_trusted_markup_goes_in_as_it_is() -> None:
    assert h("figure", None, trusted("<svg></svg>")) == "<figure><svg></svg></figure>"
    assert join(["<i>", trusted("<br>"), None, 3]) == "&lt;i&gt;<br>3"
