"""Selection pipelines: every step kind of rules-model §E.1, and what each step records."""

from __future__ import annotations

import pytest

from automa.core.rng import Rng
from automa.core.select import (
    Conditional,
    CountPick,
    Extremum,
    Filter,
    FirstClass,
    OrderedPick,
    ProxyChoice,
    RandomPick,
    SelectionFailed,
    select,
)

NUMS = [3, 8, 5, 8, 1]


def test_filter_keeps_matches_and_records_them() -> None:
    s = select(NUMS, [Filter("even", lambda n: n % 2 == 0)])
    assert s.remaining == [8, 8]
    assert s.trace[0].kept == [8, 8]


def test_filter_on_nothing_can_skip_fail_or_end_empty() -> None:
    big = lambda n: n > 100  # noqa: E731
    assert select(NUMS, [Filter("big", big, "skip")]).remaining == NUMS
    assert select(NUMS, [Filter("big", big, "empty")]).remaining == []
    with pytest.raises(SelectionFailed):
        select(NUMS, [Filter("big", big, "fail")])


def test_extremum_keeps_all_ties() -> None:
    assert select(NUMS, [Extremum("max", lambda n: n, largest=True)]).remaining == [8, 8]
    assert select(NUMS, [Extremum("min", lambda n: n)]).choice == 1


def test_conditional_applies_only_when_its_condition_holds() -> None:
    step = Filter("odd", lambda n: n % 2 == 1)
    assert select(NUMS, [Conditional("if", False, step)]).remaining == NUMS
    assert select(NUMS, [Conditional("if", lambda: True, step)]).remaining == [3, 5, 1]


def test_first_class_does_not_refine_with_later_classes() -> None:
    s = select(NUMS, [FirstClass("classes", [("over 9", lambda n: n > 9),
                                             ("over 4", lambda n: n > 4),
                                             ("over 7", lambda n: n > 7)])])
    assert s.remaining == [8, 5, 8]
    assert s.trace[0].note == "over 4"


def test_ordered_pick_takes_the_first_listed_candidate() -> None:
    s = select(["military", "science"], [OrderedPick("tb", ["technology", "science", "military"])])
    assert s.choice == "science"


def test_count_pick_counts_in_reading_order_and_wraps() -> None:
    opts = ["a", "b", "c", "d"]
    assert select(opts, [CountPick("→3", 3)]).choice == "c"
    assert select(opts, [CountPick("←2", 2, reverse=True)]).choice == "c"
    assert select(opts, [CountPick("→6", 6)]).choice == "b"  # wraps after d
    assert select(["a", "b"], [CountPick("←4", 4, reverse=True)]).choice == "a"


def test_pick_steps_still_run_on_a_single_candidate_but_filters_do_not() -> None:
    s = select([7], [Filter("never", lambda n: False), CountPick("→2", 2)])
    assert s.choice == 7
    assert [t.step for t in s.trace] == ["→2"]


def test_random_pick_uses_the_game_generator() -> None:
    a = select(NUMS, [RandomPick("rnd", Rng.from_seed(9))]).choice
    b = select(NUMS, [RandomPick("rnd", Rng.from_seed(9))]).choice
    assert a == b and a in NUMS


def test_proxy_choice_leaves_the_decision_to_a_person() -> None:
    s = select(NUMS, [Filter("odd", lambda n: n % 2 == 1), ProxyChoice("proxy")])
    assert s.needs_choice and s.remaining == [3, 5, 1] and s.choice is None


def test_why_lists_rule_candidates_steps_and_pick() -> None:
    s = select(["x", "y"], [OrderedPick("order", ["y", "x"])])
    why = s.why("rule.key")
    assert why["rule"] == "rule.key" and why["candidates"] == ["x", "y"] and why["pick"] == "y"
    assert why["steps"][0]["kind"] == "ordered_pick"
