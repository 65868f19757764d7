"""What the web table adds to a game's events: a public notice when a model seat falls
back, as the terminal warns (agents/terminal_view.py). The notice says only ``error``
or ``timeout`` and how many in a row; what the seat was asked stays in its own
``fallback`` event. Notices go to the pages, not to the transcript."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, fields
from typing import Literal

from arena.engine import BaseEvent
from arena.engine.events import Fallback
from arena.fallbacks import FallbackCount


@dataclass(slots=True, kw_only=True)
class ModelFallback(BaseEvent):
    """Model seat ``seat`` gave no answer, ``count`` times in a row; ``reason``: error or
    timeout."""

    type: Literal["model_fallback"] = "model_fallback"
    seat: int
    count: int
    reason: str


ModelFallback.field_names = tuple(f.name for f in fields(ModelFallback))


class FallbackNotices:
    """An event sink that passes a ModelFallback to ``emit`` after each fallback of the
    model seats given."""

    def __init__(self, seats: Iterable[int], emit: Callable[[BaseEvent], None]) -> None:
        self.count = FallbackCount(seats)
        self.emit = emit

    def __call__(self, event: BaseEvent) -> None:
        self.count(event)
        if isinstance(event, Fallback) and event.seat in self.count.seats:
            self.emit(ModelFallback(seq=event.seq, day=event.day, phase=event.phase,
                                    audience="public", seat=event.seat,
                                    count=self.count.in_a_row[event.seat],
                                    reason=event.reason.partition(":")[0]))
