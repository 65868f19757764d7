"""The judge's chance draws a scenario may force (docs/scenarios.md, "Forcing chance").

A draw site registers its draw by name, when it is made and its outcomes
(``chance("E16", "the coin ...", ("heads", "tails"))``) and asks ``Judge.draw`` for the
outcome. Every draw from the game's RNG goes through ``Judge.draw``, except the New Moon
deck's shuffle (a scenario sets the deck with ``events.deck``); the deal and the seats'
attributes draw from streams of their own, which a scenario also sets outright. A game's
``draws`` table (a scenario's ``[draws]``, recorded in the transcript header) forces
outcomes, in order: a draw made on day N takes the next entry of ``dayN.NAME``, then of
``NAME``. The RNG moves as though it drew, so the game's other draws stay those of its
seed.
"""

from __future__ import annotations

import random
import re
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import permutations
from typing import TypeVar

from arena.engine.rule_types import RuleError

T = TypeVar("T")
Forced = int | str
DAY_KEY = re.compile(r"day(\d+)$")


@dataclass(frozen=True, slots=True)
class Draw:
    """A registered draw: when the judge makes it and its outcomes (none: a seat)."""

    when: str
    outcomes: tuple[str, ...]


DRAWS: dict[str, Draw] = {}  # every draw by name (docs/scenarios.md lists them)


class DrawError(RuleError):
    """A forced draw that names no draw or no outcome of it, cannot be drawn when its
    turn comes, or is never made."""


def chance(name: str, when: str, outcomes: tuple[str, ...] = ()) -> str:
    """Register a draw: its name, when it is made and what it decides (one sentence for
    docs/scenarios.md), and its outcomes (none: the draw picks a seat)."""
    DRAWS[name] = Draw(when, outcomes)
    return name


def orders(items: tuple[str, ...]) -> tuple[str, ...]:
    """Every order ``items`` can be shuffled into, each written ``a,b,c``."""
    return tuple(",".join(order) for order in permutations(items))


def shuffled(items: tuple[str, ...]) -> Callable[[random.Random], str]:
    """The draw of an order of ``items`` (``a,b,c``): one ``rng.shuffle`` of them."""
    def draw(rng: random.Random) -> str:
        order = list(items)
        rng.shuffle(order)
        return ",".join(order)
    return draw


class ForcedDraws:
    """A game's forced outcomes, checked against the draws and the seats as it starts."""

    def __init__(self, table: Mapping[str, object], players: int) -> None:
        self.table, self.players = dict(table), players  # the table as given (for the header)
        self.queues: dict[tuple[str, int | None], deque[tuple[str, Forced]]] = {}
        for key, value in table.items():
            day = DAY_KEY.match(key)
            if day is None:
                self._add(key, value, None)
            elif isinstance(value, Mapping):
                for name, entries in value.items():
                    self._add(name, entries, int(day.group(1)))
            else:
                raise DrawError(f"draws.{key} must be a table of draws")

    def _add(self, name: str, entries: object, day: int | None) -> None:
        where = f"draws.{'' if day is None else f'day{day}.'}{name}"
        if name not in DRAWS:
            raise DrawError(f"{where}: no such draw (known: {', '.join(sorted(DRAWS))})")
        outcomes = DRAWS[name].outcomes
        queue = self.queues[(name, day)] = deque()
        for number, entry in enumerate(entries if isinstance(entries, list) else [entries], 1):
            label = f"{where.removeprefix('draws.')} #{number}"
            if outcomes and entry not in outcomes:
                raise DrawError(f"draws.{label}: {entry!r} is not one of {', '.join(outcomes)}")
            if not outcomes and (type(entry) is not int or not 1 <= entry <= self.players):
                raise DrawError(f"draws.{label}: {entry!r} is not a seat (1 to "
                                f"{self.players})")
            queue.append((label, entry))

    def outcome(self, name: str, day: int, options: Sequence[T], drawn: T) -> T:
        """The forced outcome of this draw, else ``drawn``; DrawError when the forced one
        is not among ``options``."""
        for key in ((name, day), (name, None)):
            queue = self.queues.get(key)
            if queue:
                label, wanted = queue.popleft()
                for option in options:
                    if option == wanted:
                        return option
                raise DrawError(f"draws.{label} on day {day}: {wanted!r} cannot be drawn "
                                f"(it draws among {', '.join(map(str, options))})")
        return drawn

    def left(self) -> list[str]:
        """The forced draws the game never made."""
        return [label for queue in self.queues.values() for label, _ in queue]
