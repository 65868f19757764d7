"""Array and sampled weighing: a large table's wolf sets as numpy columns (past
``SAMPLE_SETS``, a fixed sample of them), their weights kept between weighings (``Logs``)."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from functools import lru_cache, partial
from itertools import combinations
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray

from agents.belief.acts import _Acts, _acts, _count_votes, _extras, _Potentials, _scores, _seers
from agents.belief.factors import _lies
from agents.belief.space import Marginals, _with

if TYPE_CHECKING:
    from agents.belief.acts import Groups
    from agents.belief.evidence import Evidence
    from agents.belief.space import Worlds


SAMPLE_SETS = 50_000
"""Past this many sets, the arrays hold a fixed uniform sample of this many (an estimate)."""


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


@lru_cache(maxsize=64)
def dense(seats: int, wolves: int) -> Layout:
    """``space(seats, wolves)`` as a ``Layout``. Past ``SAMPLE_SETS`` sets, the columns
    are a uniform sample drawn from a stream seeded by the space alone (the same in
    every game and process)."""
    sets = math.comb(seats, wolves)
    if sets > SAMPLE_SETS:
        rng = random.Random(f"wolf sets {seats} {wolves}")
        chosen = [sorted(rng.sample(range(1, seats + 1), wolves)) for _ in range(SAMPLE_SETS)]
    else:
        chosen = [list(c) for c in combinations(range(1, seats + 1), wolves)]
    count = len(chosen)
    members = np.array(chosen, dtype=np.intp).reshape(count, wolves)
    held = np.zeros((seats, count))
    held[members.T - 1, np.arange(count)] = 1.0
    stride = seats + 1
    terms = [members[:, a] * (stride + 1) for a in range(wolves)] + [
        members[:, a] * stride + members[:, b] for a, b in combinations(range(wolves), 2)]
    return Layout(held, np.array(terms, dtype=np.intp).reshape(len(terms), count),
                  sets / count, stride)


class _Joint:
    """``Marginals.joint`` on arrays: per asked seat, the weights of the sets holding it
    summed per seat of ``seats`` (computed when first asked), from sets laid out over the
    seats ``laid`` (``rows``: where the seats are among them, None when they are all)."""

    def __init__(self, laid: tuple[int, ...], seats: tuple[int, ...], rows: list[int] | None,
                 weighed: list[tuple[Layout, NDArray[np.float64]]]) -> None:
        self.laid, self.seats, self.rows, self.weighed = laid, seats, rows, weighed
        self.done: dict[int, dict[int, float]] = {}

    def __call__(self, good: int) -> dict[int, float]:
        if good not in self.done:
            i = self.laid.index(good)
            both = np.zeros(len(self.laid))
            for layout, weights in self.weighed:
                cols, held = layout.beside(i)
                both += held @ weights[cols]
            self.done[good] = dict(zip(self.seats, (
                both if self.rows is None else both[self.rows]).tolist(), strict=True))
        return self.done[good]


@dataclass(slots=True)
class Logs:
    """A large table's weights of its sets before the claimants' penalties, per pack size
    of the ``world`` they were laid out for (as in ``layouts``): each set's summed
    potentials (and log count of the sets it stands for), less the size's ``shift``,
    exponentiated. They are kept from one weighing to the next, multiplied by the
    changes of the flat ``potential`` they sum (``_project``); ``drift`` bounds how far
    any set's log-weight moved since they were summed afresh. Later certain knowledge
    weighs the same sets, the ones it rules out zeroed (``ruled``: the seats since known
    to be wolves, and known to be good)."""

    world: Worlds
    layouts: list[Layout]
    potential: NDArray[np.float64]
    weights: list[NDArray[np.float64]]
    shifts: list[float]
    drift: float = 0.0
    ruled: tuple[frozenset[int], frozenset[int]] = (frozenset(), frozenset())
    stamp: tuple[Any, ...] = ()
    """What the evidence knew when they were last weighed but its acts (``_acted``), and
    the marginals weighed then."""
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
                    lies = np.exp([_lies(extra - w, first)
                                   for w in range(claimed.bit_count() + 1)])
                    picked = lies[self.claimants(size, claimed)]
                    factor = picked if factor is None else factor * picked
            self.penalties[key] = factor
        return self.penalties[key]


INCREMENTAL = 16
"""Potentials changed since the last weighing (a vote moves up to three) up to which the
weights are updated rather than summed again (on many sets, one per 200 of them)."""


DRIFT = 100.0
"""How far (in log-weight) the kept weights may move before they are summed afresh:
far enough below the top that a set's weight underflowed to zero stays negligible."""


