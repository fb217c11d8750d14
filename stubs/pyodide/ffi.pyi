"""Type stubs for ``pyodide.ffi``: proxies between Python and JavaScript."""

from collections.abc import Callable
from typing import Any

jsnull: Any

def create_proxy(obj: Callable[..., Any]) -> Any: ...
