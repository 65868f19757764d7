"""Play against models in the browser (Playwright, Chromium): the host opens the host
link, seats a person beside model seats served by the local stub server, and plays to
the end; the seats glow while a model thinks, the table's budget hands the models over
to a bot and everyone is told, and the end screen names each seat's agent. A page
without the host token cannot create a table."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from agents.seat_options import SeatOptions
from arena.app.server import create_app
from arena.app.server.profiles import ProfileFile, Profiles
from tests.llm.stub_server import StubServer
from tests.server.helpers import HOST_TOKEN, served
from tests.server.test_browser import ARTIFACTS, browser, open_seat, play  # noqa: F401

THINKING_JS = "() => document.querySelectorAll('#ring .seat.thinking').length"


@pytest.fixture(scope="module")
def model_server(tmp_path_factory: pytest.TempPathFactory
                 ) -> Iterator[tuple[str, Path, StubServer]]:
    """A web server offering one model profile served by the stub; a small table budget."""
    out = tmp_path_factory.mktemp("transcripts")
    with StubServer(delay_s=0.05) as stub:
        profiles = Profiles(ProfileFile(profiles={"mini": SeatOptions(
            agent=f"openai:gpt-5-mini@{stub.openai_url}", max_tokens=200)}))
        with served(create_app(out, host_token=HOST_TOKEN, profiles=profiles,
                               table_budget_usd=0.004, night_step_s=0.0, speech_s=0.0)) as web:
            yield web.url, out, stub


def host_page(browser: Browser, base: str) -> Page:  # noqa: F811
    """The host page, opened with the host link, its form ready."""
    host = browser.new_page()
    host.goto(base + "/#host=" + HOST_TOKEN)
    host.wait_for_selector("#preset option[value='classic-8']", state="attached")
    return host


@pytest.mark.slow
def test_a_person_plays_model_seats_to_the_end_in_the_browser(
        browser: Browser, model_server: tuple[str, Path, StubServer]) -> None:  # noqa: F811
    base, _, stub = model_server
    host = host_page(browser, base)
    host.wait_for_function(
        "() => document.getElementById('offered').textContent.includes('mini')")
    host.select_option("#preset", "classic-8")
    host.fill("#humans", "1")
    host.fill("#agents", "2=mini, 3=mini, 4=mini")
    host.select_option("#bots", "heuristic")
    host.select_option("#stand_in", "heuristic")
    host.fill("#turn", "30")
    host.fill("#seed", "5")
    host.click("#create-button")
    host.wait_for_selector("#links a")
    seat_link = host.locator("#links a").first.get_attribute("href") or ""
    errors: list[str] = []
    page = open_seat(browser, seat_link, errors)
    glowed: list[int] = []
    play({1: page}, timeout_s=120,
         check=lambda p: glowed.append(p.evaluate(THINKING_JS)))
    page.wait_for_selector("#final:not([hidden])")
    agents = page.locator("#final-rows tr td:last-child").all_inner_texts()
    assert agents[0] == "human" and agents[1] == "openai:gpt-5-mini"
    assert set(agents[4:]) == {"heuristic"}
    record = page.locator("#record").inner_text()
    assert "a bot plays" in record  # the table's budget ran out: every player is told
    assert stub.seen, "the model seats called the stub server"
    assert errors == []
    # the end screen as docs/web/table-models.png shows it (copied there by hand: a test
    # run never writes into the tree)
    ARTIFACTS.mkdir(exist_ok=True)
    page.set_viewport_size({"width": 1200, "height": 800})
    page.screenshot(path=str(ARTIFACTS / "table-models.png"))
    host.reload()
    host.wait_for_function("() => document.getElementById('spend').textContent.includes('$')")
    assert "$0.00" in host.locator("#spend-tables").inner_text()


@pytest.mark.slow
def test_a_page_without_the_host_token_creates_nothing(
        browser: Browser, model_server: tuple[str, Path, StubServer]) -> None:  # noqa: F811
    base, out, _ = model_server
    before = sorted(out.glob("*.jsonl"))
    for link in ("/", "/#host=not-the-token"):  # a fresh context: no token in its storage
        page = browser.new_context().new_page()
        page.goto(base + link)
        page.wait_for_function("() => document.getElementById('error').textContent.length > 0")
        assert "host link" in page.locator("#error").inner_text()
        page.wait_for_selector("#preset option[value='classic-8']", state="attached")
        assert page.locator("#create").is_hidden()  # said up front: no form to fill in vain
    assert sorted(out.glob("*.jsonl")) == before
