"""Fixtures for the model-provider tests: a stub server, fake keys, vcr cassettes."""

from __future__ import annotations

import os
from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

import pytest
import vcr  # type: ignore[import-untyped]

from agents.providers.registry import ProviderOptions
from agents.providers.retry import RetryPolicy

CASSETTES = Path(__file__).parent / "cassettes"
FAKE_KEY = "sk-test-FAKE-KEY-5f0c3a9e71d24b68"
SECRET_HEADERS = ("authorization", "x-api-key", "api-key", "openai-organization")
FAST = ProviderOptions(timeout_s=0.5, max_concurrency=8,
                       retry=RetryPolicy(attempts=4, base_s=0.01, max_s=0.05, jitter_s=0.0))


def record_mode() -> str:
    """Replay only on CI; record missing cassettes (against the stub) locally."""
    return "none" if os.environ.get("CI", "").lower() in ("1", "true", "yes") else "once"


@pytest.fixture(autouse=True)
def fake_keys(monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("OPENAI_API_KEY", FAKE_KEY)
    monkeypatch.setenv("ANTHROPIC_API_KEY", FAKE_KEY)
    return FAKE_KEY


@pytest.fixture
def cassette() -> Callable[[str], AbstractContextManager[Any]]:
    """``with cassette("name"):`` records to or replays tests/llm/cassettes/name.yaml.

    Requests match on method, path and body (not the stub's port). After a change
    to what a provider sends, delete the cassette and run the tests locally to
    record it again.
    """
    recorder = vcr.VCR(cassette_library_dir=str(CASSETTES), record_mode=record_mode(),
                       filter_headers=list(SECRET_HEADERS), match_on=("method", "path", "body"),
                       decode_compressed_response=True)
    return lambda name: recorder.use_cassette(f"{name}.yaml")