REBASE = 4
"""Kept weights serve a world with more seats known while it has at least a quarter
of their sets (past that, summing its own sets afresh is cheaper)."""


SAME = 1e-9
"""Potentials nearer than this are the same (summed in other orders)."""


TRACE = 1e-200
"""A largest kept weight below this, once sets are ruled out, is summed afresh."""


def _project(world: Worlds, acts: _Acts, extras: dict[int, float]) -> NDArray[np.float64]:
    """The flat potential vector over ``world``'s open seats (as ``_Potentials`` lays it
    out) of the acts over seats and the extra unary terms."""
    pairs, units, unary_at, pair_at, wolves_at = _laid(world.open, world.must, acts.stride)
    pair = np.frombuffer(acts.pair)
    unary = np.frombuffer(acts.unary)[units]
    if wolves_at is not None:  # a term with a sure wolf is the other seat's
        unary += pair[wolves_at].sum(axis=1)
    for seat, value in extras.items():
        unary[world.open.index(seat)] += value
    flat = np.zeros((len(world.open) + 1) ** 2)
    flat[pair_at] = pair[pairs]
    flat[unary_at] = unary
    return flat


Laid = tuple[NDArray[np.intp], NDArray[np.intp], NDArray[np.intp], NDArray[np.intp],
             NDArray[np.intp] | None]


@lru_cache(maxsize=256)
def _laid(seats: tuple[int, ...], wolves: frozenset[int], stride: int) -> Laid:
    """Where ``_project`` reads and writes: the seat pairs (over seats) and the seats of
    the open pairs and seats, their places in the flat vector, and per open seat its
    pairs with the sure ``wolves``."""
    n = len(seats)
    at = np.array(seats, dtype=np.intp)
    first, second = np.triu_indices(n, 1)
    low, high = np.minimum(at[first], at[second]), np.maximum(at[first], at[second])
    sure = np.array(sorted(wolves), dtype=np.intp)
    with_wolves = (np.minimum.outer(at, sure) * stride + np.maximum.outer(at, sure)
                   if wolves else None)
    return (low * stride + high, at, np.arange(1, n + 1, dtype=np.intp) * (n + 2),
            (first + 1) * (n + 1) + second + 1, with_wolves)


def _weigh_large(ev: Evidence, world: Worlds, muted: frozenset[int], wolves: frozenset[int],
                 first: float, *, pairs: bool) -> Marginals:
    """``weigh`` on a large table: the same sums over the same sets, on arrays (equal to
    the list path's up to rounding), from weights kept on ``ev`` (``Logs``) when they
    cover ``world``, else summed afresh for it."""
    last, seers, sole = ev.logs, *_seers(ev)
    stamp = (world, ev.facts, len(ev.claim_day), len(ev.checks), len(ev.liars),
             len(ev.night_dead), len(ev.victims), len(ev.reactive), len(ev.seen_good))
    if last is not None and last.stamp == stamp and _acted(ev, last, muted, seers, sole):
        if last.weighed is None or (pairs and not last.weighed[0]):
            last.weighed = (pairs, _weigh_arrays(
                world, last, _extras(ev, last.world, muted, wolves)[1], first, pairs=pairs))
        return last.weighed[1]
    if ev.table is not None and ev.table.logs is not None and ev.table.logs.covers(world):
        last = ev.table.logs.copy()  # a seat's belief starts from the table's, kept current
    base = last.world if last is not None and last.covers(world) else world
    acts = _scores(ev, muted, seers, sole).weigh
    assert isinstance(acts, _Acts)
    while True:
        extras, groups = _extras(ev, base, muted, wolves)
        potential = _project(base, acts, extras)
        logs = _kept(last, base, potential) if last is not None else None
        if logs is not None and logs.rule(world):
            break
        if base is world:
            logs = _fresh(world, potential)
            break
        base = world
    ev.logs, logs.stamp = logs, stamp
    logs.weighed = (pairs, _weigh_arrays(world, logs, groups, first, pairs=pairs))
    return logs.weighed[1]


