"""A large table's wolf sets as numpy columns (``Layout``) and their weights kept from
one weighing to the next (``Logs``)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from numpy.typing import NDArray

from agents.belief.factors import lie_penalty
from agents.belief.space import Groups, Marginals, Worlds


@dataclass(slots=True)
class Layout:
    """``space(seats, wolves)`` as arrays, one column per set in the same order: the
    membership ``held`` of seats 1..``seats``, the flat potential indices ``terms`` of the
    set's unary and pairwise terms (as ``Space.terms`` picks them, less the zero), and
    how many sets each column stands for (``scale``). Per flat potential index, the
    columns whose sets hold its seat or both its seats, and per seat the columns holding
    it with every seat's membership in them, are kept once asked for."""

    held: NDArray[np.float64]
    terms: NDArray[np.intp]
    scale: float
    stride: int
    rows: dict[int, NDArray[np.intp]] = field(default_factory=dict)
    subs: dict[int, tuple[NDArray[np.intp], NDArray[np.float64]]] = field(default_factory=dict)

    def holding(self, term: int) -> NDArray[np.intp]:
        """The columns whose sets hold the seat, or both seats, of the flat potential
        index ``term``."""
        cols = self.rows.get(term)
        if cols is None:
            i, j = divmod(term, self.stride)
            row = self.held[i - 1] if i == j else self.held[i - 1] * self.held[j - 1]
            cols = self.rows[term] = np.flatnonzero(row)
        return cols

    def beside(self, row: int) -> tuple[NDArray[np.intp], NDArray[np.float64]]:
        """The columns holding the seat of ``row`` (0-based), and the membership of
        every seat in those columns."""
        sub = self.subs.get(row)
        if sub is None:
            cols = np.flatnonzero(self.held[row])
            sub = self.subs[row] = (cols, np.ascontiguousarray(self.held[:, cols]))
        return sub


@dataclass(slots=True)
class Logs:
    """A large table's weights of its sets before the claimants' penalties, per pack size
    of the ``world`` they were laid out for (as in ``layouts``): each set's summed
    potentials (and log count of the sets it stands for), less the size's ``shift``,
    exponentiated. They are kept from one weighing to the next, multiplied by the
    changes of the flat ``potential`` they sum (``arrays._project``); ``drift`` bounds
    how far any set's log-weight moved since they were summed afresh. Later certain
    knowledge weighs the same sets, the ones it rules out zeroed (``ruled``: the seats
    since known to be wolves, and known to be good)."""

    world: Worlds
    layouts: list[Layout]
    potential: NDArray[np.float64]
    weights: list[NDArray[np.float64]]
    shifts: list[float]
    drift: float = 0.0
    ruled: tuple[frozenset[int], frozenset[int]] = (frozenset(), frozenset())
    stamp: tuple[Any, ...] = ()
    """What the evidence knew when they were last weighed but its acts
    (``arrays._acted``), and the marginals weighed then."""
    weighed: tuple[bool, Marginals] | None = None  # (with pairs, marginals)
    among: dict[tuple[int, int], NDArray[np.intp]] = field(default_factory=dict)
    """Per (pack size's index, mask of open claimants): how many each set holds."""
    penalties: dict[tuple[int, Groups, float], NDArray[np.float64] | None] = field(
        default_factory=dict)

    def covers(self, world: Worlds) -> bool:
        """Whether ``world`` is these sets with some more seats known (each of its pack
        sizes one of these less the new wolves), and not so few of them that weighing
        them afresh is cheaper."""
        base = self.world
        wolves = world.must - base.must
        if not (base.must <= world.must and wolves <= set(base.open)
                and set(world.open) <= set(base.open)):
            return False
        sizes = {k for k, _ in base.sizes}
        return all(k + len(wolves) in sizes for k, _ in world.sizes) and REBASE * sum(
            math.comb(len(world.open), k) for k, _ in world.sizes) >= self.count

    @property
    def count(self) -> int:
        """How many sets the weights hold (columns, over every pack size)."""
        return sum(layout.held.shape[1] for layout in self.layouts)

    def copy(self) -> Logs:
        """The same weights, to update apart."""
        return Logs(self.world, self.layouts, self.potential,
                    [weights.copy() for weights in self.weights], list(self.shifts),
                    self.drift, self.ruled, among=self.among, penalties=self.penalties)

    def rule(self, world: Worlds) -> bool:
        """Zero the sets ``world`` rules out; False when none is left that weighs more
        than a trace (the caller weighs afresh)."""
        base = self.world
        wolves = world.must - base.must
        good = frozenset(base.open) - set(world.open) - wolves
        if not (self.ruled[0] <= wolves and self.ruled[1] <= good):
            return False  # a seat ruled on is open again: its sets are gone
        for seat in wolves - self.ruled[0]:
            row = base.open.index(seat)
            for layout, weights in zip(self.layouts, self.weights, strict=True):
                weights *= layout.held[row]
        for seat in good - self.ruled[1]:
            row = base.open.index(seat) + 1
            for layout, weights in zip(self.layouts, self.weights, strict=True):
                weights[layout.holding(row * layout.stride + row)] = 0.0
        self.ruled = (wolves, good)
        return max(float(weights.max()) for weights in self.weights) > TRACE

    def claimants(self, size: int, claimed: int) -> NDArray[np.intp]:
        """How many of the open seats in the mask ``claimed`` each set of the size
        ``size`` (an index into the world's sizes) holds."""
        key = (size, claimed)
        if key not in self.among:
            held = self.layouts[size].held
            rows = [i - 1 for i in range(1, len(held) + 1) if claimed >> i & 1]
            self.among[key] = held[rows].sum(axis=0).astype(np.intp)
        return self.among[key]

    def penalty(self, size: int, groups: Groups, first: float) -> NDArray[np.float64] | None:
        """Per set of the size ``size``, the factor of the good claimants too many it
        implies (None when no role has more claimants than cards)."""
        key = (size, groups, first)
        if key not in self.penalties:
            factor = None
            for claimed, free in groups:
                extra = claimed.bit_count() - free
                if extra > 0:
                    lies = np.exp([lie_penalty(extra - w, first)
                                   for w in range(claimed.bit_count() + 1)])
                    picked = lies[self.claimants(size, claimed)]
                    factor = picked if factor is None else factor * picked
            self.penalties[key] = factor
        return self.penalties[key]


REBASE = 4
"""Kept weights serve a world with more seats known while it has at least a quarter
of their sets (past that, summing its own sets afresh is cheaper)."""


TRACE = 1e-200
"""A largest kept weight below this, once sets are ruled out, is summed afresh."""
