"""What a transcript header records about a model seat's endpoint: enough to run it
again, never a secret."""

from __future__ import annotations

from functools import cache
from importlib import metadata
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from agents.providers.base import ChatProvider

SDKS = {"openai": "openai", "anthropic": "anthropic", "langchain": "langchain-core"}


def safe_url(url: str) -> str:
    """``url`` without user name, password, query or fragment (where tokens hide)."""
    parts = urlsplit(url)
    if not parts.scheme:
        return url.partition("?")[0]
    host = parts.hostname or ""
    if ":" in host:
        host = f"[{host}]"
    netloc = f"{host}:{parts.port}" if parts.port is not None else host
    return urlunsplit((parts.scheme, netloc, parts.path, "", ""))


def safe_spec(spec: str) -> str:
    """An agent spec with its base URL (``KIND:MODEL@URL``) scrubbed by ``safe_url``."""
    head, at, url = spec.partition("@")
    return f"{head}@{safe_url(url)}" if at else spec


@cache
def sdk_version(kind: str) -> str | None:
    try:
        return f"{SDKS[kind]} {metadata.version(SDKS[kind])}"
    except (KeyError, metadata.PackageNotFoundError):
        return None


def describe(provider: ChatProvider) -> dict[str, Any]:
    """Provider kind, model (as usage events name it), base URL (scrubbed) and SDK."""
    kind, _, where = provider.key.partition("@")
    return {"provider": kind, "model": provider.model,
            "base_url": safe_url(where) if kind in ("openai", "anthropic") else None,
            "sdk": sdk_version(kind)}
