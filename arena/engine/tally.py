"""Casting and counting ballots (exile, sheriff election, revotes)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from arena.engine.events import Vote, VoteResult
from arena.engine.shared_rules import VoteRules

if TYPE_CHECKING:
    from arena.engine.judge import Judge
    from arena.engine.requests import Decision


@dataclass(slots=True)
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
    head: int = 0,
    paired: bool = False,
) -> Tally:
    """Ask every voter, record each ballot publicly, and return the weighted counts
    (``bonus``: votes a seat starts with, from the roles' vote_bonus hooks; ``head``:
    how many first voters cast theirs publicly before the others are asked; ``paired``:
    C19's must_vote_each_other holds, read by the exile, which knows the lovers)."""
    kind = "elect" if ballot == "sheriff" else "vote"
    rules, seats, request = judge.rules, judge.state.seats, judge.request
    # abstaining is legal by the rules, except (C19 must_vote_each_other) for a lover
    # whose only legal exile ballot is his partner
    abstain = rules[VoteRules].vote__allow_abstain
    requests = []
    for v in voters:
        options = options_for(v)
        requests.append(request(v, kind, options, ballot=ballot, round=round_no, allow_none=(
            abstain and not (paired and options == [seats[v].lover]))))
    weights = [weight(v) for v in voters]  # fixed for the ballot: nobody dies while voting
    counts: dict[int, float] = dict(bonus) if bonus else {}
    ballots: dict[int, int | None] = {}
    # sequential: each ballot is public before the next voter decides
    early = len(voters) if sequential else head
    decisions: list[Decision] = []
    emit = judge.emit
    for i, voter in enumerate(voters):
        if i == early:
            decisions = await judge.ask_all(requests[early:])
        decision = await judge.ask(requests[i]) if i < early else decisions[i - early]
        target = ballots[voter] = decision.target
        emit(Vote, "public", seat=voter, target=target, round=round_no, weight=weights[i],
             ballot=ballot)
        if target is not None:
            counts[target] = counts.get(target, 0.0) + weights[i]
    leaders = top(counts)
    judge.emit(VoteResult, "public", counts={str(k): v for k, v in sorted(counts.items())},
               eliminated=leaders[0] if len(leaders) == 1 else None,
               tie=tuple(leaders) if len(leaders) > 1 else (), round=round_no, ballot=ballot)
    return Tally(counts, ballots, leaders)
