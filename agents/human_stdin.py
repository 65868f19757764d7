"""Lines from standard input for the event loop, read in a daemon thread.

Waiting for a person never blocks the loop, a time-out never leaves a second
reader racing the first, and a line that arrives after its question timed out is
dropped rather than taken as the answer to the next question.
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
import threading
from collections.abc import Awaitable, Callable
from concurrent.futures import Future
from typing import TextIO

LineReader = Callable[[], Awaitable[str | None]]
"""Returns the next line typed (without its newline), or None once input has ended."""


class StdinReader:
    """A LineReader over a text stream (standard input unless given)."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = stream
        self.pending: Future[str | None] | None = None

    async def __call__(self) -> str | None:
        if self.pending is not None and self.pending.done():
            self.pending = None  # typed for a question that timed out
        if self.pending is None:
            self.pending = Future()
            threading.Thread(target=self._read, args=(self.pending,), daemon=True).start()
        line = await _on_loop(self.pending)
        self.pending = None
        return line

    def _read(self, box: Future[str | None]) -> None:
        line = (self.stream or sys.stdin).readline()
        box.set_result(line.rstrip("\r\n") if line else None)


def _on_loop(box: Future[str | None]) -> asyncio.Future[str | None]:
    """An awaitable for ``box`` whose cancellation leaves ``box`` (and its thread) alone."""
    loop = asyncio.get_running_loop()
    waiter: asyncio.Future[str | None] = loop.create_future()

    def settle(line: str | None) -> None:
        if not waiter.done():
            waiter.set_result(line)

    def wake(done: Future[str | None]) -> None:
        with contextlib.suppress(RuntimeError):  # that game's loop has closed
            loop.call_soon_threadsafe(settle, done.result())

    box.add_done_callback(wake)
    return waiter
