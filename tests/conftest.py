"""Fixtures shared by every test folder."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.llm.stub_server import StubServer


@pytest.fixture
def stub() -> Iterator[StubServer]:
    """The local model-API stub server (OpenAI and Anthropic shapes), for one test."""
    with StubServer() as server:
        yield server
