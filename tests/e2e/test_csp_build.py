"""build.py writes the page's Content-Security-Policy from the inline scripts it keeps."""

from __future__ import annotations

import base64
import hashlib

import pytest

from buildsteps.common import BuildError
from buildsteps.page import with_csp


def test_the_policy_hashes_each_inline_script_the_browser_runs() -> None:
    """Inline scripts are allowed by their sha256; files and PyScript's Python are not hashed."""
    html = (b"<head><!--CSP--><script>var a = 1;</script><script type=\"module\" "
            b"src=\"./x.js\"></script></head><script type=\"py\">import app</script>")
    digest = base64.b64encode(hashlib.sha256(b"var a = 1;").digest()).decode()
    page = with_csp(html).decode()
    policy = page.split('content="', 1)[1].split('"', 1)[0]
    script_src = policy.split("script-src ", 1)[1].split(";", 1)[0]
    assert script_src.count("'sha256-") == 1 and f"'sha256-{digest}'" in script_src
    assert "'unsafe-inline'" not in script_src and "default-src 'self'" in policy
    assert "object-src 'none'" in policy and "base-uri 'none'" in policy


def test_a_page_without_the_placeholder_stops_the_build() -> None:
    """The policy is never silently left out."""
    with pytest.raises(BuildError):
        with_csp(b"<head></head>")
