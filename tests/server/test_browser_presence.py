"""Presence and the way back in a real browser, at 1280 and 390 px: each seat's face drawn
from its name (the same on every page), night and day on the page, the voices toggle
reading public speeches through speechSynthesis (stubbed in the page), and at the end the
game's page and "play again", which brings every person to their new seat."""

from __future__ import annotations

import json
import random
import re
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from tests.server.helpers import answer_for
from tests.server.test_browser import browser, server  # noqa: F401  (the fixtures)
from tests.server.test_browser_lobby import DESKTOP, PHONE, create_table, open_seat

SPEECH_STUB = """
window.__spoken = [];
const voices = [{name: "Alice", lang: "en-US"}, {name: "Bob", lang: "en-GB"},
                {name: "Li", lang: "zh-CN"}];
Object.defineProperty(window, "speechSynthesis", {value: {
  getVoices: () => voices, cancel: () => {},
  speak: (u) => window.__spoken.push({text: u.text, lang: u.lang,
    voice: u.voice ? u.voice.name : null, pitch: u.pitch, rate: u.rate})}});
window.SpeechSynthesisUtterance = function (text) { this.text = text; };
"""
PHASES = """new MutationObserver(() => window.__phases.push(document.body.dataset.phase))
  .observe(document.body, {attributes: true, attributeFilter: ["data-phase"]});"""
FACES = """() => [...document.querySelectorAll("#ring .seat")].map(
  (s) => s.querySelector("svg.avatar").outerHTML)"""


def api(base: str, path: str, body: dict[str, Any] | None = None) -> Any:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data, headers={
        "Content-Type": "application/json"}, method="POST" if data else "GET")
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)


def answer_until_over(base: str, seats: dict[str, str], timeout_s: float = 90.0) -> None:
    """Answer every person's pending decision through the API until the game is over."""
    rng = random.Random(7)
    stop = time.monotonic() + timeout_s
    while time.monotonic() < stop:
        over = True
        for seat, link in seats.items():
            table, token = link.split("/")[2], link.split("token=")[1]
            path = f"/api/tables/{table}/seats/{seat}"
            view = api(base, f"{path}?token={token}")
            over = over and view["over"]
            if view["pending"] is not None:
                try:
                    api(base, f"{path}/answer?token={token}", answer_for(view["pending"], rng))
                except urllib.error.HTTPError as exc:
                    assert exc.code == 409  # it ran out meanwhile
        if over:
            return
        time.sleep(0.05)
    raise AssertionError("the game did not end in time")


@pytest.mark.slow
def test_each_face_comes_from_the_name_alone(server: tuple[str, Path],  # noqa: F811
                                             browser: Browser) -> None:  # noqa: F811
    base, _ = server
    table = create_table(base, humans=[1, 2])
    seats, spectator = table["seats"], table["spectator"]
    assert isinstance(seats, dict) and isinstance(spectator, str)
    seat = open_seat(browser, base, seats["1"], DESKTOP)
    watch = open_seat(browser, base, spectator, PHONE)
    expect(seat.locator("#ring .seat svg.avatar")).to_have_count(8)
    expect(watch.locator("#ring .seat svg.avatar")).to_have_count(8)
    faces = seat.evaluate(FACES)
    assert watch.evaluate(FACES) == faces  # the same names, the same faces
    assert len(set(faces)) == 8
    header = seat.evaluate("getComputedStyle(document.querySelector('header'))"
                           ".transitionDuration")
    assert header == "1.2s"
    seat.close()
    watch.close()


@pytest.mark.slow
def test_voices_night_and_play_again(server: tuple[str, Path],  # noqa: F811
                                     browser: Browser) -> None:  # noqa: F811
    base, _ = server
    table = create_table(base, humans=[1, 2], turn_s=20, night_step_s=0.3)
    seats, spectator = table["seats"], table["spectator"]
    assert isinstance(seats, dict) and isinstance(spectator, str)
    desk = browser.new_page(viewport=DESKTOP)  # type: ignore[arg-type]
    desk.add_init_script(SPEECH_STUB)
    desk.add_init_script("window.__phases = []; addEventListener('DOMContentLoaded', () => {"
                         + PHASES + "});")
    desk.goto(base + seats["1"])
    desk.click("#voices")
    expect(desk.locator("#voices")).to_have_attribute("aria-pressed", "true")
    phone = open_seat(browser, base, seats["2"], PHONE)
    watch = open_seat(browser, base, spectator, DESKTOP)
    answer_until_over(base, seats)
    # night and day marked on the page as the phases came
    phases = desk.evaluate("window.__phases")
    assert "night" in phases and "day" in phases
    # every public speech read aloud in English, one voice (voice, pitch, rate) per seat
    expect(desk.locator("#game-link")).to_be_visible(timeout=10_000)
    spoken = desk.evaluate("window.__spoken")
    speeches = desk.evaluate("""() => [...document.querySelectorAll(
        "#record li.ev-speech:not(.private)")].map((li) => [+li.dataset.seat,
        li.querySelector(".speech-text").textContent])""")
    said = [text for _, text in speeches if text.strip()]
    assert [u["text"] for u in spoken] == said[len(said) - len(spoken):] and spoken
    assert {u["lang"] for u in spoken} == {"en-US"}
    by_text: dict[str, set[int]] = {}
    for seat, text in speeches:
        by_text.setdefault(text, set()).add(seat)
    voice_of: dict[int, tuple[Any, ...]] = {}
    for u in spoken:
        (seat,) = by_text[u["text"]] if len(by_text[u["text"]]) == 1 else (0,)
        if seat:
            combo = (u["voice"], u["pitch"], u["rate"])
            assert voice_of.setdefault(seat, combo) == combo
    assert len(voice_of) >= 2 and len(set(voice_of.values())) == len(voice_of)
    # the game's page (god view: its script runs under the page's own policy)
    game = browser.new_page(viewport=DESKTOP)  # type: ignore[arg-type]
    game.goto(base + str(desk.locator("#game-link").get_attribute("href")))
    expect(game.locator(".nojs")).to_have_count(0)  # its script ran (and removed the note)
    game.select_option("#view", index=1)
    expect(game.locator("section.view:visible")).to_have_count(1)
    assert game.locator("section.view:visible").get_attribute("data-view") == \
        game.locator("#view").input_value()
    # play again, pressed on the phone: it goes to its new seat; the others get a link
    expect(phone.locator("#again")).to_be_visible(timeout=10_000)
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    phone.click("#again")
    phone.wait_for_url(re.compile(r"/play/(?!{})[^/]+/2\?token=".format(table["table"])))
    link = desk.locator("#again-link")
    expect(link).to_be_visible(timeout=10_000)
    href = str(link.get_attribute("href"))
    assert href.startswith("/play/") and "/1?token=" in href
    expect(watch.locator("#again-link")).to_have_attribute("href", re.compile(r"^/watch/"),
                                                           timeout=10_000)
    link.click()
    expect(desk.locator("#lobby")).to_be_hidden(timeout=10_000)  # both are here: it starts
    for page in (desk, phone, watch, game):
        page.close()
