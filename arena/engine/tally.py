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
    leaders: list[int]  # the seats with the most votes (empty when nobody got any)


def same_for_all(options: list[int]) -> Callable[[int], list[int]]:
    """An options function giving every voter the same candidates."""
    return lambda _voter: options


def top(counts: dict[int, float]) -> list[int]:
    """Seats with the most votes (empty when nobody got any)."""
    best = max(counts.values(), default=0.0)
    if best <= 0:
        return []
    return sorted(s for s, c in counts.items() if c == best)


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
    (``bonus``: votes a seat starts with, from the roles' vote_bonus hooks)."""
    allow_none = judge.rules.vote__allow_abstain
    kind = "elect" if ballot == "sheriff" else "vote"
    requests = [judge.request(v, kind, options_for(v), allow_none=allow_none, ballot=ballot,
                              round=round_no) for v in voters]
    weights = [weight(v) for v in voters]  # fixed for the ballot: nobody dies while voting
    counts: dict[int, float] = dict(bonus) if bonus else {}
    ballots: dict[int, int | None] = {}
    # sequential: each ballot is public before the next voter decides
    decisions = [] if sequential else await judge.ask_all(requests)
    for i, voter in enumerate(voters):
        decision = await judge.ask(requests[i]) if sequential else decisions[i]
        target = ballots[voter] = decision.target
        judge.emit(Vote, "public", seat=voter, target=target, round=round_no,
                   weight=weights[i], ballot=ballot)
        if target is not None:
            counts[target] = counts.get(target, 0.0) + weights[i]
    leaders = top(counts)
    judge.emit(VoteResult, "public", counts={str(k): v for k, v in sorted(counts.items())},
               eliminated=leaders[0] if len(leaders) == 1 else None,
               tie=tuple(leaders) if len(leaders) > 1 else (), round=round_no, ballot=ballot)
    return Tally(counts, ballots, leaders)
