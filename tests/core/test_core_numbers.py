"""One parser for every typed number: ASCII digits with an optional sign, bounded."""

from __future__ import annotations

import pytest

import automa
from automa.core.errors import InvalidAnswer, InvalidOption
from automa.core.game import OptionSpec
from automa.core.numbers import describe, parse_int


@pytest.mark.parametrize(("text", "value"), [("7", 7), (" 7 ", 7), ("-3", -3), ("+2", 2),
                                             ("007", 7), ("-0", 0), ("10\n", 10)])
def test_ascii_digits_with_a_sign_are_numbers(text: str, value: int) -> None:
    assert parse_int(text, -10, 10) == value


@pytest.mark.parametrize("text", ["--1", "²", "٣", "１", "1_0", "0x1", "1e3", "1.0", "-",
                                  "+", "1 2", "\u200b1", "٣٣", "1" * 5000, "9" * 19, "ⅷ"])
def test_everything_else_is_refused_with_a_translated_message(text: str) -> None:
    with pytest.raises(InvalidAnswer) as info:
        parse_int(text, 0, 10)
    assert info.value.key == "error.answer.not_a_number"
    assert "0" in info.value.message("uk") and "10" in info.value.message("uk")


@pytest.mark.parametrize("text", ["", "  ", "\t\n"])
def test_an_empty_box_is_said_to_be_empty_not_quoted_back(text: str) -> None:
    """Issue 43, item 4: OK on an empty box answered "Enter a whole number from 0 to 40 (you
    gave '')". Now it says nothing was typed (the echo's "you gave nothing"), and the range."""
    with pytest.raises(InvalidAnswer) as info:
        parse_int(text, 0, 40)
    for lang, nothing in (("en", "you gave nothing"), ("uk", "ви нічого не ввели")):
        said = info.value.message(lang)
        assert "''" not in said and "0" in said and "40" in said and nothing in said, said


def test_numbers_out_of_range_are_refused() -> None:
    with pytest.raises(InvalidAnswer) as info:
        parse_int("11", 0, 10)
    assert info.value.key == "error.answer.out_of_range"


def test_describe_never_fails_and_stays_short() -> None:
    deep: list[object] = []
    for _ in range(10_000):
        deep = [deep]
    for value in (10**5000, deep, "x" * 10_000, {i: i for i in range(100)}, object()):
        assert len(describe(value)) <= 60


@pytest.mark.parametrize("text", ["²", "٣", "--1", "1" * 5000, "3.0", " "])
def test_int_options_parse_only_ascii_numbers(text: str) -> None:
    spec = OptionSpec("rounds", "int", 3, choices=(1, 2, 3))
    with pytest.raises(InvalidOption):
        spec.coerce(text)
    assert spec.coerce(" 2 ") == 2


def test_options_never_take_a_lookalike_of_an_allowed_value() -> None:
    spec = OptionSpec("rounds", "int", 3, choices=(1, 2, 3))
    value: object
    for value in (True, 1.0, [1], {"1": 1}, None):
        with pytest.raises(InvalidOption):
            spec.coerce(value)
    flag = OptionSpec("shadow", "bool", True)
    for value in (1, "maybe", None):
        with pytest.raises(InvalidOption):
            flag.coerce(value)


@pytest.mark.parametrize("seed", [True, 1.5, "7", 2**53, -(2**53), 10**5000],
                         ids=["bool", "float", "text", "above", "below", "huge"])
def test_a_seed_is_a_bounded_whole_number(seed: object) -> None:
    with pytest.raises(InvalidOption) as info:
        automa.new_game("demo", seed=seed)  # type: ignore[arg-type]
    assert info.value.key == "error.option.bad_seed"
    assert automa.new_game("demo", seed=automa.SEED_MAX).seed == automa.SEED_MAX
    assert automa.parse_int(str(automa.SEED_MAX), 0, automa.SEED_MAX) == automa.SEED_MAX
