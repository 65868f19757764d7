"""Retry-After parsing, status classification, the retry loop and the shared pools."""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime

import pytest

from agents.providers.base import ProviderError
from agents.providers.retry import (
    RetryPolicy,
    Transient,
    call_with_retries,
    pool,
    retry_after_s,
    status_failure,
)

NOW = datetime(2025, 1, 1, 12, 0, 0, tzinfo=UTC)
QUICK = RetryPolicy(attempts=3, base_s=0.01, max_s=0.02, jitter_s=0.0)


@pytest.mark.parametrize(("headers", "expected"), [
    ({"retry-after": "7"}, 7.0),
    ({"retry-after": "0.25"}, 0.25),
    ({"retry-after-ms": "1500", "retry-after": "9"}, 1.5),
    ({"retry-after": "Wed, 01 Jan 2025 12:00:30 GMT"}, 30.0),
    ({"retry-after": "Wed, 01 Jan 2025 11:59:00 GMT"}, 0.0),   # already past
    ({"retry-after": "-4"}, 0.0),
    ({"retry-after": "soon"}, None),
    ({}, None),
])
def test_retry_after(headers: dict[str, str], expected: float | None) -> None:
    assert retry_after_s(headers, now=NOW) == expected


@pytest.mark.parametrize("code", [408, 409, 429, 500, 502, 503, 529])
def test_statuses_worth_another_try(code: int) -> None:
    failure = status_failure("m", code, "busy", {"retry-after": "2"})
    assert isinstance(failure, Transient)
    assert failure.retry_after == 2.0


@pytest.mark.parametrize("code", [400, 401, 403, 404, 422])
def test_statuses_that_fail_for_good(code: int) -> None:
    failure = status_failure("openai:m", code, "bad request", {})
    assert isinstance(failure, ProviderError)
    assert str(failure) == f"openai:m: HTTP {code}: bad request"


def test_retries_until_success_and_reports_the_last_latency() -> None:
    calls: list[float] = []

    async def attempt() -> str:
        calls.append(time.perf_counter())
        if len(calls) < 3:
            raise Transient("HTTP 500")
        await asyncio.sleep(0.02)
        return "ok"

    result, latency, failed = asyncio.run(call_with_retries(
        attempt, key="k", size=1, policy=QUICK, what="m", model="stub"))
    assert (result, len(calls)) == ("ok", 3)
    assert 0.02 <= latency < 0.2
    assert [(u.model, u.attempt, u.error, u.input_tokens) for u in failed] == [
        ("stub", 1, "HTTP 500", 0), ("stub", 2, "HTTP 500", 0)]


def test_waits_at_least_retry_after() -> None:
    calls: list[float] = []

    async def attempt() -> str:
        calls.append(time.perf_counter())
        if len(calls) == 1:
            raise Transient("HTTP 429", retry_after=0.2)
        return "ok"

    asyncio.run(call_with_retries(attempt, key="k", size=1, policy=QUICK, what="m"))
    assert calls[1] - calls[0] >= 0.2


def test_gives_up_after_the_last_attempt() -> None:
    calls = 0

    async def attempt() -> str:
        nonlocal calls
        calls += 1
        raise Transient("HTTP 503")

    with pytest.raises(ProviderError, match=r"^m: gave up after 3 attempts \(HTTP 503\)$"
                       ) as failure:
        asyncio.run(call_with_retries(attempt, key="k", size=1, policy=QUICK, what="m"))
    assert calls == 3
    assert [(u.attempt, u.error) for u in failure.value.usage] == [
        (1, "HTTP 503"), (2, "HTTP 503"), (3, "HTTP 503")]


def test_other_errors_are_not_retried() -> None:
    calls = 0

    async def attempt() -> str:
        nonlocal calls
        calls += 1
        raise status_failure("m", 400, "no sk-secret here", {})

    with pytest.raises(ProviderError, match="HTTP 400") as failure:
        asyncio.run(call_with_retries(attempt, key="k", size=1, policy=QUICK, what="m"))
    assert calls == 1
    assert failure.value.status == 400
    assert [(u.attempt, u.error) for u in failure.value.usage] == [(1, "HTTP 400")]


def test_one_pool_per_key_in_a_loop_first_size_wins() -> None:
    async def pools() -> tuple[asyncio.Semaphore, ...]:
        return pool("a", 2), pool("a", 5), pool("b", 1)

    first, again, other = asyncio.run(pools())
    assert first is again and first is not other
    assert first._value == 2
    assert asyncio.run(pools())[0] is not first  # a new event loop gets new pools
