"""The host page's start with a model: the host picks an offered model for the seats
nobody opened, presses *Start now*, and the page says who plays them."""

from __future__ import annotations

import urllib.error
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.llm.stub_server import StubServer
from tests.server.test_browser import browser  # noqa: F401  (the fixture)
from tests.server.test_browser_models import host_page, model_server  # noqa: F401


@pytest.mark.slow
def test_the_host_starts_with_a_model_from_the_page(
        browser: Browser, model_server: tuple[str, Path, StubServer]) -> None:  # noqa: F811
    base, _, _ = model_server
    host = host_page(browser, base)
    host.fill("#humans", "1, 2")
    host.fill("#seed", "5")
    host.click("#create-button")
    host.wait_for_selector("#start-fill option[value='mini']", state="attached")
    late = host.locator("#links a").nth(1).get_attribute("href") or ""
    host.select_option("#start-fill", "mini")
    host.click("#start-now button")
    expect(host.locator("#started")).to_have_text(
        "Started; mini (openai:gpt-5-mini) plays seats 1, 2.")
    with pytest.raises(urllib.error.HTTPError) as refused:  # the model has the seat now
        urllib.request.urlopen(late, timeout=10)
    assert refused.value.code == 403
