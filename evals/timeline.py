"""Walking a game's events with the state evaluators need: who is alive, and the
candidates each exile ballot chose among."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from arena.engine.events import BaseEvent, Death, Lovers, Setup, Vote, VoteResult
from evals.records import GameRecord


def with_alive(record: GameRecord) -> Iterator[tuple[BaseEvent, frozenset[int]]]:
    """Each event with the seats alive just before it."""
    alive = set(record.roles)
    for event in record.events:
        yield event, frozenset(alive)
        if isinstance(event, Death):
            alive.discard(event.seat)


def death_causes(record: GameRecord) -> dict[int, tuple[int, str]]:
    """seat -> (day of death, public cause) for every seat that died."""
    return {e.seat: (e.day, e.cause) for e in record.events if isinstance(e, Death)}


@dataclass(frozen=True)
class Ballot:
    """An exile vote for a seat, with the seats the voter could have chosen."""

    seq: int
    day: int
    voter: int
    target: int
    candidates: tuple[int, ...]


def exile_ballots(record: GameRecord) -> Iterator[Ballot]:
    """Every exile ballot cast for a seat (abstentions left out).

    The candidates are the vote's ``targets`` when recorded; otherwise they are
    rebuilt as the engine builds them: the living (first round) or the tied (revotes),
    without the voter unless ``vote.allow_self``, and without the voter's lover
    under ``lovers.vote_restriction = forbid_each_other``.
    """
    rules = next((e.rules for e in record.events if isinstance(e, Setup)), {})
    allow_self = bool(rules.get("vote.allow_self", False))
    lovers_apart = rules.get("lovers.vote_restriction") == "forbid_each_other"
    partner: dict[int, int] = {}
    tied: tuple[int, ...] = ()
    for event, alive in with_alive(record):
        if isinstance(event, Lovers) and len(event.seats) == 2:
            a, b = event.seats
            partner.update({a: b, b: a})
        elif isinstance(event, VoteResult) and event.ballot == "exile":
            tied = event.tie
        elif isinstance(event, Vote) and event.ballot == "exile" and event.target is not None:
            pool = event.targets or (tuple(sorted(alive)) if event.round == 1 else tied)
            barred = {partner.get(event.seat)} if lovers_apart else set()
            if not allow_self:
                barred.add(event.seat)
            yield Ballot(event.seq, event.day, event.seat, event.target,
                         tuple(s for s in pool if s not in barred))
