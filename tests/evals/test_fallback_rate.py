"""``fallback_rate`` of a seat that never decides is 1, not more: a declined
self-destruct (or belief) that fell back leaves no event but is a decision."""

from __future__ import annotations

import asyncio
from pathlib import Path

from arena.engine import Decision, Observation, Request, run_game
from arena.presets import load_preset
from evals.metrics import evaluate
from evals.records import GameRecord, team_of
from evals.reliability import fallback_shares


class Dead:
    """An agent whose every call fails, as a seat whose endpoint died."""

    concurrent = False

    async def decide(self, observation: Observation, request: Request) -> Decision:
        raise RuntimeError("connection refused")


def _dead_game(seed: int) -> GameRecord:
    config = load_preset("fanlang-9")
    result = asyncio.run(run_game(config, {s: Dead() for s in range(1, 10)}, seed=seed))
    agents = dict.fromkeys(result.roles, "dead")
    return GameRecord(
        path=Path(f"g{seed}.jsonl"), game_id=f"g{seed}", preset="fanlang-9",
        roles=result.roles, agents=agents, models=agents,
        teams={seat: team_of(role) for seat, role in result.roles.items()},
        winner=result.winner, winners=frozenset(result.winners), days=result.days,
        events=result.events)


def test_a_seat_that_never_decides_falls_back_on_all_of_its_decisions() -> None:
    records = [_dead_game(seed) for seed in range(3)]
    by_seat = evaluate(records, by="seat")["groups"]
    rates = {seat: group["fallback_rate"]["value"] for seat, group in by_seat.items()}
    assert rates and set(rates.values()) == {1.0}
    assert all(set(fallback_shares(r).values()) == {1.0} for r in records)
