"""The roles the belief names and the factors an act weighs by (a pair's f(a wolf, b wolf))."""

from __future__ import annotations

import math
from functools import lru_cache

from arena.engine.roles import ROLES
from arena.engine.roles.factions import in_pack

WOLF = "werewolf"


POWER_CARDS = frozenset({"face_up", "second_card"})
"""Reveals of a Double-You seat's power card (V2, V3), which says nothing of its camp."""


SEER = "seer"


MEDIUM = "medium"


POSSESSED = "possessed"


THIEF = "thief"


LITTLE_GIRL = "little_girl"


PIPER = "piper"


WHITE_EYED = "white_eyed_wolf"


@lru_cache(maxsize=64)
def is_pack(role: str | None) -> bool:
    """A card that wakes with the wolves: the side this belief is about."""
    return role is not None and role in ROLES and in_pack(role)


Factors = tuple[float, float, float, float]
"""Likelihoods (f00, f01, f10, f11): index = 2 * (actor is a wolf) + (target is a wolf)."""


VOTE: Factors = (1.0, 1.3, 1.1, 0.3)


ACCUSE: Factors = (1.0, 1.2, 1.0, 0.5)


VOUCH: Factors = (1.0, 0.8, 1.0, 1.5)


CHECK_WOLF: Factors = (0.04, 1.0, 1.0, 0.15)


CHECK_GOOD: Factors = (1.0, 0.04, 0.6, 0.6)


SIGHTING: Factors = CHECK_WOLF  # a claimed little girl names a wolf she saw


LIE = 0.03  # a good player caught lying: one claimant too many, impossible checks


POSSESSED_LIE = 0.4  # one claimant too many may be the possessed, a human who lies


FAKE_CLAIM = 0.5  # a special-role claim made by a wolf rather than by the card's holder


REACTIVE = 2.0  # claiming seer only after a seer claimant called you a wolf


COINCIDENCE = 0.3  # a "wolf" check on the rival claimant, announced the day he claimed


NIGHT_DEATH = 0.15  # an unrevealed night death was a (poisoned) wolf


WOLF_TARGET = 0.05  # the wolves chose one of their own as the night's victim


CLAIM_TRUST = 0.9  # a good claimant holds the role he claims


LOG_LIE = math.log(LIE)


@lru_cache(maxsize=256)
def log_factors(f: Factors) -> tuple[float, float, float]:
    """An act's factors as (actor's unary, target's unary, pairwise) log-potentials."""
    f00, f01, f10, f11 = f
    return math.log(f10 / f00), math.log(f01 / f00), math.log(f11 * f00 / (f10 * f01))


def lie_penalty(liars: int, first: float) -> float:
    """The log-penalty of ``liars`` good claimants too many."""
    return first + (liars - 1) * LOG_LIE if liars > 0 else 0.0


def pack_cards(deal: dict[str, int]) -> int:
    """How many of the ``deal``'s cards wake with the wolves."""
    return sum(c for r, c in deal.items() if is_pack(r))
