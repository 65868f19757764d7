"""Prompts that carry their facts, in a real browser at 390 px: the witch's save names
tonight's victim and the ring marks them; the wolves' kill buttons mark yourself and your
pack; a speech's quick claims offer living seats only and start with nothing picked."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.server.test_browser import browser, server  # noqa: F401  (the fixtures)
from tests.server.test_browser_lobby import PHONE, create_table, open_seat

WITCH_SEED = 3  # classic-8, seat 1 is the witch; the wolves attack seat 2 on night 1
WOLF_SEED = 11  # classic-8, seat 1 is a werewolf


def seat_one(browser: Browser, base: str, seed: int) -> Page:  # noqa: F811
    table = create_table(base, humans=[1], seed=seed, turn_s=60)
    seats = table["seats"]
    assert isinstance(seats, dict)
    return open_seat(browser, base, seats["1"], PHONE)


def answer(page: Page, kind: str, click: str) -> None:
    expect(page.locator("#controls")).to_have_attribute("data-kind", kind, timeout=20_000)
    page.click(click)


@pytest.mark.slow
def test_the_witch_is_told_the_victim_and_sees_them_marked(
        server: tuple[str, Path], browser: Browser) -> None:  # noqa: F811
    page = seat_one(browser, server[0], WITCH_SEED)
    expect(page.locator("#controls")).to_have_attribute("data-kind", "save", timeout=20_000)
    expect(page.locator("#prompt")).to_contain_text("Tonight's victim is P2 (seat 2)")
    expect(page.locator(".seat.victim")).to_have_attribute("data-seat", "2")
    answer(page, "save", "#no")
    answer(page, "poison", "#pass")
    expect(page.locator(".seat.victim")).to_have_count(0)
    while page.locator("#controls").get_attribute("data-kind") != "speak":  # to day 1's speech
        expect(page.locator("#controls")).to_be_visible(timeout=20_000)
        if page.locator("#controls").get_attribute("data-kind") != "speak":
            page.locator("#inputs button").first.click()
            page.wait_for_timeout(200)
    alive = {int(s) for s in page.locator(".seat.alive").evaluate_all(
        "nodes => nodes.map(n => n.dataset.seat)")}
    for picker in ("#point-target", "#check-target", "#claim-role", "#check-result"):
        expect(page.locator(picker)).to_have_value("")
    offered = page.locator("#point-target option").evaluate_all(
        "nodes => nodes.map(n => n.value).filter(Boolean).map(Number)")
    assert set(offered) == alive - {1} and offered
    page.click("#claim-accuse")  # nothing picked: no claim is added
    expect(page.locator("#claims-list .claim")).to_have_count(0)


@pytest.mark.slow
def test_the_kill_buttons_mark_yourself_and_your_pack(
        server: tuple[str, Path], browser: Browser) -> None:  # noqa: F811
    page = seat_one(browser, server[0], WOLF_SEED)
    answer(page, "speak", "#send")  # the pack's chat first
    expect(page.locator("#controls")).to_have_attribute("data-kind", "kill", timeout=20_000)
    marked = page.locator("#inputs button.option").evaluate_all(
        "nodes => nodes.filter(n => / · /.test(n.textContent)).map(n => n.textContent)")
    assert any("you" in text for text in marked), marked
    assert any("werewolf" in text for text in marked), marked
