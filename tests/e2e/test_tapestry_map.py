"""Tapestry with the map twin on a 360×780 phone, in English and in Ukrainian at the largest
text size: every hex a tap target of at least 44 px, nothing scrolls sideways, the answer on
the first screen; a hex is marked in two taps, and the Automa's hexes are picked and ringed
on the map."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page

from tests.e2e.helpers import FIRST_SCREEN_JS, answer, game_state, open_app, wait_ready

pytestmark = pytest.mark.e2e

MAP_JS = """() => {
  const map = document.querySelector('#prompt-body svg.board-map, svg.board-map');
  if (!map) return null;
  const hexes = [...map.querySelectorAll('g.hex')].map(g => {
    const r = g.querySelector('polygon').getBoundingClientRect();
    return {w: r.width, h: r.height, tap: g.dataset.act === 'proc'};
  });
  const root = document.documentElement;
  return {hexes, sideways: root.scrollWidth - innerWidth,
          ringed: !!map.querySelector('g.hex polygon[stroke="#111"]')};
}"""
"""The map's hexes as drawn (their size and whether a tap marks them), how far the page
overflows sideways, and whether a hex is ringed as the Automa's."""


def _check(page: Page, where: str) -> dict[str, Any] | None:
    found: dict[str, Any] | None = page.evaluate(MAP_JS)
    if found is None:
        return None
    assert len(found["hexes"]) == 34, where
    small = [h for h in found["hexes"] if min(h["w"], h["h"]) < 44]
    assert not small, f"{where}: hexes under 44 px: {small[:3]}"
    assert found["sideways"] <= 0, f"{where}: the page scrolls sideways by {found['sideways']}"
    screen = page.evaluate(FIRST_SCREEN_JS)
    assert screen is not None and not screen["off"], f"{where}: {screen}"
    return found


@pytest.mark.parametrize(("lang", "text"), [("en", 1.0), ("uk", 1.3)])
def test_tapestry_with_the_map_at_360x780(page: Page, base_url_app: str, lang: str,
                                          text: float) -> None:
    page.set_viewport_size({"width": 360, "height": 780})
    open_app(page, base_url_app, lang=lang)
    page.evaluate("([lang, text]) => localStorage.setItem('automa.settings',"
                  " JSON.stringify({lang, text}))", [lang, text])
    page.reload()
    wait_ready(page)
    page.click('button[data-act="new"][data-arg="tapestry"]')
    page.wait_for_selector("#new-form")
    page.fill("#seed", "7")
    page.check('input[name="opt-map"][value="0"]')  # "yes": the map
    page.click('button[data-act="start"]')
    page.wait_for_selector("#prompt")
    marked = False
    picked: list[str] = []
    for i in range(160):
        key = page.get_attribute("#prompt", "data-key") or ""
        found = _check(page, f"{lang} #{i} {key}")
        if key == "tapestry.q.bots_turn" and not marked:
            assert found is not None and all(h["tap"] for h in found["hexes"])
            page.click("#prompt-body details.board-fold > summary")  # the map, folded
            # tap 1: the hex (column 3, the top hex); tap 2: what lies on it
            page.click('svg.board-map g.hex[data-arg="map.-1,-3"]')
            page.wait_for_selector('#prompt[data-key="tapestry.q.map_mark"]')
            _check(page, f"{lang} mark")
            page.click('#dock button[data-act=pick][data-arg="1"]')  # explored
            page.wait_for_selector('#prompt[data-key="tapestry.q.bots_turn"]')
            assert game_state(page)["data"]["map"]["-1,-3"] == "tile"
            marked = True
            continue
        if key.startswith("tapestry.q.map_") and key != "tapestry.q.map_mark":
            assert found is not None and found["ringed"], key
            picked.append(key)
        if answer(page, 0.99 if key == "tapestry.q.map_trap" else 0.0) is None:
            break
        if len(picked) >= 3:
            break
    assert marked and picked, "no hex the Automa took was shown on the map"
