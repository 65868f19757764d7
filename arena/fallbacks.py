"""Model seats that fall back: counted per seat as a game runs, for the live warning,
the end-of-game summary, and `arena play`'s exit code 3 (at the end, or during the
game once a seat has made MIN_DECISIONS decisions: the game stops, ``aborted``).

A model seat's decision ends in an accepted answer or a fallback; every answer
(accepted or refused) is one successful model call, so from the events alone
decisions = answered calls - refused answers + fallbacks (the pre-game probe's call,
billed with a seat's first decision, answers no question and is not counted).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from arena.engine import BaseEvent, StopGame
from arena.engine.events import Fallback, Refused, UsageRecord

MAX_SHARE = 0.2  # `arena play --max-fallback-share` default
MIN_DECISIONS = 10  # a seat's decisions before its share may stop a game


class FallbackCount:
    """An event sink counting the decisions and fallbacks of the model seats given."""

    def __init__(self, seats: Iterable[int]) -> None:
        self.seats = frozenset(seats)
        self.answered: Counter[int] = Counter()
        self.refused: Counter[int] = Counter()
        self.fallbacks: Counter[int] = Counter()
        self.in_a_row: Counter[int] = Counter()  # fallbacks since the seat last answered

    def __call__(self, event: BaseEvent) -> None:
        seat = getattr(event, "seat", None)
        if seat not in self.seats:
            return
        if isinstance(event, UsageRecord) and event.error is None \
                and event.output_format != "probe":  # the probe before the game decides nothing
            self.answered[seat] += 1
            self.in_a_row[seat] = 0
        elif isinstance(event, Refused):
            self.refused[seat] += 1
        elif isinstance(event, Fallback):
            self.fallbacks[seat] += 1
            self.in_a_row[seat] += 1

    def decisions(self, seat: int) -> int:
        return self.answered[seat] - self.refused[seat] + self.fallbacks[seat]

    def share(self, seat: int) -> float:
        return self.fallbacks[seat] / max(1, self.decisions(seat))

    def over(self, max_share: float) -> list[int]:
        """The seats that fell back on more than ``max_share`` of their decisions."""
        return [s for s in sorted(self.seats) if self.share(s) > max_share]

    def stop_if_over(self, seat: int, max_share: float, endpoint: str) -> None:
        """StopGame when ``seat`` (a model seat on ``endpoint``) has made MIN_DECISIONS
        decisions or more and fell back on more than ``max_share`` of them."""
        decisions = self.decisions(seat)
        if seat in self.seats and decisions >= MIN_DECISIONS and self.share(seat) > max_share:
            raise StopGame(f"fell back on {self.fallbacks[seat]} of {decisions} decisions "
                           f"({self.share(seat):.0%}, more than {max_share:.0%})",
                           seat=seat, endpoint=endpoint)

    def lines(self, labels: dict[int, str]) -> list[str]:
        """One line per model seat that fell back: fallbacks / decisions."""
        return [f"seat {s} ({labels.get(s, '?')}): {self.fallbacks[s]} fallbacks in "
                f"{self.decisions(s)} decisions ({self.share(s):.0%})"
                for s in sorted(self.seats) if self.fallbacks[s]]
