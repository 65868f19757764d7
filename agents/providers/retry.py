"""Retries with backoff for transient failures; concurrency pools and HTTP pieces
shared by the seats.

Providers turn what is worth another try (429, 5xx, timeouts, dropped
connections) into ``Transient``; everything else they raise as ProviderError.
Every failed attempt is kept as a Usage with its ``error`` (no tokens), so
retries and calls that fail for good are billed and visible in transcripts.
"""

from __future__ import annotations

import asyncio
import contextvars
import ssl
import time
from collections.abc import Awaitable, Callable, Hashable, Mapping
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from functools import cache
from typing import TypeVar, cast
from weakref import WeakKeyDictionary

import httpx2
from tenacity import (
    AsyncRetrying,
    RetryCallState,
    retry_if_exception_type,
    stop_after_attempt,
    wait_exponential_jitter,
)
from tenacity.wait import wait_base

from agents.providers.base import ChatReply, ProviderError
from agents.providers.windows import context_error
from arena.engine.requests import Usage

T = TypeVar("T")
TRIES: contextvars.ContextVar[list[Usage] | None] = contextvars.ContextVar(
    "TRIES", default=None)
"""Where the running decision keeps its failed and cut-off tries as they happen, so a
decision the judge's time limit cancels still bills them (agents/llm.py ``unbilled``)."""
CUT_OFF = "cut off by the decision's time limit"
RETRY_STATUS = frozenset({408, 409, 429})


@dataclass(frozen=True, slots=True)
class RetryPolicy:
    """At most ``attempts`` tries; waits grow from ``base_s`` (doubling) up to ``max_s``."""

    attempts: int = 6
    base_s: float = 0.5
    max_s: float = 30.0
    jitter_s: float = 0.5


class Transient(Exception):
    """A failure worth another try; ``retry_after`` is the server's minimum wait."""

    def __init__(self, reason: str, retry_after: float | None = None) -> None:
        super().__init__(reason)
        self.reason, self.retry_after = reason, retry_after


def is_retryable(status: int) -> bool:
    return status in RETRY_STATUS or status >= 500


def status_failure(what: str, status: int, message: str, headers: Mapping[str, str],
                   body: object = None) -> Exception:
    """ContextExceeded for a request over the server's context window (never worth the
    same try again), a Transient for statuses worth another try, else a ProviderError."""
    too_long = context_error(what, status, message, body)
    if too_long is not None:
        return too_long
    if is_retryable(status):
        return Transient(f"HTTP {status}", retry_after_s(headers))
    return ProviderError(f"{what}: HTTP {status}: {message}", status=status)


def retry_after_s(headers: Mapping[str, str], now: datetime | None = None) -> float | None:
    """Seconds to wait from ``retry-after-ms`` or ``retry-after`` (seconds or an HTTP date)."""
    millis = headers.get("retry-after-ms")
    if millis is not None:
        try:
            return max(0.0, float(millis) / 1000)
        except ValueError:
            pass
    value = headers.get("retry-after")
    if value is None:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return max(0.0, (when - (now or datetime.now(UTC))).total_seconds())


class _Wait(wait_base):
    """Exponential backoff with jitter, but never shorter than the server's Retry-After."""

    def __init__(self, policy: RetryPolicy) -> None:
        self.backoff = wait_exponential_jitter(multiplier=policy.base_s, max=policy.max_s,
                                               jitter=policy.jitter_s)

    def __call__(self, retry_state: RetryCallState) -> float:
        wait = self.backoff(retry_state)
        failure = retry_state.outcome.exception() if retry_state.outcome else None
        if isinstance(failure, Transient) and failure.retry_after is not None:
            wait = max(wait, failure.retry_after)
        return wait


_SHARED: WeakKeyDictionary[asyncio.AbstractEventLoop, dict[Hashable, object]] = (
    WeakKeyDictionary())


def shared(key: Hashable, make: Callable[[], T]) -> T:
    """The running loop's object under ``key``, made on first use.

    Semaphores and HTTP clients belong to one event loop; keeping them per loop
    lets seats share them and providers outlive a game run with ``asyncio.run``.
    """
    objects = _SHARED.setdefault(asyncio.get_running_loop(), {})
    if key not in objects:
        objects[key] = make()
    return cast(T, objects[key])


@cache
def tls_context() -> ssl.SSLContext:
    """The HTTP clients' TLS settings, built once (loading the trust store takes ~0.1 s)."""
    return httpx2.create_ssl_context()


def pool(key: str, size: int) -> asyncio.Semaphore:
    """The semaphore all providers with this key share; the first to ask sets its size."""
    return shared(("pool", key), lambda: asyncio.Semaphore(max(1, size)))


async def call_with_retries(attempt: Callable[[], Awaitable[T]], *, key: str, size: int,
                            policy: RetryPolicy, what: str, model: str = ""
                            ) -> tuple[T, float, tuple[Usage, ...]]:
    """Run ``attempt`` until it succeeds; returns its result, the last try's latency and
    the failed tries (as Usage of ``model`` with their error).

    Each try holds a slot of the key's pool; waits between tries do not. A call that
    fails for good raises ProviderError whose ``usage`` holds every try.
    """
    limit = pool(key, size)
    retrying = AsyncRetrying(stop=stop_after_attempt(policy.attempts), wait=_Wait(policy),
                             retry=retry_if_exception_type(Transient), reraise=True)
    failed: list[Usage] = []
    tries = TRIES.get()
    try:
        async for trial in retrying:
            with trial:
                async with limit:
                    started = time.perf_counter()
                    try:
                        result = await attempt()
                    except (Transient, ProviderError) as exc:
                        failed.append(Usage(model=model, attempt=len(failed) + 1,
                                            latency_s=time.perf_counter() - started,
                                            error=_reason(exc)))
                        if tries is not None:
                            tries.append(failed[-1])
                        raise
                    except asyncio.CancelledError:  # the decision's time limit
                        if tries is not None:
                            tries.append(Usage(model=model, attempt=len(failed) + 1,
                                               latency_s=time.perf_counter() - started,
                                               error=CUT_OFF))
                        raise
                    return result, time.perf_counter() - started, tuple(failed)
    except Transient as exc:
        given_up = f"gave up after {policy.attempts} attempts ({exc.reason})"
        raise ProviderError(f"{what}: {given_up if policy.attempts > 1 else exc.reason}",
                            usage=tuple(failed)) from None
    except ProviderError as exc:
        raise exc.reworded(str(exc), usage=tuple(failed)) from None
    raise AssertionError("unreachable: tenacity stops by raising")


def _reason(exc: Exception) -> str:
    """A failed try's error for the record: short, and never a server's message (which
    may quote the key)."""
    if isinstance(exc, Transient):
        return exc.reason
    status = getattr(exc, "status", None)
    return f"HTTP {status}" if status is not None else type(exc).__name__


def retried(reply: ChatReply, failed: tuple[Usage, ...]) -> ChatReply:
    """``reply`` after ``failed`` tries: its usage numbered, the failed tries kept."""
    if not failed:
        return reply
    return replace(reply, usage=replace(reply.usage, attempt=len(failed) + 1), failed=failed)
