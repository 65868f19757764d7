"""Where a tactic module registers what it plays: the request kinds it answers, which
of them a wolf answers from the village's public view, its role's own day speech and
exile vote (a role with no decision kind of its own still has a tactic), and what its
role's card is worth to a village thief. A new role's tactic registers itself here and
touches no other module."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from agents.tactics.situation import Situation, Words
from arena.engine.requests import Decision, Request

Play = Callable[[Situation, Request], Decision]
Speak = Callable[[Situation, Request, Words], bool]
"""A role's day speech into ``Words``; False: nothing of its own today (the plain
speech follows)."""
Vote = Callable[[Situation, list[int]], int | None]
"""A role's exile vote among the options (himself left out)."""
S = TypeVar("S", bound=Speak)
V = TypeVar("V", bound=Vote)
F = TypeVar("F", bound=Callable[..., Any])

PLAYS: dict[str, Play] = {}
PUBLIC_KINDS: set[str] = set()
"""Decisions for which a wolf needs the village's view (the public belief)."""
SPEECHES: dict[str, Speak] = {}
VOTES: dict[str, Vote] = {}
CARD_VALUE: dict[str, float] = {}
"""What a card is worth to a thief on the village's side (a plain villager's is 0)."""


def plays(*kinds: str, public: bool = False) -> Callable[[Play], Play]:
    """Register the decorated function as the heuristic's play for ``kinds``."""

    def register(play: Play) -> Play:
        for kind in kinds:
            if kind in PLAYS:
                raise ValueError(f"two tactics play {kind!r}")
            PLAYS[kind] = play
            if public:
                PUBLIC_KINDS.add(kind)
        return play

    return register


def speaks(role: str) -> Callable[[S], S]:
    """Register the decorated function as ``role``'s own day speech."""
    return _for_role(SPEECHES, role)


def votes(role: str) -> Callable[[V], V]:
    """Register the decorated function as ``role``'s own exile vote."""
    return _for_role(VOTES, role)


def _for_role(table: dict[str, Any], role: str) -> Callable[[F], F]:
    def register(tactic: F) -> F:
        if role in table:
            raise ValueError(f"two tactics for the {role}")
        table[role] = tactic
        return tactic

    return register
