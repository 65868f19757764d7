"""Where a tactic module registers what it plays: the request kinds it answers, which
of them a wolf answers from the village's public view, and what its role's card is
worth to a village thief. A new role's tactic registers itself here and touches no
other module."""

from __future__ import annotations

from collections.abc import Callable

from agents.tactics.situation import Situation
from arena.engine.requests import Decision, Request

Play = Callable[[Situation, Request], Decision]

PLAYS: dict[str, Play] = {}
PUBLIC_KINDS: set[str] = set()
"""Decisions for which a wolf needs the village's view (the public belief)."""
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
