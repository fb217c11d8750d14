"""build.py writes each rule guide as a static page (no browser): checked, with its policy,
relative links, precached by the service worker; a malformed guide stops the build."""

from __future__ import annotations

import json
import re
import zipfile
from pathlib import Path

import pytest

from buildsteps.common import ROOT, BuildError
from buildsteps.guides import check_guides
from buildsteps.page import content_security_policy

GAMES = [{"id": "tapestry"}, {"id": "civ_new_dawn"}]


def test_a_malformed_guide_stops_the_build_with_a_clear_message(tmp_path: Path) -> None:
    for lang in ("en", "uk"):
        (tmp_path / lang / "guide").mkdir(parents=True)
        (tmp_path / lang / "guide" / "tapestry.toml").write_text(
            '[guide]\ntitle = "T"\nintro = ""\n[[guide.section]]\ntitle = "S"\n', "utf-8")
    with pytest.raises(BuildError) as error:
        check_guides(GAMES, tmp_path)
    message = str(error.value)
    assert message.startswith("invalid rule guide:")
    assert "tapestry.toml section 1: `body` must be a text" in message


def test_a_guide_missing_in_one_language_stops_the_build(tmp_path: Path) -> None:
    (tmp_path / "en" / "guide").mkdir(parents=True)
    (tmp_path / "en" / "guide" / "civ_new_dawn.toml").write_text(
        '[guide]\ntitle = "T"\nintro = ""\n[[guide.section]]\ntitle = "S"\nbody = "B"\n')
    with pytest.raises(BuildError, match=r"civ_new_dawn: no guide in 'uk'"):
        check_guides(GAMES, tmp_path)


def test_every_guide_is_a_page_per_language_with_the_policy(built: Path) -> None:
    guides = sorted(p.stem for p in (ROOT / "i18n" / "en" / "guide").glob("*.toml"))
    assert guides
    index = (built / "index.html").read_text()
    index_policy = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', index)
    assert index_policy
    sw = (built / "sw.js").read_text()
    built_values = (built / "shell" / "built.mjs").read_text()
    # the shell's header offers them (the values the build writes into the shell's module)
    assert f"export const GUIDES = {json.dumps(guides)};" in built_values
    for game in guides:
        for lang in ("en", "uk"):
            name = f"guide/{game}.{lang}.html"
            html = (built / name).read_text()
            policy = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', html)
            assert policy, name
            assert policy[1] == content_security_policy(html.encode())
            # the same policy as the app's page, but for the hashes of the inline scripts
            same = re.sub(r"'sha256-[^']+' ", "", policy[1])
            assert same == re.sub(r"'sha256-[^']+' ", "", index_policy[1])
            assert policy[1].count("'sha256-") == html.count("<script>") == 1
            assert f'<html lang="{lang}">' in html and 'href="../style.css"' in html
            assert 'href="../"' in html  # back to the app, relative (works under a sub-path)
            assert not re.search(r'(href|src)="(/|https?:)', html)
            assert f'"./{name}"' in sw  # precached: the guides work offline
    with zipfile.ZipFile(built / "pkgs" / "automa.zip") as z:
        games = json.loads(z.read("automa/_data/games.json"))
        assert not any("/guide/" in n for n in z.namelist())  # no guide text in the engine
    assert {g["id"] for g in games if g.get("guide")} == set(guides)
