"""Casting and counting ballots (exile, sheriff election, revotes)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from arena.engine.events import Vote, VoteResult

if TYPE_CHECKING:
    from arena.engine.judge import Judge


@dataclass(frozen=True, slots=True)
class Tally:
    counts: dict[int, float]
    ballots: dict[int, int | None]

    @property
    def leaders(self) -> list[int]:
        return top(self.counts)


def same_for_all(options: list[int]) -> Callable[[int], list[int]]:
    """An options function giving every voter the same candidates."""
    return lambda _voter: options


def top(counts: dict[int, float]) -> list[int]:
    """Seats with the most votes (empty when nobody got any)."""
    positive = {s: c for s, c in counts.items() if c > 0}
    if not positive:
        return []
    best = max(positive.values())
    return sorted(s for s, c in positive.items() if c == best)


async def cast_ballots(
    judge: Judge,
    voters: list[int],
    options_for: Callable[[int], list[int]],
    *,
    ballot: str,
    round_no: int,
    weight: Callable[[int], float],
    sequential: bool = False,
    bonus: dict[int, float] | None = None,
) -> Tally:
    """Ask every voter, record each ballot publicly, and return the weighted counts
    (``bonus``: votes a seat starts with, e.g. the crow's curse)."""
    allow_none = judge.rules.vote__allow_abstain
    kind = "elect" if ballot == "sheriff" else "vote"
    requests = [judge.request(v, kind, options_for(v), allow_none=allow_none, ballot=ballot,
                              round=round_no) for v in voters]
    weights = [weight(v) for v in voters]  # fixed for the ballot: nobody dies while voting
    if sequential:
        decisions = []
        for request, ballot_weight in zip(requests, weights, strict=True):
            decision = await judge.ask(request)
            _record(judge, request.seat, decision.target, round_no, ballot_weight, ballot)
            decisions.append(decision)
    else:
        decisions = await judge.ask_all(requests)
        for voter, decision, ballot_weight in zip(voters, decisions, weights, strict=True):
            _record(judge, voter, decision.target, round_no, ballot_weight, ballot)
    counts: dict[int, float] = dict(bonus or {})
    for decision, ballot_weight in zip(decisions, weights, strict=True):
        if decision.target is not None:
            counts[decision.target] = counts.get(decision.target, 0.0) + ballot_weight
    leaders = top(counts)
    judge.emit(VoteResult, "public", counts={str(k): v for k, v in sorted(counts.items())},
               eliminated=leaders[0] if len(leaders) == 1 else None,
               tie=tuple(leaders) if len(leaders) > 1 else (), round=round_no, ballot=ballot)
    return Tally(counts, {r.seat: d.target for r, d in zip(requests, decisions, strict=True)})


def _record(judge: Judge, seat: int, target: int | None, round_no: int, weight: float,
            ballot: str) -> None:
    judge.emit(Vote, "public", seat=seat, target=target, round=round_no, weight=weight,
               ballot=ballot)
