"""A circuit breaker per model endpoint: a game stops when its endpoint can no longer play.

Every model call of a seat (one ``provider.complete``, its retries inside it) succeeds
or fails; the calls to one endpoint (provider kind, base URL and model) share one
``Breaker`` in the running event loop, so the seats of a game, and the games of a
tournament, count together. After ``failures`` failed calls in a row, or ``seconds``
since the first of the failing calls in a row began, the breaker trips: the call that
tripped it fails as any failed call does (the judge records it and falls back), and the
next call to the endpoint raises ``EndpointDown`` instead of being sent (a ``StopGame``:
the game ends ``aborted``). A call the judge's time limit cut off counts as failed; a
successful call (an answer, usable or not) resets the count; a spending cap and a
prompt too long for the context window (folded and sent again) are not the endpoint's
failures.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass

from agents.providers.base import (
    BudgetSpent,
    ChatProvider,
    ChatReply,
    ChatRequest,
    ContextExceeded,
    ProviderError,
)
from agents.providers.describe import safe_url
from arena.engine import StopGame

FAILURES = 5  # failed calls in a row
SECONDS = 120.0  # seconds since the first of the failing calls in a row began
REASON_CHARS = 160  # of a failure's message, in the cause


@dataclass(frozen=True, slots=True)
class Limits:
    """When a breaker trips; ``arena play --abort-after``, a tournament's ``abort_after``."""

    failures: int = FAILURES
    seconds: float = SECONDS


class EndpointDown(StopGame):
    """The endpoint's breaker tripped: the game cannot go on with this seat."""


def endpoint_name(provider: ChatProvider) -> str:
    """``kind:model at URL`` (scrubbed), or the provider's key where it has no URL."""
    kind, _, where = provider.key.partition("@")
    if kind in ("openai", "anthropic"):
        return f"{kind}:{provider.model} at {safe_url(where)}"
    return provider.key.replace("@", ":", 1) if kind == "langchain" else provider.key


class Breaker:
    """The calls to one endpoint: failures in a row, since when, and whether it tripped."""

    def __init__(self, endpoint: str, limits: Limits) -> None:
        self.endpoint, self.limits = endpoint, limits
        self.failed = 0
        self.since: float | None = None  # when the first failing call in a row began
        self.last = ""  # why the last call failed
        self.tripped: str | None = None  # the cause, once tripped

    async def call(self, provider: ChatProvider, request: ChatRequest) -> ChatReply:
        """``provider.complete(request)``, counted; EndpointDown instead once tripped. The
        call that trips it fails as it would (the judge records it); the next one stops."""
        from agents.providers.retry import CUT_OFF

        self.check()
        began = time.monotonic()
        try:
            reply = await provider.complete(request)
        except (BudgetSpent, ContextExceeded):  # a cap, a prompt to fold: the endpoint is up
            raise
        except ProviderError as exc:
            self._failed(began, " ".join(str(exc).split())[:REASON_CHARS])
            raise
        except asyncio.CancelledError:  # the judge's time limit (or the game stopping)
            self._failed(began, CUT_OFF)
            raise
        self.failed, self.since = 0, None
        return reply

    def check(self) -> None:
        """EndpointDown if the breaker has tripped, or trips now by time."""
        if self.tripped is None and self.since is not None:
            self._trip(time.monotonic())
        if self.tripped is not None:
            raise EndpointDown(self.tripped, endpoint=self.endpoint)

    def _failed(self, began: float, reason: str) -> None:
        self.failed, self.last = self.failed + 1, reason
        self.since = began if self.since is None else self.since
        self._trip(time.monotonic())

    def _trip(self, now: float) -> None:
        assert self.since is not None
        if self.tripped is not None:
            return
        if self.failed >= self.limits.failures:
            self.tripped = f"{self.failed} failed calls in a row (the last: {self.last})"
        elif now - self.since >= self.limits.seconds:
            self.tripped = (f"no successful call for {now - self.since:.0f} s "
                            f"({self.failed} failed in a row, the last: {self.last})")


def breaker_for(provider: ChatProvider, limits: Limits) -> Breaker:
    """The running loop's breaker of ``provider``'s endpoint (the first to ask sets its
    limits)."""
    from agents.providers.retry import shared  # the HTTP machinery: only for model seats

    endpoint = endpoint_name(provider)
    return shared(("breaker", provider.key, provider.model),
                  lambda: Breaker(endpoint, limits))
