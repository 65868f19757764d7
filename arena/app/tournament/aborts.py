"""Tournament games that stopped ``aborted``: kept, reported with the run, played again.

A game stops when a seat can no longer play (its model endpoint's breaker tripped,
agents/breaker.py) or the budget has no room for its next call (``OutOfBudget``). Its
transcript, which ends with the ``aborted`` event, moves to
``games/<index>-<id>.aborted-<n>.jsonl`` (its n-th abort) and a line goes to
``aborted.jsonl``; the game is not finished, so ``--resume`` plays it again under its
own name. Readers of the run count the aborted transcripts and leave them out.
"""

from __future__ import annotations

from dataclasses import dataclass

from arena.app.budget import OutOfBudget, spent_usd
from arena.app.tournament.schedule import GameSpec
from arena.engine import StopGame
from arena.run_layout import GAMES_DIR


@dataclass(frozen=True, slots=True)
class AbortedGame:
    """A game that stopped before its end: one line of ``aborted.jsonl``."""

    index: int
    game_id: str
    path: str  # its transcript, relative to the run folder
    agents: list[str]  # pool name per seat
    seat: int | None
    endpoint: str
    cause: str
    budget: bool  # stopped for want of budget (else its seat's endpoint failed)
    cost_usd: float
    seconds: float

    @classmethod
    def of(cls, spec: GameSpec, stop: StopGame, path: str, seconds: float) -> AbortedGame:
        return cls(spec.index, spec.game_id, path, list(spec.agents), stop.seat,
                   stop.endpoint, stop.cause, isinstance(stop, OutOfBudget), spent_usd(stop.log),
                   round(seconds, 3))

    @property
    def agent(self) -> str | None:
        """The pool agent at the seat that could not play."""
        return self.agents[self.seat - 1] if self.seat else None


def aborted_name(game_id: str, earlier: int) -> str:
    """Where a game's transcript goes when it aborts after ``earlier`` aborts of it."""
    return f"{GAMES_DIR}/{game_id}.aborted-{earlier + 1}.jsonl"
