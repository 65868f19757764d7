"""The budget as a hard cap: a model call starts only if its worst case fits.

Every model call of a tournament goes through ``CappedProvider`` (the web tables' too,
with a purse of their own): before it
starts it reserves a bound on its cost (a token per byte of what it sends, every
output token it allows, at the model's dearest input and its output price); when
it returns, the reservation becomes its real cost (a call cut off without a bill,
by a timeout or Ctrl-C, keeps its bound: the provider may have billed it). A call that would not fit
waits for the calls in flight to settle; if it still does not fit, the budget is
spent and its game stops (``OutOfBudget``: the game ends ``aborted``, is kept as such
and played again on resume). So the spend never passes the cap, as long as providers
honour ``max_tokens``.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from agents.breaker import endpoint_name
from agents.providers.base import ChatProvider, ChatReply, ChatRequest, ProviderError
from agents.providers.capabilities import capabilities_for
from agents.providers.prices import MILLION, Price, price_for
from arena.engine import BaseEvent, StopGame
from arena.engine.game import usage_totals

FRAME_BYTES = 64  # per message, and once per call: roles, separators, the format hint


def worst_case_usd(price: Price | None, request: ChatRequest, limit: int) -> float:
    """A bound on what the call can cost: one token per byte sent, all output allowed
    (``limit`` when the request sets none); nothing known for an unpriced model."""
    if price is None:
        return 0.0
    sent = sum(len(m.content.encode()) + FRAME_BYTES for m in request.messages)
    sent += 2 * len(json.dumps(request.schema, ensure_ascii=False).encode()) + FRAME_BYTES
    input_price = max(price.input, price.cache_write or 0.0)
    return (sent * input_price + (request.max_tokens or limit) * price.output) / MILLION


class OutOfBudget(StopGame):
    """A call found no room under the cap: its game stops (cause ``budget: ...``)."""

    def __init__(self, spent: float, cap: float, bound: float, endpoint: str) -> None:
        super().__init__(f"budget: ${spent:.4f} of ${cap:.4f} spent, and the next call may "
                         f"cost up to ${bound:.4f}", endpoint=endpoint)


class Budget:
    """The spend of a run (``spent``, every call booked through ``record``) under ``cap``."""

    def __init__(self, cap: float | None, spent: float = 0.0,
                 record: Callable[[int, float], None] = lambda index, usd: None) -> None:
        self.cap, self.spent, self.record = cap, spent, record
        self.exhausted = False  # a call found no room: start no more games
        self.by_game: dict[int, float] = {}
        self._reserved, self._calls = 0.0, 0
        self._settled = asyncio.Event()

    @property
    def left(self) -> float:
        return float("inf") if self.cap is None else self.cap - self.spent

    def book(self, index: int, usd: float) -> None:
        """Count spend of game ``index`` (a call's cost, or a Ray game's allowance)."""
        self.spent += usd
        self.by_game[index] = self.by_game.get(index, 0.0) + usd
        self.record(index, usd)

    async def reserve(self, bound: float, endpoint: str) -> None:
        """Room for a call costing at most ``bound``; else OutOfBudget (its game stops)."""
        while self._reserved + bound > self.left:
            if self._calls == 0:
                self.exhausted = True
                assert self.cap is not None
                raise OutOfBudget(self.spent, self.cap, bound, endpoint)
            settled = self._settled
            await settled.wait()
        self._reserved += bound
        self._calls += 1

    def settle(self, index: int, bound: float, cost: float) -> None:
        self._calls -= 1
        self._reserved = self._reserved - bound if self._calls else 0.0
        self.book(index, cost)
        self._settled.set()
        self._settled = asyncio.Event()


class Purse(Protocol):
    """Where a capped call reserves its bound and then pays its real cost."""

    async def reserve(self, bound: float) -> None: ...

    def settle(self, bound: float, cost: float) -> None: ...


@dataclass(frozen=True)
class GamePurse:
    """A tournament game's calls, paid from the run's budget (or, for ``arena play``, a
    seat's calls from its game's; ``index`` names what the ledger books)."""

    budget: Budget
    index: int
    endpoint: str  # the seat's model endpoint, named when its game stops for want of budget

    async def reserve(self, bound: float) -> None:
        await self.budget.reserve(bound, self.endpoint)

    def settle(self, bound: float, cost: float) -> None:
        self.budget.settle(self.index, bound, cost)


class CappedProvider:
    """A provider whose every call reserves its worst case from ``purse`` first."""

    def __init__(self, inner: ChatProvider, purse: Purse) -> None:
        self.inner, self.purse = inner, purse
        self.model, self.key = inner.model, inner.key
        self.price = price_for(inner.model)
        self.limit = capabilities_for(inner.model).max_tokens

    async def complete(self, request: ChatRequest) -> ChatReply:
        """The inner call, billed by its usage; cut off without one, by its bound."""
        bound = worst_case_usd(self.price, request, self.limit)
        await self.purse.reserve(bound)
        cost = bound
        try:
            reply = await self.inner.complete(request)
            cost = sum(call.cost_usd for call in reply.calls)
            return reply
        except ProviderError as exc:
            cost = sum(call.cost_usd for call in exc.usage)
            raise
        finally:
            self.purse.settle(bound, cost)


def capped(provider: ChatProvider, budget: Budget, index: int) -> CappedProvider:
    """``provider`` paying from ``budget``, its calls booked under ``index`` (a game of a
    tournament, a seat of ``arena play``)."""
    return CappedProvider(provider, GamePurse(budget, index, endpoint_name(provider)))


def spent_usd(log: Sequence[BaseEvent]) -> float:
    """What a game's model calls cost, summed over its usage events."""
    return round(sum((t["cost_usd"] for t in usage_totals(log).values()), 0.0), 6)
