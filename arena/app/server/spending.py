"""What a web table server spends on its model seats, under hard caps.

``arena serve --budget-usd X --table-budget-usd Y`` caps the whole server and each
table. Every model call goes through the tournament's ``CappedProvider``: it reserves a bound on its
cost (the tournament's worst case: a token per byte sent, every output token
allowed) from its table and from the server, and when it returns the reservation
becomes its real cost. A call that does not fit waits for calls in flight to settle;
if it still does not fit, it raises ``BudgetSpent`` and the seat hands over to its
stand-in bot for the rest of the game (agents/llm.py). So the spend never passes a
cap, as long as providers honour ``max_tokens``. Unpriced models (local servers)
cost nothing here.
"""

from __future__ import annotations

import asyncio

from agents.providers.base import BudgetSpent


class Spend:
    """Money spent under ``cap`` (None: no cap), with the bounds of calls in flight."""

    def __init__(self, cap: float | None) -> None:
        self.cap, self.spent, self.reserved, self.calls = cap, 0.0, 0.0, 0

    def fits(self, bound: float) -> bool:
        return self.cap is None or self.spent + self.reserved + bound <= self.cap


class ServerSpend(Spend):
    """The server's spend; every settled call anywhere wakes the calls that wait."""

    def __init__(self, cap: float | None) -> None:
        super().__init__(cap)
        self.settled = asyncio.Event()

    def notify(self) -> None:
        self.settled.set()
        self.settled = asyncio.Event()


class TableSpend(Spend):
    """One table's spend, inside the server's."""

    def __init__(self, cap: float | None, server: ServerSpend) -> None:
        super().__init__(cap)
        self.server = server

    async def reserve(self, bound: float) -> None:
        """Room for a call of at most ``bound`` in the table's and the server's caps."""
        while True:
            short = [s for s in (self, self.server) if not s.fits(bound)]
            if not short:
                break
            if all(s.calls == 0 for s in short):
                raise BudgetSpent("the table's budget is spent" if self in short
                                  else "the server's budget is spent")
            await self.server.settled.wait()
        for spend in (self, self.server):
            spend.reserved += bound
            spend.calls += 1

    def settle(self, bound: float, cost: float) -> None:
        for spend in (self, self.server):
            spend.calls -= 1
            spend.reserved = spend.reserved - bound if spend.calls else 0.0
            spend.spent += cost
        self.server.notify()
