"""Type stubs for PyScript's ``pyscript`` module (the page's DOM, seen from Python)."""

from typing import Any

document: Any
window: Any
