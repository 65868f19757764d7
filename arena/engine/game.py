"""Run one game: the async loop around the judge and the flow."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Required, TypedDict

from typing_extensions import Unpack

from arena.engine import flow
from arena.engine.config import GameConfig
from arena.engine.events import BaseEvent, GameEnd, UsageRecord, UsageSummary
from arena.engine.judge import Judge, SeatAgent, Sink


class GameOptions(TypedDict, total=False):
    """``seed`` drives the engine's one RNG; ``deal`` fixes the cards in seat order;
    ``sink`` receives each event as it happens; ``timeout_s`` bounds every request
    to a concurrent agent (a model or a human), which then gets the fallback;
    ``record_reasoning`` keeps agents' private reasoning (audience god)."""

    seed: Required[int]
    deal: Sequence[str] | None
    sink: Sink | None
    timeout_s: float
    record_reasoning: bool


@dataclass(frozen=True, slots=True)
class GameResult:
    winner: str
    winners: tuple[int, ...]
    days: int
    roles: dict[int, str]
    events: tuple[BaseEvent, ...]


FIELDS = ("calls", "input_tokens", "cached_tokens", "cache_write_tokens", "output_tokens",
          "cost_usd", "unpriced_calls")


def usage_totals(log: Sequence[BaseEvent]) -> dict[int, dict[str, float]]:
    """Per seat: model calls, tokens and cost, summed over the game's usage events, and the
    calls of a model without a price (their cost is unknown, not 0)."""
    totals: dict[int, dict[str, float]] = {}
    for event in log:
        if isinstance(event, UsageRecord):
            seat = totals.setdefault(event.seat, dict.fromkeys(FIELDS, 0.0))
            seat["calls"] += 1
            seat["input_tokens"] += event.input_tokens
            seat["cached_tokens"] += event.cached_tokens
            seat["cache_write_tokens"] += event.cache_write_tokens
            seat["output_tokens"] += event.output_tokens
            seat["cost_usd"] = round(seat["cost_usd"] + event.cost_usd, 6)
            seat["unpriced_calls"] += not event.priced
    return dict(sorted(totals.items()))


class Game:
    """One game: deal on construction (so a transcript header can name the roles), then run."""

    def __init__(self, config: GameConfig, agents: Mapping[int, SeatAgent],
                 **options: Unpack[GameOptions]) -> None:
        deal = options.get("deal")
        if deal is not None and sorted(deal) != sorted(config.deck()):
            raise ValueError("the fixed deal does not match the role counts")
        missing = [s for s in range(1, config.players + 1) if s not in agents]
        if missing:
            raise ValueError(f"no agent for seats {missing}")
        self.judge = Judge(config, agents, **options)

    @property
    def roles(self) -> dict[int, str]:
        return {n: s.role for n, s in self.judge.state.seats.items()}

    async def run(self) -> GameResult:
        judge = self.judge
        over = await flow.play(judge)
        judge.phase = "end"
        totals = usage_totals(judge.log) if judge.billed else {}
        if totals:
            judge.emit(UsageSummary, "god", seats={str(s): t for s, t in totals.items()},
                       total={k: round(sum(t[k] for t in totals.values()), 6) for k in FIELDS})
        roles = self.roles
        judge.emit(GameEnd, "public", winner=over.winner, winners=over.winners,
                   roles={str(n): r for n, r in roles.items()}, reason=over.reason)
        return GameResult(over.winner, over.winners, judge.state.day, roles, tuple(judge.log))


async def run_game(config: GameConfig, agents: Mapping[int, SeatAgent],
                   **options: Unpack[GameOptions]) -> GameResult:
    """Play one game to the end (see GameOptions)."""
    return await Game(config, agents, **options).run()
