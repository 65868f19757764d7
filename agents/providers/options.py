"""The settings a command line gives its seats' providers, and their API keys: read
from environment variables only (a dummy for a server on this machine), masked in
messages."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from agents.providers.base import ProviderError
from agents.providers.capabilities import Capabilities
from agents.providers.retry import RetryPolicy

LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "::1", "0.0.0.0"})
DUMMY_KEY = "not-needed"


@dataclass(frozen=True, slots=True)
class ProviderOptions:
    """Settings shared by the seats a command line configures.

    ``base_url`` and ``api_key_env`` apply when the spec does not say otherwise;
    ``temperature`` is used when a request sets none; ``max_tokens`` caps every
    request's own limit; ``timeout_s`` bounds each HTTP attempt; ``capabilities``
    are settings over the model's in capabilities.toml (those it sets).
    """

    base_url: str | None = None
    api_key_env: str | None = None
    temperature: float | None = None
    max_tokens: int | None = None
    max_concurrency: int = 8
    timeout_s: float = 60.0
    retry: RetryPolicy = field(default_factory=RetryPolicy)
    capabilities: Capabilities | None = None


def is_local(base_url: str | None) -> bool:
    """True for a server on this machine (where a missing key is fine)."""
    if not base_url:
        return False
    host = urlsplit(base_url).hostname or ""
    return host in LOCAL_HOSTS or host.startswith("127.") or host.endswith(".localhost")


def read_key(env: str, base_url: str | None) -> str:
    """The key in ``env``; a dummy for a local server; otherwise ProviderError."""
    value = os.environ.get(env, "").strip()
    if value:
        return value
    if is_local(base_url):
        return DUMMY_KEY
    raise ProviderError(f"{env} is not set")


def scrub(text: str, secret: str) -> str:
    """``text`` with the key masked (for messages built from server answers)."""
    return text.replace(secret, "***") if len(secret) >= 8 else text
