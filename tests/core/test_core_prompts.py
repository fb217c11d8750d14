"""Prompts: the allowed answers of every kind, canonical answers and JSON."""

from __future__ import annotations

from typing import Any

import pytest

from automa.core import prompts
from automa.core.errors import InvalidAnswer
from automa.core.prompts import Prompt


def rejects(prompt: Prompt, answer: Any) -> str:
    with pytest.raises(InvalidAnswer) as info:
        prompt.validate(answer)
    return info.value.key


def test_yes_no_accepts_only_booleans() -> None:
    p = prompts.yes_no("q")
    assert p.choices == [True, False]
    assert p.validate(False) is False
    assert rejects(p, 1) == "error.answer.not_yes_no"
    assert rejects(p, "yes") == "error.answer.not_yes_no"


def test_count_lists_every_integer_within_bounds() -> None:
    p = prompts.count("q", 2, 5, default=3)
    assert p.choices == [2, 3, 4, 5] and p.default == 3
    assert p.validate(5) == 5
    assert p.validate("4") == 4
    assert rejects(p, 6) == "error.answer.out_of_range"
    assert rejects(p, 1) == "error.answer.out_of_range"
    assert rejects(p, True) == "error.answer.not_a_number"
    assert rejects(p, "three") == "error.answer.not_a_number"


def test_pick_one_does_not_confuse_true_with_one() -> None:
    p = prompts.pick_one("q", [1, 2])
    assert p.validate(1) == 1
    assert rejects(p, True) == "error.answer.not_a_choice"
    assert rejects(p, 3) == "error.answer.not_a_choice"


def test_pick_subset_checks_items_duplicates_and_size() -> None:
    p = prompts.pick_subset("q", ["a", "b", "c"], lo=1, hi=2)
    assert p.validate(["c", "a"]) == ["a", "c"]  # canonical order
    assert rejects(p, []) == "error.answer.subset_size"
    assert rejects(p, ["a", "b", "c"]) == "error.answer.subset_size"
    assert rejects(p, ["a", "a"]) == "error.answer.duplicate"
    assert rejects(p, ["z"]) == "error.answer.not_a_choice"
    assert rejects(p, "a") == "error.answer.not_a_list"


def test_values_need_one_allowed_value_per_item() -> None:
    p = prompts.values("q", ["law", "medicine"], [0, 1, 2])
    assert p.validate({"medicine": 2, "law": 0}) == {"law": 0, "medicine": 2}
    assert rejects(p, {"law": 0}) == "error.answer.values_items"
    assert rejects(p, {"law": 0, "medicine": 3}) == "error.answer.not_in_domain"
    assert rejects(p, [0, 1]) == "error.answer.not_a_mapping"


def test_confirm_and_scan_only_confirm() -> None:
    assert prompts.confirm("q").validate(True) is True
    s = prompts.scan("q", {"start": "h3"})
    assert s.ui["pattern"] == {"start": "h3"} and s.choices == [True]
    assert rejects(s, False) == "error.answer.confirm_only"


@pytest.mark.parametrize("prompt", [
    prompts.yes_no("a", {"x": 1}, default=True),
    prompts.count("b", 0, 3),
    prompts.pick_one("c", ["x", "y"], labels=[{"key": "k", "params": {}}] * 2),
    prompts.pick_subset("d", [1, 2, 3], lo=1),
    prompts.values("e", ["p"], [True, False]),
    prompts.confirm("f", ui={"card": "7"}),
    prompts.scan("g", {"rows": [1, 2]}),
])
def test_prompts_round_trip_through_json(prompt: Prompt) -> None:
    assert Prompt.from_json(prompt.to_json()) == prompt
    assert {"kind", "key", "params", "choices"} <= set(prompt.to_json())


def test_from_json_is_strict_about_every_field() -> None:
    """A prompt read back from a save must have the engine's own types and shapes."""
    import json

    from automa.core.errors import UnreadableSave

    good = prompts.count("demo.q.count", 0, 3).to_json()
    assert Prompt.from_json(json.loads(json.dumps(good))) == prompts.count("demo.q.count", 0, 3)
    broken = [
        {**good, "kind": "html"},
        {**good, "bounds": ["<b>0</b>", 3]},
        {**good, "bounds": [0, 3, 4]},
        {**good, "bounds": [3, 0]},
        {**good, "bounds": [0, 10**9]},
        {**good, "choices": [0, 1]},
        {**good, "key": "<script>"},
        {**good, "key": 7},
        {**good, "params": {"x": "<img>"}},
        {**good, "params": []},
        {**good, "labels": ["a", "b", "c", "d"]},
        {**good, "ui": {"rule": 0.5}},
        {**good, "extra": 1},
        {k: v for k, v in good.items() if k != "kind"},
        {**prompts.yes_no("q").to_json(), "choices": [True]},
        {**prompts.values("q", ["a"], [0, 1]).to_json(), "domain": None},
        {**prompts.pick_subset("q", ["a"]).to_json(), "bounds": [0, 2]},
        {**prompts.pick_one("q", ["a"]).to_json(), "choices": [[["a"]]]},
        {**prompts.pick_one("q", ["a"]).to_json(), "choices": [{"a": 1}]},
        "not a prompt",
    ]
    for data in broken:
        with pytest.raises(UnreadableSave) as info:
            Prompt.from_json(data)
        assert info.value.params["field"].startswith("prompt")


def test_answers_are_recorded_as_the_choice_itself() -> None:
    p = prompts.pick_one("q", [1, 2])
    assert p.validate(1.0) == 1 and type(p.validate(1.0)) is int
    v = prompts.values("q", ["a"], [0, 1])
    assert type(v.validate({"a": 1.0})["a"]) is int
    assert rejects(v, {1: 0}) == "error.answer.values_items"
    assert rejects(prompts.count("q", 0, 9), "²") == "error.answer.not_a_number"
    assert rejects(prompts.count("q", 0, 9), "--1") == "error.answer.not_a_number"
