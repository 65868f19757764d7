"""The lobby and the headline in a real browser: a seat opened before the others sees who
is there and no clock; once everyone is in, the game starts and the headline, at the top
of the page on a 390 px phone too, says the step and what dawn brought."""

from __future__ import annotations

import json
import re
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from tests.server.helpers import HOST_TOKEN
from tests.server.test_browser import browser, server  # noqa: F401  (the fixtures)

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


def create_table(base: str, **spec: object) -> dict[str, object]:
    body = json.dumps({"preset": "classic-8", "bots": "heuristic", "seed": 5, **spec}).encode()
    request = urllib.request.Request(base + "/api/tables", body, method="POST", headers={
        "X-Host-Token": HOST_TOKEN, "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        created: dict[str, object] = json.load(response)
    return created


def open_seat(browser: Browser, base: str, link: str, size: dict[str, int]) -> Page:  # noqa: F811
    page = browser.new_page(viewport=size)  # type: ignore[arg-type]
    page.goto(base + link)
    return page


def test_a_seat_waits_in_the_lobby_then_reads_the_headline(
        server: tuple[str, Path], browser: Browser) -> None:  # noqa: F811
    base, _ = server
    table = create_table(base, humans=[1, 2], turn_s=1, fallback="heuristic", show_agents=True)
    seats = table["seats"]
    assert isinstance(seats, dict)
    first = open_seat(browser, base, seats["1"], DESKTOP)
    expect(first.locator("#lobby-waiting")).to_contain_text("1 of 2 here")
    expect(first.locator("#lobby-joined")).to_have_text("At the table: seats 1; awaited: seats 2.")
    expect(first.locator("#ring-centre")).to_contain_text("Waiting for the players")
    time.sleep(1.5)  # longer than a turn: no clock may have started, no decision run out
    assert first.locator("#controls").is_hidden()
    assert first.locator("#record li").count() == 0
    phone = open_seat(browser, base, seats["2"], PHONE)
    expect(first.locator("#lobby")).to_be_hidden()
    dawn = re.compile(r"Day 1.*(peaceful night|died last night)")
    expect(phone.locator("#headline")).to_have_text(dawn, timeout=20_000)
    expect(first.locator("#ring-centre")).to_contain_text("Day 1")
    box = phone.locator("#headline").bounding_box()
    assert box is not None and box["y"] + box["height"] <= PHONE["height"]
    first.close()
    phone.close()
