"""Issue 30's small layout faults, measured in Chromium: the record's numbers from 100 up
are not clipped, the end's role table keeps to its column on a desktop, and neither the
table's page nor the game's page (``arena show``'s HTML) scrolls sideways at 390 px."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page

from tests.server.helpers import HOST
from tests.server.test_browser import PHONE, browser, server  # noqa: F401

MEASURE_JS = """() => {
  const box = (s) => document.querySelector(s).getBoundingClientRect();
  const record = document.getElementById('record');
  const items = record.querySelectorAll('li');
  const canvas = document.createElement('canvas').getContext('2d');
  canvas.font = getComputedStyle(items[items.length - 1]).font;
  return {wide: document.documentElement.scrollWidth, items: items.length,
          number: canvas.measureText(items.length + '. ').width,
          room: parseFloat(getComputedStyle(record).paddingLeft),
          finalRight: box('#final-table').right, columnRight: box('#final').right};
}"""


def _ended(browser: Browser, base: str, width: int) -> Page:  # noqa: F811
    """The spectator page of a classic-12 game played by bots to its end, at ``width``."""
    made = httpx.post(base + "/api/tables", headers=HOST, json={
        "preset": "classic-12", "humans": [1], "bots": "heuristic", "seed": 3}).json()
    assert httpx.post(f"{base}/api/tables/{made['table']}/start", headers=HOST).is_success
    page = browser.new_page(viewport={"width": width, "height": 900})
    page.goto(base + made["spectator"])
    page.wait_for_selector("#final:not([hidden])", timeout=60_000)
    return page


@pytest.mark.slow
@pytest.mark.parametrize("width", [1280, PHONE["width"]])
def test_the_end_of_a_game_fits_its_page(browser: Browser, server: tuple[str, Path],  # noqa: F811
                                         width: int) -> None:
    base, _ = server
    page = _ended(browser, base, width)
    seen: dict[str, Any] = page.evaluate(MEASURE_JS)
    assert seen["items"] >= 100 and seen["number"] <= seen["room"], seen  # "183." whole
    assert seen["finalRight"] <= seen["columnRight"] + 0.5, seen
    assert seen["wide"] <= width, seen
    if width == PHONE["width"]:  # the game's page, as the end links to it
        game = browser.new_page(viewport=PHONE)
        game.goto(base + str(page.locator("#game-link").get_attribute("href")))
        game.wait_for_selector("table.reveal")
        assert game.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
