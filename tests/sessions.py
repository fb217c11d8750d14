"""Small typed helpers over a session, shared by every game's tests."""

from __future__ import annotations

from automa.core.prompts import Prompt
from automa.core.records import Shown
from automa.core.session import Session


def asked(session: Session) -> Prompt:
    """The question the session waits on; the test fails here if the game asks nothing."""
    prompt = session.prompt
    assert prompt is not None, "the game asks nothing: it is over"
    return prompt


def key_of(value: Shown) -> str:
    """The message id of a shown value; the test fails here if it is no message reference."""
    assert isinstance(value, dict), f"{value!r} is no message reference"
    return value["key"]
