"""The world space: every wolf set of a table, the sets certain knowledge leaves
(``Worlds``), and their summed weights (``Marginals``)."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations
from operator import itemgetter
from typing import Any


@dataclass(frozen=True, slots=True)
class Space:
    """Every choice of ``wolves`` seats among seats 1..``seats``, laid out for fast weighing.

    ``terms[i]`` picks set i's unary and pairwise log-potentials out of the flat
    potential vector; ``holders[s]`` picks the weights of the sets containing s (seats
    in none are left out). Both also pick zeros, so a getter always returns a tuple.
    """

    seats: int
    wolves: int
    masks: tuple[int, ...]
    terms: tuple[itemgetter[Any], ...]
    holders: dict[int, itemgetter[Any]]


@lru_cache(maxsize=128)
def space(seats: int, wolves: int) -> Space:
    """Every set of ``wolves`` seats among 1..``seats`` (shared by every seat's belief:
    certain knowledge only renumbers the open seats)."""
    stride = seats + 1
    masks: list[int] = []
    terms: list[itemgetter[Any]] = []
    holding: dict[int, list[int]] = {s: [] for s in range(1, stride)}
    for members in combinations(range(1, stride), wolves):
        for seat in members:
            holding[seat].append(len(masks))
        masks.append(sum(1 << s for s in members))
        picks = [0, *(s * stride + s for s in members),
                 *(a * stride + b for a, b in combinations(members, 2))]
        terms.append(itemgetter(0, *picks))
    zero = len(masks)
    return Space(seats, wolves, tuple(masks), tuple(terms),
                 {s: itemgetter(zero, *idx) for s, idx in holding.items() if idx})


@lru_cache(maxsize=64)
def pair_holders(seats: int, wolves: int) -> dict[tuple[int, int], itemgetter[Any]]:
    """Per pair of seats, a getter of the weights of ``space(seats, wolves)``'s sets
    holding both (with a zero, as for the holders)."""
    holding: dict[tuple[int, int], list[int]] = {}
    for i, members in enumerate(combinations(range(1, seats + 1), wolves)):
        for pair in combinations(members, 2):
            holding.setdefault(pair, []).append(i)
    zero = math.comb(seats, wolves)
    return {pair: itemgetter(zero, *idx) for pair, idx in holding.items()}


@dataclass(frozen=True, slots=True)
class Worlds:
    """The wolf sets certain knowledge leaves: the sure wolves ``must`` plus, for each
    possible pack size, any choice of the rest (``sizes``: how many, with the log prior
    of that size) among the ``open`` seats (numbered 1.. in their spaces)."""

    must: frozenset[int]
    open: tuple[int, ...]
    sizes: tuple[tuple[int, float], ...]

    def allows(self, wolves: set[int]) -> bool:
        """Whether ``wolves`` is one of the sets."""
        rest = wolves - self.must
        if not self.must <= wolves or not rest <= set(self.open):
            return False
        mask = sum(1 << i for i, s in enumerate(self.open, 1) if s in rest)
        return any(mask in space(len(self.open), k).masks for k, _ in self.sizes)


Groups = tuple[tuple[int, int], ...]
"""Per claimed role: the mask of its open claimants (the seats numbered 1.. as a world's
open seats) and the cards left for them."""


@dataclass(frozen=True, slots=True)
class Belief:
    """P(wolf) for every seat (1-based)."""

    wolf: dict[int, float]

    def p(self, seat: int) -> float:
        return self.wolf.get(seat, 0.0)


@dataclass(frozen=True, slots=True)
class Marginals:
    """The total weight of the consistent wolf sets, and the weight of those holding
    each open seat (``joint(g)``: those holding both g and each other open seat, when
    pairs were asked for)."""

    must: frozenset[int]
    total: float
    single: dict[int, float]
    joint: Callable[[int], dict[int, float]]
    asked: dict[tuple[int, int | None], Belief | None] = field(
        default_factory=dict, compare=False, repr=False)

    def belief(self, players: int, good: int | None = None) -> Belief | None:
        """P(wolf) per seat, also knowing that ``good`` is no wolf (None when that leaves
        no set: the caller weighs its own evidence instead); each answer kept (every
        seat of a game asks the shared public marginals)."""
        key = (players, good)
        if key not in self.asked:
            self.asked[key] = self._belief(players, good)
        return self.asked[key]

    def _belief(self, players: int, good: int | None) -> Belief | None:
        wolf = dict.fromkeys(range(1, players + 1), 0.0)
        wolf.update(dict.fromkeys(self.must, 1.0))
        if good is None or good not in self.single:
            wolf.update({s: w / self.total for s, w in self.single.items()})
            return Belief(wolf)
        total = self.total - self.single[good]
        if total <= self.total * 1e-9:
            return None
        joint = self.joint(good)
        for seat, weight in self.single.items():
            if seat != good:
                wolf[seat] = (weight - joint.get(seat, 0.0)) / total
        wolf[good] = 0.0
        return Belief(wolf)


def joint_with(pair: dict[tuple[int, int], float], good: int) -> dict[int, float]:
    """Per seat, the weight ``pair`` gives it together with ``good``."""
    return {b if a == good else a: w for (a, b), w in pair.items() if good in (a, b)}