def _acted(ev: Evidence, last: Logs, muted: frozenset[int], seers: list[int],
           sole: int | None) -> bool:
    """Update the kept weights with the acts since the last weighing when nothing else
    moved (the same worlds, readings and extra terms: only votes, accusations and
    vouches came), without laying every potential out anew (none moved: the last
    marginals stand); False when too many potentials moved or too far (the caller goes
    the whole way)."""
    scores = ev.scores
    if scores is None or scores.key[0] != muted:
        return False
    _count_votes(ev, scores)
    delta, touched = _Potentials(ev.players, last.world, muted), set[int]()
    acts = scores.weigh
    for a, b, f in _acts(ev, seers, sole, scores, kept=True):
        acts.act(a, b, f)
        delta.act(a, b, f)
        touched.update(delta.entries(a, b))
    moved = [(e, delta.pot[e]) for e in touched if delta.pot[e]]
    drift = last.drift + sum(abs(change) for _, change in moved)
    if len(moved) > max(INCREMENTAL, last.count // 200) or drift > DRIFT:
        return False
    if moved:
        potential = last.potential.copy()
        for e, change in moved:
            factor = math.exp(change)
            for layout, weights in zip(last.layouts, last.weights, strict=True):
                weights[layout.holding(e)] *= factor
            potential[e] += change
        last.potential, last.drift, last.weighed = potential, drift, None
    return True


def _kept(last: Logs, base: Worlds, potential: NDArray[np.float64]) -> Logs | None:
    """The last weighing's weights for ``base``, updated with the potentials that moved
    (multiplying the sets each change counts in by its factor), unless they were laid
    out otherwise, or too many moved or too far."""
    if last.world != base:
        return None
    moved = np.flatnonzero(np.abs(potential - last.potential) > SAME)
    changes = potential[moved] - last.potential[moved]
    drift = last.drift + float(np.abs(changes).sum())
    if len(moved) > max(INCREMENTAL, last.count // 200) or drift > DRIFT:
        return None
    for e, factor in zip(moved.tolist(), np.exp(changes).tolist(), strict=True):
        for layout, weights in zip(last.layouts, last.weights, strict=True):
            weights[layout.holding(e)] *= factor
    last.potential, last.drift = potential, drift
    return last


def _fresh(world: Worlds, potential: NDArray[np.float64]) -> Logs:
    """Each set's weight from its summed potentials, per pack size of ``world``."""
    layouts = [dense(len(world.open), wolves) for wolves, _ in world.sizes]
    logs = [potential[layout.terms].sum(axis=0) + math.log(layout.scale) for layout in layouts]
    shifts = [float(summed.max()) for summed in logs]
    return Logs(world, layouts, potential,
                [np.exp(summed - shift) for summed, shift in zip(logs, shifts, strict=True)],
                shifts)


def _weigh_arrays(world: Worlds, logs: Logs, groups: Groups, first: float, *,
                  pairs: bool) -> Marginals:
    """The marginals of ``world`` from the weights ``logs`` kept for it (or for the
    world it narrows: its pack sizes are theirs less the wolves since known)."""
    base = logs.world
    extra = len(world.must) - len(base.must)
    index = {k: size for size, (k, _) in enumerate(base.sizes)}
    scaled = [(index[k + extra], prior + logs.shifts[index[k + extra]])
              for k, prior in world.sizes]
    top = max(log for _, log in scaled)
    weighed: list[tuple[Layout, NDArray[np.float64]]] = []
    for size, log in scaled:
        factor = logs.penalty(size, groups, first)
        weights = logs.weights[size]  # kept weights change later: a joint needs a copy
        final = (weights.copy() if pairs else weights) if factor is None else weights * factor
        if log != top:
            final = final * math.exp(log - top)
        weighed.append((logs.layouts[size], final))
    rows = None if world.open == base.open else _rows(base.open, world.open)
    layout, weights = weighed[0]
    single, total = layout.held @ weights, float(weights.sum())
    for layout, weights in weighed[1:]:
        single, total = single + layout.held @ weights, total + float(weights.sum())
    holders = any(wolves > 0 for wolves, _ in world.sizes)
    return Marginals(
        world.must, total,
        dict(zip(world.open, (single if rows is None else single[rows]).tolist(),
                 strict=True)) if holders else {},
        _Joint(base.open, world.open, rows, weighed) if pairs else partial(_with, {}))


@lru_cache(maxsize=256)
def _rows(laid: tuple[int, ...], seats: tuple[int, ...]) -> list[int]:
    """Where each of ``seats`` is among ``laid``."""
    return [laid.index(seat) for seat in seats]
